"""The computer's side of Ghost: solving a setup's vocabulary and choosing its moves, in
thread workers that post what they find. Not shown; its messages bubble up to the screen,
each carrying what it was asked, so the screen can drop answers that came too late. An
expected error (a bad word list, one too big for memory) is said, never a crash."""

from __future__ import annotations

import random

from textual import work
from textual.message import Message
from textual.widget import Widget

from ....ui.worker_errors import EXPECTED, expected_text, reports_errors
from ..gameplay.hotseat import Action, HotSeat, computer_action
from ..gameplay.referee import GhostMatch
from ..solver.cache import solved
from ..solver.report import solve_report
from ..solver.solved import SolvedGame
from ..solver.strategies import STYLES
from ..solver.summary import game_lengths


class GhostComputer(Widget):
    """Solves vocabularies and thinks of moves off the UI thread; touches no widget."""

    DEFAULT_CSS = "GhostComputer { display: none; }"

    class Solved(Message):
        """The vocabulary for `key` (variant, minimum length), or why there is none."""

        def __init__(self, key: tuple, vocab: SolvedGame | None, error: str = "") -> None:
            self.key, self.vocab, self.error = key, vocab, error
            super().__init__()

    class Summarized(Message):
        """The solve report (rules to memorise, verified) for `key`, or why there is none."""

        def __init__(self, key: tuple, report: dict | None, error: str = "") -> None:
            self.key, self.report, self.error = key, report, error
            super().__init__()

    class Moved(Message):
        """The computer's play in `match` from the fragment `before`."""

        def __init__(self, match: GhostMatch, before: str, play: str) -> None:
            self.match, self.before, self.play = match, before, play
            super().__init__()

    def __init__(self, words: str | None = None) -> None:
        super().__init__()
        self.words = words  # a word list file, or None for the bundled list
        self.rng = random.Random()

    @work(thread=True, exclusive=True, group="ghost-solve")
    @reports_errors
    def solve(self, key: tuple[str, int]) -> None:
        try:
            vocab = solved(*key, self.words)
            game_lengths(vocab)  # ready for hints and watched games
        except EXPECTED as error:  # a bad list, or one too big for memory
            self.post_message(self.Solved(key, None, expected_text(error)))
            return
        self.post_message(self.Solved(key, vocab))

    @work(thread=True, exclusive=True, group="ghost-summary")
    @reports_errors
    def summarize(self, key: tuple[str, int]) -> None:
        try:
            report = solve_report(*key, self.words)
        except EXPECTED as error:
            self.post_message(self.Summarized(key, None, expected_text(error)))
            return
        self.post_message(self.Summarized(key, report))

    @work(thread=True, exclusive=True, group="ghost-move")
    @reports_errors
    def think(self, match: GhostMatch, style: str) -> None:
        before = match.fragment
        play = STYLES[style](match.public_view(), before, self.rng)
        self.post_message(self.Moved(match, before, play))


class SeatComputer(Widget):
    """The computer's players in hot-seat: thinks of their actions off the UI thread."""

    DEFAULT_CSS = "SeatComputer { display: none; }"

    class Acted(Message):
        """The computer's `action` in `seat`, thought of in `state` (see `HotSeatScreen`)."""

        def __init__(self, seat: HotSeat, state: tuple, action: Action) -> None:
            self.seat, self.state, self.action = seat, state, action
            super().__init__()

    def __init__(self) -> None:
        super().__init__()
        self.rng = random.Random()

    @work(thread=True, exclusive=True, group="ghost-seat")
    @reports_errors
    def think(self, seat: HotSeat, state: tuple) -> None:
        self.post_message(self.Acted(seat, state, computer_action(seat, self.rng)))
