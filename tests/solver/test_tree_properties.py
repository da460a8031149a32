"""Greedy trees on random small lists: they end, reach every target, and match a reference.

The lists are unsorted, with duplicates, mixed case, blank lines, comments, and guesses that
are not answers. For every game, metric, policy and tie rule (read from the package, so new
ones are covered when they land), the tree must:

- end (a bound on the guesses chosen, and a time limit as a backstop);
- reach every target once, `tree_path` replaying each with true replies, its length the score;
- pass `trees.validate`, and score no better than the exhaustive optimum (hard mode: the
  exhaustive hard-mode optimum);
- agree, node by node, with the reference (`reference_solver`): each guess is allowed by the
  policy, makes progress and scores the best metric of its pool (ties allowed); a greedy
  tree built independently from the definition, asking the tree under test only which of
  several tied guesses to play, gives every target the same score; and under the default
  `alpha` rule every node plays exactly the guess the documented tie order picks;
- and every report built on it states the totals of its tree.
"""

from __future__ import annotations

import statistics
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference_solver import (
    KNOWN_METRICS,
    KNOWN_POLICIES,
    check_greedy,
    check_words,
    game_from,
    guesses_by_targets,
    optimal_total,
    property_settings,
    reference_alpha_guesses,
    reference_for,
    reference_greedy,
    step_bound,
    time_limit,
    word_files,
    words_of,
)

from wordle_tui.solver.games import GAME_NAMES
from wordle_tui.solver.metrics import METRICS
from wordle_tui.solver.play import EvilReplier, GreedyGuesser, HonestReplier, TreeGuesser, play
from wordle_tui.solver.reports.scores import StrategySpec, cached_spec, replay, run_strategy
from wordle_tui.solver.tree import POLICIES, TIE_RULES, Solver, evil_path, tree_path, tree_scores
from wordle_tui.solver.trees import validate
from wordle_tui.solver.words import WordListError

PROPERTY = property_settings(60)
DEFAULT_TIES = "alpha"  # what reports use
LIMIT = 30  # seconds for one example: a backstop, far above what one takes
RANDOM = StrategySpec("random", "consistent")


def build(name: str, lines: tuple) -> object | None:
    """The game the files make, checked word by word; None for Jotto without a usable word."""
    try:
        game = game_from(name, *lines)
    except WordListError:
        assert name.startswith("jotto") and all(len(set(w)) < 5 for w in words_of(lines[0]))
        return None
    check_words(game, *lines)
    return game


def check_summary(result, scores: dict[str, int]) -> None:
    """A report's figures are those of its per-target scores."""
    s, values = result.summary, list(scores.values())
    assert result.scores == scores
    assert s.targets == len(values) and s.worst == max(values) and s.best == min(values)
    assert s.mean == pytest.approx(sum(values) / len(values), abs=1e-12)
    assert s.median == statistics.median(values)
    assert s.histogram == dict(sorted(Counter(values).items()))
    for g, percent in s.cumulative.items():
        assert percent == pytest.approx(100 * sum(v <= g for v in values) / len(values))


def check_reaches_every_target(tree, game, scores: dict[str, int]) -> None:
    ref = reference_for(game)
    for target in game.targets:
        path = tree_path(tree, game, target)
        assert path[-1] == (target, game.rules.win) and len(path) == scores[target]
        assert all(ref.reply(g, target) == r for g, r in path)


@pytest.mark.parametrize("name", GAME_NAMES)
@PROPERTY
@given(lines=word_files())
def test_every_greedy_tree_ends_reaches_every_target_and_matches_the_reference(name, lines):
    game = build(name, lines)
    if game is None:
        return
    ref, n = reference_for(game), len(game.targets)
    optimum = {False: optimal_total(ref), True: optimal_total(ref, hard=True)}
    assert optimum[False] <= optimum[True]
    for metric in METRICS:
        for policy in POLICIES:
            for ties in TIE_RULES:
                with step_bound(n), time_limit(LIMIT):
                    if ties == DEFAULT_TIES:
                        result = run_strategy(game, metric, policy)
                        tree = result.tree
                    else:
                        tree = Solver(game, metric, policy, ties=ties).tree()
                where = (metric, policy, ties)
                scores = tree_scores(tree)
                if ties == DEFAULT_TIES:
                    check_summary(result, scores)
                assert sorted(scores) == sorted(game.targets), where
                assert check_greedy(tree, ref, metric, policy) == scores, where
                check_reaches_every_target(tree, game, scores)
                hard = policy == "hard"
                assert validate(tree, game, hard=hard, max_guesses=255) == []
                assert sum(scores.values()) >= optimum[hard], where
                played = guesses_by_targets(tree, ref)

                def at_tie(left: list[str], tied: list[str], played=played, where=where) -> str:
                    assert played[frozenset(left)] in tied, (where, left, tied)
                    return played[frozenset(left)]

                assert reference_greedy(ref, metric, policy, at_tie) == scores, where
                if ties != "list":  # every tie settled by the documented order
                    assert played == reference_alpha_guesses(ref, metric, policy, ties), where
                evil = play(game, TreeGuesser(tree, game), EvilReplier(game))
                assert evil_path(tree, game) == [(s.guess, s.reply) for s in evil], where


@pytest.mark.parametrize("name", GAME_NAMES)
@PROPERTY
@given(
    lines=word_files(),
    metric=st.sampled_from(METRICS),
    policy=st.sampled_from(POLICIES),
    seed=st.integers(0, 2**16),
)
def test_players_and_reports_state_the_scores_of_their_trees(name, lines, metric, policy, seed):
    game = build(name, lines)
    if game is None:
        return
    ref, n = reference_for(game), len(game.targets)
    greedy_spec = StrategySpec(metric, policy)
    with step_bound(4 * n * n + 2 * n), time_limit(LIMIT):
        greedy = run_strategy(game, metric, policy)
        randomly = run_strategy(game, "random", "consistent", seed=seed)
        for target in game.targets:
            honest = HonestReplier(game, target)
            steps = play(game, GreedyGuesser(Solver(game, metric, policy)), honest)
            assert [(s.guess, s.reply) for s in steps] == tree_path(greedy.tree, game, target)
            assert len(replay(game, greedy_spec, target, seed)) == greedy.scores[target]
            left = list(ref.targets)  # the random guesser plays words that could be the answer
            played = replay(game, RANDOM, target, seed)
            for step in played:
                assert step.guess in left
                left = [t for t in left if ref.reply(step.guess, t) == step.reply]
                assert len(left) == step.remaining
            assert played[-1].guess == target and len(played) == randomly.scores[target]
        for spec, result in ((greedy_spec, greedy), (RANDOM, randomly)):
            for _ in range(2):  # computed and stored, then read back from the cache
                assert cached_spec(game, spec, seed).scores == result.scores
        told: list[tuple[int, int]] = []
        Solver(game, metric, policy).tree(progress=lambda done, total: told.append((done, total)))
    assert told[-1] == (n, n) and told == sorted(told)
    check_summary(greedy, tree_scores(greedy.tree))
    check_summary(randomly, randomly.scores)
    assert sorted(randomly.scores) == sorted(game.targets)
    assert all(1 <= v <= n for v in randomly.scores.values())


@pytest.mark.parametrize("name", ["wordle", "jotto"])
@PROPERTY
@given(lines=word_files())
def test_the_order_of_the_lists_changes_no_alpha_tree(name, lines):
    game = build(name, lines)
    if game is None:
        return
    tidy = (sorted(words_of(lines[0])), sorted(words_of(lines[1])))
    ordered = game_from(name, *tidy)
    assert (set(ordered.targets), ordered.guesses) == (set(game.targets), game.guesses)
    for metric in METRICS:
        for policy in POLICIES:
            with step_bound(2 * len(game.targets)), time_limit(LIMIT):
                mixed = Solver(game, metric, policy, ties="alpha").tree()
                tidied = Solver(ordered, metric, policy, ties="alpha").tree()
            assert tidied == mixed, (metric, policy)


def test_the_reference_knows_every_policy_and_metric() -> None:
    assert set(POLICIES) <= set(KNOWN_POLICIES)
    assert set(METRICS) <= set(KNOWN_METRICS)
