"""The Ghost screen's parts: the board (fragment, turn, message, hint), the setup panel and the
move list. They show what they are given and post messages; the screen owns the match."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Button, LoadingIndicator, Select, Static

from ...gameplay.ghost.referee import MIN_LENGTHS, MODES, VARIANT_TITLES, GhostSetup
from ..widgets import Note
from .text import title_text

CYCLED = {"mode": list(MODES), "variant": list(VARIANT_TITLES)}  # the selects F4 and F5 cycle


class GhostBoard(Vertical):
    """The title, the fragment in large, whose turn it is, the message line, the hint and the
    rules panel (hidden until asked for)."""

    DEFAULT_CSS = """
    #ghost-rules-box { display: none; height: 1fr; border: round $primary; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="ghost-title")
        yield Static(id="fragment")
        yield Static(id="turn")
        yield Note(id="message")
        yield Static(id="hint")
        yield LoadingIndicator(id="solving")
        with VerticalScroll(id="ghost-rules-box"):
            yield Static(id="ghost-rules")

    def on_mount(self) -> None:
        self.query_one("#ghost-rules-box").border_title = "Rules · PgDn PgUp scroll · F3 hides"

    def show(self, setup: GhostSetup, fragment: str, turn: str) -> None:
        self.query_one("#ghost-title", Static).update(title_text(setup))
        self.query_one("#fragment", Static).update(" ".join(fragment.upper()) or "·")
        self.query_one("#turn", Static).update(turn)

    def show_hint(self, text: str) -> None:
        self.query_one("#hint", Static).update(text)

    def say(self, text: str) -> None:
        """Put `text` in the message line."""
        self.query_one(Note).text = text

    def show_solving(self, solving: bool) -> None:
        self.query_one("#solving").display = solving

    def show_rules(self, text: str) -> None:
        """Show the rules panel with `text` (the fragment on one line, to give it room), or
        hide it when `text` is empty."""
        self.query_one("#ghost-rules", Static).update(text)
        self.query_one("#ghost-rules-box").display = bool(text)
        self.set_class(bool(text), "-rules")

    def scroll_rules(self, pages: int) -> None:
        """Scroll the rules panel by `pages` (PageUp, PageDown)."""
        box = self.query_one("#ghost-rules-box", VerticalScroll)
        box.scroll_to(y=box.scroll_y + pages * max(1, box.size.height - 1), animate=False)


class SetupSelect(Select, inherit_bindings=False):
    """A select for the mouse only: Enter, space and the arrows stay with the game."""


class SetupPanel(Vertical):
    """The five setup selects and the New game button.

    A changed select posts `Changed` with the whole setup; the button posts `NewGame`.
    Keys are letters for the game, so the selects are for the mouse; the screen's F4 and F5
    `cycle` the mode and the variant from the keyboard (ctrl+n then starts the game).
    """

    class Changed(Message):
        def __init__(self, setup: GhostSetup) -> None:
            self.setup = setup
            super().__init__()

    class NewGame(Message):
        pass

    def __init__(self, setup: GhostSetup, **kwargs) -> None:
        super().__init__(**kwargs)
        self.initial = setup

    def compose(self) -> ComposeResult:
        s = self.initial
        yield self.select([(t, v) for v, t in MODES.items()], s.mode, "mode")
        yield self.select([(t, v) for v, t in VARIANT_TITLES.items()], s.variant, "variant")
        lengths = [(f"words of {n}+ letters", n) for n in MIN_LENGTHS]
        yield self.select(lengths, s.min_length, "min-length")
        starts = [("you start", "human"), ("computer starts", "computer")]
        yield self.select(starts, s.first, "first")
        styles = [("computer: perfect", "perfect"), ("computer: exploit mistakes", "exploit")]
        yield self.select(styles, s.style, "style")
        yield Button("New game", id="new-game", variant="primary")

    @staticmethod
    def select(options: list, value, name: str) -> Select:
        return SetupSelect(options, value=value, allow_blank=False, id=name)

    def keep_keys_for_the_game(self) -> None:
        """Take the selects and the button out of the focus chain.

        Called by the screen once mounted: the first select keeps the focus it got on
        opening (and its look), but with no key bindings it leaves every key to the game.
        """
        for widget in [*self.query(Select), self.query_one(Button)]:
            widget.can_focus = False  # their lists, opened with the mouse, still take keys

    @property
    def setup(self) -> GhostSetup:
        """The setup the selects show now."""

        def value(name: str) -> str:
            return str(self.query_one(f"#{name}", Select).value)

        length = int(value("min-length"))
        return GhostSetup(value("variant"), length, value("first"), value("style"), value("mode"))

    def cycle(self, name: str) -> str:
        """Show the next option of select `name`, without posting `Changed` (the game starts
        with ctrl+n); return the option's title."""
        select = self.query_one(f"#{name}", Select)
        values = CYCLED[name]
        with self.prevent(Select.Changed):
            select.value = values[(values.index(select.value) + 1) % len(values)]
        return {**MODES, **VARIANT_TITLES}[select.value]

    def show(self, setup: GhostSetup) -> None:
        """Put the selects back to `setup` without posting `Changed`."""
        with self.prevent(Select.Changed):
            for name, value in zip(
                ("mode", "variant", "min-length", "first", "style"),
                (setup.mode, setup.variant, setup.min_length, setup.first, setup.style),
                strict=True,
            ):
                self.query_one(f"#{name}", Select).value = value

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if self.is_mounted:
            self.post_message(self.Changed(self.setup))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.NewGame())


class MoveList(VerticalScroll):
    """The moves so far, scrolled to the latest."""

    def compose(self) -> ComposeResult:
        yield Static(id="moves")

    def show(self, text: str) -> None:
        self.query_one("#moves", Static).update(text)
        self.scroll_end(animate=False)
