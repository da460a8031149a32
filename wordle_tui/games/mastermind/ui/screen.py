"""Mastermind both ways: you break the computer's code, or the computer breaks yours.

Keys are handled in `on_key`, in typing order; every button does what a key does. The
computer's guesses are computed by a worker whose message carries a generation number, so a
guess for a game since undone or replaced is dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Button, Footer, Static

from ....gameplay.catalog import GameRequest, new_round
from ....gameplay.wordle import Refused
from ....history import History, SavedGame, now
from ....plural import noun, plural
from ....ui.confirm import AsksFirst, warn_if_unsaved
from ....ui.widgets import Note
from ....ui.worker_errors import WorkFailed, reports_errors
from ..gameplay.breaking import MastermindRound
from ..gameplay.computer import ComputerMastermindRound, Impossible
from ..solver import Pegs
from .widgets import CodeRow, Palette, code_text

if TYPE_CHECKING:
    from ....ui.screens import Host

ABANDON = "Abandon this game and start a new one? (y/n)"
BASE_BINDINGS: list[BindingType] = [
    Binding("escape", "app.pop_screen", "Back"),
    Binding("ctrl+n", "new_game", "New game"),
    Binding("f1,question_mark", "app.help", "Help"),  # the footer shows f1, as everywhere
]


class MastermindBase(AsksFirst):
    """What both screens share: the board of rows, the side panel, the message line."""

    TITLE_TEXT = "Mastermind"
    INFO = ""
    history: History  # each screen's own, handed to it when made

    def compose(self) -> ComposeResult:
        with Horizontal(id="play-area"):
            with Vertical(id="mm-left"):
                yield VerticalScroll(id="board")
                yield Static(id="entry")
                yield self.make_palette()
            with Vertical(id="side"):
                yield Static(f"[b]{self.TITLE_TEXT}[/b]", id="title")
                yield Static(self.INFO, id="info")
                yield Note(id="message")
        yield Footer()

    def make_palette(self) -> Palette:
        raise NotImplementedError

    def say(self, text: str | Text) -> None:
        self.query_one(Note).text = text

    def show_rows(self, rows: Sequence[tuple[str, Pegs | None, str]], pegs: int) -> None:
        """Show (code, answer, note) rows, adding or removing rows at the end only."""
        board = self.query_one("#board", VerticalScroll)
        shown = list(board.query(CodeRow))
        if len(rows) > len(shown):
            added = [CodeRow() for _ in range(len(rows) - len(shown))]
            board.mount_all(added)
            shown += added
        for row in shown[len(rows) :]:
            row.remove()
        shown = shown[: len(rows)]
        for number, (row, (code, answer, note)) in enumerate(zip(shown, rows, strict=True), 1):
            row.show(number, code, pegs, answer, note)
        board.scroll_end(animate=False)

    async def on_key(self, event: events.Key) -> None:
        if self.held(event):
            return
        if self.key(event.key, event.character):
            event.stop()
            event.prevent_default()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        key = event.button.id or ""
        self.key(key.removeprefix("colour-"), key.removeprefix("colour-"))

    def key(self, key: str, character: str | None) -> bool:
        """Handle one key or button; whether it was used."""
        raise NotImplementedError

    def record(self, saved: SavedGame, result: str, score: int) -> None:
        self.history.record(saved, result, score)
        warn_if_unsaved(self, self.history)


class MastermindScreen(MastermindBase):
    """You break the computer's code: digits or clicks place colours, Enter guesses."""

    BINDINGS = BASE_BINDINGS
    KIND = "mastermind"
    INFO = (
        "Break the code: 4 pegs, 6 colours, repeats allowed, 10 guesses. Type 1-6 or click a "
        "colour; Backspace, Enter. ● right colour and place, ○ right colour elsewhere."
    )

    def __init__(self, request: GameRequest, history: History) -> None:
        super().__init__()
        self.request, self.history = request, history
        self.game: MastermindRound = new_round(request)
        self.typed = ""
        self.started = now()

    def make_palette(self) -> Palette:
        return Palette(self.game.colours, (("backspace", "⌫"), ("enter", "Enter")), id="palette")

    def on_mount(self) -> None:
        self.refresh_board()
        self.say("Your first guess? For example 1122.")

    def refresh_board(self) -> None:
        game = self.game
        rows = [(r.code, r.pegs, "") for r in game.played]
        self.show_rows(rows, game.pegs)
        left = "" if game.over else f"  guess {game.score + 1} of {game.rows}"
        entry = code_text(self.typed, game.pegs) + Text(left, style="dim")
        self.query_one("#entry", Static).update(entry)

    def key(self, key: str, character: str | None) -> bool:
        game = self.game
        if key == "ctrl+n":
            self.action_new_game()
        elif key == "backspace":
            self.typed = self.typed[:-1]
        elif key == "enter":
            self.submit()
        elif character and character in "123456789"[: game.colours] and len(character) == 1:
            if game.over:
                self.say("The game is over: ctrl+n to play again.")
            elif len(self.typed) < game.pegs:
                self.typed += character
        else:
            if character and (character.isalpha() or character.isdecimal()):
                self.say(f"Colours are the digits 1-{game.colours}: {character!r} is not one.")
            return False  # still a key for the bindings (? for help, q, ...)
        self.refresh_board()
        return True

    def submit(self) -> None:
        game = self.game
        try:
            row = game.guess(self.typed)
        except Refused as why:
            self.say(f"{why}.")
            self.app.bell()
            return
        self.typed = ""
        if game.over:
            self.record(self.saved(), "won" if game.won else "lost", game.score)
            self.say(f"{game.outcome()} ctrl+n to play again.")
        else:
            n = game.possible()
            self.say(f"{row.pegs}: {plural(n, 'code')} still {noun(n, 'fits', 'fit')}.")

    def saved(self) -> SavedGame:
        game = self.game
        return SavedGame(self.KIND, game.variant, game.secret, game.moves(), self.started)

    def action_new_game(self) -> None:
        if self.game.played and not self.game.over:
            self.ask(ABANDON, self.new_game)
        else:
            self.new_game()

    def new_game(self) -> None:
        if self.game.played and not self.game.over:
            self.record(self.saved(), "abandoned", self.game.score)
        self.game = new_round(GameRequest(self.KIND))
        self.typed, self.started = "", now()
        self.refresh_board()
        self.say("New code. Your first guess?")


class ComputerMastermindScreen(MastermindBase):
    """You set a code; the computer guesses and you answer with black (b) and white (w) pegs."""

    BINDINGS = [Binding("u", "undo", "Undo answer"), *BASE_BINDINGS]
    KIND = "mastermind-computer"
    TITLE_TEXT = "Mastermind: the computer breaks"
    INFO = (
        "Think of a code of 4 pegs in colours 1-6. For each guess press b for a black peg "
        "(right colour, right place), w for a white (right colour, elsewhere), Enter to answer; "
        "u undoes an answer."
    )

    class Guessed(Message):
        def __init__(self, generation: int, guess: str) -> None:
            self.generation, self.guess = generation, guess
            super().__init__()

    def __init__(self, history: History) -> None:
        super().__init__()
        self.history = history
        self.game = ComputerMastermindRound()
        self.answer = Pegs(0, 0)
        self.generation, self.thinking = 0, False
        self.started = now()

    def make_palette(self) -> Palette:
        extra = (("b", "● b"), ("w", "○ w"), ("backspace", "⌫"), ("enter", "Enter"), ("u", "Undo"))
        return Palette(0, extra, id="palette")

    def on_mount(self) -> None:
        self.say("The computer is thinking…")
        self.start_thinking()

    def start_thinking(self) -> None:
        self.generation += 1
        self.thinking = True
        self.think(self.generation, self.game)

    @work(thread=True, exclusive=True)
    @reports_errors
    def think(self, generation: int, game: ComputerMastermindRound) -> None:
        self.post_message(self.Guessed(generation, game.compute_guess()))

    def on_work_failed(self, message: WorkFailed) -> None:
        message.stop()
        self.thinking = False
        self.say(message.text)

    def on_computer_mastermind_screen_guessed(self, message: Guessed) -> None:
        if message.generation != self.generation:
            return
        self.thinking = False
        self.game.offer(message.guess)
        self.answer = Pegs(0, 0)
        self.refresh_board()
        self.say(f"My guess: {message.guess}. Your pegs? b black, w white, then Enter.")

    def refresh_board(self) -> None:
        game = self.game
        rows: list[tuple[str, Pegs | None, str]] = [(s.code, s.pegs, "") for s in game.steps]
        if game.pending:
            rows.append((game.pending, None, f"your answer: {self.answer}"))
        self.show_rows(rows, game.pegs)
        n = game.remaining
        left = f"{plural(n, 'code')} {noun(n, 'fits', 'fit')} your answers"
        self.query_one("#entry", Static).update(Text(left, style="dim"))

    def key(self, key: str, character: str | None) -> bool:
        if key == "ctrl+n":
            self.action_new_game()
            return True
        if key not in ("b", "w", "backspace", "enter", "u"):
            if character and (character.isalpha() or character.isdecimal()):
                self.say("Answer with b (a black peg) and w (a white peg), then Enter; u undoes.")
            return False  # still a key for the bindings (? for help, q, ...)
        if self.thinking:
            self.say("Wait: the computer is thinking…")
        elif key == "u":
            self.action_undo()
        elif self.game.over or not self.game.pending:
            self.say("The game is over: ctrl+n to play again.")
        elif key == "enter":
            self.submit()
        else:
            self.change_answer(key)
        return True

    def change_answer(self, key: str) -> None:
        black, white = self.answer.black, self.answer.white
        if key == "backspace":
            black, white = (black, white - 1) if white else (max(black - 1, 0), 0)
        elif black + white >= self.game.pegs:
            self.say(f"At most {self.game.pegs} pegs in all.")
            return
        else:
            black, white = (black + 1, white) if key == "b" else (black, white + 1)
        self.answer = Pegs(black, white)
        self.refresh_board()

    def submit(self) -> None:
        game = self.game
        try:
            game.answer(self.answer.black, self.answer.white)
        except Impossible as problem:
            self.say(f"{problem}. Change this answer, or press u to undo the last one.")
            self.app.bell()
            return
        self.answer = Pegs(0, 0)
        self.refresh_board()
        if game.over:
            self.record(self.saved(), "won", len(game.steps))
            count = plural(len(game.steps), "guess", "guesses")
            self.say(f"Your code is {game.found}: broken in {count}. ctrl+n to play again.")
            return
        self.say(f"{plural(game.remaining, 'code')} left. Thinking…")
        self.start_thinking()

    def saved(self) -> SavedGame:
        game = self.game
        size = f"{game.colours}x{game.pegs}"
        return SavedGame(self.KIND, size, game.found, game.moves(), self.started)

    def action_undo(self) -> None:
        if self.thinking:
            self.say("Wait: the computer is thinking…")
            return
        if self.game.over:
            self.say("The game is over: ctrl+n to play again.")
            return
        undone = self.game.undo()
        if undone is None:
            self.say("Nothing to undo.")
            return
        self.say(f"Took back your answer to {undone.code}. Thinking…")
        self.refresh_board()
        self.start_thinking()

    def action_new_game(self) -> None:
        if self.game.steps and not self.game.over:
            self.ask(ABANDON, self.new_game)
        else:
            self.new_game()

    def new_game(self) -> None:
        if self.game.steps and not self.game.over:
            self.record(self.saved(), "abandoned", len(self.game.steps))
        self.game = ComputerMastermindRound()
        self.answer, self.started = Pegs(0, 0), now()
        self.refresh_board()
        self.say("New game. The computer is thinking…")
        self.start_thinking()


def mastermind_board(request: GameRequest, host: Host) -> MastermindScreen:
    """Mastermind: you break the computer's code (the screen of its catalog entry)."""
    return MastermindScreen(request, host.history)


def computer_mastermind_board(request: GameRequest, host: Host) -> ComputerMastermindScreen:
    """Mastermind the other way: the computer breaks yours (`mastermind-computer`'s screen)."""
    return ComputerMastermindScreen(host.history)
