"""The least image of a set of codes under renamings of colours and places, compiled (Numba).

See `canonical`, which imports this module when a search first needs it (Numba's import is
slow).
"""

from __future__ import annotations

import numpy as np
from numba import njit

LIMIT = 240  # at most this many renamings are tried for one set, else it keeps its own key


@njit(cache=True, nogil=True)
def _factorial(m: int) -> int:
    """m! for small m."""
    f = 1
    for k in range(2, m + 1):
        f *= k
    return f


@njit(cache=True, nogil=True)
def _rows(digits: np.ndarray, codes: np.ndarray, colours: int) -> np.ndarray:
    """How many codes have each colour in each place: (colours, places)."""
    pegs = digits.shape[1]
    table = np.zeros((colours, pegs), dtype=np.int64)
    for t in codes:
        for p in range(pegs):
            table[digits[t, p], p] += 1
    return table


@njit(cache=True, nogil=True)
def _keys(table: np.ndarray, perm: np.ndarray, base: int) -> np.ndarray:
    """Each colour's counts in the places' new order, packed in one int64."""
    colours, pegs = table.shape
    keys = np.zeros(colours, dtype=np.int64)
    for c in range(colours):
        for p in range(pegs):
            keys[c] = keys[c] * base + table[c, perm[p]]
    return keys


@njit(cache=True, nogil=True)
def _sorted_keys(table: np.ndarray, perm: np.ndarray, base: int, keys: np.ndarray) -> None:
    """`_keys` into `keys`, largest first (insertion sort: a handful of colours)."""
    colours, pegs = table.shape
    for c in range(colours):
        key = 0
        for p in range(pegs):
            key = key * base + table[c, perm[p]]
        i = c
        while i > 0 and keys[i - 1] < key:
            keys[i] = keys[i - 1]
            i -= 1
        keys[i] = key


@njit(cache=True, nogil=True)
def _less(a: np.ndarray, b: np.ndarray) -> int:
    """-1, 0 or 1 as array a is before, equal to or after array b, in order."""
    for i in range(len(a)):
        if a[i] != b[i]:
            return -1 if a[i] < b[i] else 1
    return 0


@njit(cache=True, nogil=True)
def _ties(sorted_keys: np.ndarray) -> tuple[list[int], list[int]]:
    """The runs of equal non-zero keys: (start, length) of each (absent colours: none)."""
    starts: list[int] = []
    lengths: list[int] = []
    i = 0
    while i < len(sorted_keys):
        j = i
        while j + 1 < len(sorted_keys) and sorted_keys[j + 1] == sorted_keys[i]:
            j += 1
        if sorted_keys[i] != 0 and j > i:
            starts.append(i)
            lengths.append(j - i + 1)
        i = j + 1
    return starts, lengths


@njit(cache=True, nogil=True)
def _nth_perm(index: int, size: int, out: np.ndarray) -> None:
    """The `index`-th permutation of 0..size-1 (factorial number system) into `out`."""
    left = list(range(size))
    for k in range(size):
        f = _factorial(size - k - 1)
        at = index // f
        index %= f
        out[k] = left.pop(at)


@njit(cache=True, nogil=True)
def least_image(
    digits: np.ndarray,
    codes: np.ndarray,
    colours: int,
    perms: np.ndarray,
    powers: np.ndarray,
    limit: int,
    out: np.ndarray,
    renaming: np.ndarray,
) -> bool:
    """Write the least image of `codes` in `out` and its renaming (new colour of each colour,
    then the place each place takes its colour from) in `renaming`; False (nothing written)
    when more than `limit` renamings would have to be tried."""
    n, pegs = len(codes), digits.shape[1]
    table = _rows(digits, codes, colours)
    best = np.full(colours, np.int64(-1))
    keys = np.empty(colours, dtype=np.int64)
    chosen = np.zeros(len(perms), dtype=np.bool_)
    for k in range(len(perms)):  # the reorderings of places with the least table
        _sorted_keys(table, perms[k], n + 1, keys)
        order = -1 if best[0] < 0 else _less(keys, best)
        if order < 0:
            best[:] = keys
            chosen[:] = False
        if order <= 0:
            chosen[k] = True
    _, lengths = _ties(best)  # the same runs for every reordering kept
    total = chosen.sum()
    for m in lengths:
        total *= _factorial(m)
    if total > limit:
        return False
    image = np.empty(n, dtype=np.int32)
    sigma = np.empty(colours, dtype=np.int64)
    found = False
    for k in range(len(perms)):
        if not chosen[k]:
            continue
        keys = _keys(table, perms[k], n + 1)
        rank = np.argsort(-keys, kind="mergesort")  # the colour given each new name
        starts, lengths = _ties(keys[rank])
        count = 1
        for m in lengths:
            count *= _factorial(m)
        for index in range(count):
            named = rank.copy()
            rest = index
            for g in range(len(starts)):
                size = lengths[g]
                f = _factorial(size)
                shuffle = np.empty(size, dtype=np.int64)
                _nth_perm(rest % f, size, shuffle)
                rest //= f
                for i in range(size):
                    named[starts[g] + i] = rank[starts[g] + shuffle[i]]
            for new in range(colours):
                sigma[named[new]] = new
            for i in range(n):
                value = 0
                for p in range(pegs):
                    value += sigma[digits[codes[i], perms[k][p]]] * powers[p]
                image[i] = value
            image.sort()
            if not found or _less(image, out) < 0:
                out[:] = image
                renaming[:colours] = sigma
                renaming[colours:] = perms[k]
                found = True
    return found
