"""The exact search's screen and probes: admissible, and exact where they claim to be.

- `count_groups` counts the distinct values of each row (a transposed block's too);
- the replies kept a row per answer (`Screen.by_answers`, `PositionSearch.replies`) equal the
  reply matrix's, and the openers' screen gives the most groups of any guess;
- `PositionSearch.screened`, on random groups of a random position after CRANE, gives the most
  groups + [could be the answer] of any guess (checked guess by guess over every guess), or a
  cap of `enough` or less that is still at least that most, or None only when some guess
  makes more than `give_up`; its bound 3n - most is at most a brute-force optimum on small
  random lists;
- `perfect_answer` finds the first answer that tells the others apart, as a brute force does;
- in hard mode `screened` counts only the guesses the hints allow, and `HintMasks` (the
  hints' masks made from per-letter masks) and `CompiledHints` (joined with the legal guesses
  in one compiled pass, packed or not) equal `hard_mode_mask`; a group's memo entry found
  from the packed masks is the one kept under the key of its legal guesses made in full;
- with the screen and probes used on every group (tiny thresholds), the proven move still
  equals a brute-force minimum on small lists drawn from families of near-identical words
  (`..IGHT`, `.ATCH`, where no answer tells the others apart and the search goes deep), in
  normal and hard mode, and so does every guess's value; so do they with three rows left,
  where a guess leaving a group no guess splits is cut before it is tried;
- `letter_facts` are the sets of words with a letter, without it, with it at a place and
  with it elsewhere (none empty or whole), as a brute force finds them; a screen with
  `Facts` (the groups over the meeting of two of them capping each guess) still gives the
  most groups of any guess, or a cap within `enough`.
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference_solver import game_from, optimal_total, property_settings, reference_for, word_files

from wordle_tui.solver.assistant.engine import Assistant
from wordle_tui.solver.matrix import reply_matrix
from wordle_tui.solver.search import position as position_module
from wordle_tui.solver.search.best_tree import Split
from wordle_tui.solver.search.hints import CompiledHints
from wordle_tui.solver.search.position import Position, PositionSearch
from wordle_tui.solver.search.rows import first_rows, row_summary, split
from wordle_tui.solver.search.screen import Screen, count_groups, letter_facts
from wordle_tui.solver.tree import HintMasks, hard_mode_mask
from wordle_tui.solver.words import WordListError

PROPERTY = property_settings(40)
FAMILIES = (
    "batch catch hatch latch match patch watch",
    "eight fight light might night right sight tight",
    "bound found hound mound pound round sound wound",
    "baker caker faker maker taker waker",
    "bills fills hills kills mills pills wills",
)
OTHERS = ["blimp", "chomp", "world", "frown", "dusty", "gawky", "shrew", "vivid"]
FAMILY_WORDS = sorted({w for f in FAMILIES for w in f.split()})


@st.composite
def family_lists(draw) -> tuple[list[str], list[str]]:
    """Answers from families of near-identical words (where the search must go deep), and
    guesses from those families and a few other words."""
    family = draw(st.sampled_from(FAMILIES)).split()
    answers = draw(st.lists(st.sampled_from(family), min_size=3, max_size=8, unique=True))
    answers += draw(st.lists(st.sampled_from(FAMILY_WORDS), max_size=2, unique=True))
    guesses = draw(st.lists(st.sampled_from(FAMILY_WORDS + OTHERS), max_size=8, unique=True))
    return answers, guesses or answers


@cache
def after_crane() -> tuple:
    """The classic lists, and CRANE's reply row over the answers."""
    helper = Assistant()
    return helper.game, helper.matrix, helper.matrix[helper.game.index["crane"]]


def searched(game, matrix, cands: np.ndarray) -> tuple[PositionSearch, Screen, Position]:
    """A position's search and the screen of its guesses (as its groups below would get)."""
    position = Position(game, matrix, cands, None, played=1)
    search = position.search(None, 6)
    ids, bounds = search.openers(position.everything, None, 1)
    return search, Screen.of(ids, bounds, len(cands)), position


def most_of(search: PositionSearch, targets: np.ndarray, legal: np.ndarray | None = None) -> int:
    """The most groups + [could be the answer] any (`legal`) guess makes of `targets`."""
    ordered = np.sort(search.matrix[:, targets], axis=1)
    groups = 1 + (np.diff(ordered.astype(int), axis=1) != 0).sum(axis=1)
    answer = np.isin(np.arange(len(groups)), search.game.target_ids[targets])
    scores = groups + answer
    return int(scores.max() if legal is None else scores[legal].max(initial=0))


@given(codes=st.lists(st.lists(st.integers(0, 242), min_size=1, max_size=12), min_size=1))
def test_count_groups_counts_distinct_values(codes):
    width = min(len(row) for row in codes)
    array = np.array([row[:width] for row in codes], dtype=np.uint8)
    assert count_groups(array, 243).tolist() == [len(set(row)) for row in array.tolist()]


@given(codes=st.lists(st.lists(st.integers(0, 242), min_size=2, max_size=2), min_size=1))
def test_count_groups_counts_a_transposed_block_alike(codes):
    by_answer = np.ascontiguousarray(np.array(codes, dtype=np.uint8).T)  # a row per answer
    assert count_groups(by_answer.T, 243).tolist() == [len(set(row)) for row in codes]


@property_settings(8)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 60), start=st.integers(0, 12000))
def test_replies_kept_by_answer_equal_the_matrix(seed, size, start):
    game, matrix, _ = after_crane()
    search = PositionSearch(game, matrix, False, 6)
    rng = np.random.default_rng(seed)
    ids = rng.permutation(len(game.guesses))
    targets = np.sort(rng.choice(len(game.targets), size, replace=False)).astype(np.int32)
    bounds = np.sort(rng.integers(0, 3 * len(game.targets), len(ids)))
    screen = Screen.by_answers(ids, bounds, matrix)
    stop = start + int(rng.integers(1, 600))
    expected = matrix[np.ix_(ids[start:stop], targets)]
    kept = screen.block[np.searchsorted(screen.among, targets), start:stop].T
    assert np.array_equal(kept, expected)
    assert np.array_equal(search.replies(ids[start:stop], targets), expected)
    assert np.array_equal(screen.caps, 3 * len(game.targets) - bounds)


def test_screened_over_the_openers_is_the_most_of_any_guess():
    game, matrix, crane = after_crane()
    search = PositionSearch(game, matrix, False, 6)
    everything = np.arange(len(game.targets), dtype=np.int32)
    ids, bounds = search.openers(everything, None, 0)
    screen = Screen.by_answers(ids, bounds, matrix)
    for reply in np.unique(crane)[::9]:
        targets = np.flatnonzero(crane == reply).astype(np.int32)
        if len(targets) >= 3:
            assert search.screened(targets, screen, 0, math.inf) == most_of(search, targets)


@property_settings(8)
@given(reply=st.integers(0, 400), seed=st.integers(0, 2**32 - 1), slack=st.integers(-3, 40))
def test_screened_is_the_most_or_a_cap_within_enough(reply, seed, slack):
    game, matrix, crane = after_crane()
    replies = [r for r in np.unique(crane) if 12 <= (crane == r).sum() <= 150]
    cands = np.flatnonzero(crane == replies[reply % len(replies)])
    search, screen, _ = searched(game, matrix, cands)
    rng = np.random.default_rng(seed)
    size = int(rng.integers(3, min(len(cands), 40) + 1))
    targets = np.sort(rng.choice(len(cands), size, replace=False)).astype(np.int32)
    most = most_of(search, targets)
    assert search.screened(targets, screen, 0, math.inf) == most
    enough = most + slack
    cap = search.screened(targets, screen, enough)
    if cap is None:
        assert most > enough
    else:
        assert cap >= most and (cap == most or cap <= enough)


@property_settings(8)
@given(reply=st.integers(0, 400), seed=st.integers(0, 2**32 - 1), keep=st.floats(0.0, 1.0))
def test_screened_in_hard_mode_counts_only_the_legal_guesses(reply, seed, keep):
    game, matrix, crane = after_crane()
    search, screen = hard_screen()
    code = int(np.unique(crane)[reply % len(np.unique(crane))])
    targets = np.flatnonzero(crane == code).astype(np.int32)
    rng = np.random.default_rng(seed)
    legal = hard_mode_mask(game, "crane", code) & (rng.random(len(game.guesses)) < keep)
    expected = most_of(search, targets, legal)
    assert search.screened(targets, screen, 0, math.inf, legal) == expected
    assert expected <= most_of(search, targets)


@property_settings(8)
@given(guess=st.integers(0, 12971), seed=st.integers(0, 2**32 - 1), hard=st.booleans())
def test_a_groups_memo_entry_is_found_from_packed_hints(guess, seed, hard):
    """`Split.known` (the legal guesses joined packed, looked up only once an entry holds the
    group's targets) finds what the memo keeps under the key of the group's targets and legal
    guesses made in full, and nothing kept for the same targets with other legal guesses."""
    game, matrix, _ = after_crane()
    search = PositionSearch(game, matrix, hard, 6)
    rng = np.random.default_rng(seed)
    targets = np.sort(rng.choice(len(game.targets), 60, replace=False)).astype(np.int32)
    legal = rng.random(len(game.guesses)) < 0.7 if hard else None
    values, sizes, grouped = split(matrix[guess, targets], targets, game.rules.n_replies)
    made = (search, guess, legal, grouped, values.tolist(), sizes.tolist())
    packed, full = Split(*made), Split(*made)
    for k, reply in enumerate(values.tolist()):
        group, group_legal = full(reply)
        assert packed.known(reply, 2) is None
        if group_legal is not None:  # the same targets, one more guess allowed: not this group
            other = group_legal.copy()
            other[np.flatnonzero(~other)[0]] = True
            search.remember(search.key(group, other, 2), (-1.0, False, -1), other)
            assert packed.known(reply, 2) is None
        search.remember(search.key(group, group_legal, 2), (float(k), True, -1), group_legal)
        assert packed.known(reply, 2) == (float(k), True, -1)
        assert full.known(reply, 2) == (float(k), True, -1)  # made already: the same entry


@property_settings(30)
@given(guess=st.integers(0, 12971), answer=st.integers(0, 2308))
def test_hint_masks_equal_the_hard_mode_mask(guess, answer):
    game, matrix, _ = after_crane()
    code = int(matrix[guess, answer])
    expected = hard_mode_mask(game, game.guesses[guess], code)
    assert np.array_equal(hint_masks()(guess, code), expected)
    assert np.array_equal(hint_masks().packed(guess, code), np.packbits(expected))
    legal = np.random.default_rng(guess).random(len(game.guesses)) < 0.5
    assert np.array_equal(compiled_hints().kept(legal, guess, code), legal & expected)
    packed = compiled_hints().kept_packed(np.packbits(legal), guess, code)
    assert np.array_equal(packed, np.packbits(legal & expected))


@cache
def hard_screen() -> tuple[PositionSearch, Screen]:
    """A hard-mode search of the classic lists, and its openers' screen."""
    game, matrix, _ = after_crane()
    search = PositionSearch(game, matrix, True, 6)
    everything = np.arange(len(game.targets), dtype=np.int32)
    ids, bounds = search.openers(everything, np.ones(len(game.guesses), bool), 0)
    return search, Screen.by_answers(ids, bounds, matrix)


@cache
def hint_masks() -> HintMasks:
    return HintMasks(after_crane()[0])


@cache
def compiled_hints() -> CompiledHints:
    return CompiledHints(after_crane()[0])


@PROPERTY
@given(lines=st.one_of(word_files(answers=8, extra=8), family_lists()), seed=st.integers(0, 2**32))
def test_the_screened_bound_never_exceeds_the_optimum(lines, seed):
    try:
        game = game_from("wordle", *lines)
    except WordListError:
        return
    if len(game.targets) < 3:
        return
    matrix = reply_matrix(game)
    search, screen, position = searched(game, matrix, np.arange(len(game.targets)))
    rng = np.random.default_rng(seed)
    size = int(rng.integers(3, len(game.targets) + 1))
    chosen = np.sort(rng.choice(len(game.targets), size, replace=False)).astype(np.int32)
    most = search.screened(chosen, screen, 0, math.inf)
    words = [position.local.targets[i] for i in chosen]
    sub = game_from("wordle", words, list(game.guesses))
    assert 3 * size - most <= optimal_total(reference_for(sub))


@PROPERTY
@given(lines=word_files(answers=10, extra=6))
def test_perfect_answer_is_the_first_answer_telling_all_apart(lines):
    try:
        game = game_from("wordle", *lines)
    except WordListError:
        return
    matrix = reply_matrix(game)
    search = PositionSearch(game, matrix, False, 6)
    targets = np.arange(len(game.targets), dtype=np.int32)
    ids = sorted(game.target_ids.tolist())
    perfect = [g for g in ids if len(set(matrix[g, targets].tolist())) == len(targets)]
    assert search.perfect_answer(targets, None) == (perfect[0] if perfect else -1)


def assert_moves_equal_brute_force(lines, hard: bool, played: int) -> None:
    """The proven move and every guess's value, with 6 - `played` rows left, equal the
    reference search's."""
    try:
        game = game_from("wordle", *lines)
    except WordListError:
        return
    ref = reference_for(game)
    legal = np.ones(len(game.guesses), bool) if hard else None
    position = Position(game, reply_matrix(game), np.arange(len(game.targets)), legal, played)
    move = position.best()
    rows = 6 - played
    within = optimal_total(ref, hard, max_guesses=rows)
    assert move.within_six == (not math.isinf(within))
    assert move.total == (within if not math.isinf(within) else optimal_total(ref, hard))
    if not move.within_six:
        return
    for word in game.guesses:
        value = position.value(word)
        value = None if value is None else value.total
        expected = optimal_total(ref, hard, first=word, max_guesses=rows)
        if len(game.targets) == 1:
            expected = 1 if word == game.targets[0] else 2
        if not math.isinf(expected) and value is not None:
            assert value == expected, word


@PROPERTY
@given(lines=family_lists(), hard=st.booleans())
def test_with_every_group_screened_the_move_equals_brute_force(lines, hard, monkeypatch_module):
    assert_moves_equal_brute_force(lines, hard, played=0)


@PROPERTY
@given(lines=st.one_of(family_lists(), word_files(answers=9, extra=6)), hard=st.booleans())
def test_with_three_rows_left_the_move_equals_brute_force(lines, hard, monkeypatch_module):
    assert_moves_equal_brute_force(lines, hard, played=3)


@pytest.fixture(scope="module")
def monkeypatch_module():
    """Screen every group of three or more, and give every node's screen its facts (the
    module's thresholds)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(position_module, "PROBE_FROM", 3)
        patch.setattr(position_module, "FACTS_FROM", 3)
        yield patch


@property_settings(100)
@given(words=st.lists(st.text("abcd", min_size=3, max_size=3), min_size=1, max_size=12))
def test_letter_facts_are_what_a_reply_can_say_of_a_letter(words):
    expected = set()
    for letter in "abcd":
        has = {i for i, word in enumerate(words) if letter in word}
        facts = [has, set(range(len(words))) - has]
        for place in range(3):
            at = {i for i, word in enumerate(words) if word[place] == letter}
            facts += [at, has - at]
        expected |= {frozenset(f) for f in facts if 0 < len(f) < len(words)}
    found = letter_facts(words)
    assert found.shape == (len(expected), len(words))
    assert {frozenset(np.flatnonzero(row).tolist()) for row in found} == expected


@property_settings(8)
@given(reply=st.integers(0, 400), seed=st.integers(0, 2**32 - 1), slack=st.integers(-3, 40))
def test_screened_with_facts_is_the_most_or_a_cap_within_enough(reply, seed, slack):
    game, matrix, crane = after_crane()
    replies = [r for r in np.unique(crane) if 100 <= (crane == r).sum() <= 400]
    cands = np.flatnonzero(crane == replies[reply % len(replies)])
    position = Position(game, matrix, cands, None, played=1)
    search = position.search(None, 6)
    everything = position.everything
    ids, bounds = search.openers(everything, None, 1)
    block = search.replies(ids, everything)
    screen = Screen.of(ids, bounds, len(cands), block, everything, position.local.targets)
    assert screen.facts is not None
    rng = np.random.default_rng(seed)
    row = block[int(rng.integers(len(ids)))]  # a group below: a reply's group of some guess
    groups = [np.flatnonzero(row == code) for code in np.unique(row)]
    group = max(groups, key=len)
    if len(group) < 3:
        return
    size = int(rng.integers(3, len(group) + 1))
    for targets in (group, np.sort(rng.choice(group, size, replace=False))):
        targets = targets.astype(np.int32)
        most = most_of(search, targets)
        assert search.screened(targets, screen, 0, math.inf) == most
        enough = most + slack
        cap = search.screened(targets, screen, enough)
        if cap is None:
            assert most > enough
        else:
            assert cap >= most and (cap == most or cap <= enough)


@property_settings(10)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(3, 80))
def test_guesses_merged_in_hard_mode_give_the_same_hints(seed, size):
    """Two guesses `first_rows` keeps as one in hard mode (the same replies over a random
    group, the same `CompiledHints.signs`) leave the same legal guesses after every reply
    they can get there; guesses with the same replies but other hints are kept apart."""
    game, matrix, _ = after_crane()
    rng = np.random.default_rng(seed)
    targets = np.sort(rng.choice(len(game.targets), size, replace=False))
    ids = np.arange(len(game.guesses))
    codes = np.ascontiguousarray(matrix[:, targets])
    signs = compiled_hints().signs(codes, ids)
    kept = first_rows(codes, row_summary(codes, game.rules.n_replies)[2], signs)
    first = {(codes[g].tobytes(), int(signs[g])): int(g) for g in kept}
    assert len(first) == len(kept)  # no two kept guesses alike
    alike = [
        (first[codes[g].tobytes(), int(signs[g])], int(g))
        for g in rng.permutation(ids)[:400]
        if first[codes[g].tobytes(), int(signs[g])] != g
    ]
    for a, b in alike[:40]:
        for code in np.unique(codes[a]).tolist():
            left_a = hard_mode_mask(game, game.guesses[a], code)
            assert np.array_equal(left_a, hard_mode_mask(game, game.guesses[b], code))


def test_a_letter_no_answer_has_merges_guesses_in_hard_mode_too():
    """After JUMBY with no letter found, its five letters are grey in every reply: guesses
    that differ only there give the same hints, and hard mode tries one of each, as many as
    the distinct rows normal mode tries (12,301 of the 12,972)."""
    game, matrix, _ = after_crane()
    targets = np.flatnonzero(matrix[game.index["jumby"]] == 0)
    codes = np.ascontiguousarray(matrix[:, targets])
    keys = row_summary(codes, game.rules.n_replies)[2]
    signs = compiled_hints().signs(codes, np.arange(len(game.guesses)))
    hard, normal = first_rows(codes, keys, signs), first_rows(codes, keys)
    assert len(hard) == len(normal) < len(game.guesses)
