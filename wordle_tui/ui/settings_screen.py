"""The settings screen: theme, high contrast, hard mode, animations, compact tiles and the word
lists, each changed at once and kept in `settings.json` for the next start.

The screen shows the `Settings` it is handed and posts `Changed` for every change; the app
applies it (`apply_settings`) and saves it. A file that cannot be written is a notice: the
change still holds for this run.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Select, Static, Switch

from ..settings import Settings
from .widgets import Footer

# attribute -> (label, what it does)
SWITCHES = {
    "high_contrast": ("High-contrast tiles", "orange and blue, not green and yellow (F2)"),
    "hard_mode": ("Hard mode", "new Wordle and Evil Wordle games start in hard mode"),
    "animations": ("Animations", "smooth scrolling and effects; off for remote use"),
    "compact": ("Compact tiles", "one-line tiles even on a tall terminal"),
    "perfect_evil": ("Perfect evil", "Evil Wordle looks ahead to the end"),
    "adversary": ("Against the adversary", "Wordle's word is picked to be hard to find"),
}


def apply_settings(app: App, settings: Settings) -> list[str]:
    """Make `app` look and behave as `settings` say; return notices for what could not be."""
    notices = []
    if settings.theme in app.available_themes:
        app.theme = settings.theme
    else:
        notices.append(f"There is no theme {settings.theme!r}; using {app.theme!r}.")
    app.animation_level = "full" if settings.animations else "none"
    if hasattr(app, "high_contrast"):
        app.high_contrast = settings.high_contrast
    compact = settings.compact or app.size.height < 24
    app.set_class(compact, "-compact")
    return notices


def on_off(value: bool) -> str:
    """A switch's state in words."""
    return "on" if value else "off"


def switched(attribute: str, value: bool) -> str:
    """The notice for a switch changed: "Animations off"."""
    return f"{SWITCHES[attribute][0]} {on_off(value)}"


class SettingRow(Horizontal):
    """One switch, its state in words (not only its colour), its label and what it does."""

    def __init__(self, attribute: str, on: bool) -> None:
        super().__init__(classes="setting-row")
        self.attribute, self.on = attribute, on

    def compose(self) -> ComposeResult:
        label, about = SWITCHES[self.attribute]
        yield Switch(self.on, id=f"setting-{self.attribute}")
        yield Static(on_off(self.on), classes="setting-state", id=f"state-{self.attribute}")
        yield Static(f"[b]{label}[/b]  [dim]{about}[/dim]", classes="setting-label")

    def show(self, on: bool) -> None:
        """Show the switch `on` or off, without posting `Switch.Changed`."""
        self.on = on
        switch = self.query_one(Switch)
        with switch.prevent(Switch.Changed):
            switch.value = on
        self.query_one(".setting-state", Static).update(on_off(on))


class SettingsScreen(Screen):
    """Every setting, changed at once and kept for the next start."""

    DEFAULT_CSS = """
    #settings { width: 1fr; max-width: 100; height: 1fr; padding: 0 1; }
    #settings-title { padding: 1 0; }
    .setting-row { height: 3; }
    .setting-row Switch { width: 10; }
    .setting-state { width: 3; padding: 1 0 0 0; }
    .setting-label { width: 1fr; padding: 1 1 0 1; }
    #setting-theme-row { height: 3; }
    #setting-theme { width: 30; }
    #setting-theme-label { width: 1fr; padding: 1 1 0 1; }
    #settings-lists-row { height: 3; }
    #settings-lists { width: 1fr; padding: 1 1 0 1; }
    #settings-file { color: $text-muted; padding: 1 0 0 0; }
    """
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]
    HELP_TOPIC = "settings"

    class Changed(Message):
        """The player changed a setting: its attribute in `Settings` and its new value."""

        def __init__(self, attribute: str, value: object) -> None:
            self.attribute, self.value = attribute, value
            super().__init__()

    def __init__(self, settings: Settings, themes: Iterable[str], lists: str) -> None:
        super().__init__()
        self.settings = settings
        self.themes = sorted(set(themes) | {settings.theme})
        self.lists = lists  # the name of the word-list set in use

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="settings"):
            yield Static("[b]Settings[/b]  changes apply at once and are kept", id="settings-title")
            with Horizontal(id="setting-theme-row"):
                yield Select(
                    [(name, name) for name in self.themes],
                    value=self.settings.theme,
                    allow_blank=False,
                    id="setting-theme",
                )
                yield Static(
                    "[b]Theme[/b]  [dim]also ctrl+p → Theme[/dim]", id="setting-theme-label"
                )
            for attribute in SWITCHES:
                yield SettingRow(attribute, bool(getattr(self.settings, attribute)))
            with Horizontal(id="settings-lists-row"):
                yield Button("Word lists…", id="settings-lists-button", action="app.choose_lists")
                yield Static(self.lists_line(), id="settings-lists")
            yield Static(
                "Kept in settings.json in the data folder (wordle-tui --data-dir changes it).",
                id="settings-file",
            )
        yield Footer()

    def on_mount(self) -> None:
        """Focus the first control, so the keys act at once (Tab moves on)."""
        self.query_one("#setting-theme", Select).focus()

    def lists_line(self) -> str:
        return f"[b]Word lists[/b]  [dim]in use:[/dim] {self.lists}"

    def show(self, settings: Settings, lists: str) -> None:
        """Show the settings as they are now (after a change made elsewhere, e.g. F2)."""
        self.settings, self.lists = settings, lists
        if not self.is_mounted:
            return
        for row in self.query(SettingRow):
            row.show(bool(getattr(settings, row.attribute)))
        select = self.query_one("#setting-theme", Select)
        if settings.theme in self.themes and select.value != settings.theme:
            with select.prevent(Select.Changed):
                select.value = settings.theme
        self.query_one("#settings-lists", Static).update(self.lists_line())

    def on_switch_changed(self, event: Switch.Changed) -> None:
        event.stop()
        attribute = (event.switch.id or "").removeprefix("setting-")
        if attribute in SWITCHES:
            self.query_one(f"#state-{attribute}", Static).update(on_off(event.value))
            self.notify(switched(attribute, event.value), title="Settings")
            self.post_message(self.Changed(attribute, event.value))

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if event.value is not Select.BLANK and event.value != self.settings.theme:
            self.post_message(self.Changed("theme", str(event.value)))
