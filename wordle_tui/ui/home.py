"""The home screen: every game and screen, by keyboard or mouse, and the word lists in use.

Its menu is the catalog's (`gameplay/catalog.py`): each entry's lines, in the catalog's order.
"""

from __future__ import annotations

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..gameplay.catalog import menu
from ..settings import DEFAULT_LISTS
from .widgets import Footer


class HomeScreen(Screen):
    """Choose a game."""

    # One line per entry, cut short with an ellipsis when narrow, never wrapped.
    DEFAULT_CSS = "#home-menu { text-wrap: nowrap; text-overflow: ellipsis; }"

    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("f1,question_mark", "app.help", "Help"),  # the footer shows f1, as everywhere
        Binding("s", "app.stats", "Stats"),
        Binding("w", "app.watch", "Watch"),
        Binding("l", "app.choose_lists", "Word lists"),
        Binding("o", "app.settings", "Settings"),
    ]

    def __init__(self, lists: str = DEFAULT_LISTS) -> None:
        super().__init__()
        self.lists = lists  # the name of the word-list set in use

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            options = OptionList(
                *[
                    Option(f"[b]{line.title}[/b]  [dim]{line.what}[/dim]", id=line.key)
                    for _, line in menu()
                ],
                id="home-menu",
            )
            # The title, the word lists and the hint in the menu's frame: every line fits 80x24.
            options.border_title = self.lists_line()
            options.border_subtitle = (
                "↑↓ or mouse to choose · Enter to open · ctrl+p for every command"
            )
            yield options
        yield Footer()

    def lists_line(self) -> str:
        """The menu's title: the program, and the word-list set in use (markup escaped)."""
        return f"[b]wordle-tui[/b]  word lists: [b]{escape(self.lists)}[/b] (l to change)"

    def show_lists(self, name: str) -> None:
        """Show the word-list set now in use."""
        self.lists = name
        if self.is_mounted:
            self.query_one("#home-menu", OptionList).border_title = self.lists_line()

    class Chosen(Message):
        """The player chose a menu line (its key: a catalog `MenuLine.key`); the app opens it."""

        def __init__(self, key: str) -> None:
            self.key = key
            super().__init__()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.post_message(self.Chosen(event.option.id or ""))
