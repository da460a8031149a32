"""Pegs a colour and a digit each, rows of a code and its pegs, and the clickable palette."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Static

from ..solver import LETTERS, SYMBOLS, Pegs, colour_number

BACKGROUNDS = (
    *("#d7263d", "#2e8b57", "#1e64c8", "#f2c500", "#f28c28"),
    *("#8e44ad", "#f0f0f0", "#20c0c0", "#808080", "#e040a0"),
)
INK = (
    "#ffffff",
    "#ffffff",
    "#ffffff",
    "#000000",
    "#000000",
    "#ffffff",
    "#000000",
    "#000000",
    "#000000",
    "#000000",
)
COLOUR_NAMES = (
    *("red", "green", "blue", "yellow", "orange"),
    *("purple", "white", "cyan", "grey", "magenta"),
)


def peg(digit: str) -> Text:
    """One peg: its digit on its colour (the digit alone tells the colour)."""
    k = colour_number(digit) - 1
    return Text(f" {digit} ", style=f"bold {INK[k]} on {BACKGROUNDS[k]}")


def code_text(code: str, pegs: int) -> Text:
    """A code's pegs, with a dot for each place not filled yet."""
    text = Text()
    for i in range(pegs):
        text.append_text(peg(code[i]) if i < len(code) else Text(" · ", style="dim"))
        text.append(" ")
    return text


def pegs_text(answer: Pegs, pegs: int) -> Text:
    """Black and white pegs as ● and ○ (a dot for each place neither), then in words."""
    marks = "●" * answer.black + "○" * answer.white
    return Text.assemble(
        (marks.ljust(pegs, "·"), "bold"), f"  {answer.black} black {answer.white} white"
    )


class CodeRow(Static):
    """A numbered row: a code, and its pegs once answered."""

    def show(self, number: int, code: str, pegs: int, answer: Pegs | None, note: str = "") -> None:
        """Show guess `number`, its code and its answer (or `note` while there is none)."""
        line = Text(f"{number:>2}. ", style="dim")
        line.append_text(code_text(code, pegs))
        line.append(" ")
        line.append_text(pegs_text(answer, pegs) if answer else Text(note, style="italic"))
        self.update(line)


class Palette(Horizontal):
    """A button per colour (its digit on its colour), then Backspace and Enter."""

    def __init__(self, colours: int, extra: tuple[tuple[str, str], ...], **kwargs) -> None:
        super().__init__(**kwargs)
        self.colours = colours
        self.extra = extra  # (id, label) of the buttons after the colours

    def compose(self) -> ComposeResult:
        for k in range(self.colours):
            button = Button(f"{SYMBOLS[k]}{LETTERS[k]}", id=f"colour-{SYMBOLS[k]}", classes="peg")
            button.styles.background = BACKGROUNDS[k]
            button.styles.color = INK[k]
            button.tooltip = f"{COLOUR_NAMES[k]} ({k + 1})"
            yield unfocusable(button)
        for key, label in self.extra:
            yield unfocusable(Button(label, id=key, classes="key"))


def unfocusable(button: Button) -> Button:
    """A button for the mouse only: keys stay with the screen, which handles them in order."""
    button.can_focus = False
    return button
