"""The assistant screen's computing: building the assistant for a mode and its suggestions or
review, in thread workers that post what they find. Not shown; its messages bubble up to the
screen, each carrying the mode and rows it was computed for, so the screen can drop stale ones.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import work
from textual.message import Message
from textual.widget import Widget

from ..solver.assistant import Assistant, AssistantError


class AssistantWorker(Widget):
    """Builds assistants and asks them for advice off the UI thread; touches no widget."""

    DEFAULT_CSS = "AssistantWorker { display: none; }"

    class Ready(Message):
        """A worker finished: the assistant (when new), suggestions or a review, for rows."""

        def __init__(
            self,
            mode: tuple,
            rows: tuple,
            assistant: Assistant | None,
            suggestions=None,
            reviews=None,
            error: str | None = None,
        ) -> None:
            self.mode = mode
            self.rows = rows
            self.assistant = assistant
            self.suggestions = suggestions or []
            self.reviews = reviews or []
            self.error = error
            super().__init__()

    @work(thread=True, exclusive=True, group="assistant")
    def load(
        self, make: Callable[..., Assistant], hard: bool, prior: str, rows: list[tuple[str, str]]
    ) -> None:
        """Build a new assistant with `make` (the Assistant class) and advise on its rows."""
        try:
            helper = make(hard=hard, prior=prior, rows=list(rows))
        except AssistantError as error:
            self.post_message(self.Ready((hard, prior), tuple(rows), None, error=str(error)))
            return
        self.post_message(self.result(helper))

    @work(thread=True, exclusive=True, group="assistant")
    def think(self, snapshot: Assistant) -> None:
        """Advise on a snapshot of the screen's assistant (the message carries no assistant)."""
        self.post_message(self.result(snapshot, keep=True))

    def result(self, helper: Assistant, keep: bool = False) -> Ready:
        rows, mode, new = tuple(helper.rows), (helper.hard, helper.prior), None if keep else helper
        if helper.solved:
            return self.Ready(mode, rows, new, reviews=helper.analysis())
        return self.Ready(mode, rows, new, suggestions=helper.suggest(10))
