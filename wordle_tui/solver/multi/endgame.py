"""The exact end of a multi-board game: every guess valued by its chance to finish in time.

A position is the answers left on each unsolved board and the guesses left. A guess splits
every board by its reply; the boards' replies are taken as independent (each board's answer
equally likely among its own candidates), and each joint reply leads to a smaller position.
A guess is valued by (chance to solve every board within the guesses left, expected guesses
to the end), the first maximised, the second minimised; a lost line counts every guess left.
The guesses tried are the answers left plus a few of the heuristic's best (`pool`); the search
gives up (returns None) past `budget` positions, and the heuristic decides instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

import numpy as np

from .state import WIN

Boards = tuple[tuple[int, ...], ...]  # each unsolved board's answers left (target positions)
BUDGET = 20_000  # positions valued before the search gives up


class TooBig(Exception):
    """The search went past its budget."""


@dataclass(frozen=True)
class Valued:
    """A guess and its exact value from a position."""

    guess: int  # guess number in the game's guess list
    chance: float  # probability to solve every board within the limit
    expected: float  # expected guesses from here to the end

    def key(self) -> tuple[float, float]:
        """Sort key: best first (likelier to finish, then fewer guesses)."""
        return (-round(self.chance, 12), round(self.expected, 12))


class Endgame:
    """An exact search over a fixed pool of guesses, memoised by position."""

    def __init__(self, matrix: np.ndarray, pool: Sequence[int], answers: Sequence[int]) -> None:
        self.pool = list(pool)
        self.column = {t: k for k, t in enumerate(answers)}
        codes = matrix[np.ix_(np.asarray(self.pool), np.asarray(answers))]
        self.codes = codes.tolist()
        self.memo: dict[tuple[Boards, int], tuple[float, float]] = {}
        self.budget = BUDGET

    def rank(self, boards: Boards, left: int) -> list[Valued]:
        """Every pool guess valued from this position, best first (TooBig past the budget)."""
        boards = normal(boards)
        valued = []
        for g in range(len(self.pool)):
            value = self._guess_value(g, boards, left, None)
            if value is not None:
                valued.append(Valued(self.pool[g], *value))
        valued.sort(key=lambda v: (*v.key(), v.guess))
        return valued

    def value(self, boards: Boards, left: int) -> tuple[float, float]:
        """(chance to finish, expected guesses) of a position, played at best."""
        if not boards:
            return 1.0, 0.0
        if left < len(boards):  # each guess solves one board at most
            return 0.0, float(left)
        key = (boards, left)
        found = self.memo.get(key)
        if found is not None:
            return found
        if len(self.memo) >= self.budget:
            raise TooBig
        best: tuple[float, float] | None = None
        for g in range(len(self.pool)):
            value = self._guess_value(g, boards, left, best)
            if value is not None and (best is None or better(value, best)):
                best = value
        best = best or (0.0, float(left))
        self.memo[key] = best
        return best

    def _guess_value(
        self, g: int, boards: Boards, left: int, best: tuple[float, float] | None
    ) -> tuple[float, float] | None:
        """The value of pool guess `g` (None if it cannot help or cannot beat `best`)."""
        row = self.codes[g]
        splits, hit, useful = [], 0.0, False
        for board in boards:
            groups: dict[int, list[int]] = {}
            for t in board:
                groups.setdefault(row[self.column[t]], []).append(t)
            n = len(board)
            split = [(len(ts) / n, code == WIN, tuple(ts)) for code, ts in groups.items()]
            useful = useful or len(split) > 1 or split[0][1]
            hit += sum(p for p, won, _ in split if won)
            splits.append(split)
        if not useful:
            return None
        if best is not None and best[0] >= 1.0 and 1 + len(boards) - hit >= best[1] - 1e-12:
            return None  # even solving every board after it in one guess each is no better
        chance = expected = 0.0
        for outcome in product(*splits):
            p = 1.0
            for part, _, _ in outcome:
                p *= part
            rest = normal(tuple(ts for _, won, ts in outcome if not won))
            c, e = self.value(rest, left - 1)
            chance += p * c
            expected += p * e
        return chance, 1.0 + expected


def normal(boards: Boards) -> Boards:
    """Boards in a canonical order (a position does not depend on which board is which)."""
    return tuple(sorted(boards))


def better(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether value `a` beats `b`: likelier to finish, then fewer guesses expected."""
    if abs(a[0] - b[0]) > 1e-12:
        return a[0] > b[0]
    return a[1] < b[1] - 1e-12
