"""The assistant judged on the real games: every NYT puzzle of a record played by following the
assistant's first suggestion from the empty board, with the prior as it stood the day before.

A game is played exactly as a user of `wordle-tui suggest ROWS... --puzzle N --budget 0` would:
the first suggestion is played, the NYT's colours are added as a row, and so on until the row
is all green (beyond six rows if it comes to that, so a lost game still counts its guesses).
Games are independent, so they are shared out over processes.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..matrix import reply_matrix
from ..nyt.history import AnswerHistory, Puzzle
from ..replies import reply_for

if TYPE_CHECKING:
    from ..listsets import WordListSet

ROW_LIMIT = 20  # a game still unsolved after this many rows is a bug, not a long game
WIN = "GGGGG"


@dataclass(frozen=True)
class ReplayedGame:
    """One puzzle as the assistant played it."""

    number: int
    word: str
    rows: tuple[tuple[str, str], ...]  # (guess, pattern)

    @property
    def guesses(self) -> int:
        return len(self.rows)

    def as_dict(self) -> dict:
        """Plain data for JSON: rows as `word:pattern`."""
        return {
            "number": self.number,
            "word": self.word,
            "guesses": self.guesses,
            "rows": [f"{w}:{p}" for w, p in self.rows],
        }


@dataclass(frozen=True)
class Replay:
    """Every game of a record, and what they add up to."""

    games: tuple[ReplayedGame, ...]
    prior: str
    lists: str
    hard: bool

    @property
    def mean(self) -> float:
        return sum(g.guesses for g in self.games) / max(len(self.games), 1)

    @property
    def worst(self) -> int:
        return max((g.guesses for g in self.games), default=0)

    @property
    def over_six(self) -> int:
        return sum(g.guesses > 6 for g in self.games)

    @property
    def distribution(self) -> dict[int, int]:
        """How many games took each number of guesses."""
        return dict(sorted(Counter(g.guesses for g in self.games).items()))

    def last(self, n: int) -> Replay:
        """The same figures over the last `n` games only."""
        return Replay(self.games[-n:], self.prior, self.lists, self.hard)

    def as_dict(self) -> dict:
        """Plain data for JSON."""
        return {
            "strategy": "assistant",
            "prior": self.prior,
            "lists": self.lists,
            "hard": self.hard,
            "games": len(self.games),
            "mean": round(self.mean, 4),
            "worst": self.worst,
            "over_six": self.over_six,
            "distribution": {str(k): v for k, v in self.distribution.items()},
            "per_game": [g.as_dict() for g in self.games],
        }


def play_puzzle(
    puzzle: Puzzle, prior: str, lists: WordListSet, history: AnswerHistory, hard: bool = False
) -> ReplayedGame:
    """Play one puzzle by the assistant's first suggestion, until the row is all green."""
    from .engine import Assistant

    helper = Assistant(
        hard=hard,
        prior=prior,
        lists=lists,
        puzzle=puzzle.number,
        history=history,
        max_rows=ROW_LIMIT,
    )
    while not helper.solved:
        if len(helper.rows) >= ROW_LIMIT:
            raise RuntimeError(f"puzzle #{puzzle.number} not solved in {ROW_LIMIT} rows")
        guess = helper.suggest(1, use_cache=False)[0].word
        helper.add(guess, reply_for(guess, puzzle.word))
    return ReplayedGame(puzzle.number, puzzle.word, tuple(helper.rows))


def _play_many(args: tuple) -> list[ReplayedGame]:
    puzzles, prior, lists, history, hard = args
    return [play_puzzle(p, prior, lists, history, hard) for p in puzzles]


def replay(
    puzzles: Sequence[Puzzle],
    prior: str,
    lists: WordListSet,
    history: AnswerHistory,
    hard: bool = False,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Replay:
    """Play every puzzle (in parallel over `workers` processes); `progress(n)` as games end."""
    workers = max(1, min(workers or os.cpu_count() or 1, len(puzzles) or 1))
    batches = [list(puzzles[i : i + 10]) for i in range(0, len(puzzles), 10)]
    games: list[ReplayedGame] = []
    _warm(prior, lists, history, hard)  # the matrix is built once, then read from disk
    if workers == 1:
        for batch in batches:
            games += _play_many((batch, prior, lists, history, hard))
            if progress:
                progress(len(batch))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            jobs = [(b, prior, lists, history, hard) for b in batches]
            for batch in pool.map(_play_many, jobs):
                games += batch
                if progress:
                    progress(len(batch))
    games.sort(key=lambda g: g.number)
    return Replay(tuple(games), prior, lists.name, hard)


def _warm(prior: str, lists: WordListSet, history: AnswerHistory, hard: bool) -> None:
    """Build and cache the reply matrix in this process before the games need it (a weighted
    prior's assistant alone would read it by columns, in every worker)."""
    from .engine import Assistant

    helper = Assistant(hard, prior, lists=lists, puzzle=history.last + 1, history=history)
    reply_matrix(helper.game)
