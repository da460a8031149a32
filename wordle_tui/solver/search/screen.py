"""A node's screen: its guesses best first, each with a cap on the groups it can make.

A guess makes no more groups of a subset of answers than of the whole set, so a node's
guesses, scored once over its answers, cap what each can do for any group below it. The
exact search (`position`) asks a screen for the most groups any of its guesses makes of a
group below (`Screen.most_groups`): a compiled loop (`kernels`, Numba) over the screen's
block of codes, kept either a row per guess or (for a whole game's openers) a row per answer,
scoring the guesses best cap first and stopping as soon as the caps left cannot matter.
`count_groups` counts the groups of any block of replies in NumPy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from .rows import call, compiled

NO_LEGAL = np.zeros(0, dtype=np.bool_)  # `kernels.most_groups`'s `legal` in normal mode


@dataclass(frozen=True)
class Screen:
    """A node's guesses best first, each with a cap on the groups + [could be the answer] it
    can make of any subset of the node's answers (its own count over all of them)."""

    ids: np.ndarray
    caps: np.ndarray  # not increasing
    block: np.ndarray | None = None  # their replies over `among`, row by row (or None)
    among: np.ndarray | None = None  # the node's answers, in order
    by_answer: bool = False  # `block` holds a row per answer of `among` (a column per guess)
    rows: np.ndarray = field(init=False, repr=False)  # each guess's row of the block

    def __post_init__(self) -> None:
        own = self.block is not None and self.among is not None and not self.by_answer
        # the reply matrix's rows, unless the block holds a row per guess (by answer: unused)
        object.__setattr__(self, "rows", np.arange(len(self.ids)) if own else self.ids)

    @classmethod
    def of(
        cls,
        ids: np.ndarray,
        bounds: np.ndarray,
        n: int,
        block: np.ndarray | None = None,
        among: np.ndarray | None = None,
    ) -> Screen:
        """From `openers`: the guesses of a node of `n` answers and their bounds 3n - caps
        (and, from `ranked`, their replies over the node's answers `among`)."""
        return cls(ids, 3 * n - bounds, block, among)

    @classmethod
    def by_answers(cls, ids: np.ndarray, bounds: np.ndarray, matrix: np.ndarray) -> Screen:
        """`of` for a whole game's openers, their replies kept a row per answer (cheap slices)."""
        among = np.arange(matrix.shape[1])
        block = np.ascontiguousarray(matrix[ids].T)
        return cls(ids, 3 * len(among) - bounds, block, among, by_answer=True)

    def most_groups(
        self,
        matrix: np.ndarray,
        targets: np.ndarray,
        enough: float,
        give_up: float,
        answer: np.ndarray,
        legal: np.ndarray | None,
        replies: int,
    ) -> int | None:
        """A cap on the groups + [could be the answer] any guess here makes of `targets`:
        exact, or any cap of `enough` or less; None once a guess makes more than `give_up`.

        `answer` marks the guesses that are answers among `targets`; in hard mode only the
        `legal` guesses count. The guesses are scored in order of their caps until no cap
        left is above `enough` and the most found.
        """
        if self.block is None or self.among is None:
            block, places = matrix, targets
        else:
            block, places = self.block, np.searchsorted(self.among, targets)
        kernels = compiled()
        most = call(
            kernels.most_groups,
            block,
            self.by_answer and self.block is not None,
            self.rows,
            places,
            self.ids,
            self.caps,
            answer,
            NO_LEGAL if legal is None else legal,
            _whole(enough),
            _whole(give_up),
            replies,
        )
        return None if most == kernels.GAVE_UP else int(most)


def count_groups(codes: np.ndarray, replies: int = 256) -> npt.NDArray[np.int64]:
    """The number of distinct values (each below `replies`) in each row of `codes`."""
    rows, width = len(codes), -(-replies // 8) * 8
    seen = np.zeros((rows, width), dtype=bool)
    offsets = np.arange(0, rows * width, width, dtype=np.intp)
    if codes.flags.f_contiguous and not codes.flags.c_contiguous:  # a transposed block
        places = codes.T + offsets  # C order: no copy to flatten it
    else:
        places = codes + offsets[:, None]
    seen.ravel()[places.ravel()] = True
    groups: npt.NDArray[np.int64] = np.bitwise_count(np.packbits(seen, axis=1)).sum(
        axis=1, dtype=np.int64
    )
    return groups


def _whole(limit: float) -> int:
    """The whole number a cap must exceed to exceed `limit` (infinities clamped)."""
    return int(math.floor(max(min(limit, 1 << 40), -(1 << 40))))
