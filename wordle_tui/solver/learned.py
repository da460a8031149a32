"""The `learned` metric: the guesses a set of answers still needs, estimated from its size.

Fitted by `scripts/learned_metric.py` on sets whose least total is known exactly (every node of
the shipped optimal trees, and positions proven by the position search): a set of n answers
needs about a*n + b*n*log2(n) + c guesses in all. A guess is scored by that estimate summed over
the groups it leaves (the group it wins outright costs nothing), per answer: the expected
guesses still to come after it. Lower is better, as for every metric.
"""

from __future__ import annotations

import hashlib

import numpy as np

# a, b, c of the total a*n + b*n*log2(n) + c (scripts/learned_metric.py; docs/reports.md)
WEIGHTS = (1.720494, 0.141531, -0.706737)
WEIGHTS_TAG = hashlib.sha256(repr(WEIGHTS).encode()).hexdigest()[:8]  # names cached results


def features(sizes: np.ndarray) -> np.ndarray:
    """[n, n*log2(n), 1] for each size n (all zero for an empty group), on a last axis."""
    n = np.asarray(sizes, dtype=np.float64)
    return np.stack([n, n * np.log2(np.maximum(n, 1.0)), (n > 0).astype(np.float64)], axis=-1)


def estimated_total(sizes: np.ndarray) -> np.ndarray:
    """The estimated least total of guesses for sets of these sizes."""
    return np.asarray(features(sizes) @ np.array(WEIGHTS))


def learned_value(
    n: int, groups: np.ndarray, sum_clog: np.ndarray, wins: np.ndarray | None
) -> np.ndarray:
    """The metric from a partition's statistics: the estimated total over its groups, less the
    group of one a possible answer wins outright, per answer."""
    a, b, c = WEIGHTS
    total = a * n + b * sum_clog + c * groups
    if wins is not None:
        total = total - (a + c) * wins
    return total / n
