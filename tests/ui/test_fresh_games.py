"""A game that names its own answer (--target, --seed) never costs the player a saved game.

Such a "fresh" game is saved in a slot of its own (`wordle;fresh`), which ordinary games never
read; a later fresh game of the same kind replaces it, recording it as abandoned if it was
started. The ordinary unfinished game survives any number of fresh games, finished or left.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.jotto import JottoRound
from wordle_tui.gameplay.session import Keeper, resume, slot_for, to_saved
from wordle_tui.gameplay.wordle import WordleRound
from wordle_tui.history import History, SavedGame, slot_of
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.board import BoardScreen
from wordle_tui.ui.boards.result import ResultScreen
from wordle_tui.ui.widgets import Note

SIZE = (80, 24)
POOL = ("crane", "dumpy", "light", "stoic", "blimp", "frock", "waltz", "gusty")
# A fresh request for each game that takes --target or --seed (Evil Wordle ignores both).
FRESH = {
    "wordle": GameRequest("wordle", target="hello"),
    "evil": GameRequest("evil", seed=3),
    "antiwordle": GameRequest("antiwordle", target="hello"),
    "jotto": GameRequest("jotto", seed=5),
}


@pytest.fixture
def history(tmp_path: Path) -> History:
    return History(tmp_path / "history.sqlite3")


def next_guess(game: WordleRound | JottoRound) -> str:
    """A guess the round accepts that does not end it (in Antiwordle, a word the replies still
    allow: the answers left first, then any allowed word, for a random target may leave only
    itself and its anagrams among the answers)."""
    antiwordle = getattr(game, "mode", "") == "antiwordle"
    pool = [*game.candidates, *sorted(game.lists.allowed)] if antiwordle else POOL
    played = {row.word for row in game.rows}
    for word in pool:
        if word in played or word == game.target or sorted(word) == sorted(game.target or ""):
            continue
        if game.problem(word) is None:
            return word
    raise AssertionError("no guess left that keeps the round going")


async def play_rows(pilot, screen: BoardScreen, count: int) -> list[str]:
    """Type `count` guesses that keep the round going; the words played."""
    words = []
    for _ in range(count):
        words.append(next_guess(screen.game))
        await pilot.press(*words[-1], "enter")
        await pilot.pause()
    return words


async def open_game(app: WordleTuiApp, pilot, request: GameRequest) -> BoardScreen:
    """Open `request` on top of the home screen (as `wordle-tui play` and the menu do)."""
    app.open_game(request)
    await pilot.pause()
    assert isinstance(app.screen, BoardScreen)
    return app.screen


def words_on(screen: BoardScreen) -> list[str]:
    return [row.word for row in screen.game.rows]


@pytest.mark.parametrize("kind", list(FRESH))
async def test_a_fresh_game_left_unfinished_keeps_the_ordinary_one(history, kind) -> None:
    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        ordinary = await open_game(app, pilot, GameRequest(kind))
        target, played = ordinary.game.target, await play_rows(pilot, ordinary, 2)
        await pilot.press("escape")
        fresh = await open_game(app, pilot, FRESH[kind])
        assert fresh.game.rows == []
        await play_rows(pilot, fresh, 1)
        await pilot.press("escape")
        again = await open_game(app, pilot, GameRequest(kind))
        assert words_on(again) == played and again.game.target == target
        assert "Resumed" in again.query_one(Note).text
    assert history.finished() == []  # nothing abandoned: the fresh game waits in its slot
    assert history.stats(kind).played == 0
    assert resume(History(history.path), kind)[0].rows == again.game.rows


async def test_a_fresh_game_finished_keeps_the_ordinary_one(history) -> None:
    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        ordinary = await open_game(app, pilot, GameRequest("wordle"))
        played = await play_rows(pilot, ordinary, 2)
        await pilot.press("escape")
        fresh = await open_game(app, pilot, GameRequest("wordle", target="hello"))
        await play_rows(pilot, fresh, 1)
        await pilot.press(*"hello", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("escape", "escape")
        again = await open_game(app, pilot, GameRequest("wordle"))
        assert words_on(again) == played
    results = [(r["target"], r["result"]) for r in history.finished()]
    assert results == [("hello", "won")]  # the fresh game only: no abandoned ordinary game


async def test_the_command_line_target_never_touches_the_saved_game(history) -> None:
    """`wordle-tui play wordle --target X` opens the app on the request itself."""
    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        played = await play_rows(pilot, await open_game(app, pilot, GameRequest("wordle")), 2)
    for word in ("hello", "crane"):  # two sessions: the second replaces the first fresh game
        fresh = WordleTuiApp(GameRequest("wordle", target=word), history=history)
        async with fresh.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await play_rows(pilot, fresh.screen, 2)
    back, _ = resume(History(history.path), "wordle")
    assert [row.word for row in back.rows] == played
    abandoned = [(r["target"], r["result"]) for r in history.finished()]
    assert abandoned == [("hello", "abandoned")]  # the replaced fresh game, never the saved one


async def test_ctrl_n_on_a_fresh_game_goes_back_to_the_saved_game(history) -> None:
    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        played = await play_rows(pilot, await open_game(app, pilot, GameRequest("wordle")), 1)
        await pilot.press("escape")
        fresh = await open_game(app, pilot, GameRequest("wordle", target="hello"))
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert words_on(fresh) == played and "Resumed" in fresh.query_one(Note).text
        assert not fresh.request.fresh
    assert history.finished() == []


def test_a_fresh_round_has_its_own_slot_that_ordinary_games_never_read(history) -> None:
    ordinary, fresh = WordleRound(target="hello"), WordleRound(target="crane")
    mine = Keeper(history, ordinary)
    practice = Keeper(history, fresh, mine.started, fresh=True)
    for game, keeper in ((ordinary, mine), (ordinary, mine), (fresh, practice)):
        game.guess(next_guess(game))
        keeper.moved()
    assert slot_of("wordle", to_saved(fresh, "t", fresh=True).variant) == "wordle;fresh"
    assert slot_for("wordle", fresh=True) == "wordle;fresh"
    assert resume(history, "wordle")[0].rows == ordinary.rows
    fresh.guess("crane")  # won in the same second the ordinary game started: still kept
    practice.moved()
    reopened = History(history.path)
    assert resume(reopened, "wordle")[0].rows == ordinary.rows
    assert reopened.in_progress("wordle;fresh") is None
    assert [r["variant"] for r in reopened.finished()] == ["normal;fresh;lists=nyt"]


def test_recording_a_fresh_game_leaves_the_ordinary_slot_alone(history) -> None:
    moves = [("crane", "1"), ("dumpy", "2")]
    history.save_progress(SavedGame("jotto", "", "plank", moves, "then"))
    history.record(SavedGame("jotto", "fresh", "waltz", [("waltz", "5")], "then"), "won", 1)
    assert History(history.path).in_progress("jotto").moves == moves
