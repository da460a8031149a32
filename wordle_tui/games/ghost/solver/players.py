"""Ghost for n players, solved: who loses the round from every fragment when everyone is rational.

With two players "rational" means: win if a forced win exists. With n players a move rarely
decides between winning and losing, only *who* loses, so rationality needs a rule for the
moves that are equal for the mover. Ours, known to every player (so backward induction gives
one answer):

1. A player avoids losing the round itself if any move allows it (given that everyone after
   it follows these rules too).
2. Among the moves that avoid its own loss, it prefers the one whose loser comes soonest
   after it in the order of play (the next player, then the one after, ...): the loss is
   pushed on the nearest player who cannot escape it.
3. Among moves equal so far, when it loses anyway it holds out longest (the most moves before
   the round ends, the most chances for another to err); otherwise it ends the round soonest.

A fragment's value is the loser's seat counted from the player to move (0: the mover loses;
n-1: the player who moved last, which is how a completed word scores). A move's loser, seen
from the mover, is the child's value plus one (mod n). Solved level by level from the longest
fragments back to the empty one, over the variant's moves (`level_edges`), so it works for
every variant, Spook's bags included. With two players the value is exactly `win` (1: the
mover wins) and the lengths are `summary.game_lengths`.
"""

from __future__ import annotations

import random
import weakref
from dataclasses import dataclass

import numpy as np

from .solved import SolvedGame, level_end
from .vocabulary import GhostError

MAX_PLAYERS = 26  # seats fit in an int8 with room to spare
_SOLVED: weakref.WeakKeyDictionary[SolvedGame, dict[int, Table]] = weakref.WeakKeyDictionary()


@dataclass(frozen=True, eq=False)
class Table:
    """The n-player solution of one vocabulary: per fragment, the loser seen from the mover,
    and how many more moves the round lasts under the rules above."""

    players: int
    loser: np.ndarray  # int8: seats after the mover (0: the mover loses)
    length: np.ndarray  # int32: moves left in the round


def solve_players(vocab: SolvedGame, players: int) -> Table:
    """The n-player solution of `vocab` (computed once per vocabulary and number of players)."""
    if not 2 <= players <= MAX_PLAYERS:
        raise GhostError(f"Ghost is solved for 2 to {MAX_PLAYERS} players, not {players}")
    known = _SOLVED.setdefault(vocab, {})
    if players not in known:
        known[players] = _solve(vocab, players)
    return known[players]


def _solve(vocab: SolvedGame, n: int) -> Table:
    """Backward induction over the levels, longest fragments first."""
    loser = np.full(vocab.fragments, n - 1, dtype=np.int8)  # a word: the last mover lost
    length = np.zeros(vocab.fragments, dtype=np.int32)
    for size in range(len(vocab.level_start) - 2, -1, -1):
        lo, hi = int(vocab.level_start[size]), level_end(vocab, size)
        p, c = vocab.level_edges(size + 1)
        keep = ~vocab.is_word[p]
        p, c = p[keep] - lo, c[keep]
        rank = _rank(loser[c], n)
        best = np.full(hi - lo, n, dtype=np.int8)
        np.minimum.at(best, p, rank)
        chosen = rank == best[p]
        longest = np.zeros(hi - lo, dtype=np.int32)
        shortest = np.full(hi - lo, np.iinfo(np.int32).max, dtype=np.int32)
        np.maximum.at(longest, p[chosen], length[c[chosen]] + 1)
        np.minimum.at(shortest, p[chosen], length[c[chosen]] + 1)
        words = vocab.is_word[lo:hi]
        loser[lo:hi] = np.where(words, n - 1, np.where(best == n, 0, best))
        length[lo:hi] = np.where(words, 0, np.where(best == n, longest, shortest))
    for array in (loser, length):
        array.setflags(write=False)
    return Table(n, loser, length)


def _rank(child_loser: np.ndarray, n: int) -> np.ndarray:
    """How the mover ranks moves by their loser (1: the next player loses, best; n: itself)."""
    seat = (child_loser.astype(np.int16) + 1) % n
    return np.where(seat == 0, n, seat).astype(np.int8)


def loser_seat(vocab: SolvedGame, players: int, fragment: str) -> int:
    """Who loses the round from `fragment`, in seats after the player to move (0: the mover);
    a fragment of no word or a word was made by the last mover, who loses (players - 1)."""
    node = vocab.find(fragment)
    if node < 0:
        return players - 1
    return int(solve_players(vocab, players).loser[node])


def best_plays(vocab: SolvedGame, players: int, fragment: str) -> list[str]:
    """The legal plays from `fragment` the rules above choose between (all equal for them)."""
    table = solve_players(vocab, players)
    plays = vocab.plays(fragment)
    if not plays:
        return []
    ranked = [(_seat_rank(int(table.loser[node]), players), node, play) for play, node in plays]
    best = min(rank for rank, _, _ in ranked)
    lengths = [int(table.length[node]) for rank, node, _ in ranked if rank == best]
    aim = max(lengths) if best == players else min(lengths)
    return [play for rank, node, play in ranked if rank == best and table.length[node] == aim]


def _seat_rank(child_loser: int, players: int) -> int:
    return (child_loser + 1) % players or players


def rational_play(vocab: SolvedGame, players: int, fragment: str, rng: random.Random) -> str:
    """The rational player's move with `players` still in the round (ties at random)."""
    plays = best_plays(vocab, players, fragment)
    if not plays:
        raise GhostError(f"no legal play from '{fragment}'")
    return rng.choice(plays)


def solution_summary(vocab: SolvedGame, players: int) -> dict[str, object]:
    """Who loses from the start with `players` players (1 = the first player), and the first
    plays the first player's rules choose."""
    table = solve_players(vocab, players)
    return {
        "players": players,
        "loser": int(table.loser[0]) + 1,
        "moves": int(table.length[0]),
        "first_plays": best_plays(vocab, players, ""),
    }
