"""Typing a row into the assistant: the word you played, then the colours the NYT gave.

Letters fill the word; once it has all its letters (five, or the word list's length), keys
set colours from left to right (g y . and the other forms `parse_pattern` accepts), Space or
Up/Down cycle the colour under the cursor, Left/Right move it, Backspace steps back. A pasted
row (`raise:..Y.G`), pattern or emoji share row fills what it can in one go. A row the
assistant refused stays to be fixed (`refuse`): colours change as before, and Backspace takes
back a letter, keeping the colours.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..solver.assistant.patterns import AssistantError, parse_pattern, parse_row
from ..solver.words import ascii_lower

CYCLE = {".": "Y", "Y": "G", "G": "."}
MARK_KEYS = {
    "g": "G",
    "2": "G",
    "y": "Y",
    "1": "Y",
    ".": ".",
    "-": ".",
    "_": ".",
    "x": ".",
    "k": ".",
    "b": ".",
    "0": ".",
}


@dataclass
class RowEntry:
    """A row being entered: the word, its colours (one a letter), and where the cursor is."""

    word: str = ""
    marks: list[str] = field(default_factory=list)
    cursor: int = 0
    fixing: bool = False  # the assistant refused this row: Backspace edits letters
    length: int = 5  # letters in a word: the word-list set's

    def __post_init__(self) -> None:
        self.marks = self.marks or ["."] * self.length

    @property
    def colouring(self) -> bool:
        """Whether keys now set colours (the word is complete)."""
        return len(self.word) == self.length

    @property
    def pattern(self) -> str:
        return "".join(self.marks)

    def key(self, key: str) -> bool:
        """Apply one key (a character or a key name); return whether anything changed."""
        if key in ("backspace", "left", "right", "up", "down", "space"):
            return self._special(key)
        if len(key) != 1:
            return False
        if not self.colouring:
            if key.isascii() and key.isalpha():
                self.word += key.lower()
                self.cursor = len(self.word) - 1 if self.fixing else 0
                return True
            return False
        mark = MARK_KEYS.get(key.lower())
        if mark is None:
            return False
        self.marks[self.cursor] = mark
        self.cursor = min(self.cursor + 1, self.length - 1)
        return True

    def _special(self, key: str) -> bool:
        if key == "backspace":
            if self.fixing and self.word:
                self.word = self.word[:-1]  # the colours stay for when the letter is retyped
                return True
            if self.colouring and (self.cursor > 0 or set(self.pattern) != {"."}):
                if self.marks[self.cursor] == "." and self.cursor > 0:
                    self.cursor -= 1
                self.marks[self.cursor] = "."
                return True
            if self.word:
                self.word = self.word[:-1]
                self.marks = ["."] * self.length
                self.cursor = 0
                return True
            return False
        if not self.colouring:
            return False
        if key in ("left", "right"):
            step = 1 if key == "right" else -1
            self.cursor = max(0, min(self.length - 1, self.cursor + step))
        else:  # space, up, down cycle the colour under the cursor
            self.cycle(self.cursor)
        return True

    def cycle(self, i: int) -> None:
        """Cycle tile i: miss -> wrong spot -> right spot -> miss (a click does this)."""
        if self.colouring:
            self.marks[i] = CYCLE[self.marks[i]]
            self.cursor = i

    def paste(self, text: str) -> None:
        """Fill from pasted text: a whole row, a pattern (emoji squares too), or a word."""
        text = text.strip()
        try:
            word, pattern = parse_row(text, self.length)
        except AssistantError:
            word, pattern = "", ""
        if len(word) == self.length and word.isascii() and word.isalpha():
            self.word, self.marks = word, list(pattern)
            return
        try:
            pattern = parse_pattern(text, self.length)
        except AssistantError:
            if len(text) == self.length and text.isascii() and text.isalpha():
                self.word, self.marks, self.cursor = ascii_lower(text), ["."] * self.length, 0
                return
            raise AssistantError(f"cannot read {text!r} as a row, a word or a colouring") from None
        if not self.colouring:
            raise AssistantError("type the word first, then paste its colours")
        self.marks = list(pattern)

    def refuse(self) -> None:
        """The assistant refused this row: keep it, and let Backspace edit its letters."""
        self.fixing = True

    def clear(self) -> None:
        """Start a new, empty row."""
        self.word, self.marks, self.cursor, self.fixing = "", ["."] * self.length, 0, False
