"""The settings screen from the keyboard: it opens on its first control, says each switch's
state in words, and tells every change, F2's anywhere included."""

from __future__ import annotations

from pathlib import Path

from apptest import make_app
from textual.widgets import Select, Static, Switch

from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.settings_screen import SettingsScreen

SIZE = (80, 24)


def rendered(app: WordleTuiApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def lines(app: WordleTuiApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def notices(app: WordleTuiApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def test_settings_open_on_the_first_control(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert app.focused is app.screen.query_one("#setting-theme", Select)
        await pilot.press("tab")
        assert app.focused is app.screen.query_one("#setting-high_contrast", Switch)
        assert "ctrl+p → Theme" in lines(app) and "Change theme" not in lines(app)


async def test_switches_say_on_or_off_and_every_change_is_told(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        await pilot.pause()
        screen = app.screen
        assert rendered(app, "#state-animations") == "on"
        assert rendered(app, "#state-hard_mode") == "off"
        await pilot.press("tab", "tab", "tab")  # theme → contrast → hard mode → animations
        assert app.focused is screen.query_one("#setting-animations", Switch)
        await pilot.press("enter")
        await pilot.pause()
        assert app.animation_level == "none"
        assert rendered(app, "#state-animations") == "off"
        assert "Animations off" in notices(app)
        await pilot.press("f2")  # app-wide: the screen shows it, and it is told once
        await pilot.pause()
        assert rendered(app, "#state-high_contrast") == "on"
        assert notices(app).count("High-contrast tiles on") == 1


async def test_f2_anywhere_says_what_it_switched(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert app.has_class("-high-contrast") and notices(app) == ["High-contrast tiles on"]
        await pilot.press("f2")
        await pilot.pause()
        assert notices(app)[-1] == "High-contrast tiles off"
