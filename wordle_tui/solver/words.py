"""Word lists: the bundled ones, user files, and the Jotto list derived from them."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path

from ..errors import WordleTuiError

Word = str

ANSWERS = "wordle-answers.txt"
ANSWERS_2315 = "wordle-answers-2315.txt"
GUESSES = "wordle-guesses.txt"
SGB = "sgb-words.txt"
ENABLE = "enable1.txt"


class WordListError(WordleTuiError, ValueError):
    """A word list that cannot be used: missing, empty, or with a bad line."""


def bundled_path(name: str) -> Path:
    """The path of a word list shipped with the package (or the checkout's `wordlists/`)."""
    packaged = resources.files("wordle_tui").joinpath("wordlists", name)
    if packaged.is_file():
        return Path(str(packaged))
    checkout = Path(__file__).resolve().parents[2] / "wordlists" / name
    if checkout.is_file():
        return checkout
    raise WordListError(f"bundled word list {name!r} is missing from the installation")


def parse_words(text: str, source: str, length: int | None = 5) -> list[Word]:
    """Lower-cased words, one a line; blank lines and `#` comments are skipped."""
    words: list[Word] = []
    seen: set[Word] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word = line.lower()
        if not (word.isascii() and word.isalpha()):
            raise WordListError(f"{source}, line {number}: {line!r} is not a word of letters a-z")
        if length is not None and len(word) != length:
            raise WordListError(
                f"{source}, line {number}: {line!r} has {len(word)} letters, not {length}"
            )
        if word not in seen:
            seen.add(word)
            words.append(word)
    if not words:
        raise WordListError(f"{source}: the word list is empty")
    return words


def read_words(path: str | Path, length: int | None = 5) -> list[Word]:
    """Read and check a word-list file; raise WordListError with the file and line on trouble."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise WordListError(f"{path}: no such word list file") from None
    except IsADirectoryError:
        raise WordListError(f"{path}: is a directory, not a word list file") from None
    except UnicodeDecodeError:
        raise WordListError(f"{path}: not a UTF-8 text file") from None
    except OSError as error:
        raise WordListError(f"{path}: cannot read ({error.strerror})") from None
    return parse_words(text, str(path), length)


@cache
def bundled_words(name: str, length: int | None = 5) -> tuple[Word, ...]:
    """A bundled word list, read once per process."""
    return tuple(read_words(bundled_path(name), length))


def jotto_allowable(words: Iterable[Word]) -> list[Word]:
    """Words of five distinct letters, one per anagram set (the last one met), sorted."""
    by_letters = {frozenset(w): w for w in words if len(w) == 5 == len(set(w))}
    return sorted(by_letters.values())
