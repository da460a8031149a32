"""`wordle-tui stats`: your statistics per game, from the history."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ..solver.choices import WordleGame
from .common import JsonOpt, choose, emit_json, err, out

if TYPE_CHECKING:
    from ..gameplay.daily import DailyStats
    from ..history import Stats

# The catalog's `stats_names()`, spelt out so that --help needs no catalog (a test checks it).
STATS_GAMES = (
    "wordle, nyt, evil, antiwordle, jotto, jotto-computer, jotto-positions, "
    "jotto-positions-computer, ghost, adversary, dordle, quordle, octordle, sedecordle, "
    "duotrigordle, "
    "mastermind or mastermind-computer"
)
OnlyGameOpt = Annotated[
    str | None, typer.Option("--game", "-g", help=f"Only this game: {STATS_GAMES}.")
]


def stats(game: OnlyGameOpt = None, as_json: JsonOpt = False) -> None:
    """Your statistics: played, win %, streaks and the guess distribution (Wordle's with the
    daily puzzles' line, as the app shows it)."""
    from dataclasses import asdict

    from ..gameplay.catalog import stats_names
    from ..gameplay.daily import daily_stats
    from ..gameplay.statistics import board_tally
    from ..history import History
    from ..solver.multi.variants import MULTI_NAMES

    names = stats_names()  # the catalog's games that keep statistics
    games = (choose(game, names, "game"),) if game else names
    history = History()
    if history.notice:
        err.print(history.notice, markup=False, soft_wrap=True)
    found = [history.stats(g) for g in games]
    daily = daily_stats(history.finished("wordle")) if WordleGame.WORDLE in games else None
    boards = {g: board_tally(history.finished(g)) for g in games if g in MULTI_NAMES}
    if as_json:
        data = [
            s.as_dict()
            | (
                {"daily": asdict(daily)}
                if s.game == WordleGame.WORDLE and daily is not None
                else {}
            )
            | ({"boards": boards[s.game].as_dict()} if s.game in boards else {})
            for s in found
        ]
        emit_json(data[0] if game else data)
        return
    print_stats([s for s in found if s.played] or found[:1], daily, boards)


def print_stats(
    shown: list[Stats], daily: DailyStats | None = None, boards: dict | None = None
) -> None:
    """Per game, under its title: a line, a captioned histogram (or what it leaves out), and
    after Wordle's line the daily puzzles' line, after a multi-board game's its boards solved,
    as the app shows them."""
    from rich.markup import escape

    from ..gameplay.catalog import title
    from ..gameplay.statistics import (
        COMPUTER_GUESSES,
        boards_line,
        chart_caption,
        empty_chart,
        unfinished,
    )
    from ..plural import plural
    from ..render import histogram_table

    for s in shown:
        if s.game in COMPUTER_GUESSES:
            rest = f" ({unfinished(s)})" if s.played > s.wins else ""
            line = f"played {s.played}, the computer found your word in {s.win_percent}%{rest}"
        else:
            line = (
                f"played {s.played}, win {s.win_percent}%, "
                f"current streak {s.current_streak}, max streak {s.max_streak}"
            )
        out.print(f"[b]{escape(title(s.game))}[/b] — {line}")
        if s.game == WordleGame.WORDLE and daily is not None:
            out.print(
                f"daily puzzle: {plural(daily.played, 'day')} played, {daily.wins} won, "
                f"daily streak {plural(daily.current_streak, 'day')}, best {daily.max_streak}"
            )
        if boards and s.game in boards and s.played:
            out.print(boards_line(boards[s.game]), markup=False)
        if s.distribution:
            highlight = s.last_score if s.last_won else None
            out.print(escape(chart_caption(s.game)), style="italic")  # a caption of its own
            out.print(histogram_table(s.distribution, highlight=highlight, width=30))
        elif s.played:
            out.print(empty_chart(s), markup=False)
        out.print()
