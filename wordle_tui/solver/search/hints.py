"""Hard mode's legal guesses after one more row, for the exact search: each hint's mask made
once as a table row, and a guess's hints joined with the node's legal guesses in one compiled
pass (`kernels.hinted`), bit-packed or not. The search asks this for every group of every guess
it tries (the group's memo key holds its legal guesses), so it is one of its inner loops.

Games whose hints are not per letter (Jotto) use `tree.HintMasks`, which this agrees with.
"""

from __future__ import annotations

import numpy as np

from ..choices import GameName
from ..games import Game
from ..tree import HintMasks
from .rows import call, compiled

GREY, YELLOW, GREEN = 0, 1, 2
SIGNED_UP_TO = 8  # letters `signs` packs apart: 8 bits of places, then 5 bits a letter


class CompiledHints:
    """`HintMasks` joined with a node's legal guesses, as one compiled call."""

    def __init__(self, game: Game) -> None:
        self.wordle = game.rules.name == GameName.WORDLE
        self.masks = HintMasks(game)
        if not self.wordle:
            return
        letters = game.letters
        length = letters.shape[1]
        places = np.arange(26)
        self.letters = np.ascontiguousarray(letters, dtype=np.int64)
        greens = letters.T[:, None, :] == places[None, :, None]  # (place, letter, guess)
        counts = game.letter_counts.T[:, None, :] >= np.arange(length + 1)[None, :, None]
        self.greens = np.ascontiguousarray(greens.reshape(length * 26, -1))
        self.counts = np.ascontiguousarray(counts.reshape(26 * (length + 1), -1))
        self.packed_greens = np.ascontiguousarray(np.packbits(self.greens, axis=1))
        self.packed_counts = np.ascontiguousarray(np.packbits(self.counts, axis=1))
        self.marks = np.array(
            [[marks_of(c) for c in game.show(code)] for code in range(game.rules.n_replies)],
            dtype=np.int64,
        ).reshape(game.rules.n_replies, length)
        self.shown = ((self.marks > GREY) << np.arange(length)).sum(axis=1).astype(np.int64)

    def signs(self, codes: np.ndarray, ids: np.ndarray) -> np.ndarray:
        """For guesses `ids` with replies `codes` (a row each), a number that two of them with
        the same replies share only if every reply gives the same hints (`kernels.hint_signs`:
        the places some reply shows, and their letters there), so one of them will do."""
        if not self.wordle or self.letters.shape[1] > SIGNED_UP_TO:
            return ids.astype(np.int64)  # hints of the whole guess (Jotto): none alike
        signs: np.ndarray = call(
            compiled().hint_signs, np.ascontiguousarray(codes), self.shown, self.letters[ids]
        )
        return signs

    def kept(self, legal: np.ndarray, guess: int, reply: int) -> np.ndarray:
        """The guesses of `legal` (booleans) that keep every hint of `guess` getting `reply`."""
        if not self.wordle:
            kept: np.ndarray = legal & self.masks(guess, reply)
            return kept
        found: np.ndarray = call(
            compiled().hinted, legal, self.greens, self.counts, self.letters, self.marks,
            guess, reply,
        )  # fmt: skip
        return found

    def kept_packed(self, packed: np.ndarray, guess: int, reply: int) -> np.ndarray:
        """`kept` with the legal guesses packed 8 a byte (`np.packbits`), and the answer too."""
        if not self.wordle:
            joined: np.ndarray = packed & self.masks.packed(guess, reply)
            return joined
        found: np.ndarray = call(
            compiled().hinted, packed, self.packed_greens, self.packed_counts, self.letters,
            self.marks, guess, reply,
        )  # fmt: skip
        return found


def marks_of(shown: str) -> int:
    """A reply's mark at one place, as a number: GREEN, YELLOW or GREY."""
    return GREEN if shown == "G" else YELLOW if shown == "Y" else GREY
