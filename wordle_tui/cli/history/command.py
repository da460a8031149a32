"""`wordle-tui history export|import`: finished games out to CSV or JSON, and back in, checked.

The command parses, opens the history (in the data folder, or `--data-dir`'s), and renders:
the records' form is `history.exchange`'s, the rules each imported game is checked against
`gameplay.records`'. An import is all or nothing: one bad game (each is named by its line)
and nothing is added; the games are written in one transaction, or, if the history cannot
take them now (locked, full, not ours), none is and the command says why.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..boundary import BoundaryGroup
from ..common import JsonOpt, choose, emit_json, err, fail, out, progress, write_stdout

if TYPE_CHECKING:
    from ...history import History

history_app = typer.Typer(
    cls=BoundaryGroup,
    help="Your finished guessing games out to CSV or JSON, and back in, each game checked.",
    rich_markup_mode=None,
)
FormatOpt = Annotated[str, typer.Option("--format", help="csv or json.")]
OutOpt = Annotated[
    Path | None, typer.Option("--out", help="Write to this file (default: standard output).")
]
GameOpt = Annotated[
    str | None, typer.Option("--game", "-g", help="Only this game (wordle, nyt, evil, ...).")
]
FileArg = Annotated[Path, typer.Argument(help="A CSV (or JSON) file of games, as exported.")]
DryRunOpt = Annotated[bool, typer.Option("--dry-run", help="Check the games; import nothing.")]
SHOWN_PROBLEMS = 50  # bad games listed one a line; the rest are counted


def open_history() -> History:
    """The history of the data folder; what is wrong with it, if anything, said on stderr."""
    from ...history import History

    history = History()
    if history.notice:
        err.print(history.notice, markup=False, soft_wrap=True)
    return history


@history_app.command("export", short_help="Your finished games as CSV or JSON.")
def export(fmt: FormatOpt = "csv", out_file: OutOpt = None, game: GameOpt = None) -> None:
    """Your finished games, one a line: game, variant, date, answer, guesses, rows (as
    SALET:..Y.G ROUND:GGGGG) and result. Wordle, NYT Wordle, Evil Wordle, Antiwordle, Jotto
    and Jotto with positions (other games are left out, and named); `history import` reads it
    back."""
    from ...gameplay.catalog import title
    from ...gameplay.records import IMPORTED, export_records
    from ...history.exchange import FORMATS, write_records
    from ...plural import plural

    fmt = choose(fmt, FORMATS, "format")
    chosen = choose(game, IMPORTED, "game") if game else None
    history = open_history()
    try:
        records, left_out = export_records(history, chosen)
    finally:
        history.close()
    text = write_records(records, fmt)
    if out_file is None:
        write_stdout(text)
    else:
        write_out(out_file, text)
        err.print(f"{plural(len(records), 'game')} written to {out_file}", markup=False)
    if left_out:
        kinds = ", ".join(sorted({title(g) for g in left_out}))
        err.print(
            f"{plural(len(left_out), 'game')} left out ({kinds}): their moves are not guesses "
            f"with replies ({', '.join(IMPORTED)} are)",
            markup=False,
            soft_wrap=True,
        )


def write_out(path: Path, text: str) -> None:
    """Write `text` to `path` atomically; a FIFO, device or folder in its place is refused."""
    from ...files import SHARED, FileProblem, atomic_write_bytes

    try:
        atomic_write_bytes(path, text.encode(), SHARED)
    except FileProblem:
        raise
    except OSError as error:
        fail(f"--out {path}: cannot write it ({error.strerror or error})")


@history_app.command("import", short_help="Add games from a CSV or JSON file, checked.")
def import_games(file: FileArg, dry_run: DryRunOpt = False, as_json: JsonOpt = False) -> None:
    """Add the games of a file (as `history export` writes it, or typed from the NYT's
    archive), each checked against its rules; one bad game and nothing is added. Games the
    history holds already (same game, date, answer and rows) are counted, not added again."""
    from ...files import read_text_file
    from ...gameplay.records import plan_import
    from ...history import HistoryUnwritable
    from ...history.exchange import MAX_IMPORT_BYTES, ExchangeError, read_records
    from ...plural import plural

    text = read_text_file(file, "history", max_bytes=MAX_IMPORT_BYTES)
    try:
        records = read_records(text)
    except ExchangeError as error:
        fail(f"{file}: {error}")
    history = open_history()
    try:
        with progress(f"checking {plural(len(records), 'game')}") as bar:
            plan = plan_import(records, history, bar)
        imported = 0
        if not plan.problems and not dry_run and plan.new:
            games = [(c.saved, c.result, c.score) for c in plan.new]
            try:
                imported = history.add_finished(games)
            except HistoryUnwritable as error:
                fail(f"{file}: nothing imported: the history cannot take the games now ({error})")
    finally:
        history.close()
    summary = {"file": str(file), "imported": imported, "dry_run": dry_run, **plan.summary()}
    if as_json:
        emit_json(summary)
        if plan.problems:
            raise typer.Exit(2)
        return
    if plan.problems:
        for problem in plan.problems[:SHOWN_PROBLEMS]:
            err.print(f"{file}, {problem}", markup=False, soft_wrap=True)
        more = len(plan.problems) - SHOWN_PROBLEMS
        if more > 0:
            err.print(f"... and {more:,} more", markup=False)
        bad = "bad line" if plan.problems[0].startswith("line") else "bad game"
        fail(f"{file}: {plural(len(plan.problems), bad)}; nothing imported")
    there = f"{plan.already:,} already there"
    if dry_run:
        out.print(f"{len(plan.new):,} to import, {there} (a dry run: nothing imported)")
    else:
        out.print(f"{imported:,} imported, {there}")
