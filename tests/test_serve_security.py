"""The security of `wordle-tui serve` (issue 24): what a web page can and cannot do to a server.

A served app (WORDLE_TUI_SERVED=1) reads and writes only files of its data folder, whatever
the browser types; the server wants its secret, checks the websocket's Origin, keeps to
`--max-sessions`, ends the app of a browser that has gone, and sends nothing from elsewhere.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from textual.widgets import Input

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.paths import SERVED_VARIABLE, named_file
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.reports_screen import ReportsScreen

SIZE = (80, 24)
PASSWD = Path("/etc/passwd")


# A served app: only the data folder


@pytest.fixture
def served_app(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The app as `wordle-tui serve` runs it for a tab; its data folder (created)."""
    monkeypatch.setenv(SERVED_VARIABLE, "1")
    home.mkdir(parents=True, exist_ok=True)
    return home


async def settle(app, pilot) -> None:
    for _ in range(60):
        with contextlib.suppress(Exception):
            await app.workers.wait_for_complete()
        await pilot.pause()
        if not any(w.is_running for w in app.workers):
            return


async def type_answers(app, pilot, name: str) -> str:
    """Type `name` into the reports screen's answers box; the status and every notice."""
    screen = app.screen
    assert isinstance(screen, ReportsScreen)
    box = screen.query_one("#report-answers", Input)
    box.value = name
    await box.action_submit()
    await settle(app, pilot)
    notices = " ".join(str(n.message) for n in app._notifications)
    return f"{screen.query_one('#report-status').render()} {notices}"


def first_line(path: Path) -> str:
    return path.read_text(errors="replace").splitlines()[0]


async def test_a_served_app_reads_no_file_outside_its_data_folder(
    served_app: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("hunter2 is my password\n")
    (served_app / "link.txt").symlink_to(outside)
    (served_app / "mine.txt").write_text("crane\nslate\n")
    app = WordleTuiApp(GameRequest("reports"), history=History(served_app / "h.sqlite3"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        placeholder = screen.query_one("#report-answers", Input).placeholder
        assert "in the data folder" in placeholder
        for name in (str(PASSWD), str(outside), "../secret.txt", "link.txt", "/proc/self/environ"):
            shown = await type_answers(app, pilot, name)
            assert "reads only files of its data folder" in shown, name
            assert "hunter2" not in shown and "root:" not in shown
            assert screen.answers is None  # the previous lists are kept
        shown = await type_answers(app, pilot, "mine.txt")  # relative: from the data folder
        assert screen.answers == "mine.txt" and screen.game.targets == ("crane", "slate")


async def test_a_served_apps_errors_quote_no_file(served_app: Path) -> None:
    (served_app / "notes.txt").write_text("my bank pin is 1234\n")
    app = WordleTuiApp(GameRequest("reports"), history=History(served_app / "h.sqlite3"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        shown = await type_answers(app, pilot, "notes.txt")
        assert "notes.txt, line 1: not a word of letters a-z" in shown
        assert "bank" not in shown and "1234" not in shown


async def test_a_served_app_exports_into_its_data_folder(
    served_app: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    app = WordleTuiApp(GameRequest("reports"), history=History(served_app / "h.sqlite3"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+e")
        await pilot.pause()
    exported = served_app / "exports" / "wordle-tui-wordle-comparison.md"
    assert "| strategy | consistent |" in exported.read_text()
    assert list(cwd.iterdir()) == []  # nothing written where the server was started


def test_in_a_terminal_a_name_is_taken_as_typed(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SERVED_VARIABLE, raising=False)
    assert named_file(str(PASSWD)) == PASSWD
    assert named_file("answers.txt") == Path("answers.txt")
