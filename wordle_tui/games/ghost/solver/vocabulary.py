"""Ghost, SuperGhost, SuperDuperGhost and Xghost: the vocabulary of fragments, and the game.

Players take turns adding a letter to a fragment: at the end (Ghost), at either end
(SuperGhost), at either end of the fragment or of its reverse (SuperDuperGhost), or anywhere,
between any two letters too (Xghost). Every fragment must be part of some word (a beginning,
for Ghost; any infix, otherwise). Whoever completes a word of at least `min_length` letters,
or makes a fragment of no word, loses. Spook, whose fragments are multisets, is in `spook`.

The vocabulary is built level by level with NumPy: a fragment of length L+1 is keyed by
(id of its first L letters, its last letter), so each level is one `np.unique`. The game is
solved from the longest fragments back to the empty one, without recursion. Ghost's is built
pruned: no fragment past a word, which ends the game first (see `reach`).

The referee that plays a game lives in `wordle_tui.games.ghost.gameplay.referee`; the computer's
strategies in `strategies`; the disk cache in `cache`; the memorable summaries
of a winning strategy in `summary`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

import numpy as np

from ....errors import WordleTuiError
from ....solver.memory import check_memory
from .edges import INFIX, inner_edges, level_edges
from .lookup import Finder

VARIANTS = ("ghost", "super", "superduper", "xghost", "spook")
LETTERS = re.compile(r"[a-z\n]+")
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
FRAGMENT_BYTES, LEVEL_BYTES = 64, 2048  # memory a build needs (see `_check_size`)
INNER_BYTES = 24  # and per fragment and letter, Xghost's inner deletions
_Arrays = dict[str, np.ndarray]  # a vocabulary's columns by name
_Spots = tuple[np.ndarray, np.ndarray, np.ndarray]  # positions: (word, start, fragment id) each


class GhostError(WordleTuiError, ValueError):
    """A vocabulary or play that cannot be used."""


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """The words and fragments of one variant, and who wins from every fragment.

    Immutable: arrays are read-only and the word set is frozen, so a strategy given the
    vocabulary cannot change the game it is playing.
    """

    variant: str
    min_length: int
    words: tuple[str, ...]  # the words of at least min_length letters
    length: np.ndarray  # per fragment
    rep_word: np.ndarray  # a word containing the fragment (index into `words`)
    rep_start: np.ndarray  # where in that word it starts
    is_word: np.ndarray
    drop_last: np.ndarray  # id of fragment[:-1] (-1 for the empty fragment)
    drop_first: np.ndarray  # id of fragment[1:] (-1 where not a fragment, or for Ghost)
    reverse: np.ndarray  # id of the reversed fragment (-1 if not a fragment)
    level_keys: tuple[np.ndarray, ...]  # per length: sorted keys (prefix id * 27 + letter)
    level_start: np.ndarray  # id of the first fragment of each length
    win: np.ndarray  # whether the player to move from this fragment wins with perfect play
    inner_parent: np.ndarray  # Xghost: a fragment with one inside letter deleted (see `edges`)
    inner_child: np.ndarray  # ... and the fragment it was deleted from, ascending
    _finder: Finder = field(init=False, repr=False)

    def __post_init__(self) -> None:
        arrays = (self.level_keys, self.level_start, self.drop_first, self.rep_word, self.rep_start)
        inner = (self.inner_parent, self.inner_child) if self.variant == "xghost" else None
        finder = Finder(*arrays, words=self.words, infix=self.variant in INFIX, inner=inner)
        object.__setattr__(self, "_finder", finder)

    @property
    def fragments(self) -> int:
        """How many fragments there are, the empty one included."""
        return len(self.length)

    def text(self, node: int) -> str:
        """The fragment with this id."""
        start = int(self.rep_start[node])
        return self.words[int(self.rep_word[node])][start : start + int(self.length[node])]

    def find(self, fragment: str) -> int:
        """The id of a fragment, or -1 if it is part of no word (see `lookup`)."""
        return self._finder.find(fragment)

    @property
    def lookup_steps(self) -> int:
        """How many one-letter search steps lookups have taken (for tests and benchmarks)."""
        return self._finder.steps

    def is_fragment(self, fragment: str) -> bool:
        """Whether the fragment is part of some word (a beginning, for Ghost)."""
        return self.find(fragment) >= 0

    def is_word_text(self, fragment: str) -> bool:
        """Whether the fragment is a word that ends the game."""
        node = self.find(fragment)
        return node >= 0 and bool(self.is_word[node])

    def canonical(self, fragment: str) -> str:
        """The fragment as the game holds it (Spook sorts its letters; here it is as is)."""
        return fragment

    def level_edges(self, size: int) -> tuple[np.ndarray, np.ndarray]:
        """Every (parent, child) move into fragments of this size, without repeats."""
        return level_edges(self, size)

    def candidate_plays(self, fragment: str) -> list[str]:
        """Every fragment one move away under the variant's rules (legal or not)."""
        if self.variant == "xghost":
            spots = range(len(fragment) + 1)
            inserted = [fragment[:i] + c + fragment[i:] for i in spots for c in ALPHABET]
            return list(dict.fromkeys(inserted))
        ends = [fragment]
        if self.variant == "superduper" and fragment[::-1] != fragment:
            ends.append(fragment[::-1])
        plays: list[str] = []
        for base in ends:
            plays += [base + letter for letter in ALPHABET]
            if self.variant in INFIX:
                plays += [letter + base for letter in ALPHABET]
        return list(dict.fromkeys(plays))

    def legal_plays(self, fragment: str) -> list[str]:
        """The plays from `fragment` that are still part of some word, sorted."""
        return [play for play, _ in self.plays(fragment)]

    def plays(self, fragment: str) -> list[tuple[str, int]]:
        """The legal plays from `fragment` with their fragment ids, sorted by play.

        Read from the fragment's id (one lookup, then one slice per end), not by looking up
        each of the 26 or 104 candidates: a 1,000-letter word costs thousands of steps, not
        millions. The ids are remembered, so looking a play up next is one step.
        """
        ends = [fragment]
        if self.variant == "superduper" and fragment[::-1] != fragment:
            ends.append(fragment[::-1])
        found: dict[str, int] = {}
        for base in ends:
            node = self.find(base)
            if node >= 0:
                found.update(self._extensions(node, base))
        for play, node in found.items():
            self._finder.remember(play, node)
        return sorted(found.items())

    def child_nodes(self, node: int) -> list[int]:
        """The ids of the legal plays from fragment `node`, in the order of `legal_plays`."""
        return [child for _, child in self.plays(self.text(node))]

    def _extensions(self, node: int, base: str) -> dict[str, int]:
        """Every fragment that is `base` (fragment `node`) with one letter added at its end,
        or at its front (SuperGhost and SuperDuperGhost), by text."""
        codes, ids = self._finder.end_children(node, len(base))
        found = {
            base + ALPHABET[c - 1]: int(i)
            for c, i in zip(codes.tolist(), ids.tolist(), strict=True)
        }
        if self.variant in INFIX:
            codes, ids = self._finder.front_children(node)
            found.update(
                {
                    ALPHABET[c - 1] + base: int(i)
                    for c, i in zip(codes.tolist(), ids.tolist(), strict=True)
                }
            )
        if self.variant == "xghost":
            found.update({self.text(i): i for i in self._finder.inner_children(node)})
        return found

    def is_play(self, fragment: str, play: str) -> bool:
        """Whether `play` is one move from `fragment` (a legal fragment or not)."""
        if len(play) != len(fragment) + 1:
            return False
        if self.variant == "xghost":
            return play.isascii() and any(
                play[:i] + play[i + 1 :] == fragment and play[i] in ALPHABET
                for i in range(len(play))
            )
        ends = [fragment, fragment[::-1]] if self.variant == "superduper" else [fragment]
        front = self.variant in INFIX
        return any(
            (play[:-1] == base and play[-1] in ALPHABET)
            or (front and play[1:] == base and play[0] in ALPHABET)
            for base in ends
        )

    def wins(self, fragment: str) -> bool:
        """Whether the player to move from `fragment` wins with perfect play."""
        node = self.find(fragment)
        return node < 0 or bool(self.is_word[node]) or bool(self.win[node])

    def winning_plays(self, fragment: str) -> list[str]:
        """The legal plays after which the opponent cannot win."""
        if self.is_word_text(fragment):
            return []
        return [p for p in self.legal_plays(fragment) if not self.wins(p)]

    def example_word(self, fragment: str) -> str | None:
        """A word containing the fragment (a beginning, for Ghost), or None."""
        node = self.find(fragment)
        return self.words[int(self.rep_word[node])] if node >= 0 else None

    def words_with(self, fragment: str) -> list[str]:
        """Every word the fragment is part of (beginning, for Ghost)."""
        if self.variant == "ghost":
            return [w for w in self.words if w.startswith(fragment)]
        return [w for w in self.words if fragment in w]

    def read_only_view(self) -> Vocabulary:
        """A copy whose arrays are read-only views (they cannot be made writeable again)."""
        views = {name: getattr(self, name).view() for name in ARRAY_FIELDS}
        return replace(self, level_keys=tuple(k.view() for k in self.level_keys), **views)


def to_play(fragment: str) -> int:
    """Whose turn it is: player 0 moves from even lengths, player 1 from odd."""
    return len(fragment) % 2


def build(
    words: Iterable[str], variant: str = "ghost", min_length: int = 3, prune: bool = True
) -> Vocabulary:
    """Build and solve a variant's vocabulary (Ghost's pruned unless `prune` is false)."""
    if variant not in VARIANTS:
        raise GhostError(f"unknown variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
    if variant == "spook":
        raise GhostError("Spook's fragments are bags of letters: build it with spook.build_spook")
    if min_length < 1:
        raise GhostError("the minimum word length must be at least 1")
    kept = tuple(dict.fromkeys(w for w in words if len(w) >= min_length))
    if not kept:
        raise GhostError(f"no word has {min_length} or more letters")
    if not LETTERS.fullmatch("\n".join(kept)):
        bad = next(w for w in kept if not LETTERS.fullmatch(w))
        raise GhostError(f"{bad!r}: Ghost words must be lower-case letters a-z")
    _check_size(kept, variant)
    return _build(kept, variant, min_length, prune)


def _check_size(words: tuple[str, ...], variant: str) -> None:
    """Refuse (TooBigError) a list whose fragments would not fit in memory.

    Ghost has at most one fragment per letter; the infix variants up to L(L+1)/2 per word of
    L letters. Building peaks near 60 bytes per such fragment (measured on ENABLE and on
    single words of 2,000 and 20,000 letters), plus about 1 KiB per letter of the longest word.
    """
    lengths = [len(w) for w in words]
    bound = sum(lengths) if variant == "ghost" else sum(n * (n + 1) // 2 for n in lengths)
    per = FRAGMENT_BYTES + (INNER_BYTES * max(lengths) if variant == "xghost" else 0)
    need = per * bound + LEVEL_BYTES * max(lengths)
    what = f"solving {variant} over {len(words):,} words (the longest {max(lengths):,} letters)"
    check_memory(need, what, "use a list of shorter words")


class _Packed(NamedTuple):
    """Every word's letters (1-26) end to end, with each word's length and offset."""

    lengths: np.ndarray
    letters: np.ndarray
    offset: np.ndarray


@dataclass
class _Tree:
    """The fragment tree's columns as lists of per-level arrays, and the levels so far."""

    columns: dict[str, list[np.ndarray]]
    level_keys: list[np.ndarray]
    level_start: list[int]
    word_nodes: list[np.ndarray] = field(default_factory=list)
    total: int = 1

    @classmethod
    def root(cls) -> _Tree:
        """A tree holding only the empty fragment."""
        zero, none = np.zeros(1, np.int32), np.full(1, -1, np.int32)
        columns = {k: [zero] for k in ("length", "rep_word", "rep_start")}
        columns |= {"drop_last": [none], "drop_first": [none], "reverse": [zero]}
        return cls(columns, [np.zeros(1, dtype=np.int64)], [0])

    def add_level(self, size: int, found: np.ndarray, words: np.ndarray, **new: np.ndarray) -> None:
        """Append one level: its sorted keys, word-ending ids, and the new column entries."""
        self.columns["length"].append(np.full(len(found), size, np.int32))
        self.columns["drop_last"].append((found // 27 + self.level_start[-1]).astype(np.int32))
        for name, values in new.items():  # rep_word, rep_start, drop_first, reverse
            self.columns[name].append(values)
        self.word_nodes.append(words)
        self.level_keys.append(found)
        self.level_start.append(self.total)
        self.total += len(found)


def _build(words: tuple[str, ...], variant: str, min_length: int, prune: bool) -> Vocabulary:
    packed = _pack(words)
    infix = variant in INFIX
    tree = _Tree.root()
    pos_w, pos_i = _start_positions(packed, infix)
    positions = (pos_w, pos_i, np.zeros(len(pos_w), dtype=np.int32))  # size 0: all ''
    longest = int(packed.lengths.max())
    for size in range(1, longest + 1):
        positions = _grow_level(tree, packed, positions, size, infix)
        if prune and not infix:  # Ghost: a word ends the game, nothing is played after it
            positions = _past_words(tree, positions)
    inner = _inner(tree, packed) if variant == "xghost" else None
    return _vocabulary(tree, words, variant, min_length, longest, inner)


def _inner(tree: _Tree, packed: _Packed) -> tuple[np.ndarray, np.ndarray]:
    """Xghost's inner edges (see `edges.inner_edges`)."""
    column = {k: np.concatenate(tree.columns[k]) for k in ("drop_last", "rep_word", "rep_start")}
    start = packed.offset[column["rep_word"]] + column["rep_start"]
    spelled = (packed.letters, start)
    return inner_edges(tree.level_keys, tree.level_start, column["drop_last"], spelled)


def _pack(words: tuple[str, ...]) -> _Packed:
    n = len(words)
    lengths = np.fromiter(map(len, words), dtype=np.int32, count=n)
    letters = np.frombuffer("".join(words).encode(), dtype=np.uint8).astype(np.int32) - 96
    offset = np.zeros(n, dtype=np.int64)
    np.cumsum(lengths[:-1], out=offset[1:])
    return _Packed(lengths, letters, offset)


def _start_positions(packed: _Packed, infix: bool) -> tuple[np.ndarray, np.ndarray]:
    """Positions where a fragment may start: (word, start), in word order, starts ascending,
    so the fragment one letter to the right is the next position. Ghost: only starts at 0."""
    lengths, offset = packed.lengths, packed.offset
    n = len(lengths)
    if not infix:
        return np.arange(n, dtype=np.int32), np.zeros(n, dtype=np.int32)
    pos_w = np.repeat(np.arange(n, dtype=np.int32), lengths + 1)
    pos_i = np.arange(len(pos_w)) - np.repeat(offset + np.arange(n), lengths + 1)
    return pos_w, pos_i.astype(np.int32)


def _grow_level(tree: _Tree, packed: _Packed, positions: _Spots, size: int, infix: bool) -> _Spots:
    """Add the fragments of length `size` to `tree`, from the positions (word, start, fragment
    id) of the previous size; return the positions at this size."""
    pos_w, pos_i, cur = positions
    lengths, letters, offset = packed
    index = np.flatnonzero(pos_i + size <= lengths[pos_w])  # positions that grow
    pw, pi = pos_w[index], pos_i[index]
    start = tree.level_start[-1]
    parent = cur[index] - start
    keys = parent.astype(np.int64) * 27 + letters[offset[pw] + pi + size - 1]
    span = (tree.total - start) * 27
    seen, found, rank, local, first = _distinct(keys, span)
    rw, ri = pw[first], pi[first]
    if infix:  # fragment[1:] starts one position to the right, at the previous size
        tail = cur[index[first] + 1]
        first_letters = letters[offset[rw] + ri]
        reverse = _reverse_links(tree, tail, first_letters, seen, rank, span)
    else:
        tail, reverse = np.full(len(found), -1, np.int32), np.full(len(found), -1, np.int32)
    ids = (tree.total + local).astype(np.int32)
    ends = (pi == 0) & (lengths[pw] == size)
    tree.add_level(
        size, found, ids[ends], rep_word=rw, rep_start=ri, drop_first=tail, reverse=reverse
    )
    return pw, pi, ids


def _past_words(tree: _Tree, positions: _Spots) -> _Spots:
    """Ghost's positions that grow on: not those at a word ('them' after 'the' is never played)."""
    pos_w, pos_i, ids = positions
    at_word = np.zeros(tree.total, dtype=bool)
    at_word[tree.word_nodes[-1]] = True
    grow = ~at_word[ids]
    return pos_w[grow], pos_i[grow], ids[grow]


def _distinct(keys: np.ndarray, span: int) -> tuple[np.ndarray, ...]:
    """The distinct keys below `span`: a mask of them, them sorted, the rank of each key in
    the mask, each key's rank, and the first index of each distinct key in `keys`."""
    seen = np.zeros(span, dtype=bool)
    seen[keys] = True
    found = np.flatnonzero(seen)
    rank = np.cumsum(seen, dtype=np.int32) - 1
    local = rank[keys]
    first = np.full(len(found), len(keys), dtype=np.int64)
    np.minimum.at(first, local, np.arange(len(keys)))
    return seen, found, rank, local, first


def _reverse_links(
    tree: _Tree,
    tail: np.ndarray,
    first_letters: np.ndarray,
    seen: np.ndarray,
    rank: np.ndarray,
    span: int,
) -> np.ndarray:
    """The id of each new fragment's reverse, or -1 when that is no fragment: reversed, c+rest
    is reverse(rest)+c, keyed like the new level by (reverse of its tail, first letter)."""
    start = tree.level_start[-1]
    rev_tail = tree.columns["reverse"][-1][tail - start]
    relative = rev_tail.astype(np.int64) - start
    rev_key = np.where(rev_tail >= 0, relative * 27 + first_letters, -1)
    inside = (rev_key >= 0) & (rev_key < span)
    hit = np.zeros(len(tail), dtype=bool)
    hit[inside] = seen[rev_key[inside]]
    return np.where(hit, tree.total + rank[np.where(hit, rev_key, 0)], -1).astype(np.int32)


def _vocabulary(
    tree: _Tree,
    words: tuple[str, ...],
    variant: str,
    min_length: int,
    longest: int,
    inner: tuple[np.ndarray, np.ndarray] | None,
) -> Vocabulary:
    """Join the levels into arrays, solve the game, and freeze it all."""
    arrays = {k: np.concatenate(v) for k, v in tree.columns.items()}
    none = np.zeros(0, dtype=np.int32)
    arrays["inner_parent"], arrays["inner_child"] = inner if inner is not None else (none, none)
    is_word = np.zeros(tree.total, dtype=bool)
    is_word[np.concatenate(tree.word_nodes)] = True
    starts = np.array(tree.level_start, dtype=np.int64)
    win = _solve(variant, is_word, arrays, starts, longest)
    for array in (*arrays.values(), is_word, win, starts, *tree.level_keys):
        array.setflags(write=False)
    return Vocabulary(
        variant=variant,
        min_length=min_length,
        words=words,
        is_word=is_word,
        level_keys=tuple(tree.level_keys),
        level_start=starts,
        win=win,
        **arrays,
    )


def _solve(
    variant: str, is_word: np.ndarray, arrays: _Arrays, level_start: np.ndarray, longest: int
) -> np.ndarray:
    """Who wins from every fragment, from the longest fragments back to the empty one."""
    total = len(is_word)
    win = is_word.copy()  # the player to move after a word was made has won
    has_losing_child = np.zeros(total, dtype=bool)
    parents = [arrays["drop_last"]]
    if variant in INFIX:
        parents.append(arrays["drop_first"])
    if variant == "superduper":
        reverse = arrays["reverse"]
        for direct in (arrays["drop_last"], arrays["drop_first"]):
            parents.append(np.where(direct >= 0, reverse[np.maximum(direct, 0)], -1))
    bounds = [*level_start.tolist(), total]
    for size in range(longest, 0, -1):
        lo, hi = bounds[size], bounds[size + 1]
        here = slice(lo, hi)
        win[here] = is_word[here] | has_losing_child[here]
        losing = np.flatnonzero(~win[here]) + lo
        for parent in parents:
            p = parent[losing]
            has_losing_child[p[p >= 0]] = True
        if variant == "xghost":
            _mark_inner(arrays, losing, lo, hi, has_losing_child)
    win[0] = has_losing_child[0]
    return win


def _mark_inner(arrays: _Arrays, losing: np.ndarray, lo: int, hi: int, marks: np.ndarray) -> None:
    """Mark the inner parents (Xghost) of the losing fragments among ids lo..hi-1."""
    child = arrays["inner_child"]
    a, b = np.searchsorted(child, [lo, hi])
    lost = np.zeros(hi - lo, dtype=bool)
    lost[losing - lo] = True
    hit = lost[child[a:b] - lo]
    marks[arrays["inner_parent"][a:b][hit]] = True


ARRAY_FIELDS = (
    "length",
    "rep_word",
    "rep_start",
    "is_word",
    "drop_last",
    "drop_first",
    "reverse",
    "level_start",
    "win",
    "inner_parent",
    "inner_child",
)
