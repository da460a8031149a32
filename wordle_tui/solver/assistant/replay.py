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

from ..choices import Prior
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
    tops: tuple[float, ...] = ()  # before each row: the chance given to the likeliest answer
    hits: tuple[bool, ...] = ()  # before each row: whether the likeliest answer was the answer

    @property
    def guesses(self) -> int:
        return len(self.rows)

    def as_dict(self) -> dict[str, object]:
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
    frozen: bool = False  # the record stayed as it was before the first game

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
        return Replay(self.games[-n:], self.prior, self.lists, self.hard, self.frozen)

    def calibration(self) -> list[Bin]:
        """Over every position of the games: the chance given to the likeliest answer, in
        tenths, against how often it was the answer."""
        bins = [Bin(i / 10, (i + 1) / 10) for i in range(10)]
        for g in self.games:
            for top, hit in zip(g.tops, g.hits, strict=True):
                bins[min(int(top * 10), 9)].add(top, hit)
        return bins

    def as_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "strategy": "assistant",
            "prior": self.prior,
            "lists": self.lists,
            "hard": self.hard,
            "frozen": self.frozen,
            "games": len(self.games),
            "mean": round(self.mean, 4),
            "worst": self.worst,
            "over_six": self.over_six,
            "distribution": {str(k): v for k, v in self.distribution.items()},
            "calibration": calibration_dict(self.calibration()),
            "per_game": [g.as_dict() for g in self.games],
        }


@dataclass
class Bin:
    """Positions whose likeliest answer was given a chance in [low, high)."""

    low: float
    high: float
    positions: int = 0
    stated: float = 0.0  # the chances given, summed
    right: int = 0  # how often the likeliest was the answer

    def add(self, chance: float, hit: bool) -> None:
        self.positions += 1
        self.stated += chance
        self.right += hit

    @property
    def mean_stated(self) -> float:
        return self.stated / self.positions if self.positions else 0.0

    @property
    def share_right(self) -> float:
        return self.right / self.positions if self.positions else 0.0

    @property
    def gap(self) -> float:
        """Stated minus right, in points (positive: overconfident)."""
        return 100 * (self.mean_stated - self.share_right)


def mean_gap(bins: Sequence[Bin]) -> float:
    """The bins' absolute gaps in points, weighted by their positions."""
    total = sum(b.positions for b in bins)
    return sum(abs(b.gap) * b.positions for b in bins) / total if total else 0.0


def calibration_dict(bins: Sequence[Bin]) -> dict[str, object]:
    """The calibration table as plain data."""
    return {
        "bins": [
            {
                "from": b.low,
                "to": b.high,
                "positions": b.positions,
                "stated": round(100 * b.mean_stated, 2),
                "right": round(100 * b.share_right, 2),
            }
            for b in bins
        ],
        "mean_gap": round(mean_gap(bins), 3),
    }


def play_puzzle(
    puzzle: Puzzle, prior: Prior, lists: WordListSet, history: AnswerHistory, hard: bool = False
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
    tops: list[float] = []
    hits: list[bool] = []
    while not helper.solved:
        if len(helper.rows) >= ROW_LIMIT:
            raise RuntimeError(f"puzzle #{puzzle.number} not solved in {ROW_LIMIT} rows")
        word, chance = helper.candidate_words()[0]
        tops.append(chance)
        hits.append(word == puzzle.word)
        guess = helper.suggest(1, use_cache=False)[0].word
        helper.add(guess, reply_for(guess, puzzle.word))
    return ReplayedGame(puzzle.number, puzzle.word, tuple(helper.rows), tuple(tops), tuple(hits))


def _play_many(
    args: tuple[list[Puzzle], Prior, WordListSet, AnswerHistory, bool],
) -> list[ReplayedGame]:
    puzzles, prior, lists, history, hard = args
    return [play_puzzle(p, prior, lists, history, hard) for p in puzzles]


def replay(
    puzzles: Sequence[Puzzle],
    prior: Prior | None,
    lists: WordListSet,
    history: AnswerHistory,
    hard: bool = False,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    frozen: bool = False,
) -> Replay:
    """Play every puzzle (in parallel over `workers` processes); `progress(n)` as games end.

    Each game knows the record up to the day before it, or with `frozen` only the puzzles of
    `history` before the first game (the record as it stood then, never brought up to date).
    With no prior named (None), the NYT's: what a replay measures, whatever the lists."""
    prior = Prior.NYT if prior is None else prior
    if frozen and puzzles:
        first = min(p.number for p in puzzles)
        history = AnswerHistory(tuple(p for p in history.puzzles if p.number < first))
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
            for played in pool.map(_play_many, jobs):
                games += played
                if progress:
                    progress(len(played))
    games.sort(key=lambda g: g.number)
    return Replay(tuple(games), prior, lists.name, hard, frozen)


def _warm(prior: Prior, lists: WordListSet, history: AnswerHistory, hard: bool) -> None:
    """Build and cache the reply matrix in this process before the games need it (a weighted
    prior's assistant alone would read it by columns, in every worker)."""
    from .engine import Assistant

    helper = Assistant(hard, prior, lists=lists, puzzle=history.last + 1, history=history)
    reply_matrix(helper.game)
