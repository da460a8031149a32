"""The word-list chooser: every set with its counts and what it is; Enter picks one.
(Fingerprints are for `wordle-tui lists`, not for players.)

Opened from the home screen (`l`) or the command palette. The sets are read by a worker (the
ENABLE set reads a 170,000-word file), then listed; a damaged set is shown, with why, but
cannot be chosen. The screen dismisses with the chosen set's name (None: keep the current one);
the app loads it, keeps it in the settings and hands it to every screen opened after.
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..plural import plural
from ..solver.listsets import ListSetError, WordListSet, all_sets
from .widgets import Footer
from .worker_errors import WorkFailed, reports_errors


def prompt(name: str, found: WordListSet | ListSetError, current: str) -> Option:
    """One set as a line of the chooser (a damaged one, disabled, with the reason)."""
    if isinstance(found, ListSetError):
        return Option(Text.assemble((f"{name}  ", "bold"), (str(found), "red")), disabled=True)
    mark = " ✓" if found.name == current else ""
    line = Text.assemble(
        (f"{found.name}{mark}", "bold"),
        f"  {plural(len(found.answers), 'answer')} · "
        f"{plural(len(found.guesses), 'guess', 'guesses')}",
        "\n  ",
        (found.about, "dim"),
    )
    for note in found.notes:
        line.append(f"\n  {note}", "dim italic")
    return Option(line, id=found.name)


class ListsScreen(ModalScreen[str | None]):
    """Choose the word-list set that every game, the assistant and the reports use."""

    BINDINGS = [
        Binding("escape", "keep", "Keep current"),
        Binding("f1", "app.help", "Help"),  # a dialog: the app's own keys do not reach it
        Binding("question_mark", "app.help", "Help", show=False),
    ]
    HELP_TOPIC = "lists"

    class Loaded(Message):
        """The worker read every set."""

        def __init__(self, sets: list[tuple[str, WordListSet | ListSetError]]) -> None:
            self.sets = sets
            super().__init__()

    def __init__(self, current: str) -> None:
        super().__init__()
        self.current = current
        self.closed = False  # keys typed fast can arrive after the first answer

    def compose(self) -> ComposeResult:
        with Vertical(id="lists"):
            yield Static("[b]Word lists[/b]  for every game, the assistant and the reports")
            yield OptionList(id="lists-menu")
            yield Static(
                f"Now: [b]{self.current}[/b] · Enter to choose · Escape to keep it\n"
                "Add yours with: wordle-tui lists add NAME --answers FILE",
                id="lists-hint",
                markup=True,
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).loading = True
        self.read_sets()

    @work(thread=True, exclusive=True)
    @reports_errors
    def read_sets(self) -> None:
        self.post_message(self.Loaded(all_sets()))

    def on_work_failed(self, message: WorkFailed) -> None:
        """The sets could not be read (the data folder cannot be used): say so; Escape."""
        message.stop()
        self.query_one(OptionList).loading = False
        self.query_one("#lists-hint", Static).update(f"{message.shown}\nEscape to go back.")

    def on_lists_screen_loaded(self, message: Loaded) -> None:
        menu = self.query_one(OptionList)
        menu.loading = False
        menu.add_options([prompt(name, found, self.current) for name, found in message.sets])
        names = [name for name, _ in message.sets]
        menu.highlighted = names.index(self.current) if self.current in names else 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.close(event.option.id)

    def action_keep(self) -> None:
        self.close(None)

    def close(self, name: str | None) -> None:
        """Dismiss with the set chosen (None: keep the current one), once only."""
        if not self.closed:
            self.closed = True
            self.dismiss(name)
