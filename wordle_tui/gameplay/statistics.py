"""What the statistics say in words, the same on the statistics screen and in `wordle-tui stats`:
whose win a game's win % is, what its chart counts, and what the chart leaves out."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

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


@dataclass(frozen=True)
class BoardTally:
    """A multi-board game's boards over its finished games: how many, how many solved."""

    games: int = 0
    boards: int = 0
    solved: int = 0
    every_board: int = 0  # games with every board solved

    def as_dict(self) -> dict:
        return asdict(self)


def solved_boards(row: dict) -> tuple[int, int]:
    """A finished multi-board game's boards and the boards it solved (from its stored moves:
    each word with every board's reply, comma separated)."""
    boards = len((row.get("target") or "").split(","))
    moves = json.loads(row["moves"]) if isinstance(row["moves"], str) else row["moves"]
    solved = set()
    for _, replies in moves:
        solved |= {b for b, reply in enumerate(str(replies).split(",")) if reply == "GGGGG"}
    return boards, len(solved)


def board_tally(rows: list[dict]) -> BoardTally:
    """The boards of these finished multi-board games, and how many were solved."""
    games = boards = solved = every = 0
    for row in rows:
        total, won = solved_boards(row)
        games, boards, solved = games + 1, boards + total, solved + won
        every += won == total
    return BoardTally(games, boards, solved, every)


def boards_line(tally: BoardTally) -> str:
    """The boards solved over every game, in words."""
    if not tally.games:
        return "No boards played yet."
    share = round(100 * tally.solved / tally.boards) if tally.boards else 0
    return (
        f"Boards solved: {tally.solved:,} of {tally.boards:,} ({share}%) · "
        f"every board in {plural(tally.every_board, 'game')} of {tally.games:,}"
    )
