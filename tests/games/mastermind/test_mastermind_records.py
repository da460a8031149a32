"""The trees shipped for Mastermind sizes no one had published: 9 colours x 4 pegs, proven
optimal, and 6 colours x 5 pegs, the best found (not proven)."""

from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.games.mastermind.solver import make_mastermind
from wordle_tui.solver.search.shared import depths
from wordle_tui.solver.trees import load, read_meta

runner = CliRunner()
NINE_BY_FOUR = "mastermind-9x4-optimal.json.gz"
# (file, colours, pegs, codes, total, worst case, proven, first guess)
SHIPPED = [
    (NINE_BY_FOUR, 9, 4, 6561, 34666, 8, True, "1234"),
    ("mastermind-6x5-best.json.gz", 6, 5, 7776, 36721, 7, False, "11223"),
]


@pytest.mark.parametrize(
    ("name", "colours", "pegs", "codes", "total", "worst", "proven", "first"), SHIPPED
)
def test_a_shipped_tree_finds_every_code_in_its_total(
    name: str, colours: int, pegs: int, codes: int, total: int, worst: int, proven: bool, first: str
) -> None:
    path = resources.files("wordle_tui").joinpath("trees", name)
    tree, meta = load(path, make_mastermind(colours, pegs))  # every code played down it
    found = depths(tree)
    assert len(found) == codes and sum(found) == meta["total"] == total
    assert max(found) == meta["worst"] == worst and meta["proven"] is proven
    assert Counter(found)[1] == 1 and tree.guess == meta["first_guess"] == first
    assert read_meta(path) == meta


def test_check_reads_the_shipped_tree() -> None:
    path = resources.files("wordle_tui").joinpath("trees", NINE_BY_FOUR)
    result = runner.invoke(app, ["mastermind", "check", str(path)])
    assert result.exit_code == 0, result.output
    assert "total 34,666" in result.stdout and "6,561 codes" in result.stdout
