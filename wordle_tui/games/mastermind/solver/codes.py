"""Codes of P pegs over C colours, and the reply (black, white) as one int.

A code is a string of colour keys: colour k is the digit k, and the tenth colour is 0, the key
after 9 (`SYMBOLS`; `LETTERS` gives a letter for each as an alternative display). A reply is
black * (P + 1) + white: black pegs for the right colour in the right place, white for a right
colour in the wrong place. P black pegs is the win.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from ....solver.games import Rules

MAX_COLOURS = 10  # colours are the keys 1-9 and 0
MAX_PEGS = 8
SYMBOLS = "1234567890"  # colour k's key: the digit k, and 0 for the tenth (the key after 9)
LETTERS = "RGBYOPWCKM"  # red green blue yellow orange purple white cyan black magenta
STANDARD = (6, 4)  # colours, pegs


@dataclass(frozen=True)
class Pegs:
    """A reply as pegs: `black` right colour right place, `white` right colour elsewhere."""

    black: int
    white: int

    def code(self, pegs: int) -> int:
        """This reply as the int the solver uses."""
        return self.black * (pegs + 1) + self.white

    def __str__(self) -> str:
        return f"{self.black}B {self.white}W"


def pegs_of(code: int, pegs: int) -> Pegs:
    """The black and white pegs of a reply code."""
    black, white = divmod(int(code), pegs + 1)
    return Pegs(black, white)


def reply(guess: str, secret: str) -> Pegs:
    """The black and white pegs `guess` gets when the secret code is `secret`."""
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    common = sum((Counter(guess) & Counter(secret)).values())
    return Pegs(black, common - black)


def colour_keys(colours: int) -> str:
    """The keys of the first `colours` colours, in order."""
    return SYMBOLS[:colours]


def colour_range(colours: int) -> str:
    """The colours' keys in words: "1-6", or "1-9 and 0" for ten."""
    return f"1-{colours}" if colours < 10 else "1-9 and 0"


def colour_number(key: str) -> int:
    """A colour key's number, 1 to 10 (ValueError if it is none)."""
    if len(key) != 1 or key not in SYMBOLS:
        raise ValueError(f"{key!r} is not a colour")
    return SYMBOLS.index(key) + 1


def check_size(colours: int, pegs: int) -> None:
    """Raise ValueError unless the game has 2-10 colours and 1-8 pegs."""
    if not 2 <= colours <= MAX_COLOURS:
        raise ValueError(f"colours must be between 2 and {MAX_COLOURS}, not {colours}")
    if not 1 <= pegs <= MAX_PEGS:
        raise ValueError(f"pegs must be between 1 and {MAX_PEGS}, not {pegs}")


def all_codes(colours: int, pegs: int) -> tuple[str, ...]:
    """Every code, in increasing order of its colours: 11..1 to CC..C (00..0 for ten)."""
    check_size(colours, pegs)
    return tuple("".join(p) for p in itertools.product(colour_keys(colours), repeat=pegs))


def code_letters(code: str) -> str:
    """A code with each colour's letter instead of its digit (1 is R, 2 is G, ...)."""
    return "".join(LETTERS[colour_number(d) - 1] for d in code)


_NUMBERS = np.zeros(256, dtype=np.uint8)  # a key's byte -> its colour's number 0..9
_NUMBERS[np.frombuffer(SYMBOLS.encode("ascii"), dtype=np.uint8)] = np.arange(len(SYMBOLS))


def colour_numbers(codes: Sequence[str]) -> np.ndarray:
    """Codes as an (n, P) array of colour numbers 0..C-1."""
    joined = np.frombuffer("".join(codes).encode("ascii"), dtype=np.uint8)
    return _NUMBERS[joined].reshape(len(codes), -1)


def _counts(digits: np.ndarray) -> np.ndarray:
    """How many pegs of each colour every code has: an (n, MAX_COLOURS) array."""
    counts = np.zeros((len(digits), MAX_COLOURS), dtype=np.uint8)
    rows = np.arange(len(digits))
    for k in range(digits.shape[1]):
        np.add.at(counts, (rows, digits[:, k]), 1)
    return counts


def reply_matrix(guesses: Sequence[str], secrets: Sequence[str]) -> np.ndarray:
    """Reply codes of every guess against every secret, vectorised: a (guesses, secrets) array."""
    g, s = colour_numbers(guesses), colour_numbers(secrets)
    pegs = g.shape[1]
    black = np.zeros((len(g), len(s)), dtype=np.uint8)
    for k in range(pegs):
        black += g[:, k, None] == s[None, :, k]
    gc, sc = _counts(g), _counts(s)
    common = np.zeros_like(black)
    for colour in range(MAX_COLOURS):
        if gc[:, colour].any() and sc[:, colour].any():
            common += np.minimum(gc[:, colour, None], sc[None, :, colour])
    return black * np.uint8(pegs + 1) + (common - black)


@cache
def mastermind_rules(pegs: int) -> Rules:
    """The rules of Mastermind with `pegs` pegs (the same for any number of colours)."""

    def one(guess: str, secret: str) -> int:
        return reply(guess, secret).code(pegs)

    return Rules(
        name=f"mastermind{pegs}",
        reply=one,
        matrix=reply_matrix,
        win=pegs * (pegs + 1),
        n_replies=(pegs + 1) ** 2,
        show=lambda code: str(pegs_of(code, pegs)),
        histogram_bins=10,
    )
