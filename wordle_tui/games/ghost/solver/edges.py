"""The moves of the substring variants as edges (parent, child) between fragment ids.

A fragment's parents are the fragments it is one move from: drop its last letter (every
variant), its first (SuperGhost and after), either of those reversed (SuperDuperGhost), or,
in Xghost, any one letter of the inside. Xghost's inner parents are found level by level
without looking any string up: if g = h + c, deleting letter i < len(h) of g is deleting it
from h and adding c back, one slice of the sorted keys (`inner_edges`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

INFIX = ("super", "superduper", "xghost")  # the variants whose fragments are any substring


class Fragments(Protocol):
    """What `level_edges` reads of a vocabulary (`vocabulary.Vocabulary`, which imports this)."""

    @property
    def variant(self) -> str: ...

    @property
    def drop_last(self) -> np.ndarray: ...

    @property
    def drop_first(self) -> np.ndarray: ...

    @property
    def reverse(self) -> np.ndarray: ...

    @property
    def level_start(self) -> np.ndarray: ...

    @property
    def inner_parent(self) -> np.ndarray: ...

    @property
    def inner_child(self) -> np.ndarray: ...

    @property
    def fragments(self) -> int: ...


def level_edges(vocab: Fragments, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Every (parent, child) move into fragments of this size, without repeats.

    A child has at most four end parents (drop its last or first letter, then reverse or
    not); repeats can only be among one child's own parents, so comparing those columns
    pairwise removes them without sorting a million pairs. Xghost's inner edges are stored
    without repeats already.
    """
    lo = int(vocab.level_start[size])
    hi = int(vocab.level_start[size + 1]) if size + 1 < len(vocab.level_start) else vocab.fragments
    child = np.arange(lo, hi, dtype=np.int64)
    columns = [vocab.drop_last[lo:hi]]
    if vocab.variant in INFIX:
        columns.append(vocab.drop_first[lo:hi])
    if vocab.variant == "superduper":
        for direct in (vocab.drop_last[lo:hi], vocab.drop_first[lo:hi]):
            columns.append(np.where(direct >= 0, vocab.reverse[np.maximum(direct, 0)], -1))
    keep = [column >= 0 for column in columns]
    for i in range(1, len(columns)):
        for j in range(i):
            keep[i] &= columns[i] != columns[j]
    parents = [c[k] for c, k in zip(columns, keep, strict=True)]
    children = [child[k] for k in keep]
    if vocab.variant == "xghost":
        a, b = np.searchsorted(vocab.inner_child, [lo, hi])
        parents.append(vocab.inner_parent[a:b])
        children.append(vocab.inner_child[a:b])
    p = np.concatenate(parents).astype(np.int64)
    return p, np.concatenate(children).astype(np.int64)


def inner_edges(
    level_keys: Sequence[np.ndarray],
    level_start: Sequence[int],
    drop_last: np.ndarray,
    spelled: tuple[np.ndarray, np.ndarray],
) -> tuple[np.ndarray, np.ndarray]:
    """Xghost's inner edges (parent, child), sorted by child: deleting a letter strictly
    inside a fragment (not the first, not the last) when what is left is a fragment.

    `spelled` is (letters, start): every word's letters (1-26) end to end, and where each
    fragment's letters start in them. Deletions giving the same string are kept once (the
    first of a run of equal letters), and those equal to dropping the first or last letter
    are left to those columns.
    """
    parents, children = [np.zeros(0, np.int32)], [np.zeros(0, np.int32)]
    # deleted[k]: for each fragment of length n, the id after deleting letter i, i = 1..n-1
    ones = _end(level_start, 1, len(drop_last)) - int(level_start[1])
    previous = np.zeros((ones, 0), dtype=np.int64)
    for n in range(2, len(level_keys)):
        lo, hi = int(level_start[n]), _end(level_start, n, len(drop_last))
        head = drop_last[lo:hi].astype(np.int64)  # h = g[:-1], of length n - 1
        letters = spelled[0][spelled[1][lo:hi, None] + np.arange(n)].astype(np.int64)
        before = previous[head - int(level_start[n - 1])]
        inner = _extend(level_keys, level_start, n - 2, before, letters[:, -1])
        deleted = np.concatenate([inner, head[:, None]], axis=1)  # i = 1..n-1
        if n >= 3:
            p, c = _kept(deleted[:, : n - 2], letters, lo)
            parents.append(p)
            children.append(c)
        previous = deleted
    return np.concatenate(parents), np.concatenate(children)


def _end(level_start: Sequence[int], n: int, total: int) -> int:
    return int(level_start[n + 1]) if n + 1 < len(level_start) else total


def _extend(
    level_keys: Sequence[np.ndarray],
    level_start: Sequence[int],
    depth: int,
    nodes: np.ndarray,
    letters: np.ndarray,
) -> np.ndarray:
    """The ids of fragments `nodes` (all of length `depth`, -1 for none) with a letter added
    at the end, one per row and column (-1 where that is no fragment)."""
    if nodes.shape[1] == 0:
        return nodes
    keys = level_keys[depth + 1]
    key = (nodes - int(level_start[depth])) * 27 + letters[:, None]
    at = np.minimum(np.searchsorted(keys, key), len(keys) - 1)
    found = (nodes >= 0) & (keys[at] == key)
    return np.where(found, at + int(level_start[depth + 1]), -1)


def _kept(inner: np.ndarray, letters: np.ndarray, lo: int) -> tuple[np.ndarray, np.ndarray]:
    """The inner deletions (columns i = 1..n-2) worth an edge: a fragment, the first of a run
    of equal letters, and neither the first run (drop first) nor the last (drop last)."""
    n = letters.shape[1]
    i = np.arange(1, n - 1)
    starts_run = letters[:, i] != letters[:, i - 1]
    # in the last run: every letter from i to the end equals the last letter
    same_as_last = letters == letters[:, n - 1 : n]
    tail_same = np.flip(np.logical_and.accumulate(np.flip(same_as_last, axis=1), axis=1), axis=1)
    keep = (inner >= 0) & starts_run & ~tail_same[:, i]
    rows, cols = np.nonzero(keep)
    return inner[rows, cols].astype(np.int32), (rows + lo).astype(np.int32)
