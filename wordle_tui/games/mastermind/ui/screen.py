"""Mastermind both ways: you break the computer's code, or the computer breaks yours.

Keys are handled in typing order (`TypingScreen`, `ui/typing.py`: the colours' digits, or b
and w, are its letters); every button does what a key does. The computer's guesses are computed
by a worker whose message carries a generation number, so a guess for a game since undone or
replaced is dropped; u takes an answer back (`AnsweringScreen`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Button, Static

from ....gameplay.catalog import GameRequest, new_round
from ....gameplay.wordle import Refused
from ....history import History, SavedGame, now
from ....plural import noun, plural
from ....ui.confirm import warn_if_unsaved
from ....ui.typing import GAME_OVER, AnsweringScreen, TypingScreen, game_bindings
from ....ui.widgets import Footer, Note
from ....ui.worker_errors import WorkFailed, reports_errors
from ..gameplay.breaking import MastermindRound
from ..gameplay.computer import Answered, ComputerMastermindRound, Impossible
from ..solver import Pegs, colour_keys, colour_range
from .widgets import CodeRow, Palette, code_text

if TYPE_CHECKING:
    from ....ui.screens import Host

ABANDON = "Abandon this game and start a new one? (y/n)"


class MastermindBase(TypingScreen):
    """What both screens share: the board of rows, the side panel, the message line, keys in
    typing order and buttons doing what keys do."""

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

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        """A button: as its key typed."""
        event.stop()
        await self.click((event.button.id or "").removeprefix("colour-"))

    def record(self, saved: SavedGame, result: str, score: int) -> None:
        self.history.record(saved, result, score)
        warn_if_unsaved(self, self.history)


class MastermindScreen(MastermindBase):
    """You break the computer's code: digits or clicks place colours, Enter guesses."""

    BINDINGS = game_bindings()
    IN_ORDER: ClassVar[dict[str, str]] = {
        "ctrl+n": "new_game",
        "backspace": "delete",
        "enter": "submit",
    }
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

    @property
    def typing_limit(self) -> int:
        """A guess is a colour for each of the code's pegs."""
        return self.game.pegs

    def accepts(self, character: str) -> bool:
        """The letters typed here are the colours' digits."""
        return len(character) == 1 and character in colour_keys(self.game.colours)

    def not_accepted(self, character: str) -> None:
        """A letter or digit that is no colour: say which are (the key still goes on)."""
        if character.isalpha() or character.isdecimal():
            keys = colour_range(self.game.colours)
            self.say(f"Colours are the digits {keys}: {character!r} is not one.")

    def letter(self, letter: str) -> None:
        """A colour typed or clicked: a peg of the guess, while the game is on."""
        if self.game.over:
            self.say(GAME_OVER)
        else:
            super().letter(letter)

    def show_typing(self) -> None:
        """The code typed is the board's entry line."""
        self.refresh_board()

    def action_submit(self) -> None:
        """Enter: the code typed guessed (refused with the bell, saying why)."""
        game = self.game
        try:
            row = game.guess(self.typed)
        except Refused as why:
            self.refuse(f"{why}.")
            self.refresh_board()
            return
        self.typed = ""
        if game.over:
            self.record(self.saved(), "won" if game.won else "lost", game.score)
            self.say(f"{game.outcome()} ctrl+n to play again.")
        else:
            n = game.possible()
            self.say(f"{row.pegs}: {plural(n, 'code')} still {noun(n, 'fits', 'fit')}.")
        self.refresh_board()

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


class ComputerMastermindScreen(MastermindBase, AnsweringScreen[Answered]):
    """You set a code; the computer guesses and you answer with black (b) and white (w) pegs."""

    BINDINGS = game_bindings(Binding("u", "undo", "Undo answer"))
    IN_ORDER: ClassVar[dict[str, str]] = {
        "ctrl+n": "new_game",
        "u": "undo",
        "backspace": "take_back",
        "enter": "submit",
    }
    game: ComputerMastermindRound
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

    def accepts(self, character: str) -> bool:
        """The letters typed here are b and w, a black and a white peg."""
        return character in ("b", "w")

    def not_accepted(self, character: str) -> None:
        """Another letter or a digit: say which keys answer (the key still goes on)."""
        if character.isalpha() or character.isdecimal():
            self.say("Answer with b (a black peg) and w (a white peg), then Enter; u undoes.")

    def answering(self, what: str) -> bool:
        """Whether the computer's guess is there for `what` to answer (else say why not)."""
        if self.thinking:
            self.refuse_while_thinking(what)
        elif self.game.over or not self.game.pending:
            self.say(GAME_OVER)
        else:
            return True
        return False

    def letter(self, letter: str) -> None:
        """b or w: a peg added to the answer."""
        if self.answering(letter):
            self.change_answer(letter)

    def action_take_back(self) -> None:
        """Backspace: the answer's last peg taken back (a white one first)."""
        if self.answering("backspace"):
            self.change_answer("backspace")

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

    def action_submit(self) -> None:
        """Enter: the answer given (refused with the bell if no code fits it)."""
        if not self.answering("enter"):
            return
        game = self.game
        try:
            game.answer(self.answer.black, self.answer.white)
        except Impossible as problem:
            self.refuse(f"{problem}. Change this answer, or press u to undo the last one.")
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

    def shown_guess(self, step: Answered) -> str:
        """The code answered."""
        return step.code

    def after_undo(self) -> None:
        """The answer taken back: the rows shown, and the computer thinks again."""
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
