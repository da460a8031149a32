"""Every worker's expected error is a message on its screen, never `WorkerFailed`.

Word lists too big for memory are simulated by refusing every reply matrix (as `matrix`
refuses one that would not fit); each screen must say so in its message line and leave its
busy state. A worker's bug, on the other hand, is a crash log with the worker's traceback.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import apptest
import pytest
from apptest import make_app
from textual import work
from textual.screen import Screen
from textual.widgets import Static

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.wordle import WordleRound
from wordle_tui.solver import matrix
from wordle_tui.solver.memory import TooBigError
from wordle_tui.ui.assistant.screen import AssistantScreen
from wordle_tui.ui.boards.jotto import ComputerJottoScreen
from wordle_tui.ui.boards.result import ResultScreen
from wordle_tui.ui.boards.watch import WatchScreen
from wordle_tui.ui.lists_screen import ListsScreen
from wordle_tui.ui.reports.screen import ReportsScreen
from wordle_tui.ui.reports.widgets import ReportStatus
from wordle_tui.ui.widgets import Note
from wordle_tui.ui.worker_errors import WorkFailed, reports_errors

SIZE = (100, 40)
TOO_BIG = "the reply matrix for 1,000,000 guesses × 1,000,000 answers needs 931.3 GiB [sic]"


@pytest.fixture
def too_big(monkeypatch):
    """Every reply matrix is refused as too big for this machine's memory."""

    def refuse(guesses: int, targets: int, limit: int | None = None) -> None:
        raise TooBigError(TOO_BIG)

    monkeypatch.setattr(matrix, "_in_memory", {})
    monkeypatch.setattr(matrix, "check_size", refuse)


def text_of(widget: Static) -> str:
    """What a widget shows (its markup rendered)."""
    return str(widget.render())


settle = partial(apptest.settle, quiet=3)


async def test_the_assistant_says_the_lists_are_too_big_and_keeps_saying_it(
    tmp_path: Path, too_big
) -> None:
    app = make_app(tmp_path, GameRequest("assistant"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, AssistantScreen) and screen.assistant is None
        assert TOO_BIG in text_of(screen.query_one(Note))
        await pilot.press(*"crane", "enter")
        await pilot.pause()
        assert TOO_BIG in text_of(screen.query_one(Note))  # not "Still loading…" forever
    assert not app.crashed


async def test_the_assistant_says_so_when_its_advice_fails(tmp_path: Path, monkeypatch) -> None:
    app = make_app(tmp_path, GameRequest("assistant"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert screen.assistant is not None

        def refuse(*args, **kwargs):
            raise TooBigError(TOO_BIG)

        monkeypatch.setattr(type(screen.assistant), "suggest", refuse)
        await pilot.press(*"crane", "enter")
        await settle(app, pilot)
        assert TOO_BIG in text_of(screen.query_one(Note)) and not screen.searching
    assert not app.crashed


async def test_the_reports_say_the_lists_are_too_big(tmp_path: Path, too_big) -> None:
    app = make_app(tmp_path, GameRequest("reports"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, ReportsScreen)
        status = str(screen.query_one(ReportStatus).query_one("#report-status", Static).render())
        assert TOO_BIG in status and screen.working == {}
        await pilot.press("ctrl+r")  # every strategy: the same message, no crash
        await settle(app, pilot)
        assert not screen.run.going
    assert not app.crashed


async def test_the_computer_at_jotto_says_it_cannot_think(tmp_path: Path, too_big) -> None:
    app = make_app(tmp_path, GameRequest("jotto-computer"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, ComputerJottoScreen) and not screen.thinking
        assert TOO_BIG in text_of(screen.query_one(Note))
        await pilot.press("3")  # refused with the reason, not "the computer is thinking"
        assert TOO_BIG in text_of(screen.query_one(Note))
    assert not app.crashed


async def test_the_watch_screen_says_the_solver_cannot_play(tmp_path: Path, too_big) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(WatchScreen("crane"))
        await pilot.pause()
        await pilot.press("ctrl+r")
        await settle(app, pilot)
        assert TOO_BIG in text_of(app.screen.query_one(Note))
    assert not app.crashed


async def test_the_result_screen_says_what_it_cannot_compute(
    tmp_path: Path, too_big, monkeypatch
) -> None:
    from wordle_tui.solver.search import best_tree as search

    def refuse(game, progress=None):
        raise TooBigError(TOO_BIG)

    monkeypatch.setattr(search, "cached_shortest_evil_win", refuse)
    game = WordleRound(mode="evil")
    for word in ("crane", "doubt", "fight", "spilt", "vivid", "jumpy"):
        if not game.over:
            game.guess(word)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ResultScreen(game, app.history))
        await settle(app, pilot)
        screen = app.screen
        assert TOO_BIG in str(screen.query_one("#best-possible", Static).render())
        await pilot.press("s")
        await settle(app, pilot)
        assert TOO_BIG in str(screen.query_one("#solver", Static).render())
    assert not app.crashed


async def test_the_lists_screen_says_why_the_sets_cannot_be_read(
    tmp_path: Path, monkeypatch
) -> None:
    from wordle_tui.errors import DataDirError
    from wordle_tui.ui import lists_screen

    def refuse():
        raise DataDirError("The data folder /x cannot be used: permission denied.")

    monkeypatch.setattr(lists_screen, "all_sets", refuse)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ListsScreen("default"))
        await settle(app, pilot)
        hint = str(app.screen.query_one("#lists-hint", Static).render())
        assert "cannot be used: permission denied" in hint
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ListsScreen)
    assert not app.crashed


async def test_ghost_says_a_list_too_big_for_memory(tmp_path: Path, monkeypatch) -> None:
    from wordle_tui.games.ghost.ui import computer as ghost_computer
    from wordle_tui.games.ghost.ui.screen import GhostScreen

    def refuse(variant, min_length, words=None):
        raise TooBigError(TOO_BIG)

    monkeypatch.setattr(ghost_computer, "solved", refuse)
    app = make_app(tmp_path, GameRequest("ghost"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, GhostScreen)
        assert TOO_BIG in text_of(app.screen.query_one(Note))
    assert not app.crashed


def test_every_worker_in_the_screens_reports_expected_errors() -> None:
    """A source check, so a new worker cannot forget: `@work` is followed by `@reports_errors`."""
    folder = Path(__file__).resolve().parents[2] / "wordle_tui" / "ui"
    missing = []
    for path in sorted(folder.glob("*.py")):
        lines = path.read_text().splitlines()
        for number, line in enumerate(lines):
            if line.strip().startswith("@work(") and lines[number + 1].strip() != "@reports_errors":
                missing.append(f"{path.name}:{number + 1}")
    assert missing == []


class Plain(Screen):
    """A screen with no message line and no handler for WorkFailed."""

    @work(thread=True)
    @reports_errors
    def expected(self) -> None:
        raise TooBigError(TOO_BIG)

    @work(thread=True)
    @reports_errors
    def bug(self) -> None:
        raise RuntimeError("a bug in a worker")


async def test_an_expected_error_no_screen_shows_is_a_notice(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = Plain()
        app.push_screen(screen)
        await pilot.pause()
        screen.expected()
        await settle(app, pilot)
        assert [str(n.message) for n in app._notifications] == [TOO_BIG]
    assert not app.crashed


def test_a_bug_in_a_worker_is_logged_with_the_workers_traceback(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path))
    app = make_app(tmp_path)

    async def break_a_worker(pilot) -> None:
        screen = Plain()
        await app.push_screen(screen)
        worker = screen.bug()
        while not worker.is_finished:  # not wait_for_complete: that raises the failure here
            await pilot.pause(0.01)
        await pilot.pause()

    app.run(headless=True, size=(80, 24), auto_pilot=break_a_worker)
    assert app.return_code == 1 and app.crash_log is not None
    log = app.crash_log.read_text()
    assert "Traceback" in log and "RuntimeError: a bug in a worker" in log
    assert 'in bug\n    raise RuntimeError("a bug in a worker")' in log
    assert "WorkerFailed" not in log


def test_work_failed_keeps_brackets_as_text() -> None:
    assert WorkFailed("a [b]path[/b]", "x").shown == "a \\[b]path\\[/b]"
