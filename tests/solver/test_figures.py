"""The seeds' published figures, reproduced by the shared solver (means within 0.01)."""

from __future__ import annotations

import pytest

from wordle_tui.solver import evil_path, first_guess_table, make_game, run_strategy
from wordle_tui.solver.reports.scores import ranked

WORDLE = {  # (policy, metric): (mean, worst, first guess)
    ("consistent", "max"): (3.68, 8, "arise"),
    ("consistent", "expectation"): (3.62, 8, "raise"),
    ("consistent", "neg_entropy"): (3.60, 8, "raise"),
    ("norvig", "max"): (3.64, 6, "arise"),
    ("norvig", "expectation"): (3.55, 6, "raise"),
    ("norvig", "neg_entropy"): (3.52, 6, "raise"),
}
JOTTO = {
    ("consistent", "max"): (6.31, 16, "drape"),
    ("consistent", "expectation"): (6.11, 14, "south"),
    ("consistent", "neg_entropy"): (6.31, 15, "stare"),
    ("norvig", "max"): (6.38, 9, "drape"),
    ("norvig", "expectation"): (6.13, 9, "south"),
    ("norvig", "neg_entropy"): (6.18, 9, "stare"),
}


CASES = [("wordle", 2309, key, WORDLE[key]) for key in WORDLE] + [
    ("jotto", 1391, key, JOTTO[key]) for key in JOTTO
]


@pytest.mark.parametrize(("name", "targets", "strategy", "expected"), CASES)
def test_greedy_trees(request, name: str, targets: int, strategy, expected) -> None:
    (policy, metric), (mean, worst, first) = strategy, expected
    result = run_strategy(request.getfixturevalue(name), metric, policy, ties="a-z")
    assert result.summary.targets == targets
    assert result.summary.mean == pytest.approx(mean, abs=0.01)
    assert result.summary.worst == worst
    assert result.first_guess == first


def test_antiwordle_minimising_entropy() -> None:
    game = make_game("antiwordle")
    result = run_strategy(game, "entropy", "consistent")
    assert result.first_guess == "fuzzy"
    assert result.summary.mean == pytest.approx(5.75, abs=0.01)
    assert result.summary.worst == 11


def test_all_guesses_beat_the_seeds(wordle) -> None:
    result = run_strategy(wordle, "neg_entropy", "all")
    assert result.summary.mean <= 3.47
    assert result.summary.worst <= 6


@pytest.mark.parametrize(
    ("name", "metric", "policy"),
    [("wordle", "max", "norvig"), ("wordle", "neg_entropy", "norvig"), ("jotto", "max", "norvig")],
)
def test_the_tie_order_never_loses_to_the_notebooks_ties(request, name, metric, policy) -> None:
    game = request.getfixturevalue(name)
    ours = run_strategy(game, metric, policy).summary
    theirs = run_strategy(game, metric, policy, ties="a-z").summary
    assert ours.mean < theirs.mean - 0.02 and ours.worst <= theirs.worst


def test_evil_path_through_the_seeds_tree(wordle) -> None:
    tree = run_strategy(wordle, "max", "norvig", ties="a-z").tree
    path = [(guess, wordle.show(reply)) for guess, reply in evil_path(tree, wordle)]
    assert path == [
        ("arise", "....."),
        ("blond", "....."),
        ("dumpy", ".YYY."),
        ("chump", ".GGGG"),
        ("thump", "GGGGG"),
    ]


def test_first_guess_figures(wordle) -> None:
    table = first_guess_table(wordle)
    by_entropy = ranked(table, "neg_entropy")
    assert by_entropy[0].word == "raise"
    assert -by_entropy[0].neg_entropy == pytest.approx(5.878, abs=5e-4)
    by_max = ranked(table, "max")
    assert [r.word for r in by_max[:2]] == ["arise", "raise"]
    assert by_max[0].max == 167
    for metric in ("max", "expectation", "neg_entropy"):
        assert ranked(table, metric)[-1].word == "fuzzy"
    assert by_max[-1].max == 1349
    assert round(ranked(table, "expectation")[0].expectation, 2) == 60.74


def test_arise_on_the_original_list() -> None:
    from wordle_tui.solver.words import ANSWERS_2315, bundled_path

    game = make_game("wordle", answers=bundled_path(ANSWERS_2315))
    arise = next(r for r in first_guess_table(game) if r.word == "arise")
    assert arise.max == 168


def test_jotto_first_guesses(jotto) -> None:
    table = first_guess_table(jotto)
    assert ranked(table, "max")[0].word == "drape" and ranked(table, "max")[0].max == 497
    assert ranked(table, "expectation")[0].word == "south"
    assert ranked(table, "neg_entropy")[-1].word == "audio"
