"""The compiled loops over blocks of replies (Numba); `finish` holds the three-row check.

- `row_summary`: each row's groups, sum of squared group sizes and hash, in one pass;
- `first_rows`: the first of each distinct row, by those hashes in a hash table (in hard
  mode, of each distinct row and `hint_signs`: the letters at the places its replies show);
- `answer_splits`: for groups of answers, whether one of them tells the others apart;
- `split`: a guess's groups by counting sort;
- `unfinished_in_two`: for each guess of a node, whether it leaves a group no guess splits;
- `most_groups`: the most groups + [could be the answer] any guess of a screen makes of a
  group, best cap first, stopping as soon as the caps left cannot matter;
- `groups_over`: the groups each guess of a screen makes of some of its answers (`Facts`);
- `weighted_rows`: `row_summary` when each answer has its own weight, with each row's bound,
  `least_weighted_bound` the least of those bounds over a screen's guesses for a group, best
  cap first, and `gather` a block of replies (the chooser's proof, `chooser.proof`);
- `hinted`: a node's legal guesses that keep one more row's hints (hard mode, `hints`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

CHUNK = 64  # guesses marked together by `most_groups_by_answer` (caps checked between chunks)
GAVE_UP = -1  # `most_groups`: a guess made more groups than `give_up`


@njit(cache=True, nogil=True)
def row_summary(
    codes: np.ndarray, mix: np.ndarray, replies: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rows, n = codes.shape
    groups = np.zeros(rows, dtype=np.int64)
    squares = np.zeros(rows, dtype=np.int64)
    keys = np.zeros(rows, dtype=np.uint64)
    counts = np.zeros(replies, dtype=np.int64)
    for r in range(rows):
        line = codes[r]
        key, found, square = np.uint64(0), 0, 0
        for j in range(n):
            code = line[j]
            key += mix[j] * np.uint64(code + 1)
            count = counts[code]
            found += count == 0
            square += 2 * count + 1  # (c + 1)^2 - c^2
            counts[code] = count + 1
        for j in range(n):
            counts[line[j]] = 0
        groups[r], squares[r], keys[r] = found, square, key
    return groups, squares, keys


@njit(cache=True, nogil=True)
def first_rows(codes: np.ndarray, keys: np.ndarray, signs: np.ndarray) -> np.ndarray:
    """The positions of the first of each distinct row of `codes`, in order, found by their
    hashes `keys` in a hash table (rows whose hashes agree are compared in full); rows of
    unequal `signs` are never alike (hard mode's hints: `hint_signs`)."""
    rows, n = codes.shape
    bits = 1
    while (1 << bits) < 2 * rows:
        bits += 1
    mask = np.int64((1 << bits) - 1)
    table = np.full(1 << bits, -1, dtype=np.int64)
    kept = np.empty(rows, dtype=np.int64)
    count = 0
    for r in range(rows):
        slot = np.int64((keys[r] * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - bits))
        while True:
            other = table[slot]
            if other < 0:
                table[slot] = r
                kept[count] = r
                count += 1
                break
            if keys[other] == keys[r] and signs[other] == signs[r]:
                same = True
                for j in range(n):
                    if codes[other, j] != codes[r, j]:
                        same = False
                        break
                if same:
                    break
            slot = (slot + 1) & mask
    return kept[:count]


@njit(cache=True, nogil=True)
def hint_signs(codes: np.ndarray, shown: np.ndarray, letters: np.ndarray) -> np.ndarray:
    """For each row of `codes` (a guess's replies), the places any reply shows green or
    yellow (bit p of `shown[code]`), and the guess's letters there (`letters`, a row per
    guess): guesses with the same replies and the same sign give the same hints."""
    rows, n = codes.shape
    signs = np.zeros(rows, dtype=np.int64)
    for r in range(rows):
        places = 0
        for j in range(n):
            places |= shown[codes[r, j]]
        sign = np.int64(places)
        for p in range(letters.shape[1]):
            if places >> p & 1:
                sign |= np.int64(letters[r, p] + 1) << np.int64(8 + 5 * p)
        signs[r] = sign
    return signs


@njit(cache=True, nogil=True)
def tells_apart(
    line: np.ndarray, members: np.ndarray, start: int, stop: int, seen: np.ndarray, trial: int
) -> bool:
    """Whether `line` gives each of members[start:stop] a different reply (`seen` marks the
    replies met, with this `trial`'s number: stops at the first one met twice)."""
    for j in range(start, stop):
        reply = line[members[j]]
        if seen[reply] == trial:
            return False
        seen[reply] = trial
    return True


@njit(cache=True, nogil=True)
def answer_splits(
    matrix: np.ndarray,
    guess_of: np.ndarray,
    members: np.ndarray,
    starts: np.ndarray,
    sizes: np.ndarray,
    replies: int,
) -> np.ndarray:
    """For each group members[starts[g]:starts[g] + sizes[g]], whether one of its answers (as
    the guess guess_of[answer]) gets a different reply from each: an answer is dropped at
    its first reply seen twice."""
    found = np.zeros(len(sizes), dtype=np.bool_)
    seen = np.zeros(replies, dtype=np.int64)  # the trial that last saw each reply
    trial = 0
    for g in range(len(sizes)):
        start, stop = starts[g], starts[g] + sizes[g]
        for i in range(start, stop):
            trial += 1
            if tells_apart(matrix[guess_of[members[i]]], members, start, stop, seen, trial):
                found[g] = True
                break
    return found


@njit(cache=True, nogil=True)
def unfinished_in_two(
    codes: np.ndarray, below: int, capable: np.ndarray, replies: int
) -> np.ndarray:
    """For each of the first `below` rows of `codes` (a node's guesses' replies over its
    targets, at most 128), whether one of its groups of 3 or more targets is told apart by
    no row of `codes`: that guess then leaves a group two more guesses cannot finish. Only
    the first capable[k] rows can tell k targets apart (the rest make fewer groups).

    A group is remembered by the bits of its targets' places (exact), so each distinct
    group is checked once."""
    rows, n = codes.shape
    unfinished = np.zeros(below, dtype=np.bool_)
    slots = 1 << 14
    lows = np.zeros(slots, dtype=np.uint64)
    highs = np.zeros(slots, dtype=np.uint64)
    known = np.zeros(slots, dtype=np.uint8)  # 0: empty, 1: some row splits it, 2: none does
    used = 0
    ends = np.zeros(replies + 1, dtype=np.int64)
    grouped = np.empty(n, dtype=np.int64)
    seen = np.zeros(replies, dtype=np.int64)  # the trial that last saw each reply
    trial = 0
    one = np.uint64(1)
    for k in range(below):
        line = codes[k]
        ends[:] = 0
        for j in range(n):
            ends[line[j] + 1] += 1
        for code in range(replies):
            ends[code + 1] += ends[code]
        for j in range(n):
            grouped[ends[line[j]]] = j
            ends[line[j]] += 1
        start = 0
        for code in range(replies):
            stop = ends[code]
            if stop - start >= 3 and not unfinished[k]:
                low, high = np.uint64(0), np.uint64(0)
                for i in range(start, stop):
                    place = grouped[i]
                    if place < 64:
                        low |= one << np.uint64(place)
                    else:
                        high |= one << np.uint64(place - 64)
                if 2 * used >= slots:
                    known[:] = 0
                    used = 0
                mixed = (low * np.uint64(0x9E3779B97F4A7C15)) ^ (high + low)
                slot = np.int64(mixed >> np.uint64(50))  # 14 bits: below `slots`
                while known[slot] and (lows[slot] != low or highs[slot] != high):
                    slot = (slot + 1) & np.int64(slots - 1)
                if known[slot] == 0:
                    told = False
                    for h in range(min(rows, capable[stop - start])):
                        trial += 1
                        told = tells_apart(codes[h], grouped, start, stop, seen, trial)
                        if told:
                            break
                    lows[slot], highs[slot] = low, high
                    known[slot] = 1 if told else 2
                    used += 1
                unfinished[k] = known[slot] == 2
            start = stop
    return unfinished


@njit(cache=True, nogil=True)
def popcount(word: np.uint64) -> int:
    """How many bits of `word` are set (SWAR)."""
    word = word - ((word >> np.uint64(1)) & np.uint64(0x5555555555555555))
    word = (word & np.uint64(0x3333333333333333)) + (
        (word >> np.uint64(2)) & np.uint64(0x3333333333333333)
    )
    word = (word + (word >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((word * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, nogil=True)
def split(
    row: np.ndarray, targets: np.ndarray, replies: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    counts = np.zeros(replies + 1, dtype=np.int64)
    for code in row:
        counts[code + 1] += 1
    kinds = 0
    for code in range(replies):
        kinds += counts[code + 1] > 0
    values = np.empty(kinds, dtype=np.int64)
    sizes = np.empty(kinds, dtype=np.int64)
    k = 0
    for code in range(replies):
        if counts[code + 1]:
            values[k], sizes[k] = code, counts[code + 1]
            k += 1
        counts[code + 1] += counts[code]  # where each reply's group starts
    grouped = np.empty_like(targets)
    for i in range(len(row)):
        code = row[i]
        grouped[counts[code]] = targets[i]
        counts[code] += 1
    return values, sizes, grouped


@njit(cache=True, nogil=True)
def groups_over(block: np.ndarray, places: np.ndarray, replies: int) -> np.ndarray:
    """The groups each row of `block` makes of its columns `places` (at most 255 counted)."""
    groups = np.empty(len(block), dtype=np.uint8)
    seen = np.zeros(replies, dtype=np.uint8)
    for k in range(len(block)):
        line = block[k]
        for j in range(len(places)):
            seen[line[places[j]]] = 1
        found = 0
        for code in range(replies):
            found += seen[code]
            seen[code] = 0
        groups[k] = min(found, 255)
    return groups


@njit(cache=True, nogil=True)
def most_groups(
    block: np.ndarray,
    by_answer: bool,
    rows: np.ndarray,
    places: np.ndarray,
    ids: np.ndarray,
    caps: np.ndarray,
    tighter: np.ndarray,
    answer: np.ndarray,
    legal: np.ndarray,
    enough: int,
    give_up: int,
    replies: int,
) -> int:
    """`Screen.most_groups` compiled: guess k's replies are block[rows[k], places] (or, kept
    a row per answer, block[places, k]); GAVE_UP once a guess scores more than `give_up`.
    Each row of `tighter` (a row per guess of the block) caps guess k's groups again, + [could
    be the answer]: a guess capped at the most found and `enough` or below is skipped.

    A guess's replies are marked in a table of bytes (stores only, no reads) and counted
    once; kept a row per answer, a chunk of guesses is marked at a time."""
    if by_answer:
        return most_groups_by_answer(
            block, places, ids, caps, answer, legal, enough, give_up, replies
        )
    count, n = len(ids), len(places)
    seen = np.zeros(replies, dtype=np.uint8)
    most, k, skipped = 0, 0, 0  # skipped: the highest cap of a guess passed over
    while k < count and caps[k] > max(most, enough):
        guess = ids[k]
        k += 1
        if len(legal) and not legal[guess]:
            continue
        cap = caps[k - 1]
        for f in range(tighter.shape[0]):
            cap = min(cap, tighter[f, k - 1] + (1 if answer[guess] else 0))
        if cap <= max(most, enough):
            skipped = max(skipped, cap)
            continue
        line = block[rows[k - 1]]
        for j in range(n):
            seen[line[places[j]]] = 1
        score = 1 if answer[guess] else 0
        for code in range(replies):
            score += seen[code]
        seen[:] = 0
        most = max(most, score)
        if most > give_up:
            return GAVE_UP
    return max(most, skipped, caps[k] if k < count else 0)


@njit(cache=True, nogil=True)
def most_groups_by_answer(
    block: np.ndarray,
    places: np.ndarray,
    ids: np.ndarray,
    caps: np.ndarray,
    answer: np.ndarray,
    legal: np.ndarray,
    enough: int,
    give_up: int,
    replies: int,
) -> int:
    """`most_groups` for a block kept a row per answer: CHUNK guesses marked at a time."""
    count, n = len(ids), len(places)
    seen = np.zeros((CHUNK, replies), dtype=np.uint8)
    most, start = 0, 0
    while start < count and caps[start] > max(most, enough):
        limit = max(most, enough)
        stop = start
        while stop < count and stop - start < CHUNK and caps[stop] > limit:
            stop += 1
        for j in range(n):
            line = block[places[j]]
            for k in range(start, stop):
                seen[k - start, line[k]] = 1
        for k in range(start, stop):
            row, guess = seen[k - start], ids[k]
            score = 1 if answer[guess] else 0
            for code in range(replies):
                score += row[code]
            row[:] = 0
            if len(legal) and not legal[guess]:
                continue
            most = max(most, score)
        if most > give_up:
            return GAVE_UP
        start = stop
    return max(most, caps[start] if start < count else 0)


@njit(cache=True, nogil=True)
def weighted_rows(
    codes: np.ndarray, w: np.ndarray, mix: np.ndarray, win: int, replies: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For each row of `codes` (a guess's replies over answers weighing `w`): its groups, its
    lower bound W + 2 (W - its own weight) - (each losing group's heaviest answer, summed),
    the squared weights of its losing groups summed, and its hash (`row_summary`'s)."""
    rows, n = codes.shape
    total = 0.0
    for j in range(n):
        total += w[j]
    groups = np.zeros(rows, dtype=np.int64)
    bounds = np.empty(rows)
    masses = np.empty(rows)
    keys = np.zeros(rows, dtype=np.uint64)
    counts = np.zeros(replies, dtype=np.int64)
    sums = np.zeros(replies)
    tops = np.zeros(replies)
    for r in range(rows):
        line = codes[r]
        key, found = np.uint64(0), 0
        for j in range(n):
            code = line[j]
            key += mix[j] * np.uint64(code + 1)
            found += counts[code] == 0
            counts[code] += 1
            sums[code] += w[j]
            tops[code] = max(tops[code], w[j])
        own, heaviest, mass = 0.0, 0.0, 0.0
        for j in range(n):
            code = line[j]
            if counts[code]:
                if code == win:
                    own = sums[code]
                else:
                    heaviest += tops[code]
                    mass += sums[code] * sums[code]
                counts[code], sums[code], tops[code] = 0, 0.0, 0.0
        groups[r], keys[r], masses[r] = found, key, mass
        bounds[r] = total + 2 * (total - own) - heaviest
    return groups, bounds, masses, keys


@njit(cache=True, nogil=True)
def hinted(
    legal: np.ndarray,
    greens: np.ndarray,
    counts: np.ndarray,
    letters: np.ndarray,
    marks: np.ndarray,
    guess: int,
    reply: int,
) -> np.ndarray:
    """`legal` (booleans, or packed bits) and, for each green, `greens[place * 26 + letter]`,
    for each letter shown green or yellow k times, `counts[letter * (length + 1) + k]`."""
    kept = legal.copy()
    length = letters.shape[1]
    needed = np.zeros(26, dtype=np.int64)
    for i in range(length):
        letter, mark = letters[guess, i], marks[reply, i]
        if mark == 2:
            kept &= greens[i * 26 + letter]
        if mark > 0:
            needed[letter] += 1
    for letter in range(26):
        if needed[letter]:
            kept &= counts[letter * (length + 1) + needed[letter]]
    return kept


@njit(cache=True, nogil=True)
def gather(matrix: np.ndarray, ids: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """matrix[ids][:, targets] in one pass: a row per guess of `ids`, a column per target."""
    codes = np.empty((len(ids), len(targets)), dtype=matrix.dtype)
    for k in range(len(ids)):
        line = matrix[ids[k]]
        for j in range(len(targets)):
            codes[k, j] = line[targets[j]]
    return codes


@njit(cache=True, nogil=True)
def least_weighted_bound(
    block: np.ndarray,
    rows: np.ndarray,
    places: np.ndarray,
    ids: np.ndarray,
    caps: np.ndarray,
    legal: np.ndarray,
    w: np.ndarray,
    reach: np.ndarray,
    known: float,
    needed: float,
    win: int,
    replies: int,
) -> float:
    """The least of `weighted_rows`'s bounds over a screen's guesses for a group (guess k's
    replies block[rows[k], places], the group's weights `w`), or a lower bound on it of
    `needed` or more; `known` if it cannot beat that. The guesses are scored best cap first:
    `reach[m]` is the least bound a guess of cap m can have, so once it reaches the least found
    (or `needed`) no guess left matters."""
    total = 0.0
    for j in range(len(w)):
        total += w[j]
    sums = np.zeros(replies)
    tops = np.zeros(replies)
    best = np.inf
    k = 0
    while k < len(ids) and reach[caps[k]] < min(best, needed):
        guess = ids[k]
        k += 1
        if len(legal) and not legal[guess]:
            continue
        line = block[rows[k - 1]]
        for j in range(len(places)):
            code = line[places[j]]
            sums[code] += w[j]
            if w[j] > tops[code]:
                tops[code] = w[j]
        own, heaviest = 0.0, 0.0
        for j in range(len(places)):
            code = line[places[j]]
            if sums[code] > 0.0:
                if code == win:
                    own = sums[code]
                else:
                    heaviest += tops[code]
                sums[code], tops[code] = 0.0, 0.0
        bound = total + 2 * (total - own) - heaviest
        if bound < best:
            best = bound
            if best <= known:
                return known
    if k < len(ids):
        best = min(best, reach[caps[k]])
    return max(best, known)
