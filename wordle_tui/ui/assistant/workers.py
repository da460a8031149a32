"""The assistant screen's computing: building the assistant for a mode and its suggestions or
review, in thread workers that post what they find. Not shown; its messages bubble up to the
screen, each carrying the mode, ranking and rows it was computed for, so the screen can drop
stale ones.

A new assistant is posted as soon as it is built (stage `BUILT`, no advice yet), so the screen
takes rows while the advice on the empty board is still being computed; a row's request then
takes over. Advice comes in stages, each posted as soon as it is known: the look-ahead's
suggestions at once, then the proven-best guess (an exhaustive search), then every row's exact
value; or the review of a solved game. The stages are the engine's (`Assistant.advice`); this
only posts them. A new request, or `stop()`, cancels the search: its stop rule checks the
worker's cancellation at every node. While it searches, `Progress` says how many positions it
has met and for how long (at most every `PROGRESS_EVERY` seconds).
An expected error (word lists too big for memory) is a `Ready` with its `error` when building,
a `WorkFailed` (see `worker_errors`) when advising.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import NamedTuple

from textual import work
from textual.message import Message
from textual.widget import Widget
from textual.worker import get_current_worker

from ...solver.assistant.advice import ESTIMATE
from ...solver.assistant.engine import Assistant
from ...solver.choices import Prior, Rank
from ...solver.search.shared import StopRule
from ..worker_errors import EXPECTED, expected_text, reports_errors

PROGRESS_EVERY = 0.5  # seconds between two progress messages of a search
BUILT = "built"  # a Ready's stage when it brings a new assistant and no advice yet


class AssistantMode(NamedTuple):
    """What advice is computed for: a result for another mode is stale, and dropped."""

    hard: bool
    prior: Prior
    rank: Rank
    puzzle: int  # the NYT puzzle the rows belong to


class AssistantWorker(Widget):
    """Builds assistants and asks them for advice off the UI thread; touches no widget."""

    DEFAULT_CSS = "AssistantWorker { display: none; }"

    class Ready(Message):
        """A worker found something: the assistant (when new), suggestions or a review."""

        def __init__(
            self,
            mode: AssistantMode,
            rows: tuple,
            assistant: Assistant | None,
            suggestions=None,
            review=None,
            error: str | None = None,
            stage: str = ESTIMATE,  # BUILT, or ESTIMATE, PROVEN, EXACT, SEARCHED, REVIEW (`advice`)
            move=None,
        ) -> None:
            self.mode = mode
            self.rows = rows
            self.assistant = assistant
            self.suggestions = suggestions or []
            self.review = review
            self.error = error
            self.stage = stage
            self.move = move  # the proven-best move, once found (a ProvenMove)
            super().__init__()

    class Progress(Message):
        """A search is under way: `nodes` positions met in `seconds` (for the mode, rows)."""

        def __init__(self, mode: AssistantMode, rows: tuple, nodes: int, seconds: float) -> None:
            self.mode, self.rows = mode, rows
            self.nodes, self.seconds = nodes, seconds
            super().__init__()

    @work(thread=True, exclusive=True, group="assistant")
    @reports_errors
    def load(
        self,
        make: Callable[..., Assistant],
        mode: AssistantMode,
        rows: list[tuple[str, str]],
        afresh: bool = False,
    ) -> None:
        """Build a new assistant with `make` (the Assistant class) for `mode` and advise on
        its rows; if they are refused and `afresh`, without them."""
        try:
            helper = make(hard=mode.hard, prior=mode.prior, rows=list(rows))
        except EXPECTED as error:  # a bad row, or lists too big for memory
            self.post_message(self.Ready(mode, tuple(rows), None, error=expected_text(error)))
            if not (afresh and rows):
                return
            helper = make(hard=mode.hard, prior=mode.prior, rows=[])  # fails again: `WorkFailed`
        mine = helper.snapshot()  # taken before the screen owns `helper` and adds rows to it
        self.post_message(self.Ready(mode, tuple(rows), helper, stage=BUILT))
        self.advise(mine, mode.rank)

    @work(thread=True, exclusive=True, group="assistant")
    @reports_errors
    def think(self, snapshot: Assistant, rank: Rank = Rank.GUESSES) -> None:
        """Advise on a snapshot of the screen's assistant (the messages carry no assistant)."""
        self.advise(snapshot, rank)

    def stop(self) -> None:
        """Cancel the running search (the estimate already shown stays)."""
        self.app.workers.cancel_group(self, "assistant")

    def advise(self, helper: Assistant, rank: Rank) -> None:
        """Post the advice for the helper's rows, stage by stage, until cancelled."""
        worker = get_current_worker()
        rows = tuple(helper.rows)
        prior, puzzle = helper.prior, helper.puzzle  # both set once an assistant is built
        assert prior is not None and puzzle is not None
        mode = AssistantMode(helper.hard, prior, rank, puzzle)
        stop = self.counter(lambda: worker.is_cancelled, mode, rows)
        for advice in helper.advice(10, rank, stop):
            self.post_message(
                self.Ready(
                    mode,
                    rows,
                    None,
                    advice.suggestions,
                    review=advice.review,
                    stage=advice.stage,
                    move=advice.move,
                )
            )

    def counter(self, cancelled: Callable[[], bool], mode: AssistantMode, rows: tuple) -> StopRule:
        """A stop rule with no time limit that stops when `cancelled()` says so, counting the
        search's nodes and posting `Progress` now and then (the replies computed for the
        estimate ask `cancelled` alone: they are not nodes)."""
        start = last = time.monotonic()
        nodes = 0

        def check() -> bool:
            nonlocal nodes, last
            nodes += 1
            now = time.monotonic()  # a node costs far more than a look at the clock
            if now - last >= PROGRESS_EVERY:
                last = now
                self.post_message(self.Progress(mode, rows, nodes, now - start))
            return cancelled()

        return Counted(check, cancelled)


class Counted(StopRule):
    """A stop rule whose every call is `check()` (a search's node), and whose cancel is asked
    by `cancelled()` without counting a node."""

    def __init__(self, check: Callable[[], bool], cancelled: Callable[[], bool]) -> None:
        super().__init__(None, cancelled)
        self.check = check

    def __call__(self) -> bool:
        if self.check():
            self.stopped = True
            return True
        return False
