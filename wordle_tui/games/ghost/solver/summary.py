"""Summaries of a solved Ghost game that a person can remember.

`outcomes`: the seeds' smallest set of words a player can force the game to end in (Ghost).
`memorisable`: the winner's strategy as "after fragment X, play Y" rules, for every variant.
Both are dynamic programming over the levels of the fragment tree, from the longest back.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .solved import SolvedGame, level_end
from .vocabulary import GhostError, Vocabulary

_LENGTHS: weakref.WeakKeyDictionary[SolvedGame, np.ndarray] = weakref.WeakKeyDictionary()


def game_lengths(vocab: SolvedGame) -> np.ndarray:
    """For every fragment, how many more moves the game lasts with perfect play on both sides:
    the winner ends it as soon as it can, the loser holds out as long as it can."""
    if vocab in _LENGTHS:
        return _LENGTHS[vocab]
    steps = np.zeros(vocab.fragments, dtype=np.int32)
    for size in range(len(vocab.level_start) - 2, -1, -1):
        p, c = vocab.level_edges(size + 1)
        keep = ~vocab.is_word[p]
        p, c = p[keep], c[keep]
        lo, hi = int(vocab.level_start[size]), level_end(vocab, size)
        best = np.full(hi - lo, np.iinfo(np.int32).max, dtype=np.int32)
        worst = np.zeros(hi - lo, dtype=np.int32)
        losing = ~vocab.win[c]
        np.minimum.at(best, p[losing] - lo, steps[c[losing]] + 1)
        np.maximum.at(worst, p - lo, steps[c] + 1)
        steps[lo:hi] = np.where(vocab.win[lo:hi], best, worst)
        steps[lo:hi][vocab.is_word[lo:hi]] = 0
    steps.setflags(write=False)
    _LENGTHS[vocab] = steps
    return steps


def known_lengths(vocab: SolvedGame, steps: np.ndarray) -> None:
    """Remember `game_lengths(vocab)` found earlier (kept in a cache file)."""
    _LENGTHS[vocab] = steps


def moves_left(vocab: SolvedGame, fragment: str) -> int:
    """How many more moves the game lasts from `fragment` with perfect play (0 if it is over)."""
    node = vocab.find(fragment)
    return int(game_lengths(vocab)[node]) if node >= 0 else 0


def slowest_loss(vocab: SolvedGame, fragment: str) -> str | None:
    """For a player who cannot win: the play that holds out longest (None if no legal play).

    Plays that complete a word lose at once, so they come last; ties go to the first play."""
    plays = vocab.legal_plays(fragment)
    if not plays:
        return None
    return max(plays, key=lambda p: (not vocab.is_word_text(p), moves_left(vocab, p)))


def fastest_win(vocab: SolvedGame, fragment: str) -> str | None:
    """The winning play that ends the game soonest (None if there is none)."""
    good = vocab.winning_plays(fragment)
    return min(good, key=lambda p: moves_left(vocab, p)) if good else None


@dataclass(frozen=True)
class Outcomes:
    """The smallest set of words a player can force the game to end in (the seeds' summary)."""

    player: int
    winners: tuple[str, ...]  # words that end the game in the player's favour
    losers: tuple[str, ...]  # words where the player loses (only if the opponent finds them)


def outcomes(vocab: SolvedGame, player: int) -> Outcomes:
    """The seeds' memorisable outcome set for Ghost (beginnings only).

    The player wins when possible, otherwise keeps chances for the opponent to slip, and
    within that keeps the set small: each choice minimises (lossiness, words, letters), where
    lossiness is 0 (all wins), 1 (mixed) or 2 (all losses). Ties go to the earlier letter.
    """
    if vocab.variant != "ghost" or not isinstance(vocab, Vocabulary):
        raise GhostError("outcome sets are defined for Ghost; see `memorisable` for the others")
    total = vocab.fragments
    loss = np.zeros(total, dtype=np.int64)
    count = np.zeros(total, dtype=np.int64)
    letters = np.zeros(total, dtype=np.int64)
    choice = np.full(total, -1, dtype=np.int64)
    longest = len(vocab.level_start) - 1
    for size in range(longest, -1, -1):
        lo, hi = int(vocab.level_start[size]), level_end(vocab, size)
        if size < longest:
            p, c = vocab.level_edges(size + 1)
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


def _children_index(vocab: SolvedGame) -> Callable[[int], list[int]]:
    """A function from a fragment id to the ids of its legal plays."""

    def children(node: int) -> list[int]:
        return vocab.child_nodes(node)

    return children


@dataclass(frozen=True)
class Memorised:
    """A winner's strategy as rules to remember: after this fragment, play that one."""

    winner: int
    rules: tuple[tuple[str, str], ...]  # (fragment, play) where a choice must be remembered
    positions: int  # fragments the winner can meet when following the strategy

    @property
    def size(self) -> int:
        return len(self.rules)


def memorisable(vocab: SolvedGame) -> Memorised:
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
        lo, hi = int(vocab.level_start[size]), level_end(vocab, size)
        p, c = vocab.level_edges(size + 1)
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
    reach = _reachable(vocab, winner, choice)
    sizes = np.diff(np.append(vocab.level_start, vocab.fragments))
    parity = np.repeat(np.arange(len(sizes), dtype=np.int8) % 2, sizes)  # length, mod 2
    turn = (parity == winner) & ~vocab.is_word & (plays > 1)
    rules = [(vocab.text(int(n)), vocab.text(int(choice[n]))) for n in np.flatnonzero(reach & turn)]
    return Memorised(winner, tuple(sorted(rules)), int(reach.sum()))


def _reachable(vocab: SolvedGame, winner: int, choice: np.ndarray) -> np.ndarray:
    """Which fragments a game can reach when the winner plays `choice` and the opponent
    anything: level by level from the empty fragment, with no search."""
    reach = np.zeros(vocab.fragments, dtype=bool)
    reach[0] = True
    for size in range(len(vocab.level_start) - 1):
        p, c = vocab.level_edges(size + 1)
        keep = reach[p] & ~vocab.is_word[p]
        if size % 2 == winner:
            keep &= choice[p] == c
        reach[c[keep]] = True
    return reach
