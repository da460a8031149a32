"""Which guesses of a node with four rows left leave a group three rows cannot finish.

A group of answers can be finished within three rows only if some guess h leaves of it groups
of one or two answers, or groups that one more guess tells apart (each found in the two rows
after h). A guess leaving a group of four or more that no h finishes so cannot finish its node
within four rows. `unfinished_in_three` finds those guesses for a whole node in one pass:
hard mode's families of look-alikes (after MAZER's ...GG, 99 words in -ER) make most guesses
of such a node fail this way, one search each before it.

The check relaxes hard mode: every guess of the node counts at each step (the hints only take
guesses away), so a group it calls unfinishable is so in either mode. It stays fast by:

- cores: a group that no guess tells apart has a core, a part no guess tells apart either,
  found in one sweep of the guesses (it starts as three answers, and each guess telling it
  apart adds two that guess does not); an h keeping a whole core together (one reply for
  all of it) is ruled out without splitting the group;
- the h that finished the last group found finishable is tried first;
- a group found unfinishable is kept, and a group holding one is unfinishable too (an h that
  finished the larger would finish the smaller); groups found finishable are kept by their bits;
- giving up after GIVE_UP guesses with none marked: such nodes (most of normal mode's) gain
  nothing from the check.

Groups are sets of the node's places (at most 128: two 64-bit words of bits).
"""

from __future__ import annotations

import numpy as np
from numba import njit

GIVE_UP = 4  # guesses checked with none found unfinishable before the check stops
KEPT = 4096  # cores, and unfinishable groups, kept per node
SLOTS = 1 << 12  # the table of groups found finishable (emptied when half full)
MIX = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, nogil=True)
def _bits(members: np.ndarray, start: int, stop: int) -> tuple[np.uint64, np.uint64]:
    """The places members[start:stop] as two words of bits."""
    low, high = np.uint64(0), np.uint64(0)
    for i in range(start, stop):
        place = members[i]
        if place < 64:
            low |= np.uint64(1) << np.uint64(place)
        else:
            high |= np.uint64(1) << np.uint64(place - 64)
    return low, high


@njit(cache=True, nogil=True)
def _group(
    line: np.ndarray, members: np.ndarray, m: int, replies: int, ends: np.ndarray, out: np.ndarray
) -> None:
    """members[:m] grouped by their replies in `line` into `out` (a counting sort); each
    reply's group ends at ends[reply]."""
    ends[:] = 0
    for j in range(m):
        ends[line[members[j]] + 1] += 1
    for code in range(replies):
        ends[code + 1] += ends[code]
    for j in range(m):
        reply = line[members[j]]
        out[ends[reply]] = members[j]
        ends[reply] += 1


@njit(cache=True, nogil=True)
def _within(
    lows: np.ndarray, highs: np.ndarray, count: int, low: np.uint64, high: np.uint64
) -> bool:
    """Whether one of the first `count` sets of bits lies within (low, high)."""
    for c in range(count):  # noqa: SIM110 (a loop: compiled, no generator)
        if (lows[c] & low) == lows[c] and (highs[c] & high) == highs[c]:
            return True
    return False


@njit(cache=True, nogil=True)
def _untold_core(
    codes: np.ndarray,
    sub: np.ndarray,
    start: int,
    stop: int,
    capable: np.ndarray,
    marks: tuple[np.ndarray, np.ndarray, np.ndarray],
    core: np.ndarray,
) -> int:
    """-1 if some row tells sub[start:stop] apart, else the size of a core of it in core[:size]
    that no row tells apart (three at least). One pass over the rows: a row telling the core
    apart adds to it two answers it does not, and no row after it can tell a larger core apart
    that could not tell the smaller."""
    seen, owner, trial = marks
    m = stop - start
    core[:m] = sub[start:stop]
    size, g = 3, 0
    while g < min(codes.shape[0], capable[size]):
        line = codes[g]
        trial[0] += 1
        hit, partner = -1, -1
        for j in range(m):  # the core first: the first answer whose reply was met
            reply = line[core[j]]
            if seen[reply] == trial[0]:
                hit, partner = j, owner[reply]
                break
            seen[reply], owner[reply] = trial[0], j
        if hit < 0:
            return -1  # the row tells the whole group apart
        if hit >= size:  # the row tells the core apart: take in the pair it does not
            if partner >= size:
                core[partner], core[size] = core[size], core[partner]
                size += 1
            core[hit], core[size] = core[size], core[hit]
            size += 1
        g += 1
    return size


@njit(cache=True, nogil=True)
def _keeps_core(line: np.ndarray, members: np.ndarray, a: int, b: int) -> bool:
    """Whether `line` gives members[a:b] one reply."""
    first = line[members[a]]
    for i in range(a + 1, b):  # noqa: SIM110 (a loop: compiled, no generator)
        if line[members[i]] != first:
            return False
    return True


@njit(cache=True, nogil=True)
def _finishable(
    codes: np.ndarray,
    members: np.ndarray,
    m: int,
    capable: np.ndarray,
    replies: int,
    cores: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    work: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
) -> bool:
    """Whether some row leaves members[:m] only groups of at most two, or groups some row
    tells apart. A group found untold becomes a core (`cores`: their bits, starts, members,
    and count)."""
    lows, highs, starts, kept, count = cores
    ends, sub, seen, owner, trial, core, mine = work
    low, high = _bits(members, 0, m)
    held = 0
    for c in range(count[0]):  # the cores within this group
        if (lows[c] & low) == lows[c] and (highs[c] & high) == highs[c]:
            mine[held] = c
            held += 1
    rows = codes.shape[0]
    for i in range(rows):  # from the row that finished the last group found finishable
        h = (i + count[1]) % rows
        line = codes[h]
        broken = False
        for q in range(held):
            c = mine[q]
            if _keeps_core(line, kept, starts[c], starts[c + 1]):
                broken = True
                break
        if broken:
            continue
        _group(line, members, m, replies, ends, sub)
        fine, start = True, 0
        for code in range(replies):
            stop = ends[code]
            size = -1
            if stop - start >= 3:
                size = _untold_core(codes, sub, start, stop, capable, (seen, owner, trial), core)
            if size >= 0:
                fine = False
                c = count[0]
                if c + 1 < len(lows) and starts[c] + size <= len(kept):
                    lows[c], highs[c] = _bits(core, 0, size)
                    kept[starts[c] : starts[c] + size] = core[:size]
                    starts[c + 1] = starts[c] + size
                    count[0] = c + 1
                    if held < len(mine):  # it lies within this group: it rules out more h
                        mine[held] = c
                        held += 1
                break
            start = stop
        if fine:
            count[1] = h
            return True
    return False


@njit(cache=True, nogil=True)
def _slot(
    lows: np.ndarray, highs: np.ndarray, used: np.ndarray, low: np.uint64, high: np.uint64
) -> np.int64:
    """The slot of (low, high) in an open-addressed table, or the empty one it would take."""
    mask = np.int64(len(used) - 1)
    slot = np.int64(((low * MIX) ^ (high + low)) >> np.uint64(40)) & mask
    while used[slot] and (lows[slot] != low or highs[slot] != high):
        slot = (slot + 1) & mask
    return slot


@njit(cache=True, nogil=True)
def unfinished_in_three(
    codes: np.ndarray, below: int, capable: np.ndarray, replies: int, give_up: int
) -> np.ndarray:
    """For each of the first `below` rows of `codes` (a node's guesses' replies over its
    targets, at most 128), whether it leaves a group of 4 or more that three rows cannot
    finish with the node's guesses (see the module); `capable[k]`: how many first rows can
    tell k targets apart. Stops, the rest unmarked, after `give_up` rows with none marked."""
    rows, n = codes.shape
    unfinished = np.zeros(below, dtype=np.bool_)
    cores = (
        np.zeros(KEPT, dtype=np.uint64),
        np.zeros(KEPT, dtype=np.uint64),
        np.zeros(KEPT + 1, dtype=np.int64),
        np.zeros(8 * KEPT, dtype=np.int64),
        np.zeros(2, dtype=np.int64),
    )
    work = (
        np.zeros(replies + 1, dtype=np.int64),
        np.empty(n, dtype=np.int64),
        np.zeros(replies, dtype=np.int64),
        np.zeros(replies, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.empty(n, dtype=np.int64),
        np.empty(KEPT, dtype=np.int64),
    )
    bad_lows, bad_highs, bad = np.zeros(KEPT, np.uint64), np.zeros(KEPT, np.uint64), 0
    ok_lows, ok_highs = np.zeros(SLOTS, np.uint64), np.zeros(SLOTS, np.uint64)
    ok, ok_count = np.zeros(SLOTS, dtype=np.bool_), 0
    everyone = np.arange(n)
    ends = np.zeros(replies + 1, dtype=np.int64)
    grouped = np.empty(n, dtype=np.int64)
    members = np.empty(n, dtype=np.int64)
    marked = 0
    for k in range(below):
        if k >= give_up and marked == 0:
            break
        _group(codes[k], everyone, n, replies, ends, grouped)
        start = 0
        for code in range(replies):
            stop = ends[code]
            if stop - start >= 4 and not unfinished[k]:
                low, high = _bits(grouped, start, stop)
                slot = _slot(ok_lows, ok_highs, ok, low, high)
                if ok[slot]:
                    pass  # finishable, found before
                elif _within(bad_lows, bad_highs, bad, low, high):
                    unfinished[k] = True
                else:
                    m = stop - start
                    members[:m] = grouped[start:stop]
                    if _finishable(codes, members, m, capable, replies, cores, work):
                        if 2 * ok_count >= SLOTS:
                            ok[:] = False
                            ok_count = 0
                            slot = _slot(ok_lows, ok_highs, ok, low, high)
                        ok_lows[slot], ok_highs[slot], ok[slot] = low, high, True
                        ok_count += 1
                    else:
                        unfinished[k] = True
                        if bad < KEPT:
                            bad_lows[bad], bad_highs[bad] = low, high
                            bad += 1
            start = stop
        marked += unfinished[k]
    return unfinished
