"""What the statistics say in words, the same on the statistics screen and in `wordle-tui stats`:
whose win a game's win % is, what its chart counts, and what the chart leaves out."""

from __future__ import annotations

from ..history import SCORE_EVERY_GAME, Stats
from ..plural import plural
from .catalog import find

# Their wins are the computer's: your word found.
COMPUTER_GUESSES = ("jotto-computer", "jotto-positions-computer")


def chart_caption(game: str) -> str:
    """What a game's chart counts (its statistics heading; a guess distribution if none)."""
    entry = find(game)
    heading = entry.stats.heading if entry is not None and entry.stats is not None else None
    return heading or "Guess distribution"


def unfinished(stats: Stats) -> str:
    """Jotto the other way round: the games in which the computer did not find your word."""
    return plural(stats.played - stats.wins, "word") + " left unfinished"


def empty_chart(stats: Stats) -> str:
    """What an empty chart says: no games at all, or which games it does not count."""
    left_out = stats.played - sum(stats.distribution.values())
    if not stats.played or left_out <= 0:
        return "No games yet."
    if stats.game in COMPUTER_GUESSES:
        return f"No word of yours found yet: {unfinished(stats)}."
    if stats.game in SCORE_EVERY_GAME:
        return f"No finished game to chart: {plural(left_out, 'game')} abandoned."
    return f"No win to chart yet: {plural(left_out, 'game')} lost or abandoned."
