"""The exact search's compiled loops (Numba), imported only when a search first needs them.

Kept apart so that commands that never search (`suggest`, the reports) start without Numba.
Each is compiled once and cached on disk beside this file. `rows` and `screen` wrap them:

- `row_summary`: each row's groups, sum of squared group sizes and hash, in one pass;
- `answer_splits`: for groups of answers, whether one of them tells the others apart;
- `split`: a guess's groups by counting sort;
- `most_groups`: the most groups + [could be the answer] any guess of a screen makes of a
  group, best cap first, stopping as soon as the caps left cannot matter.
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
            line = matrix[guess_of[members[i]]]
            trial += 1
            told = True
            for j in range(start, stop):
                code = line[members[j]]
                if seen[code] == trial:
                    told = False
                    break
                seen[code] = trial
            if told:
                found[g] = True
                break
    return found


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
def most_groups(
    block: np.ndarray,
    by_answer: bool,
    rows: np.ndarray,
    places: np.ndarray,
    ids: np.ndarray,
    caps: np.ndarray,
    answer: np.ndarray,
    legal: np.ndarray,
    enough: int,
    give_up: int,
    replies: int,
) -> int:
    """`Screen.most_groups` compiled: guess k's replies are block[rows[k], places] (or, kept
    a row per answer, block[places, k]); GAVE_UP once a guess scores more than `give_up`.

    A guess's replies are marked in a table of bytes (stores only, no reads) and counted
    once; kept a row per answer, a chunk of guesses is marked at a time."""
    if by_answer:
        return most_groups_by_answer(
            block, places, ids, caps, answer, legal, enough, give_up, replies
        )
    count, n = len(ids), len(places)
    seen = np.zeros(replies, dtype=np.uint8)
    most, k = 0, 0
    while k < count and caps[k] > max(most, enough):
        guess = ids[k]
        k += 1
        if len(legal) and not legal[guess]:
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
    return max(most, caps[k] if k < count else 0)


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
