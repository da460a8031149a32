"""The daily puzzle at its edges: huge or odd day numbers, and a clock set before day 0."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app as cli_app
from wordle_tui.gameplay import daily
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.daily import (
    LAST_DAY,
    NoSuchDay,
    check_day,
    clock_note,
    daily_stats,
    day_number,
    parse_day,
)
from wordle_tui.gameplay.session import day_of
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.wordle import WordleScreen
from wordle_tui.ui.daily_screen import DailyScreen
from wordle_tui.ui.widgets import Note

SIZE = (80, 24)


@pytest.fixture
def history(tmp_path: Path) -> History:
    return History(tmp_path / "history.sqlite3")


@pytest.mark.parametrize("day", [LAST_DAY + 1, 3_000_000, 999_999_999_999, 10**40])
def test_a_day_beyond_the_calendar_is_in_the_future_not_a_crash(day: int) -> None:
    with pytest.raises(NoSuchDay, match=f"Puzzle {day} is in the future; today's is 10"):
        check_day(day, today=10)
    with pytest.raises(NoSuchDay, match="in the future"):
        check_day(LAST_DAY, today=10)  # the last day with a date still names it


@pytest.mark.parametrize("text", ["²", "1²", "١٢", "--5", "5-", "9" * 5000, "1" * 13, "½"])
def test_anything_but_ascii_digits_is_not_a_puzzle_number(text: str) -> None:
    with pytest.raises(NoSuchDay, match="not a puzzle number"):
        parse_day(text, today=10)


def test_a_stored_day_that_is_not_a_plain_number_is_no_day() -> None:
    assert day_of("normal;day=12") == 12
    for variant in ("normal;day=²", "normal;day=١٢", "normal;day=" + "9" * 5000, "normal;day=-3"):
        assert day_of(variant) is None
    far = {"variant": f"normal;day={LAST_DAY + 5}", "result": "won", "started": "2025-01-01"}
    assert daily_stats([far], today=3).played == 0  # not a crash on its date


def test_the_command_line_refuses_a_day_too_far_in_one_line(monkeypatch) -> None:
    import wordle_tui.ui.app as ui

    monkeypatch.setattr(ui, "run_app", lambda request=None, lists=None: pytest.fail("opened"))
    for day in ("3000000", "999999999999"):
        result = CliRunner().invoke(cli_app, ["play", f"--day={day}"])
        assert result.exit_code == 2, result.output
        assert result.stderr.strip() == (
            f"wordle-tui: error: Puzzle {day} is in the future; today's is {day_number()}"
        )


async def test_the_archive_refuses_a_superscript_or_a_huge_day_with_a_message(history) -> None:
    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        app.action_daily()
        await pilot.pause()
        for typed, said in (("²", "not a puzzle number"), ("3000000", "in the future")):
            app.screen.query_one("#daily-day").value = typed
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, DailyScreen)
            assert said in app.screen.query_one(Note).text
        assert not app.crashed


@pytest.fixture
def clock_in_2020(monkeypatch):
    """The local clock says 1 March 2020, years before day 0."""
    monkeypatch.setattr(daily, "clock_date", lambda: dt.date(2020, 3, 1))


def test_a_clock_before_day_0_counts_as_day_0_and_says_so(clock_in_2020) -> None:
    assert day_number() == 0 and GameRequest("wordle", daily=True).daily_day == 0
    assert "Your clock says 01 March 2020" in clock_note()
    assert clock_note(dt.date(2025, 1, 1)) == ""
    with pytest.raises(NoSuchDay, match="in the future"):
        parse_day("1")
    assert parse_day("") == 0


async def test_todays_puzzle_with_the_clock_before_day_0_is_puzzle_0_and_resumes(
    clock_in_2020, history
) -> None:
    app = WordleTuiApp(GameRequest("wordle", daily=True), history=history)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, WordleScreen) and screen.game.day == 0
        assert "Your clock says" in screen.query_one(Note).text
        word = "crane" if screen.game.target != "crane" else "dumpy"
        await pilot.press(*word, "enter")
        await pilot.pause()
    again = WordleTuiApp(GameRequest("wordle", daily=True), history=history)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.screen.game.day == 0 and [r.word for r in again.screen.game.rows] == [word]
    assert history.finished() == []  # nothing recorded as abandoned


async def test_the_archive_with_the_clock_before_day_0_says_so(clock_in_2020, history) -> None:
    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        app.action_daily()
        await pilot.pause()
        assert isinstance(app.screen, DailyScreen) and app.screen.today == 0
        assert "Your clock says" in app.screen.query_one(Note).text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, WordleScreen) and app.screen.game.day == 0
