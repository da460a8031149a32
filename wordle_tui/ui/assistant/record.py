"""The NYT record from the assistant screen: the answer of a row won on a puzzle the player
chose (F7, `play assistant --nyt N`, a pasted share) is kept (`solver.nyt.history.record_answer`),
and a line says when the record ends before the puzzle (the NYT prior then knows fewer past
answers than there were).

Rows on the default puzzle, today's, are not kept: they may be practice, or another game's.
"""

from __future__ import annotations

from ...solver.choices import Prior
from ...solver.nyt.history import NytHistoryError, check_answer, record_answer, staleness
from ..widgets import Note

STALE = "the record ends"  # how the staleness line begins


def won(puzzle: int, today: int, pattern: str) -> bool:
    """Whether a row's colours are all green on a chosen puzzle (not the default, today's)."""
    return puzzle != today and bool(pattern) and set(pattern.upper()) == {"G"}


def check_win(puzzle: int, today: int, word: str, pattern: str) -> None:
    """Raise NytHistoryError if an all-green row contradicts the record's answer of `puzzle`."""
    if won(puzzle, today, pattern):
        check_answer(puzzle, word)


def keep_win(puzzle: int, today: int, word: str, pattern: str) -> str:
    """Keep the answer of an all-green row; what to tell the player ('' if nothing new)."""
    if not won(puzzle, today, pattern):
        return ""
    try:
        new = record_answer(puzzle, word)
    except NytHistoryError as error:  # not out yet, or the record cannot be saved: say so
        return f"Not kept in your record: {error}."
    return f"Puzzle #{puzzle:,} is {word.upper()}: kept in your record." if new else ""


def staleness_note(puzzle: int, today: int, prior: Prior) -> str:
    """The line saying the record ends before `puzzle` ('' when it does not, or when neither
    the NYT prior nor a chosen puzzle makes it matter)."""
    if prior is not Prior.NYT and puzzle == today:
        return ""
    try:
        return staleness(puzzle).line
    except NytHistoryError as error:  # a damaged record file: the worker says it too
        return str(error)


def say_staleness(note: Note, puzzle: int, today: int, prior: Prior) -> None:
    """Show the staleness line in the message line (or take back one said of another puzzle)."""
    line = staleness_note(puzzle, today, prior)
    if line:
        note.text = line
    elif str(note.text).startswith(STALE):
        note.text = ""


def tell(note: Note, text: str) -> None:
    """Show `text` in the message line, if there is anything to say."""
    if text:
        note.text = text
