"""The shape shared by the guessing games: a board, a side panel, and the on-screen keyboard.

Typed letters build a guess; Enter hands it to the round, which accepts it or says why not.
The round is saved after every move and resumed when the same game is opened again; a game
keeps one unfinished round, so opening it in another mode or on other word lists while one is
under way asks first (no goes back and leaves it saved, yes records it as abandoned). A round
that names its own answer (--target, --seed) is saved in a slot of its own and never resumed:
it never displaces the saved game, and ctrl+n on it goes back to that game.

Every key that changes the game (letters, Enter, Backspace, ctrl+n, ...) is handled in the
screen's own queue, in the order it was typed (`GuessingScreen`, `ui/typing.py`): bindings would
run in the app's queue and let a fast typist's next letters overtake the Enter before them. The
board is updated in place (rows are only ever added or removed at the end), so a key can never
meet a board that is half rebuilt.

The board and the keyboard share a column, centred together (the board as tall as its rows);
the side panel says where the game stands.
A tall terminal gets big tiles (the screen's `-large` class), a short one one-line tiles (the
app's `-compact`, which also hides the rows not reached yet). Once the game is over the footer
offers the result instead of Guess and Delete.
"""

from __future__ import annotations

from functools import partial

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from ...gameplay.catalog import GameRequest, new_round, title
from ...gameplay.jotto import JottoRound
from ...gameplay.multi import MultiRound
from ...gameplay.session import (
    Keeper,
    abandoned_note,
    kind_of,
    lists_name,
    replace_fresh,
    resume,
)
from ...gameplay.wordle import WordleRound
from ...history import History
from ...plural import plural
from ...solver.choices import WordleGame
from ...solver.listsets import DEFAULT
from ..confirm import warn_if_unsaved
from ..typing import ABANDON, GuessingScreen
from ..widgets import FLIP_STEP, BoardRow, Footer, Keyboard, Note

Round = WordleRound | JottoRound
LARGE = (120, 44)  # the least width and height that get big tiles
KEYBOARD_HEIGHT = {False: 3, True: 9}  # lines, by tile size (app.tcss: #keyboard)


class BoardScreen(GuessingScreen):
    """Play one round of a guessing game; subclasses say how rounds are made and shown.
    Keys, typing and Enter are `GuessingScreen`'s (`ui/typing.py`)."""

    game: Round

    def __init__(self, request: GameRequest, history: History) -> None:
        super().__init__()
        self.request = request
        self.history = history
        self.typed = ""
        self.rows: list[BoardRow] = []
        self.keeper: Keeper
        self.closed: str | None = None  # why no move is taken (a daily puzzle played already)

    # What subclasses provide

    def new_round(self, request: GameRequest) -> Round:
        """A fresh round of the request's game, made as the catalog says."""
        return new_round(request)

    def refresh_all(self) -> None:
        raise NotImplementedError

    def show_typing(self) -> None:
        """Show what is typed so far (subclasses redraw just the typing row)."""
        self.refresh_all()

    def saved_round(self) -> tuple[Round, str] | None:
        """The saved unfinished round of this screen's slot, with its start time, or None."""
        saved = resume(self.history, self.request.game, self.request.lists, self.day)
        if saved is None:
            return None
        game, started = saved
        if isinstance(game, MultiRound):  # a board game's slot never holds one
            return None
        return game, started

    def resumable(self, game: Round) -> bool:
        """Whether a saved unfinished round fits this request (its mode, its word lists)."""
        return lists_name(game) == self.lists_name

    @property
    def day(self) -> int | None:
        """The daily puzzle this screen plays (its own unfinished-game slot), or None."""
        return None

    @property
    def lists_name(self) -> str:
        """The name of the word-list set this screen plays on."""
        return self.request.lists.name if self.request.lists is not None else DEFAULT

    @property
    def word_length(self) -> int:
        """Letters in a word of the round on screen: its word-list set's (Jotto's five)."""
        return getattr(self.game, "length", 5)

    @property
    def typing_limit(self) -> int:
        """A guess has as many letters as a word of the round."""
        return self.word_length

    @property
    def row_count(self) -> int:
        """How many board rows to show: the rows played and one to type in."""
        return len(self.game.rows) + (0 if self.game.over else 1)

    def after_guess(self) -> None:
        self.show_board()
        if self.game.over:
            self.query_one(Note).text = ""
            self.refresh_bindings()
            flips = any(row.busy for row in self.rows)
            wait = FLIP_STEP * (self.word_length + 1)
            self.set_timer(wait, self.show_result) if flips else self.show_result()

    def wants_saved(self) -> bool:
        """Whether to look for a saved unfinished round (not when the request names a word)."""
        return not self.request.fresh

    @property
    def fresh(self) -> bool:
        """Whether the round names its own answer (not a daily puzzle): it is kept in its
        game's fresh slot, so the ordinary saved game is never displaced."""
        return self.request.fresh and self.day is None

    def start_round(self) -> str:
        """Set `game` and `keeper`: the saved round if it fits, else a new one; return a note."""
        if self.fresh:
            replace_fresh(self.history, self.request.game)
        saved = self.saved_round() if self.wants_saved() else None
        if saved and self.resumable(saved[0]):
            self.game, started = saved
            self.keeper = Keeper(self.history, self.game, started)
            return "Resumed your unfinished game."
        self.game = self.new_round(self.request)
        self.keeper = Keeper(self.history, self.game, fresh=self.fresh)
        if saved and saved[0].rows and not saved[0].over:  # another mode's or lists': ask
            yes = partial(self.abandon_saved, *saved)
            self.ask(unfinished_question(saved[0]), yes, self.go_back)
        elif saved:
            Keeper(self.history, saved[0], saved[1]).abandon()  # no move yet: nothing is lost
        return ""

    def abandon_saved(self, game: Round, started: str) -> None:
        """Record the saved round of another mode or lists as abandoned, and say its word."""
        Keeper(self.history, game, started).abandon()
        warn_if_unsaved(self, self.history)
        self.query_one(Note).text = f"{abandoned_note(game)} New game."

    # Shared behaviour

    def compose(self) -> ComposeResult:
        with Horizontal(id="play-area"):
            with Vertical(id="board-column"):
                yield VerticalScroll(id="board")
                yield Keyboard(id="keyboard")
            with Vertical(id="side"):
                yield Static(id="title")
                yield Static(id="info")
                yield Note(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Note).text = self.start_round()
        self.show_board()
        self.refresh_bindings()
        if self.game.over:
            self.show_result()

    def on_resize(self, event: events.Resize) -> None:
        """Big tiles when the terminal has room for them; the board as tall as its rows
        (the keyboard right below it, the two centred together), at most what the keyboard
        and the footer leave."""
        large = event.size.width >= LARGE[0] and event.size.height >= LARGE[1]
        self.set_class(large, "-large")
        keyboard = KEYBOARD_HEIGHT[large]
        self.query_one("#board").styles.max_height = max(1, event.size.height - 1 - keyboard)

    def show_result(self) -> None:
        """The result dialog (new game, watch, copy the share text)."""
        from .result import ResultScreen

        light = not self.app.current_theme.dark
        contrast = self.app.has_class("-high-contrast")
        self.app.push_screen(
            ResultScreen(self.game, self.history, contrast, light=light), self.after_result
        )

    def show_board(self) -> None:
        """Make the board have `row_count` rows (adding or removing at the end), then show."""
        board = self.query_one("#board", VerticalScroll)
        if self.rows and len(self.rows[0].tiles) != self.word_length:  # a round of another length
            for row in self.rows:
                row.remove()
            self.rows.clear()
        missing = self.row_count - len(self.rows)
        if missing > 0:
            added = [BoardRow(self.word_length) for _ in range(missing)]
            self.rows += added
            board.mount_all(added)
        elif missing < 0:
            for row in self.rows[missing:]:
                row.remove()
            del self.rows[missing:]
        self.refresh_all()

    def before_key(self) -> None:
        """A key ends every animation at once (the state is already up to date)."""
        for row in self.rows:
            row.finish()

    def refuse(self, text: str | Text) -> None:
        """Say why the guess was refused, with the bell, and shake the typing row."""
        super().refuse(text)
        typing = len(self.game.rows)
        if typing < len(self.rows):
            self.rows[typing].shake()

    def leave_question(self) -> str | None:
        """What to ask before ctrl+n leaves the game on screen (None: it loses nothing)."""
        game = self.game
        if game.over or not game.rows or self.keeper.recorded or self.closed:
            return None
        return ABANDON

    def new_game(self) -> None:
        """A new game; from a fresh one, the ordinary game (the saved one, if any, resumed)."""
        fresh = self.fresh
        game, kept = self.game, self.keeper
        gives_up = bool(game.rows) and not game.over and not kept.recorded
        abandoned = f"{abandoned_note(game)} " if gives_up else ""
        self.keeper.abandon()
        warn_if_unsaved(self, self.history)
        again = GameRequest(
            self.request.game,
            hard=self.request.hard,
            perfect=self.request.perfect,
            lists=self.request.lists,
        )
        self.typed = ""
        self.closed = None
        if fresh:
            self.request = again
            self.query_one(Note).text = abandoned + (self.start_round() or "New game.")
        else:
            self.game = self.new_round(again)
            self.keeper = Keeper(self.history, self.game)
            self.query_one(Note).text = f"{abandoned}New game."
        self.show_board()
        self.refresh_bindings()


def unfinished_question(game: Round) -> str:
    """What to ask before abandoning a saved round of another mode or word lists."""
    kind = kind_of(game)
    name = getattr(game, "puzzle_name", None)
    if name is None:
        name = title(kind)
        name = ("An " if name[0] in "AEIOU" else "A ") + f"{name} game"
    setup = [("hard" if game.hard else "normal") + " mode"] if isinstance(game, WordleRound) else []
    if isinstance(game, WordleRound) and game.perfect:
        setup.append("the perfect replier")
    setup.append(plural(len(game.rows), "guess", "guesses"))
    return abandon_question(name, lists_name(game), setup, streak=kind == WordleGame.WORDLE)


def abandon_question(name: str, lists: str, setup: list[str], streak: bool = False) -> str:
    """Ask whether to abandon `name`, a game on other lists or in another mode, and start anew."""
    loss = "a loss that ends your streak" if streak else "a loss"
    return (
        f"{name} on {lists} lists ({', '.join(setup)}) is unfinished. "
        f"Abandon it ({loss}) and start this one?\n\ny abandons · n goes back"
    )
