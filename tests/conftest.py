"""Shared fixtures: every test runs with its data and cache in a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordle_tui.solver import make_game


@pytest.fixture(autouse=True, scope="session")
def temporary_home(tmp_path_factory: pytest.TempPathFactory):
    """Point WORDLE_TUI_HOME at a temporary folder for the whole run."""
    home = tmp_path_factory.mktemp("wordle-tui-home")
    patcher = pytest.MonkeyPatch()
    patcher.setenv("WORDLE_TUI_HOME", str(home))
    yield home
    patcher.undo()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of this test's own (not yet created), for tests that look inside it."""
    folder = tmp_path / "home"
    monkeypatch.setenv("WORDLE_TUI_HOME", str(folder))
    return folder


@pytest.fixture(scope="session")
def wordle():
    """Wordle on the bundled lists (2,309 targets, 12,972 guesses)."""
    return make_game("wordle")


@pytest.fixture(scope="session")
def jotto():
    """Jotto on the 1,391-word list derived from the Wordle answers."""
    return make_game("jotto")
