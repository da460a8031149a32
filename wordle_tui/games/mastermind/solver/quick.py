"""The quick tree that bounds the optimum's search from above before it starts.

At a set of `KERNEL_BELOW` codes or more, of the `QUICK_TOP` guesses the bounds rank first it
plays the one whose groups' own bounds add up least (`OptimalSearch.lookahead`: the bounds
the search computes and keeps anyway). A smaller set is handed to the compiled kernel's top-k
search, `QUICK_WIDTH` guesses at each node judged by the same play below them.

Measured by `python scripts/mastermind_bounds.py COLOURS PEGS` (its `quick`): 8 colours x 4
pegs 20,493 guesses (the optimum is 20,471; the least-bound guess everywhere and a top-1
kernel gave 20,782), 9 x 4 34,781 (35,347), 6 colours x 5 pegs 36,747 (37,460), in seconds.
"""

from __future__ import annotations

import math

import numpy as np

from ....plural import plural
from ....solver.search.shared import SearchError, SearchInterrupted, first_order
from ....solver.tree import Node, Tree
from .search import OptimalSearch

QUICK_TOP = 32  # guesses weighed by their groups' bounds at a large set
QUICK_WIDTH = 64  # guesses the kernel's top-k search tries at each node of a small set


def quick_tree(
    search: OptimalSearch,
    targets: np.ndarray,
    depth: int = 0,
    width: int = QUICK_WIDTH,
    top: int = QUICK_TOP,
) -> Tree:
    """A tree for `targets`, `depth` guesses down (see the module): an upper bound of the
    least total; SearchError if it misses the search's guess limit."""
    game = search.game
    if search.stop[1]:
        raise SearchInterrupted("the search was stopped")
    if len(targets) == 1:
        return game.targets[int(targets[0])]
    n, left = len(targets), search.max_guesses - depth
    if n == 2 and left >= 2:
        guess = int(targets[0])
    elif n >= search.kernel_below:
        guess = _weighed_guess(search, targets, depth, top)
    else:
        guess = _kernel_guess(search, targets, depth, width)
    node = Node(game.guesses[guess], n)
    row = search.matrix[guess, targets]
    for value in first_order(row):
        if value == search.win:
            node.branches[value] = game.guesses[guess]
        else:
            node.branches[value] = quick_tree(search, targets[row == value], depth + 1, width, top)
    return node


def _weighed_guess(search: OptimalSearch, targets: np.ndarray, depth: int, top: int) -> int:
    """Of the `top` guesses of least bound (a possible code first, then the lowest), the one
    whose groups' bounds add up least (the first of those tied)."""
    ranking = search.splits.rank(targets, search.max_guesses - depth)
    if isinstance(ranking, tuple):
        return ranking[1]
    order = np.lexsort((ranking.ids, ~ranking.is_code, ranking.bounds))[:top]
    weighed = [
        search.lookahead(ranking.block[:, column], targets, int(ranking.bounds[column]), depth)
        for column in order.tolist()
    ]
    return int(ranking.ids[order[int(np.argmin(weighed))]])


def _kernel_guess(search: OptimalSearch, targets: np.ndarray, depth: int, width: int) -> int:
    """The first guess of the kernel's top-`width` tree for a small set."""
    pools = search._pools
    pools.append(search._pool_below(targets) if pools else search.pool)
    try:
        value, guess, _ = search.compiled(targets, math.inf, depth, width)
    finally:
        pools.pop()
    if guess < 0 or math.isinf(value):
        within = plural(search.max_guesses, "guess", "guesses")
        raise SearchError(f"no tree finds every code within {within}")
    return guess
