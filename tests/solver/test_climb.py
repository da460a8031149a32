"""The climb to the lower bound's chooser: its linear program against a brute force, its cuts
against the trees they stand for, and its proven points against the exact value."""

from __future__ import annotations

import itertools
import math
import time

import numpy as np
import pytest
from reference_solver import ATCH, listed_game, sampled_lists

from wordle_tui.solver.chooser.behaviour import SetGraph
from wordle_tui.solver.chooser.climb import Climb, graph_cut, guesses_of, master
from wordle_tui.solver.chooser.equilibrium import WeightedSearch, equilibrium
from wordle_tui.solver.chooser.mixing import MARGIN, climb, climb_and_certify, complete, mix
from wordle_tui.solver.chooser.state import MixState
from wordle_tui.solver.chooser.trial import Trial
from wordle_tui.solver.chooser.weighted import WeightedTreeSearch
from wordle_tui.solver.matrix import reply_matrix


def simplex_grid(n: int, steps: int):
    """Every chooser over `n` answers whose chances are multiples of 1/steps."""
    for cut in itertools.combinations(range(steps + n - 1), n - 1):
        parts = np.diff([-1, *cut, steps + n - 1]) - 1
        yield parts / steps


@pytest.mark.parametrize("seed", range(4))
def test_the_master_program_finds_the_highest_point_of_the_model_in_its_box(seed) -> None:
    rng = np.random.default_rng(seed)
    cuts = rng.integers(1, 7, size=(4, 3)).astype(np.uint8)
    centre = rng.dirichlet(np.ones(3))
    radius = float(rng.uniform(0.3, 3))
    point, height = master(cuts, centre, radius)
    assert math.isclose(point.sum(), 1.0) and np.all(point >= 0)
    assert np.all(np.abs(point - centre) <= radius / 3 + 1e-9)  # inside the box
    assert math.isclose(height, float((cuts @ point).min()), abs_tol=1e-7)
    inside = [c for c in simplex_grid(3, 60) if np.all(np.abs(c - centre) <= radius / 3)]
    assert all(float((cuts @ c).min()) <= height + 1e-7 for c in inside)  # none higher


def test_a_cut_is_the_guesses_of_its_tree_and_the_graph_cut_its_best_tree(tmp_path) -> None:
    game = listed_game(tmp_path, *sampled_lists(4, 25, 15))
    matrix = reply_matrix(game)
    graph = SetGraph(game, matrix)
    for seed in range(3):
        weights = np.random.default_rng(seed).dirichlet(np.ones(len(game.targets)))
        total, tree = WeightedTreeSearch(game, matrix, weights, 3, 4).tree()
        assert math.isclose(weights @ guesses_of(tree, game), total, abs_tol=1e-9)
        graph.add_tree(tree)
    complete(graph)
    for seed in range(5):
        weights = np.random.default_rng(20 + seed).dirichlet(np.ones(len(game.targets)))
        cut = graph_cut(graph, weights)
        assert math.isclose(weights @ cut, graph.best(weights), abs_tol=1e-9)


CASES = {
    "atch": (ATCH[:6], ["chimp"]),
    "sampled": sampled_lists(7, 12, 8),
}


@pytest.mark.parametrize(("answers", "extra"), CASES.values(), ids=CASES.keys())
def test_the_climb_reaches_the_game_value_and_never_proves_more(tmp_path, answers, extra) -> None:
    game = listed_game(tmp_path, answers, extra)
    exact = equilibrium(game).value
    state = MixState(SetGraph(game, reply_matrix(game)))
    first = WeightedTreeSearch(game, state.graph.matrix, np.ones(len(game.targets)), 2, 2)
    state.graph.add_tree(first.tree()[1])
    complete(state.graph)
    climbed = climb(state, lambda: state.climb is not None and state.climb.steps >= 60)
    assert climbed.steps == 60
    # the model is at least the chooser's best response everywhere, so at least the value
    assert climbed.value(climbed.centre) >= WeightedSearch(game, climbed.centre).tree()[0] - 1e-9
    assert state.certified <= exact + 1e-9  # no chooser certifies more than the value
    assert state.certified >= exact - 0.01  # and the climb's come within a hundredth of it
    chooser = np.array([state.certificate.get(t, 0.0) for t in game.targets])
    assert math.isclose(WeightedSearch(game, chooser).tree()[0], state.certified, abs_tol=1e-9)


def test_a_run_that_climbs_certifies_its_centre_and_resumes(tmp_path) -> None:
    game = listed_game(tmp_path, sampled_lists(9, 70, 0)[0])
    exact_best = WeightedSearch(game, np.full(70, 1 / 70)).tree()[0]
    found, state = mix(game, seconds=8, ascend=True)
    assert state.climb is not None and state.climb.steps > 0 and not state.climbing
    assert found.lower >= exact_best - 1e-9  # at least the uniform chooser's
    if found.lower_by is None:  # a chooser of the climb certifies it
        chooser = np.array([found.chooser.get(t, 0.0) for t in game.targets])
        assert WeightedSearch(game, chooser).tree()[0] >= found.lower - 1e-9
    assert found.lower <= found.upper + 1e-9
    back = MixState.from_data(state.to_data(game), game)
    assert back is not None and back.climb is not None
    assert np.array_equal(back.climb.cuts, state.climb.cuts)
    assert np.allclose(back.climb.centre, state.climb.centre)
    again, later = mix(game, seconds=3, state=back, ascend=True)
    assert later.climb is not None and later.climb.steps >= state.climb.steps
    assert again.lower >= found.lower - 1e-12  # what was proven stays proven
    data = state.to_data(game)
    data["climb"]["cuts"] = ["AAAA"]  # a cut of the wrong length: the climb starts afresh
    assert MixState.from_data(data, game).climb is None
    data["climb"] = {"centre": [1.0]}
    assert MixState.from_data(data, game).climb is None


def test_a_trial_of_the_climbs_centre_is_not_a_blends_and_goes_on_as_itself() -> None:
    centre = np.array([0.2, 0.3, 0.5])
    trial = Trial.of_climb(centre, 3.1)
    assert trial.climbed and trial.goes_on(3.1, 0.7, climbed=True)
    assert not trial.goes_on(3.1, 1.0) and not trial.goes_on(3.2, 1.0, climbed=True)
    assert not Trial.of(centre, 3.1, 1.0).goes_on(3.1, 1.0, climbed=True)
    assert np.allclose(trial.chooser, centre)
    assert Climb(centre, np.ones((1, 3), dtype=np.uint8)).value(centre) == 1.0


def climbed_state(tmp_path, seed: int):
    """A game of 70 sampled answers, the uniform chooser's exact best, and a state whose climb
    stands at the uniform chooser with a model of 6 (one cut of six guesses a word)."""
    game = listed_game(tmp_path, sampled_lists(9, 70, seed)[0])
    uniform = np.full(70, 1 / 70)
    best = WeightedSearch(game, uniform).tree()[0]
    graph = SetGraph(game, reply_matrix(game))
    graph.add_tree(WeightedTreeSearch(game, graph.matrix, uniform, 2, 2).tree()[1])
    complete(graph)
    state = MixState(graph, lower=2.0)
    state.climb = Climb(uniform.copy(), np.full((1, 70), 6, dtype=np.uint8))
    return game, best, state


def test_a_beaten_threshold_gives_way_to_a_lower_one_until_one_is_proven(tmp_path) -> None:
    game, best, state = climbed_state(tmp_path, 0)
    uniform = np.full(70, 1 / 70)
    state.trial = Trial.of_climb(uniform, 5.99)  # unfinished: the run goes on with it first
    climb_and_certify(state, None, time.monotonic() + 120)
    assert state.climb.steps == 0  # no climbing: the trial went on, then lower ones
    assert state.trial is not None and state.trial.proven is True
    assert len(state.climb.cuts) > 1  # each tree that beat a threshold became a cut
    assert best - MARGIN - 0.0011 <= state.certified <= best + 1e-9
    chooser = np.array([state.certificate.get(t, 0.0) for t in game.targets])
    assert WeightedSearch(game, chooser).tree()[0] >= state.certified - 1e-9


def test_a_threshold_asked_of_a_climb_made_is_proven_against_its_centre_without_climbing(
    tmp_path,
) -> None:
    game, best, state = climbed_state(tmp_path, 1)
    asked = math.floor((best - 0.05) * 1000) / 1000
    climb_and_certify(state, asked, time.monotonic() + 120)
    assert state.climb.steps == 0  # the centre stood as it was
    assert state.trial is not None and state.trial.proven is True
    assert asked - 1e-9 <= state.certified <= best + 1e-9  # the proof may settle more
    state.trial = None  # a state without a climb climbs first
    state.climb = None
    climb_and_certify(state, asked, time.monotonic() + 10)
    assert state.climb is not None  # only the climb makes one (steps depend on the time)
