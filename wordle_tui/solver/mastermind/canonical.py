"""One set of codes for every set alike up to colours and places: the memo's key.

Renaming the colours and reordering the places maps a set of codes to another that needs the
same guesses in total (the guesses are renamed alike). So the search remembers each set under
the least image (sorted codes, compared in order) of all the sets alike to it, and a set met
again under other names, in another branch or after the same guesses in another order, is not
searched twice.

The least image is found without trying every renaming: each colour is counted per place; a
reordering of the places is kept only if it gives the least sorted table of those counts, and
a renaming only if it puts the colours in that table's order (colours with equal counts in
every order, colours absent from the set only once). Only sets with few such candidates
(`LIMIT`) get a shared key; the others keep their own (still exact: only sets alike ever
share a key). The renaming that gives the least image is kept too, so the guess found for
one set can be renamed back for another.
"""

from __future__ import annotations

import itertools

import numpy as np
from numba import njit

LIMIT = 240  # at most this many renamings are tried for one set, else it keeps its own key


class Canonical:
    """The least image of sets of codes of one game, and the renamings between them."""

    def __init__(self, codes: tuple[str, ...], colours: int, pegs: int) -> None:
        self.digits = np.array([[int(d) - 1 for d in code] for code in codes], dtype=np.int8)
        self.colours, self.pegs = colours, pegs
        self.perms = np.array(list(itertools.permutations(range(pegs))), dtype=np.int64)
        self.powers = colours ** np.arange(pegs - 1, -1, -1, dtype=np.int64)
        # the table of counts is packed in one int64 per colour: only for small games
        self.enabled = pegs <= 5 and (len(codes) + 1) ** pegs < 2**62
        self.renaming = np.zeros(colours + pegs, dtype=np.int64)

    def least(self, targets: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """(the least image of `targets`, the renaming to it), or (targets, None)."""
        if not self.enabled or len(targets) < 3:
            return targets, None
        out = np.empty(len(targets), dtype=np.int32)
        renaming = np.zeros(self.colours + self.pegs, dtype=np.int64)
        found = least_image(
            self.digits, targets, self.colours, self.perms, self.powers, LIMIT, out, renaming
        )
        return (out, renaming) if found else (targets, None)

    def rename(self, code: int, renaming: np.ndarray | None) -> int:
        """The image of one code under a renaming."""
        if renaming is None or code < 0:
            return code
        colours, places = renaming[: self.colours], renaming[self.colours :]
        return int(colours[self.digits[code][places]] @ self.powers)

    def restore(self, code: int, renaming: np.ndarray | None) -> int:
        """The code whose image under the renaming is `code`."""
        if renaming is None or code < 0:
            return code
        colours, places = renaming[: self.colours], renaming[self.colours :]
        back = np.argsort(colours)
        digits = np.empty(self.pegs, dtype=np.int64)
        digits[places] = back[self.digits[code]]
        return int(digits @ self.powers)


@njit(cache=True, nogil=True)
def _factorial(m: int) -> int:
    """m! for small m."""
    f = 1
    for k in range(2, m + 1):
        f *= k
    return f


@njit(cache=True, nogil=True)
def _rows(digits, codes, colours):
    """How many codes have each colour in each place: (colours, places)."""
    pegs = digits.shape[1]
    table = np.zeros((colours, pegs), dtype=np.int64)
    for t in codes:
        for p in range(pegs):
            table[digits[t, p], p] += 1
    return table


@njit(cache=True, nogil=True)
def _keys(table, perm, base):
    """Each colour's counts in the places' new order, packed in one int64."""
    colours, pegs = table.shape
    keys = np.zeros(colours, dtype=np.int64)
    for c in range(colours):
        for p in range(pegs):
            keys[c] = keys[c] * base + table[c, perm[p]]
    return keys


@njit(cache=True, nogil=True)
def _sorted_keys(table, perm, base, keys) -> None:
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
def _less(a, b) -> int:
    """-1, 0 or 1 as array a is before, equal to or after array b, in order."""
    for i in range(len(a)):
        if a[i] != b[i]:
            return -1 if a[i] < b[i] else 1
    return 0


@njit(cache=True, nogil=True)
def _ties(sorted_keys):
    """The runs of equal non-zero keys: (start, length) of each (absent colours: none)."""
    starts, lengths = [], []
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
def _nth_perm(index, size, out):
    """The `index`-th permutation of 0..size-1 (factorial number system) into `out`."""
    left = list(range(size))
    for k in range(size):
        f = _factorial(size - k - 1)
        at = index // f
        index %= f
        out[k] = left.pop(at)


@njit(cache=True, nogil=True)
def least_image(digits, codes, colours, perms, powers, limit, out, renaming) -> bool:
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
