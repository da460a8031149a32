"""Trees improved by editing: never worse, always sound, and exact when every guess is tried."""

from __future__ import annotations

import json

import pytest
from reference_solver import sampled_game
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.solver import make_game, tree_scores
from wordle_tui.solver.search import edit
from wordle_tui.solver.search.best_tree import TreeSearch
from wordle_tui.solver.search.edit import edit_tree
from wordle_tui.solver.tree import Solver
from wordle_tui.solver.trees import load, validate

runner = CliRunner()


@pytest.mark.parametrize("seed", [1, 3, 4])  # greedy trees 3, 2 and 5 guesses from the best
def test_editing_a_poor_tree_reaches_the_exact_optimum(tmp_path, seed, monkeypatch) -> None:
    game = sampled_game(tmp_path, seed, 40, 12)
    monkeypatch.setattr(edit, "TOP_KS", (2, len(game.guesses)))  # the last round: every guess
    poor = Solver(game, "max", "consistent").tree()
    before = sum(tree_scores(poor).values())
    result = edit_tree(game, poor, seconds=60, limit=255)
    exact = TreeSearch(game, top_k=len(game.guesses), max_guesses=255).run().total
    assert before > exact  # there was something to edit
    assert result.total == exact == sum(tree_scores(result.tree).values())
    assert validate(result.tree, game, max_guesses=255) == []
    assert sum(tree_scores(poor).values()) == before  # the tree handed in is left alone
    totals = [total for _, total in result.curve]
    assert totals[0] == before and totals == sorted(totals, reverse=True)
    assert len(totals) == result.edits + 1


def test_hard_mode_edits_stay_hard(tmp_path) -> None:
    game = sampled_game(tmp_path, 4, 40, 12)
    poor = Solver(game, "max", "hard").tree()
    result = edit_tree(game, poor, seconds=60, hard=True, limit=255)
    exact = TreeSearch(game, hard=True, top_k=len(game.guesses), max_guesses=255).run().total
    assert exact <= result.total < sum(tree_scores(poor).values())
    assert validate(result.tree, game, hard=True, max_guesses=255) == []


def test_the_time_limit_stops_the_editing(tmp_path) -> None:
    game = make_game("wordle")
    tree = Solver(game, "max", "consistent").tree()
    result = edit_tree(game, tree, seconds=1)
    assert result.seconds < 10  # a search in progress is stopped, not waited for
    assert validate(result.tree, game, max_guesses=max(6, result.worst)) == []
    assert result.total == sum(tree_scores(result.tree).values())


def test_solve_edit_saves_a_better_tree(tmp_path) -> None:
    sampled_game(tmp_path, 5, 30, 10)
    lists = ["--answers", str(tmp_path / "a.txt"), "--guess-list", str(tmp_path / "g.txt")]
    out = tmp_path / "edited.json.gz"
    args = ["solve", "--edit", "max/consistent", "--seconds", "20", "--out", str(out), "--json"]
    result = runner.invoke(cli, [*args, *lists])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    game = make_game("wordle", tmp_path / "a.txt", tmp_path / "g.txt")
    tree, meta = load(out, game)
    assert data["total"] == meta["total"] == sum(tree_scores(tree).values()) <= data["start"]
    assert data["curve"][0] == [0.0, data["start"]] and data["curve"][-1][1] == data["total"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--edit", "max/consistent", "--first", "salet"], "--first does not apply with --edit"),
        (["--seconds", "5"], "--seconds goes with --edit"),
        (["--edit", "bogus"], "unknown strategy 'bogus'"),
        (["--edit", "max/sideways"], "unknown policy"),
        (["--edit", "max/consistent", "-g", "antiwordle"], "not antiwordle"),
    ],
)
def test_what_editing_refuses(args, said) -> None:
    result = runner.invoke(cli, ["solve", *args])
    assert result.exit_code == 2, result.output
    assert said in result.stderr
