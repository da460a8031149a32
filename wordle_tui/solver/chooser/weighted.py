"""A good guess tree when each answer has its own weight, for lists too large for every guess.

The guesser's best response to a chooser's distribution is the tree with the fewest expected
guesses under it. `WeightedTreeSearch` looks for one the way the top-k tree search does for
equal weights, with the weights in every sum:

- at each node the `top_k` guesses with the least weighted mass left (the sum over a guess's
  groups of the squared weight of each: a weighted "expected group left"), answers first on
  ties, are tried; at the root `root_k` of them;
- a group's weighted cost is at least 2W - (its heaviest answer's weight) (each answer needs
  one guess more, all but one at least two), W for one answer; a branch stops as soon as
  what is known and what is bounded reaches the best found so far;
- every answer must still be found within `max_guesses` (Wordle's six rows), weight or none:
  when none of the guesses tried at a node can do that (hard mode's traps), more are tried;
- a set of answers is memoised, so the same group reached two ways is searched once;
- in `hard` mode a guess must keep every hint so far (`tree.HintMasks`): each node carries
  its legal guesses, and they are part of its memo key. The answers left always keep every
  hint, so a group's bounds hold in both modes.

The result is a real tree over every answer, so its expected guesses are exact for it; only
its optimality is not proven, unless `every` guess is tried: then they are taken in order of
a lower bound on their total (`split_bounds`), and once the next one's bound reaches the best
found, no guess left can beat it, so the tree is the best there is.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from ..games import Game
from ..search.rows import gather, weighted_summary
from ..tree import HintMasks, Node, Tree

Memo = dict[bytes, tuple[float, bool, int]]  # key -> (weighted cost, exact, best guess)
CHUNK = 2048  # guesses ranked at once (bounds the memory of a large set's ranking)
WIDEN = 4  # when no guess tried can find every answer in time, this many times as many


class WeightedTreeSearch:
    """A top-k search for the tree with the least weighted total of guesses (see the module)."""

    def __init__(
        self,
        game: Game,
        matrix: np.ndarray,
        weights: np.ndarray,
        top_k: int = 6,
        root_k: int = 12,
        max_guesses: int = 6,
        stop: Callable[[], bool] | None = None,
        every: bool = False,
        hard: bool = False,
    ) -> None:
        self.game, self.matrix = game, matrix
        self.every_guess = np.arange(len(game.guesses))
        self.weights = np.asarray(weights, dtype=float)
        self.top_k, self.root_k, self.max_guesses = top_k, root_k, max_guesses
        self.win, self.replies = game.rules.win, game.rules.n_replies
        self.is_answer = game.is_target
        self.stop = stop
        self.every = every  # try every guess, in order of bound: the result is proven
        self.memo: Memo = {}
        self.nodes = 0
        self.hints = HintMasks(game) if hard else None  # hard mode: the hints' legal guesses

    def start(self) -> np.ndarray | None:
        """The legal guesses at the root: all of them in hard mode, None (any) in normal."""
        return None if self.hints is None else np.ones(len(self.game.guesses), dtype=bool)

    def tree(self, legal: np.ndarray | None = None) -> tuple[float, Tree]:
        """(the weighted total of guesses, the tree) over every answer; in hard mode from
        the `legal` guesses (every guess if None)."""
        targets = np.arange(len(self.game.targets), dtype=np.int32)
        legal = self.start() if legal is None or self.hints is None else legal
        total = self.cost(targets, math.inf, 0, legal)
        if math.isinf(total):
            raise ArithmeticError("no tree of the guesses tried finds every answer in time")
        return total, self._build(targets, 0, legal)

    def key(self, targets: np.ndarray, depth: int, legal: np.ndarray | None = None) -> bytes:
        """The memo key: the set, the guesses left (no path is longer than one a target) and,
        in hard mode, the legal guesses."""
        key = targets.tobytes() + bytes([min(self.max_guesses - depth, len(targets), 255)])
        return key if legal is None else key + np.packbits(legal).tobytes()

    def cost(
        self, targets: np.ndarray, bound: float, depth: int, legal: np.ndarray | None = None
    ) -> float:
        """The least weighted total found for `targets`, or a number >= bound if cut off."""
        n, left = len(targets), self.max_guesses - depth
        w = self.weights[targets]
        if n == 1:
            return float(w[0]) if left >= 1 else math.inf
        if n == 2:  # the heavier one first
            return float(w.sum() + w.min()) if left >= 2 else math.inf
        if left < 2:
            return math.inf
        key = self.key(targets, depth, legal)
        known = self.memo.get(key)
        if known is not None and (known[1] or known[0] >= bound):
            return known[0]
        if self.stop is not None and self.stop():
            raise TimeoutError("the search ran out of time")
        self.nodes += 1
        value, guess, exact = self._search(targets, w, bound, depth, legal)
        previous = self.memo.get(key)
        if exact or previous is None or value > previous[0]:
            self.memo[key] = (value, exact, guess)
        return value

    def ranked(
        self,
        targets: np.ndarray,
        w: np.ndarray,
        width: int,
        legal: np.ndarray | None = None,
        turns: int = 255,
    ) -> tuple[np.ndarray, np.ndarray]:
        """The `width` guesses leaving the least weighted mass, answers first on ties; with
        `every`, every useful guess by its lower bound (`split_bounds`). And their bounds.
        In hard mode only the `legal` guesses are ranked; with `turns` rows left (this
        guess's included), a guess that cannot finish in time is not useful."""
        ids = np.flatnonzero(legal) if legal is not None else self.every_guess
        own = self._own(targets, w, None if legal is None else ids)
        order, bounds = self._ranked(targets, ids, own, w, width, turns)
        return ids[order], bounds

    def _own(self, targets: np.ndarray, w: np.ndarray, ids: np.ndarray | None = None) -> np.ndarray:
        """For each guess (of `ids`, else all): its own weight as an answer, NaN if it is none
        of `targets`."""
        at = self.game.target_ids[targets]  # each target's place among the guesses
        if ids is not None:
            spot = np.minimum(np.searchsorted(ids, at), len(ids) - 1)
            kept = ids[spot] == at
            at, w = spot[kept], w[kept]
        own = np.full(len(ids) if ids is not None else len(self.game.guesses), np.nan)
        own[at] = w
        return own

    def _ranked(
        self,
        targets: np.ndarray,
        ids: np.ndarray,
        own: np.ndarray,
        w: np.ndarray,
        width: int,
        turns: int = 255,
    ) -> tuple[np.ndarray, np.ndarray]:
        """`ranked` over the guesses `ids`, as positions among them; `own`: each one's
        weight as an answer (`_own`)."""
        guesses = len(ids)
        left = np.empty(guesses)
        groups = np.empty(guesses, dtype=np.intp)
        for start in range(0, guesses, CHUNK):
            stop = min(start + CHUNK, guesses)
            codes = gather(self.matrix, ids[start:stop], targets)
            groups[start:stop], _, left[start:stop], _ = weighted_summary(
                codes, w, self.win, self.replies
            )
        answer = ~np.isnan(own)
        useful = (groups > 1) | answer
        if turns <= 2:  # this guess and one more: only a guess that tells every answer apart
            useful &= groups == len(w)
        if not self.every:  # the least mass left, answers first, then the list's order
            pool = np.flatnonzero(useful)
            if 0 < width < len(pool):  # those at most the width-th least (ties kept)
                pool = pool[left[pool] <= np.partition(left[pool], width - 1)[width - 1]]
            order = pool[np.lexsort((pool, ~answer[pool], left[pool]))][:width]
            return order, np.zeros(len(order))
        bounds = self.split_bounds(w, groups - answer, np.nan_to_num(own))
        order = np.lexsort((np.arange(guesses), ~answer, left, bounds))
        order = order[useful[order]]
        return order, bounds[order]

    def split_bounds(self, w: np.ndarray, losing: np.ndarray, own: np.ndarray) -> np.ndarray:
        """Each guess's lower bound on the weighted total: W for the guess, and for each group
        it leaves 2 W_G - (its heaviest answer), which is at least 2 (W - the guess's own
        weight) - (the `losing` heaviest answers' weights together)."""
        total = float(w.sum())
        heaviest = np.concatenate([[0.0], np.cumsum(np.sort(w)[::-1])])
        bounds: np.ndarray = total + 2 * (total - own) - heaviest[np.minimum(losing, len(w))]
        return bounds

    def _search(
        self,
        targets: np.ndarray,
        w: np.ndarray,
        bound: float,
        depth: int,
        legal: np.ndarray | None = None,
    ) -> tuple[float, int, bool]:
        """(least weighted total, its guess, exact among the tried) or a bound if cut off."""
        total = float(w.sum())
        lower = 2 * total - float(w.max())
        if lower >= bound:
            return lower, -1, False
        width = self.root_k if depth == 0 else self.top_k
        best, best_guess, tried = bound, -1, 0
        while True:  # the top guesses, and more only if none of them can finish in time
            pool, bounds = self.ranked(targets, w, width, legal, self.max_guesses - depth)
            finishes = False
            for guess, least in zip(pool[tried:], bounds[tried:], strict=True):
                if self.every and least >= best:
                    break  # no guess left can beat the best (they are in order of bound)
                value = self._try(int(guess), targets, w, best, depth, legal)
                finishes = finishes or not math.isinf(value)
                if value < best:
                    best, best_guess = value, int(guess)
                    if best <= lower:
                        break
            if finishes or self.every or len(pool) < width:
                break
            tried, width = len(pool), WIDEN * width
        if best_guess < 0:
            return max(bound, lower), -1, False
        return best, best_guess, True

    def _try(
        self,
        guess: int,
        targets: np.ndarray,
        w: np.ndarray,
        best: float,
        depth: int,
        legal: np.ndarray | None = None,
    ) -> float:
        """The weighted total with `guess` played here (>= best if it cannot beat best)."""
        row = self.matrix[guess, targets]
        order = np.argsort(row, kind="stable")
        values, starts, counts = np.unique(row[order], return_index=True, return_counts=True)
        if len(values) == 1 and values[0] != self.win:
            return math.inf
        if self.max_guesses - depth - 1 < 2 and any(
            c >= 2 for v, c in zip(values, counts, strict=True) if v != self.win
        ):
            return math.inf
        sorted_w = w[order]
        mass = np.add.reduceat(sorted_w, starts)
        top = np.maximum.reduceat(sorted_w, starts)
        lose = values != self.win
        floors = np.where(counts == 1, mass, 2 * mass - top)
        floors[~lose] = 0.0
        total = float(w.sum()) + float(floors.sum())
        for g in np.argsort(counts, kind="stable"):  # smallest groups first
            if total >= best:
                return total
            if not lose[g]:
                continue
            group = targets[order[starts[g] : starts[g] + counts[g]]]
            room = best - (total - floors[g])
            below = self._after(legal, guess, int(values[g]))
            child = self.cost(group, room, depth + 1, below)
            if child >= room:  # cut off (only bounded): this guess cannot beat `best`, even
                return best  # where the sums' rounding would say otherwise
            total += child - floors[g]
        return total

    def _after(self, legal: np.ndarray | None, guess: int, reply: int) -> np.ndarray | None:
        """The legal guesses after `guess` got `reply` (hard mode; else None: any)."""
        if legal is None or self.hints is None:
            return None
        below: np.ndarray = legal & self.hints(guess, reply)
        return below

    def _build(self, targets: np.ndarray, depth: int, legal: np.ndarray | None = None) -> Tree:
        """The tree the memo holds for `targets` (searched again where it was cut off)."""
        game = self.game
        if len(targets) == 1:
            return game.targets[int(targets[0])]
        if len(targets) == 2:
            w = self.weights[targets]
            guess = int(game.target_ids[targets[int(np.argmax(w))]])
        else:
            known = self.memo.get(self.key(targets, depth, legal))
            if known is None or not known[1] or known[2] < 0:
                self.cost(targets, math.inf, depth, legal)
                known = self.memo.get(self.key(targets, depth, legal))
            if known is None or known[2] < 0:
                raise ArithmeticError("no tree of the guesses tried finds every answer in time")
            guess = known[2]
        row = self.matrix[guess, targets]
        node = Node(game.guesses[guess], len(targets))
        for reply in np.unique(row).tolist():
            if reply == self.win:
                node.branches[reply] = game.guesses[guess]
            else:
                below = self._after(legal, guess, reply)
                node.branches[reply] = self._build(targets[row == reply], depth + 1, below)
        return node


def subtree(
    game: Game,
    matrix: np.ndarray,
    targets: np.ndarray,
    weights: np.ndarray,
    legal: np.ndarray | None = None,
    top_k: int = 3,
    root_k: int = 6,
    rows: int = 6,
) -> Tree:
    """A good tree for the answers `targets` alone, with these weights (one each), from the
    `legal` guesses in hard mode (None: normal mode), finding each within `rows` guesses
    (ArithmeticError if the guesses tried cannot)."""
    words = tuple(game.targets[t] for t in targets.tolist())
    sub = Game(game.name, game.rules, words, game.guesses)
    columns = np.ascontiguousarray(matrix[:, targets])
    search = WeightedTreeSearch(
        sub, columns, weights, top_k, root_k, max_guesses=rows, hard=legal is not None
    )
    return search.tree(legal)[1]
