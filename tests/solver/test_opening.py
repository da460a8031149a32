"""The shipped opening suggestions match a fresh computation, and are what the assistant uses."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from wordle_tui.solver.assistant import opening
from wordle_tui.solver.assistant.engine import Assistant
from wordle_tui.solver.assistant.opening import SHIPPED_FILE, shipped_table

ROOT = Path(__file__).resolve().parents[2]


def load_script():
    spec = importlib.util.spec_from_file_location("opening_script", ROOT / "scripts/opening.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def same(a: object, b: object) -> bool:
    """Equal, floats to 1e-9 (summation order may differ between machines)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) or isinstance(b, float):
        return a == pytest.approx(b, rel=1e-9, abs=1e-12)
    return a == b


def test_the_shipped_openings_match_a_fresh_computation(home) -> None:
    shipped = json.loads((ROOT / "wordle_tui/trees" / SHIPPED_FILE).read_text())
    fresh = load_script().compute()
    assert opening.USE_SHIPPED
    assert len(fresh["openings"]) == 2
    assert same(shipped, fresh), "stale: run python scripts/opening.py"


def test_the_assistant_and_the_screen_use_the_shipped_openings(home) -> None:
    for hard in (False, True):
        helper = Assistant(hard=hard)
        assert helper.suggest(10) == shipped_table(helper.game, hard, 10)
    assert not list((home / "cache").glob("opening-*.json"))  # nothing computed or cached


def test_no_shipped_table_for_other_lists_or_counts(tmp_path, home) -> None:
    answers = tmp_path / "a.txt"
    answers.write_text("crane\nslate\nbrick\n")
    helper = Assistant(answers=str(answers))
    assert shipped_table(helper.game, False, 10) is None
    assert shipped_table(Assistant().game, False, 5) is None
