"""Hot-seat Ghost: 2 to 4 people at one keyboard, the computer as referee, with challenges
and G-H-O-S-T scores across rounds (the rules are in `gameplay.ghost.hotseat`)."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...gameplay.ghost.hotseat import HotSeat
from ...gameplay.ghost.referee import VARIANT_TITLES, GhostSetup
from ...plural import plural
from ...solver.ghost.vocabulary import Vocabulary
from ..confirm import ConfirmScreen
from ..widgets import Note
from .text import where_text

LEAVE = "Leave this hot-seat game? Its scores are not kept."


class HotSeatScreen(Screen):
    """Players type letters in turn; ! challenges the last play; the referee keeps the score."""

    HELP_TOPIC = "ghost"  # F1: Ghost's rules first
    DEFAULT_CSS = """
    HotSeatScreen #seat-main { width: 1fr; padding: 0 1; }
    HotSeatScreen #seat-side { width: 34; padding: 0 1; }
    HotSeatScreen #seat-fragment { text-style: bold; padding: 1 0; }
    HotSeatScreen #seat-log-box { height: 1fr; border: round $primary; }
    """
    BINDINGS = [
        Binding("exclamation_mark", "challenge", "Challenge", key_display="!"),
        Binding("tab", "toggle('at_front')", "Front/end"),
        Binding("ctrl+r", "toggle('reverse')", "Reverse", show=False),  # the turn line says it
        Binding("enter", "answer", "Answer"),
        Binding("ctrl+n", "new_game", "New game"),
        Binding("escape", "leave", "Back"),
    ]
    IN_ORDER = {"enter": "answer", "backspace": "delete", "exclamation_mark": "challenge"}

    def __init__(self, vocab: Vocabulary, setup: GhostSetup) -> None:
        super().__init__()
        self.vocab, self.setup = vocab, setup
        self.seat = HotSeat(vocab, setup.players or 2)
        self.word = ""  # the challenged player's word, as typed

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

    def on_mount(self) -> None:
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer only the keys that act: Tab and ctrl+r by variant, ! once the round has a
        letter to challenge, Enter during a challenge (and then not Tab, ctrl+r or !)."""
        challenged = self.seat.challenger is not None
        if challenged and (action in ("toggle", "challenge")):
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

    def on_key(self, event: events.Key) -> None:
        """Letters, Enter, Backspace and ! in typing order (see ARCHITECTURE.md)."""
        action = self.IN_ORDER.get(event.key)
        if event.key in ("tab", "ctrl+r"):
            action = "toggle"
        if event.key in ("left", "right", "home", "end") and self.vocab.variant == "xghost":
            event.stop()
            event.prevent_default()
            self.say(self.seat.move_caret(event.key) or "")
            return
        if action is not None:
            event.stop()
            event.prevent_default()
            if action == "toggle":
                self.action_toggle("at_front" if event.key == "tab" else "reverse")
            else:
                getattr(self, f"action_{action}")()
            return
        char = event.character
        if char and char.isascii() and char.isalpha() and len(char) == 1:
            event.stop()
            self.letter(char.lower())

    def letter(self, letter: str) -> None:
        """A letter: part of the challenged player's word, or the next play."""
        if self.seat.challenger is not None:
            self.word += letter
            self.show()
            return
        before = len(self.seat.results)
        why = self.seat.play_letter(letter)
        ended = len(self.seat.results) > before  # the play made a word: the round's result
        self.say(why or (self.seat.results[-1] if ended else ""))

    def action_delete(self) -> None:
        self.word = self.word[:-1]
        self.show()

    def action_challenge(self) -> None:
        why = self.seat.challenge()
        self.word = ""
        self.say(why or "")

    def action_answer(self) -> None:
        """Hand the challenged player's word to the referee (empty: they give up)."""
        if self.seat.challenger is None:
            return
        self.seat.answer(self.word)
        self.word = ""
        self.say(self.seat.results[-1])

    def action_toggle(self, choice: str) -> None:
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
            self.seat, self.word = HotSeat(self.vocab, self.seat.players), ""
            self.say("")

    def action_leave(self) -> None:
        if self.in_progress():
            self.app.push_screen(ConfirmScreen(LEAVE), lambda yes: yes and self.dismiss(None))
        else:
            self.dismiss(None)

    def say(self, text: str) -> None:
        self.query_one(Note).text = text
        self.show()

    def show(self) -> None:
        seat = self.seat
        title = f"[b]{VARIANT_TITLES[self.vocab.variant]}[/b] · words of {self.vocab.min_length}+"
        self.query_one("#seat-title", Static).update(
            f"{title} letters · hot-seat, {plural(seat.players, 'player')}"
        )
        self.query_one("#seat-fragment", Static).update(" ".join(seat.fragment.upper()) or "·")
        self.query_one("#seat-turn", Static).update(self.turn_text())
        self.query_one("#seat-scores", Static).update("\n".join(seat.scores()))
        self.query_one("#seat-log", Static).update("\n".join(seat.results) or "No rounds yet.")
        self.refresh_bindings()

    def turn_text(self) -> str:
        """Whose turn it is and what they may do."""
        seat = self.seat
        if seat.over:
            return f"{seat.name(seat.winner)} wins the game! ctrl+n for another."
        if seat.challenger is not None:
            return (
                f"{seat.name(seat.challenger)} challenges. {seat.name(seat.last)}, type a word "
                f"with '{seat.fragment}' and Enter (Enter alone gives up): {self.word.upper()}_"
            )
        where = where_text(self.vocab.variant, seat.fragment, seat)
        turn = f"{seat.name(seat.to_move)}: {where}"
        return turn + ("; ! challenges the last play" if seat.last is not None else "")
