"""The home screen: every game and screen, by keyboard or mouse, and the word lists in use."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..settings import DEFAULT_LISTS

ENTRIES = (
    ("wordle", "Wordle", "find the word in six guesses"),
    ("wordle-hard", "Wordle, hard mode", "every hint must be used"),
    ("daily", "Daily puzzle", "one word a day for everyone, and past days"),
    ("jotto", "Jotto", "each guess tells how many letters match"),
    ("jotto-computer", "Jotto: the computer guesses", "think of a word; answer with numbers"),
    ("evil", "Evil Wordle", "the computer dodges your guesses"),
    ("antiwordle", "Antiwordle", "avoid the word for as long as you can"),
    ("ghost", "Ghost", "add letters; don't be the one who ends a word"),
    ("assistant", "NYT assistant", "enter the colours you got; get the best next guess"),
    ("watch", "Watch the computer play", "the solver plays a word, row by row"),
    ("reports", "Strategy reports", "how every strategy scores over every word"),
    ("stats", "Statistics", "played, streaks, guess distributions"),
    ("help", "Help", "the rules of each game"),
    ("settings", "Settings", "theme, contrast, hard mode, animations"),
)


class HomeScreen(Screen):
    """Choose a game."""

    # One line per entry, cut short with an ellipsis when narrow, never wrapped.
    DEFAULT_CSS = "#home-menu { text-wrap: nowrap; text-overflow: ellipsis; }"

    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("question_mark", "app.help", "Help"),
        Binding("s", "app.stats", "Stats"),
        Binding("l", "app.choose_lists", "Word lists"),
        Binding("o", "app.settings", "Settings"),
    ]

    def __init__(self, lists: str = DEFAULT_LISTS) -> None:
        super().__init__()
        self.lists = lists  # the name of the word-list set in use

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Static(
                "[b]wordle-tui[/b]  word games, and a solver that explains itself", id="home-title"
            )
            yield OptionList(
                *[
                    Option(f"[b]{title}[/b]  [dim]{what}[/dim]", id=key)
                    for key, title, what in ENTRIES
                ],
                id="home-menu",
            )
            yield Static(
                "↑↓ or mouse to choose · Enter to open · ctrl+p for every command", id="home-hint"
            )
            yield Static(self.lists_line(), id="home-lists")
        yield Footer()

    def lists_line(self) -> str:
        return f"Word lists: [b]{self.lists}[/b] (l to change)"

    def show_lists(self, name: str) -> None:
        """Show the word-list set now in use."""
        self.lists = name
        if self.is_mounted:
            self.query_one("#home-lists", Static).update(self.lists_line())

    class Chosen(Message):
        """The player chose an entry (its key from ENTRIES); the app opens it."""

        def __init__(self, key: str) -> None:
            self.key = key
            super().__init__()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.post_message(self.Chosen(event.option.id or ""))
