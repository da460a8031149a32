"""The exact search for Mastermind's optimum: the shared `PositionSearch`, told two things.

- Symmetry: a swap of colours or places that keeps the secrets left makes two guesses alike,
  so only the lowest of each class is searched (`symmetry`); at the start, one guess per
  pattern of repeats (1111, 1112, 1122, 1123, 1234 for 4 pegs).
- A stronger bound: a guess splits a group into at most as many groups as there are replies
  besides the win, so a group of n codes needs at least 1 + 2 (R) + 3 (R^2) ... guesses in all.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from ..games import Game
from ..matrix import reply_matrix
from ..metrics import group_stats
from ..search.position import PositionSearch, distinct_rows
from .symmetry import Symmetries


def least_totals(n: int, replies: int) -> np.ndarray:
    """The least total guesses for groups of 0..n codes when a guess makes at most `replies`
    groups besides the win: one found with the first guess, `replies` with the second, ..."""
    out = np.zeros(n + 1, dtype=np.int64)
    depth, room, left_in_level, total = 1, 1, 1, 0
    for size in range(1, n + 1):
        if left_in_level == 0:
            depth, room = depth + 1, room * replies
            left_in_level = room
        total += depth
        left_in_level -= 1
        out[size] = total
    return out


def non_win_replies(pegs: int) -> int:
    """How many replies other than the win a guess can get (b + w <= P, never P-1 black 1 white)."""
    return (pegs + 1) * (pegs + 2) // 2 - 2


class OptimalSearch(PositionSearch):
    """The exact search for the fewest guesses in total (see the module)."""

    def __init__(
        self, game: Game, max_guesses: int, cancel: Callable[[], bool] | None = None
    ) -> None:
        super().__init__(game, reply_matrix(game), False, max_guesses, cancel)
        self.least = least_totals(len(game.targets), non_win_replies(len(game.targets[0])))
        self.symmetries = Symmetries(game)

    def ranked(
        self, targets: np.ndarray, legal: np.ndarray | None, depth: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """One guess per class of alike guesses and per distinct reply row, by lower bound."""
        ids = self.symmetries.representatives(targets)
        codes = self.matrix[np.ix_(ids, targets)]
        keep = distinct_rows(codes)
        ids, codes = ids[keep], codes[keep]
        stats = group_stats(codes, self.game.rules.n_replies)
        is_cand = np.isin(ids, self.game.target_ids[targets])
        useful = (stats.groups > 1) | is_cand
        ids, codes, is_cand = ids[useful], codes[useful], is_cand[useful]
        bound = self.bounds_of(codes, len(targets))
        order = np.lexsort((ids, ~is_cand, stats.sum_squares[useful], bound))
        self._bounds = bound[order]
        return ids[order], codes[order]

    def _search(
        self, targets: np.ndarray, legal: np.ndarray | None, bound: float, depth: int
    ) -> tuple[float, int, bool]:
        """The shared search, after two quick answers that need no ranking of every guess."""
        n, ids = len(targets), self.game.target_ids[targets]
        codes = np.sort(self.matrix[np.ix_(ids, targets)], axis=1)
        perfect = (codes[:, 1:] != codes[:, :-1]).all(axis=1)
        if perfect.any():  # a secret that tells the others apart: 2n - 1, nothing does better
            return 2 * n - 1, int(ids[perfect.argmax()]), True
        if n == 3 and self.max_guesses - depth >= 3:  # 3 guesses, then a pair: 2n, the least
            return 6, int(ids[0]), True
        return super()._search(targets, legal, bound, depth)

    def bounds_of(self, codes: np.ndarray, n: int) -> np.ndarray:
        """For each row of replies: n + the least total of each group it leaves."""
        k, replies = len(codes), self.game.rules.n_replies
        offsets = np.arange(k, dtype=np.intp)[:, None] * replies
        counts = np.bincount((codes + offsets).ravel(), minlength=k * replies).reshape(k, replies)
        counts[:, self.win] = 0
        return n + self.least[counts].sum(axis=1)

    def group_bounds(self, groups: list[tuple[int, int]], sub, depth: int) -> dict[int, float]:
        """The shared bounds, raised to what this game's replies allow."""
        bounds = super().group_bounds(groups, sub, depth)
        return {v: max(bounds[v], int(self.least[c])) for c, v in groups}

    def solve(self) -> tuple[float, int]:
        """The least total over every secret and the first guess that gives it."""
        targets = np.arange(len(self.game.targets), dtype=np.int32)
        total = self.cost(targets, None, math.inf, 0)
        known = self.memo.get(self.key(targets, None, 0))
        return total, (known[2] if known else -1)
