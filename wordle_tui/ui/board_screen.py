"""The shape shared by the guessing games: a board, a side panel, and the on-screen keyboard.

Typed letters build a guess; Enter hands it to the round, which accepts it or says why not.
The round is saved after every move and resumed when the same game is opened again.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..gameplay.catalog import GameRequest
from ..gameplay.jotto import JottoRound
from ..gameplay.session import Keeper, resume
from ..gameplay.wordle import Refused, WordleRound
from ..history import History
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

    def __init__(self, request: GameRequest, history: History) -> None:
        super().__init__()
        self.request = request
        self.history = history
        self.typed = ""
        self.game: Round
        self.keeper: Keeper

    # What subclasses provide

    def new_round(self, request: GameRequest) -> Round:
        raise NotImplementedError

    def refresh_all(self) -> None:
        raise NotImplementedError

    def resumable(self, game: Round) -> bool:
        """Whether a saved unfinished round fits this request."""
        return True

    @property
    def row_count(self) -> int:
        """How many board rows to show: the rows played and one to type in."""
        return len(self.game.rows) + (0 if self.game.over else 1)

    async def after_guess(self) -> None:
        await self.rebuild_board()
        self.refresh_all()

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

    async def on_mount(self) -> None:
        history = self.history
        saved = None if self.request.fresh else resume(history, self.request.game)
        if saved and self.resumable(saved[0]):
            self.game, started = saved
            self.keeper = Keeper(history, self.game, started)
            self.query_one(Note).text = "Resumed your unfinished game."
        else:
            if saved:
                Keeper(history, saved[0], saved[1]).abandon()
            self.game = self.new_round(self.request)
            self.keeper = Keeper(history, self.game)
        await self.rebuild_board()
        self.refresh_all()

    async def rebuild_board(self) -> None:
        board = self.query_one("#board", VerticalScroll)
        await board.remove_children()
        await board.mount_all(BoardRow() for _ in range(self.row_count))

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isascii() and event.character.isalpha():
            self.letter(event.character.lower())
            event.stop()

    async def on_key_pressed(self, message: Key.Pressed) -> None:
        if message.key == "enter":
            await self.action_submit()
        elif message.key == "backspace":
            self.action_delete()
        else:
            self.letter(message.key)

    def letter(self, letter: str) -> None:
        """A letter typed or clicked: it goes into the guess."""
        if self.game.over or len(self.typed) >= 5:
            return
        self.typed += letter
        self.query_one(Note).text = ""
        self.refresh_all()

    def action_delete(self) -> None:
        self.typed = self.typed[:-1]
        self.refresh_all()

    async def action_submit(self) -> None:
        try:
            self.game.guess(self.typed)
        except Refused as refusal:
            self.query_one(Note).text = str(refusal)
            self.app.bell()
            return
        self.typed = ""
        self.keeper.moved()
        self.query_one(Note).text = ""
        await self.after_guess()

    async def action_new_game(self) -> None:
        self.keeper.abandon()
        self.game = self.new_round(GameRequest(self.request.game, hard=self.request.hard))
        self.keeper = Keeper(self.history, self.game)
        self.typed = ""
        self.query_one(Note).text = "New game."
        await self.rebuild_board()
        self.refresh_all()
