"""Wordle's minimax value, and the perfect evil replier who forces it.

A perfect evil replier commits to no word: after each guess it keeps the group of words that
needs the most guesses still to be forced, so no guesser wins faster than the game's minimax
value: the fewest guesses within which some strategy finds every word.

`Minimax.value(targets)` is that number for a set of words. It goes up from a lower bound,
asking `solvable(targets, k)`: can some guess leave only groups solvable within k - 1? This is
an AND-OR search memoised by set, with the least k known to work and the largest known to fail.
Two guesses are enough only when one guess tells every word apart, so a group larger than the
most groups any guess makes on the answer list needs three or more. A budget of work bounds
the search. When the budget runs out, the value is given as bounds, the upper one from the
shipped or searched tree's worst case when there is one.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..games import Game
from ..matrix import reply_matrix
from ..metrics import group_stats

BUDGET = 3_000_000_000  # reply-matrix cells examined: 40 to 80 s of one core on the classic lists


class OutOfBudget(Exception):
    """The search used its budget of work before the question was settled."""


@dataclass(frozen=True)
class Value:
    """The fewest guesses that find every word of a set, or bounds on it."""

    lower: int
    upper: int | None  # None: no strategy within the budget's reach was found

    @property
    def proved(self) -> bool:
        """Whether the value is known exactly."""
        return self.upper == self.lower


class Minimax:
    """The minimax value of word sets in one game (normal mode), memoised across questions."""

    def __init__(self, game: Game, budget: int = BUDGET) -> None:
        self.game, self.matrix = game, reply_matrix(game)
        self.win, self.replies = game.rules.win, game.rules.n_replies
        self.budget, self.used = budget, 0
        stats = group_stats(self.matrix, self.replies)
        self.most_groups = int(stats.groups.max())  # no guess makes more groups of any subset
        self.works: dict[bytes, int] = {}  # the least k known to be enough
        self.fails: dict[bytes, int] = {}  # the largest k known not to be

    def spend(self, work: int) -> None:
        """Count work, and stop the search when the budget is spent."""
        self.used += work
        if self.used > self.budget:
            raise OutOfBudget

    def value(self, targets: np.ndarray, upper: int | None = None) -> Value:
        """The minimax value of `targets` (sorted target numbers), or bounds on it when the
        budget runs out; `upper`, if known (a tree's worst case), ends the climb there."""
        k = self.lower_bound(targets)
        try:
            while upper is None or k < upper:
                if self.solvable(targets, k):
                    return Value(k, k)
                k += 1
        except OutOfBudget:
            return Value(k, upper)
        return Value(k, k)

    def lower_bound(self, targets: np.ndarray) -> int:
        """What is known without searching: one word takes one guess, and a set larger than
        any guess's groups cannot be told apart by one guess."""
        n = len(targets)
        if n == 1:
            return 1
        known = self.fails.get(targets.tobytes(), 0) + 1
        return max(known, 2 if n <= self.most_groups else 3)

    def solvable(self, targets: np.ndarray, k: int) -> bool:
        """Whether some strategy finds every word of `targets` within `k` guesses."""
        n = len(targets)
        if n == 1:
            return k >= 1
        if k <= 1:
            return False
        key = targets.tobytes()
        if k >= self.works.get(key, 1 << 30):
            return True
        if k <= self.fails.get(key, 0):
            return False
        found = self._search(targets, k)
        if found:
            self.works[key] = min(k, self.works.get(key, 1 << 30))
        else:
            self.fails[key] = max(k, self.fails.get(key, 0))
        return found

    def best_guess(self, targets: np.ndarray, k: int) -> int | None:
        """A guess after which every group is solvable within k - 1 (None if there is none)."""
        for guess in self._ordered(targets, k):
            if self._guess_works(int(guess), targets, k):
                return int(guess)
        return None

    def _search(self, targets: np.ndarray, k: int) -> bool:
        if k == 2 or len(targets) > self.replies ** (k - 1):
            return self._tells_apart(targets) if k == 2 else False
        return self.best_guess(targets, k) is not None

    def _tells_apart(self, targets: np.ndarray) -> bool:
        """Whether one guess gives every word of `targets` a reply of its own."""
        n = len(targets)
        if n > self.most_groups:
            return False
        self.spend(self.matrix.shape[0] * n)
        rows = np.sort(self.matrix[:, targets], axis=1)
        distinct = 1 + (np.diff(rows.astype(np.int32), axis=1) != 0).sum(axis=1)
        return bool((distinct == n).any())

    def _ordered(self, targets: np.ndarray, k: int) -> np.ndarray:
        """The guesses worth trying, the smallest largest group first: a group too large to
        be told apart by one guess rules a guess out when only two guesses are left."""
        codes = self.matrix[:, targets]
        guesses, n = codes.shape
        self.spend(guesses * n)
        index = (codes.astype(np.int64) + np.arange(guesses)[:, None] * self.replies).ravel()
        sizes = np.bincount(index, minlength=guesses * self.replies).reshape(guesses, -1)
        sizes[:, self.win] = 0
        largest, groups = sizes.max(axis=1), (sizes > 0).sum(axis=1)
        useful = (groups > 1) | np.isin(np.arange(guesses), self.game.target_ids[targets])
        if k == 3:
            useful &= largest <= self.most_groups
        pool = np.flatnonzero(useful)
        return pool[np.lexsort((-groups[pool], largest[pool]))]

    def _guess_works(self, guess: int, targets: np.ndarray, k: int) -> bool:
        """Whether every group `guess` leaves is solvable within k - 1 guesses."""
        codes = self.matrix[guess, targets]
        values, counts = np.unique(codes, return_counts=True)
        self.spend(len(targets))
        for value in values[np.argsort(-counts, kind="stable")]:
            if value == self.win:
                continue
            if not self.solvable(targets[codes == value], k - 1):
                return False
        return True

    def perfect_reply(self, targets: np.ndarray, guess: int) -> tuple[int, Value]:
        """The perfect evil reply to `guess`: the group needing the most guesses still (the
        larger on a tie, then the lower reply code), with that group's value. The winning
        reply only when the guess is the one word left."""
        codes = self.matrix[guess, targets]
        values = [int(v) for v in np.unique(codes) if v != self.win]
        if not values:
            return self.win, Value(0, 0)
        scored = []
        for value in values:
            group = targets[codes == value]
            found = self.value(group)
            scored.append((found.lower, found.upper or found.lower, len(group), -value, found))
        best = max(scored, key=lambda item: item[:4])
        return -best[3], best[4]
