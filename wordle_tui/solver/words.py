"""Word lists: the bundled ones, user files, and the Jotto list derived from them."""

from __future__ import annotations

import string
from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path

from ..errors import WordleTuiError
from ..files import read_text_file
from ..plural import plural

Word = str

ANSWERS = "wordle-answers.txt"
ANSWERS_2315 = "wordle-answers-2315.txt"
GUESSES = "wordle-guesses.txt"
SGB = "sgb-words.txt"
ENABLE = "enable1.txt"
NYT_ALLOWED = "nyt-allowed.txt"  # every guess the NYT accepts since 30 August 2022
NYT_ANSWERS = "nyt-answers-2023.txt"  # the NYT's answer list as it stood in July 2023
NYT_HISTORY = "nyt-history.tsv"  # every NYT answer, puzzle by puzzle
OTHER_LENGTHS = (4, 6, 7)  # Wordle of other lengths: answers made by scripts/make_length_lists.py
MAX_LIST_BYTES = 256 * 2**20  # a word list is a few MB; a bigger file is surely not one
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def ascii_lower(text: str) -> str:
    """`text` with A-Z lower-cased and nothing else changed, so its length never changes.

    Words are letters a-z: `str.lower` would turn a pasted 'İ' into two characters and a
    Kelvin sign 'K' into a 'k'; here both stay as they are, to be refused as not a-z.
    """
    return text.translate(_ASCII_LOWER)


def char_kind(char: str) -> str:
    """What a character that is not a letter a-z is, in words (never the character itself)."""
    if char.isspace():
        return "a space"
    if char.isascii() and char.isdigit():
        return "a digit"
    if char.isalpha():
        return "a letter outside a-z"
    if char.isprintable():
        return "a punctuation mark or symbol"
    return "a control character"


def fault(line: str) -> str:
    """Why `line` is not a word of letters a-z, without quoting it: the first bad character's
    place and kind. Messages never echo a file's text, so no file's content can be read
    through them (by a browser driving a served app, for one)."""
    for column, char in enumerate(line, start=1):
        if not ("a" <= char <= "z" or "A" <= char <= "Z"):
            return f"not a word of letters a-z (character {column} is {char_kind(char)})"
    return "not a word of letters a-z"


def clipped(text: str, limit: int = 40) -> str:
    """`text` quoted for a message, cut at `limit` characters (a pasted 5 MB stays out)."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


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


def letters_name(length: int) -> str:
    """A word length as it is said before "-letter": "five" for 5."""
    return _LENGTH_NAMES.get(length, str(length))


_LENGTH_NAMES = {4: "four", 5: "five", 6: "six", 7: "seven"}


def length_answers(length: int) -> str:
    """The bundled answer list of Wordle with `length` letters (4, 6 or 7)."""
    return f"answers-len{length}.txt"


def parse_words(text: str, source: str, length: int | None = 5) -> list[Word]:
    """Lower-cased words, one a line; blank lines and `#` comments are skipped."""
    words: list[Word] = []
    seen: set[Word] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word = ascii_lower(line)
        if not (word.isascii() and word.isalpha()):
            raise WordListError(f"{source}, line {number}: {fault(line)}")
        if length is not None and len(word) != length:
            raise WordListError(
                f"{source}, line {number}: a word of {plural(len(word), 'letter')}, not {length}"
            )
        if word not in seen:
            seen.add(word)
            words.append(word)
    if not words:
        raise WordListError(f"{source}: the word list is empty")
    return words


def read_words(path: str | Path, length: int | None = 5) -> list[Word]:
    """Read and check a word-list file; raise WordListError with the file and line on trouble.

    Only a regular file is read (a FIFO or device is refused at once, never waited on); a
    UTF-8 byte-order mark at the start is allowed.
    """
    text = read_text_file(path, "word list", WordListError, MAX_LIST_BYTES)
    return parse_words(text, str(path), length)


@cache
def bundled_words(name: str, length: int | None = 5) -> tuple[Word, ...]:
    """A bundled word list, read once per process."""
    return tuple(read_words(bundled_path(name), length))


def jotto_allowable(words: Iterable[Word]) -> list[Word]:
    """Words of five distinct letters, one per anagram set, in the list's order.

    A set of anagrams is represented by its alphabetically last word (on an alphabetical list,
    the seeds' "last one met"), in the place of its first word, so the words chosen never
    depend on the order of the list.
    """
    by_letters: dict[frozenset[str], Word] = {}
    for word in words:
        if len(word) == 5 == len(set(word)):
            key = frozenset(word)
            by_letters[key] = max(word, by_letters.get(key, word))
    return list(by_letters.values())
