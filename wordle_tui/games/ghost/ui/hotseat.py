"""Hot-seat Ghost: 2 to 4 players at one keyboard, the computer as referee, with challenges
and G-H-O-S-T scores across rounds (the rules are in `gameplay.hotseat`). The computer
may be any of the players: when one of them must act, a worker thinks and the screen acts for
it after a short pause; people's keys wait meanwhile."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from ....ui.confirm import ConfirmScreen
from ....ui.typing import TypingScreen
from ....ui.widgets import Footer, Note
from ....ui.worker_errors import WorkFailed
from ..gameplay.hotseat import HotSeat, take_action
from ..gameplay.referee import VARIANT_TITLES, GhostSetup, mode_title
from ..solver.solved import SolvedGame
from .computer import SeatComputer
from .text import where_text

LEAVE = "Leave this hot-seat game? Its scores are not kept."
COMPUTER_PAUSE = 0.5  # seconds before the computer acts, so its moves can be followed
CARET_KEYS = ("left", "right", "home", "end")  # Xghost's caret, between the fragment's letters


class HotSeatScreen(TypingScreen):
    """Players type letters in turn; ! challenges the last play; the referee keeps the score.
    Keys run in typing order (`TypingScreen`); the challenged player's word is the word typed."""

    HELP_TOPIC = "ghost"  # F1: Ghost's rules first
    DEFAULT_CSS = """
    HotSeatScreen #seat-main { width: 1fr; padding: 0 1; }
    HotSeatScreen #seat-side { width: 34; padding: 0 1; }
    HotSeatScreen #seat-fragment { text-style: bold; padding: 1 0; }
    HotSeatScreen #seat-log-box { height: 1fr; border: round $primary; }
    """
    BINDINGS = [
        Binding("exclamation_mark", "challenge", "Challenge", key_display="!"),
        Binding("tab", "switch('at_front')", "Front/end"),
        Binding("ctrl+r", "switch('reverse')", "Reverse", show=False),  # the turn line says it
        Binding("enter", "answer", "Answer"),
        Binding("ctrl+n", "new_game", "New game"),
        Binding("escape", "leave", "Back"),
    ]
    IN_ORDER = {
        "enter": "answer",
        "backspace": "delete",
        "exclamation_mark": "challenge",
        "tab": "switch('at_front')",
        "ctrl+r": "switch('reverse')",
    }

    def __init__(self, vocab: SolvedGame, setup: GhostSetup) -> None:
        super().__init__()
        self.vocab, self.setup = vocab, setup
        self.seat = self.fresh_seat()
        self.typed = ""  # the challenged player's word
        self.thinking: tuple | None = None  # the state the computer is thinking about

    def fresh_seat(self) -> HotSeat:
        return HotSeat(self.vocab, self.setup.players or 2, computers=self.setup.computers)

    def state(self) -> tuple:
        """What the computer's action is thought of for: the seat, its round and fragment."""
        seat = self.seat
        return (id(seat), len(seat.results), seat.fragment, seat.challenger, seat.to_move)

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="seat-main"):
                yield Static(id="seat-title")
                yield Static(id="seat-fragment")
                yield Static(id="seat-turn")
                yield Note(id="message")
            with Vertical(id="seat-side"):
                yield Static(id="seat-scores")
                with VerticalScroll(id="seat-log-box"):
                    yield Static(id="seat-log", markup=False)
        yield Footer()
        yield SeatComputer()

    def on_mount(self) -> None:
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer only the keys that act: Tab and ctrl+r by variant, ! once the round has a
        letter to challenge, Enter during a challenge (and then not Tab, ctrl+r or !)."""
        challenged = self.seat.challenger is not None
        if challenged and (action in ("switch", "challenge")):
            return False
        if action == "challenge":
            return self.seat.last is not None and not self.seat.over
        if parameters == ("at_front",):
            return self.vocab.variant in ("super", "superduper")
        if parameters == ("reverse",):
            return self.vocab.variant == "superduper"
        if action == "answer":
            return self.seat.challenger is not None
        return True

    def key_action(self, key: str) -> str | None:
        """Xghost's caret keys too, in typing order."""
        if key in CARET_KEYS and self.vocab.variant == "xghost":
            return f"caret({key!r})"
        return super().key_action(key)

    def action_caret(self, key: str) -> None:
        """Xghost: move the caret, where the next letter goes."""
        self.say(self.seat.move_caret(key) or "")

    def typing_blocked(self) -> bool:
        """People's keys wait while the computer must act."""
        return self.computer_busy()

    def show_typing(self) -> None:
        """The word typed is on the turn line: show the screen."""
        self.show()

    def computer_busy(self) -> bool:
        """Whether the computer must act now (then say so: people's keys wait)."""
        acting = self.seat.acting
        if acting is None or not self.seat.computer_acts:
            return False
        self.query_one(Note).text = f"Wait: {self.seat.name(acting)} is thinking."
        return True

    def computer_turn(self) -> None:
        """If the computer must act, think (after a pause) about the state as it is now."""
        state = self.state()
        if not self.seat.computer_acts or self.thinking == state:
            return
        self.thinking = state
        seat = self.seat

        def think() -> None:
            if self.state() == state and self.is_mounted:
                self.query_one(SeatComputer).think(seat, state)

        self.set_timer(COMPUTER_PAUSE, think)

    def on_seat_computer_acted(self, message: SeatComputer.Acted) -> None:
        """The computer's action, if it is still for the state it was thought of in."""
        if message.seat is not self.seat or message.state != self.state():
            return
        self.thinking = None
        seat, action, acting = self.seat, message.action, self.seat.acting
        if acting is None:  # the game is over
            return
        name, before = seat.name(acting), len(seat.results)
        why = take_action(seat, action)
        if why:
            self.say(why)
        elif len(seat.results) > before:
            self.say(seat.results[-1])
        elif action.kind == "challenge":
            self.say(f"{name} challenges '{seat.fragment}'.")
        else:
            self.say(f"{name} plays '{seat.fragment}'.")

    def on_work_failed(self, message: WorkFailed) -> None:
        """The computer could not act (an expected error, such as too little memory)."""
        message.stop()
        self.say(f"{message.text} (ctrl+n for a new game)")

    def letter(self, letter: str) -> None:
        """A letter: part of the challenged player's word, or the next play."""
        if self.seat.challenger is not None:
            super().letter(letter)
            return
        if self.computer_busy():
            return
        before = len(self.seat.results)
        why = self.seat.play_letter(letter)
        ended = len(self.seat.results) > before  # the play made a word: the round's result
        self.say(why or (self.seat.results[-1] if ended else ""))

    def action_challenge(self) -> None:
        if self.computer_busy():
            return
        why = self.seat.challenge()
        self.typed = ""
        self.say(why or "")

    def action_answer(self) -> None:
        """Hand the challenged player's word to the referee (empty: they give up)."""
        if self.seat.challenger is None or self.computer_busy():
            return
        self.seat.answer(self.typed)
        self.typed = ""
        self.say(self.seat.results[-1])

    def action_switch(self, choice: str) -> None:
        if self.computer_busy():
            return
        self.say(self.seat.toggle(choice) or "")

    def in_progress(self) -> bool:
        return not self.seat.over and (any(self.seat.letters) or bool(self.seat.fragment))

    def action_new_game(self) -> None:
        if self.in_progress():
            self.app.push_screen(ConfirmScreen(LEAVE), self.restart_if)
        else:
            self.restart_if(True)

    def restart_if(self, yes: bool | None) -> None:
        if yes:
            self.seat, self.typed, self.thinking = self.fresh_seat(), "", None
            self.say("")

    def action_leave(self) -> None:
        if self.in_progress():
            self.app.push_screen(ConfirmScreen(LEAVE), lambda yes: yes and self.dismiss(None))
        else:
            self.dismiss(None)

    def say(self, text: str | Text) -> None:
        super().say(text)
        self.show()

    def show(self) -> None:
        seat = self.seat
        title = f"[b]{VARIANT_TITLES[self.vocab.variant]}[/b] · words of {self.vocab.min_length}+"
        self.query_one("#seat-title", Static).update(
            f"{title} letters · {mode_title(self.setup.mode)}"
        )
        self.query_one("#seat-fragment", Static).update(" ".join(seat.fragment.upper()) or "·")
        self.query_one("#seat-turn", Static).update(self.turn_text())
        self.query_one("#seat-scores", Static).update("\n".join(seat.scores()))
        self.query_one("#seat-log", Static).update("\n".join(seat.results) or "No rounds yet.")
        self.refresh_bindings()
        self.computer_turn()

    def turn_text(self) -> str:
        """Whose turn it is and what they may do."""
        seat = self.seat
        winner, acting, challenged = seat.winner, seat.acting, seat.challenged
        if winner is not None:
            return f"{seat.name(winner)} wins the game! ctrl+n for another."
        if acting is not None and seat.computer_acts:
            return f"{seat.name(acting)} is thinking…"
        if seat.challenger is not None and challenged is not None:
            return (
                f"{seat.name(seat.challenger)} challenges. {seat.name(challenged)}, type a word "
                f"with '{seat.fragment}' and Enter (Enter alone gives up): {self.typed.upper()}_"
            )
        where = where_text(self.vocab.variant, seat.fragment, seat)
        turn = f"{seat.name(seat.to_move)}: {where}"
        return turn + ("; ! challenges the last play" if seat.last is not None else "")
