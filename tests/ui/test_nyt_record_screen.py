"""The NYT record from the assistant screen: a row won on the screen's puzzle keeps its answer,
one the record contradicts is refused, and the message line says when the record is behind."""

from __future__ import annotations

from functools import partial

import apptest
import pytest
from apptest import assistant_ready
from textual.widgets import Input

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.solver.listsets import load_set
from wordle_tui.solver.nyt.history import date_of, load_history, record_answer
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.assistant.screen import AssistantScreen
from wordle_tui.ui.assistant.widgets import PuzzleDialog
from wordle_tui.ui.widgets import Note

SIZE = (100, 32)


def assistant_app(tmp_path, day: int | None, lists: str | None = None) -> WordleTuiApp:
    chosen = load_set(lists) if lists else None
    request = GameRequest("assistant", day=day)
    return WordleTuiApp(request, history=History(tmp_path / "h.sqlite3"), lists=chosen)


settle = partial(apptest.settle, until=assistant_ready)


def note(app) -> str:
    return str(app.screen.query_one("#message", Note).text)


@pytest.fixture
def today_is_1851(home, monkeypatch) -> None:
    monkeypatch.setenv("WORDLE_TUI_TODAY", date_of(1851).isoformat())


async def test_a_row_won_on_the_puzzle_keeps_its_answer(tmp_path, today_is_1851) -> None:
    app = assistant_app(tmp_path, day=1850)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press(*"crane", *"-----", "enter")
        await settle(app, pilot)
        assert load_history().word_of(1850) is None
        await pilot.press(*"stout", *"ggggg", "enter")
        await settle(app, pilot)
        assert app.screen.assistant.solved
        assert note(app) == "Puzzle #1,850 is STOUT: kept in your record."
    kept = load_history().puzzles[-1]
    assert (kept.number, kept.word, kept.source) == (1850, "stout", "game")


async def test_a_win_the_record_contradicts_is_refused(tmp_path, today_is_1851) -> None:
    record_answer(1850, "stout")
    app = assistant_app(tmp_path, day=1850)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press(*"shout", *"ggggg", "enter")
        await settle(app, pilot)
        assert app.screen.assistant.rows == []
        assert note(app) == (
            "puzzle #1,850 is STOUT in your record, not SHOUT. Fix the row (Backspace, colours)."
        )
        assert app.screen.entry.word == "shout"  # kept, to be fixed
    assert load_history().word_of(1850) == "stout"


async def test_the_message_line_says_when_the_record_is_behind(tmp_path, home, monkeypatch):
    monkeypatch.setenv("WORDLE_TUI_TODAY", date_of(1987).isoformat())
    app = assistant_app(tmp_path, day=None)  # today's, on the NYT lists: the NYT prior
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, AssistantScreen) and screen.puzzle == 1987
        assert note(app) == (
            "the record ends at #1,699 and lacks the 287 puzzles before this one: "
            "`wordle-tui nyt update`"
        )
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(app.screen, PuzzleDialog)
        app.screen.query_one(Input).value = "1700"
        await pilot.press("enter")
        await settle(app, pilot)
        assert screen.puzzle == 1700 and "the record ends" not in note(app)


async def test_no_line_where_it_does_not_matter_and_todays_rows_are_not_kept(
    tmp_path, home, monkeypatch
) -> None:
    monkeypatch.setenv("WORDLE_TUI_TODAY", date_of(1987).isoformat())
    app = assistant_app(tmp_path, day=None, lists="classic")  # the uniform prior, today's
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert "the record ends" not in note(app) and "F1" in note(app)
        await pilot.press(*"stout", *"ggggg", "enter")  # the default puzzle: maybe practice
        await settle(app, pilot)
        assert app.screen.assistant.solved and "kept" not in note(app)
    assert load_history().word_of(1987) is None
