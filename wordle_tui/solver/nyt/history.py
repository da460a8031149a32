"""The NYT's answers, puzzle by puzzle: the shipped record and the puzzles a user added.

A puzzle's number is the number of days since 2021-06-19 (#0, CIGAR): the number in the
share header. The record is a TSV of `number, date, word`, one puzzle a line. The shipped one
(`wordlists/nyt-history.tsv`) ends at #1699; later puzzles are kept in the data folder
(`nyt/answers.tsv`, with a 4th column: where each came from, `SOURCES`), each checked against
the record and the NYT's allowed guesses: from a file (`nyt history add FILE`), from the NYT
(`nyt update`, `update.py`) or from the user's won games (`record_answer`). Nothing here knows
of priors or games: it answers "which word was puzzle N", "which answers came before N",
"when was WORD an answer" and "how far behind puzzle N is the record".
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from pathlib import Path

from ...errors import WordleTuiError
from ...files import FileProblem, atomic_write_bytes, read_text_file
from ...paths import data_home, ensure_dir
from ...plural import plural
from ..words import NYT_ALLOWED, NYT_HISTORY, bundled_path, bundled_words

DAY_ZERO = dt.date(2021, 6, 19)  # puzzle #0
HEADER = "number\tdate\tword"
USER_HEADER = HEADER + "\tsource"
SOURCES = ("shipped", "file", "nyt", "game")  # shipped, `nyt history add`, `nyt update`, won
TODAY_VARIABLE = "WORDLE_TUI_TODAY"  # YYYY-MM-DD: the local date to use instead (tests)
MAX_HISTORY_BYTES = 4 * 2**20  # a line a day for centuries
MAX_NUMBER = 99_999  # about 270 years of puzzles


class NytHistoryError(WordleTuiError, ValueError):
    """A history file or puzzle number that cannot be used; the message says which and why."""


class RecordConflict(NytHistoryError):
    """A game's answer that the record gives another word; the message says both."""


@dataclass(frozen=True)
class Puzzle:
    """One NYT puzzle: its number, its date, its answer (lower case) and where that came from."""

    number: int
    date: dt.date
    word: str
    source: str = field(default="shipped", compare=False)


def date_of(number: int) -> dt.date:
    """The date of puzzle `number`."""
    return DAY_ZERO + dt.timedelta(days=number)


def number_on(day: dt.date) -> int:
    """The number of the puzzle played on `day` (never below 0)."""
    return max(0, (day - DAY_ZERO).days)


def local_today() -> dt.date:
    """Today by the local date, or the date WORDLE_TUI_TODAY names (YYYY-MM-DD) where set."""
    text = os.environ.get(TODAY_VARIABLE, "").strip()
    if not text:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise NytHistoryError(
            f"{TODAY_VARIABLE}={text[:20]!r} is not a date (YYYY-MM-DD)"
        ) from None


def todays_number(today: dt.date | None = None) -> int:
    """Today's puzzle number, from the local date."""
    return number_on(today or local_today())


def parse_number(text: str) -> int:
    """A puzzle number as typed (`1234`, `1,234`, `#1234`); raise NytHistoryError if it is none."""
    cleaned = text.strip().lstrip("#").replace(",", "")
    if not cleaned or len(cleaned) > 6 or not (cleaned.isascii() and cleaned.isdecimal()):
        raise NytHistoryError(f"{text[:20]!r} is not a puzzle number (0 to {MAX_NUMBER:,})")
    number = int(cleaned)
    if number > MAX_NUMBER:
        raise NytHistoryError(
            f"puzzle #{number:,} is too far ahead (the largest is {MAX_NUMBER:,})"
        )
    return number


def parse_puzzle(text: str, today: int) -> int:
    """A puzzle number as typed, one that is out: at most tomorrow's (`today` + 1, already out
    where the day has begun); raise NytHistoryError naming today's number otherwise."""
    try:
        number = parse_number(text)
    except NytHistoryError:
        shown = text.strip() if len(text.strip()) <= 20 else text.strip()[:20] + "…"
        raise NytHistoryError(
            f"{shown!r} is not a puzzle number: type one from 0 to {today + 1:,} "
            f"(today's is {today:,})"
        ) from None
    if number > today + 1:
        raise NytHistoryError(
            f"Wordle {number:,} is not out yet: today's is {today:,} (empty: today's)"
        )
    return number


@dataclass(frozen=True, eq=False)
class AnswerHistory:
    """Every known puzzle, in number order (no gaps required, no number twice).

    Compared and hashed by identity: caches keyed by a history never hash its puzzles."""

    puzzles: tuple[Puzzle, ...]

    @property
    def last(self) -> int:
        """The highest puzzle number known (-1 for an empty history)."""
        return self.puzzles[-1].number if self.puzzles else -1

    @cached_property
    def unbroken(self) -> int:
        """The last puzzle of the record's unbroken run from #0 (-1 if #0 is missing)."""
        for place, p in enumerate(self.puzzles):
            if p.number != place:
                return place - 1
        return len(self.puzzles) - 1

    def missing(self, upto: int) -> list[int]:
        """The puzzles from #0 to #`upto` the record does not know, oldest first."""
        return [n for n in range(self.unbroken + 1, upto + 1) if n not in self._by_number]

    def word_of(self, number: int) -> str | None:
        """The answer of puzzle `number`, if known."""
        found = self._by_number.get(number)
        return found.word if found else None

    def before(self, number: int) -> list[Puzzle]:
        """The puzzles published before puzzle `number`, oldest first."""
        return [p for p in self.puzzles if p.number < number]

    def answered(self, word: str, before: int | None = None) -> list[Puzzle]:
        """The puzzles whose answer was `word` (before puzzle `before`, if given)."""
        found = self._by_word.get(word.lower(), ())
        return [p for p in found if before is None or p.number < before]

    @cached_property
    def _by_number(self) -> dict[int, Puzzle]:
        return {p.number: p for p in self.puzzles}

    @cached_property
    def _by_word(self) -> dict[str, tuple[Puzzle, ...]]:
        by_word: dict[str, list[Puzzle]] = {}
        for p in self.puzzles:
            by_word.setdefault(p.word, []).append(p)
        return {w: tuple(v) for w, v in by_word.items()}


# Reading and checking


def parse_history(
    text: str, source: str, allowed: frozenset[str], origin: str = "shipped"
) -> list[Puzzle]:
    """The puzzles of a history TSV (from `origin` where a line names none); every bad line is
    named, all of them at once."""
    puzzles: list[Puzzle] = []
    problems: list[str] = []
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#") or line.replace(" ", "\t") in (HEADER, USER_HEADER):
            continue
        try:
            puzzles.append(_parse_line(line, allowed, origin))
        except NytHistoryError as error:
            problems.append(f"{source}, line {line_no}: {error}")
    if problems:
        more = f" (and {len(problems) - 5:,} more bad lines)" if len(problems) > 5 else ""
        raise NytHistoryError("; ".join(problems[:5]) + more)
    return puzzles


def _parse_line(line: str, allowed: frozenset[str], origin: str) -> Puzzle:
    fields = line.split("\t") if "\t" in line else line.split()
    if len(fields) not in (3, 4):
        raise NytHistoryError("expected three fields: number, date, word (and a source)")
    origin = fields[3].strip() if len(fields) == 4 else origin
    if origin not in SOURCES:
        raise NytHistoryError(f"{origin[:20]!r} is not a source ({', '.join(SOURCES)})")
    number = parse_number(fields[0])
    try:
        day = dt.date.fromisoformat(fields[1].strip())
    except ValueError:
        raise NytHistoryError(f"{fields[1][:20]!r} is not a date (YYYY-MM-DD)") from None
    if day != date_of(number):
        raise NytHistoryError(
            f"puzzle #{number:,} was played on {date_of(number).isoformat()}, not {day.isoformat()}"
        )
    word = fields[2].strip().lower()
    if not (word.isascii() and word.isalpha() and len(word) == 5):
        raise NytHistoryError(f"{fields[2][:20]!r} is not a five-letter word")
    if word not in allowed:
        raise NytHistoryError(f"{word.upper()} is not among the NYT's allowed guesses")
    return Puzzle(number, day, word, origin)


def merge(known: list[Puzzle], added: list[Puzzle], source: str) -> list[Puzzle]:
    """Both lists as one, in number order; a puzzle given two different words is refused (one
    given the same word keeps the source it had)."""
    by_number = {p.number: p for p in known}
    problems = []
    for p in added:
        old = by_number.get(p.number)
        if old is not None and old.word != p.word:
            problems.append(
                f"{source}: puzzle #{p.number:,} is {old.word.upper()}, not {p.word.upper()}"
            )
        by_number.setdefault(p.number, p)
    if problems:
        more = f" (and {len(problems) - 5:,} more)" if len(problems) > 5 else ""
        raise NytHistoryError("; ".join(problems[:5]) + more)
    return sorted(by_number.values(), key=lambda p: p.number)


@cache
def allowed_words() -> frozenset[str]:
    """Every word the NYT accepts as a guess."""
    return frozenset(bundled_words(NYT_ALLOWED))


@cache
def shipped_history() -> AnswerHistory:
    """The record shipped with the package (#0 to #1699)."""
    path = bundled_path(NYT_HISTORY)
    text = read_text_file(path, "NYT history", NytHistoryError, MAX_HISTORY_BYTES)
    puzzles = parse_history(text, str(path), allowed_words())
    return AnswerHistory(tuple(merge([], puzzles, str(path))))


def user_file() -> Path:
    """Where the puzzles a user added are kept."""
    return data_home() / "nyt" / "answers.tsv"


def read_history_file(path: str | Path, origin: str = "file") -> list[Puzzle]:
    """The puzzles of a history file, every line checked (FIFOs and devices refused)."""
    try:
        text = read_text_file(path, "NYT history", NytHistoryError, MAX_HISTORY_BYTES)
    except FileProblem as error:
        raise NytHistoryError(str(error)) from None
    return parse_history(text, str(path), allowed_words(), origin)


def load_history() -> AnswerHistory:
    """The shipped record and the user's additions (a damaged user file is an error)."""
    base = shipped_history()
    path = user_file()
    if not path.exists():
        return base
    added = read_history_file(path)
    return AnswerHistory(tuple(merge(list(base.puzzles), added, str(path))))


def add_history(path: str | Path) -> tuple[int, int]:
    """Check a history file and keep its puzzles; return (new puzzles, already known).

    Nothing is stored unless every line is sound and agrees with what is known.
    """
    added = [replace(p, source="file") for p in read_history_file(path)]
    if not added:
        raise NytHistoryError(f"{path}: no puzzles in the file")
    new = keep_puzzles(added, str(path))
    return new, len(added) - new


def keep_puzzles(added: list[Puzzle], source: str) -> int:
    """Add checked puzzles to the user's record in one atomic write; return how many were new.

    Nothing is stored if one of them contradicts the record (`source` names them in the error).
    """
    known = load_history()
    merged = merge(list(known.puzzles), added, source)
    new = len(merged) - len(known.puzzles)
    if new:
        save_user_puzzles(merged)
    return new


def save_user_puzzles(puzzles: list[Puzzle]) -> None:
    """Write the puzzles not shipped to the user's file, with their sources, atomically."""
    shipped = {p.number for p in shipped_history().puzzles}
    mine = [p for p in puzzles if p.number not in shipped]
    lines = "".join(f"{p.number}\t{p.date}\t{p.word}\t{p.source}\n" for p in mine)
    ensure_dir(user_file().parent, "NYT history folder")
    try:
        atomic_write_bytes(user_file(), (USER_HEADER + "\n" + lines).encode())
    except OSError as error:
        reason = error.strerror or error
        raise NytHistoryError(f"the NYT history cannot be saved: {reason}") from None


# The user's games, and how far behind a puzzle the record is


def record_answer(number: int, word: str, source: str = "game") -> bool:
    """Keep `word` as the answer of puzzle `number` (a game on it ended all green); return
    whether it was new. Raise RecordConflict if the record says otherwise, NytHistoryError if
    the puzzle is not out yet, the word cannot be an NYT answer or the record cannot be saved."""
    today = todays_number()
    if number > today + 1:
        raise NytHistoryError(f"Wordle {number:,} is not out yet: today's is {today:,}")
    text = f"{number}\t{date_of(number)}\t{word}\t{source}"
    try:
        puzzle = _parse_line(text, allowed_words(), source)
    except NytHistoryError as error:
        raise NytHistoryError(f"puzzle #{number:,} cannot be kept: {error}") from None
    check_answer(number, puzzle.word)
    return keep_puzzles([puzzle], "your record") > 0


def check_answer(number: int, word: str, history: AnswerHistory | None = None) -> None:
    """Raise RecordConflict if the record gives puzzle `number` another answer than `word`."""
    known = (history or load_history()).word_of(number)
    if known is not None and known != word.lower():
        raise RecordConflict(
            f"puzzle #{number:,} is {known.upper()} in your record, not {word.upper()}"
        )


@dataclass(frozen=True)
class Staleness:
    """How far the record is from puzzle `number`: its unbroken run ends at `last`, `behind`
    puzzles before the one just before `number` (0: the prior knows every earlier answer)."""

    number: int
    last: int
    behind: int

    @property
    def line(self) -> str:
        """What to tell the user ('' when the record is not behind)."""
        if not self.behind:
            return ""
        return (
            f"the record ends at #{self.last:,} and lacks the {plural(self.behind, 'puzzle')} "
            "before this one: `wordle-tui nyt update`"
        )

    def as_dict(self) -> dict[str, int]:
        """For --json: `record_last` and `record_behind`."""
        return {"record_last": self.last, "record_behind": self.behind}


def staleness(number: int, history: AnswerHistory | None = None) -> Staleness:
    """How far behind puzzle `number` the record is (the record loaded unless given)."""
    last = (history or load_history()).unbroken
    return Staleness(number, last, max(0, number - 1 - last))
