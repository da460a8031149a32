"""Finding a Ghost fragment's id in a solved vocabulary, in work linear in its length.

A fragment is found letter by letter from the empty one: the fragments of length L+1 are
keyed by (id of the first L letters, last letter) in a sorted array per length. Recent answers
are remembered, and a fragment one letter longer than a remembered one is found in one step:
at the end through those keys, at the front (SuperGhost) through an index of the fragments by
(id of all but the first letter, first letter), built on first use. So a game that grows a
word letter by letter, with hints and a review, costs work linear in the word's length rather
than quadratic. Every one-letter extension of a fragment is read at once, as a slice of those
sorted keys (`end_children`, `front_children`), never looked up letter by letter.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

MEMO_SIZE = 4096  # fragments whose ids are remembered


@dataclass(eq=False)
class Finder:
    """Looks fragments up in one vocabulary's arrays (see `ghost.Vocabulary`)."""

    level_keys: tuple[np.ndarray, ...]
    level_start: np.ndarray
    drop_first: np.ndarray
    rep_word: np.ndarray
    rep_start: np.ndarray
    words: tuple[str, ...]
    infix: bool  # fragments grow at both ends (SuperGhost, SuperDuperGhost, Xghost)
    inner: tuple[np.ndarray, np.ndarray] | None = None  # Xghost's (inner_parent, inner_child)
    steps: int = 0  # one-letter search steps taken
    found: dict[str, int] = field(default_factory=dict, repr=False)
    front: tuple[np.ndarray, np.ndarray] | None = field(default=None, repr=False)
    inside: tuple[np.ndarray, np.ndarray] | None = field(default=None, repr=False)

    def find(self, fragment: str) -> int:
        """The id of a fragment, or -1 if it is part of no word."""
        if len(fragment) >= len(self.level_keys):
            return -1  # longer than any word
        node = self.found.get(fragment)
        if node is None:
            node = self._find_near(fragment)
            self.remember(fragment, node)
        return node

    def remember(self, fragment: str, node: int) -> None:
        """Keep a fragment's id for the next lookups (the older half goes when full)."""
        if len(self.found) >= MEMO_SIZE:  # forget the older half; the newest are neighbours
            for old in list(self.found)[: MEMO_SIZE // 2]:
                self.found.pop(old, None)  # another thread may have dropped it
        self.found[fragment] = node

    def end_children(self, node: int, depth: int) -> tuple[np.ndarray, np.ndarray]:
        """(letter codes 1-26, ids) of fragment `node` (of length `depth`) with any one letter
        added at the end: one slice of that length's sorted keys."""
        self.steps += 1
        if depth + 1 >= len(self.level_keys):
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        keys = self.level_keys[depth + 1]
        base = (node - int(self.level_start[depth])) * 27
        lo, hi = np.searchsorted(keys, [base + 1, base + 27])
        codes = keys[lo:hi].astype(np.int64) - base
        return codes, np.arange(lo, hi, dtype=np.int64) + int(self.level_start[depth + 1])

    def front_children(self, node: int) -> tuple[np.ndarray, np.ndarray]:
        """(letter codes 1-26, ids) of fragment `node` with any one letter added at the front
        (infix variants): one slice of the front index."""
        self.steps += 1
        keys, ids = self._front_index()
        lo, hi = np.searchsorted(keys, [node * 27 + 1, node * 27 + 27])
        return keys[lo:hi] - node * 27, ids[lo:hi].astype(np.int64)

    def inner_children(self, node: int) -> list[int]:
        """The ids of fragment `node` with a letter inserted strictly inside it (Xghost), where
        that is not also a letter added at an end: one slice of the inner edges by parent."""
        self.steps += 1
        if self.inner is None:
            return []
        if self.inside is None:
            parent, child = self.inner
            order = np.argsort(parent, kind="stable")
            self.inside = (parent[order], child[order])
        parents, children = self.inside
        lo, hi = np.searchsorted(parents, [node, node + 1])
        plays: list[int] = children[lo:hi].tolist()
        return plays

    def _find_near(self, fragment: str) -> int:
        """Find from a remembered neighbour when there is one, else from the empty fragment."""
        if not fragment:
            return 0
        head = self.found.get(fragment[:-1])
        if head is not None:
            return -1 if head < 0 else self._child(head, len(fragment) - 1, fragment[-1])
        if self.infix:
            tail = self.found.get(fragment[1:])
            if tail is not None:
                return -1 if tail < 0 else self._front_child(tail, fragment[0])
        return self.walk(fragment)

    def walk(self, fragment: str) -> int:
        """Find letter by letter from the empty fragment (nothing remembered)."""
        node = 0
        for depth, letter in enumerate(fragment):
            node = self._child(node, depth, letter)
            if node < 0:
                return -1
        return node

    def _child(self, node: int, depth: int, letter: str) -> int:
        """The id of fragment `node` (of length `depth`) with `letter` added at the end."""
        self.steps += 1
        code = ord(letter) - 96
        if not 1 <= code <= 26 or depth + 1 >= len(self.level_keys):
            return -1
        keys = self.level_keys[depth + 1]
        key = (node - int(self.level_start[depth])) * 27 + code
        at = int(np.searchsorted(keys, key))
        if at == len(keys) or keys[at] != key:
            return -1
        return int(self.level_start[depth + 1]) + at

    def _front_child(self, node: int, letter: str) -> int:
        """The id of fragment `node` with `letter` added at the front (infix variants)."""
        self.steps += 1
        code = ord(letter) - 96
        if not 1 <= code <= 26:
            return -1
        keys, ids = self._front_index()
        key = node * 27 + code
        at = int(np.searchsorted(keys, key))
        return int(ids[at]) if at < len(keys) and keys[at] == key else -1

    def _front_index(self) -> tuple[np.ndarray, np.ndarray]:
        """Fragments sorted by (id of fragment[1:], first letter)."""
        if self.front is None:
            joined = np.frombuffer("".join(self.words).encode(), dtype=np.uint8)
            offset = np.zeros(len(self.words), dtype=np.int64)
            np.cumsum([len(w) for w in self.words[:-1]], out=offset[1:])
            ids = np.flatnonzero(self.drop_first >= 0)
            first = joined[offset[self.rep_word[ids]] + self.rep_start[ids]].astype(np.int64) - 96
            keys = self.drop_first[ids].astype(np.int64) * 27 + first
            order = np.argsort(keys, kind="stable")
            self.front = (keys[order], ids[order].astype(np.int32))
        return self.front
