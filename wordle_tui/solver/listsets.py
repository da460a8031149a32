"""Word-list sets: an answer list and a guess list under one name, shipped or added by a user.

A set has a name, its answers (in file order), its guesses (the guess list, plus any answer it
lacked: those are added, with a note), where it comes from, and a fingerprint: the first 12 hex
digits of a SHA-256 over both lists sorted, so the same words in any order give the same
fingerprint, and any other word gives another.

The shipped sets come from the bundled lists (`SHIPPED`). A user's sets live in the data
folder, `lists/NAME/`: `answers.txt` and `guesses.txt` (the validated words, one a line, as
given) and `set.json` (the fingerprint, the files they came from, when). Every load checks the
files against that fingerprint: a set whose files were changed or lost is reported damaged, in
one line naming it, and never used. Files are written atomically, `set.json` last.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from ..files import FileProblem, atomic_write_bytes, read_text_file, remove_orphan_temps
from ..paths import data_home, ensure_dir
from ..plural import plural
from .words import (
    ANSWERS,
    ANSWERS_2315,
    ENABLE,
    GUESSES,
    NYT_ALLOWED,
    NYT_ANSWERS,
    NYT_HISTORY,
    OTHER_LENGTHS,
    SGB,
    WordListError,
    ascii_lower,
    bundled_words,
    clipped,
    length_answers,
)
from .words import read_words as read_list

DEFAULT = "nyt"
MIN_LENGTH, MAX_LENGTH = 4, 7  # the word lengths a set may have (reply codes fit in uint16)
CLASSIC = "classic"
ALIASES = {"default": CLASSIC}  # the classic set's name before the NYT's lists of today
FORMAT = 1
FINGERPRINT_DIGITS = 12
NAME_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
SHOWN_ADDED = 8  # answers named in the note about words added to the guesses
# name: (answers file, guesses file or None for the answers themselves, what it is)
SHIPPED: dict[str, tuple[str, str | None, str]] = {
    "nyt": (NYT_ANSWERS, NYT_ALLOWED, "the NYT Wordle of today"),
    "classic": (ANSWERS, GUESSES, "the NYT Wordle lists of 2022"),
    "original": (ANSWERS_2315, GUESSES, "Wordle's answers before the NYT edits"),
    "sgb": (SGB, None, "Stanford GraphBase words (the original notebooks')"),
    "enable": (ENABLE, None, "ENABLE's five-letter words, for Jotto"),
    **{
        f"len{n}": (length_answers(n), ENABLE, f"Wordle with {n} letters: ENABLE's, common ones")
        for n in OTHER_LENGTHS
    },
}


class ListSetError(WordListError):
    """A set that cannot be named, found, stored or read; the message says which and why."""


def fingerprint(answers: Sequence[str], guesses: Sequence[str]) -> str:
    """The content fingerprint of two word lists: order and repeats do not change it.

    The guesses are taken with the answers added, as every game plays them.
    """
    h = hashlib.sha256(b"wordle-tui lists\nanswers\n")
    h.update("\n".join(sorted(set(answers))).encode())
    h.update(b"\nguesses\n")
    h.update("\n".join(sorted(set(guesses) | set(answers))).encode())
    return h.hexdigest()[:FINGERPRINT_DIGITS]


@dataclass(frozen=True, eq=False)
class WordListSet:
    """A named answer list and guess list; `guesses` already holds every answer."""

    name: str
    answers: tuple[str, ...] = field(repr=False)
    guesses: tuple[str, ...] = field(repr=False)  # the guess list, then the answers it lacked
    added: tuple[str, ...] = field(repr=False)  # answers that were not in the guess list
    about: str  # what the set is, in a few words
    source: str  # where its words come from
    shipped: bool = True

    @cached_property
    def fingerprint(self) -> str:
        return fingerprint(self.answers, self.guesses)

    @cached_property
    def length(self) -> int:
        """How many letters each of the set's words has (`make_set` checks they agree)."""
        return len(self.guesses[0])

    @cached_property
    def allowed(self) -> frozenset[str]:
        """Every word that may be guessed."""
        return frozenset(self.guesses)

    @property
    def is_default(self) -> bool:
        """Whether this is the set the program uses when none is named."""
        return self.name == DEFAULT

    @property
    def notes(self) -> list[str]:
        """What a user should know about the set (answers added to the guesses)."""
        if not self.added:
            return []
        n = len(self.added)
        shown = ", ".join(self.added[:SHOWN_ADDED]) + (" …" if n > SHOWN_ADDED else "")
        was = "answer was" if n == 1 else "answers were"
        added = "was" if n == 1 else "were"
        return [f"{n:,} {was} not in the guess list and {added} added to the guesses: {shown}"]

    def summary(self) -> str:
        """One line: name, counts and fingerprint."""
        return (
            f"{self.name}: {plural(len(self.answers), 'answer')}, "
            f"{plural(len(self.guesses), 'guess', 'guesses')} "
            f"(fingerprint {self.fingerprint})"
        )

    def as_dict(self) -> dict[str, object]:
        """The set as JSON data (without its words)."""
        return {
            "name": self.name,
            "shipped": self.shipped,
            "answers": len(self.answers),
            "guesses": len(self.guesses),
            "fingerprint": self.fingerprint,
            "about": self.about,
            "source": self.source,
            "added_to_guesses": list(self.added),
            "notes": self.notes,
        }


def make_set(
    name: str,
    answers: Sequence[str],
    guesses: Sequence[str],
    about: str,
    source: str,
    shipped: bool = False,
) -> WordListSet:
    """A set from its lists: answers missing from the guesses are added to them (noted).

    Every word of a set has the same length, which the games take from it (`length`); a set
    that mixes lengths is refused.
    """
    check_length(name, answers, guesses)
    allowed = set(guesses)
    added = tuple(sorted({a for a in answers if a not in allowed}))
    return WordListSet(
        name, tuple(answers), (*guesses, *added), added, about, source, shipped=shipped
    )


def check_length(name: str, answers: Sequence[str], guesses: Sequence[str]) -> int:
    """The one length of all the set's words; raise ListSetError if they have several."""
    lengths = {len(w) for w in (*answers, *guesses)}
    if len(lengths) > 1:
        shown = ", ".join(str(n) for n in sorted(lengths))
        raise ListSetError(
            f"the word-list set {name!r} mixes words of {shown} letters: a set's words, "
            "answers and guesses, all have one length"
        )
    (length,) = lengths or {5}
    if not MIN_LENGTH <= length <= MAX_LENGTH:
        raise ListSetError(
            f"the word-list set {name!r} has words of {length} letters: "
            f"Wordle is played with {MIN_LENGTH} to {MAX_LENGTH}"
        )
    return length


# The shipped sets


def shipped_set(name: str) -> WordListSet:
    """A set built from the bundled lists (read once per process); `default` is `classic`."""
    return _shipped_set(ALIASES.get(name, name))


@cache
def _shipped_set(name: str) -> WordListSet:
    answers_file, guesses_file, about = SHIPPED[name]
    if guesses_file == ENABLE:  # Wordle of another length: ENABLE's words of that length
        answers = bundled_words(answers_file, None)
        length = len(answers[0])
        guesses = tuple(w for w in bundled_words(ENABLE, None) if len(w) == length)
        source = f"bundled {answers_file} + {ENABLE} (its words of {length} letters)"
        return make_set(name, answers, guesses, about, source, shipped=True)
    if answers_file == ENABLE:  # the whole ENABLE list has words of every length
        answers = tuple(w for w in bundled_words(ENABLE, None) if len(w) == 5)
        source = f"bundled {ENABLE} (its five-letter words)"
    elif answers_file == NYT_ANSWERS:  # the 2023 list, then past answers it lacks
        answers = nyt_answers()
        source = f"bundled {NYT_ANSWERS} + the answers of {NYT_HISTORY} it lacks"
    else:
        answers = bundled_words(answers_file)
        source = f"bundled {answers_file}"
    guesses = bundled_words(guesses_file) if guesses_file else answers
    if guesses_file:
        source += f" + {guesses_file}"
    return make_set(name, answers, guesses, about, source, shipped=True)


def nyt_answers() -> tuple[str, ...]:
    """Every word the NYT may pick: its answer list of July 2023 (3,158 words) and every past
    answer missing from it (LORIS, KEFIR), in alphabetical order."""
    from .nyt.history import shipped_history

    past = {p.word for p in shipped_history().puzzles}
    return tuple(sorted(set(bundled_words(NYT_ANSWERS)) | past))


def nyt_hint(word: str) -> str:
    """For a word refused by other lists: a hint when the NYT of today accepts it."""
    return (
        " (the NYT accepts it since August 2022: use --lists nyt)"
        if word in (default_set().allowed)
        else ""
    )


def default_set() -> WordListSet:
    """The NYT's game of today: 3,160 answers, 14,855 guesses."""
    return shipped_set(DEFAULT)


def canonical(name: str) -> str:
    """A set's name as stored: lower case, an old alias replaced (`default` is `classic`)."""
    cleaned = ascii_lower(name.strip())
    return ALIASES.get(cleaned, cleaned)


# Names


def check_name(name: str) -> str:
    """A set's name, lower-cased; raise ListSetError if it cannot be one."""
    cleaned = ascii_lower(name.strip())
    if not NAME_PATTERN.fullmatch(cleaned):
        shown = name if len(name) <= 40 else name[:40] + "…"
        raise ListSetError(
            f"{shown!r} cannot name a word-list set: use 1 to 40 letters, digits, - and _, "
            "starting with a letter or digit"
        )
    return cleaned


def sets_folder() -> Path:
    """Where the user's sets are kept (not created here)."""
    return data_home() / "lists"


def user_names() -> list[str]:
    """The names of the user's sets, in alphabetical order (folders with a valid name)."""
    try:
        entries = list(sets_folder().iterdir())
    except OSError:
        return []
    names = []
    for entry in entries:
        name = entry.name
        if NAME_PATTERN.fullmatch(name) and name not in SHIPPED | ALIASES and entry.is_dir():
            names.append(name)
    return sorted(names)


def known_names() -> list[str]:
    """Every set's name: the shipped ones, then the user's."""
    return [*SHIPPED, *user_names()]


def unknown(name: str) -> ListSetError:
    """The error for a name that is no set, listing those there are."""
    return ListSetError(
        f"no word-list set named {clipped(name)}; the sets are: {', '.join(known_names())} "
        "(wordle-tui lists shows them)"
    )


# Loading


def load_set(name: str) -> WordListSet:
    """The set of this name; raise ListSetError if it cannot be used. A name is needed: the
    NYT's set of today is `default_set()`, and a set left out (None) elsewhere is the classic
    one (`games.make_game`)."""
    if not isinstance(name, str):
        raise TypeError(f"load_set takes a set's name, not {name!r} (default_set(): the NYT's)")
    cleaned = canonical(name)
    if cleaned in SHIPPED:
        return shipped_set(cleaned)
    if not NAME_PATTERN.fullmatch(cleaned):
        raise unknown(name)
    folder = sets_folder() / cleaned
    if not folder.is_dir():
        raise unknown(name)
    return _read_user_set(cleaned, folder)


def _damaged(name: str, why: str) -> ListSetError:
    return ListSetError(
        f"the word-list set {name!r} is damaged ({why}); add it again with "
        f"`wordle-tui lists add {name} --replace ...` or remove it"
    )


def _read_user_set(name: str, folder: Path) -> WordListSet:
    """A stored set, checked against its own record."""
    meta = _read_meta(name, folder / "set.json")
    try:
        answers = read_list(folder / "answers.txt", None)
        guesses = read_list(folder / "guesses.txt", None)
    except WordListError as error:
        raise _damaged(name, str(error)) from None
    made = make_set(name, answers, guesses, meta["about"], meta["source"])
    if made.fingerprint != meta["fingerprint"]:
        raise _damaged(
            name,
            f"its words have fingerprint {made.fingerprint}, "
            f"but it was added with {meta['fingerprint']}",
        )
    return made


def _read_meta(name: str, path: Path) -> dict[str, Any]:
    """The record of a stored set: its fingerprint, what it is and where it came from."""
    try:
        data = json.loads(read_text_file(path, "set record", ListSetError, 2**20))
    except ListSetError as error:
        raise _damaged(name, str(error)) from None
    except (ValueError, RecursionError):
        raise _damaged(name, f"{path} is not a set record") from None
    fields = ("fingerprint", "about", "source")
    if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in fields):
        raise _damaged(name, f"{path} is not a set record")
    return data


def all_sets() -> list[tuple[str, WordListSet | ListSetError]]:
    """Every set by name, in `known_names` order; one that cannot be read is its error."""
    found: list[tuple[str, WordListSet | ListSetError]] = []
    for name in known_names():
        try:
            found.append((name, load_set(name)))
        except ListSetError as error:
            found.append((name, error))
    return found


# Adding and removing


def add_set(
    name: str,
    answers_file: str | Path,
    guesses_file: str | Path | None = None,
    replace: bool = False,
    check: Callable[[WordListSet], None] | None = None,
) -> WordListSet:
    """Validate two word-list files and keep a copy of them as the set `name`.

    Without `guesses_file` the answers are the guesses too. A bad line is refused with the
    file and line number (WordListError); nothing is stored unless both lists are sound, and
    `check(new_set)` (the caller's last word: it may raise) returned.
    """
    name = check_name(name)
    if name in SHIPPED or name in ALIASES:
        raise ListSetError(f"{name!r} is a shipped word-list set; choose another name")
    folder = sets_folder() / name
    if folder.exists() and not replace:
        raise ListSetError(
            f"a word-list set named {name!r} exists already; add --replace to replace it"
        )
    answers = read_list(answers_file, None)
    guesses = read_list(guesses_file, None) if guesses_file is not None else answers
    where = [str(Path(answers_file).resolve())]
    if guesses_file is not None:
        where.append(str(Path(guesses_file).resolve()))
    source = f"added {dt.date.today().isoformat()} from {' + '.join(where)}"
    about = "answers and guesses from your files" if guesses_file else "your list, both ways"
    made = make_set(name, answers, guesses, about, source)
    if check is not None:
        check(made)
    _store(made, folder, guesses)
    return made


def _store(made: WordListSet, folder: Path, guesses: Sequence[str]) -> None:
    """Write a set's files atomically, its record last (so a half-written set shows damaged)."""
    ensure_dir(folder, "word-list set folder")
    remove_orphan_temps(folder)
    meta = {
        "format": FORMAT,
        "name": made.name,
        "fingerprint": made.fingerprint,
        "answers": len(made.answers),
        "guesses": len(made.guesses),
        "about": made.about,
        "source": made.source,
    }
    files = {
        "answers.txt": "\n".join(made.answers) + "\n",
        "guesses.txt": "\n".join(guesses) + "\n",
        "set.json": json.dumps(meta, indent=2) + "\n",
    }
    try:
        (folder / "set.json").unlink(missing_ok=True)  # a set being replaced is not whole
        for file, text in files.items():
            atomic_write_bytes(folder / file, text.encode())
    except OSError as error:
        reason = str(error) if isinstance(error, FileProblem) else error.strerror or str(error)
        raise ListSetError(f"the word-list set {made.name!r} cannot be stored: {reason}") from None


def remove_set(name: str) -> None:
    """Delete a user's set; shipped sets cannot be removed."""
    cleaned = canonical(name)
    if cleaned in SHIPPED:
        raise ListSetError(f"{cleaned!r} is a shipped word-list set; it cannot be removed")
    if not NAME_PATTERN.fullmatch(cleaned) or not (sets_folder() / cleaned).is_dir():
        raise unknown(name)
    try:
        shutil.rmtree(sets_folder() / cleaned)
    except OSError as error:
        raise ListSetError(
            f"the word-list set {cleaned!r} cannot be removed: {error.strerror or error}"
        ) from None
