"""Jotto both ways: you guess the computer's word, or the computer guesses yours; each screen
plays classic Jotto (a count) or Jotto with positions (two numbers), as its request names."""

from __future__ import annotations

from functools import partial

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Static

from ...gameplay.catalog import GameRequest, new_round, title
from ...gameplay.jotto import CLASSIC, ComputerJottoRound, Impossible, JottoRound
from ...gameplay.session import split_variant, with_lists
from ...history import History, SavedGame, now
from ...plural import plural
from ...solver.listsets import DEFAULT, WordListSet
from ...solver.play import Step
from ...solver.words import ascii_lower
from ..confirm import warn_if_unsaved
from ..typing import ABANDON, GAME_OVER, THINKING, AnsweringScreen, game_bindings
from ..widgets import BoardRow, Footer, Keyboard, Note
from ..worker_errors import WorkFailed, reports_errors
from .board import BoardScreen, abandon_question


class JottoScreen(BoardScreen):
    """You guess; each guess gets the number of letters it shares with the computer's word
    (with positions, and how many of those are in the right place)."""

    BINDINGS = [*BoardScreen.BINDINGS, Binding("tab", "toggle_marking", "Notepad")]
    IN_ORDER = {**BoardScreen.IN_ORDER, "tab": "toggle_marking"}
    game: JottoRound

    def __init__(self, request: GameRequest, history: History) -> None:
        super().__init__(request, history)
        self.marking = False

    def refresh_all(self) -> None:
        self.set_class(self.game.kind != CLASSIC, "-positions")  # longer row notes: more room
        marks = {k: v.value for k, v in self.game.marks.items()}
        for i, row in enumerate(self.rows):
            if i < len(self.game.rows):
                played = self.game.rows[i]
                row.show_marked(played.word, marks, played.said())
            else:
                row.show_marked(self.typed, marks, "")
        self.query_one(Keyboard).show(marks)
        on = "" if self.lists_name == DEFAULT else f" [dim]· {self.lists_name}[/dim]"
        self.query_one("#title", Static).update(f"[b]{title(self.game.kind)}[/b]{on}")
        mode = "notepad: letters mark in/out" if self.marking else "typing a guess"
        lines = [self.game.outcome()]
        if self.game.over:
            lines += ["", "Enter: the result · ctrl+n: a new game"]
        else:
            lines += [f"Mode: {mode} (Tab)", f"{plural(self.game.possible(), 'word')} still fit"]
            if self.game.kind != CLASSIC:
                lines.append("Each reply: the letters in the word, and how many are in place.")
        self.query_one("#info", Static).update("\n".join(lines))
        self.query_one("#board", VerticalScroll).scroll_end(animate=False)

    def show_typing(self) -> None:
        row = len(self.game.rows)
        if self.game.over or row >= len(self.rows):
            self.refresh_all()
            return
        marks = {k: v.value for k, v in self.game.marks.items()}
        self.rows[row].show_marked(self.typed, marks, "")

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

    def action_submit(self) -> None:
        typed, played = ascii_lower(self.typed.strip()), len(self.game.rows)
        super().action_submit()
        rows = self.game.rows
        if len(rows) > played and rows[-1].word != typed and not self.game.over:
            said = f"{typed.upper()} counts as {rows[-1].word.upper()}"
            self.query_one(Note).text = f"{said}: Jotto keeps one word per set of letters"

    def after_guess(self) -> None:
        if self.game.over:
            self.query_one(Note).text = "You found it!"
        super().after_guess()


COMPUTER = "-computer"  # the history's name: the kind's, then this (jotto-computer, ...)
ASK = {
    False: "For each guess, press 0-5: how many of its letters are in your word.",
    True: "For each guess, type two digits: how many of its letters are in your word (0-5), "
    "then how many of those are in the right place. Backspace takes back the first.",
}
QUESTION = {
    False: "How many letters match? (0-5)",
    True: "How many letters in common, then how many in place? (two digits)",
}
THINKING_FIRST = "The computer is thinking…"


class ComputerJottoScreen(AnsweringScreen[Step]):
    """You think of a Jotto word; the computer guesses and you answer with a number (with
    positions, two: the letters in common, then those in place; the first is shown until the
    second comes, and Backspace takes it back).

    The guess is computed by a worker; each request carries a generation number, so a guess
    computed for a game that was since undone or replaced is dropped. Keys that need the
    guess (0-5, u) are refused with a message while the computer is thinking; the keys run in
    typing order (`AnsweringScreen`, with u), the digits as its letters.
    """

    BINDINGS = game_bindings(
        Binding("u", "undo", "Undo answer"),
        Binding("backspace", "take_back", "Delete digit"),
    )
    IN_ORDER = {"u": "undo", "ctrl+n": "new_game", "backspace": "take_back"}

    class Guessed(Message):
        def __init__(self, generation: int, game: ComputerJottoRound, guess: str) -> None:
            self.generation = generation
            self.game = game
            self.guess = guess
            super().__init__()

    def __init__(
        self, history: History, lists: WordListSet | None = None, kind: str = CLASSIC
    ) -> None:
        super().__init__()
        self.history = history
        self.lists = lists  # the word-list set (None: the default NYT lists)
        self.kind = kind  # the reply: jotto (a count) or jotto-positions (two numbers)
        self.saved_kind = kind + COMPUTER  # the history's name: jotto-computer, ...
        self.positions = kind != CLASSIC
        self.first: int | None = None  # with positions: the letters in common, typed so far
        self.variant = with_lists("", lists)  # as the history stores it
        self.game: ComputerJottoRound | None = None
        self.generation = 0
        self.thinking = False
        self.refused: str | None = None  # a key pressed while thinking, to mention
        self.failed: str | None = None  # why the computer could not think (ctrl+n retries)
        self.rows: list[BoardRow] = []
        self.started = now()

    def compose(self) -> ComposeResult:
        with Horizontal(id="play-area"):
            yield VerticalScroll(id="board")
            with Vertical(id="side"):
                on = f" [dim]· {self.lists.name}[/dim]" if self.variant and self.lists else ""
                yield Static(f"[b]{title(self.saved_kind)}[/b]{on}", id="title")
                yield Static(
                    f"Think of a word with five different letters. {ASK[self.positions]}",
                    id="info",
                )
                yield Note(id="message")
        yield Footer()

    def on_mount(self) -> None:
        saved = self.history.in_progress(self.saved_kind)
        if saved and split_variant(saved.variant) != split_variant(self.variant):
            if saved.moves:  # a game on other word lists: the player's, so ask first
                lists = split_variant(saved.variant)[1]
                moves = [plural(len(saved.moves), "guess", "guesses")]
                name = f"A game of {title(self.kind)} (the computer guessing)"
                question = abandon_question(name, lists, moves)
                self.ask(question, partial(self.abandon_saved, saved), self.go_back)
                return
            self.history.drop_progress(self.saved_kind)
            saved = None
        self.begin(saved)

    def begin(self, saved: SavedGame | None, note: str = "") -> None:
        """Start thinking: on the saved game's moves (None: a new game)."""
        self.started = saved.started if saved else now()
        moves = saved.moves if saved else []
        thinking = "Resuming your unfinished game. Thinking…" if moves else THINKING_FIRST
        self.say(note + thinking)
        self.start_thinking(None, moves)

    def abandon_saved(self, saved: SavedGame) -> None:
        """Record the saved game on other word lists as abandoned, and start a new one."""
        self.history.record(saved, "abandoned", len(saved.moves))
        self.history.drop_progress(self.saved_kind)
        warn_if_unsaved(self, self.history)
        self.begin(None, "Abandoned. New game. ")

    def start_thinking(self, game: ComputerJottoRound | None, moves: list | None = None) -> None:
        """Ask the worker for the next guess (a new round from `moves` when game is None)."""
        self.generation += 1
        self.thinking, self.failed, self.first = True, None, None
        self.think(self.generation, game, moves)

    @work(thread=True, exclusive=True)
    @reports_errors
    def think(
        self, generation: int, game: ComputerJottoRound | None, moves: list | None = None
    ) -> None:
        if game is None:
            try:
                game = ComputerJottoRound.replay(moves or [], self.lists, self.kind)
            except (ValueError, KeyError):  # a saved game that no longer replays
                game = new_round(GameRequest(self.saved_kind, lists=self.lists))
        self.post_message(self.Guessed(generation, game, game.compute_guess()))

    def on_work_failed(self, message: WorkFailed) -> None:
        """The computer could not think (the lists are too big for memory): say so."""
        message.stop()
        if message.args[:1] != (self.generation,):
            return  # for a game since undone or replaced
        self.thinking = False
        self.failed = f"{message.text} (ctrl+n tries again)"
        self.say(self.failed)

    def on_computer_jotto_screen_guessed(self, message: Guessed) -> None:
        if message.generation != self.generation:
            return  # computed for a game since undone or replaced
        self.thinking = False
        self.game = message.game
        message.game.offer(message.guess)
        ignored = f" ({self.refused} came while I was thinking: not used)" if self.refused else ""
        self.refused = None
        guess = message.guess.upper()
        self.say(
            Text.assemble("My guess: ", (guess, "bold"), f". {QUESTION[self.positions]}{ignored}")
        )
        self.show_rows()

    def show_rows(self) -> None:
        """Show the steps and the pending guess, adding or removing rows at the end."""
        game = self.game
        if game is None:  # no guess yet
            return
        wanted = len(game.steps) + (1 if game.pending else 0)
        board = self.query_one("#board", VerticalScroll)
        if wanted > len(self.rows):
            added = [BoardRow() for _ in range(wanted - len(self.rows))]
            self.rows += added
            board.mount_all(added)
        for row in self.rows[wanted:]:
            row.remove()
        del self.rows[wanted:]
        for row, step in zip(self.rows, game.steps, strict=False):
            said = game.game.show(step.reply)
            row.show_marked(step.guess, {}, f"said {said} · {step.remaining:,} left")
        if game.pending:
            self.rows[-1].show_marked(
                game.pending, {}, "?" if self.first is None else f"{self.first}/?"
            )
        board.scroll_end(animate=False)

    def accepts(self, character: str) -> bool:
        """The keys typed here are the digits of an answer, 0 to 5."""
        return len(character) == 1 and character in "012345"

    def letter(self, letter: str) -> None:
        """A digit typed: part of the answer."""
        self.digit(int(letter))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Backspace (the first digit taken back) is for Jotto with positions."""
        return self.positions if action == "take_back" else True

    def digit(self, number: int) -> None:
        """A digit typed: the answer (with positions: its first number, or its second)."""
        if self.thinking or self.game is None:
            self.refuse_while_thinking(f"your {number}")
            return
        if self.game.over or not self.game.pending:
            self.say(GAME_OVER)
            return
        if not self.positions:
            self.answer(number)
        elif self.first is None:
            self.first = number
            question = f"{number} in common: how many of them are in the right place?"
            self.say(f"{question} (0-{number})")
            self.show_rows()
        elif number > self.first:
            self.refuse(
                f"Only {self.first} in common, so 0-{self.first} can be in place "
                "(Backspace: change the first number)."
            )
        else:
            self.answer(self.first, number)

    def action_take_back(self) -> None:
        """With positions: take back the first number of the answer being typed."""
        if not self.positions or self.first is None:
            return
        self.first = None
        self.say(QUESTION[True])
        self.show_rows()

    def answer(self, shared: int, placed: int | None = None) -> None:
        game = self.game
        if game is None:  # `digit` answers only a guess made
            return
        self.first = None
        try:
            game.answer(shared, placed)
        except Impossible as problem:
            again = "two numbers" if self.positions else "another number"
            self.refuse(
                f"{problem}. Check your answers: press u to undo the last one, or {again} "
                "for this guess."
            )
            self.show_rows()
            return
        self.show_rows()
        if game.found is not None:  # the game is over
            self.record(won=True)
            found = f": found in {plural(len(game.steps), 'guess', 'guesses')}."
            self.say(
                Text.assemble(
                    "Your word is ", (game.found.upper(), "bold"), found, " ctrl+n to play again."
                )
            )
            return
        self.history.save_progress(
            SavedGame(self.saved_kind, self.variant, None, game.moves(), self.started)
        )
        self.say(f"{plural(game.remaining, 'word')} left. Thinking…")
        self.start_thinking(game)

    def record(self, won: bool) -> None:
        game = self.game
        if game is None:  # nothing played to record
            return
        saved = SavedGame(self.saved_kind, self.variant, game.found, game.moves(), self.started)
        self.history.record(saved, "won" if won else "abandoned", len(game.steps))
        warn_if_unsaved(self, self.history)

    def refuse_while_thinking(self, what: str) -> None:
        """A key that needs the guess came while the computer is thinking: say so."""
        self.refused = what
        self.say(self.failed or THINKING)

    def shown_guess(self, step: Step) -> str:
        """The guess answered, in capitals."""
        return step.guess.upper()

    def after_undo(self) -> None:
        """The answer taken back: the game saved as it is now, and the computer thinks again."""
        game = self.game
        if game is None:  # `action_undo` takes back only an answer given
            return
        self.history.save_progress(
            SavedGame(self.saved_kind, self.variant, None, game.moves(), self.started)
        )
        self.show_rows()
        self.start_thinking(game)

    def action_new_game(self) -> None:
        """A new game; first ask, if that would abandon a game under way."""
        if self.game and self.game.steps and not self.game.over:
            self.ask(ABANDON, self.new_game)
        else:
            self.new_game()

    def new_game(self) -> None:
        if self.game and self.game.steps and not self.game.over:
            self.record(won=False)
        self.history.drop_progress(self.saved_kind)
        self.started = now()
        self.game = None
        self.say("New game. The computer is thinking…")
        self.start_thinking(None)
