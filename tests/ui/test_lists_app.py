"""Word-list sets in the app: chosen at launch or on the home screen, kept in the settings, and
handed to every game; a damaged settings file or a set that is gone is one warning, no crash."""

from __future__ import annotations

import json
from pathlib import Path

from apptest import make_app
from textual.widgets import OptionList

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.session import to_saved
from wordle_tui.gameplay.wordle import WordleRound
from wordle_tui.history import History
from wordle_tui.solver.listsets import load_set
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.confirm import ConfirmScreen
from wordle_tui.ui.home import HomeScreen
from wordle_tui.ui.lists_screen import ListsScreen

SIZE = (80, 24)


def notices(app: WordleTuiApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def test_the_app_started_with_a_set_plays_wordle_from_it(tmp_path: Path) -> None:
    sgb = load_set("sgb")
    history = History(tmp_path / "history.sqlite3")
    app = make_app(tmp_path, GameRequest("wordle", target="words"), lists=sgb, history=history)
    async with app.run_test(size=SIZE) as pilot:
        game = app.screen.game
        assert game.lists is sgb and "sgb" in str(app.screen.query_one("#title").render())
        await pilot.press(*"admin", "enter")  # a default answer, not an SGB word
        assert game.rows == [] and "Not in word list" in app.screen.query_one("#message").text
        await pilot.press(*["backspace"] * 5, *"words", "enter")
        await pilot.pause()
        assert game.won
    # a game with --target is tagged `fresh`: it keeps a slot of its own, apart from the saved game
    assert history.finished("wordle")[-1]["variant"] == "normal;fresh;lists=sgb"
    assert app.lists_name == "sgb"
    assert not (tmp_path / "settings.json").exists()  # --lists is for this run only


async def test_the_set_chosen_on_the_home_screen_is_kept_for_the_next_run(
    tmp_path: Path,
) -> None:
    first = make_app(tmp_path)
    async with first.run_test(size=SIZE) as pilot:
        assert first.lists_name == "nyt"
        await pilot.press("l")
        await first.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(first.screen, ListsScreen)
        menu = first.screen.query_one(OptionList)
        assert [menu.get_option_at_index(i).id for i in range(5)] == [
            "nyt",
            "classic",
            "original",
            "sgb",
            "enable",
        ]
        await pilot.press("down", "down", "down", "enter")
        await pilot.pause()
        assert isinstance(first.screen, HomeScreen) and first.screen.lists == "sgb"
        assert any("sgb: 5,756 answers" in n for n in notices(first))
    assert json.loads((tmp_path / "settings.json").read_text()) == {"lists": "sgb"}
    second = make_app(tmp_path)
    async with second.run_test(size=SIZE) as pilot:
        assert second.lists_name == "sgb" and second.screen.lists == "sgb"
        await pilot.press("enter")  # Wordle
        await pilot.pause()
        game = second.screen.game
        assert game.lists.name == "sgb" and game.target in load_set("sgb").answers
        second.action_open("jotto")
        await pilot.pause()
        assert second.screen.game.lists.name == "sgb"


async def test_a_damaged_settings_file_is_one_warning_and_the_defaults(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"lists": ')
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, HomeScreen) and app.lists_name == "nyt"
        assert sum("settings file" in n for n in notices(app)) == 1
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.game.lists.name == "nyt"
    (tmp_path / "settings.json").write_text('{"lists": "gone"}')  # a set since removed
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE):
        assert app.lists_name == "nyt"
        assert any("no word-list set named 'gone'" in n for n in notices(app))


async def test_a_game_left_on_other_lists_is_not_resumed_on_these(tmp_path: Path) -> None:
    """It is not lost unasked either: n goes back and keeps it, y records it as abandoned."""
    history = History(tmp_path / "history.sqlite3")
    left = WordleRound(target="hello")
    left.guess("crane")
    history.save_progress(to_saved(left, "2026-01-01T10:00"))
    for answer in ("n", "y"):
        app = make_app(tmp_path, GameRequest("wordle"), lists=load_set("sgb"), history=history)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            assert "on nyt lists (normal mode, 1 guess)" in str(
                app.screen.query_one("#confirm-question").render()
            )
            await pilot.press(answer)
            await pilot.pause()
            if answer == "n":  # back to the menu, the game kept for its own lists
                assert isinstance(app.screen, HomeScreen) and history.finished("wordle") == []
                assert history.in_progress("wordle").moves == [("crane", left.rows[0].reply)]
            else:
                assert app.screen.game.lists.name == "sgb" and app.screen.game.rows == []
    assert history.finished("wordle")[-1]["result"] == "abandoned"
    app = make_app(tmp_path, GameRequest("wordle"), lists=load_set("sgb"), history=history)
    async with app.run_test(size=SIZE) as pilot:
        target = app.screen.game.target
        await pilot.press(*"there", "enter")
    app = make_app(tmp_path, GameRequest("wordle"), lists=load_set("sgb"), history=history)
    async with app.run_test(size=SIZE):  # the same lists: resumed
        assert app.screen.game.target == target
        assert [r.word for r in app.screen.game.rows] == ["there"]
