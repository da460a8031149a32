"""Replies to guesses: Wordle colourings and Jotto counts, one at a time or as a whole matrix.

A Wordle reply is a string over G (right spot), Y (wrong spot) and . (miss). Inside the solver
it is a base-3 code: the first letter is the most significant digit, miss=0, wrong spot=1,
right spot=2, so all-green is 242 for five letters (3**L - 1 for L letters: 80, 728, 2186 for
4, 6, 7). A matrix of five-letter (or shorter) codes is uint8; longer words' codes, up to 3**7 =
2187, need uint16 (`reply_dtype`). A Jotto reply is the number of letters shared (0-5). A
reply of Jotto with positions is two numbers, the letters shared and the letters in the right
place, coded `common * 6 + in_place` (0-35): the word found is 5 and 5, code 35.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

GREEN, YELLOW, MISS = "GY."
WORDLE_WIN = 242
WORDLE_REPLIES = 243
_DIGIT = {MISS: 0, YELLOW: 1, GREEN: 2}
_POWERS = (81, 27, 9, 3, 1)
POSITIONS_BASE = 6  # a Jotto-with-positions code: common * 6 + in place
JOTTO_POSITIONS_WIN = 5 * POSITIONS_BASE + 5
JOTTO_POSITIONS_REPLIES = 6 * POSITIONS_BASE


def wordle_replies(length: int = 5) -> int:
    """How many Wordle replies there are to a word of `length` letters: 3**length."""
    return int(3**length)


def wordle_win(length: int = 5) -> int:
    """The code of the all-green reply to a word of `length` letters."""
    return int(3**length) - 1


def reply_dtype(length: int = 5) -> type[np.unsignedinteger]:
    """The smallest type that holds every reply code: uint8 up to five letters, else uint16."""
    return np.uint8 if wordle_replies(length) <= 256 else np.uint16


def _powers(length: int) -> tuple[int, ...]:
    """Each spot's place value in a reply code, the first letter's largest."""
    return _POWERS if length == 5 else tuple(3**k for k in reversed(range(length)))


def reply_for(guess: str, target: str) -> str:
    """The Wordle reply to `guess` when the answer is `target`, as the NYT game colours it."""
    guess, target = guess.upper(), target.upper()
    reply = [GREEN if g == t else MISS for g, t in zip(guess, target, strict=True)]
    unmatched = Counter(t for g, t in zip(guess, target, strict=True) if g != t)
    for i, letter in enumerate(guess):
        if reply[i] == MISS and unmatched[letter] > 0:
            unmatched[letter] -= 1
            reply[i] = YELLOW
    return "".join(reply)


def jotto_reply(guess: str, target: str) -> int:
    """The Jotto reply: how many distinct letters the two words share."""
    return len(set(guess.lower()) & set(target.lower()))


def jotto_positions_reply(guess: str, target: str) -> int:
    """The reply of Jotto with positions: letters shared (as Jotto's) * 6 + letters in place."""
    guess, target = guess.lower(), target.lower()
    in_place = sum(g == t for g, t in zip(guess, target, strict=True))
    return jotto_reply(guess, target) * POSITIONS_BASE + in_place


def jotto_positions_pair(code: int) -> tuple[int, int]:
    """A Jotto-with-positions reply code as (letters in common, letters in place)."""
    return divmod(code, POSITIONS_BASE)


def jotto_positions_string(code: int) -> str:
    """A Jotto-with-positions reply as its two numbers: `3/1` is 3 in common, 1 in place."""
    common, in_place = jotto_positions_pair(code)
    return f"{common}/{in_place}"


def reply_code(reply: str) -> int:
    """The base-3 code of a Wordle reply string (of any length)."""
    return sum(_DIGIT[c] * p for c, p in zip(reply, _powers(len(reply)), strict=True))


def reply_string(code: int, length: int = 5) -> str:
    """The Wordle reply string of a base-3 code, for a word of `length` letters."""
    digits = []
    for p in _powers(length):
        d, code = divmod(code, p)
        digits.append("." if d == 0 else "Y" if d == 1 else "G")
    return "".join(digits)


def _letters(words: Sequence[str]) -> np.ndarray:
    """Words as an (n, length) array of letter numbers 0-25."""
    joined = "".join(words).lower().encode("ascii")
    return (np.frombuffer(joined, dtype=np.uint8) - ord("a")).reshape(len(words), -1)


def _letter_masks(words: Sequence[str]) -> npt.NDArray[np.uint32]:
    """Each word's set of letters as a 26-bit mask."""
    bits = np.left_shift(np.uint32(1), _letters(words).astype(np.uint32))
    masks: npt.NDArray[np.uint32] = np.bitwise_or.reduce(bits, axis=1)
    return masks


def wordle_matrix(guesses: Sequence[str], targets: Sequence[str]) -> np.ndarray:
    """The (guesses x targets) matrix of Wordle reply codes, as `reply_dtype` of their length."""
    g, t = _letters(guesses), _letters(targets)
    out = np.empty((len(guesses), len(targets)), dtype=reply_dtype(g.shape[1]))
    repeats = np.array([len(set(w)) < len(w) for w in guesses], dtype=bool)
    plain = np.flatnonzero(~repeats)
    if plain.size:
        out[plain] = _codes_distinct(g[plain], t)
    doubled = np.flatnonzero(repeats)
    if doubled.size:
        out[doubled] = _codes_general(g[doubled], t)
    return out


def _codes_distinct(g: np.ndarray, t: np.ndarray) -> np.ndarray:
    """Reply codes for guesses of distinct letters (a yellow is just 'letter present')."""
    length = g.shape[1]
    dtype = reply_dtype(length)
    present = np.zeros((26, len(t)), dtype=np.uint8)
    for k in range(t.shape[1]):
        present[t[:, k], np.arange(len(t))] = 1
    codes = np.zeros((len(g), len(t)), dtype=dtype)
    for i, power in enumerate(_powers(length)):
        green = g[:, i, None] == t[None, :, i]
        digit = present[g[:, i]]  # 1 where the letter is anywhere in the target
        digit += green  # 2 where it is in this spot
        codes += digit * dtype(power)
    return codes


def _codes_general(g: np.ndarray, t: np.ndarray) -> np.ndarray:
    """Reply codes for any guesses: greens first, then yellows left to right while letters last."""
    n_g, n_t, length = len(g), len(t), g.shape[1]
    dtype = reply_dtype(length)
    green = [g[:, i, None] == t[None, :, i] for i in range(length)]
    codes = np.zeros((n_g, n_t), dtype=dtype)
    for i, power in enumerate(_powers(length)):
        letter = g[:, i, None]
        # letters of this kind in the target that are not already matched green
        available = np.zeros((n_g, n_t), dtype=np.uint8)
        for k in range(length):
            available += (t[None, :, k] == letter) & ~green[k]
        # earlier non-green guess letters of this kind already took a yellow
        earlier = np.zeros((n_g, n_t), dtype=np.uint8)
        for j in range(i):
            earlier += (g[:, j, None] == letter) & ~green[j]
        yellow = ~green[i] & (earlier < available)
        codes += (green[i] * np.uint8(2) + yellow) * dtype(power)
    return codes


def jotto_matrix(guesses: Sequence[str], targets: Sequence[str]) -> npt.NDArray[np.uint8]:
    """The (guesses x targets) matrix of Jotto replies (shared distinct letters), as uint8."""
    shared = _letter_masks(guesses)[:, None] & _letter_masks(targets)[None, :]
    counts: npt.NDArray[np.uint8] = np.bitwise_count(shared).astype(np.uint8)
    return counts


def jotto_positions_matrix(guesses: Sequence[str], targets: Sequence[str]) -> np.ndarray:
    """The (guesses x targets) matrix of Jotto-with-positions codes (common * 6 + in place)."""
    codes = jotto_matrix(guesses, targets) * np.uint8(POSITIONS_BASE)
    g, t = _letters(guesses), _letters(targets)
    for k in range(g.shape[1]):
        codes += g[:, k, None] == t[None, :, k]
    return codes
