"""Guesses that are the same up to the symmetries of the secrets left.

Swapping two colours, or two places, maps every code to another. When a swap maps the set of
secrets left onto itself, a guess and its image split those secrets alike (up to the swap), so
they lead to the same total: only one of them needs to be searched. `Symmetries` finds the swaps
that keep a set of secrets and the lowest guess of each class the kept swaps generate.
"""

from __future__ import annotations

import itertools

import numpy as np

from ....solver.games import Game
from .codes import colour_numbers


class Symmetries:
    """The colour and place swaps of a Mastermind game, as permutations of its codes."""

    def __init__(self, game: Game) -> None:
        digits = colour_numbers(game.guesses).astype(np.intp) + 1
        colours = int(digits.max())
        pegs = digits.shape[1]
        powers = colours ** np.arange(pegs - 1, -1, -1)
        images = []
        for a, b in itertools.combinations(range(1, colours + 1), 2):
            swapped = np.where(digits == a, b, np.where(digits == b, a, digits))
            images.append(_numbers(swapped, powers))
        for i, j in itertools.combinations(range(pegs), 2):
            swapped = digits.copy()
            swapped[:, [i, j]] = swapped[:, [j, i]]
            images.append(_numbers(swapped, powers))
        self.images = np.array(images, dtype=np.intp)  # (swaps, codes)
        self.size = len(game.guesses)
        self.target_ids = game.target_ids

    def kept(self, targets: np.ndarray) -> np.ndarray:
        """The swaps (rows of `images`) that map the secrets at these positions onto themselves."""
        mask = np.zeros(self.size, dtype=bool)
        ids = self.target_ids[targets]
        mask[ids] = True
        return self.images[mask[self.images[:, ids]].all(axis=1)]

    def representatives(self, targets: np.ndarray) -> np.ndarray:
        """The lowest guess of each class of guesses alike for these secrets, in order."""
        swaps = self.kept(targets)
        if len(swaps) == 0:
            return np.arange(self.size)
        lowest = np.arange(self.size)
        while True:
            spread = np.minimum(lowest, lowest[swaps].min(axis=0))
            spread = spread[spread]  # follow to the class's lowest found so far
            if np.array_equal(spread, lowest):
                return np.flatnonzero(lowest == np.arange(self.size))
            lowest = spread


def _numbers(digits: np.ndarray, powers: np.ndarray) -> np.ndarray:
    """Guess numbers of codes given as digits 1..C (codes are numbered in increasing order)."""
    numbers: np.ndarray = (digits - 1) @ powers
    return numbers
