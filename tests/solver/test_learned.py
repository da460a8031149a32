"""The `learned` metric: the estimate's definition, its shape, and what its greedy tree scores."""

from __future__ import annotations

import json

import numpy as np
import pytest
from reference_solver import learned_total, metric_of
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.solver import make_game
from wordle_tui.solver.learned import estimated_total
from wordle_tui.solver.listsets import load_set, make_set
from wordle_tui.solver.matrix import reply_matrix
from wordle_tui.solver.metrics import group_stats
from wordle_tui.solver.reports.scores import first_guess_table, ranked, run_strategy

runner = CliRunner()


def small_game(seed: int):
    """Wordle on 60 classic answers and 400 guesses drawn at random."""
    classic = load_set("classic")
    rng = np.random.default_rng(seed)
    answers = sorted(rng.choice(classic.answers, 60, replace=False))
    guesses = sorted({*answers, *rng.choice(classic.guesses, 400, replace=False)})
    return make_game("wordle", lists=make_set(f"small{seed}", answers, guesses, "t", "t"))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_each_guess_scores_the_estimate_summed_over_its_groups(seed: int) -> None:
    game = small_game(seed)
    codes = reply_matrix(game)
    wins = game.is_target
    values = group_stats(codes, game.rules.n_replies).value("learned", wins)
    for guess, row in enumerate(codes):
        sizes = list(np.unique(row, return_counts=True)[1])
        expected = metric_of("learned", sizes, bool(wins[guess]))
        assert values[guess] == pytest.approx(expected, abs=1e-9), game.guesses[guess]


def test_the_estimate_needs_one_guess_for_one_answer_and_more_per_answer_for_more() -> None:
    sizes = np.arange(1, 15_000)
    per_answer = estimated_total(sizes) / sizes
    assert per_answer[0] == pytest.approx(learned_total(1)) and 0.8 < per_answer[0] < 1.2
    assert np.all(np.diff(per_answer) > 0)  # a bigger set never needs fewer per answer
    assert 1.3 < per_answer[1] < 1.7  # two answers: 1.5 (guess one, then the other)


def test_first_guesses_rank_by_the_learned_estimate(tmp_path) -> None:
    game = small_game(3)
    table = first_guess_table(game, "all")
    best = ranked(table, "learned")[0]
    assert best.learned == min(r.learned for r in table)
    result = runner.invoke(
        app,
        [
            "first-guesses",
            "--pool",
            "all",
            "--answers",
            write(tmp_path / "a.txt", game.targets),
            "--guess-list",
            write(tmp_path / "g.txt", game.guesses),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["best"]["learned"][0] == {"word": best.word, "score": 1 + best.learned}


def write(path, words) -> str:
    path.write_text("\n".join(words) + "\n")
    return str(path)


def test_the_learned_greedy_tree_beats_neg_entropy_on_the_classic_lists() -> None:
    """The issue's goal: a greedy tree over every guess at a mean of at most 3.44 guesses."""
    game = make_game("wordle", lists=load_set("classic"))
    learned = run_strategy(game, "learned", "all")
    assert learned.summary.mean <= 3.44
    assert sorted(learned.scores) == sorted(game.targets)
    assert learned.summary.mean < run_strategy(game, "neg_entropy", "all").summary.mean


def test_the_look_ahead_costs_its_leaves_by_the_learned_estimate() -> None:
    """A leaf group's cost per answer: exact for one and two words, the fit's total beyond."""
    from wordle_tui.solver.scoring import group_cost, look_ahead

    sizes = np.arange(1, 3000)
    cost = group_cost(sizes)
    assert cost[0] == 1.0 and cost[1] == 1.5
    assert np.allclose(cost[2:] * sizes[2:], [learned_total(int(s)) for s in sizes[2:]])
    assert np.all(np.diff(cost[1:]) > 0)  # a bigger group never costs less per answer
    # three words one guess cannot split, a follow-up that tells them apart: 1 + 1 + 2/3
    first, follow = np.zeros(3, dtype=np.int64), np.array([[0, 1, 242]])
    assert look_ahead(first, follow, np.ones(3)) == pytest.approx(1 + 1 + 2 / 3)
    # no follow-up splits them: the leaf is the whole group of three, costed by the fit
    assert look_ahead(first, np.zeros((1, 3), dtype=np.int64), np.ones(3)) == pytest.approx(
        2 + learned_total(3) / 3
    )
