"""Make the answer lists of Wordle with 4, 6 and 7 letters (`wordlists/answers-lenN.txt`).

    python scripts/make_length_lists.py [LENGTH ...]     (default: 4 6 7)

The guesses of the set `lenN` are ENABLE's words of N letters (read from the bundled
`enable1.txt` at run time); the answers are the common ones among them, chosen here once, so
the program never needs wordfreq's data for them:

1. a word's Zipf frequency in English (`wordfreq.zipf_frequency(word, "en")`, the bundled
   data, offline) is at least `MIN_ZIPF` (3.0: about once per million words of text), and
2. it is not the plural of a shorter word: it is dropped when it ends in `s` but not `ss`, and
   the word without its last `s`, or, ending in `es`, without that `es`, or, ending in `ies`,
   with `y` for the `ies`, is an ENABLE word (`cats`, `boxes`, `cities` go; `glass`, `bonus`,
   `focus` stay). Like Wordle's own answers, that keeps the list to words a player thinks
   of, not to `-s` forms of the shorter game.

ENABLE holds no proper nouns (its words are all lower case, and wordfreq cannot tell a
name's capitals, as it folds case), so no other filter is needed. Each file starts with `#`
lines saying how it was made (the word-list reader skips them), then one word a line, a-z.
"""

from __future__ import annotations

import sys
from pathlib import Path

from wordfreq import zipf_frequency

WORDLISTS = Path(__file__).resolve().parents[1] / "wordlists"
ENABLE = WORDLISTS / "enable1.txt"
MIN_ZIPF = 3.0
LENGTHS = (4, 6, 7)


def enable_words() -> list[str]:
    """Every ENABLE word, lower case, in file (alphabetical) order."""
    return [w.strip() for w in ENABLE.read_text().splitlines() if w.strip()]


def is_plural(word: str, words: set[str]) -> bool:
    """Whether `word` is the `-s`, `-es` or `-ies` plural of another ENABLE word."""
    if not word.endswith("s") or word.endswith("ss"):
        return False
    stems = [word[:-1]]
    if word.endswith("es"):
        stems.append(word[:-2])
    if word.endswith("ies"):
        stems.append(word[:-3] + "y")
    return any(stem in words for stem in stems)


def answers(length: int, words: list[str]) -> list[str]:
    """The common, non-plural ENABLE words of `length` letters, in alphabetical order."""
    known = set(words)
    return [
        w
        for w in words
        if len(w) == length and zipf_frequency(w, "en") >= MIN_ZIPF and not is_plural(w, known)
    ]


def header(length: int, count: int) -> str:
    """The `#` lines that say how a list was made."""
    return (
        f"# Wordle answers of {length} letters: {count:,} words, made by "
        "scripts/make_length_lists.py\n"
        f"# ENABLE words of {length} letters with wordfreq Zipf frequency >= {MIN_ZIPF}, "
        "plurals of other ENABLE words left out\n"
    )


def main(lengths: list[int]) -> None:
    """Write the answer list of each length and say how many words it has."""
    words = enable_words()
    for length in lengths:
        chosen = answers(length, words)
        path = WORDLISTS / f"answers-len{length}.txt"
        path.write_text(header(length, len(chosen)) + "\n".join(chosen) + "\n")
        guesses = sum(len(w) == length for w in words)
        print(f"{path.name}: {len(chosen):,} answers of {guesses:,} ENABLE words", file=sys.stderr)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or list(LENGTHS))
