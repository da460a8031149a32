"""The exact search of a set of codes, compiled (Numba): the same branch and bound, in loops.

`solve_set` returns the least total for a set of codes (or a lower bound no smaller than the
bound it is given, when it cannot beat it), with the guess that gives it. At each node:

- a code of the set that tells all the others apart gives 2n - 1 (one leaving a single pair:
  2n), and nothing does better; any guess that tells every code apart gives 2n;
- every guess of the pool gets the lower bound n + the least total of each group it leaves
  (`least`: a group of m codes needs at least 2m - 1, more past the replies one guess has);
- the guesses are tried by that bound (a code that could be the secret first), one per
  distinct split, until the next bound cannot beat the best total found; before a guess's
  groups are searched each is bounded, so one large group is not searched in full when the
  others already rule the guess out;
- the pool handed to the groups below is one guess per distinct reply row over this set:
  guesses with the same replies here have the same replies on any part of it.

`width` below INF tries at most that many guesses at each node: the total is then a real
tree's (an upper bound of the least), not a proof. `allowed` (when not empty) limits the
guesses tried at the top node to one per class of guesses alike there (symmetry); the
groups below get every guess. `stop` is shared with the caller: [nodes searched, stop flag];
a flag set from another thread (a time limit, a Ctrl-C) ends the search, which then returns
ABORTED.

Compiled once and cached on disk (Numba's cache, beside this file); the search keeps its own
stack of frames because a recursive compiled function cannot be loaded from that cache.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.typed import List

from .scan import pool_bounds

INF = 1 << 40  # no tree within the guesses left
QUICK = 40  # groups up to this size are bounded from their own codes alone before a search
NONE = np.zeros(0, dtype=np.bool_)  # `allowed` when every guess of the pool may be tried
ABORTED = -1
MIX = np.random.default_rng(20131).integers(1, 2**62, size=1 << 16, dtype=np.int64)
# A frame's arrays (`_frame`): its codes, them grouped by reply, group starts, bounds, exactness.
Frame = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]
Found = tuple[int, int, bool]  # (total or a lower bound, guess or -1, exact)
# `_prepare`'s (final, total, guess, exact, child pool, order, bounds, lower)
Prepared = tuple[bool, int, int, bool, np.ndarray, np.ndarray, np.ndarray, int]


@njit(cache=True, nogil=True)
def _popcount(mask: int) -> int:
    """How many bits of `mask` are set."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@njit(cache=True, nogil=True)
def _same_row(replies: np.ndarray, codes: np.ndarray, a: int, b: int) -> bool:
    """Whether guesses a and b get the same reply from every code."""
    for i in range(len(codes)):  # noqa: SIM110 (a loop: compiled, no generator)
        if replies[a, codes[i]] != replies[b, codes[i]]:
            return False
    return True


@njit(cache=True, nogil=True)
def child_index(child: np.ndarray, guess: int) -> int:
    """Where `guess` is in the sorted pool `child`, or -1."""
    at = np.searchsorted(child, guess)
    if at < len(child) and child[at] == guess:
        return int(at)
    return -1


@njit(cache=True, nogil=True)
def _distinct_pool(
    replies: np.ndarray,
    codes: np.ndarray,
    pool: np.ndarray,
    keys: np.ndarray,
    bounds: np.ndarray,
    useful: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The useful guesses, one per distinct reply row (sorted: the pool of the groups below),
    the order to try them in, and whether each is the first of its reply row to try."""
    by_key = np.argsort(keys, kind="mergesort")
    child = np.sort(pool[_firsts(replies, codes, pool, keys, by_key, useful)])
    tried = _firsts(replies, codes, pool, keys, by_key, bounds < 2 * INF)
    return child, np.argsort(bounds, kind="mergesort"), tried


@njit(cache=True, nogil=True)
def _firsts(
    replies: np.ndarray,
    codes: np.ndarray,
    pool: np.ndarray,
    keys: np.ndarray,
    by_key: np.ndarray,
    among: np.ndarray,
) -> np.ndarray:
    """Which guesses of `among` are the first (by key order) with their reply row."""
    keep = np.zeros(len(pool), dtype=np.bool_)
    for a in range(len(by_key)):
        p = by_key[a]
        if not among[p]:
            continue
        b, seen = a - 1, False
        while b >= 0 and keys[by_key[b]] == keys[p]:
            q = by_key[b]
            if keep[q] and _same_row(replies, codes, pool[p], pool[q]):
                seen = True
                break
            b -= 1
        keep[p] = not seen
    return keep


@njit(cache=True, nogil=True)
def _prepare(
    replies: np.ndarray,
    columns: np.ndarray,
    least: np.ndarray,
    mix: np.ndarray,
    codes: np.ndarray,
    pool: np.ndarray,
    allowed: np.ndarray,
    left: int,
    bound: int,
    win: int,
    kinds: int,
    stop: np.ndarray,
) -> Prepared:
    """A node's first pass: (final, total, guess, exact, child pool, order, bounds, lower).

    Final when the total is known at once (exact, or a lower bound >= `bound`); else the pool
    for the groups below, the guesses in the order to try them and their doubled bounds."""
    n = len(codes)
    none32, none64 = np.empty(0, dtype=np.int32), np.empty(0, dtype=np.int64)
    if stop[1] != 0:
        return True, ABORTED, -1, False, none32, none64, none64, 0
    if n == 1:
        return True, (1 if left >= 1 else INF), codes[0], True, none32, none64, none64, 0
    if n == 2:
        return True, (3 if left >= 2 else INF), codes[0], True, none32, none64, none64, 0
    if left < 2:
        return True, INF, -1, True, none32, none64, none64, 0
    stop[0] += 1
    most, told = 0, -1
    for i in range(n):  # a code of the set that tells the others apart
        guess, mask = codes[i], 0
        for j in range(n):
            mask |= 1 << replies[guess, codes[j]]
        groups = _popcount(mask)
        if groups > most:
            most, told = groups, guess
    if most == n:
        return True, 2 * n - 1, told, True, none32, none64, none64, 0
    if most == n - 1 and left >= 3:
        return True, 2 * n, told, True, none32, none64, none64, 0
    size = len(pool)
    bounds = np.empty(size, dtype=np.int64)
    useful = np.zeros(size, dtype=np.bool_)
    totals, largest, hits = pool_bounds(columns, least, codes, pool, win, kinds)
    lower = INF
    for p in range(size):
        guess, total, hit = pool[p], totals[p], hits[p]
        if largest[p] <= 1:  # tells every code apart (no code of the set does: checked)
            return True, 2 * n, guess, True, none32, none64, none64, 0
        useful[p] = largest[p] < n or hit > 0
        if useful[p] and (len(allowed) == 0 or allowed[guess]):
            bounds[p] = 2 * total + (hit == 0)  # ties: a possible code first
            lower = min(lower, total)
        else:
            bounds[p] = 2 * INF
    if left == 2:  # only a guess telling every code apart finishes, and none does
        return True, INF, -1, True, none32, none64, none64, 0
    lower = max(lower, 2 * n)
    if lower >= bound:
        return True, lower, -1, False, none32, none64, none64, 0
    keys = np.zeros(size, dtype=np.int64)  # one guess per distinct reply row goes below
    for i in range(n):  # code by code, as in `scan.pool_bounds`
        column, weight = columns[codes[i]], mix[i]
        for p in range(size):
            keys[p] += weight * (column[pool[p]] + 1)
    child, order, tried = _distinct_pool(replies, codes, pool, keys, bounds, useful)
    bounds[~tried] = 2 * INF + 2  # the same split as a guess tried before it: skipped
    return False, 0, -1, False, child, order, bounds, lower


@njit(cache=True, nogil=True)
def quick(replies: np.ndarray, least: np.ndarray, codes: np.ndarray, left: int) -> tuple[int, bool]:
    """(a lower bound, exact) for a small set, from its own codes alone (no pool pass)."""
    n = len(codes)
    if n == 1:
        return (1 if left >= 1 else INF), True
    if n == 2:
        return (3 if left >= 2 else INF), True
    if left < 2:
        return INF, True
    most = 0
    for i in range(n):
        guess, mask = codes[i], 0
        for j in range(n):
            mask |= 1 << replies[guess, codes[j]]
        most = max(most, _popcount(mask))
    if most == n:
        return 2 * n - 1, True
    if most == n - 1 and left >= 3:
        return 2 * n, True
    return max(2 * n, least[n]), False


@njit(cache=True, nogil=True)
def quick_sum(
    replies: np.ndarray, least: np.ndarray, flat: np.ndarray, ends: np.ndarray, left: int
) -> int:
    """How much the sets of `flat` (ending at `ends`) need above `least` of their sizes, by
    their quick bounds (INF if one cannot be finished)."""
    extra, start = 0, 0
    for k in range(len(ends)):
        codes = flat[start : ends[k]]
        value, _ = quick(replies, least, codes, left)
        extra += value - least[len(codes)]
        start = ends[k]
    return min(extra, INF)


# the numbers each frame of the search keeps, columns of `state`
LEFT, BOUND, POS, BEST, BEST_GUESS, FLOOR, LOWER, GUESS, TOTAL, PICK, TRIED = range(11)
NO_MORE, SPLIT, STOPPED = range(3)  # what `_next_guess` did


@njit(cache=True, nogil=True)
def _split(
    replies: np.ndarray,
    columns: np.ndarray,
    least: np.ndarray,
    mix: np.ndarray,
    frame: Frame,
    guess: int,
    pool: np.ndarray,
    left: int,
    best: int,
    win: int,
    kinds: int,
    stop: np.ndarray,
) -> int:
    """Group the frame's codes by their reply to `guess` and bound each group (no search)."""
    codes, members, starts, known, exact = frame
    n = len(codes)
    starts[:] = 0
    for i in range(n):
        starts[replies[guess, codes[i]] + 1] += 1
    for reply in range(kinds):
        starts[reply + 1] += starts[reply]
    fill = starts[:kinds].copy()
    for i in range(n):
        reply = replies[guess, codes[i]]
        members[fill[reply]] = codes[i]
        fill[reply] += 1
    total = n
    for reply in range(kinds):
        known[reply], exact[reply] = 0, True
        if reply == win or starts[reply + 1] == starts[reply]:
            continue
        group = members[starts[reply] : starts[reply + 1]]
        if len(group) <= QUICK:
            value, done = quick(replies, least, group, left - 1)
        else:
            _, value, _, done, _, _, _, _ = _prepare(
                replies, columns, least, mix, group, pool, NONE, left - 1, 0, win, kinds, stop
            )
        if value == ABORTED:
            return ABORTED
        known[reply], exact[reply] = value, done
        total += value
        if total >= best:
            break
    return total


@njit(cache=True, nogil=True)
def _largest_open(frame: Frame, kinds: int) -> int:
    """The reply of the largest group whose total is not known exactly yet, or -1."""
    _, _, starts, _, exact = frame
    pick, most = -1, 0
    for reply in range(kinds):
        m = starts[reply + 1] - starts[reply]
        if not exact[reply] and m > most:
            pick, most = reply, m
    return pick


@njit(cache=True, nogil=True)
def solve_set(
    replies: np.ndarray,
    columns: np.ndarray,
    least: np.ndarray,
    mix: np.ndarray,
    codes: np.ndarray,
    pool: np.ndarray,
    allowed: np.ndarray,
    left: int,
    bound: int,
    width: int,
    win: int,
    kinds: int,
    stop: np.ndarray,
) -> Found:
    """(total, guess, exact) for `codes` with `left` guesses (see the module), searched with
    a stack of frames rather than recursion (recursive compiled functions cannot be cached)."""
    final, value, guess, exact, child, order, bounds, lower = _prepare(
        replies, columns, least, mix, codes, pool, allowed, left, bound, win, kinds, stop
    )
    if final:
        return value, guess, exact
    frames = List([_frame(codes, kinds)])
    sources, pools, orders, bound_lists = List([pool]), List([child]), List([order]), List([bounds])
    state = np.zeros((256, 11), dtype=np.int64)
    _start(state[0], left, bound, lower)
    returned, result = False, (0, -1, False)
    while True:
        d = len(frames) - 1
        row, frame = state[d], frames[d]
        if returned:  # a group of the current guess was searched
            returned = False
            pick = row[PICK]
            if result[0] == ABORTED:
                return ABORTED, -1, False
            row[TOTAL] += result[0] - frame[3][pick]
            frame[3][pick], frame[4][pick] = result[0], True
        push = -1
        finished = False
        while push < 0 and not finished:
            if row[GUESS] >= 0:
                if row[TOTAL] < row[BEST]:
                    push = _largest_open(frame, kinds)
                    if push >= 0:
                        break
                    row[BEST], row[BEST_GUESS] = row[TOTAL], row[GUESS]
                    row[GUESS] = -1
                    if row[BEST] <= row[LOWER]:
                        finished = True
                        break
                else:
                    row[FLOOR] = min(row[FLOOR], row[TOTAL])
                    row[GUESS] = -1
            did = _next_guess(
                replies,
                columns,
                least,
                mix,
                row,
                frame,
                sources[d],
                pools[d],
                orders[d],
                bound_lists[d],
                width,
                win,
                kinds,
                stop,
            )
            if did == STOPPED:
                return ABORTED, -1, False
            finished = did == NO_MORE
        if push >= 0:
            row[PICK] = push
            _, members, starts, known, _ = frame
            group = members[starts[push] : starts[push + 1]].copy()
            room = row[BEST] - (row[TOTAL] - known[push])
            final, value, guess, exact, child, order, bounds, lower = _prepare(
                replies,
                columns,
                least,
                mix,
                group,
                pools[d],
                NONE,
                row[LEFT] - 1,
                room,
                win,
                kinds,
                stop,
            )
            if final:
                returned, result = True, (value, guess, exact)
                continue
            frames.append(_frame(group, kinds))
            sources.append(pools[d])
            pools.append(child)
            orders.append(order)
            bound_lists.append(bounds)
            _start(state[d + 1], row[LEFT] - 1, room, lower)
            continue
        if row[BEST_GUESS] < 0:
            result = (max(row[BOUND], row[LOWER], row[FLOOR]), -1, False)
        else:
            result = (row[BEST], row[BEST_GUESS], True)
        frames.pop()
        sources.pop()
        pools.pop()
        orders.pop()
        bound_lists.pop()
        if d == 0:
            return result
        returned = True


@njit(cache=True, nogil=True)
def _frame(codes: np.ndarray, kinds: int) -> Frame:
    """A frame's arrays: its codes, them grouped by reply, group starts, bounds, exactness."""
    members = np.empty(len(codes), dtype=np.int32)
    starts = np.zeros(kinds + 1, dtype=np.int64)
    known = np.zeros(kinds, dtype=np.int64)
    exact = np.ones(kinds, dtype=np.bool_)
    return codes, members, starts, known, exact


@njit(cache=True, nogil=True)
def _start(row: np.ndarray, left: int, bound: int, lower: int) -> None:
    """A new frame's numbers: nothing found yet."""
    row[LEFT], row[BOUND], row[POS], row[BEST] = left, bound, 0, bound
    row[BEST_GUESS], row[FLOOR], row[LOWER], row[GUESS] = -1, INF, lower, -1
    row[TOTAL], row[PICK], row[TRIED] = 0, -1, 0


@njit(cache=True, nogil=True)
def _next_guess(
    replies: np.ndarray,
    columns: np.ndarray,
    least: np.ndarray,
    mix: np.ndarray,
    row: np.ndarray,
    frame: Frame,
    source: np.ndarray,
    child: np.ndarray,
    order: np.ndarray,
    bounds: np.ndarray,
    width: int,
    win: int,
    kinds: int,
    stop: np.ndarray,
) -> int:
    """Split the codes by the next guess worth trying (row[GUESS], row[TOTAL]).

    Returns NO_MORE when no guess left can beat the best found, SPLIT, or STOPPED."""
    while row[POS] < len(order):
        p = order[row[POS]]
        row[POS] += 1
        if bounds[p] > 2 * INF:  # the same split as another guess of the pool
            continue
        least_here = bounds[p] >> 1
        if least_here >= row[BEST]:
            row[FLOOR] = min(row[FLOOR], least_here)
            row[POS] = len(order)
            return NO_MORE
        if row[TRIED] >= width:  # a top-k search: no more guesses here
            row[POS] = len(order)
            return NO_MORE
        row[TRIED] += 1
        guess = source[p]
        total = _split(
            replies,
            columns,
            least,
            mix,
            frame,
            guess,
            child,
            row[LEFT],
            row[BEST],
            win,
            kinds,
            stop,
        )
        if total == ABORTED:
            return STOPPED
        row[GUESS], row[TOTAL] = guess, total
        return SPLIT
    return NO_MORE
