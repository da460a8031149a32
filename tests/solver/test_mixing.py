"""The chooser-guesser game on large lists: the weighted tree search against the exact one,
and the bounds `mix` gives against the exact value where both can be computed."""

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
from test_behaviour import keeps_the_hints, walked

from wordle_tui.solver.chooser.equilibrium import WeightedSearch, depths, equilibrium
from wordle_tui.solver.chooser.mixing import certify, mix
from wordle_tui.solver.chooser.proof import WeightedProof, whole_weights
from wordle_tui.solver.chooser.state import MixState
from wordle_tui.solver.chooser.weighted import WeightedTreeSearch
from wordle_tui.solver.matrix import reply_matrix
from wordle_tui.solver.tree import tree_scores

CASES = {
    "atch": (ATCH[:6], ["chimp"]),
    "ound": (OUND[:6], ["shrew"]),
    **{f"sampled{seed}": sampled_lists(seed, 7, 4) for seed in (1, 2, 3)},
}


@pytest.mark.parametrize(("answers", "extra"), CASES.values(), ids=CASES.keys())
def test_trying_every_guess_the_weighted_search_finds_the_best_tree(
    tmp_path, answers, extra
) -> None:
    game = listed_game(tmp_path, answers, extra)
    every = len(game.guesses)
    for seed in range(4):
        weights = np.random.default_rng(seed).dirichlet(np.ones(len(game.targets)))
        search = WeightedTreeSearch(game, reply_matrix(game), weights, every, every, 255)
        total, tree = search.tree()
        assert set(tree_scores(tree)) == set(game.targets)
        assert math.isclose(total, weights @ depths(game, tree), abs_tol=1e-9)
        best, _ = WeightedSearch(game, weights).tree()  # expected guesses: weights sum to 1
        assert math.isclose(total, best, abs_tol=1e-9)


@pytest.mark.parametrize(("answers", "extra"), CASES.values(), ids=CASES.keys())
def test_every_guess_in_order_of_bound_is_the_exact_best_response(tmp_path, answers, extra) -> None:
    game = listed_game(tmp_path, answers, extra)
    for seed in range(4):
        weights = np.random.default_rng(10 + seed).dirichlet(np.full(len(game.targets), 0.5))
        search = WeightedTreeSearch(game, reply_matrix(game), weights, max_guesses=255, every=True)
        total, tree = search.tree()
        best, _ = WeightedSearch(game, weights).tree()
        assert math.isclose(total, best, abs_tol=1e-9)
        assert math.isclose(total, weights @ depths(game, tree), abs_tol=1e-9)


@pytest.mark.parametrize(("answers", "extra"), CASES.values(), ids=CASES.keys())
@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
def test_the_weighted_search_equals_the_brute_force_in_both_modes(
    tmp_path, answers, extra, hard
) -> None:
    game = listed_game(tmp_path, answers, extra)
    ref = reference_for(game)
    every = len(game.guesses)
    for seed in range(3):
        weights = np.random.default_rng(20 + seed).dirichlet(np.full(len(game.targets), 0.7))
        least = weighted_optimal(ref, dict(zip(game.targets, weights, strict=True)), hard, 6)
        for k, in_order in ((every, False), (every, True)):
            search = WeightedTreeSearch(
                game, reply_matrix(game), weights, k, k, 6, every=in_order, hard=hard
            )
            total, tree = search.tree()
            assert math.isclose(total, least, abs_tol=1e-9), (seed, k, in_order)
            assert math.isclose(total, weights @ depths(game, tree), abs_tol=1e-9)
            assert depths(game, tree).max() <= 6
            assert keeps_every_hint(ref, tree) or not hard


def test_hard_mode_costs_at_least_normal_mode_and_keeps_every_hint(tmp_path) -> None:
    game = listed_game(tmp_path, *sampled_lists(5, 40, 30))
    matrix, ref = reply_matrix(game), reference_for(game)
    weights = np.random.default_rng(5).dirichlet(np.ones(len(game.targets)))
    normal = WeightedTreeSearch(game, matrix, weights, every=True).tree()[0]
    found, tree = WeightedTreeSearch(game, matrix, weights, 3, 6, hard=True).tree()
    best, proven = WeightedTreeSearch(game, matrix, weights, every=True, hard=True).tree()
    assert normal - 1e-9 <= best <= found + 1e-9  # fewer guesses allowed: never cheaper
    assert keeps_every_hint(ref, tree) and keeps_every_hint(ref, proven)


def test_where_some_tree_finds_every_answer_in_time_a_narrow_hard_search_finds_one(
    tmp_path,
) -> None:
    """Hard mode's traps: the one guess a node ranks first may leave a group no legal guess
    finishes in time; more guesses are then tried (before, 14 of 48 such cases failed)."""
    cases = 0
    for seed in range(1, 13):
        (tmp_path / str(seed)).mkdir()
        game = listed_game(tmp_path / str(seed), *sampled_lists(seed, 40, 10))
        matrix = reply_matrix(game)
        weights = np.random.default_rng(seed).dirichlet(np.ones(len(game.targets)))
        for rows in (3, 4):
            try:
                WeightedTreeSearch(game, matrix, weights, 1, 1, rows, every=True, hard=True).tree()
            except ArithmeticError:
                continue  # no tree at all finds every answer within `rows`
            cases += 1
            _, tree = WeightedTreeSearch(game, matrix, weights, 1, 1, rows, hard=True).tree()
            assert depths(game, tree).max() <= rows
    assert cases >= 10


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
def test_with_weights_of_every_scale_the_tree_built_is_the_one_valued(tmp_path, hard) -> None:
    """Weights from 1e-6 (the rounds' floor) to near 1: a guess is taken only for what its
    groups were found to cost, never for a group merely bounded (on the classic lists in hard
    mode, rounding once let a guess through whose group CATCH, HATCH, LATCH could not be
    finished in time)."""
    for seed in range(6):
        (tmp_path / str(seed)).mkdir()
        game = listed_game(tmp_path / str(seed), *sampled_lists(30 + seed, 50, 15))
        rng = np.random.default_rng(seed)
        weights = rng.dirichlet(np.full(len(game.targets), 0.2)) + 1e-6
        total, tree = WeightedTreeSearch(game, reply_matrix(game), weights, 2, 3, hard=hard).tree()
        assert math.isclose(total, weights @ depths(game, tree), rel_tol=1e-9)
        assert depths(game, tree).max() <= 6


def test_a_narrow_search_still_finds_every_answer_within_six(tmp_path) -> None:
    game = listed_game(tmp_path, *sampled_lists(4, 60, 30))
    weights = np.zeros(len(game.targets))
    weights[:3] = 1.0  # answers of no weight must still be found
    total, tree = WeightedTreeSearch(game, reply_matrix(game), weights, 2, 2).tree()
    scores = depths(game, tree)
    assert scores.max() <= 6 and math.isclose(total, weights @ scores)


@pytest.mark.parametrize(("answers", "extra"), list(CASES.values())[:3], ids=list(CASES)[:3])
def test_the_bounds_hold_the_exact_value_between_them(tmp_path, answers, extra) -> None:
    game = listed_game(tmp_path, answers, extra)
    exact = equilibrium(game).value
    found, state = mix(game, seconds=3)
    assert found.lower <= exact + 1e-9 <= found.upper + 2e-9
    # the upper bound is the behaviour's worst word, walked here path by path
    behaviour = found.behaviour
    assert behaviour is not None and not found.guesser
    expected = walked(behaviour.graph, behaviour.chances)
    assert math.isclose(expected.max(), found.upper, abs_tol=1e-9)
    assert all(math.isclose(sum(c for _, c in p), 1.0) for p in behaviour.chances.values())
    # the lower bound is the best response to its chooser, the uniform one or the one given
    uniform_best, _ = WeightedSearch(game, np.full(len(game.targets), 1 / len(game.targets))).tree()
    assert state.lower_proven and math.isclose(state.lower, uniform_best, abs_tol=1e-9)
    if found.lower_by is None:
        chooser = np.array([found.chooser.get(t, 0.0) for t in game.targets])
        assert math.isclose(found.lower, WeightedSearch(game, chooser).tree()[0], abs_tol=1e-9)
        assert found.lower > uniform_best
    else:
        assert "uniform" in found.lower_by and found.lower == state.lower


HARD_CASES = {
    "ight": (["eight", "fight", "light", "right", "sight", "wight"], ["brews", "kelps"]),
    "ower": (["cower", "lower", "mower", "rower", "sower", "tower"], ["clams", "culls"]),
}


@pytest.mark.parametrize(("answers", "extra"), HARD_CASES.values(), ids=HARD_CASES.keys())
def test_in_hard_mode_the_bounds_hold_the_exact_value_and_every_tree_keeps_the_hints(
    tmp_path, answers, extra
) -> None:
    game = listed_game(tmp_path, answers, extra)
    exact = equilibrium(game, hard=True).value
    assert exact > equilibrium(game).value + 1e-6  # the hints cost the guesser here
    found, state = mix(game, seconds=2, hard=True)
    assert state.hard and found.lower <= exact + 1e-9 <= found.upper + 2e-9
    assert keeps_the_hints(found.behaviour)  # each guess it may play keeps the hints so far
    assert MixState.from_data(state.to_data(game), game, hard=True) is not None
    assert MixState.from_data(state.to_data(game), game) is None  # not normal mode's


def test_the_state_resumes_and_refuses_what_is_not_its_own(tmp_path) -> None:
    (tmp_path / "one").mkdir()
    game = listed_game(tmp_path / "one", *sampled_lists(5, 30, 10))
    first, state = mix(game, seconds=1)
    saved = state.to_data(game)
    again = MixState.from_data(saved, game)
    assert again is not None and set(again.graph.edges) == set(state.graph.edges)
    assert again.lower == state.lower and again.rounds == state.rounds
    later, _ = mix(game, seconds=1, state=again)
    assert later.iterations >= first.iterations and later.upper <= first.upper + 1e-9
    (tmp_path / "two").mkdir()
    other = listed_game(tmp_path / "two", *sampled_lists(6, 30, 10))
    assert MixState.from_data(saved, other) is None
    graph = saved["graph"]
    assert MixState.from_data({**saved, "graph": {**graph, "edges": [[0, -1, 0]]}}, game) is None
    bare = {**graph, "edges": graph["edges"][:1]}  # sets below with no guess left
    assert MixState.from_data({**saved, "graph": bare}, game) is None
    assert MixState.from_data({**saved, "format": 1}, game) is None  # the trees of old
    assert MixState.from_data([], game) is None


def test_past_64_answers_the_rounds_can_meet_at_the_exact_value(tmp_path) -> None:
    """90 answers, each its own guess: the rounds' exact responses certify a lower bound that
    meets the behaviour's upper one, and both certificates check out on their own."""
    game = listed_game(tmp_path, sampled_lists(9, 90, 0)[0])
    found, state = mix(game, seconds=50)  # they meet within 4 s here, and the rounds stop then
    assert found.upper - found.lower <= 1e-9 and found.lower_by is None
    chooser = np.array([found.chooser.get(t, 0.0) for t in game.targets])
    assert math.isclose(WeightedSearch(game, chooser).tree()[0], found.lower, abs_tol=1e-9)
    behaviour = found.behaviour
    assert np.allclose(walked(behaviour.graph, behaviour.chances), behaviour.expected)
    assert state.certified == found.lower and state.lower < found.lower  # above the uniform's


def blended_best(game, chooser: np.ndarray, blend: float) -> tuple[np.ndarray, float]:
    """The chooser a trial of this blend puts to the proof (its chances as the proof's whole
    numbers) and the least expected guesses against it, by the plain exact search."""
    mixed = blend * chooser + (1 - blend) / len(chooser)
    whole = whole_weights(mixed / mixed.sum())
    return whole / whole.sum(), WeightedSearch(game, whole / whole.sum()).tree()[0]


def test_a_threshold_below_the_best_response_is_proven_and_certifies_the_lower_bound(
    tmp_path,
) -> None:
    game = listed_game(tmp_path, sampled_lists(9, 70, 0)[0])
    _, ran = mix(game, seconds=3, prove=False)
    chooser = ran.graph.solve().chooser
    certified, best = blended_best(game, chooser, 0.5)
    state = MixState(ran.graph)
    trial = certify(state, chooser, best - 0.02, 0.5, lambda: False)
    assert trial.proven is True and best - 0.02 <= trial.value <= best + 1e-9
    assert state.certified == trial.value
    words = np.array([state.certificate.get(t, 0.0) for t in game.targets])
    assert np.allclose(words, certified, atol=1e-12)  # the chooser that was proven
    assert math.isclose(WeightedSearch(game, words).tree()[0], best, abs_tol=1e-9)


def test_a_threshold_above_the_best_response_is_beaten_and_the_tree_joins_the_graph(
    tmp_path,
) -> None:
    game = listed_game(tmp_path, sampled_lists(9, 70, 0)[0])
    _, ran = mix(game, seconds=3, prove=False)
    chooser = ran.graph.solve().chooser
    _, best = blended_best(game, chooser, 0.3)
    state = MixState(ran.graph)
    before = len(state.graph.edges)
    trial = certify(state, chooser, best + 0.02, 0.3, lambda: False)
    assert trial.proven is False and math.isclose(trial.value, best, abs_tol=1e-9)
    assert state.certified == 0.0  # nothing is certified by a threshold that fails
    beating = WeightedProof(game, state.graph.matrix, trial.chooser).below(math.inf).tree
    assert len(state.graph.edges) >= before and state.graph.holds(beating)


def test_a_stopped_trial_goes_on_from_the_first_guesses_it_settled(tmp_path) -> None:
    game = listed_game(tmp_path, sampled_lists(9, 70, 0)[0])
    _, ran = mix(game, seconds=3, prove=False)
    chooser = ran.graph.solve().chooser
    _, best = blended_best(game, chooser, 0.5)
    state = MixState(ran.graph)
    calls = iter(range(10**9))
    kept: list[dict] = []
    stopped = certify(
        state,
        chooser,
        best - 0.002,
        0.5,
        lambda: next(calls) > 3,
        lambda s: kept.append(s.to_data(game)),
    )
    assert stopped.proven is None and stopped.settled
    first = list(stopped.settled)
    back = MixState.from_data(state.to_data(game), game)
    assert back is not None and back.trial is not None
    assert back.trial.settled == first and np.allclose(back.trial.chooser, stopped.chooser)
    done = certify(back, chooser, best - 0.002, 0.5, lambda: False)
    assert done.proven is True and done.settled[: len(first)] == first
    fresh = certify(MixState(ran.graph), chooser, best - 0.002, 0.5, lambda: False)
    assert min(done.value, fresh.value) >= best - 0.002 - 1e-12
    assert len(done.settled) == len(fresh.settled)  # every first guess, once
    data = state.to_data(game)
    data["trial"]["chooser"] = data["trial"]["chooser"][:-1]  # damaged: the trial starts afresh
    assert MixState.from_data(data, game).trial is None
