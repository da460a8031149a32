"""ctrl+n in the middle of a game asks first (a loss, a broken streak), in every game; and keys
typed in the same burst as the winning Enter never start a new game from the result dialog."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import apptest
import pytest
from textual import events

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.jotto import ComputerJottoScreen
from wordle_tui.ui.boards.result import ResultScreen
from wordle_tui.ui.confirm import ConfirmScreen
from wordle_tui.ui.widgets import Note

SIZE = (80, 24)
CHARACTERS = {"enter": "\r", "backspace": "\x7f"}


def burst(app: WordleTuiApp, *keys: str) -> None:
    """Send keys (words spelled out) without waiting, as a fast typist delivers them."""
    for key in keys:
        named = key in CHARACTERS or "+" in key
        for one in [key] if named else list(key):
            event = events.Key(one, CHARACTERS.get(one, one if len(one) == 1 else None))
            event.set_sender(app)
            app._driver.send_message(event)


settle = partial(apptest.settle, quiet=4)


def question(app: WordleTuiApp) -> str:
    assert isinstance(app.screen, ConfirmScreen), app.screen
    return str(app.screen.query_one("#confirm-question").render())


REQUESTS = {
    "wordle": GameRequest("wordle"),
    "hard": GameRequest("wordle", hard=True),
    "evil": GameRequest("evil"),
    "antiwordle": GameRequest("antiwordle"),
    "jotto": GameRequest("jotto"),
    "daily": GameRequest("wordle", day=7),
    "nyt": GameRequest("nyt", day=1000),
}


@pytest.mark.parametrize("name", list(REQUESTS))
async def test_ctrl_n_mid_game_asks_and_no_keeps_the_game(tmp_path: Path, name: str) -> None:
    history = History(tmp_path / "h.sqlite3")
    app = WordleTuiApp(REQUESTS[name], history=history)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        board = app.screen
        guess = "fjord" if name != "jotto" else "brick"
        await pilot.press(*guess, "enter")
        await settle(app, pilot)
        assert [r.word for r in board.game.rows] == [guess]
        await pilot.press("ctrl+n")
        await pilot.pause()
        asked = question(app)
        if name in ("daily", "nyt"):
            assert "for later" in asked
        else:
            assert "count as a loss" in asked
            assert ("streak" in asked) == (name in ("wordle", "hard"))
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is board and [r.word for r in board.game.rows] == [guess]
        assert history.finished() == []
        await pilot.press("ctrl+n")
        await pilot.pause()
        left = board.game
        await pilot.press("y")
        await settle(app, pilot)
        assert app.screen is board and board.game.rows == []
        abandoned = [] if name in ("daily", "nyt") else ["abandoned"]
        assert [g["result"] for g in history.finished()] == abandoned
        note = str(board.query_one(Note).text)
        if name == "evil":  # no word fixed yet: how many were still possible
            possible = f"{len(left.candidates):,} words still possible"
            assert note == f"Abandoned with {possible}. New game."
        elif abandoned:
            assert note == f"Abandoned: the word was {left.target.upper()}. New game."


async def test_ctrl_n_before_any_guess_asks_nothing(tmp_path: Path) -> None:
    app = WordleTuiApp(GameRequest("wordle"), history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        board = app.screen
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert app.screen is board


async def test_the_computer_guessing_jotto_asks_too(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    app = WordleTuiApp(GameRequest("jotto-computer"), history=history)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, ComputerJottoScreen)
        await pilot.press("1")
        await settle(app, pilot)
        assert len(screen.game.steps) == 1
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert "count as a loss" in question(app)
        await pilot.press("escape")
        await settle(app, pilot)
        assert len(screen.game.steps) == 1 and history.finished() == []
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.press("y")
        await settle(app, pilot)
        assert not screen.game.steps
        assert [g["result"] for g in history.finished()] == ["abandoned"]


async def test_keys_in_the_burst_after_ctrl_n_answer_the_question(tmp_path: Path) -> None:
    app = WordleTuiApp(GameRequest("evil"), history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        burst(app, "arise", "enter", "ctrl+n", "q", "y", "crane", "enter", "tr")
        await settle(app, pilot)
        assert [r.word for r in app.screen.game.rows] == ["crane"]
        assert app.screen.typed == "tr"


def typed(app: WordleTuiApp, keys: str) -> list[events.Key]:
    """Key events made now (typed now), to be delivered later."""
    made = [events.Key(k, k) for k in keys]
    for event in made:
        event.set_sender(app)
    return made


@pytest.mark.parametrize("game", ["wordle", "jotto"])
async def test_keys_typed_with_the_winning_enter_do_not_start_a_new_game(
    tmp_path: Path, game: str
) -> None:
    history = History(tmp_path / "h.sqlite3")
    app = WordleTuiApp(GameRequest(game, target="vocal"), history=history)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        board = app.screen
        burst(app, "vocal", "enter")
        late = typed(app, "nnw")  # typed with the Enter, delivered once the dialog is up
        for _ in range(50):  # the result dialog comes after the tiles' flip, if animated
            await settle(app, pilot)
            if isinstance(app.screen, ResultScreen):
                break
        for event in late:
            app._driver.send_message(event)
        await settle(app, pilot)
        assert board.game.won and [r.word for r in board.game.rows] == ["vocal"]
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("n")  # typed once the dialog is on screen: a new game
        await settle(app, pilot)
        assert app.screen is board and board.game.rows == []
        assert [g["result"] for g in history.finished()] == ["won"]


async def test_keys_in_the_grace_after_the_dialog_shows_are_dropped(
    tmp_path: Path, monkeypatch
) -> None:
    import wordle_tui.ui.boards.result as result

    monkeypatch.setattr(result, "GRACE_HEADLESS", True)
    app = WordleTuiApp(GameRequest("wordle", target="vocal"), history=History(tmp_path / "h"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        board = app.screen
        await pilot.press(*"vocal", "enter")
        await settle(app, pilot)
        dialog = app.screen
        assert isinstance(dialog, ResultScreen) and dialog.shown_at is not None
        (soon,) = typed(app, "n")
        soon.time = dialog.shown_at + result.GRACE / 2  # typed just after it showed
        app._driver.send_message(soon)
        await settle(app, pilot)
        assert app.screen is dialog
        (later,) = typed(app, "n")
        later.time = dialog.shown_at + result.GRACE * 1.5  # typed once it could be read
        app._driver.send_message(later)
        await settle(app, pilot)
        assert app.screen is board and board.game.rows == []
