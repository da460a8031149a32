"""Reading the colours the NYT gave a row: a pattern in many forms, and rows of word + pattern.

A pattern is a mark per letter (five, or the word list's length): G/g/2/🟩/🟧 right spot;
Y/y/1/🟨/🟦 wrong spot; . - _ x k b 0 ⬛ ⬜ miss. Spaces and commas between marks are
ignored. `pattern_problem` tells a colouring the NYT could never give.
"""

from __future__ import annotations

from ...errors import WordleTuiError
from ..words import ascii_lower

GREEN_MARKS = {"g", "2", "🟩", "🟧"}
YELLOW_MARKS = {"y", "1", "🟨", "🟦"}
MISS_MARKS = {".", "-", "_", "x", "k", "b", "0", "⬛", "⬜"}
NUMBERS = {3: "three", 4: "four", 5: "five", 6: "six"}
IGNORED = ",\ufe0f"  # separators, and the emoji variation selector


class AssistantError(WordleTuiError, ValueError):
    """Input the assistant cannot use; the message says what and why."""


def _mark(mark: str) -> str:
    """One mark as G, Y or '.'; raise AssistantError if it is not a colour."""
    low = mark.lower()
    if low in GREEN_MARKS:
        return "G"
    if low in YELLOW_MARKS:
        return "Y"
    if low in MISS_MARKS:
        return "."
    raise AssistantError(
        f"{mark!r} is not a colour: use G/Y/. (or g y - _ x k b, 2 1 0, or the squares)"
    )


def parse_pattern(text: str, length: int = 5) -> str:
    """A colouring of `length` marks as a string over G, Y and '.', from any accepted form."""
    marks = [c for c in text.strip() if not c.isspace() and c not in IGNORED]
    pattern = "".join(_mark(mark) for mark in marks)
    if len(pattern) != length:
        shown = text.strip() if len(text.strip()) <= 40 else text.strip()[:40] + "…"
        raise AssistantError(f"a colouring has {length} marks; {shown!r} has {len(pattern)}")
    return pattern


def pattern_problem(word: str, pattern: str) -> str | None:
    """Why the NYT could never colour `word` this way, whatever the answer; or None."""
    if pattern.count("G") == len(pattern) - 1 and pattern.count("Y") == 1:
        greens = NUMBERS.get(len(pattern) - 1, str(len(pattern) - 1))
        return f"{greens} letters in the right spot and one in the wrong spot cannot happen"
    for i, (letter, mark) in enumerate(zip(word, pattern, strict=True)):
        if mark != "Y":
            continue
        for j in range(i):
            if word[j] == letter and pattern[j] == ".":
                return (
                    f"the NYT colours repeated letters left to right, so a grey "
                    f"{letter.upper()} cannot come before a yellow one"
                )
    return None


def parse_row(text: str, length: int = 5) -> tuple[str, str]:
    """A `word:pattern` row (also `word pattern` or `word=pattern`) as (word, pattern)."""
    for separator in (":", "=", " "):
        if separator in text.strip():
            word, _, pattern = text.strip().partition(separator)
            return ascii_lower(word.strip()), parse_pattern(pattern, length)
    shown = text if len(text) <= 40 else text[:40] + "…"
    raise AssistantError(f"{shown!r}: write a row as word:pattern, e.g. raise:..Y.G")
