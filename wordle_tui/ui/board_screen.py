"""The shape shared by the guessing games: a board, a side panel, and the on-screen keyboard.

Typed letters build a guess; Enter hands it to the round, which accepts it or says why not.
The round is saved after every move and resumed when the same game is opened again.

Every key that changes the game (letters, Enter, Backspace, ctrl+n, ...) is handled here, in
the screen's own queue, in the order it was typed: bindings would run in the app's queue and
let a fast typist's next letters overtake the Enter before them. The board is updated in
place (rows are only ever added or removed at the end), so a key can never meet a board that
is half rebuilt.
"""

from __future__ import annotations

import inspect

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..gameplay.catalog import GameRequest
from ..gameplay.jotto import JottoRound
from ..gameplay.session import Keeper, lists_name, resume
from ..gameplay.wordle import Refused, WordleRound
from ..history import History
from .saving import warn_if_unsaved
from .widgets import BoardRow, Key, Keyboard, Note

Round = WordleRound | JottoRound


class BoardScreen(Screen):
    """Play one round of a guessing game; subclasses say how rounds are made and shown."""

    BINDINGS = [
        Binding("enter", "submit", "Guess"),
        Binding("backspace", "delete", "Delete"),
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+n", "new_game", "New game"),
        Binding("question_mark", "app.help", "Help"),
    ]
    # Keys handled in typing order (the footer still shows them through BINDINGS).
    IN_ORDER = {"enter": "submit", "backspace": "delete", "ctrl+n": "new_game"}

    def __init__(self, request: GameRequest, history: History) -> None:
        super().__init__()
        self.request = request
        self.history = history
        self.typed = ""
        self.rows: list[BoardRow] = []
        self.game: Round
        self.keeper: Keeper

    # What subclasses provide

    def new_round(self, request: GameRequest) -> Round:
        raise NotImplementedError

    def refresh_all(self) -> None:
        raise NotImplementedError

    def show_typing(self) -> None:
        """Show what is typed so far (subclasses redraw just the typing row)."""
        self.refresh_all()

    def resumable(self, game: Round) -> bool:
        """Whether a saved unfinished round fits this request (its mode, its word lists)."""
        return lists_name(game) == self.lists_name

    @property
    def lists_name(self) -> str:
        """The name of the word-list set this screen plays on."""
        return self.request.lists.name if self.request.lists is not None else "default"

    @property
    def row_count(self) -> int:
        """How many board rows to show: the rows played and one to type in."""
        return len(self.game.rows) + (0 if self.game.over else 1)

    def after_guess(self) -> None:
        self.show_board()

    # Shared behaviour

    def compose(self) -> ComposeResult:
        with Horizontal(id="play-area"):
            yield VerticalScroll(id="board")
            with Vertical(id="side"):
                yield Static(id="title")
                yield Static(id="info")
                yield Note(id="message")
        yield Keyboard(id="keyboard")
        yield Footer()

    def on_mount(self) -> None:
        saved = (
            None
            if self.request.fresh
            else resume(self.history, self.request.game, self.request.lists)
        )
        if saved and self.resumable(saved[0]):
            self.game, started = saved
            self.keeper = Keeper(self.history, self.game, started)
            self.query_one(Note).text = "Resumed your unfinished game."
        else:
            if saved:
                Keeper(self.history, saved[0], saved[1]).abandon()
            self.game = self.new_round(self.request)
            self.keeper = Keeper(self.history, self.game)
        self.show_board()

    def show_board(self) -> None:
        """Make the board have `row_count` rows (adding or removing at the end), then show."""
        board = self.query_one("#board", VerticalScroll)
        missing = self.row_count - len(self.rows)
        if missing > 0:
            added = [BoardRow() for _ in range(missing)]
            self.rows += added
            board.mount_all(added)
        elif missing < 0:
            for row in self.rows[missing:]:
                row.remove()
            del self.rows[missing:]
        self.refresh_all()

    async def on_key(self, event: events.Key) -> None:
        action = self.IN_ORDER.get(event.key)
        if action is not None:
            event.stop()
            event.prevent_default()
            await self.run_in_order(action)
        elif event.character and event.character.isascii() and event.character.isalpha():
            event.stop()
            self.letter(event.character.lower())

    async def run_in_order(self, action: str) -> None:
        """Run `action_<name>` now, in this screen's queue."""
        result = getattr(self, f"action_{action}")()
        if inspect.isawaitable(result):
            await result

    async def on_key_pressed(self, message: Key.Pressed) -> None:
        if message.key in self.IN_ORDER:
            await self.run_in_order(self.IN_ORDER[message.key])
        else:
            self.letter(message.key)

    def letter(self, letter: str) -> None:
        """A letter typed or clicked: it goes into the guess."""
        if self.game.over or len(self.typed) >= 5:
            return
        self.typed += letter
        self.query_one(Note).text = ""
        self.show_typing()

    def action_delete(self) -> None:
        self.typed = self.typed[:-1]
        self.show_typing()

    def action_submit(self) -> None:
        try:
            self.game.guess(self.typed)
        except Refused as refusal:
            self.query_one(Note).text = str(refusal)
            self.app.bell()
            return
        self.typed = ""
        self.keeper.moved()
        warn_if_unsaved(self, self.history)
        self.query_one(Note).text = ""
        self.after_guess()

    def action_new_game(self) -> None:
        self.keeper.abandon()
        warn_if_unsaved(self, self.history)
        again = GameRequest(self.request.game, hard=self.request.hard, lists=self.request.lists)
        self.game = self.new_round(again)
        self.keeper = Keeper(self.history, self.game)
        self.typed = ""
        self.query_one(Note).text = "New game."
        self.show_board()
