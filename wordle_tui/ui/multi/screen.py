"""The multi-board games: 2, 4 or 8 boards side by side (Dordle, Quordle, Octordle), or 16
and 32 a line each (Sedecordle, Duotrigordle), one guess for them all.

Opened without a seed or answers (the menu, `play quordle`), the screen plays today's daily
puzzle, kept in a slot of its own: a day played already is shown as it ended. ctrl+n goes on
to free play (the unfinished free game resumed, else a new one drawn at random); ctrl+n in a
free game under way asks first, as every game does. A round that names its answers or seed
(`play quordle --seed 7`) is saved in the game's fresh slot and never displaces the others.

Every key that changes the game (letters, Enter, Backspace, ctrl+n) is handled in typing
order (`GuessingScreen`, `ui/typing.py`). The round is saved after every guess and recorded
once it ends (`Keeper`).
Dordle and Quordle fit 80x24 with one-line tiles three cells wide; Octordle's eight boards
take one cell a tile and two-line keys, and fit 80x24 too (the whole scrolls when smaller);
on a wider terminal their tiles grow to two or three cells. The whole is centred.
Sixteen and thirty-two boards are a line each (`MiniBoard.line`), in columns, over the word
typed, the message and the keyboard, which stay in place while the boards scroll; `many_layout`
chooses the columns and the keys' form for the terminal's size (at 120x40 every board shows,
with keys split by board; at 80x24 Sedecordle's sixteen lines show with one-letter keys, and
Duotrigordle's scroll).
"""

from __future__ import annotations

import json
from dataclasses import replace

from textual import events
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from ...gameplay.catalog import GameRequest, new_round
from ...gameplay.daily import clock_note, day_number, played_day
from ...gameplay.multi import MANY, MultiRound
from ...gameplay.session import Keeper, Round, abandoned_note, from_saved, replace_fresh, resume
from ...history import History, SavedGame
from ...plural import plural
from ...solver.listsets import DEFAULT
from ...solver.multi.variants import variant
from ..confirm import warn_if_unsaved
from ..typing import ABANDON, GuessingScreen
from ..widgets import Footer, Note
from .widgets import MiniBoard, MultiKeyboard, TypedWord, many_layout, tile_width


def multi_round(game: Round) -> MultiRound:
    """`game`, a round a multi-board game's slot holds: a multi-board round."""
    if not isinstance(game, MultiRound):
        raise TypeError(f"a multi-board game's slot holds {type(game).__name__}")
    return game


class MultiScreen(GuessingScreen):
    """Play a multi-board game, Dordle to Duotrigordle (the request's game); keys, typing and
    Enter are `GuessingScreen`'s."""

    DEFAULT_CSS = """
    MultiScreen #multi { height: 1fr; align-vertical: middle; }
    MultiScreen #multi-title { width: 100%; height: 1; text-align: center; }
    MultiScreen #multi-boards { width: 100%; height: auto; align-horizontal: center; }
    MultiScreen #multi-message {
        width: 100%; height: auto; min-height: 1; color: $warning; text-align: center;
    }
    MultiScreen #multi-scroll { height: 1fr; scrollbar-size-vertical: 1; }
    MultiScreen #multi-lines {
        height: auto; padding: 0 1; grid-rows: 1; grid-gutter: 0 2; grid-columns: 1fr;
    }
    """

    game: MultiRound
    typing_limit = 5  # letters in a guess

    def __init__(self, request: GameRequest, history: History) -> None:
        super().__init__()
        named = request.target is not None or request.seed is not None
        if not named and request.day is None:  # the daily puzzle, fixed at opening
            request = replace(request, day=request.daily_day or day_number(), daily=False)
        self.request = request
        self.history = history
        self.typed = ""
        self.keeper: Keeper
        self.closed: str | None = None  # why no move is taken (a daily puzzle played already)
        self.boards: list[MiniBoard] = []
        self.title_shown = ""  # the title's text as last shown

    @property
    def day(self) -> int | None:
        """The daily puzzle this screen plays, or None (free play)."""
        return self.request.day

    @property
    def fresh(self) -> bool:
        """Whether the round names its answers or seed: kept in the game's fresh slot."""
        return self.request.target is not None or self.request.seed is not None

    @property
    def lists_name(self) -> str:
        return self.request.lists.name if self.request.lists is not None else DEFAULT

    # Rounds

    def start_round(self) -> str:
        """Set `game` and `keeper`: a daily puzzle played already as it ended, else the saved
        round of this slot if it fits, else a new one; return a note."""
        if self.day is not None:
            row = played_day(self.history, self.day, self.lists_name, self.request.game)
            if row is not None:
                return self.played_already(row)
        if self.fresh:
            replace_fresh(self.history, self.request.game)
        saved = None
        if not self.fresh:
            saved = resume(self.history, self.request.game, self.request.lists, self.day)
        kept = multi_round(saved[0]) if saved else None
        if saved and kept and kept.lists.name == self.lists_name:
            self.game, started = kept, saved[1]
            self.keeper = Keeper(self.history, self.game, started)
            return "Resumed your unfinished game."
        self.game = new_round(self.request)
        self.keeper = Keeper(self.history, self.game, fresh=self.fresh)
        if saved and kept and kept.words and not kept.over:  # on other word lists: ask
            old, started = kept, saved[1]
            question = (
                f"{old.puzzle_name} on {old.lists.name} lists "
                f"({plural(len(old.words), 'guess', 'guesses')}) is unfinished. Abandon it "
                "(a loss) and start this one?\n\ny abandons · n goes back"
            )
            self.ask(question, lambda: self.abandon_saved(old, started), self.go_back)
        elif saved:
            Keeper(self.history, saved[0], saved[1]).abandon()  # no move yet: nothing lost
        if self.day is not None:
            return " ".join(filter(None, (f"{self.game.puzzle_name}.", clock_note())))
        return ""

    def played_already(self, row: dict) -> str:
        """Show a daily puzzle played already, as it ended; it takes no more moves."""
        moves = [tuple(m) for m in json.loads(row["moves"])]
        saved = SavedGame(self.request.game, row["variant"], row["target"], moves, row["started"])
        self.game = multi_round(from_saved(saved, self.request.lists))
        self.keeper = Keeper(self.history, self.game, row["started"])
        self.keeper.recorded = True
        if not self.game.over:
            self.closed = f"You gave up {self.game.puzzle_name}: ctrl+n for free play."
        return f"You played {self.game.puzzle_name} already: this is how it went."

    def abandon_saved(self, game: MultiRound, started: str) -> None:
        Keeper(self.history, game, started).abandon()
        warn_if_unsaved(self, self.history)
        self.say(f"{abandoned_note(game)} New game.")

    # Showing

    def compose(self) -> ComposeResult:
        shape = variant(self.request.game)
        boards, limit = shape.boards, shape.limit
        if boards > MANY:
            yield from self.compose_many(boards, limit)
            return
        tile = tile_width(boards, self.app.size.width)
        self.boards = [MiniBoard(b + 1, limit, tile) for b in range(boards)]
        with VerticalScroll(id="multi"):
            yield Static(id="multi-title")
            with Horizontal(id="multi-boards"):
                yield from self.boards
            yield Note(id="multi-message")
            yield MultiKeyboard(boards, id="multi-keyboard")
        yield Footer()

    def compose_many(self, boards: int, limit: int) -> ComposeResult:
        """Many boards: a line each, scrolling, over the word typed, the message and the keys."""
        self.boards = [MiniBoard(b + 1, limit, line=True) for b in range(boards)]
        with Vertical(id="multi"):
            yield Static(id="multi-title")
            with VerticalScroll(id="multi-scroll"), Grid(id="multi-lines"):
                yield from self.boards
            yield TypedWord(id="multi-typed")
            yield Note(id="multi-message")
            yield MultiKeyboard(boards, id="multi-keyboard")
        yield Footer()

    @property
    def many(self) -> bool:
        """Whether the boards are a line each (more than fit side by side)."""
        return len(self.boards) > MANY

    def arrange_lines(self, width: int, height: int) -> None:
        """Columns of board lines, their scroll's height and the keys' form for this size."""
        layout = many_layout(len(self.boards), width, height)
        lines = self.query_one("#multi-lines", Grid)
        lines.styles.grid_size_columns = layout.columns
        # what the title, the word, the message and the keys leave, up to every line
        self.query_one("#multi-scroll", VerticalScroll).styles.max_height = layout.height
        self.query_one(MultiKeyboard).split_keys(layout.split_keys)

    def on_mount(self) -> None:
        if self.many:
            self.arrange_lines(self.app.size.width, self.app.size.height)
        self.say(self.start_round())
        if hasattr(type(self.app), "high_contrast"):  # F2: the tiles' and keys' colours
            self.watch(self.app, "high_contrast", self.contrast_changed, init=False)
        self.show_game()
        self.refresh_bindings()
        if self.game.over and not self.closed and not self.keeper.recorded:
            self.show_result()

    def on_resize(self, event: events.Resize) -> None:
        """Tiles as wide as the terminal has room for; many boards' lines arranged for it."""
        if self.many:
            self.arrange_lines(event.size.width, event.size.height)
            return
        tile = tile_width(len(self.boards), event.size.width)
        for board in self.boards:
            if board.tile != tile:
                board.tile = tile
                board.refresh(layout=True)

    def reveal_open_board(self) -> None:
        """Many boards scrolled: if no board still open is in view, scroll to the first."""
        scroll = self.query_one("#multi-scroll", VerticalScroll)
        columns = self.query_one("#multi-lines", Grid).styles.grid_size_columns or 1
        rows = [b // columns for b, at in enumerate(self.game.results()) if at is None]
        top, height = round(scroll.scroll_y), scroll.scrollable_content_region.height
        if rows and not any(top <= row < top + height for row in rows):
            scroll.scroll_to(y=rows[0], animate=False)

    def contrast_changed(self, _high: bool) -> None:
        """Redraw the boards and keys in the colours of the contrast now chosen."""
        for board in self.boards:
            board.refresh()
        self.show_game()

    def show_game(self) -> None:
        """Show every board, the typing row on each open one, the keyboard and the title."""
        game = self.game
        over, results = game.over, game.results()
        for board, shown in zip(self.boards, game.boards(), strict=True):
            open_board = shown.solved_at is None and not over and not board.line
            board.show(shown, self.typed if open_board else None)
        self.show_word()
        states = [
            None if solved is not None else {k: v.name.lower() for k, v in game.keyboard(b).items()}
            for b, solved in enumerate(results)
        ]
        self.query_one(MultiKeyboard).show(states)
        title = self.title_text()
        if title != self.title_shown:  # unchanged: no new layout for every letter typed
            self.title_shown = title
            self.query_one("#multi-title", Static).update(title, layout=False)  # one line

    def show_word(self) -> None:
        """Many boards: the word typed, under their lines (blank once no word can be played)."""
        if self.many:
            playing = not self.game.over and not self.closed
            self.query_one(TypedWord).show(self.typed if playing else None)

    def title_text(self) -> str:
        on = "" if self.lists_name == DEFAULT else f" [dim]· {self.lists_name}[/dim]"
        outcome = self.game.outcome(missed=not self.many)  # many boards: on their lines
        return f"[b]{self.game.puzzle_name}[/b]{on} · {outcome}"

    def show_typing(self) -> None:
        """The typing row is on every open board: show the whole game; many boards' lines
        have none, and only the word under them changes."""
        if self.many:
            self.show_word()
        else:
            self.show_game()

    def after_guess(self) -> None:
        """Show the guess on every board; the result, if it ended the game."""
        self.show_game()
        if self.many:
            self.call_after_refresh(self.reveal_open_board)
        if self.game.over:
            self.refresh_bindings()
            self.show_result()

    def show_result(self) -> None:
        from .result import MultiResultScreen

        light = not self.app.current_theme.dark
        contrast = self.app.has_class("-high-contrast")
        dialog = MultiResultScreen(self.game, self.history, contrast, light=light)
        self.app.push_screen(dialog, self.after_result)

    # New games

    def leave_question(self) -> str | None:
        """What to ask before ctrl+n leaves the game (None: it loses nothing)."""
        game = self.game
        if game.over or not game.words or self.keeper.recorded or self.closed:
            return None
        if self.day is not None:
            return f"Leave {game.puzzle_name} for later? It is kept, unfinished."
        return ABANDON

    def new_game(self) -> None:
        """Free play: from a daily or fresh round, the free game (resumed if unfinished); from a
        free game, a new one (the one under way recorded as abandoned)."""
        game, free = self.game, self.day is None and not self.fresh
        under_way = bool(game.words) and not game.over and not self.keeper.recorded
        note = ""
        if self.day is not None:
            note = f"{game.puzzle_name} is kept for later. " if under_way else ""
        else:
            note = f"{abandoned_note(game)} " if under_way else ""
            self.keeper.abandon()
            warn_if_unsaved(self, self.history)
        self.request = GameRequest(self.request.game, lists=self.request.lists)
        self.typed, self.closed = "", None
        if free:
            self.game = new_round(self.request)
            self.keeper = Keeper(self.history, self.game)
            started = ""
        else:
            started = self.start_round()
        self.say(note + (started or "New game."))
        self.show_game()
        self.refresh_bindings()
