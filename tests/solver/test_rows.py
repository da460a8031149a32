"""The exact search's compiled passes over replies, against plain Python and NumPy.

- `row_summary` gives each row's groups and sum of squared group sizes, and equal rows the
  same hash, and `row_keys` (NumPy, for a position's sub-game) the same hashes;
- `distinct_rows` (NumPy) and `first_rows` (compiled) keep the first of each distinct row,
  also when every hash collides;
- `split` groups targets by reply as a stable sort does;
- `call` turns a Ctrl-C that lands as a compiled loop returns back into KeyboardInterrupt;
- `warm` compiles the variants an exact search then uses, in both modes;
- `answer_splits` says whether some answer of each group tells the group apart, as a brute
  force over the reply matrix does; `unfinished_in_two` says whether each guess leaves a
  group of 3 or more that no row tells apart, as a brute force does; `unfinished_in_three`
  whether it leaves a group of 4 or more that no row finishes in three (each group it leaves
  of at most two, or told apart by some row), as a brute force does, and stops unmarked
  after `give_up` rows with none marked;
- `groups_over` counts each row's distinct replies at some places.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference_solver import property_settings

from wordle_tui.solver.search.rows import (
    answer_splits,
    call,
    compiled,
    distinct_rows,
    first_rows,
    row_keys,
    row_summary,
    split,
    unfinished_in_three,
    unfinished_in_two,
    warm,
)

blocks = st.lists(st.lists(st.integers(0, 3), min_size=3, max_size=3), min_size=1)


@property_settings(100)
@given(codes=blocks)
def test_distinct_rows_keeps_the_first_of_each(codes):
    array = np.array(codes, dtype=np.uint8)
    firsts = [i for i, r in enumerate(codes) if r not in codes[:i]]
    assert distinct_rows(array).tolist() == firsts
    assert first_rows(array, row_summary(array, 4)[2]).tolist() == firsts


@property_settings(100)
@given(codes=blocks)
def test_distinct_rows_compares_rows_whose_hashes_collide(codes):
    """Every hash equal, or a hash of three values (a row's sum mod 3): rows still differ."""
    array = np.array(codes, dtype=np.uint8)
    firsts = [i for i, r in enumerate(codes) if r not in codes[:i]]
    alike = np.zeros(len(array), dtype=np.uint64)
    few = (array.sum(axis=1) % 3).astype(np.uint64)
    assert distinct_rows(array, keys=alike).tolist() == firsts
    assert first_rows(array, alike).tolist() == firsts
    assert first_rows(array, few).tolist() == firsts


@property_settings(100)
@given(codes=st.lists(st.lists(st.integers(0, 242), min_size=5, max_size=5), min_size=1))
def test_row_summary_counts_groups_and_squares(codes):
    array = np.array(codes, dtype=np.uint8)
    groups, squares, keys = row_summary(array, 243)
    for row, found, square in zip(codes, groups.tolist(), squares.tolist(), strict=True):
        sizes = Counter(row).values()
        assert found == len(sizes)
        assert square == sum(s * s for s in sizes)
    for i, j in zip(*np.triu_indices(len(codes), 1), strict=True):
        if codes[i] == codes[j]:
            assert keys[i] == keys[j]


@property_settings(100)
@given(row=st.lists(st.integers(0, 9), min_size=1, max_size=40))
def test_split_groups_targets_by_reply_in_order(row):
    codes = np.array(row, dtype=np.uint8)
    targets = np.arange(100, 100 + len(row), dtype=np.int32)
    values, counts, grouped = split(codes, targets, 10)
    expected_values, expected_counts = np.unique(codes, return_counts=True)
    assert values.tolist() == expected_values.tolist()
    assert counts.tolist() == expected_counts.tolist()
    assert grouped.tolist() == targets[np.argsort(codes, kind="stable")].tolist()


@property_settings(100)
@given(
    matrix=st.lists(st.lists(st.integers(0, 5), min_size=8, max_size=8), min_size=8, max_size=8),
    sizes=st.lists(st.integers(1, 4), min_size=1, max_size=3),
    seed=st.integers(0, 1000),
)
def test_answer_splits_match_a_brute_force(matrix, sizes, seed):
    """Answers 0-7 are guesses 7-0 (a reversed map), each group drawn without repeats."""
    replies = np.array(matrix, dtype=np.uint8)
    guess_of = np.arange(7, -1, -1)
    members = np.random.default_rng(seed).permutation(8)[: sum(sizes)].astype(np.int32)
    sizes = sizes[: len(members)] if sum(sizes) <= 8 else [1] * len(members)
    starts = np.cumsum([0, *sizes])[:-1]
    found = answer_splits(replies, guess_of, members, starts, np.array(sizes), 6)
    for k, (start, size) in enumerate(zip(starts, sizes, strict=True)):
        group = members[start : start + size].tolist()
        told = any(len({matrix[guess_of[a]][b] for b in group}) == size for a in group)
        assert bool(found[k]) == told


def groups_of(row: list[int], places: list[int]) -> dict[int, list[int]]:
    """The places grouped by their value in `row`."""
    groups: dict[int, list[int]] = {}
    for place in places:
        groups.setdefault(row[place], []).append(place)
    return groups


@property_settings(100)
@given(
    codes=st.lists(st.lists(st.integers(0, 4), min_size=7, max_size=7), min_size=1, max_size=12),
    below=st.integers(0, 12),
)
def test_unfinished_in_two_matches_a_brute_force(codes, below):
    """Rows by groups, most first (as a search ranks them); told how many first rows make
    k groups or more, for each k, or not."""
    codes = sorted(codes, key=lambda row: -len(set(row)))
    below = min(below, len(codes))
    array = np.array(codes, dtype=np.uint8)
    capable = np.array([sum(len(set(row)) >= k for row in codes) for k in range(8)])
    unfinished = unfinished_in_two(array, below, 5)
    assert unfinished.tolist() == unfinished_in_two(array, below, 5, capable).tolist()
    places = list(range(7))
    for k in range(below):
        groups = [g for g in groups_of(codes[k], places).values() if len(g) >= 3]
        told_apart = [any(len({r[p] for p in g}) == len(g) for r in codes) for g in groups]
        assert bool(unfinished[k]) == (not all(told_apart))


def test_unfinished_in_two_keys_a_group_by_its_places_beyond_64():
    """Groups {1, 2, 100} and {1, 2, 101} (alike below place 64) are remembered apart."""
    unique = np.arange(3, 131, dtype=np.uint8)  # every place its own reply
    first, second = unique.copy(), unique.copy()
    first[[1, 2, 100]] = 0
    second[[1, 2, 101]] = 0
    splitter = np.ones(128, dtype=np.uint8)
    splitter[[1, 2, 100, 101]] = [2, 3, 4, 2]  # tells {1, 2, 100} apart, not {1, 2, 101}
    codes = np.stack([first, second, splitter])
    assert unfinished_in_two(codes, 2, 243).tolist() == [False, True]


def told_apart(row: list[int], group: list[int]) -> bool:
    """Whether `row` gives every place of `group` a reply of its own."""
    return len({row[p] for p in group}) == len(group)


def finishable_in_three(codes: list[list[int]], group: list[int]) -> bool:
    """Some row leaves of `group` only groups of at most two, or told apart by some row."""
    return any(
        all(
            len(part) <= 2 or any(told_apart(r, part) for r in codes)
            for part in groups_of(h, group).values()
        )
        for h in codes
    )


@property_settings(150)
@given(
    codes=st.lists(st.lists(st.integers(0, 3), min_size=9, max_size=9), min_size=1, max_size=10),
    below=st.integers(0, 10),
    give_up=st.integers(0, 10),
)
def test_unfinished_in_three_matches_a_brute_force(codes, below, give_up):
    """Four replies over nine places: groups no three rows finish are common. Rows by
    groups, most first, with how many first rows make k groups or more."""
    codes = sorted(codes, key=lambda row: -len(set(row)))
    below = min(below, len(codes))
    array = np.array(codes, dtype=np.uint8)
    capable = np.array([sum(len(set(row)) >= k for row in codes) for k in range(10)])
    everything = unfinished_in_three(array, below, 4, capable, give_up=below)
    places = list(range(9))
    for k in range(below):
        groups = [g for g in groups_of(codes[k], places).values() if len(g) >= 4]
        expected = not all(finishable_in_three(codes, g) for g in groups)
        assert bool(everything[k]) == expected
    stopping = unfinished_in_three(array, below, 4, capable, give_up=give_up)
    kept = everything.any() if give_up >= below else everything[:give_up].any()
    assert stopping.tolist() == (everything if kept else np.zeros(below, bool)).tolist()


@property_settings(150)
@given(
    codes=st.lists(st.lists(st.integers(0, 3), min_size=9, max_size=9), min_size=1, max_size=10),
    group=st.lists(st.integers(0, 8), min_size=3, max_size=9, unique=True),
)
def test_a_core_is_a_part_of_the_group_that_no_row_tells_apart(codes, group):
    """The pass's cores, found in one sweep of the rows: none when a row tells the whole group
    apart, else three or more of its places that no row tells apart."""
    from wordle_tui.solver.search.kernels.finish import _untold_core

    codes = sorted(codes, key=lambda row: -len(set(row)))
    capable = np.array([sum(len(set(row)) >= k for row in codes) for k in range(10)])
    marks = (np.zeros(4, np.int64), np.zeros(4, np.int64), np.zeros(1, np.int64))
    core = np.empty(9, dtype=np.int64)
    array, places = np.array(codes, dtype=np.uint8), np.array(group, dtype=np.int64)
    size = _untold_core(array, places, 0, len(group), capable, marks, core)
    if any(told_apart(row, group) for row in codes):
        assert size == -1
    else:
        found = core[:size].tolist()
        assert 3 <= size <= len(group) and len(set(found)) == size and set(found) <= set(group)
        assert not any(told_apart(row, found) for row in codes)


def test_unfinished_in_three_keys_a_group_by_its_places_beyond_64():
    """{1, 2, 3, 100} and {1, 2, 3, 101} (alike below place 64): only the row telling the
    first's parts apart finishes it."""
    unique = np.arange(4, 132, dtype=np.uint8)  # every place its own reply
    first, second = unique.copy(), unique.copy()
    first[[1, 2, 3, 100]] = 0
    second[[1, 2, 3, 101]] = 0
    halves = np.full(128, 1, dtype=np.uint8)
    halves[[1, 2, 3, 100, 101]] = [2, 2, 3, 3, 2]  # {1, 2, 101} together: three, untold
    codes = np.stack([first, second, halves])
    capable = np.full(129, 3, dtype=np.int64)
    assert unfinished_in_three(codes, 2, 243, capable, give_up=2).tolist() == [False, True]


@property_settings(100)
@given(
    codes=st.lists(st.lists(st.integers(0, 6), min_size=6, max_size=6), min_size=1, max_size=8),
    places=st.lists(st.integers(0, 5), min_size=1, max_size=6, unique=True),
)
def test_groups_over_counts_distinct_replies_at_the_places(codes, places):
    array = np.array(codes, dtype=np.uint8)
    found = compiled().groups_over(array, np.array(places, dtype=np.int64), 7)
    assert found.tolist() == [len({row[p] for p in places}) for row in codes]


@property_settings(100)
@given(codes=st.lists(st.lists(st.integers(0, 242), min_size=4, max_size=4), min_size=1))
def test_row_keys_equal_the_compiled_hashes(codes):
    array = np.array(codes, dtype=np.uint8)
    assert row_keys(array).tolist() == row_summary(array, 243)[2].tolist()


def test_warm_compiles_what_a_search_then_uses():
    """After `warm`, exact searches in both modes need no other compiled variant."""
    from wordle_tui.solver.assistant.engine import Assistant
    from wordle_tui.solver.search import kernels

    warm()
    loops = (
        kernels.split,
        kernels.row_summary,
        kernels.first_rows,
        kernels.answer_splits,
        kernels.most_groups,
        kernels.groups_over,
        kernels.unfinished_in_two,
        kernels.unfinished_in_three,
    )
    before = [len(loop.signatures) for loop in loops]
    for hard in (False, True):
        move = Assistant(hard=hard, rows=[("salet", ".Y...")]).position().best()
        assert move.proven and move.answers > 50
    assert [len(loop.signatures) for loop in loops] == before


def test_a_ctrl_c_landing_as_a_loop_returns_is_a_keyboard_interrupt():
    """Python wraps an interrupt raised as a compiled call returns in a SystemError."""

    def interrupted():
        try:
            try:
                raise KeyboardInterrupt
            except KeyboardInterrupt as ctrl_c:
                raise SystemError("a result with an error set") from ctrl_c
        except SystemError as inner:
            raise SystemError("returned a result with an exception set") from inner

    def broken():
        raise SystemError("something else")

    with pytest.raises(KeyboardInterrupt):
        call(interrupted)
    with pytest.raises(SystemError, match="something else"):
        call(broken)
    assert call(max, 2, 5) == 5
