"""A yes/no question in a modal: `push_screen(ConfirmScreen(question), callback)` gets a bool."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmScreen(ModalScreen[bool]):
    """Ask a question; y or Yes answers True, n, Escape or No answers False."""

    AUTO_FOCUS = "#confirm-no"  # Enter right away keeps things as they are
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no
        self.answered = False

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button(f"{self.yes} (y)", id="confirm-yes", variant="error")
                yield Button(f"{self.no} (n)", id="confirm-no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_answer(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        if self.answered:  # keys typed fast can arrive after the first answer
            return
        self.answered = True
        self.dismiss(yes)
