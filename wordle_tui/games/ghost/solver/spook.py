"""Spook: Ghost whose fragment is a bag of letters, solved over every bag some word holds.

A fragment is a multiset of letters, written with its letters sorted ('aer' for era, ear, are).
A move adds one letter. A fragment is legal when some word (of at least the minimum length)
has those letters among its own, counted with repeats; whoever makes a fragment that is
exactly some such word's letters (an anagram of it) loses, as does whoever makes one no word
holds.

A bag is one integer: its letters' counts in a mixed radix (each letter's digit runs up to
its largest count in any word), so adding a letter is adding its place value. The levels are
built from the longest words down: the bags of size k-1 are those of size k with one letter
taken out, plus the words of size k-1; each level is one sorted array, made by merging 26
sorted runs. The game is solved in the same pass, since a bag's children are all longer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

import numpy as np

from ....solver.memory import check_memory
from .vocabulary import ALPHABET, LETTERS, GhostError

KEY_LIMIT = 2**62  # bag keys times two (a flag bit) must fit in an int64


@dataclass(frozen=True, eq=False)
class SpookVocabulary:
    """Every bag of letters some word holds, and who wins from each (read-only arrays).

    It answers the questions a `Vocabulary` answers, with fragments as sorted letters."""

    min_length: int
    words: tuple[str, ...]  # the words of at least min_length letters
    keys: np.ndarray  # each bag's key, sorted within each size
    level_start: np.ndarray  # id of the first bag of each size
    is_word: np.ndarray  # the bag is exactly some word's letters
    win: np.ndarray  # the player to move from this bag wins with perfect play
    place: np.ndarray  # each letter's place value in a key
    radix: np.ndarray  # one more than each letter's largest count in a word
    variant: str = "spook"
    lookup_steps: int = 0

    @property
    def fragments(self) -> int:
        """How many bags there are, the empty one included."""
        return len(self.keys)

    def text(self, node: int) -> str:
        """The bag with this id, as sorted letters."""
        counts = (int(self.keys[node]) // self.place) % self.radix
        return "".join(letter * int(n) for letter, n in zip(ALPHABET, counts, strict=True))

    def canonical(self, fragment: str) -> str:
        """The fragment as the game holds it: its letters sorted."""
        return "".join(sorted(fragment))

    def key(self, fragment: str) -> int:
        """The bag's key, or -1 when some letter is more often in it than in any word."""
        counts = Counter(fragment)
        if any(not "a" <= c <= "z" or n >= self.radix[ord(c) - 97] for c, n in counts.items()):
            return -1
        return sum(int(self.place[ord(c) - 97]) * n for c, n in counts.items())

    def find(self, fragment: str) -> int:
        """The id of the bag, or -1 if no word holds those letters."""
        key, size = self.key(fragment), len(fragment)
        if key < 0 or size >= len(self.level_start):
            return -1
        return int(self._at(size, np.array([key]))[0])

    def _at(self, size: int, keys: np.ndarray) -> np.ndarray:
        """The ids of bags of this size by key (-1 for none)."""
        lo, hi = int(self.level_start[size]), self._end(size)
        at = np.searchsorted(self.keys[lo:hi], keys)
        inside = at < hi - lo
        found = np.zeros(len(keys), dtype=bool)
        found[inside] = self.keys[lo:hi][at[inside]] == keys[inside]
        return np.where(found, at + lo, -1)

    def _end(self, size: int) -> int:
        starts = self.level_start
        return int(starts[size + 1]) if size + 1 < len(starts) else self.fragments

    def is_fragment(self, fragment: str) -> bool:
        """Whether some word holds the fragment's letters."""
        return self.find(fragment) >= 0

    def is_word_text(self, fragment: str) -> bool:
        """Whether the fragment's letters are exactly some word's (which ends the game)."""
        node = self.find(fragment)
        return node >= 0 and bool(self.is_word[node])

    def candidate_plays(self, fragment: str) -> list[str]:
        """Every bag one letter bigger (legal or not)."""
        return sorted({self.canonical(fragment + letter) for letter in ALPHABET})

    def plays(self, fragment: str) -> list[tuple[str, int]]:
        """The legal plays from `fragment` with their ids, sorted by play."""
        node = self.find(fragment)
        if node < 0 or len(fragment) + 1 >= len(self.level_start):
            return []
        key = int(self.keys[node])
        counts = (key // self.place) % self.radix
        room = np.flatnonzero(counts + 1 < self.radix)
        ids = self._at(len(fragment) + 1, key + self.place[room])
        return [(self.text(i), int(i)) for i in ids if i >= 0]

    def legal_plays(self, fragment: str) -> list[str]:
        """The plays from `fragment` that some word still holds, sorted."""
        return [play for play, _ in self.plays(fragment)]

    def child_nodes(self, node: int) -> list[int]:
        """The ids of the legal plays from bag `node`."""
        return [child for _, child in self.plays(self.text(node))]

    def is_play(self, fragment: str, play: str) -> bool:
        """Whether `play` holds `fragment`'s letters and one more a-z."""
        if len(play) != len(fragment) + 1 or not play.isascii():
            return False
        extra = Counter(play) - Counter(fragment)
        return sum(extra.values()) == 1 and next(iter(extra)) in ALPHABET

    def wins(self, fragment: str) -> bool:
        """Whether the player to move from `fragment` wins with perfect play."""
        node = self.find(fragment)
        return node < 0 or bool(self.is_word[node]) or bool(self.win[node])

    def winning_plays(self, fragment: str) -> list[str]:
        """The legal plays after which the opponent cannot win."""
        if self.is_word_text(fragment):
            return []
        return [p for p in self.legal_plays(fragment) if not self.wins(p)]

    def words_with(self, fragment: str) -> list[str]:
        """Every word that holds the fragment's letters (the word itself included)."""
        need = Counter(fragment)
        return [w for w in self.words if not need - Counter(w)]

    def example_word(self, fragment: str) -> str | None:
        """A word holding the fragment's letters (the shortest, then a-z), or None."""
        if not self.is_fragment(fragment):
            return None
        return min(self.words_with(fragment), key=lambda w: (len(w), w), default=None)

    def level_edges(self, size: int) -> tuple[np.ndarray, np.ndarray]:
        """Every (parent, child) move into bags of this size: a child less any of its letters."""
        lo, hi = int(self.level_start[size]), self._end(size)
        keys = self.keys[lo:hi]
        parents, children = [], []
        for letter in range(26):
            has = np.flatnonzero(holds(keys, self.place, self.radix, letter))
            parents.append(self._at(size - 1, keys[has] - self.place[letter]))
            children.append(has + lo)
        return np.concatenate(parents), np.concatenate(children).astype(np.int64)

    def read_only_view(self) -> SpookVocabulary:
        """A copy whose arrays are read-only views."""
        fields = ("keys", "level_start", "is_word", "win", "place", "radix")
        return replace(self, **{name: getattr(self, name).view() for name in fields})


def holds(keys: np.ndarray, place: np.ndarray, radix: np.ndarray, letter: int) -> np.ndarray:
    """Which bags hold the letter (unsigned division: several times faster than signed)."""
    digits = keys.view(np.uint64) // np.uint64(place[letter]) % np.uint64(radix[letter])
    present: np.ndarray = digits != 0
    return present


def build_spook(words: Iterable[str], min_length: int = 3) -> SpookVocabulary:
    """Build and solve Spook over a word list."""
    kept = tuple(dict.fromkeys(w for w in words if len(w) >= min_length))
    if not kept:
        raise GhostError(f"no word has {min_length} or more letters")
    if not LETTERS.fullmatch("\n".join(kept)):
        raise GhostError("Ghost words must be lower-case letters a-z")
    counts = _counts(kept)
    radix = counts.max(axis=0).astype(np.int64) + 1
    if float(np.prod(radix.astype(float))) * 2 >= KEY_LIMIT:
        raise GhostError("Spook cannot use this list: its words repeat letters too often")
    place = np.cumprod(np.r_[1, radix[:-1]]).astype(np.int64)
    word_keys, sizes = counts.astype(np.int64) @ place, counts.sum(axis=1)
    levels = _solve_levels(word_keys, sizes, place, radix)
    return _frozen(kept, min_length, levels, place, radix)


def _counts(words: tuple[str, ...]) -> np.ndarray:
    """Each word's count of each letter, a row per word."""
    lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    letters = np.frombuffer("".join(words).encode(), dtype=np.uint8).astype(np.int64) - 97
    rows = np.repeat(np.arange(len(words)), lengths)
    return np.bincount(rows * 26 + letters, minlength=26 * len(words)).reshape(-1, 26)


def _solve_levels(
    word_keys: np.ndarray, sizes: np.ndarray, place: np.ndarray, radix: np.ndarray
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """(keys, is_word, win) per size, from the longest words down to the empty bag.

    Each bag taken from a bigger one carries a flag bit: whether that bigger one loses for
    the player to move. Sorted, a key's flags come together, a set flag last."""
    longest = int(sizes.max())
    levels: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    held = 0
    flagged = np.zeros(0, dtype=np.int64)
    for size in range(longest, -1, -1):
        words = np.unique(word_keys[sizes == size]) if size else np.zeros(1, np.int64)
        merged = np.sort(np.concatenate([flagged, words * 2]), kind="stable")
        last = np.r_[merged[1:] >> 1 != merged[:-1] >> 1, True]
        keys, has_losing_child = merged[last] >> 1, (merged[last] & 1).astype(bool)
        is_word = np.zeros(len(keys), dtype=bool)
        if size:
            is_word[np.searchsorted(keys, words)] = True
        win = is_word | has_losing_child
        levels.append((keys, is_word, win))
        held += len(keys) * 10
        flagged = _taken_out(keys, ~win, place, radix, held) if size else flagged
    return levels[::-1]


def _taken_out(
    keys: np.ndarray, losing: np.ndarray, place: np.ndarray, radix: np.ndarray, held: int
) -> np.ndarray:
    """Every bag one letter smaller than those of `keys`, each flagged (key * 2 + 1) when
    the bag it came from loses: 26 sorted runs, one per letter taken out."""
    present = [holds(keys, place, radix, i) for i in range(26)]
    need = held + 24 * sum(int(p.sum()) for p in present)
    check_memory(need, "solving Spook", "use a list of shorter words")
    runs = [(keys[p] - place[i]) * 2 + losing[p] for i, p in enumerate(present)]
    return np.concatenate(runs)


def _frozen(
    words: tuple[str, ...],
    min_length: int,
    levels: list[tuple[np.ndarray, np.ndarray, np.ndarray]],
    place: np.ndarray,
    radix: np.ndarray,
) -> SpookVocabulary:
    """Join the levels into read-only arrays."""
    keys, is_word, win = (np.concatenate([level[i] for level in levels]) for i in range(3))
    sizes = [len(level[0]) for level in levels]
    starts = np.r_[0, np.cumsum(sizes[:-1])].astype(np.int64)
    for array in (keys, is_word, win, starts, place, radix):
        array.setflags(write=False)
    return SpookVocabulary(min_length, words, keys, starts, is_word, win, place, radix)
