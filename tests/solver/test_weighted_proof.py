"""The threshold proof of a chooser's bound (`WeightedProof`) against a brute force that lists
every tree: the best response when one beats the threshold, a bound that holds when none does."""

from __future__ import annotations

import math

import numpy as np
import pytest
from reference_solver import (
    ATCH,
    OUND,
    keeps_every_hint,
    listed_game,
    reference_for,
    sampled_lists,
    weighted_optimal,
)

from wordle_tui.solver.chooser.proof import SCALE, WeightedProof, whole_weights
from wordle_tui.solver.matrix import reply_matrix
from wordle_tui.solver.tree import tree_scores

CASES = {
    "atch": (ATCH, ["chimp"]),
    "ound": (OUND, ["shrew", "bawdy"]),
    **{f"sampled{seed}": sampled_lists(seed, 9, 4) for seed in (1, 2, 3)},
}


def chances(game, seed: int, spread: float = 0.5) -> np.ndarray:
    """A chooser over the game's answers, some of them weighing far more than others."""
    return np.random.default_rng(seed).dirichlet(np.full(len(game.targets), spread))


def best_response(game, weights: np.ndarray, hard: bool) -> float:
    """The brute force's least expected guesses against the chooser the proof certifies: the
    chances as its whole numbers, normalised."""
    whole = whole_weights(weights)
    chooser = dict(zip(game.targets, whole / whole.sum(), strict=True))
    return weighted_optimal(reference_for(game), chooser, hard)


def expected(game, tree, weights: np.ndarray) -> float:
    """A tree's expected guesses against the whole-number chooser."""
    whole = whole_weights(weights)
    scores = tree_scores(tree)
    return sum(w * scores[t] for t, w in zip(game.targets, whole, strict=True)) / whole.sum()


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
@pytest.mark.parametrize(("answers", "extra"), CASES.values(), ids=CASES.keys())
def test_with_no_threshold_the_proof_finds_the_best_response(
    tmp_path, answers, extra, hard
) -> None:
    game = listed_game(tmp_path, answers, extra)
    for seed in range(3):
        weights = chances(game, seed)
        found = WeightedProof(game, reply_matrix(game), weights, hard).below(math.inf)
        assert found.tree is not None and not found.proven
        assert set(tree_scores(found.tree)) == set(game.targets)
        assert math.isclose(found.value, best_response(game, weights, hard), abs_tol=1e-9)
        assert math.isclose(found.value, expected(game, found.tree, weights), abs_tol=1e-9)
        if hard:
            assert keeps_every_hint(reference_for(game), found.tree)


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
@pytest.mark.parametrize(("answers", "extra"), CASES.values(), ids=CASES.keys())
def test_a_threshold_is_either_beaten_by_the_best_tree_or_proven(
    tmp_path, answers, extra, hard
) -> None:
    game = listed_game(tmp_path, answers, extra)
    matrix = reply_matrix(game)
    for seed in range(3):
        weights = chances(game, 10 + seed, 0.3)
        best = best_response(game, weights, hard)
        above = WeightedProof(game, matrix, weights, hard).below(best + 1e-6)
        assert not above.proven and math.isclose(above.value, best, abs_tol=1e-9)
        assert math.isclose(expected(game, above.tree, weights), best, abs_tol=1e-9)
        for gap in (1e-6, 0.01, 0.1, 0.5):
            below = WeightedProof(game, matrix, weights, hard).below(best - gap)
            assert below.proven and below.tree is None
            assert best - gap <= below.value <= best + 1e-9  # a bound that holds: no more


def test_the_proof_searches_less_when_the_threshold_is_low(tmp_path) -> None:
    game = listed_game(tmp_path, *sampled_lists(4, 40, 30))
    matrix = reply_matrix(game)
    weights = chances(game, 5)
    exact = WeightedProof(game, matrix, weights)
    best = exact.below(math.inf).value
    low = WeightedProof(game, matrix, weights)
    assert low.below(best - 0.2).proven
    assert low.nodes < exact.nodes


def test_the_whole_number_weights_never_round_a_chance_up() -> None:
    weights = np.random.default_rng(1).dirichlet(np.ones(500))
    whole = whole_weights(weights)
    assert np.all(whole <= weights * SCALE) and np.all(whole > weights * SCALE - 1)
    assert np.array_equal(whole, np.floor(whole))  # whole numbers: every sum of them is exact
    assert whole.sum() < 2**53 / 255  # a weighted total of any tree stays exact in a float


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
def test_on_larger_lists_the_proof_agrees_with_the_plain_exact_search(tmp_path, hard) -> None:
    """Lists large enough for the screens and probes (groups of 8 or more), with look-alike
    families, against `WeightedTreeSearch` trying every guess: both exact, so equal."""
    from wordle_tui.solver.chooser.weighted import WeightedTreeSearch

    answers, extra = sampled_lists(6, 45, 25)
    game = listed_game(tmp_path, sorted(set(answers) | set(ATCH) | set(OUND)), extra)
    matrix = reply_matrix(game)
    for seed in range(3):
        weights = chances(game, 30 + seed, 0.4)
        whole = whole_weights(weights)
        plain = WeightedTreeSearch(
            game, matrix, whole / whole.sum(), 1, 1, 255, every=True, hard=hard
        )
        exact = plain.tree()[0]
        proof = WeightedProof(game, matrix, weights, hard)
        assert math.isclose(proof.below(math.inf).value, exact, abs_tol=1e-9)
        for gap in (0.003, 0.05):
            assert WeightedProof(game, matrix, weights, hard).below(exact - gap).proven
            assert not WeightedProof(game, matrix, weights, hard).below(exact + gap).proven


def test_once_hurried_the_proof_stops_at_a_tree_that_beats_the_threshold(tmp_path) -> None:
    game = listed_game(tmp_path, *sampled_lists(4, 40, 30))
    matrix = reply_matrix(game)
    weights = chances(game, 7, 2.0)
    exact = WeightedProof(game, matrix, weights).below(math.inf)
    loose = exact.value + 0.5  # many first guesses beat it
    hurried = WeightedProof(game, matrix, weights, hurry=lambda: True).below(loose)
    assert hurried.tree is not None and exact.value - 1e-9 <= hurried.value < loose
    if hurried.best:  # its first guess's tree was already as good as any bound allows
        assert math.isclose(hurried.value, exact.value, abs_tol=1e-9)
    assert math.isclose(expected(game, hurried.tree, weights), hurried.value, abs_tol=1e-9)
    patient = WeightedProof(game, matrix, weights, hurry=lambda: False).below(loose)
    assert patient.best and math.isclose(patient.value, exact.value, abs_tol=1e-9)
    assert hurried.nodes <= patient.nodes
