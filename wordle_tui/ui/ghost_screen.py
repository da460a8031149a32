"""Ghost against the computer: add letters to the fragment, and don't be the one who ends it."""

from __future__ import annotations

import random

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, LoadingIndicator, Select, Static

from ..gameplay.catalog import GameRequest
from ..gameplay.ghost import GhostMatch
from ..history import History, SavedGame, now
from ..solver.ghost import GhostError, Vocabulary
from ..solver.ghost_cache import solved
from ..solver.ghost_strategies import STYLES
from ..solver.words import WordListError
from .widgets import Note

VARIANT_TITLES = {"ghost": "Ghost", "super": "SuperGhost", "superduper": "SuperDuperGhost"}
HUMAN, COMPUTER = "you", "the computer"
COMPUTER_PAUSE = 0.5


class GhostScreen(Screen):
    """Play Ghost, SuperGhost or SuperDuperGhost against a perfect or exploiting computer."""

    BINDINGS = [
        Binding("tab", "toggle_end", "Front/end"),
        Binding("ctrl+r", "toggle_reverse", "Reverse"),
        Binding("f6", "toggle_hint", "Hint"),
        Binding("ctrl+n", "new_game", "New game"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    class Solved(Message):
        def __init__(self, key: tuple, vocab: Vocabulary | None, error: str = "") -> None:
            self.key, self.vocab, self.error = key, vocab, error
            super().__init__()

    class ComputerMoved(Message):
        def __init__(self, match: GhostMatch, play: str) -> None:
            self.match, self.play = match, play
            super().__init__()

    def __init__(self, request: GameRequest, history: History) -> None:
        super().__init__()
        self.request = request
        self.history = history
        self.vocab: Vocabulary | None = None
        self.match: GhostMatch | None = None
        self.at_front = False
        self.reversed = False
        self.hint = False
        self.started = now()
        self.rng = random.Random()

    def compose(self) -> ComposeResult:
        r = self.request
        with Horizontal(id="ghost-area"):
            with Vertical(id="ghost-main"):
                yield Static(id="ghost-title")
                yield Static(id="fragment")
                yield Static(id="turn")
                yield Note(id="message")
                yield Static(id="hint")
                yield LoadingIndicator(id="solving")
            with Vertical(id="ghost-side"):
                yield Select(
                    [(t, v) for v, t in VARIANT_TITLES.items()],
                    value=r.ghost_variant,
                    allow_blank=False,
                    id="variant",
                )
                yield Select(
                    [(f"words of {n}+ letters", n) for n in range(1, 9)],
                    value=r.min_length if 1 <= r.min_length <= 8 else 3,
                    allow_blank=False,
                    id="min-length",
                )
                yield Select(
                    [("you start", "human"), ("computer starts", "computer")],
                    value=r.first,
                    allow_blank=False,
                    id="first",
                )
                yield Select(
                    [("computer: perfect", "perfect"), ("computer: exploit mistakes", "exploit")],
                    value=r.style,
                    allow_blank=False,
                    id="style",
                )
                yield Button("New game", id="new-game", variant="primary")
                yield VerticalScroll(Static(id="moves"), id="moves-box")
        yield Footer()

    def on_mount(self) -> None:
        for widget in self.query(Select):
            widget.can_focus = False  # keys are letters for the game; use the mouse here
        self.query_one(Button).can_focus = False
        self.new_game()

    # Setting up

    @property
    def setup(self) -> tuple[str, int, str, str]:
        def value(name: str):
            return self.query_one(f"#{name}", Select).value

        return value("variant"), int(value("min-length")), value("first"), value("style")

    def new_game(self) -> None:
        variant, min_length, _, _ = self.setup
        key = (variant, min_length)
        self.match = None
        self.at_front = self.reversed = False
        self.query_one("#solving").display = True
        self.query_one(
            Note
        ).text = f"Solving {VARIANT_TITLES[variant]} (the first time takes a moment)…"
        if self.vocab is not None and (self.vocab.variant, self.vocab.min_length) == key:
            self.post_message(self.Solved(key, self.vocab))
        else:
            self.solve(key)

    @work(thread=True, exclusive=True, group="ghost-solve")
    def solve(self, key: tuple[str, int]) -> None:
        try:
            vocab = solved(*key, self.request.words)
        except (GhostError, WordListError) as error:
            self.post_message(self.Solved(key, None, str(error)))
            return
        self.post_message(self.Solved(key, vocab))

    def on_ghost_screen_solved(self, message: Solved) -> None:
        if message.key != self.setup[:2]:
            return  # the setup changed while solving
        self.query_one("#solving").display = False
        if message.vocab is None:
            self.query_one(Note).text = message.error
            return
        self.vocab = message.vocab
        self.match = GhostMatch(self.vocab)
        self.started = now()
        self.query_one(Note).text = "Type a letter to add it."
        self.show()
        if self.computer_to_move:
            self.computer_turn()

    def on_select_changed(self, event: Select.Changed) -> None:
        if self.is_mounted and self.match is not None:
            self.action_new_game()

    def on_button_pressed(self) -> None:
        self.action_new_game()

    def action_new_game(self) -> None:
        if self.match and self.match.moves and not self.match.over:
            self.record(abandoned=True)
        self.new_game()

    # Whose turn

    @property
    def human_player(self) -> int:
        return 0 if self.setup[2] == "human" else 1

    @property
    def computer_to_move(self) -> bool:
        return (
            self.match is not None
            and not self.match.over
            and (self.match.to_move != self.human_player)
        )

    def player_name(self, player: int) -> str:
        return HUMAN if player == self.human_player else COMPUTER

    # Showing state

    def show(self) -> None:
        match = self.match
        variant = self.vocab.variant
        self.query_one("#ghost-title", Static).update(
            f"[b]{VARIANT_TITLES[variant]}[/b] · words of {self.vocab.min_length}+ letters · "
            f"computer: {self.setup[3]}"
        )
        shown = " ".join(match.fragment.upper()) or "·"
        self.query_one("#fragment", Static).update(shown)
        if match.over:
            turn = ""
        elif self.computer_to_move:
            turn = "The computer is thinking…"
        else:
            where = "the front" if self.at_front else "the end"
            turn = f"Your move: a letter goes at {where}"
            if variant != "ghost":
                turn += " (Tab switches)"
            if variant == "superduper":
                turn += f"; reverse first: {'yes' if self.reversed else 'no'} (ctrl+r)"
        self.query_one("#turn", Static).update(turn)
        lines = [
            f"{i}. {self.player_name(m.player)}: {m.after.upper()}"
            for i, m in enumerate(match.moves, start=1)
        ]
        self.query_one("#moves", Static).update("\n".join(lines) or "No moves yet.")
        self.query_one("#moves-box", VerticalScroll).scroll_end(animate=False)
        self.show_hint()

    def show_hint(self) -> None:
        text = ""
        if self.hint and self.match and not self.match.over:
            fragment, who = self.match.fragment, self.player_name(self.match.to_move)
            good = self.vocab.winning_plays(fragment)
            if good:
                text = f"Hint: {who} can force a win with {', '.join(good[:12])}"
            else:
                text = f"Hint: {who} cannot force a win from here"
        self.query_one("#hint", Static).update(text)

    # Moves

    def on_key(self, event: events.Key) -> None:
        char = event.character
        if char and char.isascii() and char.isalpha() and len(char) == 1:
            event.stop()
            self.human_move(char.lower())

    def human_move(self, letter: str) -> None:
        match = self.match
        if match is None or match.over or self.computer_to_move:
            return
        base = match.fragment[::-1] if self.reversed else match.fragment
        play = letter + base if self.at_front else base + letter
        why = match.check(play)
        if why:
            self.query_one(Note).text = why
            return
        match.play(play)
        self.reversed = False
        self.after_move()

    def after_move(self) -> None:
        self.query_one(Note).text = ""
        self.show()
        if self.match.over:
            self.finish()
        elif self.computer_to_move:
            self.set_timer(COMPUTER_PAUSE, self.computer_turn)

    def computer_turn(self) -> None:
        if self.computer_to_move:
            self.think(self.match, self.setup[3])

    @work(thread=True, exclusive=True, group="ghost-move")
    def think(self, match: GhostMatch, style: str) -> None:
        play = STYLES[style](match.public_view(), match.fragment, self.rng)
        self.post_message(self.ComputerMoved(match, play))

    def on_ghost_screen_computer_moved(self, message: ComputerMoved) -> None:
        if message.match is not self.match or not self.computer_to_move:
            return
        self.match.play(message.play)
        self.after_move()

    def action_toggle_end(self) -> None:
        if self.vocab is not None and self.vocab.variant != "ghost":
            self.at_front = not self.at_front
            self.show()

    def action_toggle_reverse(self) -> None:
        if self.vocab is not None and self.vocab.variant == "superduper":
            self.reversed = not self.reversed
            self.show()

    def action_toggle_hint(self) -> None:
        self.hint = not self.hint
        self.show_hint()

    # The end

    def finish(self) -> None:
        match = self.match
        loser = self.player_name(match.loser)
        lines = [f"{match.reason}: {loser} {'lose' if loser == HUMAN else 'loses'}."]
        last_legal = match.moves[-1].before
        example = self.vocab.example_word(last_legal) if last_legal else None
        if example and not self.vocab.is_word_text(match.fragment):
            lines.append(f"('{last_legal}' was part of '{example}'.)")
        review = match.review()
        if review.first_lost_move is None:
            lines.append(f"{loser.capitalize()} could have won until the end.")
        else:
            lines.append(
                f"{loser.capitalize()} had no winning play from move {review.first_lost_move} on."
            )
        for number, before, played, good in review.missed[-3:]:
            lines.append(
                f"Move {number}: from '{before}', {played!r} was played; "
                f"{', '.join(good[:8])} would have won."
            )
        lines.append("ctrl+n (or the button) for a new game.")
        self.query_one(Note).text = "\n".join(lines)
        self.record(abandoned=False)

    def record(self, abandoned: bool) -> None:
        match = self.match
        variant = f"{self.vocab.variant}-{self.vocab.min_length}"
        moves = [(m.after, self.player_name(m.player)) for m in match.moves]
        saved = SavedGame("ghost", variant, match.fragment, moves, self.started)
        won = match.loser is not None and match.loser != self.human_player
        result = "abandoned" if abandoned else ("won" if won else "lost")
        self.history.record(saved, result, len(match.moves))
