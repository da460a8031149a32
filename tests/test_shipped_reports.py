"""The classic Wordle report shipped in the package (`scripts/shipped_caches.py`): every
strategy on the bundled lists is read, not computed, on a fresh install, and each shipped
result is what a fresh computation gives, so it cannot go stale."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.solver import cache, make_game
from wordle_tui.solver.matrix import clear_memory
from wordle_tui.solver.reports import scores
from wordle_tui.solver.reports.scores import result_key, run_spec, strategies_for

WORDLE = make_game("wordle")
SPECS = strategies_for(WORDLE)


def shipped_result(spec) -> dict | None:
    """The result shipped for one strategy of the bundled Wordle lists, or None."""
    raw = cache.shipped_cache(f"{result_key(WORDLE, spec, 0)}.json")
    return None if raw is None else json.loads(raw)


def test_every_wordle_strategy_is_shipped() -> None:
    assert len(SPECS) == 23
    missing = [spec.name for spec in SPECS if shipped_result(spec) is None]
    assert not missing


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
def test_a_shipped_result_is_a_fresh_computation(spec) -> None:
    data = shipped_result(spec)
    assert data is not None
    fresh = run_spec(WORDLE, spec, 0)  # no cache read: computed now
    assert data["key"] == result_key(WORDLE, spec, 0)
    assert data["scores"] == fresh.scores
    assert list(data["scores"]) == list(fresh.scores)  # the bytes too: same order
    assert (data["policy"], data["first_guess"]) == (fresh.policy, fresh.first_guess)


def test_report_all_on_a_fresh_home_runs_no_strategy(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path / "home"))
    clear_memory()

    def refused(*args, **kwargs):
        raise AssertionError("a strategy was computed")

    monkeypatch.setattr(scores, "run_spec", refused)
    start = time.process_time()
    result = CliRunner().invoke(cli, ["report", "--all", "--format", "markdown"])
    took = time.process_time() - start
    assert result.exit_code == 0, result.output
    assert "| partitions | 3.54 (8) | 3.53 (8) | 3.46 (6) | 3.43 (6) |" in result.output
    assert "| optimal |  |  |  | 3.42 (5) |" in result.output
    assert not list((tmp_path / "home").rglob("replies-*"))  # no reply matrix built
    assert took < 5, took
