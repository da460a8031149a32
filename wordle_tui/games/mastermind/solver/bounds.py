"""Every guess scored at once for a set of codes left: exact answers and lower bounds.

The replies are renumbered 0..R-1 (only the replies that occur: 14 for 4 pegs) and the matrix
is kept transposed, so the rows of the codes left are one gather. For a set of n codes:

- a code left that tells all the others apart gives 2n - 1 in all, and nothing does better;
  one that leaves a single pair (or any guess that tells every code apart) gives 2n, the
  least without such a code. Both are checked on the n x n block of the codes left alone.
- otherwise each guess gets the lower bound n + the least total of each group it leaves
  (`least_totals`: a guess splits a group into at most as many groups as there are replies
  besides the win). For groups no larger than that, the least total of m codes is 2m - 1, so
  the bound is 3n - groups - [could be the secret], and the groups are counted with one bit
  per reply, OR-ed down the codes: no sort, no table of counts.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ....solver.games import Game
from ....solver.search.shared import least_totals
from .symmetry import Symmetries

__all__ = ["Ranking", "Splits", "least_totals", "non_win_replies"]

UNUSABLE = 1 << 40  # the bound of a guess that splits nothing and cannot win
SYMMETRY_FROM = 30  # sets this large or larger are searched one guess per class of alike ones


def non_win_replies(pegs: int) -> int:
    """How many replies other than the win a guess can get (b + w <= P, never P-1 black 1 white)."""
    return (pegs + 1) * (pegs + 2) // 2 - 2


@dataclass
class Ranking:
    """The guesses worth trying for a set of codes, their reply rows and lower bounds."""

    ids: np.ndarray  # guess numbers
    block: np.ndarray  # (codes left, guesses) compact replies
    bounds: np.ndarray  # lower bound of the total for each guess (UNUSABLE: never try)
    is_code: np.ndarray  # whether each guess could be the secret

    @property
    def lower(self) -> int:
        """A lower bound of the set's least total, whatever is guessed."""
        return max(2 * len(self.block), int(self.bounds.min()))


class Splits:
    """A game's replies arranged for scoring every guess against a set of codes at once."""

    def __init__(self, game: Game, matrix: np.ndarray) -> None:
        used = np.unique(matrix)
        compact = np.zeros(256, dtype=np.uint8)
        compact[used] = np.arange(len(used))
        self.win = int(compact[game.rules.win])
        self.replies = len(used)
        self.rows = np.ascontiguousarray(compact[matrix])  # (guesses, secrets)
        self.codes = np.ascontiguousarray(self.rows.T)  # (secrets, guesses)
        self.size = len(game.guesses)
        pegs = len(game.targets[0])
        self.least = least_totals(len(game.targets), non_win_replies(pegs))
        self.small = non_win_replies(pegs) + 1  # groups up to this size need 2m - 1 at least
        kind = np.uint16 if self.replies <= 16 else np.uint32 if self.replies <= 32 else np.uint64
        ones, shifts = np.ones(self.replies, dtype=kind), np.arange(self.replies, dtype=kind)
        self.bits = np.left_shift(ones, shifts)
        self.offsets = (np.arange(self.size, dtype=np.intp) * self.replies)[None, :]
        self.symmetries = Symmetries(game)
        self.everything = np.arange(self.size)

    def groups(self, block: np.ndarray) -> np.ndarray:
        """How many distinct replies each column of `block` holds."""
        counts: np.ndarray = np.bitwise_count(np.bitwise_or.reduce(self.bits[block], axis=0))
        return counts

    def exact(self, codes: np.ndarray, left: int) -> tuple[int, int] | None:
        """(2n - 1 or 2n, a guess that gives it) when a code left shows it, else None."""
        n = len(codes)
        groups = self.groups(self.codes[codes][:, codes])
        best = int(groups.max())
        if best == n or (best == n - 1 and left >= 3):
            return 2 * n - (best == n), int(codes[groups.argmax()])
        return None

    def rank(self, codes: np.ndarray, left: int) -> Ranking | tuple[int, int]:
        """Every guess's lower bound for these codes, or an exact (total, guess)."""
        found = self.exact(codes, left)
        if found is not None:
            return found
        n, ids = len(codes), self.everything
        block = self.codes[codes]
        if n >= SYMMETRY_FROM:
            ids = self.symmetries.representatives(codes)
            block = block[:, ids] if len(ids) < self.size else block
        is_code = np.zeros(self.size, dtype=bool)
        is_code[codes] = True
        is_code = is_code[ids]
        if n <= self.small:
            groups = self.groups(block)
            if groups.max() == n:  # tells every code apart (no code left does: checked)
                return 2 * n, int(ids[groups.argmax()])
            bounds = 3 * n - is_code - groups
            useful = (groups > 1) | is_code
        else:
            counts = self.counts(block)
            largest = counts.max(axis=1)
            if largest.min() <= 1:
                return 2 * n, int(ids[largest.argmin()])
            bounds = n + self.least[counts].sum(axis=1)
            useful = (largest < n) | is_code
        return Ranking(ids, block, np.where(useful, bounds, UNUSABLE), is_code)

    def counts(self, block: np.ndarray) -> np.ndarray:
        """Group sizes: (guesses, replies), the win's column zeroed."""
        k = block.shape[1]
        flat = (block + self.offsets[:, :k]).ravel()
        counts = np.bincount(flat, minlength=k * self.replies).reshape(k, self.replies)
        counts[:, self.win] = 0
        return counts
