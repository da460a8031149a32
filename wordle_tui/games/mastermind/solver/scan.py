"""Every guess of a pool scored for a set of codes in one compiled pass (the kernel's first
step at each node, and most of its time): the bound each guess gives, read code by code."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def pool_bounds(
    columns: np.ndarray,
    least: np.ndarray,
    codes: np.ndarray,
    pool: np.ndarray,
    win: int,
    kinds: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each guess of the pool: its bound (n + the least total of each group it leaves),
    its largest group as far as the node asks (1: it tells every code apart; n: it leaves
    them together; 2: neither) and how many codes it wins against (0 or 1).

    Both are read after the pass, not in it: the codes fall in groups of one exactly when the
    groups' least totals add up to n (a group of m needs at least 2m - 1 >= m, equal only for
    m = 1), and in one group when the first code's group holds them all.

    Code by code (`columns[code]`: that code's reply to every guess, a row in memory), so the
    replies are read in order and each guess's counts stay in cache: reading a guess's replies
    from each code in turn jumps across the whole table, one cache miss a reply."""
    n, size = len(codes), len(pool)
    steps = least[1 : n + 1] - least[:n]  # what one more code adds to a group's bound
    counts = np.zeros((size, kinds), dtype=np.int16)
    totals = np.full(size, n, dtype=np.int64)
    for i in range(n):
        column = columns[codes[i]]
        for p in range(size):
            reply = column[pool[p]]
            count = counts[p, reply]
            totals[p] += steps[count]
            counts[p, reply] = count + 1
    largest = np.full(size, 2, dtype=np.int64)
    hits = np.zeros(size, dtype=np.int64)
    first = columns[codes[0]]
    for p in range(size):
        if totals[p] == 2 * n:
            largest[p] = 1
        elif counts[p, first[pool[p]]] == n:
            largest[p] = n
        hits[p] = counts[p, win]
        totals[p] -= least[hits[p]]  # the win (the guess itself, a code left) is no group
    return totals, largest, hits
