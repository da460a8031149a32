"""Settings that stick: theme, high contrast, hard mode, animations, compact tiles and the word
lists are kept in settings.json, restored at the next start, and changed on the settings screen;
a damaged or unwritable file is a notice and the defaults, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Select, Switch

from wordle_tui.history import History
from wordle_tui.settings import Settings
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.home import HomeScreen
from wordle_tui.ui.settings_screen import SettingsScreen

SIZE = (100, 32)


def make_app(tmp_path: Path, settings: Path | None = None) -> WordleTuiApp:
    path = settings or tmp_path / "settings.json"
    history = History(tmp_path / "history.sqlite3")
    return WordleTuiApp(history=history, settings=Settings.load(path))


def notices(app: WordleTuiApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


def test_every_choice_round_trips_and_bad_values_fall_back(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    chosen = Settings(path, "sgb", "nord", True, True, False, True)
    assert chosen.save() is None
    again = Settings.load(path)
    assert again == chosen and again.warning is None
    path.write_text(json.dumps({"lists": "sgb", "theme": 3, "compact": "yes", "hard_mode": True}))
    mixed = Settings.load(path)
    assert (mixed.lists, mixed.hard_mode, mixed.theme, mixed.compact) == (
        "sgb",
        True,
        "textual-dark",
        False,
    )
    assert "'theme', 'compact' cannot be used" in mixed.warning


async def test_theme_and_contrast_are_restored_at_the_next_start(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "nord"  # as the command palette's theme picker does
        await pilot.press("f2")
        await pilot.pause()
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["theme"] == "nord" and saved["high_contrast"] is True
    again = make_app(tmp_path)
    async with again.run_test(size=SIZE):
        assert again.theme == "nord" and again.has_class("-high-contrast")


async def test_the_settings_screen_changes_apply_at_once_and_persist(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        for attribute in ("hard_mode", "compact", "animations", "perfect_evil"):
            screen.query_one(f"#setting-{attribute}", Switch).toggle()
        screen.query_one("#setting-theme", Select).value = "gruvbox"
        await pilot.pause()
        assert app.animation_level == "none" and app.has_class("-compact")
        assert app.theme == "gruvbox"
        await pilot.press("f2")  # changed elsewhere: the screen shows it
        await pilot.pause()
        assert screen.query_one("#setting-high_contrast", Switch).value is True
        await pilot.press("escape")
        app.action_open("wordle")
        await pilot.pause()
        assert app.screen.request.hard  # hard mode for new games
        assert not app.screen.request.perfect  # Wordle has no perfect replier
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved == {
        "lists": "nyt",
        "theme": "gruvbox",
        "high_contrast": True,
        "hard_mode": True,
        "animations": False,
        "compact": True,
        "perfect_evil": True,
    }
    again = make_app(tmp_path)
    async with again.run_test(size=SIZE):
        assert again.animation_level == "none" and again.has_class("-compact")


def test_a_settings_file_that_cannot_be_written_is_named(tmp_path: Path, monkeypatch) -> None:
    import wordle_tui.settings as settings_module

    def full(path, data) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(settings_module, "atomic_write_bytes", full)
    path = tmp_path / "settings.json"
    assert Settings(path).save() == (
        f"The settings cannot be saved ({path}: No space left on device); kept for this run only."
    )


async def test_a_corrupt_or_unwritable_file_is_a_notice_never_a_crash(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"theme": "no-such-theme", "animations": 7}')
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme == "textual-dark" and app.animation_level == "full"
        assert any("'animations' cannot be used" in n for n in notices(app))
        assert any("no theme 'no-such-theme'" in n for n in notices(app))
    blocked = tmp_path / "file"
    blocked.write_text("")  # the settings' folder is a file: nothing can be written
    app = make_app(tmp_path, blocked / "settings.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert app.has_class("-high-contrast")  # the change holds for this run
        assert any("cannot be saved" in n for n in notices(app))


async def test_the_home_list_never_wraps_at_80_columns(tmp_path: Path, monkeypatch) -> None:
    from textual.widgets import OptionList

    from wordle_tui.gameplay import catalog

    what = "with a description far too long for eighty columns " * 2
    long = catalog.Entry("long", "A longer entry", "screen", what=what)
    monkeypatch.setattr(catalog, "CATALOG", (*catalog.CATALOG, long))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#home-menu", OptionList)
        assert menu.option_count == len(catalog.menu())
        assert menu.virtual_size.height == len(catalog.menu())  # one line each
        assert any(line.key == "long" for _, line in catalog.menu())


async def test_the_word_lists_are_chosen_from_the_settings_screen(tmp_path: Path) -> None:
    from wordle_tui.ui.lists_screen import ListsScreen

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        await pilot.pause()
        settings = app.screen
        assert isinstance(settings, SettingsScreen)
        await pilot.click("#settings-lists-button")
        await pilot.pause()
        assert isinstance(app.screen, ListsScreen)
        app.screen.dismiss("sgb")
        await pilot.pause()
        assert app.screen is settings and "sgb" in str(
            settings.query_one("#settings-lists").render()
        )
    assert json.loads((tmp_path / "settings.json").read_text())["lists"] == "sgb"
