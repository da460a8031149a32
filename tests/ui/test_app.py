"""The app shell: the home screen lists every game and screen; the command palette too."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from wordle_tui.gameplay.catalog import menu as catalog_menu
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.home import HomeScreen


async def test_home_lists_every_game_and_quits(tmp_path: Path) -> None:
    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HomeScreen)
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert ids == [line.key for _, line in catalog_menu()]
        await pilot.press("q")
    assert app.return_code == 0


async def test_mouse_click_opens_a_game(tmp_path: Path) -> None:
    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one(OptionList)
        row = [line.key for _, line in catalog_menu()].index("evil")
        await pilot.click(OptionList, offset=(4, 1 + row))  # the Evil Wordle entry
        await pilot.pause()
        assert menu is not None
        assert getattr(app.screen, "game", None) is not None
        assert app.screen.game.mode == "evil"


async def test_the_home_menu_shows_every_entry_at_80x24(tmp_path: Path) -> None:
    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        assert menu.option_count == len(catalog_menu())
        assert menu.max_scroll_y == 0  # nothing hidden below a scrollbar
