"""Mastermind's strategy reports: every metric and policy, Knuth's and the optimum as whole
trees, the command's formats and refusals, and the reports screen on Mastermind at 80x24."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Select, TabbedContent
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.games.mastermind.solver import make_mastermind
from wordle_tui.games.mastermind.solver.strategies import solve
from wordle_tui.history import History
from wordle_tui.solver.reports.model import REPORT_METRICS, REPORT_POLICIES
from wordle_tui.solver.reports.scores import (
    StrategySpec,
    cached_spec,
    hardest,
    replay,
    strategies_for,
)
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.reports.screen import ReportsScreen
from wordle_tui.ui.widgets import Histogram

KNUTH_1977 = (5801, 5)  # Knuth's published total over the 1,296 codes, and his worst case
runner = CliRunner()
SMALL = ["-g", "mastermind", "--colours", "4", "--pegs", "3"]  # 64 codes: fast


def total(data: dict) -> int:
    """Guesses in all over every code, from a report's histogram."""
    return sum(int(guesses) * codes for guesses, codes in data["histogram"].items())


def test_the_report_reproduces_knuths_published_figures() -> None:
    result = runner.invoke(cli, ["report", "-g", "mastermind", "--strategy", "knuth", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == "mastermind-6x4" and data["targets"] == 1296
    assert (total(data), data["worst"]) == KNUTH_1977
    assert data["first_guess"] == "1122" and data["guesses"] == "all"


def test_every_metric_and_policy_fills_the_comparison_table() -> None:
    result = runner.invoke(cli, ["report", *SMALL, "--all", "--format", "csv"])
    assert result.exit_code == 0, result.stderr
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == ["strategy", *REPORT_POLICIES]
    table = {row[0]: row[1:] for row in rows[1:]}
    assert set(table) == {*REPORT_METRICS, "random", "optimal", "knuth"}
    for metric in REPORT_METRICS:
        assert all(table[metric]), metric  # every policy has a figure
        # every code fits every reply so far exactly when it could be the secret
        assert table[metric][REPORT_POLICIES.index("hard")] == table[metric][0]
    data = json.loads(runner.invoke(cli, ["report", *SMALL, "--all", "--format", "json"]).stdout)
    means = {name: s["mean"] for name, s in data["strategies"].items()}
    assert len(means) == len(strategies_for(make_mastermind(4, 3)))
    assert min(means.values()) == means["optimal"]  # no strategy beats the optimum
    markdown = runner.invoke(cli, ["report", *SMALL, "--all", "--format", "markdown"]).stdout
    assert markdown.startswith("| strategy | consistent |") and "| knuth |" in markdown


def test_the_optimum_in_a_report_is_the_searched_one() -> None:
    data = json.loads(
        runner.invoke(cli, ["report", *SMALL, "--strategy", "optimal", "--json"]).stdout
    )
    searched = solve("optimal", 4, 3)
    assert total(data) == searched.total and data["worst"] == searched.worst


@pytest.mark.parametrize("policy", ["consistent", "hard", "norvig", "inconsistent", "all"])
def test_each_policy_runs_and_each_code_is_found(policy: str) -> None:
    args = ["report", *SMALL, "--metric", "expectation", "--guesses", policy, "--hardest", "3"]
    data = json.loads(runner.invoke(cli, [*args, "--json"]).stdout)
    assert data["guesses"] == policy and data["targets"] == 64
    spec = StrategySpec("expectation", policy)
    result = cached_spec(make_mastermind(4, 3), spec)
    assert [(h["target"], h["guesses"]) for h in data["hardest"]] == hardest(result, 3)
    target, score = hardest(result, 1)[0]
    steps = replay(make_mastermind(4, 3), spec, target)
    assert len(steps) == score and steps[-1].guess == target
    text = runner.invoke(cli, args).stdout
    assert "the 3 hardest targets" in text and target in text


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["-g", "mastermind", "--lists", "nyt"], "no word lists"),
        (["--colours", "5"], "go with -g mastermind"),
        (["-g", "mastermind", "--strategy", "optimal-hard"], "searched strategies: optimal, knuth"),
        (["-g", "mastermind", "--strategy", "assistant"], "replays wordle's"),
        (["-g", "mastermind", "--colours", "9", "--pegs", "6"], "531,441 codes"),
        (["-g", "mastermind", "--colours", "1"], "colours must be between 2 and 10"),
        (["-g", "mastermind", "--guesses", "everything"], "guess policy"),
        (["--strategy", "knuth"], "a strategy for mastermind"),
    ],
)
def test_what_makes_no_sense_for_mastermind_is_refused_in_one_line(args, says) -> None:
    result = runner.invoke(cli, ["report", *args])
    assert result.exit_code == 2 and says in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_optimum_is_offered_only_where_the_search_finishes() -> None:
    assert "optimal" in {s.name for s in strategies_for(make_mastermind(6, 4))}
    assert {s.name for s in strategies_for(make_mastermind(7, 4))} >= {"knuth", "max/all"}
    assert "optimal" not in {s.name for s in strategies_for(make_mastermind(7, 4))}


# The screen


def mastermind_reports(tmp_path: Path) -> WordleTuiApp:
    return WordleTuiApp(GameRequest("reports"), history=History(tmp_path / "h.sqlite3"))


async def until(pilot, ready, rounds: int = 600) -> None:
    """Poll until `ready()` (the workers run in threads, on a busy machine too)."""
    for _ in range(rounds):
        if ready():
            return
        await pilot.pause(0.05)
    raise AssertionError("timed out")


async def test_the_reports_screen_shows_mastermind_at_80x24(tmp_path) -> None:
    app = mastermind_reports(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReportsScreen)
        screen.query_one("#report-game", Select).value = "mastermind"
        await until(pilot, lambda: {"knuth", "max/all"} <= screen.results.keys())
        assert screen.game is make_mastermind(6, 4)
        knuth = screen.results["knuth"]
        assert (sum(knuth.scores.values()), knuth.summary.worst) == KNUTH_1977
        table = screen.query_one("#summary-table", DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        cell = f"{knuth.summary.mean:.2f} (5)"
        assert ["knuth: Knuth's minimax", "", "", "", cell] in rows
        legend = str(screen.query_one("#summary-legend").render())
        assert "only codes that could be it" in legend and "word" not in legend
        screen.query_one(TabbedContent).active = "tab-compare"
        await pilot.pause()
        histogram = screen.query_one("#histogram-a", Histogram)
        assert histogram.data == knuth.summary.histogram and histogram.region.width > 0
        assert "1122" in str(screen.query_one("#figures-a").render())
        await pilot.press("4")  # the hardest codes; Enter replays one, pegs in the note
        table = screen.query_one("#hardest-table", DataTable)
        await until(pilot, lambda: table.row_count > 0)
        table.focus()
        await pilot.press("enter")
        await until(pilot, lambda: len(screen.replayed) == 5)
        assert screen.replayed[-1][1] == "4B 0W"
        answers = screen.query_one("#report-answers", Input)
        answers.value = str(tmp_path / "codes.txt")
        await answers.action_submit()
        await pilot.pause()
        assert "takes no answers file" in str(screen.query_one("#report-status").render())
        assert screen.game is make_mastermind(6, 4)
