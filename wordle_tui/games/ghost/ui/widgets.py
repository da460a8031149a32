"""The Ghost screen's parts: the board (fragment, turn, message, hint), the setup panel and the
move list. They show what they are given and post messages; the screen owns the match."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Button, LoadingIndicator, Select, Static

from ....ui.widgets import Note
from ..gameplay.referee import MIN_LENGTHS, MODES, VARIANT_TITLES, GhostSetup, mode_title


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

    def show(self, title: str, fragment: str, turn: str) -> None:
        """Show the title (markup), the fragment in large and whose turn it is."""
        self.query_one("#ghost-title", Static).update(title)
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


# Each select of the setup panel: its id, the screen's key that cycles it, and its options
# (title, value). Who starts and the computer's style apply only against the computer.
CHOICES: dict[str, tuple[str, list[tuple[str, object]]]] = {
    "mode": ("f4", [(title, mode) for mode, title in MODES.items()]),
    "variant": ("f5", [(title, variant) for variant, title in VARIANT_TITLES.items()]),
    "min-length": ("f7", [(f"words of {n}+ letters", n) for n in MIN_LENGTHS]),
    "first": ("f8", [("you start", "human"), ("computer starts", "computer")]),
    "style": ("^t", [("computer: perfect", "perfect"), ("computer: exploits", "exploit")]),
}
AGAINST_THE_COMPUTER = ("first", "style")  # hidden in the other modes


class SetupPanel(Vertical):
    """The five setup selects, each beside the key that cycles it, and the New game button.

    A changed select posts `Changed` with the whole setup; the button posts `NewGame`.
    Keys are letters for the game, so the selects are for the mouse; the screen's F4, F5, F7,
    F8 and ctrl+t `cycle` them from the keyboard (ctrl+n then starts the game).
    """

    DEFAULT_CSS = """
    SetupPanel .setup-row { height: 1; }
    SetupPanel .setup-key { width: 3; color: $accent; text-style: bold; }
    SetupPanel Select { width: 1fr; }
    SetupPanel #new-game { margin-top: 1; width: 100%; }
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
        self.choices = dict(CHOICES)
        if setup.mode not in MODES:  # hot-seat with the computer as other players (`play`)
            key, modes = CHOICES["mode"]
            self.choices["mode"] = (key, [*modes, (mode_title(setup.mode), setup.mode)])

    def compose(self) -> ComposeResult:
        values = self.values(self.initial)
        for name, (key, options) in self.choices.items():
            with Horizontal(classes="setup-row", id=f"{name}-row"):
                yield Static(key, classes="setup-key")
                yield SetupSelect(
                    options, value=values[name], allow_blank=False, id=name, compact=True
                )
        yield Button("New game", id="new-game", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.show_rows()

    @staticmethod
    def values(setup: GhostSetup) -> dict[str, object]:
        """The value of each select for `setup`."""
        return {
            "mode": setup.mode,
            "variant": setup.variant,
            "min-length": setup.min_length,
            "first": setup.first,
            "style": setup.style,
        }

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
        options = self.choices[name][1]
        values = [value for _, value in options]
        with self.prevent(Select.Changed):
            select.value = values[(values.index(select.value) + 1) % len(values)]
        self.show_rows()
        return options[values.index(select.value)][0]

    def show(self, setup: GhostSetup) -> None:
        """Put the selects back to `setup` without posting `Changed`."""
        with self.prevent(Select.Changed):
            for name, value in self.values(setup).items():
                self.query_one(f"#{name}", Select).value = value
        self.show_rows()

    def show_rows(self) -> None:
        """Show who starts and the computer's style only against the computer."""
        against = self.query_one("#mode", Select).value == "computer"
        for name in AGAINST_THE_COMPUTER:
            self.query_one(f"#{name}-row").display = against

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if self.is_mounted:
            self.show_rows()
            self.post_message(self.Changed(self.setup))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.NewGame())


class MoveList(VerticalScroll):
    """The moves so far, scrolled to the latest."""

    def compose(self) -> ComposeResult:
        yield Static(id="moves")

    def on_mount(self) -> None:
        self.border_title = "Moves · PgUp PgDn"

    def show(self, text: str) -> None:
        """Show `text` and keep its last line in view."""
        self.query_one("#moves", Static).update(text)
        self.call_after_refresh(self.scroll_end, animate=False)

    def scroll_pages(self, pages: int) -> None:
        """Scroll by `pages` (PageUp, PageDown while the rules are hidden)."""
        self.scroll_to(y=self.scroll_y + pages * max(1, self.size.height - 1), animate=False)
