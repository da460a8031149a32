"""Ghost against the computer: add letters to the fragment, and don't be the one who ends it."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer

from ....gameplay.catalog import GameRequest, new_round
from ....history import History
from ....ui.confirm import warn_if_unsaved
from ....ui.requests import KeepRequest
from ....ui.typing import ABANDON, TypingScreen
from ....ui.widgets import Footer
from ....ui.worker_errors import WorkFailed
from ..gameplay.referee import VARIANT_TITLES, GhostGame, GhostMatch, GhostSetup
from ..solver.solved import SolvedGame
from . import text
from .computer import GhostComputer
from .widgets import AGAINST_THE_COMPUTER, GhostBoard, MoveList, SetupPanel

if TYPE_CHECKING:
    from ....ui.screens import Host

COMPUTER_PAUSE = 0.5
FRONT_AND_END = ("super", "superduper")  # the variants where Tab puts the letter in front
CARET_KEYS = ("left", "right", "home", "end")  # Xghost: where the letter goes


def reopening(setup: GhostSetup) -> GameRequest:
    """The request that opens Ghost as `setup` (its word list aside), the app keeps it."""
    return GameRequest(
        "ghost",
        ghost_variant=setup.variant,
        min_length=setup.min_length,
        first=setup.first,
        style=setup.style,
        ghost_mode=setup.mode,
    )


class GhostScreen(TypingScreen):
    """Play Ghost, SuperGhost or SuperDuperGhost against a perfect or exploiting computer.
    Letters, Tab, ctrl+r, ctrl+n and Xghost's caret run in typing order (`TypingScreen`): a
    letter typed right after ctrl+n goes to the new game."""

    HELP_TOPIC = "ghost"  # F1: Ghost's rules first
    BINDINGS = [
        Binding("tab", "switch('at_front')", "Front/end"),
        Binding("ctrl+r", "switch('reverse')", "Reverse", show=False),  # the turn line says it
        Binding("f6", "toggle_hint", "Hint"),
        Binding("f3", "toggle_rules", "Rules"),
        Binding("pageup", "scroll(-1)", "Scroll up", show=False),  # the rules, else the moves
        Binding("pagedown", "scroll(1)", "Scroll down", show=False),
        # The setup panel shows these keys beside what they change (the footer has no room).
        Binding("f4", "cycle('mode')", "Mode", show=False),
        Binding("f5", "cycle('variant')", "Variant", show=False),
        Binding("f7", "cycle('min-length')", "Shortest word", show=False),
        Binding("f8", "cycle('first')", "Who starts", show=False),
        Binding("ctrl+t", "cycle('style')", "Computer's style", show=False),
        Binding("ctrl+n", "new_game", "New game"),
        Binding("escape", "app.pop_screen", "Back"),
    ]
    IN_ORDER: ClassVar[dict[str, str]] = {
        "ctrl+n": "new_game",
        "tab": "switch('at_front')",  # as bindings, they would run after the letters behind
        "ctrl+r": "switch('reverse')",
    }

    def __init__(self, request: GameRequest, history: History) -> None:
        super().__init__()
        self.words = request.words  # a word list file, or None for the bundled list
        self.seed = request.seed  # the watched games' seed (None: random)
        self.history = history
        self.game: GhostGame = new_round(request)
        self.vocab: SolvedGame | None = None  # the latest solved, reused for the same setup
        self.hint = False
        self.rules_shown = False
        self.reports: dict[tuple[str, int], tuple[dict | None, str]] = {}  # strategy summaries
        self.pause_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="ghost-area"):
            yield GhostBoard(id="ghost-main")
            with Vertical(id="ghost-side"):
                yield SetupPanel(self.game.setup)
                yield MoveList(id="moves-box")
        yield Footer()
        yield GhostComputer(self.words)

    def on_mount(self) -> None:
        self.query_one(SetupPanel).keep_keys_for_the_game()
        self.new_game(self.game.setup)

    @property
    def board(self) -> GhostBoard:
        return self.query_one(GhostBoard)

    @property
    def computer(self) -> GhostComputer:
        return self.query_one(GhostComputer)

    @property
    def match(self) -> GhostMatch | None:
        return self.game.match

    @property
    def computer_to_move(self) -> bool:
        return self.game.computer_to_move

    @property
    def setup(self) -> GhostSetup:
        """The setup of the game being played (or solved); the panel may show another."""
        return self.game.setup

    # Setting up

    def new_game(self, setup: GhostSetup) -> None:
        """Start a game with `setup`: solve its vocabulary (or reuse it), then play."""
        if self.pause_timer is not None:
            self.pause_timer.stop()
        self.game = GhostGame(setup)
        self.post_message(KeepRequest(reopening(setup)))
        self.refresh_bindings()  # the footer offers Tab and ctrl+r by variant
        self.show()  # the new setup's title, hint and rules, while it is solved
        self.board.show_solving(True)
        self.board.say(f"Solving {VARIANT_TITLES[setup.variant]} (the first time takes a moment)…")
        if self.vocab is not None and (self.vocab.variant, self.vocab.min_length) == setup.key:
            self.on_ghost_computer_solved(GhostComputer.Solved(setup.key, self.vocab))  # at once
        else:
            self.computer.solve(setup.key)

    def on_ghost_computer_solved(self, message: GhostComputer.Solved) -> None:
        if not self.game.solving or message.key != self.setup.key:
            return  # the setup changed while solving, or this game is already on
        self.board.show_solving(False)
        if message.vocab is None:
            self.game.error = message.error
            self.board.say(message.error)
            return
        self.vocab = message.vocab
        if self.setup.mode != "computer":
            self.open_mode(message.vocab)
            return
        self.game.begin(message.vocab)
        self.board.say(text.START)
        self.show()
        self.computer_turn()

    def on_setup_panel_changed(self, message: SetupPanel.Changed) -> None:
        if message.setup != self.setup:
            self.action_new_game()

    def on_setup_panel_new_game(self) -> None:
        self.action_new_game()

    def action_new_game(self) -> None:
        """Start a game with the panel's setup; first ask, if that abandons a game under way."""
        if self.question is not None:
            return
        if not self.game.in_progress:
            self.new_game(self.query_one(SetupPanel).setup)
            return
        self.ask(ABANDON, self.abandon_and_start, self.keep_the_game)

    def keep_the_game(self) -> None:
        """No to abandoning: the panel shows the game's setup again."""
        self.query_one(SetupPanel).show(self.setup)
        self.refresh_bindings()
        self.show()

    def abandon_and_start(self) -> None:
        if self.game.in_progress:  # the game may have ended while the question was open
            self.history.record(*self.game.record(abandoned=True))
            warn_if_unsaved(self, self.history)
        self.new_game(self.query_one(SetupPanel).setup)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer Tab in the variants that play at the front, ctrl+r where one may reverse,
        and who starts and the computer's style when the next game is against the computer."""
        if parameters == ("at_front",):
            return self.setup.variant in FRONT_AND_END
        if parameters == ("reverse",):
            return self.setup.variant == "superduper"
        if action == "cycle" and parameters and parameters[0] in AGAINST_THE_COMPUTER:
            return self.chosen.mode == "computer"
        return True

    @property
    def chosen(self) -> GhostSetup:
        """The setup the panel shows for the next game (the game's own until it is built)."""
        panels = self.query(SetupPanel)
        return panels.first().setup if panels and panels.first().is_mounted else self.setup

    def open_mode(self, vocab: SolvedGame) -> None:
        """Open the screen of the setup's mode (watch, or hot-seat); back here afterwards."""
        from .hotseat import HotSeatScreen
        from .watch import WatchScreen

        setup = self.setup
        if setup.mode == "watch":
            screen: Screen = WatchScreen(vocab, setup, self.seed)
        else:
            screen = HotSeatScreen(vocab, setup)
        self.board.say("")
        self.app.push_screen(screen, lambda _: self.back_from_mode())

    def back_from_mode(self) -> None:
        """Back from another mode: its setup stays on the panel, and no game starts (a key
        typed next is no move) until one is chosen: ctrl+n, the setup keys or the selects."""
        setup = self.setup
        self.game = GhostGame(setup, paused=text.back_from(setup))
        self.query_one(SetupPanel).show(setup)
        self.refresh_bindings()
        self.show()
        self.board.say(self.game.paused)

    def action_cycle(self, name: str) -> None:
        """Choose the next option of a setup select (F4, F5, F7, F8, ctrl+t); ctrl+n starts
        the game. The app remembers the choice for Ghost's next opening (but for the way to
        play: a mode not started yet does not open by itself)."""
        panel = self.query_one(SetupPanel)
        chosen = panel.cycle(name)
        self.post_message(KeepRequest(reopening(replace(panel.setup, mode=self.setup.mode))))
        self.refresh_bindings()  # who starts and the style apply against the computer only
        self.show()
        self.board.say(f"Next game: {chosen}. ctrl+n to start it.")

    def action_scroll(self, pages: int) -> None:
        """PageUp, PageDown: scroll the rules when shown, else the moves."""
        if self.rules_shown:
            self.board.scroll_rules(pages)
        else:
            self.query_one(MoveList).scroll_pages(pages)

    def action_toggle_rules(self) -> None:
        """Show or hide the rules of the variant, with the winner's strategy to memorise."""
        self.rules_shown = not self.rules_shown
        self.show_rules()

    def show_rules(self) -> None:
        """Fill the rules panel (asking the computer for the summary the first time)."""
        if self.rules_shown and self.setup.key not in self.reports:
            self.reports[self.setup.key] = (None, "")  # asked for: it comes in a message
            self.computer.summarize(self.setup.key)
        report, error = self.reports.get(self.setup.key, (None, ""))
        shown = text.rules_panel(self.setup, report, error) if self.rules_shown else ""
        self.board.show_rules(shown)

    def on_ghost_computer_summarized(self, message: GhostComputer.Summarized) -> None:
        self.reports[message.key] = (message.report, message.error)
        self.show_rules()

    # Showing state

    def show(self) -> None:
        match, setup = self.match, self.setup
        chosen = self.chosen
        title = text.title_text(setup) if chosen == setup else text.next_title(chosen)
        if match is None:
            self.board.show(title, "", "")
            self.query_one(MoveList).show("No moves yet.")
        else:
            turn = text.turn_text(match, setup, self.game)
            self.board.show(title, match.fragment, turn)
            self.query_one(MoveList).show(text.move_lines(match, setup))
        hint = ""
        if self.hint:
            hint = text.hint_text(match, setup) if match else "Hint: on, once the game starts."
        self.board.show_hint(hint)
        self.show_rules()

    # Moves

    def key_action(self, key: str) -> str | None:
        """Xghost's caret keys too; Tab and ctrl+r only in the variants they apply to."""
        if key in CARET_KEYS and self.setup.variant == "xghost":
            return f"caret({key!r})"
        action = super().key_action(key)
        if action is not None and not self.check_action(*parse(action)[1:]):
            return None  # left to the app (Tab moves the focus)
        return action

    def action_caret(self, key: str) -> None:
        """Xghost: move the caret, where the next letter goes."""
        self.say_or_show(self.game.move_caret(key))

    def letter(self, letter: str) -> None:
        """A letter typed: the next play."""
        why = self.game.play_letter(letter)
        if why is None:
            self.after_move()
        elif why:
            self.board.say(why)

    def after_move(self) -> None:
        self.board.say("")
        self.show()
        match = self.match
        if match is not None and match.over:
            self.board.say(text.end_explanation(match, self.setup))
            self.history.record(*self.game.record(abandoned=False))
            warn_if_unsaved(self, self.history)
        elif self.game.computer_to_move:
            self.pause_timer = self.set_timer(COMPUTER_PAUSE, self.computer_turn)

    def computer_turn(self) -> None:
        if self.game.computer_to_move:
            self.computer.think(self.match, self.setup.style)

    def on_work_failed(self, message: WorkFailed) -> None:
        """The computer could not move (an expected error, such as too little memory)."""
        message.stop()
        self.board.say(f"{message.text} (ctrl+n for a new game)")

    def on_ghost_computer_moved(self, message: GhostComputer.Moved) -> None:
        if self.game.computer_plays(message.match, message.before, message.play):
            self.after_move()

    def action_switch(self, choice: str) -> None:
        """Tab, ctrl+r: switch where the next letter goes, or whether it reverses first."""
        self.say_or_show(self.game.toggle(choice))

    def say_or_show(self, why: str | None) -> None:
        """Say why a key changed nothing, or show what it changed."""
        if why:
            self.board.say(why)
        else:
            self.show()

    def action_toggle_hint(self) -> None:
        self.hint = not self.hint
        self.show()


def ghost_screen(request: GameRequest, host: Host) -> GhostScreen:
    """Ghost, on its own words (not the word-list set): the screen of Ghost's catalog entry."""
    return GhostScreen(request, host.history)
