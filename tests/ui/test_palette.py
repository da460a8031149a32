"""The command palette (ctrl+p) reaches every game, screen and setting, and a game's actions."""

from __future__ import annotations

import time
from pathlib import Path

from textual.app import App
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.system_commands import SystemCommandsProvider

from wordle_tui.gameplay.catalog import GameRequest, menu
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.assistant.screen import AssistantScreen
from wordle_tui.ui.boards.jotto import JottoScreen
from wordle_tui.ui.boards.wordle import WordleScreen
from wordle_tui.ui.home import HomeScreen
from wordle_tui.ui.palette import (
    PROVIDERS,
    AppearanceProvider,
    GamesProvider,
    ScreenActionsProvider,
    ScreensProvider,
    TableProvider,
)
from wordle_tui.ui.stats_screen import StatsScreen


def make_app(home: Path, request: GameRequest | None = None) -> WordleTuiApp:
    """The app on a data folder of the test's own (settings too: contrast is kept there)."""
    return WordleTuiApp(request, history=History(home / "h.sqlite3"))


async def titles(provider: type[TableProvider], app: WordleTuiApp) -> list[str]:
    """The titles a provider shows in the palette opened on the app's current screen."""
    return [str(hit.text) async for hit in provider(app.screen).discover()]


def gathering(app: App) -> bool:
    """Whether the palette is still gathering hits (a later provider's hit may rank first)."""
    group = CommandPalette._GATHER_COMMANDS_GROUP
    return any(w.group == group and not w.is_finished for w in app.workers)


async def palette_run(pilot: Pilot, query: str) -> None:
    """Open the palette, type `query`, wait for the hits and take the best one with Enter."""
    app = pilot.app
    await pilot.press("ctrl+p")
    await pilot.pause()
    assert isinstance(app.screen, CommandPalette)
    await pilot.press(*query)
    deadline = time.monotonic() + 30
    while not app.screen.query_one("CommandList").option_count or gathering(app):
        assert time.monotonic() < deadline, f"no hit for {query!r}"  # however busy the machine
        await pilot.pause(0.02)  # the palette gathers hits from every provider in the background
    await pilot.press("enter")
    deadline = time.monotonic() + 30
    while isinstance(app.screen, CommandPalette):  # however busy the machine
        assert time.monotonic() < deadline, "the palette did not close"
        await pilot.pause(0.02)
        commands = app.screen.query_one("CommandList")
        if commands.highlighted is not None and commands.option_count > 1:
            await pilot.press("enter")  # several hits: the first Enter only highlighted one
    await pilot.pause(0.1)


def test_the_app_registers_every_provider_beside_textuals_own() -> None:
    commands = WordleTuiApp.COMMANDS
    assert set(PROVIDERS) <= commands
    assert any(getattr(c, "__name__", "") == "get_system_commands_provider" for c in commands) or (
        SystemCommandsProvider in commands
    )


async def test_every_home_entry_is_in_the_palette_once(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(100, 40)):
        games = await titles(GamesProvider, app)
        screens = await titles(ScreensProvider, app)
        everything = games + screens
        assert len(everything) == len(menu()) == len(set(everything))
        for _, line in menu():
            assert f"Play {line.title}" in everything or f"Open {line.title}" in everything
        assert "Play Wordle" in games and "Play Wordle, hard mode" in games
        for screen in ("NYT assistant", "Strategy reports", "Strategy explorer"):
            assert f"Open {screen}" in screens
        appearance = await titles(AppearanceProvider, app)
        assert "High-contrast tiles" in appearance and "Word lists" in appearance
        assert "Help" in appearance and "Settings" in appearance  # off the home menu
        assert "Open Statistics" in appearance and "Open Watch the computer play" in appearance
        system = [command.title for command in app.get_system_commands(app.screen)]
        assert "Theme" in system and "Home" in system
        assert not set(system) & set(everything + appearance)  # no command listed twice


async def test_a_fuzzy_query_opens_statistics(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(100, 40)) as pilot:
        await palette_run(pilot, "statis")
        assert isinstance(app.screen, StatsScreen)


async def test_a_fuzzy_query_opens_a_game_and_the_assistant(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(100, 40)) as pilot:
        await palette_run(pilot, "play jotto")
        assert isinstance(app.screen, JottoScreen)
        await palette_run(pilot, "nyt assist")
        assert isinstance(app.screen, AssistantScreen)
        await palette_run(pilot, "home")
        assert isinstance(app.screen, HomeScreen)


async def test_contrast_from_the_palette(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(100, 40)) as pilot:
        assert not app.has_class("-high-contrast")
        await palette_run(pilot, "high-contrast")
        for _ in range(100):
            if app.has_class("-high-contrast"):
                break
            await pilot.pause(0.05)
        assert app.has_class("-high-contrast")


async def test_a_game_offers_its_own_actions(home: Path) -> None:
    app = make_app(home, GameRequest("wordle", target="crane"))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, WordleScreen)
        actions = await titles(ScreenActionsProvider, app)
        assert any(title.startswith("New game") for title in actions)
        assert "Switch to hard mode" in actions
        assert "Watch solver (^w)" in actions and "Back (esc)" in actions
        unwanted = ("Guess", "Delete", "Focus", "Copy selected", "Help", "Quit")
        assert not any(title.startswith(unwanted) for title in actions)  # typing, or elsewhere
        assert "Share the result" not in actions  # not before the game is over
        await pilot.press(*"slate")
        await palette_run(pilot, "new game")
        assert isinstance(app.screen, WordleScreen) and app.screen.game.rows == []
        assert app.screen.typed == ""


async def test_switching_to_hard_mode_from_a_game(home: Path) -> None:
    app = make_app(home, GameRequest("wordle", target="crane"))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        first = app.screen
        await palette_run(pilot, "switch hard")
        assert isinstance(app.screen, WordleScreen) and app.screen is not first
        assert app.screen.request.hard and app.screen.game.hard
        assert first not in app.screen_stack  # the normal round was closed, not stacked
        assert "Switch to normal mode" in await titles(ScreenActionsProvider, app)


async def test_a_finished_game_can_be_shared_from_the_palette(home: Path) -> None:
    app = make_app(home, GameRequest("wordle", target="crane"))
    copied: list[str] = []
    app.copy_to_clipboard = copied.append  # type: ignore[method-assign]
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        game_screen = app.screen
        await pilot.press(*"crane", "enter")
        await pilot.pause(0.2)
        while app.screen is not game_screen:  # close the result screen
            await pilot.press("escape")
            await pilot.pause(0.1)
        copied.clear()
        await palette_run(pilot, "share")
        assert copied == [game_screen.game.share_text(app.has_class("-high-contrast"))]
        assert "🟩🟩🟩🟩🟩" in copied[0]
