"""The best guess when few answers are left and they are not equally likely: a search to the
end of the game.

The look-ahead estimates a guess one step deep; with a few answers left a search can play
every group out instead. `Endgame.value(answers)` is the least expected number of guesses to
finish over those answers, weighted by their chances: each guess tried splits them into groups
by reply, and each group is searched the same way (memoised by its answers). The guesses tried
at a node are its own answers and the `WIDTH` best others by the one-step estimate, so the
value is exact within that choice. A guess is skipped at once when a lower bound (every group
needs at least one more guess unless its likeliest answer is hit) shows it cannot beat the best
so far. A `stop` (a `StopRule`, or any callable) is asked at every node: True ends the search
with `SearchInterrupted`, what it had finished kept for the next question. With more answers
(up to `DEEP`) the assistant asks only `value_of` the look-ahead's best first guesses.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..scoring import score_pool
from .shared import SearchInterrupted

WIDTH = 12  # guesses tried at a node besides its own answers
SHORTLIST = 300  # guesses worth trying anywhere below the first node (the best there)
ENDGAME = 80  # the search is used when at most this many answers are left
DEEP = 400  # with at most this many, it values the look-ahead's best guesses (`value_of`)
SLACK = 1e-9  # a guess whose bound, summed in another order, passes the best by more is skipped


class Endgame:
    """A memoised search over one game's reply matrix and answer weights."""

    def __init__(
        self,
        matrix: np.ndarray,
        weights: np.ndarray,
        answer_ids: np.ndarray,
        win: int = 242,
        replies: int = 243,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        self.matrix = matrix  # guesses x targets
        self.weights = weights  # per target
        self.answer_ids = answer_ids  # the guess id of each target
        self.win = win
        self.replies = replies
        self.memo: dict[bytes, tuple[float, int]] = {}
        self.shortlist: np.ndarray | None = None  # chosen at the first node searched
        self.stop = stop  # asked at every node: True ends the search

    def value(self, targets: np.ndarray) -> tuple[float, int]:
        """(least expected guesses to finish, the guess id achieving it) over these targets."""
        targets = np.sort(targets)
        key = targets.tobytes()
        found = self.memo.get(key)
        if found is None:
            found = self._solve(targets)
            self.memo[key] = found
        return found

    def value_of(self, guess: int, targets: np.ndarray) -> float:
        """Expected guesses to finish when `guess` is played now over these targets (the
        guesses tried below it chosen from these targets' best, if no search has yet)."""
        targets = np.sort(targets)
        if self.shortlist is None:
            self._pool(targets)  # the shortlist, from the first position asked about
        return self._try(guess, targets, np.inf)

    def _solve(self, targets: np.ndarray) -> tuple[float, int]:
        w = self.weights[targets]
        ids = self.answer_ids[targets]
        if len(targets) == 1:
            return 1.0, int(ids[0])
        if len(targets) == 2:
            first = int(np.argmax(w))
            return 1.0 + float(w.min() / w.sum()), int(ids[first])
        if self.stop is not None and self.stop():
            raise SearchInterrupted("the endgame search was stopped")
        best, best_guess = np.inf, int(ids[int(np.argmax(w))])
        pool = self._pool(targets)
        for guess, bound in zip(pool.tolist(), self._bounds(pool, targets).tolist(), strict=True):
            if bound > best + SLACK:
                continue  # `_try` would say inf: its own bound cannot beat the best
            value = self._try(guess, targets, best)
            if value < best - 1e-12:
                best, best_guess = value, int(guess)
        return best, best_guess

    def _pool(self, targets: np.ndarray) -> np.ndarray:
        """The guesses tried here: the answers (likeliest first), then the best others (of
        every guess at the first node, of the shortlist it made below it)."""
        w = self.weights[targets]
        own = self.answer_ids[targets][np.argsort(-w, kind="stable")]
        everyone = np.arange(self.matrix.shape[0]) if self.shortlist is None else self.shortlist
        codes = self.matrix[np.ix_(everyone, targets)]
        scores = score_pool(codes, w, everyone, self.win, self.replies)
        useful = scores.groups > 1
        order = np.lexsort((everyone, scores.cost))
        order = order[useful[order]]
        if self.shortlist is None:
            self.shortlist = np.sort(everyone[order[:SHORTLIST]])
        mine = set(own.tolist())
        others = [g for g in everyone[order[: WIDTH + len(own)]].tolist() if g not in mine]
        return np.concatenate([own, np.array(others[:WIDTH], dtype=own.dtype)])

    def _bounds(self, pool: np.ndarray, targets: np.ndarray) -> np.ndarray:
        """`_try`'s lower bound for every guess of the pool at once (to rounding)."""
        w = self.weights[targets]
        k, r = len(pool), self.replies
        index = (self.matrix[np.ix_(pool, targets)] + np.arange(k)[:, None] * r).ravel()
        size = np.bincount(index, minlength=k * r)
        mass = np.bincount(index, weights=np.tile(w, k), minlength=k * r) / w.sum()
        top = np.zeros(k * r)
        np.maximum.at(top, index, np.tile(w / w.sum(), k))
        part = np.where(size == 1, mass, 2 * mass - top).reshape(k, r)
        part[:, self.win] = 0.0
        expected: np.ndarray = 1.0 + part.sum(axis=1)
        return expected

    def _try(self, guess: int, targets: np.ndarray, best: float) -> float:
        """Expected guesses with `guess` first (inf if it cannot beat `best` or splits none)."""
        codes = self.matrix[guess, targets]
        w = self.weights[targets]
        total = w.sum()
        counts = np.bincount(codes, minlength=self.replies)  # by counting: no sort
        values = np.flatnonzero(counts)  # the replies that occur, in order
        if len(values) == 1 and values[0] != self.win:
            return np.inf  # tells nothing apart
        mass = np.bincount(codes, weights=w, minlength=self.replies)[values] / total
        top = np.zeros(self.replies)
        np.maximum.at(top, codes, w / total)
        top = top[values]
        size = counts[values]
        bound = (
            1.0 + np.where(values == self.win, 0.0, np.where(size == 1, mass, 2 * mass - top)).sum()
        )
        if bound >= best:
            return np.inf
        expected = 1.0
        for g in np.argsort(-mass):
            if values[g] == self.win:
                continue
            sub = targets[codes == values[g]]
            expected += mass[g] * self.value(sub)[0]
            if expected >= best:
                return np.inf
        return expected
