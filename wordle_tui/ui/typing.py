"""Keys in typing order, written once for every screen that types (ARCHITECTURE.md).

`InOrderScreen` runs the keys that change a screen (`IN_ORDER`: each key's action, named as a
binding names it) in its one `on_key`, in the order they were typed: bindings would run in the
app's queue and let a fast typist's next keys overtake the one before them, so `BINDINGS` stay
for the footer. `TypingScreen` adds letters: it keeps the word typed (letters up to
`typing_limit`, Backspace) and refuses with a message and a bell. `GuessingScreen` adds what the
guessing games share: Enter hands the word to the round, the footer offers Guess and Delete
while the game is on and Result once it is over, and ctrl+n asks first when it would lose a
game under way. `AnsweringScreen` is the other way round, the computer guessing and the player
answering: u takes the last answer back. The boards, the multi-board games, Jotto's and
Mastermind's screens and Ghost's use them; Ghost's watch screen, the assistants use
`InOrderScreen`.
"""

from __future__ import annotations

import inspect
from typing import ClassVar, Generic, Protocol, TypeVar

from rich.text import Text
from textual import events
from textual.actions import parse
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ..gameplay.session import Keeper
from ..gameplay.wordle import Refused
from ..history import History
from .confirm import AsksFirst, warn_if_unsaved
from .widgets import Key, Note

ABANDON = "Abandon this game? It will count as a loss."
PLAYING_ONLY = ("submit", "delete")  # footer keys hidden once the game is over
THINKING = "Wait: the computer is thinking…"
GAME_OVER = "The game is over: ctrl+n to play again."


def game_bindings(*own: BindingType) -> list[BindingType]:
    """A game's footer: its own keys, then Back, New game and Help, as every game shows them."""
    return [
        *own,
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+n", "new_game", "New game"),
        Binding("f1,question_mark", "app.help", "Help"),  # the footer shows f1, as everywhere
    ]


class InOrderScreen(Screen):
    """A screen whose keys that change it run in typing order, in its one `on_key`.

    Textual runs the `on_key` of every class of a screen, so the screens built on this one
    define none: they name their keys in `IN_ORDER` (or `key_action`) and take other keys in
    `take_key`."""

    # Keys handled in typing order: the action each runs, named as a binding names it.
    IN_ORDER: ClassVar[dict[str, str]] = {}

    def key_action(self, key: str) -> str | None:
        """The action `key` runs in typing order, or None."""
        return self.IN_ORDER.get(key)

    async def on_key(self, event: events.Key) -> None:
        """The keys that change the screen, in typing order; the others go on to the bindings."""
        if await self.take_key(event):
            event.stop()
            event.prevent_default()

    async def take_key(self, event: events.Key) -> bool:
        """Run the action of `event`'s key now, if it has one; whether the key was taken."""
        action = self.key_action(event.key)
        if action is None:
            return False
        await self.run_in_order(action)
        return True

    async def run_in_order(self, action: str) -> None:
        """Run `action` (`delete`, `toggle('reverse')`) now, in this screen's queue."""
        _, name, parameters = parse(action)
        result = getattr(self, f"action_{name}")(*parameters)
        if inspect.isawaitable(result):
            await result


class TypingScreen(AsksFirst, InOrderScreen):
    """A screen whose game keys run in typing order, with a word typed and refusals said."""

    typed: str = ""  # the word typed so far

    # What a screen provides

    @property
    def typing_limit(self) -> int | None:
        """The most letters a typed word may have (None: no limit)."""
        return None

    def accepts(self, character: str) -> bool:
        """Whether a typed character is one of this screen's letters (a-z, either case)."""
        return len(character) == 1 and character.isascii() and character.isalpha()

    def not_accepted(self, character: str) -> None:
        """A character typed that is none of this screen's letters (left to the bindings):
        nothing by default."""

    def before_key(self) -> None:
        """Called before each key typed (not asked for by a question): nothing by default."""

    def typing_blocked(self) -> bool:
        """Whether letters and Backspace must wait now (having said why): never by default."""
        return False

    def show_typing(self) -> None:
        """Show the word typed so far."""
        raise NotImplementedError

    def letter(self, letter: str) -> None:
        """A letter typed or clicked: it goes into the word typed."""
        if not self.typing_blocked() and self.type_letter(letter):
            self.show_typing()

    # Shared behaviour

    async def take_key(self, event: events.Key) -> bool:
        """The keys that change the game, in typing order: `IN_ORDER`'s, then the letters."""
        if self.held(event):  # typed before a question (ctrl+n) showed
            return False
        self.before_key()
        if await super().take_key(event):
            return True
        character = event.character
        if character and self.accepts(character):
            self.letter(character.lower())
            return True
        if character:
            self.not_accepted(character)
        return False

    async def on_key_pressed(self, message: Key.Pressed) -> None:
        """A key of the on-screen keyboard clicked: as if typed."""
        await self.click(message.key)

    async def click(self, key: str) -> None:
        """A key clicked on screen (the keyboard's, a button's): as if typed."""
        action = self.key_action(key)
        if action is not None:
            await self.run_in_order(action)
        else:
            self.letter(key)

    def type_letter(self, letter: str) -> bool:
        """Add `letter` to the word typed unless it is full; whether it was added."""
        limit = self.typing_limit
        if limit is not None and len(self.typed) >= limit:
            return False
        self.typed += letter
        return True

    def action_delete(self) -> None:
        """Backspace: the last letter typed taken back."""
        if not self.typing_blocked():
            self.typed = self.typed[:-1]
            self.show_typing()

    def say(self, text: str | Text) -> None:
        """Show `text` in the message line."""
        self.query_one(Note).text = text

    def refuse(self, text: str | Text) -> None:
        """Say why a key was refused, with the bell."""
        self.say(text)
        self.app.bell()

    def go_back(self) -> None:
        """Leave this screen without a move (a question's no: a saved game stays saved)."""
        if self.app.screen is self:
            self.app.pop_screen()


class GuessingRound(Protocol):
    """What a guessing screen asks of its round."""

    @property
    def over(self) -> bool:
        """Whether the round has ended."""
        ...

    def guess(self, word: str) -> object:
        """Play `word`; raise `Refused` saying why it cannot be played."""
        ...


class GuessingScreen(TypingScreen):
    """A guessing game's screen: Enter hands the word typed to the round, refused with a bell,
    taken with the round saved; the result once the game is over."""

    BINDINGS = game_bindings(
        Binding("enter", "submit", "Guess"),
        Binding("enter", "show_result", "Result"),
        Binding("backspace", "delete", "Delete"),
    )
    IN_ORDER: ClassVar[dict[str, str]] = {
        "enter": "submit",
        "backspace": "delete",
        "ctrl+n": "new_game",
    }
    history: History
    game: GuessingRound
    keeper: Keeper
    closed: str | None = None  # why no move is taken (a daily puzzle played already)

    # What a game's screen provides

    def after_guess(self) -> None:
        """Show the game after a guess was taken (and its result, if it ended)."""
        raise NotImplementedError

    def show_result(self) -> None:
        """The end-of-game dialog."""
        raise NotImplementedError

    def leave_question(self) -> str | None:
        """What to ask before ctrl+n leaves the game on screen (None: it loses nothing)."""
        raise NotImplementedError

    def new_game(self) -> None:
        """Leave the game on screen for a new one (asked first, if need be)."""
        raise NotImplementedError

    # Shared behaviour

    @property
    def game_over(self) -> bool:
        """Whether the round on screen has ended (False before it is made)."""
        game = getattr(self, "game", None)
        return bool(game is not None and game.over)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer Guess and Delete while the game is on, Result once it is over."""
        if action in PLAYING_ONLY:
            return not self.game_over
        if action == "show_result":
            return self.game_over
        return True

    def letter(self, letter: str) -> None:
        """A letter typed or clicked: it goes into the guess while the game is on."""
        if self.closed:
            self.say(self.closed)
        elif not self.game_over and self.type_letter(letter):
            self.say("")
            self.show_typing()

    def action_submit(self) -> None:
        """Enter: the word typed played (or the result, once the game is over)."""
        if self.game_over:
            self.show_result()
            return
        if self.closed:
            self.say(self.closed)
            return
        try:
            self.game.guess(self.typed)
        except Refused as refusal:
            self.refuse(str(refusal))
            return
        self.guess_taken()

    def guess_taken(self) -> None:
        """The round took the word typed: clear it, save the round, show the board."""
        self.typed = ""
        self.keeper.moved()
        warn_if_unsaved(self, self.history)
        self.say("")
        self.after_guess()

    def action_show_result(self) -> None:
        """Enter once the game is over: the result."""
        if self.game_over:
            self.show_result()

    def after_result(self, choice: str | None) -> None:
        """The result dialog closed: a new game, if it asked for one."""
        if choice == "new":
            self.new_game()

    def action_new_game(self) -> None:
        """A new game; first ask, if that would abandon a game under way."""
        question = self.leave_question()
        if question is None:
            self.new_game()
        else:
            self.ask(question, self.new_game)


Step = TypeVar("Step")
StepOut = TypeVar("StepOut", covariant=True)


class AnsweredRound(Protocol[StepOut]):
    """What an answering screen asks of its round."""

    @property
    def over(self) -> bool:
        """Whether the computer has found the player's secret."""
        ...

    def undo(self) -> StepOut | None:
        """Take back the last answer (None: there was none)."""
        ...


class AnsweringScreen(TypingScreen, Generic[Step]):
    """The computer guesses, in a worker, and the player answers: a key that needs its guess is
    refused while it thinks, and u takes the last answer back (Jotto's and Mastermind's)."""

    game: AnsweredRound[Step] | None
    thinking: bool = False  # the worker is computing the next guess

    # What a screen provides

    def shown_guess(self, step: Step) -> str:
        """The guess whose answer `step` was, as the message line shows it."""
        raise NotImplementedError

    def after_undo(self) -> None:
        """An answer was taken back: show the rows, and let the computer think again."""
        raise NotImplementedError

    def refuse_while_thinking(self, what: str) -> None:
        """A key that needs the computer's guess (`what`) came while it is thinking: say so."""
        self.say(THINKING)

    # Shared behaviour

    def action_undo(self) -> None:
        """u: the last answer taken back; the computer guesses again from there."""
        if self.thinking or self.game is None:
            self.refuse_while_thinking("u (undo)")
            return
        if self.game.over:
            self.say(GAME_OVER)
            return
        undone = self.game.undo()
        if undone is None:
            self.say("Nothing to undo.")
            return
        self.say(f"Took back your answer to {self.shown_guess(undone)}. Thinking…")
        self.after_undo()
