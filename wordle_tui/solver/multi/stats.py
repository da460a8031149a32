"""Every guess scored on one board: the partition it makes of the board's answers left.

For each guess: the entropy of its partition (bits), how many answers it would pin down (the
groups of one, its own win among them) and whether it is an answer left (it can solve the
board now). Vectorised over all guesses at once and cached by the answers left, which recur
from game to game (after the first guess a board is one of ~150 groups).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from ..matrix import rows_for
from .state import WIN

REPLIES = 243
SORT_BELOW = 48  # partition by sorting each row below this many answers, else by counting
CHUNK = 2048  # guesses counted at a time (keeps the count table small)
CACHED = 1024  # boards kept in the cache (each ~ 7 bytes a guess)


@dataclass(frozen=True)
class BoardStats:
    """For every guess of the pool: its partition's entropy, groups of one, and a win."""

    n: int
    entropy: np.ndarray  # float32 bits
    singles: np.ndarray  # int16: answers in groups of one (pinned down after this guess)
    hits: np.ndarray  # bool: the guess is one of the answers left


def board_stats(codes: np.ndarray) -> BoardStats:
    """Partition statistics of each row of `codes` (guesses x answers left)."""
    rows, n = codes.shape
    if n <= 1:
        hits = codes[:, 0] == WIN if n else np.zeros(rows, dtype=bool)
        return BoardStats(n, np.zeros(rows, np.float32), np.full(rows, n, np.int16), hits)
    hits = (codes == WIN).any(axis=1)
    sizes = np.arange(n + 1, dtype=np.float64)
    clog = np.zeros(n + 1)
    clog[1:] = sizes[1:] * np.log2(sizes[1:])
    if n < SORT_BELOW:
        entropy, singles = _by_sorting(codes, clog)
    else:
        entropy, singles = _by_counting(codes, clog)
    return BoardStats(n, entropy.astype(np.float32), singles.astype(np.int16), hits)


def _by_sorting(codes: np.ndarray, clog: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    rows, n = codes.shape
    ordered = np.sort(codes, axis=1)
    starts = np.ones((rows, n), dtype=bool)
    np.not_equal(ordered[:, 1:], ordered[:, :-1], out=starts[:, 1:])
    groups = starts.sum(axis=1)
    first = np.flatnonzero(starts.ravel())
    sizes = np.diff(np.append(first, rows * n))
    row_start = np.zeros(rows, dtype=np.intp)
    np.cumsum(groups[:-1], out=row_start[1:])
    entropy = np.log2(n) - np.add.reduceat(clog[sizes], row_start) / n
    singles = np.add.reduceat((sizes == 1).astype(np.int32), row_start)
    return entropy, singles


def _by_counting(codes: np.ndarray, clog: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    rows, n = codes.shape
    entropy = np.empty(rows)
    singles = np.empty(rows, dtype=np.int32)
    for start in range(0, rows, CHUNK):
        block = codes[start : start + CHUNK]
        k = len(block)
        offsets = np.arange(k, dtype=np.intp)[:, None] * REPLIES
        counts = np.bincount((block + offsets).ravel(), minlength=k * REPLIES).reshape(k, REPLIES)
        entropy[start : start + k] = np.log2(n) - clog[counts].sum(axis=1) / n
        singles[start : start + k] = (counts == 1).sum(axis=1)
    return entropy, singles


class StatsCache:
    """Board statistics over the whole guess list, remembered by the board's answers left."""

    def __init__(self, matrix: np.ndarray, size: int = CACHED) -> None:
        self.matrix = matrix
        self.pool = np.arange(len(matrix), dtype=np.intp)
        self.size = size
        self._cache: OrderedDict[bytes, BoardStats] = OrderedDict()

    def __call__(self, candidates: np.ndarray) -> BoardStats:
        """The statistics of every guess against these answers (target positions)."""
        key = candidates.tobytes()
        found = self._cache.get(key)
        if found is not None:
            self._cache.move_to_end(key)
            return found
        stats = board_stats(rows_for(self.matrix, self.pool, candidates))
        if len(candidates) > 1:
            self._cache[key] = stats
            if len(self._cache) > self.size:
                self._cache.popitem(last=False)
        return stats
