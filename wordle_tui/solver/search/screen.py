"""A node's screen: its guesses best first, each with a cap on the groups it can make.

A guess makes no more groups of a subset of answers than of the whole set, so a node's
guesses, scored once over its answers, cap what each can do for any group below it. The
exact search (`position`) asks a screen for the most groups any of its guesses makes of a
group below (`Screen.most_groups`): a compiled loop (`kernels`, Numba) over the screen's
block of codes, kept either a row per guess or (for a whole game's openers) a row per answer,
scoring the guesses best cap first and stopping as soon as the caps left cannot matter.
`count_groups` counts the groups of any block of replies in NumPy.

A large node's screen also keeps its `Facts`: sets of its answers that a reply can single
out (those with a letter, without it, with it at a place, with it elsewhere). A group below
lies inside every fact its reply states, so a guess's groups over such a fact cap its groups
over the group, far more tightly than its groups over the whole node.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from .rows import call, compiled

NO_LEGAL = np.zeros(0, dtype=np.bool_)  # `kernels.most_groups`'s `legal` in normal mode
NO_CAPS = np.zeros((0, 1), dtype=np.uint8)  # its `tighter`, when a screen keeps no facts
FACTS_PAIRED = 3  # the smallest facts holding a group, paired to cap its guesses
FACTS_KEPT_BYTES = 64 << 20  # a screen's facts count no more rows than fit in this


class Facts:
    """Sets of a node's answers a reply can single out (`letter_facts`), and each guess's
    groups over the meeting of two of them, counted the second time a group inside it is
    screened (most meetings are asked for many times; one asked for once is not worth it)."""

    def __init__(self, words: Sequence[str], block: np.ndarray) -> None:
        masks = letter_facts(words)
        self.masks = masks[np.argsort(masks.sum(axis=1), kind="stable")]  # smallest first
        self.held = np.ascontiguousarray(self.masks.T)  # a row per answer: the facts it fits
        self.block = block  # the screen's replies, a row per guess
        self.groups: dict[tuple[int, ...], np.ndarray] = {}  # facts -> groups, a row per guess
        self.meets: dict[tuple[int, ...], int] = {}  # facts -> how many answers fit them all
        self.asked: set[tuple[int, ...]] = set()  # facts asked for once, not yet counted

    def caps(self, places: np.ndarray, replies: int) -> np.ndarray:
        """Each guess's groups (one row, or none) over the smallest meeting of two facts that
        hold the answers at `places` (positions among the node's answers)."""
        inside = np.flatnonzero(self.held[places].all(axis=0))[:FACTS_PAIRED].tolist()
        if not inside:
            return NO_CAPS
        pairs = [(a, b) for i, a in enumerate(inside) for b in inside[i + 1 :]]
        facts = min(pairs, key=self._size) if pairs else (inside[0],)
        row = self.groups.get(facts)
        if row is None:
            full = (len(self.groups) + 1) * len(self.block) > FACTS_KEPT_BYTES
            if facts not in self.asked or full:
                self.asked.add(facts)
                return NO_CAPS
            members = np.flatnonzero(np.logical_and.reduce(self.masks[list(facts)]))
            row = call(compiled().groups_over, self.block, members, replies)
            self.groups[facts] = row
        return row[None, :]

    def _size(self, facts: tuple[int, ...]) -> int:
        """How many answers the facts hold together."""
        size = self.meets.get(facts)
        if size is None:
            size = self.meets[facts] = int(np.logical_and.reduce(self.masks[list(facts)]).sum())
        return size


def letter_facts(words: Sequence[str]) -> np.ndarray:
    """A row per fact a reply can state of `words` (with a letter, without it, with it at a
    place, with it elsewhere), each row marking the words it fits; none that fits all or none."""
    letters = np.array([[ord(c) for c in word] for word in words], dtype=np.int32)
    rows: dict[bytes, np.ndarray] = {}
    for letter in np.unique(letters).tolist():
        at = letters == letter
        has = at.any(axis=1)
        for fits in (has, ~has, *at.T, *(has & ~at.T)):
            if 0 < fits.sum() < len(words):
                rows.setdefault(np.packbits(fits).tobytes(), fits)
    return np.array(list(rows.values()), dtype=bool).reshape(len(rows), len(words))


@dataclass(frozen=True)
class Screen:
    """A node's guesses best first, each with a cap on the groups + [could be the answer] it
    can make of any subset of the node's answers (its own count over all of them)."""

    ids: np.ndarray
    caps: np.ndarray  # not increasing
    block: np.ndarray | None = None  # their replies over `among`, row by row (or None)
    among: np.ndarray | None = None  # the node's answers, in order
    by_answer: bool = False  # `block` holds a row per answer of `among` (a column per guess)
    facts: Facts | None = None  # over `among`, with `block` a row per guess
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
        words: Sequence[str] = (),
    ) -> Screen:
        """From `openers`: the guesses of a node of `n` answers and their bounds 3n - caps
        (and, from `ranked`, their replies over the node's answers `among`, whose `words`, if
        given, give the screen its `Facts`)."""
        facts = Facts(words, block) if block is not None and len(words) else None
        return cls(ids, 3 * n - bounds, block, among, facts=facts)

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
        tighter = NO_CAPS if self.facts is None else self.facts.caps(places, replies)
        kernels = compiled()
        most = call(
            kernels.most_groups,
            block,
            self.by_answer and self.block is not None,
            self.rows,
            places,
            self.ids,
            self.caps,
            tighter,
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
