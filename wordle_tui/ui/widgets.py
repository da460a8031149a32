"""Widgets that show game state: tiles, board rows, the on-screen keyboard, the histogram; and
the footer every screen shows.

They render what they are given and post messages when clicked; they compute no strategy.
Every tile and key state has its own glyph or border, so states read without colour too:
right spot = heavy border / [A], wrong spot = dashed border / (A), not in word = a thin square
border (typed letters have round corners) / a lower-case letter.

Two short animations, both skippable (`finish`) and off when the app's animation level is
"none": a row's tiles flip one by one when its reply is revealed, and a refused row shakes.
Only the look is delayed: the game's state has changed before the animation starts.
"""

from __future__ import annotations

from functools import partial

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter
from textual.widgets import Static

from ..render import histogram_table

STATE_CLASSES = ("-correct", "-present", "-absent", "-filled", "-empty", "-in", "-out", "-flip")
KEY_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
REPLY_STATES = {"G": "correct", "Y": "present", ".": "absent"}
FLIP_STEP = 0.12  # seconds from one tile's flip to the next's
SHAKE = (2, -2, 2, -1, 1, 0)  # a refused row's offsets, one per SHAKE_STEP
SHAKE_STEP = 0.04


class Footer(TextualFooter):
    """Textual's footer, rebuilt only when the keys it shows change. Textual rebuilds it (every
    key's widget mounted and styled again) at each bindings signal: every focus change and
    every `refresh_bindings`, most of which change nothing shown."""

    shown: tuple = ()  # what the keys shown were built from

    def bindings_changed(self, screen: Screen) -> None:
        rebuilds = screen.app.app_focus and self.is_attached and screen is self.screen
        if rebuilds:
            shown = keys_shown(screen)
            if self._bindings_ready and shown == self.shown:
                return
            self.shown = shown
        super().bindings_changed(screen)


def keys_shown(screen: Screen) -> tuple:
    """Everything of the screen's active bindings that the footer's keys are built from."""
    display = screen.app.get_key_display
    return tuple(
        (key, binding, display(binding), enabled, tooltip)  # a Binding compares by its fields
        for key, (_node, binding, enabled, tooltip) in screen.active_bindings.items()
    )


ANIMATE_HEADLESS = False  # tests set it to see animations in a headless app


def animated(widget: Widget) -> bool:
    """Whether the app plays animations: not when its animation level is "none", nor when
    it runs headless (Pilot tests, snapshots and screenshots show final states at once)."""
    try:
        app = widget.app
    except Exception:  # not attached to a running app
        return False
    return app.animation_level != "none" and (ANIMATE_HEADLESS or not app.is_headless)


class Tile(Static):
    """One letter of the board."""

    state = "empty"
    shown: tuple[str, str] = (" ", "empty")

    def show(self, letter: str, state: str) -> None:
        """Show a letter in a state: correct, present, absent, filled (typed) or empty."""
        if (letter, state) == self.shown:
            return  # unchanged: no restyle, no repaint
        self.shown = (letter, state)
        self.remove_class(*STATE_CLASSES, update=False)
        self.add_class(f"-{state}")  # one restyle for the two
        self.update(Text(letter.upper() if state != "absent" else letter.lower()))
        self.state = state


class BoardRow(Horizontal):
    """A tile a letter (five, or the word list's length) and a note after them (a Jotto
    count, or words left).

    The row makes its tiles when it is created, so it can be shown at once, even before it
    is mounted: boards are updated in place while keys keep arriving.
    """

    def __init__(self, length: int = 5, **kwargs) -> None:
        super().__init__(**kwargs)
        self._tiles = [Tile(" ", classes="-empty") for _ in range(length)]
        self._note = Static("", classes="row-note")
        self._anim: list = []
        self._target: tuple[str, str, str] | None = None  # what a flip ends on

    @property
    def busy(self) -> bool:
        """Whether an animation is playing."""
        return bool(self._anim)

    def finish(self) -> None:
        """End any animation at once: the tiles show their final state, the row its place."""
        if not self._anim:
            return
        for timer in self._anim:
            timer.stop()
        self._anim = []
        self.styles.offset = (0, 0)
        target, self._target = self._target, None
        if target is not None:
            self.show(*target)

    def reveal(self, word: str, marks: str, note: str = "") -> None:
        """Show a reply, its tiles flipping one after another (at once without animations)."""
        self.finish()
        if not animated(self):
            self.show(word, marks, note)
            return
        self.show(word, None)
        self._target = (word, marks, note)
        for i in range(len(self._tiles)):
            self._anim.append(self.set_timer(FLIP_STEP * i + 0.01, partial(self._flip, i, 1)))
            self._anim.append(self.set_timer(FLIP_STEP * (i + 0.5), partial(self._flip, i, 2)))
        self._anim.append(self.set_timer(FLIP_STEP * len(self._tiles), self.finish))

    def _flip(self, i: int, half: int) -> None:
        """Half a tile's flip: first edge-on (blank), then face up in its reply's state."""
        if self._target is None:
            return
        word, marks, _ = self._target
        tile = self._tiles[i]
        if half == 1:
            tile.show(" ", "flip")
        else:
            tile.show(word[i], REPLY_STATES[marks[i]])

    def shake(self) -> None:
        """Shake the row sideways (a refused word); nothing without animations."""
        self.finish()
        if not animated(self):
            return
        for k, x in enumerate(SHAKE):
            step = partial(setattr, self.styles, "offset", (x, 0))
            self._anim.append(self.set_timer(SHAKE_STEP * (k + 1), step))
        self._anim.append(self.set_timer(SHAKE_STEP * (len(SHAKE) + 1), self.finish))

    def compose(self) -> ComposeResult:
        yield from self._tiles
        yield self._note

    @property
    def tiles(self) -> list[Tile]:
        return list(self._tiles)

    def show(self, word: str, marks: str | None, note: str = "") -> None:
        """Show a word with reply marks (G, Y, .), or typed (marks None)."""
        if self._target is not None and self._target == (word, marks, note):
            return  # flipping to this very reply: let it finish
        self.finish()
        for i, tile in enumerate(self.tiles):
            letter = word[i] if i < len(word) else " "
            if marks is not None and i < len(marks):
                tile.show(letter, REPLY_STATES[marks[i]])
            else:
                tile.show(letter, "filled" if letter.strip() else "empty")
        self._note.update(note)

    def show_marked(self, word: str, marks: dict[str, str], note: str) -> None:
        """Show a Jotto row: letters styled by the player's notepad marks."""
        self.finish()
        for i, tile in enumerate(self.tiles):
            letter = word[i] if i < len(word) else " "
            tile.show(letter, "filled" if letter.strip() else "empty")
            mark = marks.get(letter, "")
            tile.set_class(mark == "in", "-in")
            tile.set_class(mark == "out", "-out")
        self._note.update(note)

    def text(self) -> str:
        """The letters shown, for tests."""
        return "".join(str(t.render()).strip() or " " for t in self.tiles).strip()

    def states(self) -> list[str]:
        return [t.state for t in self.tiles]


class Key(Static):
    """One key of the on-screen keyboard; clicking it posts Pressed."""

    class Pressed(Message):
        def __init__(self, key: str) -> None:
            self.key = key
            super().__init__()

    def __init__(self, key: str, label: str | None = None) -> None:
        super().__init__(label or key.upper(), classes="key")
        self.key = key
        self.state = "unknown"

    def show(self, state: str) -> None:
        """Show the letter's best known state: correct, present, absent, unknown, in or out."""
        if state == self.state and self.is_mounted:
            return  # unchanged: no restyle, no repaint
        self.state = state
        self.remove_class(*STATE_CLASSES, update=False)
        if state != "unknown":
            self.add_class(f"-{state}", update=False)
        self.update_node_styles()  # one restyle for the two
        letter = self.key.upper()
        label = {
            "correct": f"[{letter}]",
            "present": f"({letter})",
            "absent": self.key,
            "in": f"+{letter}",
            "out": f"-{self.key}",
        }.get(state, letter)
        self.update(Text(label))

    def on_click(self) -> None:
        self.post_message(self.Pressed(self.key))


class Keyboard(Vertical):
    """The on-screen keyboard: three rows of letters, with Enter and Backspace."""

    def compose(self) -> ComposeResult:
        for i, row in enumerate(KEY_ROWS):
            with Horizontal(classes="key-row"):
                if i == 2:
                    yield Key("enter", "Enter")
                for letter in row:
                    yield Key(letter)
                if i == 2:
                    yield Key("backspace", "⌫")

    def show(self, states: dict[str, str]) -> None:
        for key in self.query(Key):
            if len(key.key) == 1:
                key.show(states.get(key.key, "unknown"))

    def state_of(self, letter: str) -> str:
        return next(k.state for k in self.query(Key) if k.key == letter)


class Histogram(Static):
    """A horizontal bar chart of a distribution, one bar highlighted (stats and reports)."""

    data: reactive[dict[int, int]] = reactive(dict, always_update=True)
    highlight: reactive[int | None] = reactive(None)

    def __init__(
        self,
        data: dict[int, int] | None = None,
        highlight: int | None = None,
        bins: range | None = None,
        width: int = 30,
        empty: str = "No games yet.",
        **kwargs,
    ) -> None:
        super().__init__(**kwargs)
        self.bins = bins
        self.empty = empty  # what it says with nothing to chart
        self.bar_width = width
        self.set_reactive(Histogram.data, dict(data or {}))
        self.set_reactive(Histogram.highlight, highlight)

    def render(self):
        if not self.data and not self.bins:
            return self.empty
        return histogram_table(
            self.data, highlight=self.highlight, width=self.bar_width, bins=self.bins
        )


class Note(Static):
    """A message area (refusals, hints); set `text` to change it.

    Plain text, not markup: messages quote what the player typed or pasted ('[/x]' is not a
    puzzle number), and brackets must show as brackets, never break the screen. Styled text
    is given as a Rich `Text`.
    """

    def __init__(self, text: str | Text = "", **kwargs) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(text, **kwargs)
        self._text = text

    @property
    def text(self) -> str | Text:
        return self._text

    @text.setter
    def text(self, value: str | Text) -> None:
        if value != self._text:
            self._text = value
            self.update(value)
