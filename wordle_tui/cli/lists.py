"""`wordle-tui lists`: the word-list sets, and adding or removing your own."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.table import Table
from rich.text import Text

from ..settings import Settings
from ..solver.listsets import WordListSet, add_set, all_sets, remove_set
from .boundary import BoundaryGroup
from .common import JsonOpt, emit_json, out

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


@lists_app.command("add")
def add(
    name: NameArg,
    answers: AnswersFileOpt,
    guesses: GuessesFileOpt = None,
    replace: ReplaceOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Check two word lists and keep a copy of them as a set (in the data folder)."""
    made = add_set(name, answers, guesses, replace=replace)
    if as_json:
        emit_json(made.as_dict())
        return
    out.print(f"Added the word-list set {made.summary()}.", markup=False, soft_wrap=True)
    for note in made.notes:
        out.print(f"Note: {note}.", markup=False, soft_wrap=True)
    out.print(f"Use it with --lists {made.name}, or choose it in the app.", soft_wrap=True)


@lists_app.command("remove")
def remove(name: NameArg) -> None:
    """Delete one of your sets (the shipped ones stay)."""
    remove_set(name)
    out.print(f"Removed the word-list set {name.strip().lower()!r}.", markup=False)
