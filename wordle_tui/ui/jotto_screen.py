"""Jotto both ways: you guess the computer's word, or the computer guesses yours."""

from __future__ import annotations

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..gameplay.catalog import GameRequest
from ..gameplay.jotto import ComputerJottoRound, Impossible, JottoRound
from ..history import History, SavedGame, now
from .board_screen import BoardScreen
from .widgets import BoardRow, Keyboard, Note


class JottoScreen(BoardScreen):
    """You guess; each guess gets the number of letters it shares with the computer's word."""

    BINDINGS = [*BoardScreen.BINDINGS, Binding("tab", "toggle_marking", "Notepad")]
    game: JottoRound

    def __init__(self, request: GameRequest, history: History) -> None:
        super().__init__(request, history)
        self.marking = False

    def new_round(self, request: GameRequest) -> JottoRound:
        return JottoRound(target=request.target, seed=request.seed)

    def refresh_all(self) -> None:
        marks = {k: v.value for k, v in self.game.marks.items()}
        for i, row in enumerate(self.query(BoardRow)):
            if i < len(self.game.rows):
                played = self.game.rows[i]
                row.show_marked(played.word, marks, f"{played.shared} shared")
            else:
                row.show_marked(self.typed, marks, "")
        self.query_one(Keyboard).show(marks)
        self.query_one("#title", Static).update("[b]Jotto[/b]")
        mode = "notepad: letters mark in/out" if self.marking else "typing a guess"
        lines = [f"{len(self.game.rows)} guesses", f"Mode: {mode} (Tab)"]
        lines.append(f"{self.game.possible():,} words still fit")
        if self.game.over:
            lines += [
                "",
                f"Found {self.game.target.upper()} in {len(self.game.rows)} guesses!",
                "ctrl+n for a new game",
            ]
        self.query_one("#info", Static).update("\n".join(lines))
        self.query_one("#board", VerticalScroll).scroll_end(animate=False)

    def letter(self, letter: str) -> None:
        if not self.marking:
            super().letter(letter)
            return
        mark = self.game.mark(letter)
        self.query_one(Note).text = f"{letter.upper()}: {mark.value}"
        self.refresh_all()

    def action_toggle_marking(self) -> None:
        self.marking = not self.marking
        self.refresh_all()

    async def after_guess(self) -> None:
        if self.game.over:
            self.query_one(Note).text = "You found it!"
        await super().after_guess()


KIND = "jotto-computer"


class ComputerJottoScreen(Screen):
    """You think of a Jotto word; the computer guesses and you answer with a number."""

    BINDINGS = [
        Binding("u", "undo", "Undo answer"),
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+n", "new_game", "New game"),
        Binding("question_mark", "app.help", "Help"),
    ]

    class Guessed(Message):
        def __init__(self, game: ComputerJottoRound, guess: str) -> None:
            self.game = game
            self.guess = guess
            super().__init__()

    def __init__(self, history: History) -> None:
        super().__init__()
        self.history = history

    def compose(self) -> ComposeResult:
        with Horizontal(id="play-area"):
            yield VerticalScroll(id="board")
            with Vertical(id="side"):
                yield Static("[b]Jotto: the computer guesses[/b]", id="title")
                yield Static(
                    "Think of a word with five different letters. For each guess, press "
                    "0-5: how many of its letters are in your word.",
                    id="info",
                )
                yield Note(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.game: ComputerJottoRound | None = None
        saved = self.history.in_progress(KIND)
        self.started = saved.started if saved else now()
        moves = saved.moves if saved else []
        self.query_one(Note).text = "The computer is thinking…"
        if moves:
            self.query_one(Note).text = "Resuming your unfinished game. Thinking…"
        self.think(None, moves)

    @work(thread=True, exclusive=True)
    def think(self, game: ComputerJottoRound | None, moves: list | None = None) -> None:
        if game is None:
            try:
                game = ComputerJottoRound.replay(moves or [])
            except (ValueError, KeyError):  # a saved game that no longer replays
                game = ComputerJottoRound()
        self.post_message(self.Guessed(game, game.compute_guess()))

    async def on_computer_jotto_screen_guessed(self, message: Guessed) -> None:
        self.game = message.game
        self.game.offer(message.guess)
        self.query_one(
            Note
        ).text = f"My guess: [b]{message.guess.upper()}[/b]. How many letters match? (0-5)"
        await self.show_rows()

    async def show_rows(self) -> None:
        board = self.query_one("#board", VerticalScroll)
        await board.remove_children()
        game = self.game
        rows = [BoardRow() for _ in range(len(game.steps) + (1 if game.pending else 0))]
        await board.mount_all(rows)
        for row, step in zip(rows, game.steps, strict=False):
            row.show_marked(step.guess, {}, f"said {step.reply} · {step.remaining:,} left")
        if game.pending:
            rows[-1].show_marked(game.pending, {}, "?")
        board.scroll_end(animate=False)

    async def on_key(self, event: events.Key) -> None:
        if event.character and event.character in "012345" and self.game and self.game.pending:
            event.stop()
            await self.answer(int(event.character))

    async def answer(self, shared: int) -> None:
        game = self.game
        try:
            game.answer(shared)
        except Impossible as problem:
            self.query_one(Note).text = (
                f"{problem}. Check your answers: press u to undo the last one, or another "
                "number for this guess."
            )
            self.app.bell()
            return
        await self.show_rows()
        if not game.over:
            self.history.save_progress(SavedGame(KIND, "", None, game.moves(), self.started))
        if game.over:
            self.record(won=True)
            self.query_one(Note).text = (
                f"Your word is [b]{game.found.upper()}[/b]: found in {len(game.steps)} guesses. "
                "ctrl+n to play again."
            )
            return
        self.query_one(Note).text = f"{game.remaining:,} words left. Thinking…"
        self.think(game)

    def record(self, won: bool) -> None:
        game = self.game
        saved = SavedGame(KIND, "", game.found, game.moves(), self.started)
        self.history.record(saved, "won" if won else "abandoned", len(game.steps))

    async def action_undo(self) -> None:
        if self.game is None or self.game.over:
            return
        undone = self.game.undo()
        if undone is None:
            self.query_one(Note).text = "Nothing to undo."
            return
        self.query_one(Note).text = f"Took back your answer to {undone.guess.upper()}. Thinking…"
        self.history.save_progress(SavedGame(KIND, "", None, self.game.moves(), self.started))
        await self.show_rows()
        self.think(self.game)

    def action_new_game(self) -> None:
        if self.game and self.game.steps and not self.game.over:
            self.record(won=False)
        self.history.drop_progress(KIND)
        self.started = now()
        self.query_one(Note).text = "New game. The computer is thinking…"
        self.think(None)
