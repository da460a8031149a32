"""A bug in a screen: exit code 1, the traceback in a log file, and one line saying where."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.home import HomeScreen

BUG = "a deliberate bug for the test"


class BrokenHome(HomeScreen):
    BINDINGS = [("x", "boom", "Boom")]

    def action_boom(self) -> None:
        raise RuntimeError(BUG)


def test_a_crash_is_logged_and_exits_non_zero(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path))
    app = WordleTuiApp(history=History(tmp_path / "history.sqlite3"))

    async def press_x(pilot) -> None:
        await app.push_screen(BrokenHome())
        await pilot.press("x")

    app.run(headless=True, size=(80, 24), auto_pilot=press_x)
    assert app.return_code == 1
    assert app.crash_log is not None and app.crash_log.parent == tmp_path
    log = app.crash_log.read_text()
    assert "Traceback" in log and BUG in log and "action_boom" in log
    shown = capsys.readouterr()
    terminal = shown.out + shown.err
    assert str(app.crash_log) in terminal.replace("\n", "")
    assert "Traceback" not in terminal and "locals" not in terminal


def test_the_real_process_exits_non_zero_after_a_crash(tmp_path: Path) -> None:
    script = textwrap.dedent(
        f"""
        import sys
        from wordle_tui.ui import home
        def broken(self):
            raise RuntimeError({BUG!r})
        home.HomeScreen.on_mount = broken
        from wordle_tui.cli import main
        sys.argv = ["wordle-tui"]
        main()
        """
    )
    env = {**os.environ, "WORDLE_TUI_HOME": str(tmp_path), "TEXTUAL": "headless"}
    env["TEXTUAL_HEADLESS"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode != 0, done.stderr
    logs = list(tmp_path.glob("crash-*.log"))
    assert len(logs) == 1 and BUG in logs[0].read_text()
    assert "Traceback" not in done.stdout + done.stderr


class FrozenClock:
    """A stand-in for the `datetime` module whose clock never moves."""

    class datetime:
        @staticmethod
        def now():
            import datetime as real

            return real.datetime(2026, 11, 24, 3, 30, 0, 123456)


def test_two_crashes_in_the_same_instant_keep_a_log_each(tmp_path: Path, monkeypatch) -> None:
    from wordle_tui import crashlog

    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path))
    monkeypatch.setattr(crashlog, "dt", FrozenClock)
    os.mkfifo(tmp_path / "crash-20261124-033000-123456-3.log")  # taken: never opened
    logs = [crashlog.write_crash_log(RuntimeError(f"crash {n}")) for n in range(3)]
    assert [log.name for log in logs] == [
        "crash-20261124-033000-123456.log",
        "crash-20261124-033000-123456-2.log",
        "crash-20261124-033000-123456-4.log",
    ]
    assert [f"crash {n}" in log.read_text() for n, log in enumerate(logs)] == [True] * 3
