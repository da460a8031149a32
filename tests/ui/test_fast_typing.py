"""A fast typist: keys sent before the screen has caught up land in order, in the right row.

Keys go straight to the driver, without waiting for each to be handled, the way a person
typing at speed (or a paste into the terminal) delivers them.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import apptest
import pytest
from apptest import burst

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.jotto import ComputerJottoScreen
from wordle_tui.ui.widgets import Note

SIZE = (80, 24)


settle = partial(apptest.settle, quiet=3)


def app_for(tmp_path: Path, game: str, **options) -> WordleTuiApp:
    return WordleTuiApp(GameRequest(game, **options), history=History(tmp_path / "h.sqlite3"))


def words(app: WordleTuiApp) -> list[str]:
    return [row.word for row in app.screen.game.rows]


async def test_wordle_next_word_lands_in_the_next_row(tmp_path: Path) -> None:
    app = app_for(tmp_path, "wordle", target="hello")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, "hates", "enter", "crane", "enter", "lol")
        await settle(app, pilot)
        assert words(app) == ["hates", "crane"]
        assert app.screen.typed == "lol"
        assert app.screen.rows[2].text() == "LOL"


@pytest.mark.parametrize("mode", ["evil", "antiwordle"])
async def test_unlimited_boards_grow_in_place_under_fast_keys(tmp_path: Path, mode: str) -> None:
    target = {"target": "hello"} if mode == "antiwordle" else {}
    app = app_for(tmp_path, mode, **target)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, "arise", "enter", "blond", "enter", "chump", "enter")
        await settle(app, pilot)
        expected = ["arise", "blond", "chump"] if mode == "evil" else words(app)
        assert words(app) == expected and len(expected) >= 1
        assert len(app.screen.rows) == len(app.screen.game.rows) + (not app.screen.game.over)


async def test_letters_right_after_ctrl_n_and_yes_start_the_new_game(tmp_path: Path) -> None:
    app = app_for(tmp_path, "evil")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, "arise", "enter", "blond", "enter", "ctrl+n", "y", "crane", "enter", "tr")
        await settle(app, pilot)
        assert words(app) == ["crane"]
        assert app.screen.typed == "tr"
        assert len(app.screen.rows) == 2
        assert [r.text().upper() for r in app.screen.rows] == ["CRANE", "TR"]
        finished = app.screen.history.finished("evil")
        assert [g["result"] for g in finished] == ["abandoned"]


async def test_jotto_notepad_toggle_keeps_its_place_among_letters(tmp_path: Path) -> None:
    app = app_for(tmp_path, "jotto", target="south")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, "mouth", "enter", "tab", "m", "z", "tab", "thorn", "enter")
        await settle(app, pilot)
        assert words(app) == ["mouth", "thorn"]
        marks = {k: v.value for k, v in app.screen.game.marks.items()}
        assert marks == {"m": "in", "z": "in"}


async def test_computer_jotto_answers_while_thinking_are_refused_visibly(tmp_path: Path) -> None:
    app = app_for(tmp_path, "jotto-computer")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ComputerJottoScreen)
        await settle(app, pilot)
        burst(app, "ctrl+n", "2")  # the 2 arrives while the new game's first guess is computed
        await settle(app, pilot)
        assert screen.game is not None and screen.game.pending and not screen.game.steps
        assert "your 2 came while I was thinking: not used" in screen.query_one(Note).text
        first = screen.game.pending
        burst(app, "2", "u", "u")  # the undos arrive while it thinks: refused, not queued
        await settle(app, pilot)
        assert [(s.guess, s.reply) for s in screen.game.steps] == [(first, 2)]
        burst(app, "u")
        await settle(app, pilot)
        assert screen.game.steps == [] and screen.game.pending == first
