"""The trees shipped for Mastermind sizes no one had published: 9 colours x 4 pegs, proven
optimal, and 6 colours x 5 pegs, the best found (not proven)."""

from __future__ import annotations

from collections import Counter
from importlib import resources

from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.games.mastermind.solver import make_mastermind
from wordle_tui.solver.search.shared import depths
from wordle_tui.solver.trees import load, read_meta

runner = CliRunner()
NINE_BY_FOUR = "mastermind-9x4-optimal.json.gz"
SIX_BY_FIVE = "mastermind-6x5-best.json.gz"


def test_the_nine_colour_tree_finds_every_code_in_34666_guesses() -> None:
    path = resources.files("wordle_tui").joinpath("trees", NINE_BY_FOUR)
    tree, meta = load(path, make_mastermind(9, 4))  # every code played down it, by the rule
    found = depths(tree)
    assert len(found) == 6561 and sum(found) == meta["total"] == 34666
    assert max(found) == meta["worst"] == 8 and meta["proven"] is True
    assert Counter(found)[1] == 1 and tree.guess == meta["first_guess"] == "1234"
    assert read_meta(path) == meta


def test_check_reads_the_shipped_tree() -> None:
    path = resources.files("wordle_tui").joinpath("trees", NINE_BY_FOUR)
    result = runner.invoke(app, ["mastermind", "check", str(path)])
    assert result.exit_code == 0, result.output
    assert "total 34,666" in result.stdout and "6,561 codes" in result.stdout


def test_the_six_by_five_tree_finds_every_code_in_36721_guesses() -> None:
    path = resources.files("wordle_tui").joinpath("trees", SIX_BY_FIVE)
    tree, meta = load(path, make_mastermind(6, 5))  # every code played down it, by the rule
    found = depths(tree)
    assert len(found) == 7776 and sum(found) == meta["total"] == 36721
    assert max(found) == meta["worst"] == 7 and meta["proven"] is False
    assert tree.guess == meta["first_guess"] == "11223"
