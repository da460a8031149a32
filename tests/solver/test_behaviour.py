"""The guesser who mixes at every set: the set graph's program against the exact value (every
tree listed), its behaviour's expected guesses against a walk of its own, and its file."""

from __future__ import annotations

import numpy as np
import pytest
from reference_solver import ATCH, OUND, keeps_every_hint, listed_game, reference_for
from test_equilibrium import brute_value, every_tree, random_case

from wordle_tui.solver.chooser.behaviour import IDLE, ROOT, SetGraph
from wordle_tui.solver.chooser.equilibrium import depths, equilibrium, solve_matrix_game
from wordle_tui.solver.chooser.mixing import complete
from wordle_tui.solver.chooser.weighted import WeightedTreeSearch
from wordle_tui.solver.matrix import reply_matrix
from wordle_tui.solver.tree import Node

CASES = {
    "atch": (ATCH[:6], ["chimp"]),
    "ound": (OUND[:6], ["shrew"]),
    "random1": random_case(1),
    "random2": random_case(2),
}
HARD_CASES = {
    "ight": (["eight", "fight", "light", "right", "sight", "wight"], ["brews", "kelps"]),
    "ower": (["cower", "lower", "mower", "rower", "sower", "tower"], ["clams", "culls"]),
}


def every_guess(graph: SetGraph) -> SetGraph:
    """The graph with every guess the rules allow at every set it can reach."""
    stack, seen = [ROOT], {ROOT}
    while stack:
        s = stack.pop()
        for guess in range(len(graph.game.guesses)):
            for k in graph.children(s, guess) or ():
                if k not in seen:
                    seen.add(k)
                    stack.append(k)
    return graph


def keeps_the_hints(behaviour) -> bool:
    """Whether each guess the behaviour may play keeps the hints of the guesses on the way to
    its set (read back from the sets' origins, with a target of the set)."""
    graph = behaviour.graph
    game, ref = graph.game, reference_for(graph.game)
    for s, picks in behaviour.chances.items():
        target, played, at = game.targets[graph.members[s][0]], [], s
        while at != ROOT:
            parent, guess, _ = graph.origins[at]
            played.append((game.guesses[guess], target))
            at = parent
        if not all(keeps_every_hint(ref, game.guesses[g], tuple(played)) for g, _ in picks):
            return False
    return True


def walked(graph: SetGraph, chances: dict, s: int = ROOT, reach: float = 1.0, into=None):
    """Each answer's expected guesses, walked down every path (no sharing of sets)."""
    into = np.zeros(len(graph.game.targets)) if into is None else into
    into[graph.members[s]] += reach
    for guess, chance in chances[s]:
        for k in graph.edges[s, guess]:
            walked(graph, chances, k, reach * chance, into)
    return into


@pytest.mark.parametrize(("answers", "extra"), CASES.values(), ids=CASES.keys())
def test_with_every_guess_at_every_set_the_program_gives_the_exact_value(
    tmp_path, answers, extra
) -> None:
    game = listed_game(tmp_path, answers, extra)
    behaviour = every_guess(SetGraph(game, reply_matrix(game))).solve()
    assert abs(behaviour.upper - brute_value(every_tree(game))) <= 1e-9
    assert abs(behaviour.upper - equilibrium(game).value) <= 1e-9
    # the bound is the behaviour's own, walked path by path, and each set's chances sum to 1
    assert np.allclose(walked(behaviour.graph, behaviour.chances), behaviour.expected)
    assert all(abs(sum(c for _, c in picks) - 1) <= 1e-9 for picks in behaviour.chances.values())
    # the program's chooser certifies it: no tree there is does better against it
    assert (behaviour.chooser @ every_tree(game)).min() >= behaviour.upper - 1e-9


@pytest.mark.parametrize(
    ("answers", "extra"), [*CASES.values(), *HARD_CASES.values()], ids=[*CASES, *HARD_CASES]
)
def test_in_hard_mode_every_legal_guess_gives_the_exact_value_and_keeps_the_hints(
    tmp_path, answers, extra
) -> None:
    game = listed_game(tmp_path, answers, extra)
    graph = every_guess(SetGraph(game, reply_matrix(game), hard=True))
    behaviour = graph.solve()
    assert abs(behaviour.upper - brute_value(every_tree(game, hard=True))) <= 1e-9
    assert keeps_the_hints(behaviour)


@pytest.mark.parametrize(("answers", "extra"), CASES.values(), ids=CASES.keys())
def test_the_graphs_best_single_tree_is_the_best_tree_there_is_against_any_chooser(
    tmp_path, answers, extra
) -> None:
    game = listed_game(tmp_path, answers, extra)
    graph = every_guess(SetGraph(game, reply_matrix(game)))
    trees = every_tree(game)
    for seed in range(3):
        weights = np.random.default_rng(seed).dirichlet(np.ones(len(game.targets)))
        assert abs(graph.best(weights) - (weights @ trees).min()) <= 1e-9
    # against the program's chooser no single tree does better than the mixing behaviour
    behaviour = graph.solve()
    assert abs(graph.best(behaviour.chooser) - behaviour.upper) <= 1e-6


@pytest.mark.parametrize(("answers", "extra"), CASES.values(), ids=CASES.keys())
def test_idle_edges_the_programs_chooser_prices_in_come_back(tmp_path, answers, extra) -> None:
    game = listed_game(tmp_path, answers, extra)
    graph = every_guess(SetGraph(game, reply_matrix(game)))
    exact = graph.solve().upper
    uniform = np.full(len(game.targets), 1 / len(game.targets))
    _, tree = graph.best_tree(uniform)  # one tree left in play, every other edge idle
    graph.idle = {edge: IDLE for edge in graph.edges if edge not in set(tree)}
    alone, _ = graph._solve()
    assert alone.upper > exact + 0.05  # the one tree's worst word
    graph.idle = {edge: IDLE for edge in graph.edges if edge not in set(tree)}
    for _ in range(6):  # a few rounds' solves: each puts back what its chooser prices in
        behaviour = graph.solve()
    assert abs(behaviour.upper - exact) <= 1e-9
    assert np.allclose(walked(graph, behaviour.chances), behaviour.expected)


def test_a_graph_of_trees_never_does_worse_than_mixing_the_trees(tmp_path) -> None:
    game = listed_game(tmp_path, *random_case(3))
    matrix, graph = reply_matrix(game), None
    trees = []
    for seed in range(4):
        weights = np.random.default_rng(seed).dirichlet(np.ones(len(game.targets)))
        trees.append(WeightedTreeSearch(game, matrix, weights, 2, 3).tree()[1])
    graph = SetGraph(game, matrix)
    for tree in trees:
        graph.add_tree(tree)
    mixed, _, _ = solve_matrix_game(np.array([depths(game, t) for t in trees]).T)
    behaviour = graph.solve()
    assert behaviour.upper <= mixed + 1e-9
    assert np.allclose(walked(graph, behaviour.chances), behaviour.expected)


def test_small_sets_take_their_answers_in_any_order(tmp_path) -> None:
    """Six -ATCH words with nothing else to guess: each guess rules out one word, and mixing
    the orders makes every word cost (n + 1) / 2 = 3.5."""
    game = listed_game(tmp_path, ATCH[:6])
    graph = SetGraph(game, reply_matrix(game))
    graph.add_tree(WeightedTreeSearch(game, reply_matrix(game), np.ones(6), 1, 1).tree()[1])
    assert graph.solve().upper == 6  # one tree: some word is tried last
    graph.add_answers(limit=6)
    behaviour = graph.solve()
    assert behaviour.upper == pytest.approx(3.5, abs=1e-9)
    assert np.allclose(behaviour.expected, 3.5)


@pytest.mark.parametrize("hard", [False, True], ids=["normal", "hard"])
def test_the_graph_comes_back_from_its_data_and_refuses_what_is_not_its_own(tmp_path, hard) -> None:
    game = listed_game(tmp_path, *random_case(4))
    matrix = reply_matrix(game)
    graph = SetGraph(game, matrix, hard)
    graph.add_tree(WeightedTreeSearch(game, matrix, np.ones(len(game.targets)), 2, 3).tree()[1])
    graph.add_answers(limit=3)
    complete(graph)  # a tree for each set the answers' guesses left bare
    every_guess(graph)
    data = graph.to_data()
    again = SetGraph(game, matrix, hard)
    assert again.load(data)
    assert [m.tolist() for m in again.members] == [m.tolist() for m in graph.members]
    assert set(again.edges) == set(graph.edges)
    graph.solve()
    graph.solve()  # edges without flow count their idle solves, and the data keeps the count
    kept = SetGraph(game, matrix, hard)
    assert kept.load(graph.to_data()) and kept.idle == {e: n for e, n in graph.idle.items() if n}
    assert kept.idle  # some edges went without flow
    assert again.solve().upper == pytest.approx(graph.solve().upper, abs=1e-12)
    sets = data["sets"]
    for damaged in (
        {**data, "format": 99},
        {**data, "sets": [[5, 0, 0], *sets]},  # reached from a set not made yet
        {**data, "sets": [*sets, sets[0]]},  # a set made twice
        {**data, "edges": [[len(sets) + 1, 0, 0]]},
        {**data, "edges": [[0, 0]]},  # no count of idle solves
        {**data, "edges": [[0, 10**6, 0]]},
        {**data, "sets": "x"},
        [],
    ):
        assert not SetGraph(game, matrix, hard).load(damaged)


def test_the_longest_path_counts_the_rows_a_word_can_take(tmp_path) -> None:
    game = listed_game(tmp_path, ATCH[:4])
    graph = SetGraph(game, reply_matrix(game))
    graph.add_answers(limit=4)
    behaviour = graph.solve()
    assert behaviour.longest() == 4  # the last word of some order is guessed fourth
    assert sum(c for _, c in behaviour.first_guesses()) == pytest.approx(1.0)
    assert {w for _, picks in behaviour.choices() for w, _ in picks} == set(ATCH[:4])


def test_each_sets_value_is_the_weighted_walk_from_it(tmp_path) -> None:
    game = listed_game(tmp_path, *random_case(5))
    behaviour = every_guess(SetGraph(game, reply_matrix(game))).solve()
    weights = np.random.default_rng(5).dirichlet(np.ones(len(game.targets)))
    values = behaviour.values(weights)
    assert values[ROOT] == pytest.approx(weights @ behaviour.expected)
    for s in behaviour.chances:
        from_here = walked(behaviour.graph, behaviour.chances, s)
        assert values[s] == pytest.approx(weights @ from_here)


def test_edges_that_go_unused_leave_the_program_and_a_search_brings_them_back(tmp_path) -> None:
    game = listed_game(tmp_path, *random_case(6))
    graph = every_guess(SetGraph(game, reply_matrix(game)))
    first = graph.solve()
    every_edge = len(graph.edges)
    for _ in range(IDLE):
        again = graph.solve()
    in_play, _ = graph.in_play()
    assert len(in_play) < every_edge  # the edges with no flow in IDLE solves are out
    assert again.upper == pytest.approx(first.upper, abs=1e-9)  # and the value is kept
    assert np.allclose(walked(graph, again.chances), again.expected)
    # an unused edge whose groups are single words, played by a tree: in play again
    unused = next(
        (s, g)
        for (s, g), kids in graph.edges.items()
        if (s, g) not in in_play and kids and all(len(graph.members[k]) == 1 for k in kids)
    )
    s, g = unused
    row = graph.matrix[g, graph.members[s]]
    branches = {int(r): game.targets[t] for r, t in zip(row, graph.members[s], strict=True)}
    graph.add_tree(Node(game.guesses[g], len(row), branches), s)
    assert graph.idle.get(unused, 0) == 0 and unused in graph.in_play()[0]
