"""Computer against computer: a perfect game of Ghost, step by step or animated, with one line
per move on why it is played."""

from __future__ import annotations

import random
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.timer import Timer
from textual.widgets import Static

from ....ui.typing import InOrderScreen
from ....ui.widgets import Footer
from ..gameplay.referee import VARIANT_TITLES, GhostSetup
from ..gameplay.watch import PerfectGame
from ..solver.solved import SolvedGame

ANIMATION_PAUSE = 0.8


class WatchScreen(InOrderScreen):
    """Watch the computer play itself; space or → for the next move, a to animate. The steps and
    the animation switch run in typing order (`InOrderScreen`)."""

    HELP_TOPIC = "ghost"  # F1: Ghost's rules first
    DEFAULT_CSS = """
    WatchScreen #watch-main { padding: 0 1; }
    WatchScreen #watch-fragment { text-style: bold; padding: 1 0; }
    WatchScreen #watch-moves-box { height: 1fr; border: round $primary; padding: 0 1; }
    """
    BINDINGS = [
        Binding("space", "step", "Next move"),
        Binding("a", "animate", "Animate"),
        Binding("ctrl+n", "new_game", "Another game"),
        Binding("escape", "back", "Back"),
    ]
    IN_ORDER: ClassVar[dict[str, str]] = {"space": "step", "right": "step", "a": "animate"}

    def __init__(self, vocab: SolvedGame, setup: GhostSetup, seed: int | None = None) -> None:
        super().__init__()
        self.vocab, self.setup = vocab, setup
        self.rng = random.Random(seed)
        self.game = PerfectGame(vocab, self.rng.randrange(2**32))
        self.timer: Timer | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="watch-main"):
            yield Static(id="watch-title")
            yield Static(id="watch-fragment")
            yield Static(id="watch-status")
            with VerticalScroll(id="watch-moves-box"):
                yield Static(id="watch-moves", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def action_step(self) -> None:
        """Make the next move (after the end: nothing but the message)."""
        self.game.step()
        if self.game.over and self.timer is not None:
            self.timer.stop()
            self.timer = None
        self.show()

    def action_animate(self) -> None:
        """Play the moves by themselves, or stop doing so."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        elif not self.game.over:
            self.timer = self.set_interval(ANIMATION_PAUSE, self.action_step)
        self.show()

    def action_back(self) -> None:
        """Back to the Ghost screen (which then sets up a game against the computer)."""
        if self.timer is not None:
            self.timer.stop()
        self.dismiss(None)

    def action_new_game(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self.game = PerfectGame(self.vocab, self.rng.randrange(2**32))
        self.show()

    def show(self) -> None:
        game, winner = self.game, 1 if not self.vocab.win[0] else 0
        title = f"[b]{VARIANT_TITLES[self.setup.variant]}[/b] · words of {self.setup.min_length}+"
        self.query_one("#watch-title", Static).update(
            f"{title} letters · computer vs computer · player {winner + 1} wins with perfect play"
        )
        self.query_one("#watch-fragment", Static).update(" ".join(game.fragment.upper()) or "·")
        if game.loser is not None:  # the game is over
            status = f"Player {game.loser + 1} made a word and loses. ctrl+n for another game."
        else:
            animated = "animated (a stops)" if self.timer else "space or → for the next move"
            status = f"Move {len(game.moves) + 1}, player {len(game.moves) % 2 + 1}: {animated}"
        self.query_one("#watch-status", Static).update(status)
        self.query_one("#watch-moves", Static).update("\n".join(game.lines()) or "No moves yet.")
        self.query_one("#watch-moves-box", VerticalScroll).scroll_end(animate=False)
