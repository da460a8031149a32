"""Passes over blocks of replies, a row per guess, for the exact search (compiled: `kernels`).

- `row_summary`: each row's number of groups, sum of squared group sizes and a hash of
  the row, in one pass (the ranking and `distinct_rows` need all three); `weighted_summary`
  the same when each answer has its own weight, with each row's lower bound;
- `distinct_rows`: the first row of each distinct reply row, from the hashes (rows whose
  hashes agree are compared in full, so a collision never merges two different rows),
  in NumPy: making a position's sub-game needs no compiled code;
- `first_rows`: the same, compiled, for a search's every node;
- `answer_splits`: for groups of answers, whether one of them tells the others apart;
- `split`: a guess's groups (their replies, sizes, and the targets grouped by reply);
- `unfinished_in_two`: for each guess, whether it leaves a group that no guess splits;
  `unfinished_in_three`, whether it leaves one three rows cannot finish (`kernels.finish`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import Any

import numpy as np

Summary = tuple[np.ndarray, np.ndarray, np.ndarray]
UNFINISHED_UP_TO = 128  # `unfinished_in_two` keys a group by the bits of its places
_MIX = np.random.default_rng(20221).integers(1, 2**63, size=1 << 14, dtype=np.uint64)


def row_summary(codes: np.ndarray, replies: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(groups, sum of squared group sizes, hash) of each row of `codes` (values < `replies`)."""
    mix = _MIX if codes.shape[1] <= len(_MIX) else _mix(codes.shape[1])
    found: Summary = call(compiled().row_summary, np.ascontiguousarray(codes), mix, replies)
    return found


def weighted_summary(
    codes: np.ndarray, weights: np.ndarray, win: int, replies: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For each row of `codes` over answers of these `weights`: its groups, its lower bound on
    the weighted total (`kernels.weighted_rows`), its groups' squared weights summed (the
    winning reply's left out) and its hash (`row_summary`'s)."""
    mix = _MIX if codes.shape[1] <= len(_MIX) else _mix(codes.shape[1])
    found: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] = call(
        compiled().weighted_rows, np.ascontiguousarray(codes), weights, mix, win, replies
    )
    return found


def gather(matrix: np.ndarray, ids: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """The replies of guesses `ids` over `targets` (`matrix[ids][:, targets]`, compiled: one
    pass, no copy of whole rows)."""
    codes: np.ndarray = call(compiled().gather, matrix, ids, targets)
    return codes


def row_keys(codes: np.ndarray) -> np.ndarray:
    """A hash of each row of `codes`, as `row_summary`'s (NumPy's integer product: for one-off
    blocks, no compiled code needed; it wraps around as the sum does)."""
    n = codes.shape[1]
    mix = _MIX[:n] if n <= len(_MIX) else _mix(n)
    keys: np.ndarray = codes @ mix + mix.sum(dtype=np.uint64)
    return keys


def distinct_rows(codes: np.ndarray, keys: np.ndarray | None = None) -> np.ndarray:
    """Positions of the first of each distinct row of `codes`, in order (`keys`: the rows'
    hashes, from `row_summary` or `row_keys`, if known)."""
    if len(codes) == 0:
        return np.arange(0)
    keys = row_keys(codes) if keys is None else keys
    _, first, back = np.unique(keys, return_index=True, return_inverse=True)
    alike = first[back]
    repeats = np.flatnonzero(alike != np.arange(len(codes)))
    if not np.array_equal(codes[repeats], codes[alike[repeats]]):  # a collision: compare all
        seen: dict[bytes, int] = {}
        for i, row in enumerate(codes):
            seen.setdefault(row.tobytes(), i)
        return np.array(sorted(seen.values()))
    return np.sort(first)


def first_rows(codes: np.ndarray, keys: np.ndarray, signs: np.ndarray | None = None) -> np.ndarray:
    """`distinct_rows` compiled (a hash table, not a sort): the positions of the first of each
    distinct row of `codes`, in order, given their hashes `keys` (from `row_summary`); rows
    whose `signs` differ are kept apart (hard mode's hints, `CompiledHints.signs`)."""
    signs = np.zeros(len(codes), dtype=np.int64) if signs is None else signs
    kept: np.ndarray = call(compiled().first_rows, np.ascontiguousarray(codes), keys, signs)
    return kept


def answer_splits(
    matrix: np.ndarray,
    guess_of: np.ndarray,
    members: np.ndarray,
    starts: np.ndarray,
    sizes: np.ndarray,
    replies: int,
) -> np.ndarray:
    """For each group of answers (`sizes[g]` of `members` from `starts[g]`), whether one of
    them (as the guess `guess_of[answer]`) gets a different reply from every answer of it."""
    told: np.ndarray = call(
        compiled().answer_splits, matrix, guess_of, members, starts, sizes, replies
    )
    return told


def unfinished_in_two(
    codes: np.ndarray, below: int, replies: int, capable: np.ndarray | None = None
) -> np.ndarray:
    """For each of the first `below` rows of `codes` (a node's guesses' replies over its
    targets, at most UNFINISHED_UP_TO), whether it leaves a group of 3 or more targets no row
    of `codes` tells apart (`capable[k]`: how many first rows can tell k targets apart; by
    default all)."""
    if capable is None:
        capable = np.full(codes.shape[1] + 1, len(codes), dtype=np.int64)
    unfinished: np.ndarray = call(compiled().unfinished_in_two, codes, below, capable, replies)
    return unfinished


def unfinished_in_three(
    codes: np.ndarray, below: int, replies: int, capable: np.ndarray, give_up: int | None = None
) -> np.ndarray:
    """For each of the first `below` rows of `codes` (as `unfinished_in_two`'s), whether it
    leaves a group of 4 or more targets that three rows cannot finish with these rows'
    guesses; it stops, the rest unmarked, after `give_up` rows with none marked (by default
    `kernels.finish.GIVE_UP`)."""
    kernels = compiled()
    give_up = kernels.finish.GIVE_UP if give_up is None else give_up
    found: np.ndarray = call(kernels.unfinished_in_three, codes, below, capable, replies, give_up)
    return found


def split(
    row: np.ndarray, targets: np.ndarray, replies: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The replies `row` holds (ascending), how many targets get each, and `targets` grouped
    by reply in that order (each group keeping the targets' order): a counting sort."""
    groups: Summary = call(compiled().split, row, targets, replies)
    return groups


@cache
def compiled() -> ModuleType:
    """The compiled loops (`kernels`), imported on first use: Numba loads only for a search."""
    from . import kernels

    return kernels


def call(loop: Callable[..., Any], *args: Any) -> Any:
    """`loop(*args)`, a compiled loop's call, with a Ctrl-C that lands as it returns raised as
    KeyboardInterrupt (Python reports it as a SystemError caused by the interrupt)."""
    try:
        return loop(*args)
    except SystemError as error:
        cause: BaseException | None = error
        while isinstance(cause, SystemError):  # Numba's own SystemError may come between
            cause = cause.__cause__ or cause.__context__
        if isinstance(cause, KeyboardInterrupt):
            raise KeyboardInterrupt from None
        raise


def warm() -> None:
    """Load the compiled loops now (Numba's import and first call: about 0.4 s; compiling them,
    the first time, about 3 s), so that a search timed against a budget does not spend its
    time on them. Each is called once with the argument types the search passes."""
    kernels = compiled()
    codes, one = np.zeros((1, 1), dtype=np.uint8), np.zeros(1, dtype=np.int64)
    kernels.split(codes[0], np.zeros(1, dtype=np.int32), 1)
    kernels.row_summary(codes, _MIX[:1], 1)
    kernels.first_rows(codes, np.zeros(1, dtype=np.uint64), one)
    kernels.hint_signs(codes, one, np.zeros((1, 1), dtype=np.int64))
    kernels.answer_splits(codes, one, np.zeros(1, dtype=np.int32), one, one, 1)
    flag, caps = np.zeros(1, dtype=np.bool_), np.zeros((0, 1), dtype=np.uint8)
    kernels.most_groups(codes, False, one, one, one, one, caps, flag, flag, 0, 0, 1)
    kernels.groups_over(codes, one, 1)
    kernels.unfinished_in_two(codes, 1, one, 1)
    kernels.unfinished_in_three(codes, 1, one, 1, 1)
    kernels.weighted_rows(codes, np.ones(1), _MIX[:1], 0, 1)
    kernels.gather(codes, one, np.zeros(1, dtype=np.int32))
    letters = np.zeros((1, 1), dtype=np.int64)
    for legal in (flag, np.zeros(1, dtype=np.uint8)):
        table = np.zeros((27, 1), dtype=legal.dtype)
        kernels.hinted(legal, table, table, letters, letters, 0, 0)
    weights = np.ones(1)
    kernels.least_weighted_bound(codes, one, one, one, one, flag, weights, weights, 0.0, 0.0, 0, 1)


def _mix(width: int) -> np.ndarray:
    """Hash multipliers for rows wider than the shared table."""
    return np.random.default_rng(20221).integers(1, 2**63, size=width, dtype=np.uint64)
