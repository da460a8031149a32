"""The multi-board games' widgets: a board of one-line tiles, and keys split by board.

They show what they are given (a `Board` of the round, the letters typed, each board's letter
states) and compute nothing. States read without colour too, as the Wordle board's compact
tiles do: right spot = bold underlined capital, wrong spot = italic capital, not in the word =
lower case; a key's segment is `=` (right spot), `~` (wrong spot), `.` (not in the word) on its
board's colour, blank for a board not tried or solved.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from ...gameplay.multi import Board
from ..widgets import KEY_ROWS, REPLY_STATES, Key

COLOURS = {
    False: {"correct": "#538d4e", "present": "#b59f3b", "absent": "#3a3a3c"},
    True: {"correct": "#f5793a", "present": "#85c0f9", "absent": "#3a3a3c"},
}
DARK_TEXT = {(True, "present")}  # high contrast's light blue takes black letters
LOOKS = {"correct": "bold underline", "present": "italic", "absent": ""}
MARKS = {"correct": "=", "present": "~", "absent": "."}
KEY_WIDTH = 5  # a key: its board segments around the letter


def high_contrast(widget: Widget) -> bool:
    """Whether the app shows high-contrast colours."""
    try:
        return widget.app.has_class("-high-contrast")
    except Exception:  # not attached to a running app
        return False


def state_style(state: str, contrast: bool) -> Style:
    """A tile's or segment's colours and look in a reply state."""
    colour = "black" if (contrast, state) in DARK_TEXT else "white"
    looks = LOOKS[state]
    return Style.parse(f"{looks} {colour} on {COLOURS[contrast][state]}".strip())


def tile_width(boards: int, width: int) -> int:
    """A tile's width for `boards` boards side by side on a terminal `width` cells wide: 3 for
    Dordle and Quordle, and for more boards the widest of 3, 2 and 1 that fits."""
    if boards <= 4:
        return 3
    return next((t for t in (3, 2) if boards * (5 * t + 2) <= width), 1)


class MiniBoard(Widget):
    """One board: a heading line, then a line of tiles per guess allowed.

    `tile` is a tile's width: 3 (" A ") for Dordle and Quordle, 1 to 3 for Octordle's eight
    boards (`tile_width`: as wide as the terminal allows).
    """

    DEFAULT_CSS = "MiniBoard { width: auto; height: auto; margin: 0 1; }"

    def __init__(self, number: int, limit: int, tile: int = 3, **kwargs) -> None:
        super().__init__(**kwargs)
        self.number = number
        self.limit = limit
        self.tile = tile
        self.board: Board | None = None
        self.typing: str | None = None

    def show(self, board: Board, typing: str | None) -> None:
        """Show the board's rows, and `typing` on its next row (None: it takes no more rows)."""
        if (board, typing) == (self.board, self.typing):
            return
        self.board, self.typing = board, typing
        self.refresh()

    def get_content_width(self, container, viewport) -> int:
        return 5 * self.tile

    def get_content_height(self, container, viewport, width: int) -> int:
        return 1 + self.limit

    def heading(self) -> Text:
        """The board's number and result; once it is over, its answer."""
        board, width = self.board, 5 * self.tile
        if board is None:
            return Text(str(self.number).center(width))
        solved = f"✓{board.solved_at}" if board.solved_at is not None else ""
        if board.answer is None:
            text = f"{self.number} {solved}" if self.tile > 1 or not solved else solved
            return Text(text.strip().center(width), style="bold" if solved else "dim")
        if self.tile == 1:
            return Text(board.answer.upper(), style="bold green" if solved else "bold red")
        mark = solved or "✗"
        return Text(f"{board.answer.upper()} {mark}".center(width), style="bold")

    def tile_text(self, letter: str, state: str | None, contrast: bool) -> Text:
        """One tile: a letter in a reply state, or typed (state None), or an empty place."""
        pad = " " * ((self.tile - 1) // 2)
        after = " " * (self.tile - 1 - len(pad))
        if state is None:
            shown = letter.upper() if letter.strip() else "·"
            style = "bold reverse" if letter.strip() else "dim"
            return Text(f"{pad}{shown}{after}", style=style)
        shown = letter.lower() if state == "absent" else letter.upper()
        return Text(f"{pad}{shown}{after}", style=state_style(state, contrast))

    def row_text(self, word: str, reply: str | None, contrast: bool) -> Text:
        line = Text()
        for i in range(5):
            letter = word[i] if i < len(word) else " "
            state = REPLY_STATES[reply[i]] if reply is not None else None
            line.append_text(self.tile_text(letter, state, contrast))
        return line

    def render(self) -> Text:
        contrast = high_contrast(self)
        lines = [self.heading()]
        rows = self.board.rows if self.board is not None else ()
        lines += [self.row_text(r.word, r.reply, contrast) for r in rows]
        if self.typing is not None and len(lines) <= self.limit:
            lines.append(self.row_text(self.typing, None, contrast))
            while len(lines) <= self.limit:
                lines.append(self.row_text("", None, contrast))
        while len(lines) <= self.limit:
            lines.append(Text(" " * 5 * self.tile))
        return Text("\n").join(lines)

    def lines(self) -> list[str]:
        """The text shown, a line each (for tests)."""
        return self.render().plain.split("\n")


class MultiKey(Key):
    """A letter key split in segments, one per board: that board's state of the letter."""

    def __init__(self, key: str, boards: int) -> None:
        super().__init__(key)
        self.boards = boards
        self.states: tuple[str | None, ...] = ()
        self.shown = Text(key.upper())  # the label shown

    def show_boards(self, states: tuple[str | None, ...], contrast: bool) -> None:
        """Show each board's state of the letter (None: a board solved, left blank)."""
        self.states = states
        self.state = "absent" if states and all(s in ("absent", None) for s in states) else ""
        lines, per_line = [], min(4, len(states))
        for start in range(0, len(states), per_line):
            part = states[start : start + per_line]
            letter = self.key.upper() if start == 0 else " "
            if start == 0 and self.state == "absent":
                letter = self.key
            lines.append(self.segments(part, letter, contrast))
        self.shown = Text("\n").join(lines)
        self.update(self.shown)

    def segments(self, part: tuple[str | None, ...], letter: str, contrast: bool) -> Text:
        """A line of the key: half its segments, the letter, the other half."""
        width = (KEY_WIDTH - 1) // len(part)
        half = len(part) // 2
        line = Text()
        for k, state in enumerate(part):
            if k == half:
                line.append(letter, style="dim" if self.state == "absent" else "bold")
            if state in MARKS:
                line.append(MARKS[state] * width, style=state_style(state, contrast))
            else:
                line.append(" " * width)
        return line


class MultiKeyboard(Vertical):
    """The on-screen keyboard: three rows of letters split by board, with Enter and Backspace."""

    DEFAULT_CSS = "MultiKeyboard { height: auto; width: 100%; }"

    def __init__(self, boards: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.boards = boards

    def on_mount(self) -> None:
        """Keys a line taller for more than four boards (a line of segments for each four),
        and a cell apart, so that one key's segments are not read as the next one's (inline
        styles: the app's stylesheet sets the Wordle keyboard's)."""
        lines = -(-self.boards // 4)
        for row in self.query(".key-row"):
            row.styles.height = lines
        for key in self.query(Key):
            key.styles.height = lines
            key.styles.margin = (0, 0, 0, 1)

    def compose(self) -> ComposeResult:
        for i, row in enumerate(KEY_ROWS):
            with Horizontal(classes="key-row"):
                if i == 2:
                    yield Key("enter", "Enter")
                for letter in row:
                    yield MultiKey(letter, self.boards)
                if i == 2:
                    yield Key("backspace", "⌫")

    def show(self, states: list[dict[str, str] | None]) -> None:
        """Show each board's letter states (None for a board solved)."""
        contrast = high_contrast(self)
        for key in self.query(MultiKey):
            shown = tuple(None if s is None else s.get(key.key, "unknown") for s in states)
            key.show_boards(shown, contrast)

    def states_of(self, letter: str) -> tuple[str | None, ...]:
        """The states a letter's key shows, board by board (for tests)."""
        return next(k.states for k in self.query(MultiKey) if k.key == letter)
