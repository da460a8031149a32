"""Wordle against the adversary on screen: opened from the home menu, played with keys, its
result recorded under its own name; on lists without an adversary it plays the NYT lists."""

from __future__ import annotations

from pathlib import Path

from apptest import make_app, settle
from textual.widgets import OptionList

from wordle_tui.gameplay.catalog import menu
from wordle_tui.gameplay.roles import adversary_for
from wordle_tui.history import History
from wordle_tui.settings import Settings
from wordle_tui.solver.listsets import load_set
from wordle_tui.ui.boards.result import ResultScreen
from wordle_tui.ui.boards.wordle import WordleScreen

SIZE = (80, 24)


def on_lists(folder: Path, name: str, adversary: bool = True) -> Settings:
    return Settings(folder / "settings.json", lists=name, adversary=adversary)


async def open_wordle(app, pilot) -> WordleScreen:
    """Choose Wordle on the home menu; its screen."""
    keys = [line.key for _, line in menu()]
    app.screen.query_one(OptionList).highlighted = keys.index("wordle")
    await pilot.press("enter")
    await settle(app, pilot, until=lambda screen: isinstance(screen, WordleScreen))
    assert isinstance(app.screen, WordleScreen)
    return app.screen


async def test_without_the_setting_wordle_draws_its_word_at_random(tmp_path: Path) -> None:
    app = make_app(tmp_path, settings=on_lists(tmp_path, "classic", adversary=False))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_wordle(app, pilot)
        assert screen.request.game == "wordle" and not screen.game.adversary


async def test_with_the_setting_the_menus_wordle_is_against_the_adversary(tmp_path: Path) -> None:
    history = History(tmp_path / "history.sqlite3")
    app = make_app(tmp_path, history=history, settings=on_lists(tmp_path, "classic"))
    async with app.run_test(size=SIZE) as pilot:
        await open_wordle(app, pilot)
        await settle(app, pilot, until=lambda screen: isinstance(screen, WordleScreen))
        screen = app.screen
        assert isinstance(screen, WordleScreen) and screen.game.adversary
        target = screen.game.target
        assert target in adversary_for(load_set("classic")).chances
        first = "crane" if target != "crane" else "salet"
        await pilot.press(*first, "enter", *target, "enter")
        await settle(app, pilot, until=lambda screen: isinstance(screen, ResultScreen))
    games = [(r["game"], r["target"], r["result"], r["score"]) for r in history.finished()]
    assert games == [("adversary", target, "won", 2)]
    assert history.stats("adversary").played == 1 and history.stats("wordle").played == 0


async def test_on_lists_without_an_adversary_the_game_plays_the_nyt_lists(tmp_path: Path) -> None:
    from wordle_tui.gameplay.catalog import GameRequest

    app = make_app(tmp_path, GameRequest("adversary", seed=2), settings=on_lists(tmp_path, "len7"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot, until=lambda screen: isinstance(screen, WordleScreen))
        screen = app.screen
        assert isinstance(screen, WordleScreen) and screen.game.adversary
        assert screen.game.lists.name == "nyt" and screen.game.length == 5
