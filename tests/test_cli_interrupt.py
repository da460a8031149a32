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
