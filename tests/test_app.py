"""The app shell: the home screen lists every game and screen; the command palette too."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from wordle_tui.gameplay.catalog import TITLES
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.home import ENTRIES, HomeScreen


async def test_home_lists_every_game_and_quits(tmp_path: Path) -> None:
    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HomeScreen)
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert ids == [key for key, _, _ in ENTRIES]
        await pilot.press("q")
    assert app.return_code == 0


async def test_command_palette_offers_every_screen(tmp_path: Path) -> None:
    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(80, 24)):
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in TITLES.values():
            assert f"Play {title}" in titles
        for title in (
            "Statistics",
            "Watch the computer play",
            "Help: rules of each game",
            "Toggle high-contrast tiles",
            "Theme",
        ):
            assert title in titles


async def test_mouse_click_opens_a_game(tmp_path: Path) -> None:
    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one(OptionList)
        await pilot.click(OptionList, offset=(4, 1 + 4))  # the fifth entry: Evil Wordle
        await pilot.pause()
        assert menu is not None
        assert getattr(app.screen, "game", None) is not None
        assert app.screen.game.mode == "evil"
