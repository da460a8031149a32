"""A tree improved by editing: each interior node re-solved for the same answers, kept if better.

The seeds' alternative to looking ahead: "look for interior nodes that end up with a
worse-than-expected average score, and see if the node can be replaced with something better
(covering the same target words)". A node's excess is its total (the guesses its answers need
from it) less a lower bound for its set (2n - 1, or more when few replies are possible). The
editor visits the nodes deepest first, and among nodes at a depth the largest excess first. Each
is re-solved by the tree search (`TreeSearch.cost`, top-k guesses, the node's own depth
counted for the guess limit, the search's memo shared by every node); a better subtree replaces
it, and its ancestors' totals drop by the same amount. The root is a node too, visited last: a
better first guess is an edit like any other. A round with more guesses tried (`TOP_KS`) starts
again from the deepest nodes while time is left.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from ..games import Game
from ..tree import Node, Tree, tree_scores
from .best_tree import TreeSearch, read_tree
from .shared import depths

TOP_KS = (4, 12, 30)  # guesses tried at each node, round by round
CHECK_EVERY = 64  # nodes searched between looks at the clock


class _TimeUp(Exception):
    """The editor's time ran out in the middle of a node's search."""


@dataclass
class _Spot:
    """An interior node of the tree being edited: where it hangs, what it covers."""

    path: tuple[int, ...]  # the replies from the root down to it
    depth: int
    targets: np.ndarray
    legal: np.ndarray | None  # hard mode's legal guesses here (None in normal mode)
    total: int  # the guesses its answers needed from this node on, when the round began


@dataclass
class EditResult:
    """The edited tree, its total, and the total after each improvement."""

    tree: Tree
    start: int  # the total before any edit
    total: int
    worst: int
    edits: int  # subtrees replaced by better ones
    tried: int  # node searches made
    seconds: float
    curve: list[tuple[float, int]] = field(default_factory=list)  # (seconds, total)


class _TimedSearch(TreeSearch):
    """The tree search, stopped (with `_TimeUp`) when the editor's deadline passes."""

    deadline = math.inf

    def cost(
        self, targets: np.ndarray, legal: np.ndarray | None, bound: float, depth: int
    ) -> float:
        if self.nodes % CHECK_EVERY == 0 and time.monotonic() > self.deadline:
            raise _TimeUp
        return super().cost(targets, legal, bound, depth)


class TreeEditor:
    """Improves one game's tree node by node within a time limit."""

    def __init__(self, game: Game, tree: Tree, hard: bool = False, limit: int = 6) -> None:
        self.game, self.tree, self.hard = game, tree, hard
        worst = max(tree_scores(tree).values())
        self.max_guesses = max(limit, worst)  # the search keeps every answer within this
        self.searches = {k: self._search(k) for k in TOP_KS}

    def _search(self, top_k: int) -> _TimedSearch:
        return _TimedSearch(self.game, self.hard, top_k, max_guesses=self.max_guesses)

    def run(
        self, seconds: float, progress: Callable[[float, int], None] | None = None
    ) -> EditResult:
        """Edit until no node improves at the largest top-k, or `seconds` have passed;
        `progress(seconds, total)` hears each improvement."""
        start = time.monotonic()
        deadline = start + seconds
        first = sum(tree_scores(self.tree).values())
        total, edits, tried = first, 0, 0
        curve = [(0.0, first)]
        for top_k in TOP_KS:
            search = self.searches[top_k]
            search.deadline = deadline
            for spot in self._spots():
                if time.monotonic() > deadline:
                    break
                tried += 1
                now = sum(tree_scores(self._at(spot.path)).values())  # its edits below count
                try:
                    better = search.cost(spot.targets, spot.legal, now, spot.depth)
                except _TimeUp:
                    break
                if better >= now:
                    continue
                subtree = read_tree(search, spot.targets, spot.legal, spot.depth)
                self._replace(spot.path, subtree)
                total -= now - int(better)
                edits += 1
                curve.append((time.monotonic() - start, total))
                if progress:
                    progress(curve[-1][0], total)
            if time.monotonic() > deadline:
                break
        worst = max(depths(self.tree))
        seconds_used = time.monotonic() - start
        return EditResult(self.tree, first, total, worst, edits, tried, seconds_used, curve)

    def _spots(self) -> list[_Spot]:
        """Every interior node, deepest first, then the largest excess over its bound."""
        search = self.searches[TOP_KS[0]]
        spots = list(self._walk(search))
        excess = [s.total - search.least_total(len(s.targets)) for s in spots]
        order = sorted(range(len(spots)), key=lambda i: (-spots[i].depth, -excess[i]))
        return [spots[i] for i in order]

    def _walk(self, search: TreeSearch) -> Iterator[_Spot]:
        """The interior nodes with their answers, hard-mode legal guesses and totals."""
        everyone = np.arange(len(self.game.targets), dtype=np.int32)
        legal = np.ones(len(self.game.guesses), dtype=bool) if self.hard else None
        stack: list[tuple[Tree, tuple[int, ...], int, np.ndarray, np.ndarray | None]] = [
            (self.tree, (), 0, everyone, legal)
        ]
        while stack:
            tree, path, depth, targets, legal = stack.pop()
            if not isinstance(tree, Node):
                continue
            total = sum(tree_scores(tree).values())
            yield _Spot(path, depth, targets, legal, total)
            guess = self.game.index[tree.guess]
            row = search.matrix[guess, targets]
            for reply, child in tree.branches.items():
                if isinstance(child, Node):
                    sub = search.sub_legal(legal, guess, reply)
                    stack.append((child, (*path, reply), depth + 1, targets[row == reply], sub))

    def _at(self, path: tuple[int, ...]) -> Tree:
        """The subtree the replies of `path` lead to."""
        node = self.tree
        for reply in path:
            assert isinstance(node, Node)
            node = node.branches[reply]
        return node

    def _replace(self, path: tuple[int, ...], subtree: Tree) -> None:
        """Put `subtree` where the node at `path` was."""
        if not path:
            self.tree = subtree
            return
        parent = self._at(path[:-1])
        assert isinstance(parent, Node)
        parent.branches[path[-1]] = subtree


def edit_tree(
    game: Game,
    tree: Tree,
    seconds: float,
    hard: bool = False,
    limit: int = 6,
    progress: Callable[[float, int], None] | None = None,
) -> EditResult:
    """`tree` (left as it was) improved by editing for at most `seconds`, every answer kept
    within `limit` guesses (or the tree's own worst, if that is more)."""
    from copy import deepcopy

    return TreeEditor(game, deepcopy(tree), hard, limit).run(seconds, progress)
