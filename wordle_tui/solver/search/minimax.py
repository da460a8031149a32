"""Wordle's minimax value, and the perfect evil replier who forces it.

A perfect evil replier commits to no word: after each guess it keeps the group of words that
needs the most guesses still to be forced, so no guesser wins faster than the game's minimax
value: the fewest guesses within which some strategy finds every word.

`Minimax.value(targets)` is that number for a set of words. It goes up from a lower bound,
asking `solvable(targets, k)`: can some guess leave only groups solvable within k - 1? This is
an AND-OR search memoised by set, with the least k known to work and the largest known to fail.
Two guesses are enough only when one guess tells every word apart, so a group larger than the
most groups any guess makes on the answer list needs three or more. A budget of work bounds
the search. When the budget runs out, the value is given as bounds, the upper one from the
shipped or searched tree's worst case when there is one.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass

import numpy as np

from ..choices import GameName
from ..games import Game
from ..matrix import reply_matrix
from ..metrics import group_stats
from ..tree import HintMasks, Tree
from ..trees import SHIPPED_LISTS

Splitters = tuple[np.ndarray, np.ndarray]  # guesses by groups made of a set, and the counts
BUDGET = 3_000_000_000  # cells examined: 1 to 2 minutes of one core on the classic lists


class OutOfBudget(Exception):
    """The search used its budget of work before the question was settled."""


@dataclass(frozen=True)
class Value:
    """The fewest guesses that find every word of a set, or bounds on it."""

    lower: int
    upper: int | None  # None: no strategy within the budget's reach was found

    @property
    def proved(self) -> bool:
        """Whether the value is known exactly."""
        return self.upper == self.lower


class Minimax:
    """The minimax value of word sets in one game, memoised across questions. In hard mode
    a position is its words and the guesses its hints allow (`legal`, None in normal mode)."""

    def __init__(self, game: Game, budget: int = BUDGET, hard: bool = False) -> None:
        self.game, self.matrix, self.hard = game, reply_matrix(game), hard
        self.hints = HintMasks(game) if hard else None
        self.win, self.replies = game.rules.win, game.rules.n_replies
        self.budget, self.used = budget, 0
        stats = group_stats(self.matrix, self.replies)
        self.most_groups = int(stats.groups.max())  # no guess makes more groups of any subset
        self.works: dict[bytes, int] = {}  # the least k known to be enough
        self.fails: dict[bytes, int] = {}  # the largest k known not to be

    def spend(self, work: int) -> None:
        """Count work, and stop the search when the budget is spent."""
        self.used += work
        if self.used > self.budget:
            raise OutOfBudget

    def start(self) -> np.ndarray | None:
        """The guesses allowed before any reply: all of them (None in normal mode)."""
        return np.ones(len(self.game.guesses), dtype=bool) if self.hard else None

    def after(self, legal: np.ndarray | None, guess: int, reply: int) -> np.ndarray | None:
        """The guesses hard mode allows once `guess` got `reply` (None in normal mode)."""
        if legal is None or self.hints is None:
            return None
        kept: np.ndarray = legal & self.hints(guess, reply)
        return kept

    def key(self, targets: np.ndarray, legal: np.ndarray | None) -> bytes:
        """A position's memo key: its words, and in hard mode the guesses allowed."""
        return targets.tobytes() + (b"" if legal is None else np.packbits(legal).tobytes())

    def value(
        self,
        targets: np.ndarray,
        upper: int | None = None,
        legal: np.ndarray | None = None,
        lower: int = 0,
    ) -> Value:
        """The minimax value of `targets` (sorted target numbers), or bounds on it when the
        budget (a whole one for this question) runs out; `upper`, if known (a tree's worst
        case), ends the climb there, and `lower`, if proven (a checked witness), starts it."""
        self.used = 0
        return self._climb(targets, upper, self.start() if legal is None else legal, lower)

    def _climb(
        self,
        targets: np.ndarray,
        upper: int | None = None,
        legal: np.ndarray | None = None,
        lower: int = 0,
    ) -> Value:
        k = max(lower, self.lower_bound(targets, legal))
        try:
            while upper is None or k < upper:
                if self.solvable(targets, k, legal):
                    return Value(k, k)
                k += 1
        except OutOfBudget:
            return Value(k, upper)
        return Value(k, k)

    def lower_bound(self, targets: np.ndarray, legal: np.ndarray | None = None) -> int:
        """What is known without searching: one word takes one guess, and a set larger than
        any guess's groups cannot be told apart by one guess."""
        n = len(targets)
        if n == 1:
            return 1
        known = self.fails.get(self.key(targets, legal), 0) + 1
        return max(known, 2 if n <= self.most_groups else 3)

    def solvable(
        self,
        targets: np.ndarray,
        k: int,
        legal: np.ndarray | None = None,
        within: Splitters | None = None,
    ) -> bool:
        """Whether some strategy finds every word of `targets` within `k` guesses, guessing
        only `legal` words in hard mode (`within`: the only guesses that might tell them
        apart, when the caller knows)."""
        n = len(targets)
        if n == 1:
            return k >= 1
        if k <= 1:
            return False
        key = self.key(targets, legal)
        if k >= self.works.get(key, 1 << 30):
            return True
        if k <= self.fails.get(key, 0):
            return False
        found = self._search(targets, k, legal, within)
        if found:
            self.works[key] = min(k, self.works.get(key, 1 << 30))
        else:
            self.fails[key] = max(k, self.fails.get(key, 0))
        return found

    def best_guess(
        self, targets: np.ndarray, k: int, legal: np.ndarray | None = None
    ) -> int | None:
        """A guess after which every group is solvable within k - 1 (None if there is none)."""
        pool, splitters = self._ordered(targets, k, legal)
        for guess in pool:
            if self._guess_works(int(guess), targets, k, legal, splitters):
                return int(guess)
        return None

    def _search(
        self, targets: np.ndarray, k: int, legal: np.ndarray | None, within: Splitters | None
    ) -> bool:
        if k == 2 or len(targets) > self.replies ** (k - 1):
            return self._tells_apart(targets, legal, within) if k == 2 else False
        return self.best_guess(targets, k, legal) is not None

    def _tells_apart(
        self, targets: np.ndarray, legal: np.ndarray | None, within: Splitters | None
    ) -> bool:
        """Whether one guess gives every word of `targets` a reply of its own. A guess makes
        no more groups of a set than of a set holding it, so of the guesses `within` (by
        groups of the set above, most first) only those with enough groups are tried."""
        n = len(targets)
        if within is not None:
            guesses, groups = within
            candidates = guesses[: int(np.searchsorted(-groups, -n, side="right"))]
        elif n > self.most_groups:
            return False
        else:
            candidates = np.arange(self.matrix.shape[0])
        if legal is not None:
            candidates = candidates[legal[candidates]]
        if len(candidates) == 0:
            return False
        rows = self.matrix[np.ix_(candidates, targets)]
        self.spend(rows.size)
        rows = np.sort(rows, axis=1)
        distinct = 1 + (np.diff(rows.astype(np.int32), axis=1) != 0).sum(axis=1)
        return bool((distinct == n).any())

    def _ordered(
        self, targets: np.ndarray, k: int, legal: np.ndarray | None = None
    ) -> tuple[np.ndarray, Splitters]:
        """The guesses worth trying, the smallest largest group first (a group too large to
        be told apart by one guess rules a guess out when only two guesses are left); and
        every guess by the groups it makes here, most first."""
        ids = np.arange(self.matrix.shape[0]) if legal is None else np.flatnonzero(legal)
        codes = self.matrix[np.ix_(ids, targets)]
        guesses, n = codes.shape
        self.spend(guesses * n)
        index = (codes.astype(np.int64) + np.arange(guesses)[:, None] * self.replies).ravel()
        sizes = np.bincount(index, minlength=guesses * self.replies).reshape(guesses, -1)
        sizes[:, self.win] = 0
        largest, groups = sizes.max(axis=1), (sizes > 0).sum(axis=1)
        own = np.isin(ids, self.game.target_ids[targets])
        useful = (groups > 1) | own
        splits = groups + own  # counting the winning reply: a guess that is one of the words
        by_groups = np.argsort(-splits, kind="stable")
        splitters = (ids[by_groups], splits[by_groups])
        if k == 3:
            useful &= largest <= splitters[1][0]
        pool = np.flatnonzero(useful)
        return ids[pool[np.lexsort((-groups[pool], largest[pool]))]], splitters

    def _guess_works(
        self,
        guess: int,
        targets: np.ndarray,
        k: int,
        legal: np.ndarray | None = None,
        splitters: Splitters | None = None,
    ) -> bool:
        """Whether every group `guess` leaves is solvable within k - 1 guesses."""
        codes = self.matrix[guess, targets]
        values, counts = np.unique(codes, return_counts=True)
        self.spend(len(targets))
        for value in values[np.argsort(-counts, kind="stable")]:
            if value == self.win:
                continue
            below = self.after(legal, guess, int(value))
            if not self.solvable(targets[codes == value], k - 1, below, splitters):
                return False
        return True

    def perfect_reply(
        self, targets: np.ndarray, guess: int, legal: np.ndarray | None = None
    ) -> tuple[int, Value]:
        """The perfect evil reply to `guess`: the group needing the most guesses still (the
        larger on a tie, then the lower reply code), with that group's value, within one
        budget. The winning reply only when the guess is the one word left."""
        codes = self.matrix[guess, targets]
        values = [int(v) for v in np.unique(codes) if v != self.win]
        if not values:
            return self.win, Value(0, 0)
        self.used = 0  # one budget for the whole reply
        legal = self.start() if legal is None else legal
        scored = []
        for value in values:
            group = targets[codes == value]
            found = self._climb(group, None, self.after(legal, guess, value))
            scored.append((found.lower, found.upper or found.lower, len(group), -value, found))
        best = max(scored, key=lambda item: item[:4])
        return -best[3], best[4]


# The trees searched for the fewest rows, by lists and hard mode (the optimal trees aside).
MINIMAX_TREES = {(SHIPPED_LISTS, True): "minimax-hard.json.gz"}


def tree_upper_bound(game: Game, hard: bool = False) -> int | None:
    """The least worst case of the shipped trees for these lists and mode (the optimal tree,
    and the tree searched for the fewest rows where there is one): an upper bound on the
    minimax value (None for other lists)."""
    from ..tree import tree_scores
    from ..trees import TreeError, shipped_for

    trees = [minimax_tree(game, hard)]
    with suppress(TreeError):  # no optimal tree for other lists
        trees.append(shipped_for("optimal-hard" if hard else "optimal", game)[0])
    return min((max(tree_scores(t).values()) for t in trees if t is not None), default=None)


def minimax_tree(game: Game, hard: bool) -> Tree | None:
    """The shipped tree searched for the fewest rows in this mode on these lists, if any:
    hard mode's on the classic lists wins every answer within five (trusted: the test suite
    validates it)."""
    from importlib import resources
    from pathlib import Path

    from ..trees import load

    file = MINIMAX_TREES.get((game.fingerprint, hard)) if game.name == GameName.WORDLE else None
    if file is None:
        return None
    path = resources.files("wordle_tui").joinpath("trees", file)
    return load(Path(str(path)), game, hard=hard, check=False)[0]


class PerfectReplier:
    """The perfect evil replier as a `play` replier: each reply keeps the group needing the
    most guesses still, searched within `budget` (in hard mode, the guesser must keep to the
    hints, as the replier assumes)."""

    def __init__(self, game: Game, hard: bool = False, budget: int = BUDGET) -> None:
        self.game, self.search = game, Minimax(game, budget=budget, hard=hard)
        self.legal = self.search.start()

    def __call__(self, guess: str, candidates: np.ndarray) -> int:
        index = self.game.index[guess]
        reply, _ = self.search.perfect_reply(np.asarray(candidates), index, self.legal)
        self.legal = self.search.after(self.legal, index, reply)
        return reply


_game_values: dict[tuple[str, bool, int], Value] = {}  # this process's, by lists and budget


def game_value(game: Game, hard: bool = False, budget: int = BUDGET) -> Value:
    """The whole game's minimax value against the perfect evil replier, or bounds on it
    (kept for the process: the same lists and budget give the same answer)."""
    key = (game.fingerprint, hard, budget)
    if key not in _game_values:
        search = Minimax(game, budget=budget, hard=hard)
        everyone = np.arange(len(game.targets), dtype=np.int32)
        _game_values[key] = search.value(everyone, tree_upper_bound(game, hard))
    return _game_values[key]
