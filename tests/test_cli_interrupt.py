"""Ctrl-C at any moment of a command, its start-up included: one line and exit code 130."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


@pytest.mark.parametrize("delay", [0.1, 0.15, 1.5])  # while loading, and mid-search
def test_ctrl_c_while_starting_or_searching_is_one_line(tmp_path: Path, delay: float) -> None:
    env = {**os.environ, "WORDLE_TUI_HOME": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "wordle_tui", "openers", "--tried", "30"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in out + err
    assert err.strip().splitlines()[-1] == "wordle-tui: interrupted"


def test_ctrl_c_in_the_evil_search_shows_the_best_so_far_and_exits_130(monkeypatch) -> None:
    from typer.testing import CliRunner

    from wordle_tui.cli import app
    from wordle_tui.solver import search
    from wordle_tui.solver.search import SearchInterrupted

    best = {
        "guesses": 5,
        "sequence": [["arise", "....."], ["zzzzz", "GGGGG"]],
        "bound": [2309, 167, 2, 1],
        "proof": "no win in fewer than 5 guesses",
        "proved": True,
    }

    def stopped(game, progress=None):
        raise SearchInterrupted("the search was stopped", best)

    monkeypatch.setattr(search, "cached_shortest_evil_win", stopped)
    result = CliRunner().invoke(app, ["evil", "--shortest"])
    assert result.exit_code == 130
    assert "The best forced win found against the evil replier: 5 guesses." in result.stdout
    assert "a shorter win was not ruled out" in result.stdout
    assert "no win in fewer than 5" not in result.stdout  # an interrupted search proves nothing
    assert result.stderr.strip() == "wordle-tui: interrupted"
