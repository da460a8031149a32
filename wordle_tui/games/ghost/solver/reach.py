"""Which fragments can be reached in play, and how many pruning leaves out.

A word ends the game, so a fragment is reached only along moves from the empty fragment
through fragments that are not words: once 'the' ends the game, 'them' and 'theme' are never
played. In Ghost that is every fragment with a word as a proper prefix, and the vocabulary
is built without them (`vocabulary._past_words`: 79% of ENABLE's fragments with 3-letter
words). In the substring variants a fragment with a word inside may still be reached around
it ('cats' from 's', 'ts', 'ats' avoids 'cat'), so only about 1% cannot be; those are
counted here, not dropped: the tables find a fragment through its prefixes, which would have
to stay, and renumbering every link would cost more than the 0.5% it saves.

Pruning changes no outcome: a reachable fragment that is not a word has only reachable
children, so its value (two players or n) is computed from the same children as before.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from .edges import INFIX
from .solved import SolvedGame, level_end
from .vocabulary import Vocabulary


def reachable(vocab: SolvedGame) -> np.ndarray:
    """For every fragment, whether some game reaches it (a word is reached, then ends it).

    Level by level from the empty fragment: a fragment is reached when one of its parents
    (`edges`) is reached and is not a word; each parent column is one gather."""
    if vocab.variant == "spook" or not isinstance(vocab, Vocabulary):  # Spook's bags
        return _reachable_by_edges(vocab)
    reached = np.zeros(vocab.fragments, dtype=bool)
    live = np.zeros(vocab.fragments, dtype=bool)  # reached, and not a word: play goes on
    reached[0] = live[0] = True
    for size in range(1, len(vocab.level_start)):
        lo, hi = int(vocab.level_start[size]), level_end(vocab, size)
        here = np.zeros(hi - lo, dtype=bool)
        for parent in _parents(vocab, lo, hi):
            here |= live[parent] & (parent >= 0)
        if vocab.variant == "xghost":
            a, b = np.searchsorted(vocab.inner_child, [lo, hi])
            inner = vocab.inner_parent[a:b]
            here[vocab.inner_child[a:b][live[inner]] - lo] = True
        reached[lo:hi] = here
        live[lo:hi] = here & ~vocab.is_word[lo:hi]
    return reached


def _parents(vocab: Vocabulary, lo: int, hi: int) -> list[np.ndarray]:
    """The end parents of fragments lo..hi-1, -1 for none (as `edges.level_edges`, with
    repeats: they do no harm here)."""
    columns = [vocab.drop_last[lo:hi]]
    if vocab.variant in INFIX:
        columns.append(vocab.drop_first[lo:hi])
    if vocab.variant == "superduper":
        for direct in (vocab.drop_last[lo:hi], vocab.drop_first[lo:hi]):
            columns.append(np.where(direct >= 0, vocab.reverse[np.maximum(direct, 0)], -1))
    return columns


def _reachable_by_edges(vocab: SolvedGame) -> np.ndarray:
    """`reachable` over any vocabulary's `level_edges` (Spook's bags)."""
    reached = np.zeros(vocab.fragments, dtype=bool)
    reached[0] = True
    for size in range(1, len(vocab.level_start)):
        p, c = vocab.level_edges(size)
        live = reached[p] & ~vocab.is_word[p]
        reached[c[live]] = True
    return reached


def prefix_count(words: Iterable[str]) -> int:
    """How many distinct beginnings the words have, the empty one included: Ghost's fragments
    before pruning. Adjacent sorted words share their common prefix; it is measured one
    letter at a time over the pairs still equal, so the work is the letters shared."""
    ordered = sorted(dict.fromkeys(words))  # fast on a sorted list, as word lists are
    if not ordered:
        return 1
    lengths = np.fromiter(map(len, ordered), dtype=np.int64, count=len(ordered))
    letters = np.frombuffer("".join(ordered).encode(), dtype=np.uint8)
    offset = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    shared = np.zeros(len(ordered) - 1, dtype=np.int64)
    pairs = np.arange(len(ordered) - 1)
    depth = 0
    while len(pairs):
        pairs = pairs[(lengths[pairs] > depth) & (lengths[pairs + 1] > depth)]
        same = letters[offset[pairs] + depth] == letters[offset[pairs + 1] + depth]
        pairs = pairs[same]
        shared[pairs] += 1
        depth += 1
    return 1 + int(lengths.sum() - shared.sum())


def fragment_counts(vocab: SolvedGame) -> dict[str, int]:
    """Fragments before pruning, those some game reaches, and those the tables keep."""
    before = prefix_count(vocab.words) if vocab.variant == "ghost" else vocab.fragments
    return {
        "before": before,
        "reachable": int(reachable(vocab).sum()),
        "kept": vocab.fragments,
    }
