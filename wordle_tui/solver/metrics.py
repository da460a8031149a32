"""Partitions of targets by reply, and the metrics that score them (lower is better).

- `max`: size of the largest group (a worst-case measure).
- `expectation`: expected size of the group the answer falls in.
- `neg_entropy`: minus the entropy in bits; minimising it maximises information.
- `entropy`: the entropy in bits; minimising it keeps groups big (Antiwordle).
- `partitions`: minus the number of groups (the teaching notebook's alternative).
- `learned`: the guesses still needed, estimated from the groups' sizes (`learned.py`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from math import log2

import numpy as np

from .learned import estimated_total, learned_value
from .names import METRICS as METRICS  # re-exported: the metrics are named here too

SPLITTING_METRICS = frozenset({"max", "expectation", "neg_entropy", "partitions", "learned"})
TIE = 1e-9
_SORT_BELOW = 48  # group sizes by sorting rows below this many targets, else by counting
_CHUNK = 1024


def partition(codes: Iterable[int]) -> dict[int, list[int]]:
    """Positions grouped by their reply code, groups in order of first appearance."""
    groups: dict[int, list[int]] = {}
    for position, code in enumerate(codes):
        groups.setdefault(int(code), []).append(position)
    return groups


def partition_counts(codes: Iterable[int]) -> list[int]:
    """The sorted group sizes of a partition."""
    return sorted(Counter(int(c) for c in codes).values())


def information_gain(counts: Iterable[int]) -> float:
    """Expected bits learned from a partition with these group sizes (its entropy)."""
    counts = [c for c in counts if c]
    n = sum(counts)
    return log2(n) - sum(c * log2(c) for c in counts) / n


def metric_value(metric: str, counts: Iterable[int]) -> float:
    """Score one partition, given its group sizes, by a named metric."""
    counts = [c for c in counts if c]
    n = sum(counts)
    gain = information_gain(counts)
    values = {
        "max": max(counts),
        "expectation": sum(c * c for c in counts) / n,
        "neg_entropy": -gain,
        "entropy": gain,
        "partitions": -len(counts),
        "learned": float(estimated_total(np.array(counts)).sum()) / n,
    }
    if metric not in values:
        raise ValueError(f"unknown metric {metric!r}; choose one of: {', '.join(METRICS)}")
    return float(values[metric])


@dataclass(frozen=True)
class GroupStats:
    """For each of several guesses, summary numbers of the partition it makes."""

    n: int  # targets partitioned
    groups: np.ndarray  # number of non-empty groups
    largest: np.ndarray  # size of the largest group
    sum_squares: np.ndarray  # sum of squared group sizes
    sum_clog: np.ndarray  # sum of c*log2(c) over group sizes c

    def value(self, metric: str, wins: np.ndarray | None = None) -> np.ndarray:
        """The metric for every guess (lower is better); `wins` (whether each guess may be the
        answer) counts for `learned` only."""
        n = self.n
        if metric == "max":
            return self.largest.astype(np.float64)
        if metric == "expectation":
            return self.sum_squares / n
        if metric == "neg_entropy":
            return self.sum_clog / n - log2(n)
        if metric == "entropy":
            return log2(n) - self.sum_clog / n
        if metric == "partitions":
            return -self.groups.astype(np.float64)
        if metric == "learned":
            return learned_value(n, self.groups, self.sum_clog, wins)
        raise ValueError(f"unknown metric {metric!r}; choose one of: {', '.join(METRICS)}")

    def entropy(self) -> np.ndarray:
        """Information gain in bits for every guess."""
        return log2(self.n) - self.sum_clog / self.n

    def expected_remaining(self) -> np.ndarray:
        """Expected number of targets left after every guess."""
        return self.sum_squares / self.n


def _clog_table(n: int) -> np.ndarray:
    sizes = np.arange(n + 1, dtype=np.float64)
    table = np.zeros(n + 1)
    table[1:] = sizes[1:] * np.log2(sizes[1:])
    return table


def group_stats(codes: np.ndarray, n_replies: int) -> GroupStats:
    """Partition statistics for each row of a (guesses x targets) block of reply codes."""
    rows, n = codes.shape
    if n == 0:
        raise ValueError("cannot partition an empty set of targets")
    clog = _clog_table(n)
    if n < _SORT_BELOW:
        return _stats_by_sorting(codes, clog)
    groups = np.empty(rows, dtype=np.int64)
    largest = np.empty(rows, dtype=np.int64)
    sum_sq = np.empty(rows, dtype=np.int64)
    sum_clog = np.empty(rows, dtype=np.float64)
    for start in range(0, rows, _CHUNK):
        block = codes[start : start + _CHUNK]
        k = len(block)
        offsets = np.arange(k, dtype=np.intp)[:, None] * n_replies
        counts = np.bincount((block + offsets).ravel(), minlength=k * n_replies)
        counts = counts.reshape(k, n_replies)
        part = slice(start, start + k)
        groups[part] = np.count_nonzero(counts, axis=1)
        largest[part] = counts.max(axis=1)
        sum_sq[part] = (counts * counts).sum(axis=1)
        sum_clog[part] = clog[counts].sum(axis=1)
    return GroupStats(n, groups, largest, sum_sq, sum_clog)


def _stats_by_sorting(codes: np.ndarray, clog: np.ndarray) -> GroupStats:
    """Group statistics from run lengths of each sorted row (fast for few targets)."""
    rows, n = codes.shape
    ordered = np.sort(codes, axis=1)
    starts = np.ones((rows, n), dtype=bool)
    np.not_equal(ordered[:, 1:], ordered[:, :-1], out=starts[:, 1:])
    groups = starts.sum(axis=1)
    first = np.flatnonzero(starts.ravel())
    sizes = np.diff(np.append(first, rows * n))
    row_start = np.zeros(rows, dtype=np.intp)
    np.cumsum(groups[:-1], out=row_start[1:])
    largest = np.maximum.reduceat(sizes, row_start)
    sum_sq = np.add.reduceat(sizes * sizes, row_start)
    sum_clog = np.add.reduceat(clog[sizes], row_start)
    return GroupStats(n, groups, largest, sum_sq, sum_clog)
