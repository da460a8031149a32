"""Quitting: keys typed after `q` (or ctrl+q) open no screen while the app closes, so none can
mount half-built and crash (`q` then `l` was `NoMatches: OptionList` on the lists screen)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from apptest import make_app
from textual import events
from textual.worker import WorkerCancelled

from wordle_tui.gameplay.catalog import GameRequest, menu
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.wordle import WordleScreen
from wordle_tui.ui.home import HomeScreen

SIZE = (80, 24)


def typed_at_once(app: WordleTuiApp, *keys: str) -> None:
    """Keys queued together, as a fast typist's arrive: none waits for the one before."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


@pytest.mark.parametrize("second", ["l", "s", "o", "question_mark", "enter", "f1", "f9"])
async def test_a_key_right_after_q_on_the_home_screen_opens_nothing(
    tmp_path: Path, second: str
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        typed_at_once(app, "q", second)
        await pilot.pause()
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await pilot.pause()
    assert not app.crashed and app.return_code == 0
    assert app.crash_log is None


async def test_a_key_right_after_ctrl_q_on_a_game_opens_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path, GameRequest("wordle", target="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        typed_at_once(app, "ctrl+q", "ctrl+w", "f1", "ctrl+p")
        await pilot.pause()
    assert not app.crashed and app.return_code == 0


async def test_once_quitting_no_action_or_screen_pushes_a_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path, GameRequest("wordle", target="crane"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.screen
        assert isinstance(board, WordleScreen)
        stack = list(app.screen_stack)
        app.exit()  # the ExitApp message is queued; these all run before it is handled
        for _, line in menu():
            app.on_home_screen_chosen(HomeScreen.Chosen(line.key))
        app.action_choose_lists()
        app.action_command_palette()
        app.action_stats("jotto")
        board.action_watch()
        app.switch_screen(HomeScreen())
        assert app.screen_stack == stack
    assert not app.crashed
