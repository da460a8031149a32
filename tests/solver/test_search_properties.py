"""Exact searches on random small lists: they end, agree with brute force and with their trees.

The lists are unsorted, with duplicates, mixed case, and guesses that are not answers (see
`reference_solver.word_files`). The references are exhaustive over every guess, with replies
computed one word at a time:

- `TreeSearch` searching every guess (normal and hard mode, every ranking, a fixed first guess)
  finds the least total; its total and worst case are those of its tree, which is sound and
  plays only allowed guesses; no greedy tree beats it; narrower searches never claim better;
- the shortest forced win against the evil replier replays as a win, is never shorter than the
  true shortest, equals it when it says it is proved, and its counting bound is a lower bound;
- Antiwordle's survival search, trying every guess, finds the most guesses over trees of
  consistent guesses; its total is its tree's; no greedy consistent tree survives longer;
- the top's large groups sharing the room (`TreeSearch.share_room`), against a search that says
  only "the room or more" whenever it may: the exact total below the best, else the best or more.
"""

from __future__ import annotations

import math
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference_solver import (
    check_greedy,
    evil_replay_ok,
    game_from,
    longest_survival,
    optimal_total,
    property_settings,
    reference_for,
    shortest_evil_win,
    step_bound,
    time_limit,
    word_files,
    words_of,
)

from wordle_tui.solver import make_game
from wordle_tui.solver.metrics import METRICS
from wordle_tui.solver.reports.scores import run_strategy
from wordle_tui.solver.search import evil as evil_search
from wordle_tui.solver.search.best_tree import RANKINGS, SurvivalSearch, TreeSearch
from wordle_tui.solver.search.shared import SearchError, depths
from wordle_tui.solver.tree import POLICIES, tree_scores
from wordle_tui.solver.trees import load, save, validate
from wordle_tui.solver.words import WordListError

PROPERTY = property_settings(100)
LIMIT = 30  # seconds for one example: a backstop, far above what one takes


def check_result(result, game, ref, policy: str | None, max_guesses: int = 255) -> dict:
    """A search result's figures are its tree's, and the tree is sound; returns its scores."""
    scores = check_greedy(result.tree, ref, None, policy)
    assert tree_scores(result.tree) == scores
    assert result.total == sum(scores.values()) == sum(depths(result.tree))
    assert result.worst == max(scores.values()) <= max_guesses
    hard = policy == "hard" and game.name == "wordle"
    assert validate(result.tree, game, hard=hard, max_guesses=max_guesses) == []
    return scores


def progresses(ref, guess: str) -> bool:
    return guess in ref.targets or len(ref.groups(guess, ref.targets)) > 1


@pytest.mark.parametrize("name", ["wordle", "jotto", "jotto-positions"])
@PROPERTY
@given(lines=word_files(), limit=st.integers(1, 6), data=st.data())
def test_exact_tree_search_equals_brute_force(name, lines, limit, data):
    try:
        game = game_from(name, *lines)
    except WordListError:
        assert name.startswith("jotto") and all(len(set(w)) < 5 for w in words_of(lines[0]))
        return
    ref, every = reference_for(game), len(game.guesses)
    with time_limit(LIMIT):
        for hard in (False, True):
            best = optimal_total(ref, hard=hard)
            policy = "hard" if hard else None
            for rank in RANKINGS:
                exact = TreeSearch(game, hard=hard, top_k=every, rank=rank, max_guesses=255).run()
                assert exact.total == best, (hard, rank)
                check_result(exact, game, ref, policy)
            check_round_trip(exact, game, hard)
            narrow = TreeSearch(game, hard=hard, top_k=2, max_guesses=255).run()
            assert narrow.total >= best
            check_result(narrow, game, ref, policy)
            within = optimal_total(ref, hard=hard, max_guesses=limit)
            search = TreeSearch(game, hard=hard, top_k=every, max_guesses=limit)
            if math.isinf(within):
                with pytest.raises(SearchError):
                    search.run()
            else:
                limited = search.run()
                assert limited.total == within, (hard, limit)
                check_result(limited, game, ref, policy, max_guesses=limit)
            try:
                default = TreeSearch(game, hard=hard).run()
            except SearchError:
                pass  # no tree within 6 guesses among the top 10 at each step: it says so
            else:
                assert default.total >= optimal_total(ref, hard=hard, max_guesses=6)
                check_result(default, game, ref, policy, max_guesses=6)
        first = data.draw(st.sampled_from(game.guesses), label="first")
        check_fixed_first(game, ref, first)
        best = optimal_total(ref)
        for metric in METRICS:
            for policy in POLICIES:
                with step_bound(len(game.targets)):
                    greedy = run_strategy(game, metric, policy)
                assert sum(greedy.scores.values()) >= best, (metric, policy)


def check_fixed_first(game, ref, first: str) -> None:
    """A search with a fixed first guess plays it and is the best tree after it."""
    search = TreeSearch(game, top_k=len(game.guesses), max_guesses=255)
    try:
        fixed = search.run(first=first.upper())
    except SearchError:
        assert not progresses(ref, first)  # a guess that neither wins nor splits is refused
        return
    assert fixed.first_guess == first
    if progresses(ref, first):
        assert fixed.total == optimal_total(ref, first=first)
    else:  # played anyway: then the best tree, one guess later for every target
        assert fixed.total == len(game.targets) + optimal_total(ref)
    check_result(fixed, game, ref, None)


def check_round_trip(result, game, hard: bool) -> None:
    """A searched tree saved to a file loads back (validated) with the same scores."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "tree.json.gz")
        save(result.tree, game, path, mode="hard" if hard else "normal", total=result.total)
        tree, meta = load(path, game)
    assert tree_scores(tree) == tree_scores(result.tree) and meta["total"] == result.total


@PROPERTY
@given(lines=word_files())
def test_the_shortest_evil_win_is_true(lines):
    game = game_from("wordle", *lines)
    truth = shortest_evil_win(reference_for(game))
    with time_limit(LIMIT):
        found = evil_search.shortest_evil_win(game)
    steps = [tuple(step) for step in found["sequence"]]
    assert found["guesses"] == len(steps) and evil_replay_ok(game, steps)
    assert found["guesses"] >= truth
    if found["proved"]:
        assert found["guesses"] == truth, found["proof"]
    bound = found["bound"]
    assert bound[0] == len(game.targets) and bound[-1] == 1 and len(bound) <= truth


@PROPERTY
@given(lines=word_files())
def test_antiwordle_survival_search_equals_brute_force(lines):
    game = game_from("antiwordle", *lines)
    ref, n = reference_for(game), len(game.targets)
    longest = longest_survival(ref)
    with time_limit(LIMIT):
        exact = SurvivalSearch(game, top_k=n).run()
        default = SurvivalSearch(game).run()
        with step_bound(len(METRICS) * n):
            greedy = [run_strategy(game, metric, "consistent") for metric in METRICS]
    assert exact.total == longest
    check_result(exact, game, ref, "consistent")
    assert default.total <= longest
    check_result(default, game, ref, "consistent")
    check_round_trip(exact, game, hard=False)
    for result in greedy:
        assert sum(result.scores.values()) <= longest, result.metric


@pytest.mark.parametrize(
    ("answers", "first", "total"),
    [("caret crane", "crane", 3), ("crane", "slate", 2), ("caret crane", "aaaaa", 4)],
)
def test_a_fixed_first_guess_is_played_on_any_list(tmp_path, answers, first, total) -> None:
    (tmp_path / "a.txt").write_text(answers.replace(" ", "\n"))
    (tmp_path / "g.txt").write_text(first)
    game = make_game("wordle", tmp_path / "a.txt", tmp_path / "g.txt")
    result = TreeSearch(game, top_k=len(game.guesses), max_guesses=255).run(first=first)
    assert (result.first_guess, result.total) == (first, total)


@pytest.mark.parametrize("name", ["jotto", "jotto-positions"])
def test_a_saved_jotto_tree_loads_back(tmp_path, name) -> None:
    (tmp_path / "a.txt").write_text("crane\nslate\nmoist\nbumpy\n")
    game = make_game(name, tmp_path / "a.txt", tmp_path / "a.txt")
    result = TreeSearch(game).run()
    save(result.tree, game, tmp_path / "t.json.gz", mode="normal", total=result.total)
    tree, _ = load(tmp_path / "t.json.gz", game)
    assert tree_scores(tree) == tree_scores(result.tree)


def test_a_hard_jotto_tree_validates_and_loads_back(tmp_path) -> None:
    (tmp_path / "a.txt").write_text("crane\nplate\nshame\n")
    game = make_game("jotto", tmp_path / "a.txt", tmp_path / "a.txt")
    result = TreeSearch(game, hard=True).run()
    assert validate(result.tree, game, hard=True) == []
    save(result.tree, game, tmp_path / "t.json.gz", mode="hard", total=result.total)
    tree, _ = load(tmp_path / "t.json.gz", game)
    assert tree_scores(tree) == tree_scores(result.tree)


@PROPERTY
@given(
    groups=st.lists(
        st.tuples(st.integers(1, 60), st.integers(0, 40), st.integers(0, 40)),
        min_size=1,
        max_size=6,
    ),
    settled=st.integers(0, 50),
    over=st.integers(-30, 80),
)
def test_sharing_the_room_gives_the_exact_total_or_reaches_the_best(groups, settled, over):
    """`share_room` against a search that reports only its room whenever the exact value is
    that much or more (the least it may say): the total is the exact sum when that is below
    the best, else at least the best, and never above the exact sum."""
    exact = {value: count + extra + start for value, (count, extra, start) in enumerate(groups)}
    bounds = {value: count + start for value, (count, _, start) in enumerate(groups)}
    searched = TreeSearch.__new__(TreeSearch)
    searched.cost = lambda value, room, depth: min(exact[value], room)
    large = [(count, value) for value, (count, _, _) in enumerate(groups)]
    total = settled + sum(bounds.values())
    exact_total, best = settled + sum(exact.values()), settled + sum(exact.values()) + over
    found = searched.share_room(large, bounds, lambda value: (value,), total, best, 0)
    assert found <= exact_total
    assert found == exact_total if exact_total < best else found >= best
