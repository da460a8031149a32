"""The Wordle board: plain Wordle, Evil Wordle and Antiwordle share this screen."""

from __future__ import annotations

import datetime as dt

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..gameplay.session import Keeper, kind_of, resume
from ..gameplay.wordle import Refused, WordleRound, daily_target, random_target
from .app import TITLES, GameRequest
from .widgets import BoardRow, Key, Keyboard, Note


def plural(n: int, noun: str) -> str:
    """'1 guess', '2 guesses'."""
    return f"{n:,} {noun}" + ("" if n == 1 else "es" if noun.endswith("s") else "s")


def new_round(request: GameRequest) -> WordleRound:
    """A fresh round as the request asks."""
    if request.game == "evil":
        return WordleRound(mode="evil", hard=request.hard)
    if request.target:
        target = request.target
    elif request.daily:
        target = daily_target(dt.date.today())
    else:
        target = random_target(request.seed)
    return WordleRound(mode=request.game, target=target, hard=request.hard)


class WordleScreen(Screen):
    """Play one of the Wordle family; keys go to the round, the board shows it."""

    BINDINGS = [
        Binding("enter", "submit", "Guess"),
        Binding("backspace", "delete", "Delete"),
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+n", "new_game", "New game"),
        Binding("ctrl+w", "watch", "Watch solver"),
        Binding("question_mark", "app.help", "Help"),
    ]

    def __init__(self, request: GameRequest) -> None:
        super().__init__()
        self.request = request
        self.typed = ""
        self.game: WordleRound
        self.keeper: Keeper

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
        history = self.app.history
        saved = None if self.request.fresh else resume(history, self.request.game)
        if saved and saved[0].hard == self.request.hard:
            self.game, started = saved
            self.keeper = Keeper(history, self.game, started)
            self.query_one(Note).text = "Resumed your unfinished game."
        else:
            if saved:
                Keeper(history, saved[0], saved[1]).abandon()
            self.game = new_round(self.request)
            self.keeper = Keeper(history, self.game)
        await self.rebuild_board()
        self.refresh_all()

    @property
    def row_count(self) -> int:
        limit = self.game.max_guesses
        return limit if limit else len(self.game.rows) + (0 if self.game.over else 1)

    async def rebuild_board(self) -> None:
        board = self.query_one("#board", VerticalScroll)
        await board.remove_children()
        await board.mount_all(BoardRow() for _ in range(self.row_count))

    def refresh_all(self) -> None:
        """Show the round: rows, keyboard, title and status."""
        rows = list(self.query(BoardRow))
        unlimited = self.game.max_guesses is None
        for i, row in enumerate(rows):
            if i < len(self.game.rows):
                played = self.game.rows[i]
                row.show(played.word, played.reply, self.note_for(i) if unlimited else "")
            elif i == len(self.game.rows) and not self.game.over:
                row.show(self.typed, None)
            else:
                row.show("", None)
        states = {k: v.name.lower() for k, v in self.game.keyboard().items()}
        self.query_one(Keyboard).show(states)
        mode = TITLES[self.game.mode] + (", hard mode" if self.game.hard else "")
        self.query_one("#title", Static).update(f"[b]{mode}[/b]")
        self.query_one("#info", Static).update(self.info_text())
        self.query_one("#board", VerticalScroll).scroll_end(animate=False)

    def note_for(self, i: int) -> str:
        return f"{self.game.left[i]:,} left"

    def info_text(self) -> str:
        game, n = self.game, len(self.game.candidates)
        lines = []
        if game.mode == "wordle":
            lines.append(f"Guess {min(len(game.rows) + 1, 6)} of 6")
        elif game.mode == "evil":
            lines.append(f"{plural(len(game.rows), 'guess')} so far")
            lines.append(f"{n:,} words still possible")
        else:
            lines.append(f"Survived {plural(len(game.rows), 'guess')}")
            lines.append(f"{n:,} words could be the answer")
            if n and not game.over:
                lines.append(f"A guess that could be it hits it 1 time in {n:,}")
        if game.over:
            lines.append("")
            lines.append("Game over: ctrl+n for a new game")
        return "\n".join(lines)

    # Input

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isascii() and event.character.isalpha():
            self.type_letter(event.character.lower())
            event.stop()

    async def on_key_pressed(self, message: Key.Pressed) -> None:
        if message.key == "enter":
            await self.action_submit()
        elif message.key == "backspace":
            self.action_delete()
        else:
            self.type_letter(message.key)

    def type_letter(self, letter: str) -> None:
        if self.game.over or len(self.typed) >= 5:
            return
        self.typed += letter
        self.query_one(Note).text = ""
        self.refresh_all()

    def action_delete(self) -> None:
        self.typed = self.typed[:-1]
        self.refresh_all()

    async def action_submit(self) -> None:
        if self.game.over:
            self.show_result()
            return
        try:
            self.game.guess(self.typed)
        except Refused as refusal:
            self.query_one(Note).text = str(refusal)
            self.app.bell()
            return
        self.typed = ""
        self.keeper.moved()
        self.query_one(Note).text = ""
        if self.game.max_guesses is None:
            await self.rebuild_board()
        self.refresh_all()
        if self.game.over:
            self.show_result()

    def show_result(self) -> None:
        from .result import ResultScreen

        self.app.push_screen(ResultScreen(self.game), self.after_result)

    async def after_result(self, choice: str | None) -> None:
        if choice == "new":
            await self.action_new_game()
        elif choice == "watch":
            self.action_watch()

    async def action_new_game(self) -> None:
        self.keeper.abandon()
        request = GameRequest(self.request.game, hard=self.request.hard)
        self.game = new_round(request)
        self.keeper = Keeper(self.app.history, self.game)
        self.typed = ""
        self.query_one(Note).text = "New game."
        await self.rebuild_board()
        self.refresh_all()

    def action_watch(self) -> None:
        target = self.game.answer if self.game.over else None
        self.app.action_watch(target)

    @property
    def kind(self) -> str:
        return kind_of(self.game)
