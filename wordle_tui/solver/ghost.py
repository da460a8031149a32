"""Ghost, SuperGhost and SuperDuperGhost: the vocabulary of fragments, and the solved game.

Players take turns adding a letter to a fragment: at the end (Ghost), at either end
(SuperGhost), or at either end of the fragment or of its reverse (SuperDuperGhost). Every
fragment must be part of some word (a beginning, for Ghost; any infix, otherwise). Whoever
completes a word of at least `min_length` letters, or makes a fragment of no word, loses.

The vocabulary is built level by level with NumPy: a fragment of length L+1 is keyed by
(id of its first L letters, its last letter), so each level is one `np.unique`. The game is
solved from the longest fragments back to the empty one, without recursion.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import random
import re
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from ..errors import WordleTuiError

VARIANTS = ("ghost", "super", "superduper")
LETTERS = re.compile(r"[a-z\n]+")
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
FORMAT_VERSION = 1


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

    @property
    def fragments(self) -> int:
        """How many fragments there are, the empty one included."""
        return len(self.length)

    def text(self, node: int) -> str:
        """The fragment with this id."""
        start = int(self.rep_start[node])
        return self.words[int(self.rep_word[node])][start : start + int(self.length[node])]

    def find(self, fragment: str) -> int:
        """The id of a fragment, or -1 if it is part of no word."""
        node = 0
        for depth, letter in enumerate(fragment):
            code = ord(letter) - 96
            if not 1 <= code <= 26 or depth + 1 >= len(self.level_keys):
                return -1
            keys = self.level_keys[depth + 1]
            key = (node - int(self.level_start[depth])) * 27 + code
            at = int(np.searchsorted(keys, key))
            if at == len(keys) or keys[at] != key:
                return -1
            node = int(self.level_start[depth + 1]) + at
        return node

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
        return play in set(self.candidate_plays(fragment))

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
    return _build(kept, variant, min_length)


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


def _edges(vocab: Vocabulary, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Every (parent, child) move into fragments of this size, without repeats."""
    lo, hi = int(vocab.level_start[size]), _level_end(vocab, size)
    child = np.arange(lo, hi)
    parents = [vocab.drop_last[lo:hi]]
    if vocab.variant != "ghost":
        parents.append(vocab.drop_first[lo:hi])
    if vocab.variant == "superduper":
        for direct in (vocab.drop_last[lo:hi], vocab.drop_first[lo:hi]):
            parents.append(np.where(direct >= 0, vocab.reverse[np.maximum(direct, 0)], -1))
    p = np.concatenate(parents).astype(np.int64)
    c = np.tile(child, len(parents)).astype(np.int64)
    ok = p >= 0
    pairs = np.unique(p[ok] * vocab.fragments + c[ok])
    return pairs // vocab.fragments, pairs % vocab.fragments


def _level_end(vocab: Vocabulary, size: int) -> int:
    starts = vocab.level_start
    return int(starts[size + 1]) if size + 1 < len(starts) else vocab.fragments


@dataclass(frozen=True)
class Outcomes:
    """The smallest set of words a player can force the game to end in (the seeds' summary)."""

    player: int
    winners: tuple[str, ...]  # words that end the game in the player's favour
    losers: tuple[str, ...]  # words where the player loses (only if the opponent finds them)


def outcomes(vocab: Vocabulary, player: int) -> Outcomes:
    """The seeds' memorizable outcome set for Ghost (beginnings only).

    The player wins when possible, otherwise keeps chances for the opponent to slip, and
    within that keeps the set small: each choice minimises (lossiness, words, letters), where
    lossiness is 0 (all wins), 1 (mixed) or 2 (all losses). Ties go to the earlier letter.
    """
    if vocab.variant != "ghost":
        raise GhostError("outcome sets are defined for Ghost; see `memorizable` for the others")
    total = vocab.fragments
    loss = np.zeros(total, dtype=np.int64)
    count = np.zeros(total, dtype=np.int64)
    letters = np.zeros(total, dtype=np.int64)
    choice = np.full(total, -1, dtype=np.int64)
    longest = len(vocab.level_start) - 1
    for size in range(longest, -1, -1):
        lo, hi = int(vocab.level_start[size]), _level_end(vocab, size)
        if size < longest:
            p, c = _edges(vocab, size + 1)
            keep = ~vocab.is_word[p]
            p, c = p[keep], c[keep]
            local = p - lo
            if size % 2 == player:  # the player picks the child with the best priority
                key = (loss[c] << 50) | (count[c] << 25) | letters[c]
                first = _first_of_each(local, key, c)
                best = c[first]
                choice[p[first]] = best
                loss[p[first]] = loss[best]
                count[p[first]] = count[best]
                letters[p[first]] = letters[best]
            else:  # the opponent may pick anything: the union of the children's outcomes
                n = hi - lo
                count[lo:hi] = np.bincount(local, weights=count[c], minlength=n)
                letters[lo:hi] = np.bincount(local, weights=letters[c], minlength=n)
                kids = np.bincount(local, minlength=n)
                zero = np.bincount(local, weights=loss[c] == 0, minlength=n)
                two = np.bincount(local, weights=loss[c] == 2, minlength=n)
                loss[lo:hi] = np.where(zero == kids, 0, np.where(two == kids, 2, 1))
        words_here = np.flatnonzero(vocab.is_word[lo:hi]) + lo
        loss[words_here] = np.where(size % 2 == player, 0, 2)
        count[words_here] = 1
        letters[words_here] = size
    found: list[str] = []
    children = _children_index(vocab)
    stack = [0]
    while stack:
        node = stack.pop()
        if vocab.is_word[node]:
            found.append(vocab.text(node))
        elif int(vocab.length[node]) % 2 == player:
            stack.append(int(choice[node]))
        else:
            stack.extend(children(node))
    winners = tuple(sorted(w for w in found if len(w) % 2 == player))
    losers = tuple(sorted(w for w in found if len(w) % 2 != player))
    return Outcomes(player, winners, losers)


def _first_of_each(group: np.ndarray, key: np.ndarray, tie: np.ndarray) -> np.ndarray:
    """For each group, the index of its row with the smallest (key, tie)."""
    if len(group) == 0:
        return np.zeros(0, dtype=np.int64)
    order = np.lexsort((tie, key, group))
    starts = np.r_[True, group[order][1:] != group[order][:-1]]
    return order[starts]


def _children_index(vocab: Vocabulary):
    """A function from a fragment id to the ids of its legal plays."""

    def children(node: int) -> list[int]:
        return [vocab.find(p) for p in vocab.legal_plays(vocab.text(node))]

    return children


@dataclass(frozen=True)
class Memorized:
    """A winner's strategy as rules to remember: after this fragment, play that one."""

    winner: int
    rules: tuple[tuple[str, str], ...]  # (fragment, play) where a choice must be remembered
    positions: int  # fragments the winner can meet when following the strategy

    @property
    def size(self) -> int:
        return len(self.rules)


def memorizable(vocab: Vocabulary) -> Memorized:
    """The winner's strategy, with as few positions to remember as the search finds.

    A position needs remembering when the winner has more than one legal play there. Each
    winning position picks the winning play whose line needs the fewest remembered positions
    (counting the opponent's every reply), then the rules are read off along that strategy.
    """
    winner = 0 if vocab.win[0] else 1
    total = vocab.fragments
    cost = np.zeros(total, dtype=np.float64)
    choice = np.full(total, -1, dtype=np.int64)
    plays = np.zeros(total, dtype=np.int64)
    longest = len(vocab.level_start) - 1
    for size in range(longest - 1, -1, -1):
        lo, hi = int(vocab.level_start[size]), _level_end(vocab, size)
        p, c = _edges(vocab, size + 1)
        keep = ~vocab.is_word[p]
        p, c = p[keep], c[keep]
        plays[lo:hi] = np.bincount(p - lo, minlength=hi - lo)
        if size % 2 == winner:  # the winner picks a winning play: the cheapest one
            good = ~vocab.win[c]
            pg, cg = p[good], c[good]
            first = _first_of_each(pg, cost[cg], cg)
            choice[pg[first]] = cg[first]
            remember = (plays[pg[first]] > 1).astype(np.float64)
            cost[pg[first]] = cost[cg[first]] + remember
        else:  # every reply of the opponent must be covered
            cost[lo:hi] = np.bincount(p - lo, weights=cost[c], minlength=hi - lo)
        cost[np.flatnonzero(vocab.is_word[lo:hi]) + lo] = 0
    rules: list[tuple[str, str]] = []
    seen = {0}
    stack = [0]
    children = _children_index(vocab)
    while stack:
        node = stack.pop()
        if vocab.is_word[node]:
            continue
        if int(vocab.length[node]) % 2 == winner:
            move = int(choice[node])
            if plays[node] > 1:
                rules.append((vocab.text(node), vocab.text(move)))
            nexts = [move]
        else:
            nexts = children(node)
        for nxt in nexts:
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return Memorized(winner, tuple(sorted(rules)), len(seen))


# Strategies: functions (vocabulary, fragment, rng) -> the next fragment.


def perfect(vocab: Vocabulary, fragment: str, rng: random.Random) -> str:
    """A winning play when there is one; otherwise the play that gives the most chances."""
    winning = vocab.winning_plays(fragment)
    if winning:
        return rng.choice(winning)
    return exploit(vocab, fragment, rng)


def exploit(vocab: Vocabulary, fragment: str, rng: random.Random) -> str:
    """When losing against perfect play: leave the opponent the fewest good replies.

    Among the legal plays that do not end the game at once, prefer the one where the fewest
    of the opponent's replies keep their win, then where those replies need the most obscure
    words (wordfreq's Zipf frequency of the most common word each reply leads to).
    """
    winning = vocab.winning_plays(fragment)
    if winning:
        return rng.choice(winning)
    plays = [p for p in vocab.legal_plays(fragment) if not vocab.is_word_text(p)]
    if not plays:  # every play completes a word: any of them
        return rng.choice(vocab.legal_plays(fragment))
    return min(plays, key=lambda p: (*_danger(vocab, p), p))


def _danger(vocab: Vocabulary, play: str) -> tuple[float, float]:
    """How good `play` is for the opponent: the share of their replies that win, and how
    well-known the words behind those replies are."""
    replies = vocab.legal_plays(play)
    good = [r for r in replies if not vocab.wins(r)]
    if not replies:
        return 0.0, 0.0
    return len(good) / len(replies), max((_fame(vocab, r) for r in good), default=0.0)


def _fame(vocab: Vocabulary, fragment: str) -> float:
    """The Zipf frequency of the most common word the fragment is part of."""
    from wordfreq import zipf_frequency

    words = vocab.words_with(fragment)[:200]
    return max((zipf_frequency(w, "en") for w in words), default=0.0)


def random_player(vocab: Vocabulary, fragment: str, rng: random.Random) -> str:
    """Any legal play (for tests)."""
    return rng.choice(vocab.legal_plays(fragment))


STYLES = {"perfect": perfect, "exploit": exploit, "random": random_player}


@dataclass
class Move:
    player: int
    before: str
    after: str


@dataclass
class GhostMatch:
    """A referee: holds the fragment and checks every play itself.

    Strategies see a separate, read-only view of the vocabulary, so nothing they do to it can
    change the words or the rules the referee judges by.
    """

    vocab: Vocabulary
    fragment: str = ""
    moves: list[Move] = field(default_factory=list)
    loser: int | None = None
    reason: str = ""

    @property
    def to_move(self) -> int:
        return len(self.moves) % 2

    @property
    def over(self) -> bool:
        return self.loser is not None

    def public_view(self) -> Vocabulary:
        """A copy of the vocabulary whose arrays are read-only views (not re-writable)."""
        views = {name: getattr(self.vocab, name).view() for name in ARRAY_FIELDS}
        return replace(
            self.vocab, level_keys=tuple(k.view() for k in self.vocab.level_keys), **views
        )

    def check(self, play: str) -> str | None:
        """Why `play` is not a move from the current fragment, or None."""
        if self.over:
            return "the game is over"
        play = play.strip().lower()
        if not self.vocab.is_play(self.fragment, play):
            where = {
                "ghost": "at the end",
                "super": "at either end",
                "superduper": "at either end, optionally reversing first",
            }
            return f"add exactly one letter {where[self.vocab.variant]}"
        return None

    def play(self, play: str) -> None:
        """Make a move for the player to move; raise GhostError if it is not a move at all."""
        why = self.check(play)
        if why:
            raise GhostError(why)
        play = play.strip().lower()
        player = self.to_move
        self.moves.append(Move(player, self.fragment, play))
        if not self.vocab.is_fragment(play):
            self.loser = player
            part = "starts" if self.vocab.variant == "ghost" else "contains"
            self.reason = f"no word {part} '{play}'"
        elif self.vocab.is_word_text(play):
            self.loser = player
            self.reason = f"'{play}' is a word of {len(play)} letters"
        self.fragment = play

    def run(self, strategies: Sequence, seed: int | None = None, limit: int = 200) -> int:
        """Play to the end with a strategy per player; return the loser."""
        rng = random.Random(seed)
        view = self.public_view()
        while not self.over and len(self.moves) < limit:
            player = self.to_move
            try:
                choice = strategies[player](view, self.fragment, rng)
                self.play(choice)
            except Exception as error:  # a broken or cheating strategy loses
                self.loser, self.reason = player, f"player {player} broke the rules ({error})"
        return self.loser

    def review(self) -> Review:
        """Where the loser went wrong: their first lost position and the wins they missed."""
        if self.loser is None:
            raise GhostError("the game is not over")
        missed: list[tuple[int, str, str, list[str]]] = []
        first_lost = None
        for number, move in enumerate(self.moves, start=1):
            if move.player != self.loser:
                continue
            if not self.vocab.wins(move.before):
                first_lost = number
                break
            missed.append((number, move.before, move.after, self.vocab.winning_plays(move.before)))
        return Review(self.loser, first_lost, missed)


@dataclass(frozen=True)
class Review:
    """The loser's game: the move from which they had no winning play, and wins they missed."""

    loser: int
    first_lost_move: int | None  # None: they could have won to the very end
    missed: list[tuple[int, str, str, list[str]]]  # (move, fragment, played, winning plays)


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


def read_words(path: str | Path | None = None) -> list[str]:
    """A Ghost word list (default: the bundled ENABLE list), one word a line, any lengths."""
    from .words import ENABLE, WordListError, bundled_path

    source = Path(path) if path else bundled_path(ENABLE)
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise WordListError(f"{source}: no such word list file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise WordListError(f"{source}: cannot read it ({error})") from None
    words = text.lower().split()
    if not words:
        raise WordListError(f"{source}: the word list is empty")
    if not LETTERS.fullmatch("\n".join(words)):
        for number, line in enumerate(text.splitlines(), start=1):
            word = line.strip().lower()
            if word and not LETTERS.fullmatch(word):
                raise WordListError(
                    f"{source}, line {number}: {line.strip()!r} is not a word of letters a-z"
                )
    return words


def cache_key(words: Sequence[str], variant: str, min_length: int) -> str:
    digest = hashlib.sha256("\n".join(words).encode()).hexdigest()[:20]
    return f"ghost-v{FORMAT_VERSION}-{variant}-{min_length}-{digest}"


def solved(
    variant: str = "ghost",
    min_length: int = 3,
    path: str | Path | None = None,
    use_disk: bool = True,
) -> Vocabulary:
    """The solved vocabulary for a variant, from the disk cache when it is there."""
    from ..paths import cache_dir

    words = read_words(path)
    kept = tuple(dict.fromkeys(w for w in words if len(w) >= min_length))
    if variant not in VARIANTS:
        raise GhostError(f"unknown variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
    try:
        file = cache_dir() / f"{cache_key(kept, variant, min_length)}.npz" if use_disk else None
    except OSError:
        file = None
    if file is not None and file.exists():
        vocab = _load(file, kept, variant, min_length)
        if vocab is not None:
            return vocab
    vocab = build(words, variant, min_length)
    if file is not None:
        _save(file, vocab)
    return vocab


def _save(file: Path, vocab: Vocabulary) -> None:
    arrays = {name: getattr(vocab, name) for name in ARRAY_FIELDS}
    arrays.update({f"keys{i}": keys for i, keys in enumerate(vocab.level_keys)})
    try:
        fd, tmp = tempfile.mkstemp(dir=file.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            np.savez(handle, **arrays)
        os.replace(tmp, file)
    except OSError:
        with contextlib.suppress(OSError, UnboundLocalError):
            os.unlink(tmp)


def _load(file: Path, words: tuple[str, ...], variant: str, min_length: int) -> Vocabulary | None:
    try:
        with np.load(file, allow_pickle=False) as data:
            arrays = {name: data[name] for name in ARRAY_FIELDS}
            levels = len(arrays["level_start"])
            keys = tuple(data[f"keys{i}"] for i in range(levels))
    except Exception:  # a damaged cache is rebuilt, whatever the damage
        return None
    total = len(arrays["length"])
    if any(len(arrays[name]) != total for name in ARRAY_FIELDS if name != "level_start"):
        return None
    for array in (*arrays.values(), *keys):
        array.setflags(write=False)
    return Vocabulary(
        variant=variant, min_length=min_length, words=words, level_keys=keys, **arrays
    )
