"""Reading a finished game pasted from the NYT's share text, and pairing its rows with words.

A share is a header (`Wordle 1,234 4/6*`: the puzzle number, the guesses or X for a loss,
a star for hard mode; text after it, `@ScoreMyWordle`, is skipped), then one line of five
squares a guess: 🟩 (or 🟧, high contrast) right spot, 🟨 (or 🟦) wrong spot, ⬛ or ⬜ miss.
The squares carry no letters, so the words played are given apart and paired with the rows by
`pair_rows`. Blank lines and lines without squares
after the rows (a link, a streak) are skipped; the header may be left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .patterns import AssistantError, parse_pattern, pattern_problem

SQUARES = "🟩🟧🟨🟦⬛⬜"
MAX_ROWS = 6
MAX_NUMBER_DIGITS = 9  # a puzzle number; more digits are no puzzle (and int() would refuse)
HEADER = re.compile(  # the NYT's, and wordle-tui's own (a daily puzzle's number is no NYT's)
    r"^wordle(?:-tui(?:\s+(?P<daily>daily))?)?\s+(?:#?(?P<number>\d[\d,.\s]*?)\s+)?"
    r"(?P<score>[1-6xX])/6(?P<hard>\*?)(?:\s.*)?$",  # then any text (`@ScoreMyWordle`)
    re.IGNORECASE,
)


class ShareError(AssistantError):
    """Pasted share text or words that cannot be read as a finished game; says why."""


@dataclass(frozen=True)
class SharedGame:
    """A game read from share text: puzzle number, guesses (None: lost), mode, colourings."""

    number: int | None
    guesses: int | None
    hard: bool
    patterns: list[str]

    @property
    def won(self) -> bool:
        """Whether the last row is all green."""
        return bool(self.patterns) and self.patterns[-1] == "GGGGG"


def has_squares(text: str) -> bool:
    """Whether `text` holds any share square (a paste worth reading as a game)."""
    return any(square in text for square in SQUARES)


def parse_share(text: str) -> SharedGame:
    """The game in NYT share text; raise ShareError saying what is wrong with it."""
    text = text.replace("\ufeff", "")  # a byte-order mark (a file saved by Notepad)
    lines = [line.strip() for line in text.replace("\r", "\n").split("\n")]
    lines = [line for line in lines if line]
    header = None
    if lines and not has_squares(lines[0]):
        header = _header(lines.pop(0))
    patterns: list[str] = []
    for line in lines:
        if not has_squares(line):
            if patterns:
                break  # a link or a streak line after the rows
            raise ShareError(f"{_shown(line)} is not a row of squares")
        patterns.append(_row(line, len(patterns) + 1))
    game = SharedGame(*(header or (None, None, False)), patterns)
    _check(game, header is not None)
    return game


def _header(line: str) -> tuple[int | None, int | None, bool]:
    """The number, guesses (None for X) and hard flag of a header line."""
    match = HEADER.match(" ".join(line.split()))
    if match is None:
        raise ShareError(
            f"{_shown(line)} is not a Wordle share header; it looks like 'Wordle 1,234 4/6*'"
        )
    digits = "" if match["daily"] else re.sub(r"\D", "", match["number"] or "")
    if len(digits) > MAX_NUMBER_DIGITS:
        raise ShareError(f"{_shown(line)}: the puzzle number is too long to be a Wordle's")
    score = match["score"].upper()
    return (
        (int(digits) if digits else None),
        (None if score == "X" else int(score)),
        bool(match["hard"]),
    )


def _row(line: str, number: int) -> str:
    """One line of squares as a pattern over G, Y and '.'."""
    try:
        return parse_pattern(line)
    except AssistantError:
        raise ShareError(
            f"row {number} {_shown(line)} is not five squares (🟩 🟨 ⬛ ⬜, or 🟧 🟦)"
        ) from None


def _check(game: SharedGame, with_header: bool) -> None:
    """Raise ShareError if the rows cannot be a finished game (or disagree with the header)."""
    rows = game.patterns
    if not rows:
        raise ShareError("no rows of squares found: paste the whole share text")
    if len(rows) > MAX_ROWS:
        raise ShareError(f"Wordle has six rows; this share has {len(rows)}")
    if "GGGGG" in rows[:-1]:
        raise ShareError(f"row {rows.index('GGGGG') + 1} is all green but more rows follow it")
    if not with_header:
        return
    if game.guesses is None:
        if len(rows) != MAX_ROWS or game.won:
            raise ShareError(f"the header says X/6 (lost) but the share has {_rows(rows)}")
        return
    if len(rows) != game.guesses or not game.won:
        ending = "ending all green" if game.won else "not ending all green"
        raise ShareError(
            f"the header says {game.guesses}/6 but the share has {_rows(rows)}, {ending}"
        )


def split_words(text: str) -> list[str]:
    """The words in `text`, split at spaces, commas and line breaks, lower-case."""
    return [word.lower() for word in re.split(r"[\s,;]+", text.strip()) if word]


def pair_rows(patterns: list[str], words: list[str]) -> list[tuple[str, str]]:
    """The rows as (word, pattern), one word a row; raise ShareError if they do not pair up."""
    if len(words) != len(patterns):
        raise ShareError(
            f"the share has {_rows(patterns)} but {len(words)} words were given: "
            "give the words you played, in order"
        )
    rows = []
    for number, (word, pattern) in enumerate(zip(words, patterns, strict=True), start=1):
        word = word.strip().lower()
        if len(word) != 5 or not word.isascii() or not word.isalpha():
            raise ShareError(f"word {number} {_shown(word)} is not a five-letter word")
        why = pattern_problem(word, pattern)
        if why:
            raise ShareError(f"row {number} ({word.upper()} {pattern}): {why}")
        rows.append((word, pattern))
    return rows


def _rows(rows: list[str]) -> str:
    """'1 row' or 'n rows'."""
    return f"{len(rows)} row{'' if len(rows) == 1 else 's'}"


def _shown(text: str) -> str:
    """Text quoted for a message, cut at 40 characters."""
    return repr(text if len(text) <= 40 else text[:40] + "…")
