"""Every figure of the seeds' summary tables comes out of the command the docs give for it.

The rows (figure and command) live in `scripts/seed_figures.py`, which also writes the table of
docs/figures.md, so the page, the script and this test cannot drift apart. Greedy figures must match
to two decimals with the worst case exact. The random guesser's cannot match exactly (the
seeds did not seed their generator): its mean over a few seeds must lie near the seeds' figure.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from seed_figures import ROWS, SeedRow, figure  # noqa: E402

runner = CliRunner()


def report(args: tuple[str, ...]) -> dict:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("row", [r for r in ROWS if not r.random], ids=lambda r: r.what)
def test_each_seed_figure_comes_from_its_command(row: SeedRow) -> None:
    assert figure(report(row.args)) == row.figure, row.command


@pytest.mark.parametrize("row", [r for r in ROWS if r.random], ids=lambda r: r.what)
def test_the_random_guesser_lands_where_the_seeds_did(row: SeedRow) -> None:
    runs = [report((*row.args, "--seed", str(seed))) for seed in range(6)]
    means = [r["mean"] for r in runs]
    theirs = float(row.figure.split()[0])
    spread = statistics.stdev(means)
    assert abs(statistics.fmean(means) - theirs) <= max(4 * spread, 0.03), (means, theirs)
    their_worst = int(row.figure.split("(")[1].rstrip(")"))
    assert min(r["worst"] for r in runs) - 2 <= their_worst <= max(r["worst"] for r in runs) + 2


def test_the_docs_show_every_seed_row_with_its_command() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "figures.md").read_text()
    table = page[page.index("<!-- table:seeds -->") : page.index("<!-- /table:seeds -->")]
    for row in ROWS:
        line = next(x for x in table.splitlines() if f"`{row.command}`" in x)
        if not row.random:
            assert f"| {row.figure} | {row.figure} |" in line, line
