"""The Textual app. For now a home screen listing what the command line offers."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Header, Static

COMMANDS = (
    ("report", "score a strategy over every target (mean, worst, histogram)"),
    ("first-guesses", "the best and worst first guesses by each metric"),
    ("evil", "the game the evil replier forces through the seeds' tree"),
    ("play-out WORD", "watch the solver find one answer, guess by guess"),
)


class HomeText(Static):
    """What the program can do today."""

    def on_mount(self) -> None:
        lines = ["[b]wordle-tui[/b]", "", "Commands available from the shell:", ""]
        lines += [f"  [b]wordle-tui {name}[/b]  {what}" for name, what in COMMANDS]
        lines += ["", "Add --help to any command for its options. Press q to quit."]
        self.update("\n".join(lines))


class WordleTuiApp(App):
    """The wordle-tui application."""

    TITLE = "wordle-tui"
    BINDINGS = [Binding("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield HomeText(id="home-text")
        yield Footer()


def run_app() -> None:
    """Open the app and run until it quits."""
    WordleTuiApp().run()
