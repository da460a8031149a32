"""The classic Wordle report shipped in the package (`scripts/shipped_caches.py`): every
strategy on the bundled lists (`classic`, the command line's default, and `nyt`, the app's) is
read, not computed, on a fresh install, and each shipped result is what a fresh computation
gives, so it cannot go stale."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from textual.widgets import Static
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.solver import cache, make_game
from wordle_tui.solver.listsets import load_set
from wordle_tui.solver.matrix import clear_memory
from wordle_tui.solver.reports import scores
from wordle_tui.solver.reports.scores import result_key, run_spec, strategies_for
from wordle_tui.ui.app import WordleTuiApp

GAMES = {name: make_game("wordle", lists=load_set(name)) for name in ("classic", "nyt")}
CASES = [(name, spec) for name, game in GAMES.items() for spec in strategies_for(game)]
# every eighth recomputed in CI (both list sets), the rest by `pytest -m slow` (all of them
# take minutes): a change to the solver that stales the shipped results stales them all.
# Not classic entropy/all in CI: it alone took 17 s of CPU, the other five 5 s together.
SLOWEST = ("classic", "entropy/all")


def in_ci(i: int, name: str, spec_name: str) -> bool:
    return i % 8 == 0 and (name, spec_name) != SLOWEST


CHECKED = [
    pytest.param(
        name,
        spec,
        id=f"{name}-{spec.name}",
        marks=() if in_ci(i, name, spec.name) else pytest.mark.slow,
    )
    for i, (name, spec) in enumerate(CASES)
]


@pytest.fixture(autouse=True)
def no_shipped_results() -> None:
    """Here the shipped results are read (conftest's fixture of this name hides them)."""


def shipped_result(game, spec) -> dict | None:
    """The result shipped for one strategy of a bundled list set, or None."""
    raw = cache.shipped_cache(f"{result_key(game, spec, 0)}.json")
    return None if raw is None else json.loads(raw)


@pytest.mark.parametrize("name", GAMES)
def test_every_wordle_strategy_is_shipped(name: str) -> None:
    specs = strategies_for(GAMES[name])
    assert len(specs) == 27
    assert not [spec.name for spec in specs if shipped_result(GAMES[name], spec) is None]


@pytest.mark.parametrize(("name", "spec"), CHECKED)
def test_a_shipped_result_is_a_fresh_computation(name: str, spec) -> None:
    game = GAMES[name]
    data = shipped_result(game, spec)
    assert data is not None
    fresh = run_spec(game, spec, 0)  # no cache read: computed now
    assert data["key"] == result_key(game, spec, 0)
    assert data["scores"] == fresh.scores
    assert list(data["scores"]) == list(fresh.scores)  # the bytes too: same order
    assert (data["policy"], data["first_guess"]) == (fresh.policy, fresh.first_guess)


def refuse_to_compute(monkeypatch) -> None:
    """Make computing any strategy fail the test."""

    def refused(*args, **kwargs):
        raise AssertionError("a strategy was computed")

    monkeypatch.setattr(scores, "run_spec", refused)


def test_report_all_on_a_fresh_home_runs_no_strategy(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path / "home"))
    clear_memory()
    refuse_to_compute(monkeypatch)
    start = time.process_time()
    result = CliRunner().invoke(cli, ["report", "--all", "--format", "markdown"])
    took = time.process_time() - start
    assert result.exit_code == 0, result.output
    assert "| partitions | 3.54 (8) | 3.53 (8) | 3.46 (6) | 3.43 (6) |" in result.output
    assert "| optimal |  |  |  | 3.42 (5) |" in result.output
    assert not list((tmp_path / "home").rglob("replies-*"))  # no reply matrix built
    assert took < 5, took


async def test_the_apps_run_all_on_a_fresh_home_runs_no_strategy(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path / "home"))
    clear_memory()
    refuse_to_compute(monkeypatch)
    app = WordleTuiApp(GameRequest("reports"), history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        for _ in range(500):
            await pilot.pause(0.02)
            if screen.specs and len(screen.results) == len(screen.specs):
                break
        assert screen.game.fingerprint == GAMES["nyt"].fingerprint  # the app's default lists
        assert len(screen.results) == len(screen.specs) == 27
        await pilot.press("ctrl+r")
        assert "already computed" in str(screen.query_one("#report-status", Static).render())
        assert not screen.working
