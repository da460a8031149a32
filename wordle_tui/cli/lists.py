"""`wordle-tui lists`: the word-list sets, and adding or removing your own.

Unfinished games are saved with their set's name and resumed on its words. Replacing a set
keeps every game that can go on with the new words (all of them when the words are the same);
replacing it with words some cannot go on with, or removing it, is refused while such games
have moves, unless `--force`: they are then recorded as abandoned, never silently dropped.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.table import Table
from rich.text import Text

from ..gameplay.catalog import title
from ..history import History, SavedGame
from ..plural import plural
from ..settings import Settings
from ..solver.listsets import WordListSet, add_set, all_sets, check_name, remove_set
from .boundary import BoundaryGroup
from .common import JsonOpt, emit_json, err, fail, out

lists_app = typer.Typer(
    cls=BoundaryGroup,
    help="Word-list sets: the answers and guesses the games and reports use.",
    rich_markup_mode=None,
)
NameArg = Annotated[
    str, typer.Argument(metavar="NAME", help="The set's name: letters, digits, - and _.")
]
AnswersFileOpt = Annotated[
    Path, typer.Option("--answers", help="The answers file, one word a line.", show_default=False)
]
GuessesFileOpt = Annotated[
    Path | None,
    typer.Option(
        "--guesses",
        "--guess-list",
        help="The allowed guesses file (default: the answers are the guesses).",
    ),
]
ReplaceOpt = Annotated[bool, typer.Option("--replace", help="Replace a set of that name.")]
ForceOpt = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Even if unfinished games need the set's words: they are recorded as abandoned.",
    ),
]


@lists_app.callback(invoke_without_command=True)
def lists(ctx: typer.Context, as_json: JsonOpt = False) -> None:
    """The word-list sets, with their counts and fingerprints (no command: the table)."""
    if ctx.invoked_subcommand is None:
        show_sets(as_json)


def show_sets(as_json: bool) -> None:
    """Every set as a table (or JSON); a damaged set is listed with why."""
    found = all_sets()
    app_lists = Settings.load().lists
    if as_json:
        emit_json(
            {
                "app": app_lists,
                "sets": [
                    s.as_dict() if isinstance(s, WordListSet) else {"name": n, "error": str(s)}
                    for n, s in found
                ],
            }
        )
        return
    table = Table(
        title="Word-list sets",
        caption=f"The app plays with {app_lists} (l on the home screen changes it); "
        "every command takes --lists NAME",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
    )
    for heading in ("name", "answers", "guesses", "fingerprint", "what it is"):
        table.add_column(heading, justify="right" if heading in ("answers", "guesses") else "left")
    for name, s in found:
        if isinstance(s, WordListSet):
            about = Text(s.about)
            for note in s.notes:
                about.append(f"\n{note}", "dim")
            table.add_row(name, f"{len(s.answers):,}", f"{len(s.guesses):,}", s.fingerprint, about)
        else:
            table.add_row(name, "", "", "", Text(str(s), "red"))
    out.print(table)


@lists_app.command("add", short_help="Check two word lists and keep them as a set.")
def add(
    name: NameArg,
    answers: AnswersFileOpt,
    guesses: GuessesFileOpt = None,
    replace: ReplaceOpt = False,
    force: ForceOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Check two word lists and keep a copy of them as a set (in the data folder)."""
    from ..gameplay.session import give_up, stranded

    history = open_history()
    lost: list[SavedGame] = []

    def check(made: WordListSet) -> None:  # after the lists are read, before anything is kept
        lost.extend(stranded(history, made.name, made))
        refuse_unless(force, made.name, lost, "cannot go on with the new words", "replace")

    try:
        made = add_set(name, answers, guesses, replace=replace, check=check)
        abandoned = give_up(lost, history)
    finally:
        close_history(history)
    if as_json:
        emit_json({**made.as_dict(), "abandoned": abandoned})
        return
    out.print(f"Added the word-list set {made.summary()}.", markup=False, soft_wrap=True)
    if abandoned:
        out.print(
            f"Recorded {plural(abandoned, 'unfinished game')} on it as abandoned.", markup=False
        )
    for note in made.notes:
        out.print(f"Note: {note}.", markup=False, soft_wrap=True)
    out.print(f"Use it with --lists {made.name}, or choose it in the app.", soft_wrap=True)


@lists_app.command("remove")
def remove(name: NameArg, force: ForceOpt = False) -> None:
    """Delete one of your sets (the shipped ones stay)."""
    from ..gameplay.session import give_up, stranded

    cleaned = check_name(name)
    history = open_history()
    try:
        lost = stranded(history, cleaned, None)
        refuse_unless(force, cleaned, lost, "need its words", "remove")
        remove_set(cleaned)
        abandoned = give_up(lost, history)
    finally:
        close_history(history)
    out.print(f"Removed the word-list set {cleaned!r}.", markup=False)
    if abandoned:
        out.print(f"Recorded {plural(abandoned, 'unfinished game')} on it as abandoned.")


def refuse_unless(force: bool, name: str, games: list[SavedGame], why: str, verb: str) -> None:
    """Refuse to replace or remove set `name` while unfinished games with moves need it."""
    played = [saved for saved in games if saved.moves]
    if played and not force:
        kinds = ", ".join(sorted({title(saved.game) for saved in played}))
        fail(
            f"{plural(len(played), 'unfinished game')} on the word-list set {name!r} ({kinds}) "
            f"{why}: finish {'it' if len(played) == 1 else 'them'} first, or add --force to "
            f"{verb} the set anyway and record {'it' if len(played) == 1 else 'them'} as "
            "abandoned"
        )


def open_history() -> History:
    """The history, its start-up notice (if any) said on stderr."""
    history = History()
    if history.notice:
        err.print(history.notice, markup=False, soft_wrap=True)
    return history


def close_history(history: History) -> None:
    """Close the history; say if results could not be saved."""
    history.close()
    warning = history.pop_warning()
    if warning:
        err.print(warning, markup=False, soft_wrap=True)
