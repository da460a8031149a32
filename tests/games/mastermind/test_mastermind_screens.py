"""The Mastermind screens at 80x24, driven by keyboard and mouse with Pilot."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from textual.worker import WorkerCancelled

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.games.mastermind.solver import reply
from wordle_tui.games.mastermind.ui.screen import ComputerMastermindScreen, MastermindScreen
from wordle_tui.games.mastermind.ui.widgets import CodeRow
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.widgets import Note

SIZE = (80, 24)


@pytest.fixture
def history(tmp_path: Path) -> History:
    return History(tmp_path / "history.sqlite3")


def message(app) -> str:
    return str(app.screen.query_one(Note).text)


def shown(app) -> list[str]:
    return [str(row.render()) for row in app.screen.query(CodeRow)]


async def test_keyboard_breaks_the_code_and_records_the_win(history) -> None:
    app = WordleTuiApp(GameRequest("mastermind", target="1234"), history=history)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MastermindScreen)
        await pilot.press(*"1124", "backspace", "7", "3", "5", "enter")  # 7: no colour; 5: full
        await pilot.pause()
        game = app.screen.game
        assert [r.code for r in game.played] == ["1123"]
        assert "1 black 2 white" in shown(app)[0] and "codes still fit" in message(app)
        await pilot.press(*"12", "enter")  # too short: refused, nothing played
        await pilot.pause()
        assert "4 pegs" in message(app) and len(game.played) == 1
        await pilot.press("backspace", "backspace", *"1234", "enter")
        await pilot.pause()
        assert game.won and "1234" in message(app)
    assert history.stats("mastermind").wins == 1


async def test_mouse_places_colours(history) -> None:
    app = WordleTuiApp(GameRequest("mastermind", target="6543"), history=history)
    async with app.run_test(size=SIZE) as pilot:
        for button in ("#colour-6", "#colour-5", "#colour-1", "#backspace", "#colour-4"):
            await pilot.click(button)
            await pilot.pause()
        await pilot.click("#colour-3")
        assert app.screen.typed == "6543"
        await pilot.click("#enter")
        await pilot.pause()
        assert app.screen.game.won


async def test_the_computer_breaks_your_code_by_pegs(history) -> None:
    secret = "5621"
    app = WordleTuiApp(GameRequest("mastermind-computer"), history=history)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ComputerMastermindScreen)
        for _ in range(6):
            with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
                await app.workers.wait_for_complete()
            await pilot.pause()
            game = app.screen.game
            if game.over:
                break
            pegs = reply(game.pending, secret)
            await pilot.press(*"b" * pegs.black, *"w" * pegs.white, "enter")
        assert app.screen.game.found == secret and len(app.screen.game.steps) <= 5
        assert secret in message(app)
    assert history.stats("mastermind-computer").wins == 1


async def test_answers_no_code_fits_are_caught_then_undone(history) -> None:
    app = WordleTuiApp(GameRequest("mastermind-computer"), history=history)
    async with app.run_test(size=SIZE) as pilot:
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("b", "b", "b", "w", "enter")  # 3 black 1 white: no code gets it
        await pilot.pause()
        assert "No code gets 3 black and 1 white" in message(app)
        assert not app.screen.game.steps
        await pilot.press(*"bbbw", "backspace", "backspace", "backspace", "backspace")
        await pilot.press("enter")  # 1122: no 1, no 2
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.game.steps[0].code == "1122"
        for _ in range(3):  # keep saying "nothing" until no code is left
            with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
                await app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            if "No code fits your answers" in message(app):
                break
        else:
            pytest.fail("never said that no code fits")
        kept = len(app.screen.game.steps)
        await pilot.click("#u")
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(app.screen.game.steps) == kept - 1 and "Took back" not in message(app)


async def test_a_key_that_is_no_colour_or_peg_says_which_keys_are(history) -> None:
    app = WordleTuiApp(GameRequest("mastermind", target="1234"), history=history)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "x", "9")
        await pilot.pause()
        assert app.screen.typed == "1" and "digits 1-6: '9' is not one" in message(app)
    app = WordleTuiApp(GameRequest("mastermind-computer"), history=history)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ComputerMastermindScreen)
        for _ in range(300):  # the computer's first guess, then its message, come first
            with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
                await app.workers.wait_for_complete()
            await pilot.pause()
            if not app.screen.thinking:
                break
        await pilot.press("k")
        await pilot.pause()
        assert "b (a black peg) and w (a white peg)" in message(app)
