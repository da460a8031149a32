"""Ghost, SuperGhost and SuperDuperGhost: the vocabulary of fragments, and the solved game.

Players take turns adding a letter to a fragment: at the end (Ghost), at either end
(SuperGhost), or at either end of the fragment or of its reverse (SuperDuperGhost). Every
fragment must be part of some word (a beginning, for Ghost; any infix, otherwise). Whoever
completes a word of at least `min_length` letters, or makes a fragment of no word, loses.

The vocabulary is built level by level with NumPy: a fragment of length L+1 is keyed by
(id of its first L letters, its last letter), so each level is one `np.unique`. The game is
solved from the longest fragments back to the empty one, without recursion.

The referee that plays a game lives in `wordle_tui.gameplay.ghost`; the computer's
strategies in `ghost_strategies`; the disk cache in `ghost_cache`; the memorable summaries
of a winning strategy in `ghost_summary`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

import numpy as np

from ..errors import WordleTuiError
from .ghost_lookup import Finder
from .memory import check_memory

VARIANTS = ("ghost", "super", "superduper")
LETTERS = re.compile(r"[a-z\n]+")
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
FRAGMENT_BYTES, LEVEL_BYTES = 64, 2048  # memory a build needs (see `_check_size`)


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
    _finder: Finder = field(init=False, repr=False)

    def __post_init__(self) -> None:
        arrays = (self.level_keys, self.level_start, self.drop_first, self.rep_word, self.rep_start)
        finder = Finder(*arrays, words=self.words, infix=self.variant != "ghost")
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
        """The id of a fragment, or -1 if it is part of no word (see `ghost_lookup`)."""
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

    def candidate_plays(self, fragment: str) -> list[str]:
        """Every fragment one move away under the variant's rules (legal or not)."""
        ends = [fragment]
        if self.variant == "superduper" and fragment[::-1] != fragment:
            ends.append(fragment[::-1])
        plays: list[str] = []
        for base in ends:
            plays += [base + letter for letter in ALPHABET]
            if self.variant != "ghost":
                plays += [letter + base for letter in ALPHABET]
        return list(dict.fromkeys(plays))

    def legal_plays(self, fragment: str) -> list[str]:
        """The plays from `fragment` that are still part of some word, sorted."""
        return sorted(p for p in self.candidate_plays(fragment) if self.is_fragment(p))

    def is_play(self, fragment: str, play: str) -> bool:
        """Whether `play` is one move from `fragment` (a legal fragment or not)."""
        if len(play) != len(fragment) + 1:
            return False
        ends = [fragment, fragment[::-1]] if self.variant == "superduper" else [fragment]
        front = self.variant != "ghost"
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


def build(words: Iterable[str], variant: str = "ghost", min_length: int = 3) -> Vocabulary:
    """Build and solve the vocabulary of a variant from a word list."""
    if variant not in VARIANTS:
        raise GhostError(f"unknown variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
    if min_length < 1:
        raise GhostError("the minimum word length must be at least 1")
    kept = tuple(dict.fromkeys(w for w in words if len(w) >= min_length))
    if not kept:
        raise GhostError(f"no word has {min_length} or more letters")
    if not LETTERS.fullmatch("\n".join(kept)):
        bad = next(w for w in kept if not LETTERS.fullmatch(w))
        raise GhostError(f"{bad!r}: Ghost words must be lower-case letters a-z")
    _check_size(kept, variant)
    return _build(kept, variant, min_length)


def _check_size(words: tuple[str, ...], variant: str) -> None:
    """Refuse (TooBigError) a list whose fragments would not fit in memory.

    Ghost has at most one fragment per letter; the infix variants up to L(L+1)/2 per word of
    L letters. Building peaks near 60 bytes per such fragment (measured on ENABLE and on
    single words of 2,000 and 20,000 letters), plus about 1 KiB per letter of the longest word.
    """
    lengths = [len(w) for w in words]
    bound = sum(lengths) if variant == "ghost" else sum(n * (n + 1) // 2 for n in lengths)
    need = FRAGMENT_BYTES * bound + LEVEL_BYTES * max(lengths)
    what = f"solving {variant} over {len(words):,} words (the longest {max(lengths):,} letters)"
    check_memory(need, what, "use a list of shorter words")


def _build(words: tuple[str, ...], variant: str, min_length: int) -> Vocabulary:
    n = len(words)
    lengths = np.fromiter(map(len, words), dtype=np.int32, count=n)
    longest = int(lengths.max())
    letters = np.frombuffer("".join(words).encode(), dtype=np.uint8).astype(np.int32) - 96
    offset = np.zeros(n, dtype=np.int64)
    np.cumsum(lengths[:-1], out=offset[1:])
    infix = variant != "ghost"
    # Positions where a fragment of the current size starts: (word, start), in word order,
    # starts ascending, so the fragment one letter to the right is the next position.
    if infix:
        pos_w = np.repeat(np.arange(n, dtype=np.int32), lengths + 1)
        pos_i = (np.arange(len(pos_w)) - np.repeat(offset + np.arange(n), lengths + 1)).astype(
            np.int32
        )
    else:
        pos_w, pos_i = np.arange(n, dtype=np.int32), np.zeros(n, dtype=np.int32)
    cur = np.zeros(len(pos_w), dtype=np.int32)  # fragment id at each position (size 0: '')
    level_keys, level_start = [np.zeros(1, dtype=np.int64)], [0]
    columns = {k: [np.zeros(1, np.int32)] for k in ("length", "rep_word", "rep_start")}
    drop_last, drop_first = [np.full(1, -1, np.int32)], [np.full(1, -1, np.int32)]
    reverse = [np.zeros(1, np.int32)]
    word_nodes, total = [], 1
    for size in range(1, longest + 1):
        keep = pos_i + size <= lengths[pos_w]
        index = np.flatnonzero(keep)  # positions (at the previous size) that grow
        pw, pi = pos_w[index], pos_i[index]
        parent = cur[index] - level_start[-1]
        keys = parent.astype(np.int64) * 27 + letters[offset[pw] + pi + size - 1]
        span = (total - level_start[-1]) * 27
        seen = np.zeros(span, dtype=bool)
        seen[keys] = True
        found = np.flatnonzero(seen)
        rank = np.cumsum(seen, dtype=np.int32) - 1
        local = rank[keys]
        first = np.full(len(found), len(keys), dtype=np.int64)
        np.minimum.at(first, local, np.arange(len(keys)))
        rw, ri = pw[first], pi[first]
        columns["length"].append(np.full(len(found), size, np.int32))
        columns["rep_word"].append(rw)
        columns["rep_start"].append(ri)
        drop_last.append((found // 27 + level_start[-1]).astype(np.int32))
        if infix:  # fragment[1:] starts one position to the right, at the previous size
            tail = cur[index[first] + 1]
            drop_first.append(tail)
            rev_tail = reverse[-1][tail - level_start[-1]]
            relative = rev_tail.astype(np.int64) - level_start[-1]
            rev_key = np.where(rev_tail >= 0, relative * 27 + letters[offset[rw] + ri], -1)
            inside = (rev_key >= 0) & (rev_key < span)
            hit = np.zeros(len(found), dtype=bool)
            hit[inside] = seen[rev_key[inside]]
            reverse.append(
                np.where(hit, total + rank[np.where(hit, rev_key, 0)], -1).astype(np.int32)
            )
        else:
            drop_first.append(np.full(len(found), -1, np.int32))
            reverse.append(np.full(len(found), -1, np.int32))
        ids = (total + local).astype(np.int32)
        ends = (pi == 0) & (lengths[pw] == size)
        word_nodes.append(ids[ends])
        level_keys.append(found)
        level_start.append(total)
        total += len(found)
        pos_w, pos_i, cur = pw, pi, ids
    arrays = {k: np.concatenate(v) for k, v in columns.items()}
    arrays["drop_last"] = np.concatenate(drop_last)
    arrays["drop_first"] = np.concatenate(drop_first)
    arrays["reverse"] = np.concatenate(reverse)
    is_word = np.zeros(total, dtype=bool)
    is_word[np.concatenate(word_nodes)] = True
    starts = np.array(level_start, dtype=np.int64)
    win = _solve(variant, is_word, arrays, starts, longest)
    for array in (*arrays.values(), is_word, win, starts, *level_keys):
        array.setflags(write=False)
    return Vocabulary(
        variant=variant,
        min_length=min_length,
        words=words,
        is_word=is_word,
        level_keys=tuple(level_keys),
        level_start=starts,
        win=win,
        **arrays,
    )


def _solve(
    variant: str, is_word: np.ndarray, arrays: dict, level_start: np.ndarray, longest: int
) -> np.ndarray:
    """Who wins from every fragment, from the longest fragments back to the empty one."""
    total = len(is_word)
    win = is_word.copy()  # the player to move after a word was made has won
    has_losing_child = np.zeros(total, dtype=bool)
    parents = [arrays["drop_last"]]
    if variant != "ghost":
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
    win[0] = has_losing_child[0]
    return win


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
)


def level_end(vocab: Vocabulary, size: int) -> int:
    """The id just past the last fragment of this length."""
    starts = vocab.level_start
    return int(starts[size + 1]) if size + 1 < len(starts) else vocab.fragments
