"""The multi-board games' widgets: a board of one-line tiles (or, past eight boards, a board on
one line), the word typed, and keys split by board.

They show what they are given (a `Board` of the round, the letters typed, each board's letter
states) and compute nothing. States read without colour too, as the Wordle board's compact
tiles do: right spot = bold underlined capital, wrong spot = italic capital, not in the word =
lower case; a key's segment is `=` (right spot), `~` (wrong spot), `.` (not in the word) on its
board's colour, blank for a board not tried or solved. `many_layout` chooses where sixteen or
thirty-two boards go on a terminal of a given size.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from ...gameplay.multi import MANY, Board
from ..widgets import KEY_ROWS, REPLY_STATES, Key

COLOURS = {
    False: {"correct": "#538d4e", "present": "#b59f3b", "absent": "#3a3a3c"},
    True: {"correct": "#f5793a", "present": "#85c0f9", "absent": "#3a3a3c"},
}
DARK_TEXT = {(True, "present")}  # high contrast's light blue takes black letters
LOOKS = {"correct": "bold underline", "present": "italic", "absent": ""}
MARKS = {"correct": "=", "present": "~", "absent": "."}
KEY_WIDTH = 5  # a key: its board segments around the letter
LINE_HEAD = 7  # a board line's number and mark: "16 ✓12 "
ROW_CELLS = 6  # a row on a board line: a space, then five tiles of one cell
LINE_ROWS = 8  # the fewest rows a column of board lines shows: narrower, fewer columns
LINE_GUTTER = 2  # between two columns of board lines
FIXED_LINES = 4  # the title, the word typed, the message and the footer
ONE_LINE_KEY = 3  # a key of one letter (" A "), when the keys split by board do not fit


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


def key_shape(boards: int) -> tuple[int, int]:
    """A split key's segments a line and its width in cells: four boards a line (one cell
    each, or wider for Dordle), eight a line for more than sixteen boards."""
    if boards <= 16:
        return min(4, boards), KEY_WIDTH
    return 8, 9


def key_lines(boards: int) -> int:
    """The lines a key split by board takes: one per line of segments."""
    per_line, _ = key_shape(boards)
    return -(-boards // per_line)


@dataclass(frozen=True)
class ManyLayout:
    """Where a game of many boards puts them: board lines in `columns` (board 1 first, left to
    right), the keys split by board or one letter each, and the lines the boards get (fewer
    than they take: they scroll)."""

    columns: int
    split_keys: bool
    height: int


def line_width(width: int, columns: int) -> int:
    """A board line's width in `columns` columns on a terminal `width` cells wide."""
    return (width - 2 - LINE_GUTTER * (columns - 1)) // columns


def many_layout(boards: int, width: int, height: int) -> ManyLayout:
    """The layout of `boards` board lines on a terminal of this size: the keys split by board
    if they fit, else one letter each; the fewest columns (the longest lines) that show every
    board, each line `LINE_ROWS` rows at least; if none does, the most columns and a scroll."""
    room = height - FIXED_LINES
    shortest = LINE_HEAD + 1 + LINE_ROWS * ROW_CELLS  # "…" and LINE_ROWS rows
    fitting = [c for c in (1, 2, 4) if c == 1 or line_width(width, c) >= shortest]
    _, key_width = key_shape(boards)
    split_fits = 10 * (key_width + 1) <= width  # the top row: ten keys, a cell apart
    for split, keys in ((True, 3 * key_lines(boards)), (False, 3)):
        if split and not split_fits:
            continue
        for columns in fitting:
            lines = -(-boards // columns)
            if lines + keys <= room:
                return ManyLayout(columns, split, lines)
    columns = fitting[-1]
    return ManyLayout(columns, False, max(1, min(-(-boards // columns), room - 3)))


def tile_text(letter: str, state: str | None, tile: int, contrast: bool) -> Text:
    """One tile `tile` cells wide: a letter in a reply state, or typed (state None), or an
    empty place."""
    pad = " " * ((tile - 1) // 2)
    after = " " * (tile - 1 - len(pad))
    if state is None:
        shown = letter.upper() if letter.strip() else "·"
        style = "bold reverse" if letter.strip() else "dim"
        return Text(f"{pad}{shown}{after}", style=style)
    shown = letter.lower() if state == "absent" else letter.upper()
    return Text(f"{pad}{shown}{after}", style=state_style(state, contrast))


def row_text(word: str, reply: str | None, tile: int, contrast: bool) -> Text:
    """A row of five tiles: `word` in its reply's states, or typed (reply None)."""
    line = Text()
    for i in range(5):
        letter = word[i] if i < len(word) else " "
        state = REPLY_STATES[reply[i]] if reply is not None else None
        line.append_text(tile_text(letter, state, tile, contrast))
    return line


class MiniBoard(Widget):
    """One board: a heading line, then a line of tiles per guess allowed; or (`line`) the whole
    board on one line: its number and mark, then its rows left to right, as many of the latest
    as the line has room for.

    `tile` is a tile's width: 3 (" A ") for Dordle and Quordle, 1 to 3 for Octordle's eight
    boards (`tile_width`: as wide as the terminal allows); 1 on a line.
    """

    DEFAULT_CSS = """
    MiniBoard { width: auto; height: auto; margin: 0 1; }
    MiniBoard.-line { width: 1fr; height: 1; margin: 0; }
    """

    def __init__(
        self, number: int, limit: int, tile: int = 3, line: bool = False, **kwargs
    ) -> None:
        super().__init__(**kwargs)
        self.number = number
        self.limit = limit
        self.tile = 1 if line else tile
        self.line = line
        self.board: Board | None = None
        self.typing: str | None = None
        self.set_class(line, "-line")

    def show(self, board: Board, typing: str | None) -> None:
        """Show the board's rows, and `typing` on its next row (None: it takes no more rows)."""
        if (board, typing) == (self.board, self.typing):
            return
        self.board, self.typing = board, typing
        self.refresh()

    def get_content_width(self, container, viewport) -> int:
        return 5 * self.tile

    def get_content_height(self, container, viewport, width: int) -> int:
        return 1 if self.line else 1 + self.limit

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
        return tile_text(letter, state, self.tile, contrast)

    def row_text(self, word: str, reply: str | None, contrast: bool) -> Text:
        return row_text(word, reply, self.tile, contrast)

    def render(self) -> Text:
        contrast = high_contrast(self)
        if self.line:
            return self.line_text(contrast, self.size.width)
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

    def line_head(self) -> Text:
        """A board line's start: its number, and `✓` with the guess that solved it, or at the
        end `✗` and its answer (`LINE_HEAD` cells, and the answer)."""
        board = self.board
        head = Text(f"{self.number:>2} ", style="bold" if board and board.answer else "dim")
        if board is None or board.answer is None:
            return head.append(" " * (LINE_HEAD - 3))
        if board.solved_at is not None:
            return head.append(f"✓{board.solved_at:<3}", style="bold green")
        return head.append(f"✗   {board.answer.upper()} ", style="bold red")

    def line_text(self, contrast: bool, width: int) -> Text:
        """The board on one line, `width` cells: its head, then its latest rows that fit, after
        `…` if earlier ones do not; a solved board only its last row, the answer."""
        line = self.line_head()
        rows = self.board.rows if self.board is not None else ()
        if self.board is not None and self.board.solved_at is not None:
            rows = rows[-1:]
        room = max(0, width - line.cell_len)
        if len(rows) * ROW_CELLS > room:
            rows = rows[len(rows) - max(0, room - 1) // ROW_CELLS :]
            line.append("…", style="dim")
        for row in rows:
            line.append(" ")
            line.append_text(self.row_text(row.word, row.reply, contrast))
        return line


class TypedWord(Widget):
    """The word being typed, in tiles three cells wide, under many boards' lines (which show
    no typing row); blank once the game takes no more words."""

    DEFAULT_CSS = "TypedWord { width: 100%; height: 1; content-align: center middle; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.typed: str | None = ""

    def show(self, typed: str | None) -> None:
        """Show `typed` (None: no word can be played now)."""
        if typed != self.typed:
            self.typed = typed
            self.refresh()

    def render(self) -> Text:
        if self.typed is None:
            return Text("")
        tiles = row_text(self.typed, None, 3, False)
        return Text("Your guess ", style="dim").append_text(tiles)


class MultiKey(Key):
    """A letter key split in segments, one per board: that board's state of the letter; or, not
    `split`, the letter alone, dimmed when no open board has it."""

    def __init__(self, key: str, boards: int) -> None:
        super().__init__(key)
        self.boards = boards
        self.per_line, self.cells = key_shape(boards)
        self.split = True
        self.states: tuple[str | None, ...] = ()
        self.shown = Text(key.upper())  # the label shown
        self.drawn: tuple | None = None  # what the label was drawn from

    def show_boards(self, states: tuple[str | None, ...], contrast: bool) -> None:
        """Show each board's state of the letter (None: a board solved, left blank)."""
        self.states = states
        self.state = "absent" if states and all(s in ("absent", None) for s in states) else ""
        if self.drawn == (states, contrast, self.split):
            return
        self.drawn = (states, contrast, self.split)
        if not self.split:
            letter = self.key if self.state == "absent" else self.key.upper()
            self.shown = Text(letter, style="dim" if self.state == "absent" else "bold")
            self.update(self.shown, layout=False)  # a key keeps its size
            return
        lines = []
        for start in range(0, len(states), self.per_line):
            part = states[start : start + self.per_line]
            letter = self.key.upper() if start == 0 else " "
            if start == 0 and self.state == "absent":
                letter = self.key
            lines.append(self.segments(part, letter, contrast))
        self.shown = Text("\n").join(lines)
        self.update(self.shown, layout=False)

    def segments(self, part: tuple[str | None, ...], letter: str, contrast: bool) -> Text:
        """A line of the key: half its segments, the letter, the other half."""
        width = (self.cells - 1) // len(part)
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
    """The on-screen keyboard: three rows of letters split by board, with Enter and Backspace;
    past sixteen boards a key is wider (eight segments a line), and `split_keys(False)` makes
    each key one letter on one line (a small terminal)."""

    DEFAULT_CSS = "MultiKeyboard { height: auto; width: 100%; }"

    def __init__(self, boards: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.boards = boards
        self.split = True
        self.states: list[dict[str, str] | None] = []

    def on_mount(self) -> None:
        """Keys a line taller for each line of segments (four boards a line, eight past sixteen
        boards), and a cell apart, so that one key's segments are not read as the next one's
        (inline styles: the app's stylesheet sets the Wordle keyboard's)."""
        self.shape()

    def shape(self) -> None:
        """Size the keys for the keyboard's form: split by board, or a letter each."""
        lines = key_lines(self.boards) if self.split else 1
        _, cells = key_shape(self.boards)
        for row in self.query(".key-row"):
            row.styles.height = lines
        for key in self.query(Key):
            key.styles.height = lines
            key.styles.margin = (0, 0, 0, 1)
        for key in self.query(MultiKey):
            key.split = self.split
            if self.boards > MANY:
                key.styles.width = cells if self.split else ONE_LINE_KEY

    def split_keys(self, split: bool) -> None:
        """Keys split by board (True) or a letter each on one line (False), shown again."""
        if split != self.split:
            self.split = split
            self.shape()
            if self.states:
                self.show(self.states)

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
        self.states = states
        contrast = high_contrast(self)
        for key in self.query(MultiKey):
            shown = tuple(None if s is None else s.get(key.key, "unknown") for s in states)
            key.show_boards(shown, contrast)

    def states_of(self, letter: str) -> tuple[str | None, ...]:
        """The states a letter's key shows, board by board (for tests)."""
        return next(k.states for k in self.query(MultiKey) if k.key == letter)
