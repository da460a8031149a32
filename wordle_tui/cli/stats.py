"""`wordle-tui stats`: your statistics per game, from the history."""

from __future__ import annotations

from typing import Annotated

import typer

from .common import JsonOpt, choose, emit_json, err, out

OnlyGameOpt = Annotated[str | None, typer.Option("--game", "-g", help="Only this game.")]


def stats(game: OnlyGameOpt = None, as_json: JsonOpt = False) -> None:
    """Your statistics: played, win %, streaks and the guess distribution."""
    from ..history import GAMES, History

    games = (choose(game, GAMES, "game"),) if game else GAMES
    history = History()
    if history.notice:
        err.print(history.notice, markup=False, soft_wrap=True)
    found = [history.stats(g) for g in games]
    if as_json:
        emit_json(found[0].as_dict() if game else [s.as_dict() for s in found])
        return
    print_stats([s for s in found if s.played] or found[:1])


def print_stats(shown: list) -> None:
    """A line and a guess histogram per game."""
    from ..render import histogram_table

    for s in shown:
        out.print(
            f"[b]{s.game}[/b]: played {s.played}, win {s.win_percent}%, "
            f"current streak {s.current_streak}, max streak {s.max_streak}"
        )
        if s.distribution:
            highlight = s.last_score if s.last_won else None
            out.print(histogram_table(s.distribution, highlight=highlight, width=30))
        out.print()
