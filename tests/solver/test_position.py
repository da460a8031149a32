"""The proven-best move: exact against brute force and the optimal trees; rankings, review.

- `Position.best` on random small lists (normal and hard mode) equals an exhaustive search
  over every guess (`reference_solver.optimal_total`), and `Position.value` of every guess
  equals the least total with that guess first;
- from every small group after the optimal trees' SALET, the search finds the tree's total;
- rankings: equal values share a place, a possible answer comes first among them, and the
  entropy-best guess is always among the suggestions, marked;
- the review: the expected luck of any guess is exactly one half; following the optimal tree
  scores skill 99; a wasted guess with one answer left costs 99 points.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference_solver import game_from, optimal_total, property_settings, reference_for, word_files

from wordle_tui.solver.assistant.engine import Assistant
from wordle_tui.solver.assistant.review import row_luck
from wordle_tui.solver.matrix import reply_matrix
from wordle_tui.solver.replies import reply_for
from wordle_tui.solver.search.position import Position
from wordle_tui.solver.tree import Node, hard_mode_mask, tree_scores
from wordle_tui.solver.trees import shipped
from wordle_tui.solver.words import WordListError

PROPERTY = property_settings(60)


@PROPERTY
@given(lines=word_files(answers=9, extra=8))
def test_the_proven_move_equals_brute_force(lines):
    matches_brute_force(lines)


@PROPERTY
@given(lines=word_files(answers=9, extra=8))
def test_groups_sharing_the_room_keep_every_value_exact(lines):
    """The top's large groups searched for shares of the room (`share_room`), made to take
    every group of three or more: still every value as brute force."""
    from wordle_tui.solver.search import best_tree

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(best_tree, "SHARE_FROM", 3)
        matches_brute_force(lines)


def matches_brute_force(lines: list[list[str]]) -> None:
    """The best move, and every guess's value, as an exhaustive search over every guess."""
    try:
        game = game_from("wordle", *lines)
    except WordListError:
        return
    ref = reference_for(game)
    matrix = reply_matrix(game)
    everyone = np.arange(len(game.targets))
    for hard in (False, True):
        legal = np.ones(len(game.guesses), dtype=bool) if hard else None
        position = Position(game, matrix, everyone, legal, played=0)
        move = position.best()
        within = optimal_total(ref, hard=hard, max_guesses=6)
        best = within if not math.isinf(within) else optimal_total(ref, hard=hard)
        assert move.total == best and move.within_six == (not math.isinf(within))
        assert move.proven and move.mean == pytest.approx(best / len(game.targets))
        limit = 6 if move.within_six else 255
        first = optimal_total(ref, hard=hard, first=move.word, max_guesses=limit)
        assert first == move.total  # the move itself reaches the best total
        for word in game.guesses:
            value = position.value(word)
            if value is None:
                assert hard  # only hard mode rules a guess out
                continue
            expected = optimal_total(ref, hard=hard, first=word, max_guesses=6)
            if len(game.targets) == 1:  # the reference counts a fixed first guess as the answer
                expected = 1 if word == game.targets[0] else 2
            unlimited = optimal_total(ref, hard=hard, first=word)
            if math.isinf(unlimited):  # a guess that splits nothing: the reference tries none
                again = optimal_total(ref, hard=hard, max_guesses=5)  # the same, a row fewer
                if not hard and not math.isinf(again):  # (in hard mode its hints count too)
                    assert value == (len(game.targets) + again, True), word
                continue
            assert value.within_six == (not math.isinf(expected)), (hard, word)
            assert value.total == (unlimited if math.isinf(expected) else expected), (hard, word)


@pytest.mark.parametrize("hard", [False, True])
def test_every_small_group_after_salet_matches_the_optimal_tree(hard):
    helper = Assistant(hard=hard)
    game, matrix = helper.game, helper.matrix
    root, _ = shipped("optimal-hard" if hard else "optimal")
    g = game.index[root.guess]
    checked = 0
    for code, sub in root.branches.items():
        cands = np.flatnonzero(matrix[g] == code)
        if code == game.rules.win or len(cands) > 40:
            continue
        legal = hard_mode_mask(game, root.guess, code) if hard else None
        move = Position(game, matrix, cands, legal, played=1).best()
        want = sum(tree_scores(sub).values()) if isinstance(sub, Node) else 1
        assert move.total == want, (game.show(code), len(cands))
        checked += 1
    assert checked > 100


@pytest.fixture(scope="module")
def after_crane() -> Assistant:
    return Assistant(rows=[("crane", "..G..")])


@pytest.mark.parametrize("rank", ["guesses", "entropy", "worst"])
def test_rankings_share_places_on_ties_answers_first(after_crane, rank):
    found = after_crane.suggest(10, rank)
    key = {
        "guesses": lambda s: round(s.expected_guesses, 9),
        "entropy": lambda s: -round(s.entropy, 9),
        "worst": lambda s: s.worst,
    }[rank]
    top = found[:10]
    assert [key(s) for s in top] == sorted(key(s) for s in top)
    for a, b in zip(top, top[1:], strict=False):
        assert (a.rank == b.rank) == (key(a) == key(b))
        if key(a) == key(b):
            assert a.is_candidate or not b.is_candidate  # an answer first among ties
    assert top[0].rank == 1 and all(s.rank >= 1 for s in found)
    informative = [s for s in found if s.entropy_best]
    assert len(informative) == 1
    assert informative[0].entropy == pytest.approx(max(s.entropy for s in found))


def test_the_entropy_best_is_added_when_the_ranking_leaves_it_out():
    helper = Assistant(rows=[("raise", "..Y.G")])
    best_bits = helper.suggest(1, "entropy")[0]
    assert best_bits.entropy_best
    added = 0
    for rank in ("guesses", "worst"):
        for top in (1, 2, 3):
            found = helper.suggest(top, rank)
            flagged = [s for s in found if s.entropy_best]
            assert [s.word for s in flagged] == [best_bits.word]
            inside = best_bits.word in [s.word for s in found[:top]]
            assert len(found) == top + (0 if inside else 1)
            added += not inside
    assert added  # the case happens here


def test_proving_puts_the_proven_move_first_with_its_exact_value(after_crane):
    found = after_crane.suggest(10)
    move = after_crane.proven_move()
    proven = after_crane.value_rows(after_crane.prove(found, move), None)
    assert proven[0].word == move.word or proven[0].expected_guesses == pytest.approx(move.mean)
    assert all(s.proven for s in proven)
    values = [s.expected_guesses for s in proven]
    assert values == sorted(values) and values[0] == pytest.approx(move.mean)
    position = after_crane.position()
    for s in proven:
        assert s.expected_guesses * move.answers == pytest.approx(position.value(s.word).total)


@given(
    sizes=st.lists(st.integers(1, 6), min_size=1, max_size=8),
    weights=st.lists(st.floats(0.1, 5.0), min_size=48, max_size=48),
)
def test_expected_luck_is_one_half(sizes, weights):
    codes = np.repeat(np.arange(len(sizes)) * 3, sizes)
    p = np.array(weights[: len(codes)])
    p = p / p.sum()
    luck = {code: row_luck(codes, p, int(code)) for code in np.unique(codes)}
    assert all(0 <= v <= 1 for v in luck.values())
    expected = sum(p[codes == code].sum() * v for code, v in luck.items())
    assert expected == pytest.approx(0.5)


def test_following_the_optimal_tree_scores_99_and_a_wasted_guess_costs_99():
    root, _ = shipped("optimal")
    for answer in ("blast", "hinge", "vivid"):
        node, rows = root, []
        while True:
            pattern = reply_for(node.guess, answer)
            rows.append((node.guess, pattern))
            if pattern == "GGGGG":
                break
            node = node.branches[Assistant().game.rules.matrix([node.guess], [answer])[0, 0]]
            if isinstance(node, str):
                rows.append((node, "GGGGG"))
                break
        review = Assistant(rows=rows).analysis()
        assert review.skill == 99 and review.exact, (answer, rows)
        assert all(r.loss == 0 for r in review.rows)
    wasted = Assistant(
        rows=[("salet", reply_for("salet", "blast")), ("crony", "....."), ("blast", "GGGGG")]
    ).analysis()
    assert wasted.rows[1].before == 1 and wasted.rows[1].loss == pytest.approx(1.0)
    assert wasted.rows[1].best_word == "blast" and wasted.skill == 0


def test_widening_and_narrowing_keep_the_rows():
    helper = Assistant()
    helper.add("crane", reply_for("crane", "cards"))
    assert not helper.widened
    assert helper.needs_widening("plush", reply_for("plush", "cards"))
    helper.add("plush", reply_for("plush", "cards"))
    assert (
        helper.widened
        and helper.weighting == "frequency"
        and "cards" in dict(helper.candidate_words())
    )
    assert helper.proven_move() is None  # exact proofs are for equally likely answers
    helper.undo()
    assert not helper.widened and helper.rows == [("crane", reply_for("crane", "cards"))]
    assert not helper.needs_widening("bingo", ".....")  # no word at all fits: an error instead


def test_a_guess_that_splits_nothing_loses_a_whole_guess():
    first = ("salet", reply_for("salet", "hinge"))
    rows = [first, first, ("hinge", reply_for("hinge", "hinge"))]
    review = Assistant(rows=rows).analysis()
    again = review.rows[1]
    assert again.before > 2 and again.exact and again.loss == pytest.approx(1.0)
    assert again.your_value == pytest.approx(again.best_value + 1)
    assert review.skill == 0 and 0 <= review.luck <= 99


@pytest.mark.parametrize("hard", [False, True])
def test_a_wasted_guess_costs_a_row(hard) -> None:
    game = game_from("wordle", ("aaaaa", "aaaab"), ("crane",))
    legal = np.ones(len(game.guesses), dtype=bool) if hard else None
    everyone = np.arange(len(game.targets))
    fresh = Position(game, reply_matrix(game), everyone, legal, played=0)
    assert fresh.value("crane") == (2 + 3, True)  # then one answer, then the other
    late = Position(game, reply_matrix(game), everyone, legal, played=4)
    assert late.value("crane") == (2 + 3, False)  # the sixth row cannot tell them apart
