"""Antiwordle's search: a tree of consistent guesses that keeps the player alive longest.

The score of a target is the guess at which the player hits it; the search maximises the total
over all targets. At each node it tries the most promising consistent guesses (`top_k`, or
`widths` by depth), ranked by the groups they leave: the biggest first, by entropy (least
information first) or by the expected group left (`rank`). Groups of at most `every_up_to`
targets are searched over every consistent guess, exactly: a guess is tried while its upper
bound (n, plus m(m + 1) / 2 for each group of m: each guess hits at most one target) can beat
the best found. Target sets are memoised.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from ..games import Game
from ..matrix import reply_matrix
from ..metrics import group_stats
from ..tree import Node, Progress, Tree
from .shared import SearchResult, depths, first_order

SURVIVAL_RANKINGS = ("entropy", "squares")


@dataclass
class SurvivalSearch:
    """Antiwordle: a tree of consistent guesses that keeps the player alive longest (see the
    module)."""

    game: Game
    top_k: int = 3
    progress: Progress | None = None
    memo: dict[bytes, tuple[int, int]] = field(default_factory=dict)  # best total, its guess
    widths: tuple[int, ...] = ()  # guesses tried at depth 0, 1, ... (top_k deeper down)
    rank: str = "entropy"
    every_up_to: int = 0  # groups this small are searched over every consistent guess

    def __post_init__(self) -> None:
        if self.rank not in SURVIVAL_RANKINGS:
            raise ValueError(f"rank must be one of: {', '.join(SURVIVAL_RANKINGS)}")
        self.matrix = reply_matrix(self.game)
        self.win = self.game.rules.win
        self.done = 0

    def run(self) -> SearchResult:
        """Search the whole target list."""
        start = time.perf_counter()
        targets = np.arange(len(self.game.targets), dtype=np.int32)
        total = self.value(targets)
        tree = self.tree(targets)
        seconds = time.perf_counter() - start
        worst = max(depths(tree))
        return SearchResult(tree, int(total), worst, seconds, len(self.memo), self.top_k, False)

    def width(self, depth: int) -> int:
        """How many guesses are tried at `depth`: `widths`, then top_k."""
        return self.widths[depth] if depth < len(self.widths) else self.top_k

    def value(self, targets: np.ndarray, depth: int = 0) -> int:
        """The most guesses survived in total over `targets`, among the guesses tried."""
        n = len(targets)
        if n <= 2:
            return 1 if n == 1 else 3
        key = targets.tobytes()
        if key in self.memo:
            return self.memo[key][0]
        ids = self.game.target_ids[targets]
        codes = self.matrix[np.ix_(ids, targets)]
        if n <= self.every_up_to:
            best, best_guess = self._every(ids, codes, targets, depth)
        else:
            best, best_guess = self._ranked(ids, codes, targets, depth)
        self.memo[key] = (best, best_guess)
        return best

    def _ranked(
        self, ids: np.ndarray, codes: np.ndarray, targets: np.ndarray, depth: int
    ) -> tuple[int, int]:
        """The best of the `width(depth)` most promising guesses: (total, guess)."""
        stats = group_stats(codes, self.game.rules.n_replies)
        score = stats.sum_clog if self.rank == "entropy" else stats.sum_squares
        order = np.lexsort((ids, -score))[: self.width(depth)]
        best, best_guess = -1, -1
        for k in order:
            total = self._total(codes[k], targets, depth)
            if total > best:
                best, best_guess = total, int(ids[k])
            if depth == 0:
                self._report(len(order))
        return best, best_guess

    def _every(
        self, ids: np.ndarray, codes: np.ndarray, targets: np.ndarray, depth: int
    ) -> tuple[int, int]:
        """The best of every consistent guess, exactly, most hopeful first: (total, guess)."""
        n, replies = len(targets), self.game.rules.n_replies
        flat = codes.astype(np.intp) + (np.arange(n, dtype=np.intp) * replies)[:, None]
        counts = np.bincount(flat.ravel(), minlength=n * replies).reshape(n, replies)
        counts[:, self.win] = 0
        upper = n + (counts * (counts + 1) // 2).sum(axis=1)
        best, best_guess = -1, -1
        for k in np.lexsort((ids, -upper)):
            if upper[k] <= best:
                break  # no guess left can beat the best found
            total = self._total(codes[k], targets, depth)
            if total > best:
                best, best_guess = total, int(ids[k])
        return best, best_guess

    def _total(self, row: np.ndarray, targets: np.ndarray, depth: int) -> int:
        """Guesses survived in total if the guess with these replies is played."""
        groups = (targets[row == v] for v in np.unique(row) if v != self.win)
        return len(targets) + sum(self.value(group, depth + 1) for group in groups)

    def _report(self, first_guesses: int) -> None:
        """One more first guess fully searched."""
        self.done += 1
        if self.progress:
            self.progress(self.done, first_guesses)

    def tree(self, targets: np.ndarray) -> Tree:
        """The tree the search chose, rebuilt from the memo."""
        if len(targets) == 1:
            return self.game.targets[int(targets[0])]
        if len(targets) > 2:
            guess = self.memo[targets.tobytes()][1]
        else:
            guess = int(self.game.target_ids[targets[0]])
        node = Node(self.game.guesses[guess], len(targets))
        row = self.matrix[guess, targets]
        for value in first_order(row):
            members = targets[row == value]
            node.branches[value] = (
                self.game.guesses[guess] if value == self.win else self.tree(members)
            )
        return node
