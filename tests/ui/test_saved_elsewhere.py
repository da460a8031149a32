"""Opening a game whose saved round is for another mode or other word lists asks first.

Each game keeps one unfinished round (all Wordle rounds share the slot `wordle`). Opening the
game in hard mode, or after the word lists were changed, once recorded the round under way as
abandoned, unasked: a loss that ended the streak. Now the screen asks: n goes back and leaves
the round saved (to be reopened in its own mode and lists), y records it as abandoned and
says its word.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import apptest
import pytest

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.session import abandoned_note, from_saved, slot_for
from wordle_tui.history import History, SavedGame
from wordle_tui.solver.listsets import load_set
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.board import BoardScreen
from wordle_tui.ui.boards.jotto import ComputerJottoScreen
from wordle_tui.ui.confirm import ConfirmScreen
from wordle_tui.ui.home import HomeScreen
from wordle_tui.ui.widgets import Note

SIZE = (80, 24)
STARTED = "2026-11-01T10:00:00"
# (saved game, the request that opens it in another mode or on other lists, what is asked)
CASES = {
    "wordle-hard": (
        SavedGame(
            "wordle", "normal;lists=nyt", "spade", [("crane", "..G.G"), ("pilot", "Y....")], STARTED
        ),
        GameRequest("wordle", hard=True),
        "A Wordle game on nyt lists (normal mode, 2 guesses) is unfinished. "
        "Abandon it (a loss that ends your streak)",
    ),
    "wordle-lists": (
        SavedGame("wordle", "normal", "spade", [("crane", "..G.G")], STARTED),
        GameRequest("wordle"),
        "A Wordle game on classic lists (normal mode, 1 guess) is unfinished.",
    ),
    "evil": (
        SavedGame("evil", "normal", None, [("crane", ".....")], STARTED),
        GameRequest("evil"),
        "An Evil Wordle game on classic lists (normal mode, 1 guess) is unfinished. "
        "Abandon it (a loss) and start this one?",
    ),
    "antiwordle": (
        SavedGame("antiwordle", "normal", "spade", [("crane", "..G.G")], STARTED),
        GameRequest("antiwordle"),
        "An Antiwordle game on classic lists (normal mode, 1 guess) is unfinished.",
    ),
    "jotto": (
        SavedGame("jotto", "", "spade", [("crane", "2")], STARTED),
        GameRequest("jotto"),
        "A Jotto game on classic lists (1 guess) is unfinished.",
    ),
}


def question(app: WordleTuiApp) -> str:
    assert isinstance(app.screen, ConfirmScreen), app.screen
    return str(app.screen.query_one("#confirm-question").render())


settle = partial(apptest.settle, quiet=3)


@pytest.mark.parametrize("case", list(CASES))
async def test_n_goes_back_and_keeps_the_round_y_records_it(tmp_path: Path, case: str) -> None:
    saved, request, asked = CASES[case]
    history = History(tmp_path / "h.sqlite3")
    history.save_progress(saved)
    slot = slot_for(saved.game)
    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(request)
        await settle(app, pilot)
        assert asked in question(app) and "y abandons · n goes back" in question(app)
        await pilot.press(*"hello", "n")  # letters are dropped while it asks; n answers
        await settle(app, pilot)
        assert isinstance(app.screen, HomeScreen)
        assert history.in_progress(slot).moves == saved.moves
        assert history.finished() == []
        app.open_game(request)
        await settle(app, pilot)
        question(app)
        await pilot.press("y")
        await settle(app, pilot)
        board = app.screen
        assert isinstance(board, BoardScreen) and board.game.rows == []
        left = from_saved(saved)
        word = "Abandoned: the word was SPADE."
        assert abandoned_note(left) == (
            word if case != "evil" else "Abandoned with 263 words still possible."
        )
        assert str(board.query_one(Note).text) == f"{abandoned_note(left)} New game."
    assert [(g["game"], g["result"]) for g in history.finished()] == [(saved.game, "abandoned")]
    assert history.in_progress(slot) is None


async def test_the_same_mode_and_lists_resume_without_a_question(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    history.save_progress(
        SavedGame("wordle", "hard;lists=nyt", "spade", [("crane", "..G.G")], STARTED)
    )
    app = WordleTuiApp(GameRequest("wordle", hard=True), history=history)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, BoardScreen)
        assert [r.word for r in app.screen.game.rows] == ["crane"]


async def test_the_computer_guessing_jotto_asks_before_leaving_other_lists(
    tmp_path: Path,
) -> None:
    history = History(tmp_path / "h.sqlite3")
    history.save_progress(SavedGame("jotto-computer", "", None, [("crane", "2")], STARTED))
    app = WordleTuiApp(history=history)
    request = GameRequest("jotto-computer", lists=load_set("nyt"))
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(request)
        await settle(app, pilot)
        assert "on classic lists (1 guess) is unfinished" in question(app)
        await pilot.press("3", "n")  # a number is not taken while it asks
        await settle(app, pilot)
        assert isinstance(app.screen, HomeScreen) and history.finished() == []
        assert history.in_progress("jotto-computer").moves == [("crane", "2")]
        app.open_game(request)
        await settle(app, pilot)
        await pilot.press("y")
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, ComputerJottoScreen) and screen.game.steps == []
        assert str(screen.query_one(Note).text).startswith("My guess:")
    assert [g["result"] for g in history.finished()] == ["abandoned"]
