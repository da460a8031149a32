"""The exact search for Mastermind's optimum: the fewest guesses in total over every secret.

A subclass of the shared `PositionSearch` (its memo, tree reading and cancelling), with its
own node search, made for Mastermind's many guesses and few replies:

- every guess is scored at once for the codes left (`bounds.Splits`): exact answers when a
  code left tells the others apart, else a lower bound per guess, tried in that order, and the
  loop stops at the first whose bound cannot beat the best total found;
- symmetry: a swap of colours or places that keeps the codes left makes two guesses alike,
  so only the lowest of each class is tried (`symmetry`); at the start, one guess per
  pattern of repeats (1111, 1112, 1122, 1123, 1234 for 4 pegs);
- look-ahead: before a guess's groups are searched, each is scored (once, memoised) and the
  guess is dropped if the sum of those bounds already reaches the best total found, so one
  large group is not searched in full when the others would have ruled the guess out;
- a pruned node is remembered with the tightest bound it proved, so a later visit with less
  room returns at once;
- sets alike up to a renaming of colours and places share that memo entry (`canonical`: the
  key is the least image of the codes left), so a set met again under other names, in
  another branch or after the same guesses in another order, is not searched again; the
  guess remembered is renamed back for the set at hand (`chosen`, `read`). This took the
  standard game from about 3 s of CPU to 0.6 s, and 7 colours from 6 minutes to 22 s;
- sets smaller than `KERNEL_BELOW` codes are searched whole by the compiled `kernel` (the
  same bounds and order, one guess per distinct reply row handed down, symmetry at its top),
  and bounded by it for the look-ahead;
- `solve` is handed the total of a quick tree (`quick`), so it searches only below it, and
  keeps the least total not yet ruled out at the start in `lower_bound` for a search stopped
  early: each first guess's bound one level
  down (`lookahead`: its groups' own bounds, memoised, so the search reuses them), which also
  orders the first guesses (9 colours x 4 pegs: 31,022 at the start becomes 32,428).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from functools import cache
from types import ModuleType

import numpy as np

from ....solver.games import Game
from ....solver.matrix import reply_matrix
from ....solver.search.position import PositionSearch
from ....solver.search.rows import distinct_rows
from ....solver.search.shared import SearchInterrupted, first_order
from ....solver.tree import Node, Tree
from .bounds import SYMMETRY_FROM, UNUSABLE, Ranking, Splits, least_totals, non_win_replies
from .canonical import Canonical
from .codes import colour_number

__all__ = ["OptimalSearch", "least_totals", "non_win_replies", "share_of_room"]


@cache
def _kernel() -> ModuleType:
    """The compiled kernel, imported when a search first needs it: Numba's import is slow."""
    from . import kernel

    return kernel


UNBOUNDED = 255
DISTINCT_UP_TO = 4096  # larger sets hand every guess down (hashing rows that long is costly)
ALIASES = 1 << 18  # sets whose memo key is kept (cleared when full)
KERNEL_BELOW = 50  # sets smaller than this are searched whole by the compiled kernel


class _Local(threading.local):
    """What each thread searching keeps of its own: its stack of pools, and its round."""

    def __init__(self) -> None:
        self.pools: list[np.ndarray] = []
        self.round: int | None = None  # a worker's (`parallel`): stop when it is not current


class OptimalSearch(PositionSearch):
    """The exact search for the fewest guesses in total (see the module)."""

    def __init__(
        self, game: Game, max_guesses: int, cancel: Callable[[], bool] | None = None
    ) -> None:
        self.local = _Local()
        self.round = 0  # the round of `parallel`'s workers still wanted
        super().__init__(game, reply_matrix(game), False, max_guesses, cancel)
        self.splits = Splits(game, self.matrix)
        self.dimensions = _size(game)  # (colours, pegs)
        self.canonical = Canonical(game.targets, *self.dimensions)
        self.best_tree: Tree | None = None  # the tree of a search spread over threads
        self.aliases: dict[bytes, tuple[bytes, np.ndarray | None]] = {}  # codes -> `_entry`
        self.kernel_below = KERNEL_BELOW
        self.pool = np.arange(len(game.guesses), dtype=np.int32)
        self.stop = np.zeros(2, dtype=np.int64)  # [nodes the kernel searched, stop flag]
        self.lower_bound: float = 0  # the least total not ruled out yet (see `solve`)
        self.best_found = math.inf  # the least total of a first guess searched through
        self.firsts = [0, 0, -1]  # first guesses settled, to try, and the one searched (-1)
        self.first_order: list[int] = []  # the order they are tried in (`state`: kept)
        self.stage = ""  # where the first guess searched is (`parallel`: its groups)

    @property
    def _pools(self) -> list[np.ndarray]:
        """The stack of guess pools of the thread searching (one per level of `_best_of`)."""
        return self.local.pools

    @_pools.setter
    def _pools(self, pools: list[np.ndarray]) -> None:
        self.local.pools = pools

    def stopped(self) -> bool:
        """Whether this thread's search should stop: told to, or its round is over."""
        if self.stop[1] or (self.cancel is not None and self.cancel()):
            return True
        mine = self.local.round
        return mine is not None and mine != self.round

    def allowed(self, targets: np.ndarray) -> np.ndarray:
        """Which guesses the kernel tries first: one per class of guesses alike here."""
        every: np.ndarray = _kernel().NONE  # no limit: every guess of the pool may be tried
        if len(targets) < SYMMETRY_FROM:
            return every
        ids = self.splits.symmetries.representatives(targets)
        if len(ids) == len(self.pool):
            return every
        mask = np.zeros(len(self.pool), dtype=bool)
        mask[ids] = True
        return mask

    def compiled(
        self, targets: np.ndarray, bound: float, depth: int, width: int = 0
    ) -> tuple[float, int, bool]:
        """(total, guess, exact) of a set searched whole by the kernel (bound 0: a bound only;
        `width` > 0: a top-k search, whose total is a tree's, not a proof)."""
        splits = self.splits
        cap = _kernel().INF if bound >= _kernel().INF else int(bound)
        value, guess, exact = _kernel().solve_set(
            splits.rows,
            splits.codes,
            splits.least,
            _kernel().MIX,
            np.ascontiguousarray(targets, dtype=np.int32),
            self._pools[-1] if self._pools else self.pool,
            self.allowed(targets) if bound > 0 else _kernel().NONE,
            self.max_guesses - depth,
            cap,
            width or _kernel().INF,
            splits.win,
            splits.replies,
            self.stop,
        )
        if value == _kernel().ABORTED or self.stop[1]:
            raise SearchInterrupted("the search was stopped")
        return (math.inf if value >= _kernel().INF else value), guess, exact

    def key(self, targets: np.ndarray, legal: np.ndarray | None, depth: int) -> bytes:
        """The memo key: the codes left (and the guesses left, when they are limited)."""
        return self._entry(targets, depth)[0]

    def _entry(self, targets: np.ndarray, depth: int) -> tuple[bytes, np.ndarray | None]:
        """The memo key of the codes left, by their least image (`canonical`: sets alike up
        to colours and places share it), and the renaming that maps them to it."""
        raw = targets.tobytes()
        found = self.aliases.get(raw) if self.canonical.enabled else (raw, None)
        if found is None:
            if len(self.aliases) >= ALIASES:
                self.aliases.clear()
            image, renaming = self.canonical.least(targets)
            found = self.aliases[raw] = (image.tobytes(), renaming)
        if self.max_guesses >= UNBOUNDED:
            return found
        return found[0] + bytes([self.max_guesses - depth]), found[1]

    def _store(self, targets: np.ndarray, depth: int, entry: tuple[float, bool, int]) -> None:
        """Remember a set's (value, exact, guess), the guess renamed as its key's."""
        key, renaming = self._entry(targets, depth)
        value, exact, guess = entry
        self.memo[key] = (value, exact, self.canonical.rename(guess, renaming))

    def chosen(self, targets: np.ndarray, depth: int) -> int:
        """The guess the search chose for these codes (searched again if it was cut off)."""
        key, renaming = self._entry(targets, depth)
        known = self.memo.get(key)
        if known is None or not known[1] or known[2] < 0:
            self.cost(targets, None, math.inf, depth)
            known = self.memo[key]
        return self.canonical.restore(known[2], renaming)

    def read(self, targets: np.ndarray, depth: int = 0) -> Tree:
        """The best tree the search found for these codes, rebuilt from its memo."""
        game = self.game
        if len(targets) == 1:
            return game.targets[int(targets[0])]
        guess = int(targets[0]) if len(targets) == 2 else self.chosen(targets, depth)
        node = Node(game.guesses[guess], len(targets))
        row = self.matrix[guess, targets]
        for value in first_order(row):
            if value == self.win:
                node.branches[value] = game.guesses[guess]
            else:
                node.branches[value] = self.read(targets[row == value], depth + 1)
        return node

    def cost(
        self, targets: np.ndarray, legal: np.ndarray | None, bound: float, depth: int
    ) -> float:
        """The least total for `targets`, or a lower bound >= bound if it cannot beat it."""
        n, left = len(targets), self.max_guesses - depth
        if n <= 2 or left < 2:
            return _tiny(n, left)
        key, renaming = self._entry(targets, depth)
        known = self.memo.get(key)
        if known is not None and (known[1] or known[0] >= bound):
            return known[0]
        self.nodes += 1
        if n < self.kernel_below:
            value, guess, exact = self.compiled(targets, bound, depth)
        else:
            value, guess, exact = self._search(targets, None, bound, depth)
        known = self.memo.get(key)  # another thread may have found it meanwhile
        if known is None or (not known[1] and (exact or value > known[0])):
            self.memo[key] = (value, exact, self.canonical.rename(guess, renaming))
        return value

    def estimate(self, targets: np.ndarray, depth: int) -> float:
        """The best lower bound known, or found by scoring every guess once (memoised)."""
        n, left = len(targets), self.max_guesses - depth
        if n <= 2 or left < 2:
            return _tiny(n, left)
        key, renaming = self._entry(targets, depth)
        known = self.memo.get(key)
        if known is None:
            if n < self.kernel_below:
                value, guess, exact = self.compiled(targets, 0, depth)
                known = (value, exact, self.canonical.rename(guess, renaming))
            else:
                value, exact, guess = self._scored(self.splits.rank(targets, left), n, left)
                known = (value, exact, self.canonical.rename(guess, renaming))
            known = self.memo.setdefault(key, known)
        return known[0]

    @staticmethod
    def _scored(ranking: Ranking | tuple[int, int], n: int, left: int) -> tuple[float, bool, int]:
        """A memo entry from a ranking: exact when it is, else its lower bound."""
        if isinstance(ranking, tuple):
            return ranking[0], True, ranking[1]
        if left <= 2:  # only a guess telling every code apart finishes, and none does
            return math.inf, True, -1
        return ranking.lower, False, -1

    def _search(
        self, targets: np.ndarray, legal: np.ndarray | None, bound: float, depth: int
    ) -> tuple[float, int, bool]:
        """(least total, its guess, exact) over every guess, or a lower bound if pruned."""
        if self.stopped():
            raise SearchInterrupted("the search was cancelled")
        left = self.max_guesses - depth
        ranking = self.splits.rank(targets, left)
        if isinstance(ranking, tuple) or left <= 2:
            value, exact, guess = self._scored(ranking, len(targets), left)
            return value, guess, exact
        lower = ranking.lower
        if lower >= bound:
            return lower, -1, False
        return self._best_of(ranking, targets, bound, depth)

    def _best_of(
        self, ranking: Ranking, targets: np.ndarray, bound: float, depth: int
    ) -> tuple[float, int, bool]:
        """Try the guesses by lower bound until none left can beat the best found."""
        self._pools.append(self._pool_below(targets))
        try:
            return self._try_each(ranking, targets, bound, depth)
        finally:
            self._pools.pop()

    def _pool_below(self, targets: np.ndarray) -> np.ndarray:
        """The guesses the groups below need: one per distinct reply row over these codes."""
        pool = self._pools[-1] if self._pools else self.pool
        if len(targets) > DISTINCT_UP_TO or len(targets) == len(self.game.targets):
            return pool  # every code: each guess wins against itself alone, so rows differ
        keep = distinct_rows(self.splits.rows[np.ix_(pool, targets)])
        return np.ascontiguousarray(pool[keep], dtype=np.int32)

    def _try_each(
        self, ranking: Ranking, targets: np.ndarray, bound: float, depth: int
    ) -> tuple[float, int, bool]:
        """Try the guesses by lower bound until none left can beat the best found."""
        lower, bounds = ranking.lower, ranking.bounds
        tried = np.flatnonzero(bounds < bound)
        order = tried[np.lexsort((ranking.ids[tried], ~ranking.is_code[tried], bounds[tried]))]
        best, best_guess, floor, seen = bound, -1, math.inf, set()
        for column in order.tolist():
            least = int(bounds[column])
            if least >= best:
                floor = min(floor, least)
                break
            row = ranking.block[:, column]
            if (shape := row.tobytes()) in seen:  # the same split as a guess tried already
                continue
            seen.add(shape)
            total = self._total(row, targets, best, depth, least)
            if total < best:
                best, best_guess = total, int(ranking.ids[column])
                if best <= lower:
                    break
            else:
                floor = min(floor, total)
        if best_guess < 0:
            return max(bound, lower, floor), -1, False
        return best, best_guess, True

    def _total(
        self, row: np.ndarray, targets: np.ndarray, best: float, depth: int, least: int
    ) -> float:
        """The total if the guess with these replies is played (>= best if it cannot beat it)."""
        groups = self._groups(row, targets)
        if self.max_guesses - depth - 1 < 2 and any(len(g) >= 2 for g in groups):
            return math.inf
        if self._quick_rules_out(groups, least, best, depth + 1):
            return best
        total: float = least
        pending: list[tuple[np.ndarray, float]] = []  # (group, its bound)
        for group in groups:
            if len(group) <= 2:
                continue
            base = int(self.splits.least[len(group)])
            known = max(base, self.estimate(group, depth + 1))
            total += known - base
            if total >= best:
                return total
            pending.append((group, known))
        return self._settle(pending, total, best, depth + 1)

    def _settle(
        self, pending: list[tuple[np.ndarray, float]], total: float, best: float, depth: int
    ) -> float:
        """The groups' exact totals added to `total` (>= best once it cannot beat it), by
        rounds: each group is searched only for its share (by size) of the room left, and
        either settles or raises its bound by that share. Showing that a group needs a few
        more guesses than its bound is far cheaper than finding its total, and a guess that
        cannot beat `best` is mostly ruled out by such raises, spread over its groups."""
        open_ = sorted(pending, key=lambda item: len(item[0]))  # the smallest first
        while open_ and total < best:
            weight, again = sum(len(group) for group, _ in open_), []
            for group, known in open_:
                if total >= best:
                    return total
                room = share_of_room(best, total, known, len(group), weight)
                weight -= len(group)
                found = self.cost(group, None, room, depth)
                total += found - known
                if found >= room:  # a bound only: searched again next round, if need be
                    again.append((group, found))
            open_ = again
        return total

    def lookahead(self, row: np.ndarray, targets: np.ndarray, least: int, depth: int) -> float:
        """A guess's bound one level down: its bound `least` raised by each group's own."""
        groups = self._groups(row, targets)
        if self.max_guesses - depth - 1 < 2 and any(len(g) >= 2 for g in groups):
            return math.inf
        total: float = least
        for group in groups:
            if len(group) > 2:
                base = int(self.splits.least[len(group)])
                total += max(base, self.estimate(group, depth + 1)) - base
        return total

    def _quick_rules_out(
        self, groups: list[np.ndarray], least: int, best: float, depth: int
    ) -> bool:
        """Whether the groups' quick bounds (from their own codes alone) already reach `best`."""
        sizes = [len(g) for g in groups]
        if len(groups) == 0 or max(sizes) < 3 or self.max_guesses - depth < 2:
            return False
        flat = np.concatenate(groups).astype(np.int32, copy=False)
        ends = np.cumsum(sizes)
        splits = self.splits
        extra = _kernel().quick_sum(splits.rows, splits.least, flat, ends, self.max_guesses - depth)
        return bool(least + extra >= best)

    def _groups(self, row: np.ndarray, targets: np.ndarray) -> list[np.ndarray]:
        """The codes left after each reply but the win, each in increasing order."""
        order = np.argsort(row, kind="stable")
        ordered = row[order]
        cuts = (np.flatnonzero(ordered[1:] != ordered[:-1]) + 1).tolist()
        starts, ends = [0, *cuts], [*cuts, len(row)]
        win = self.splits.win
        return [targets[order[a:b]] for a, b in zip(starts, ends, strict=True) if ordered[a] != win]

    def solve(self, upper: float = math.inf) -> tuple[float, int]:
        """The least total over every secret and the first guess that gives it (searched only
        for totals below `upper`: a tree known to reach it). On a stop, `lower_bound` holds
        the least total not yet ruled out."""
        targets = np.arange(len(self.game.targets), dtype=np.int32)
        left = self.max_guesses
        ranking = self.splits.rank(targets, left)
        if isinstance(ranking, tuple) or left <= 2 or len(targets) < self.kernel_below:
            total = self.cost(targets, None, upper, 0)
            known = self.memo.get(self.key(targets, None, 0))
            return total, (self.chosen(targets, 0) if known and known[1] else -1)
        self.lower_bound = ranking.lower
        self._pools.append(self._pool_below(targets))
        try:
            return self._first_guesses(ranking, targets, upper)
        finally:
            self._pools.pop()

    def _first_guesses(
        self, ranking: Ranking, targets: np.ndarray, upper: float
    ) -> tuple[float, int]:
        """Each first guess (one per class alike) by its bound (`try_first_guesses`), searched
        here, group by group."""

        def total_of(column: int, best: float, least: int) -> float:
            return self._total(ranking.block[:, column], targets, best, 0, least)

        def found(best: float, guess: int) -> None:
            """Every group of `guess` is known exactly: the tree can be read."""
            self._store(targets, 0, (best, True, guess))

        best, best_guess = self.try_first_guesses(ranking, targets, upper, total_of, found)
        if best_guess >= 0:
            self._store(targets, 0, (best, True, best_guess))
        return best, best_guess

    def try_first_guesses(
        self,
        ranking: Ranking,
        targets: np.ndarray,
        upper: float,
        total_of: Callable[[int, float, int], float],
        found: Callable[[float, int], None],
    ) -> tuple[float, int]:
        """The first guesses by their bound one level down (`lookahead`; then a possible
        code first, then the lowest), each valued by `total_of(column, best, least)` against
        the best total so far (below `upper`) until a bound reaches it, `found(total, guess)`
        told of each better one; the least bound of those not yet ruled out kept in
        `lower_bound`. The best total and its guess (-1 if none is below `upper`)."""
        bounds = ranking.bounds.astype(float)
        for column in np.flatnonzero(bounds < min(upper, UNUSABLE)).tolist():  # not splitting: last
            row = ranking.block[:, column]
            bounds[column] = self.lookahead(row, targets, int(bounds[column]), 0)
        order = np.lexsort((ranking.ids, ~ranking.is_code, bounds)).tolist()
        if self.first_order:  # resumed: the order the saved run took, so its work is found
            place = {guess: i for i, guess in enumerate(self.first_order)}
            order.sort(key=lambda column: place.get(int(ranking.ids[column]), len(place)))
        self.first_order = [int(ranking.ids[column]) for column in order]
        best, best_guess = upper, -1
        done: dict[int, float] = {}  # column -> its total (or a bound >= the best then)
        self.firsts[1] = int(np.count_nonzero(bounds < upper))
        for at, column in enumerate(order):
            bound = bounds[column]
            self.lower_bound = min([best, *bounds[order[at:]], *done.values()])
            if bound >= best:
                continue
            self.firsts[0], self.firsts[2] = len(done), int(ranking.ids[column])
            done[column] = total = total_of(column, best, int(ranking.bounds[column]))
            if total < best:
                best, best_guess = total, int(ranking.ids[column])
                found(best, best_guess)
                self.best_found = best
        self.lower_bound, self.firsts[0] = best, self.firsts[1]
        return best, best_guess


def share_of_room(best: float, total: float, known: float, size: int, weight: int) -> float:
    """The room a group of `size` codes (bound `known`) is searched for in a round: its share,
    by size out of the `weight` codes still open, of what `total` leaves below `best` (at least
    one guess more than its bound, never more than all that is left)."""
    share = math.inf if best == math.inf else -(-(best - total) * size // weight)  # rounded up
    return min(best - (total - known), known + max(1, share))


def _size(game: Game) -> tuple[int, int]:
    """(colours, pegs) of a Mastermind game."""
    return max(colour_number(d) for d in game.targets[-1]), len(game.targets[0])


def _tiny(n: int, left: int) -> float:
    """The least total of 0, 1 or 2 codes, or of any set with fewer than 2 guesses left."""
    if n == 0:
        return 0
    if n == 1:
        return 1 if left >= 1 else math.inf
    if n == 2:
        return 3 if left >= 2 else math.inf
    return math.inf
