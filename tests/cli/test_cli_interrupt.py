"""Ctrl-C at any moment of a command, its start-up included: one line and exit code 130."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

DELAYS = [round(0.05 * step, 2) for step in range(11)]  # 0.0 to 0.5 s after the start
HELD = "held"  # SIGINT blocked until the program's own handler is in place
INTERRUPTED = (130, "wordle-tui: interrupted\n", "")


def at_a_terminal() -> None:
    """SIGINT as a command typed at a terminal gets it (default), whatever the test runner's
    own disposition (a runner started as a background job has it ignored, and passes that on)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(args: list[str], home: Path, sigint: str = HELD, **options) -> subprocess.Popen:
    """`python -m wordle_tui ARGS`, SIGINT held (blocked) until the program unblocks it, or
    ignored, as a script's background job has it."""

    def prepare() -> None:
        if sigint == HELD:
            at_a_terminal()
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        else:
            signal.signal(signal.SIGINT, signal.SIG_IGN)

    return subprocess.Popen(
        [sys.executable, *options.pop("python", ()), "-m", "wordle_tui", *args],
        env={**os.environ, "WORDLE_TUI_HOME": str(home)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        preexec_fn=prepare,
    )


def ended(process: subprocess.Popen) -> tuple[int, str, str]:
    """The exit code, stderr and stdout (a process still running after 60 s fails)."""
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        return -999, err, out
    return process.returncode, err, out


def test_ctrl_c_at_any_moment_of_a_command_is_one_line_and_exit_130(tmp_path: Path) -> None:
    """A sweep over the start: loading, parsing, the search starting. The interpreter's own
    start-up, before any code of the program's runs, is not the program's to handle: SIGINT is
    held there (as a terminal cannot, so a Ctrl-C in those first milliseconds still kills the
    process by the signal), and delivered the moment the program's handler is in place."""
    outcomes = {}
    for delay in DELAYS:
        process = start(["openers", "--tried", "30"], tmp_path)
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        outcomes[delay] = ended(process)
    assert {d: o for d, o in outcomes.items() if o != INTERRUPTED} == {}


# Ctrl-C in each of the boundary's own moments, made exact: the script sends SIGINT to itself.

AT_A_MOMENT = """
import os, signal, sys
import typer.core
from wordle_tui.cli import boundary, interrupts

def interrupt():
    os.kill(os.getpid(), signal.SIGINT)

moment = sys.argv.pop(1)
if moment == "parsing":  # typer turns a Ctrl-C here into a silent exit code 130
    make_context = typer.core.TyperGroup.make_context
    def parsing(self, *args, **kwargs):
        interrupt()
        return make_context(self, *args, **kwargs)
    typer.core.TyperGroup.make_context = parsing
elif moment == "reporting":  # the command is done; its result is being reported
    invoke = boundary.invoke
    def reporting(app):
        code = invoke(app)
        interrupt()
        return code
    boundary.invoke = reporting
elif moment in ("swallowed", "broken"):  # in a ctypes callback (Numba compiling): "ignored"
    import ctypes, time
    invoke = typer.core.TyperGroup.invoke  # what the boundary's group runs the command with
    @ctypes.CFUNCTYPE(None)
    def callback():
        interrupt()
        for _ in range(100_000):  # the handler runs here; its exception cannot leave
            pass
    def swallowing(self, ctx):
        callback()
        if moment == "broken":  # what the cut-short callback leaves behind
            raise RuntimeError("no compiled object yet")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # the command would go on
            pass
        print("the command went on")
        return invoke(self, ctx)
    typer.core.TyperGroup.invoke = swallowing
elif moment == "ending":  # the exit code is known; the output is being flushed
    class Ending:
        def __init__(self, stream):
            self.stream, self.sent = stream, False
        def __getattr__(self, name):
            return getattr(self.stream, name)
        def flush(self):
            if interrupts._State.phase == interrupts.FINISHING and not self.sent:
                self.sent = True
                interrupt()
            self.stream.flush()
    sys.stdout = Ending(sys.stdout)
from wordle_tui.cli import main
sys.argv[0] = "wordle-tui"
main()
"""


@pytest.mark.parametrize("moment", ["parsing", "reporting", "ending", "swallowed", "broken"])
def test_ctrl_c_while_parsing_reporting_or_ending_is_one_line_and_130(
    tmp_path: Path, moment: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", AT_A_MOMENT, moment, "stats", "--game", "wordle"],
        env={**os.environ, "WORDLE_TUI_HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        preexec_fn=at_a_terminal,
    )
    assert done.returncode == 130, done.stderr
    assert done.stderr.splitlines()[-1:] == ["wordle-tui: interrupted"]
    assert done.stderr.count("interrupted") == 1 and "Traceback" not in done.stderr
    assert "Exception ignored" not in done.stderr and "went on" not in done.stdout
    assert "error" not in done.stderr


def test_an_ignored_sigint_stays_ignored(tmp_path: Path) -> None:
    """A script's background job ignores Ctrl-C; the program keeps it that way."""
    process = start(["stats", "--game", "wordle"], tmp_path, sigint="ignored")
    process.send_signal(signal.SIGINT)
    code, err, out = ended(process)
    assert (code, err) == (0, "") and "Wordle — played 0" in out


def test_ctrl_c_in_the_evil_search_shows_the_best_so_far_and_exits_130(monkeypatch) -> None:
    from typer.testing import CliRunner

    from wordle_tui.cli import app
    from wordle_tui.solver.search import best_tree as search
    from wordle_tui.solver.search.best_tree import SearchInterrupted

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
