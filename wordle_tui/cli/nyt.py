"""The NYT's real games: `nyt history add|show`, `nyt update` (the days missing, fetched from
the NYT), and `report --strategy assistant --history` (the assistant replayed over every puzzle
of a record)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.table import Table

from ..plural import plural
from ..solver.choices import Prior
from .common import JsonOpt, assistant_lists, emit_json, err, fail, out, progress

nyt_app = typer.Typer(
    help="The NYT Wordle's real games: the record of its answers.", no_args_is_help=True
)
history_app = typer.Typer(help="The NYT's answers, puzzle by puzzle.", no_args_is_help=True)
nyt_app.add_typer(history_app, name="history")
LAST_SHOWN = 10
WorkersOpt = Annotated[
    int | None, typer.Option(min=1, max=64, help="Processes to play the games on (default: cores).")
]


@history_app.command("add", short_help="Add later puzzles to the record, every line checked.")
def history_add(
    file: Annotated[Path, typer.Argument(help="A TSV of number, date, word: one puzzle a line.")],
    as_json: JsonOpt = False,
) -> None:
    """Add later puzzles to the record (every line checked; nothing half-imported)."""
    from ..solver.nyt.history import add_history, load_history

    new, known = add_history(file)
    last = load_history().last
    if as_json:
        emit_json({"added": new, "already_known": known, "last": last})
        return
    out.print(
        f"Added {plural(new, 'puzzle')} ({known:,} already known); the record now ends at "
        f"#{last:,}.",
        soft_wrap=True,
    )


@history_app.command("show")
def history_show(
    last: Annotated[int, typer.Option(min=1, max=100_000, help="How many puzzles.")] = LAST_SHOWN,
    as_json: JsonOpt = False,
) -> None:
    """The last puzzles of the record (shipped and added), newest last."""
    from ..solver.nyt.history import load_history

    history = load_history()
    shown = history.puzzles[-last:]
    if as_json:
        emit_json(
            {
                "last": history.last,
                "puzzles": [
                    {
                        "number": p.number,
                        "date": p.date.isoformat(),
                        "word": p.word,
                        "source": p.source,
                    }
                    for p in shown
                ],
            }
        )
        return
    table = Table(box=box.SIMPLE_HEAD, title=f"the NYT's answers, up to #{history.last:,}")
    for heading in ("#", "date", "answer", "source", "before"):
        table.add_column(heading, justify="right" if heading == "#" else "left")
    for p in shown:
        earlier = history.answered(p.word, before=p.number)
        table.add_row(
            f"{p.number:,}",
            p.date.isoformat(),
            p.word.upper(),
            p.source,
            ", ".join(f"#{e.number:,}" for e in earlier),
        )
    out.print(table)


@nyt_app.command("update", short_help="Fetch the answers missing from the record, up to yesterday.")
def update(
    source: Annotated[
        str,
        typer.Option(
            metavar="URL",
            help="Where the days' files are (default: the NYT's): a URL with {date} "
            "(YYYY-MM-DD), or a base URL that DATE.json follows.",
        ),
    ] = "",
    timeout: Annotated[
        float, typer.Option(min=0.1, max=120, help="Seconds for each day's file.")
    ] = 10.0,
    as_json: JsonOpt = False,
) -> None:
    """Fetch each puzzle missing from the record, up to yesterday's (never today's), from the
    NYT's public file of the day; check each; keep the sound ones in one go."""
    from ..solver.nyt.update import NYT_URL, update_record

    with progress("fetching the NYT's answers") as bar:
        result = update_record(source or NYT_URL, timeout, bar)
    report_update(result, as_json)
    if result.interrupted:
        raise KeyboardInterrupt  # the boundary: one line, exit 130
    if result.failed and not result.added:
        raise typer.Exit(2)


def report_update(result, as_json: bool) -> None:
    """What `nyt update` added, what it could not fetch, and whether Ctrl-C stopped it."""
    from ..solver.nyt.history import load_history
    from ..solver.nyt.update import GIVE_UP

    last = load_history().last
    if as_json:
        failed = [{"number": n, "reason": why} for n, why in sorted(result.failed)]
        emit_json(
            {
                "added": result.added,
                "last": last,
                "failed": failed,
                "left": result.left,
                "gave_up": result.gave_up,
                "interrupted": result.interrupted,
            }
        )
    else:
        out.print(
            f"Added {plural(result.added, 'puzzle')} from the NYT; the record now ends at "
            f"#{last:,}.",
            soft_wrap=True,
        )
    if result.interrupted:
        err.print(
            "Interrupted: the days fetched and checked before Ctrl-C are kept.", soft_wrap=True
        )
    if result.failed:
        result.failed.sort()
        err.print(result.failures(), markup=False, soft_wrap=True)
    if result.left:
        why = f"no reply for {GIVE_UP} days in a row: stopped; " if result.gave_up else ""
        err.print(
            f"{why}{plural(result.left, 'more day')} to fetch: run `wordle-tui nyt update` again.",
            markup=False,
            soft_wrap=True,
        )


def assistant_report(
    history_file: Path | None,
    prior: Prior | None,
    lists: str | None,
    hard: bool,
    frozen: bool,
    workers: int | None,
    last: int,
    as_json: bool,
) -> None:
    """Replay every puzzle of a record by the assistant's first suggestion; print the figures
    and how well its chances were calibrated."""
    from ..solver.assistant.replay import replay
    from ..solver.nyt.history import AnswerHistory, load_history, merge, read_history_file

    if history_file is None:
        fail("--strategy assistant plays the puzzles of a record: give --history FILE")
    puzzles = read_history_file(history_file)
    if not puzzles:
        fail(f"{history_file}: no puzzles in the file")
    known = load_history()
    history = AnswerHistory(tuple(merge(list(known.puzzles), puzzles, str(history_file))))
    chosen = assistant_lists(lists)
    with progress(f"playing {plural(len(puzzles), 'puzzle')}") as bar:
        done = 0

        def step(n: int) -> None:
            nonlocal done
            done += n
            bar(done, len(puzzles))

        result = replay(puzzles, prior, chosen, history, hard, workers, step, frozen)
    if as_json:
        data = result.as_dict()
        if last and len(result.games) > last:
            tail = result.last(last)
            data["last"] = {
                "games": last,
                "mean": round(tail.mean, 4),
                "worst": tail.worst,
                "over_six": tail.over_six,
            }
        emit_json(data)
        return
    print_replay(result, last)


def print_replay(result, last: int) -> None:
    """The replay's figures: mean, worst, games over six, the distribution."""
    record = "the record as it stood before the first" if result.frozen else "learnt day by day"
    out.print(
        f"assistant ({result.prior} prior, {result.lists} lists"
        f"{', hard mode' if result.hard else ''}; {record}) on "
        f"{plural(len(result.games), 'NYT puzzle')}",
        soft_wrap=True,
    )
    out.print(
        f"mean {result.mean:.4f} guesses, worst {result.worst}, over six: {result.over_six:,}",
        soft_wrap=True,
    )
    if last and len(result.games) > last:
        tail = result.last(last)
        out.print(
            f"the last {last:,}: mean {tail.mean:.4f}, worst {tail.worst}, "
            f"over six: {tail.over_six:,}",
            soft_wrap=True,
        )
    most = max(result.distribution.values(), default=1)
    for guesses, count in result.distribution.items():
        bar = "█" * max(1, round(40 * count / most))
        out.print(f"{guesses:>2} {bar} {count:,}")
    out.print(calibration_table(result.calibration()))
    worst = [g for g in result.games if g.guesses > 6]
    for g in worst:
        err.print(f"over six: #{g.number:,} {g.word.upper()} in {g.guesses}", soft_wrap=True)


def calibration_table(bins) -> Table:
    """The chance given to the likeliest answer, by tenths, against how often it was right."""
    from ..solver.assistant.replay import mean_gap

    table = Table(
        box=box.SIMPLE_HEAD,
        title="the likeliest answer's chance, before each row",
        caption=f"mean gap, weighted by positions: {mean_gap(bins):.2f} points",
    )
    for heading in ("chance", "positions", "stated", "right", "gap"):
        table.add_column(heading, justify="left" if heading == "chance" else "right")
    for b in bins:
        if b.positions:
            table.add_row(
                f"{100 * b.low:.0f}-{100 * b.high:.0f}%",
                f"{b.positions:,}",
                f"{100 * b.mean_stated:.1f}%",
                f"{100 * b.share_right:.1f}%",
                f"{b.gap:+.1f}",
            )
    return table
