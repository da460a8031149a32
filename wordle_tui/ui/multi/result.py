"""The end of a multi-board game (Dordle to Duotrigordle): how it ended, each board's result, the
answers of the boards not solved, the share text as players post it, and the statistics.

Keys typed before the dialog was on screen (the rest of a fast typist's burst after the last
Enter) are dropped: `n` starts a new game only once the dialog can have been seen."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Static

from ...gameplay.multi import MANY, MultiRound
from ...gameplay.statistics import board_tally, boards_line
from ...history import History
from ..widgets import Footer


def missed_line(game: MultiRound) -> str:
    """The answers of the boards not solved ('' if every board was)."""
    missed = [
        f"{b + 1}: {answer.upper()}"
        for b, (answer, at) in enumerate(zip(game.answers or (), game.results(), strict=True))
        if at is None
    ]
    return f"Not solved: {', '.join(missed)}" if missed else ""


def results_line(game: MultiRound) -> str:
    """Each board's answer and the guess that solved it; past eight boards, four a line (as
    the share text has them), in columns."""
    results = [
        f"{answer.upper()} {at if at is not None else '✗'}"
        for answer, at in zip(game.answers or (), game.results(), strict=True)
    ]
    if len(results) <= MANY:
        return "   ".join(results)
    lines = ("   ".join(f"{r:<8}" for r in results[k : k + 4]) for k in range(0, len(results), 4))
    return "\n".join(line.rstrip() for line in lines)


class MultiResultScreen(ModalScreen[str | None]):
    """Shown when a multi-board game ends; dismisses with 'new' or None."""

    DEFAULT_CSS = """
    MultiResultScreen { align: center middle; }
    MultiResultScreen #multi-result {
        width: 72; max-width: 100%; height: auto; max-height: 90%;
        border: round $primary; background: $surface; padding: 0 1;
    }
    MultiResultScreen #multi-share { margin: 1 0; }
    MultiResultScreen #multi-missed { color: $warning; }
    """

    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("c", "copy", "Copy"),
        Binding("escape", "choose(None)", "Close"),
    ]

    def __init__(
        self, game: MultiRound, history: History, high_contrast: bool = False, light: bool = False
    ) -> None:
        super().__init__()
        self.game = game
        self.history = history
        self.high_contrast = high_contrast
        self.light = light
        self.shown_at: float | None = None

    @property
    def share(self) -> str:
        """The share text as players post it: the name and each board's guess count."""
        return self.game.share_text()

    def compose(self) -> ComposeResult:
        stats = self.history.stats(self.game.name)
        tally = board_tally(self.history.finished(self.game.name))
        with VerticalScroll(id="multi-result"):
            yield Static(f"[b]{self.game.puzzle_name}[/b]: {self.game.outcome()}", id="headline")
            yield Static(results_line(self.game), id="multi-boards-line", markup=False)
            missed = Static(missed_line(self.game), id="multi-missed", markup=False)
            missed.display = bool(missed_line(self.game))
            yield missed
            yield Static(self.share, id="multi-share", markup=False)
            yield Static(
                f"Played {stats.played:,} · win {stats.win_percent}% · "
                f"streak {stats.current_streak} · best {stats.max_streak}",
                id="stats-line",
            )
            yield Static(boards_line(tally), id="multi-tally", markup=False)
            yield Static("", id="copied")
        yield Footer()

    def on_mount(self) -> None:
        self.action_copy()
        self.call_after_refresh(self.mark_shown)

    def mark_shown(self) -> None:
        self.shown_at = Message().time

    def on_key(self, event: events.Key) -> None:
        """Drop a key typed before the dialog showed: it was meant for the game."""
        if self.shown_at is None or event.time < self.shown_at:
            event.stop()
            event.prevent_default()

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.share)
        self.query_one("#copied", Static).update(
            "[dim]Share text copied where the terminal allows it (c: again).[/dim]"
        )

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)
