"""Antiwordle's search: a tree of consistent guesses that keeps the player alive longest."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from ..games import Game
from ..matrix import reply_matrix
from ..metrics import group_stats
from ..tree import Node, Progress, Tree
from .shared import SearchResult, depths, first_order


@dataclass
class SurvivalSearch:
    """Antiwordle: a tree of consistent guesses that keeps the player alive longest.

    The score of a target is the guess at which the player hits it; the search maximises the
    total over all targets, trying at each node the `top_k` guesses that leave the biggest
    groups (smallest entropy), with memoised target sets.
    """

    game: Game
    top_k: int = 3
    progress: Progress | None = None
    memo: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.matrix = reply_matrix(self.game)
        self.win = self.game.rules.win

    def run(self) -> SearchResult:
        """Search the whole target list."""
        start = time.perf_counter()
        targets = np.arange(len(self.game.targets), dtype=np.int32)
        total = self.value(targets)
        tree = self.tree(targets)
        seconds = time.perf_counter() - start
        worst = max(depths(tree))
        return SearchResult(tree, int(total), worst, seconds, len(self.memo), self.top_k, False)

    def value(self, targets: np.ndarray) -> int:
        """The most guesses survived in total over `targets`, among the guesses tried."""
        n = len(targets)
        if n <= 2:
            return 1 if n == 1 else 3
        key = targets.tobytes()
        if key in self.memo:
            return self.memo[key][0]
        ids = self.game.target_ids[targets]
        codes = self.matrix[np.ix_(ids, targets)]
        stats = group_stats(codes, self.game.rules.n_replies)
        order = np.lexsort((ids, stats.sum_clog * -1))[: self.top_k]
        best, best_guess = -1, -1
        for k in order:
            row = codes[k]
            total = n + sum(self.value(targets[row == v]) for v in np.unique(row) if v != self.win)
            if total > best:
                best, best_guess = total, int(ids[k])
        self.memo[key] = (best, best_guess)
        return best

    def tree(self, targets: np.ndarray) -> Tree:
        """The tree the search chose, rebuilt from the memo."""
        if len(targets) == 1:
            return self.game.targets[targets[0]]
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
