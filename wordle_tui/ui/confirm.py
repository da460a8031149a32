"""A game is never lost unseen: a yes/no question in a modal (`push_screen(ConfirmScreen(question),
callback)` gets a bool), `AsksFirst` asking it before a key (or opening a game) loses a game under
way, and `warn_if_unsaved` telling the player, once, when results cannot be saved right now (they
are kept, not lost)."""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Static

from ..history import History
from .widgets import Footer


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
        yield Footer()  # its own keys, not those of the screen beneath

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_answer(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        if self.answered:  # keys typed fast can arrive after the first answer
            return
        self.answered = True
        self.dismiss(yes)


ANSWERS = {"y": True, "n": False, "escape": False}


class AsksFirst(Screen):
    """A screen whose key may lose a game under way: `ask` pushes the question and runs
    `then` on yes. Keys already on their way to the screen when the question went up (a fast
    typist's) are `held`: y, n and Escape answer it, anything else is dropped."""

    question: ConfirmScreen | None = None

    def ask(
        self, text: str, then: Callable[[], None], otherwise: Callable[[], None] | None = None
    ) -> None:
        """Ask `text` (once at a time); on yes, run `then` (on no, `otherwise`, if given)."""
        if self.question is not None:
            return
        question = self.question = ConfirmScreen(text)

        def answered(yes: bool | None) -> None:
            if self.question is question:
                self.question = None
                if yes:
                    then()
                elif otherwise is not None:
                    otherwise()

        self.app.push_screen(question, answered)

    def held(self, event: events.Key) -> bool:
        """Whether the question took `event` (answered with it, or dropped it)."""
        if self.question is None:
            return False
        event.stop()
        event.prevent_default()
        if event.key in ANSWERS:
            self.question.action_answer(ANSWERS[event.key])
        return True


def warn_if_unsaved(widget: Widget, history: History) -> None:
    """Show the history's newest saving trouble, if any, as a warning toast."""
    message = history.pop_warning()
    if message:
        widget.notify(message, title="Not saved yet", severity="warning", timeout=12)
