"""Wordle as a two-player game: a chooser who picks the word, a guesser who picks a strategy.

The chooser mixes over words, the guesser over guess trees; the payoff is the number of
guesses. The game's value lies between two certified bounds, found by column generation
(double oracle with the chooser's side whole, since it only has the answers to choose from):

- the guesser's mixture over the trees found so far is the restricted game's solution (a
  linear program); checked against every word, it needs at most `upper` guesses on average;
- the chooser's distribution from the same program is answered by the guesser's exact best
  response, a tree minimising the expected guesses under it (`WeightedSearch`, every guess
  tried); no strategy does better than `lower` against that chooser.

Each best response worse than `upper` for the chooser joins the guesser's trees; when none is,
`lower` equals `upper` and the value is exact. The exact best response searches every guess at
every node, so it is for small lists (`MAX_ANSWERS`); larger lists get bounds from `mixing`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..games import Game
from ..matrix import reply_matrix
from ..tree import Node, Tree, tree_scores

if TYPE_CHECKING:
    from .behaviour import Behaviour

MAX_ANSWERS = 64  # the exact best response tries every guess at every node
TOLERANCE = 1e-9  # the bounds' gap at which the value counts as found
SLACK = 1e-12


@dataclass(frozen=True)
class Equilibrium:
    """The game's value between certified bounds, and the two mixtures that certify them."""

    lower: float  # no guesser does better against `chooser`
    upper: float  # `guesser` needs no more than this against any word
    chooser: dict[str, float]  # word -> probability, the words with weight
    guesser: list[tuple[Tree, float]]  # each tree of the mixture and its weight
    iterations: int
    seconds: float
    # Who certifies `lower`: None when it is `chooser` itself, answered by the exact best
    # response; else the chooser that is (large lists: the uniform one, see `mixing`).
    lower_by: str | None = None
    # Large lists: the guesser mixes at every set instead (`guesser` is then empty).
    behaviour: Behaviour | None = None

    @property
    def value(self) -> float:
        """The game's value (exact when the bounds meet): their midpoint."""
        return (self.lower + self.upper) / 2


class WeightedSearch:
    """The guess tree with the least expected number of guesses when each answer has a
    weight: every guess that splits a set is tried, with a lower bound to skip the hopeless.
    A set of no weight is solved as if its answers were equally likely, so every answer is
    still found (the tree stays complete)."""

    def __init__(self, game: Game, weights: np.ndarray) -> None:
        self.game, self.matrix = game, reply_matrix(game)
        self.weights = np.asarray(weights, dtype=float)
        self.ids = game.target_ids
        self.win, self.replies = game.rules.win, game.rules.n_replies
        self.memo: dict[bytes, tuple[float, int]] = {}

    def tree(self, targets: np.ndarray | None = None) -> tuple[float, Tree]:
        """(least expected guesses, the tree achieving it) over `targets` (every answer)."""
        targets = np.arange(len(self.game.targets)) if targets is None else np.sort(targets)
        return self.value(targets)[0], self._build(targets)

    def value(self, targets: np.ndarray) -> tuple[float, int]:
        """(least expected guesses, the guess achieving it) over these sorted targets."""
        key = targets.tobytes()
        if key not in self.memo:
            self.memo[key] = self._solve(targets)
        return self.memo[key]

    def _weights(self, targets: np.ndarray) -> np.ndarray:
        w = self.weights[targets]
        return w if w.sum() > 0 else np.ones(len(targets))

    def _solve(self, targets: np.ndarray) -> tuple[float, int]:
        w = self._weights(targets)
        if len(targets) == 1:
            return 1.0, int(self.ids[targets[0]])
        best, best_guess = np.inf, -1
        for guess in self._order(targets, w):
            value = self._try(int(guess), targets, w, best)
            if value < best - SLACK:
                best, best_guess = value, int(guess)
        return best, best_guess

    def _order(self, targets: np.ndarray, w: np.ndarray) -> np.ndarray:
        """Every guess, the answers here first (likeliest first), then the rest by number."""
        own = self.ids[targets][np.argsort(-w, kind="stable")]
        rest = np.setdiff1d(np.arange(self.matrix.shape[0]), own, assume_unique=False)
        return np.concatenate([own, rest])

    def _try(self, guess: int, targets: np.ndarray, w: np.ndarray, best: float) -> float:
        """Expected guesses with `guess` first (inf if it splits nothing or cannot beat `best`)."""
        codes = self.matrix[guess, targets]
        counts = np.bincount(codes, minlength=self.replies)
        values = np.flatnonzero(counts)
        if len(values) == 1 and values[0] != self.win:
            return np.inf
        mass = np.bincount(codes, weights=w, minlength=self.replies)[values] / w.sum()
        top = np.zeros(self.replies)
        np.maximum.at(top, codes, w / w.sum())
        lose = values != self.win
        # each group needs one guess more, two unless its likeliest answer is guessed next
        floor = np.where(counts[values] == 1, mass, 2 * mass - top[values])
        if 1.0 + floor[lose].sum() >= best - SLACK:
            return np.inf
        expected = 1.0
        for g in np.argsort(-mass):
            if not lose[g] or mass[g] == 0:
                continue  # a group of no weight costs nothing here (`_build` solves it)
            expected += mass[g] * self.value(targets[codes == values[g]])[0]
            if expected >= best - SLACK:
                return np.inf
        return expected

    def _build(self, targets: np.ndarray) -> Tree:
        """The tree the memo holds for these targets (solving what it lacks)."""
        _, guess = self.value(targets)
        word = self.game.guesses[guess]
        if len(targets) == 1:
            return word
        codes = self.matrix[guess, targets]
        node = Node(word, len(targets))
        for reply in np.unique(codes).tolist():
            group = targets[codes == reply]
            if reply == self.win:
                node.branches[reply] = word
            else:
                node.branches[reply] = self._build(group)
        return node


def depths(game: Game, tree: Tree) -> np.ndarray:
    """The number of guesses the tree needs for each answer, in the game's order."""
    scores = tree_scores(tree)
    return np.array([scores[t] for t in game.targets], dtype=float)


def solve_matrix_game(payoff: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """The value of the zero-sum game whose rows (the chooser) maximise and columns (the
    guesser) minimise `payoff`: (value, the rows' mixture, the columns' mixture), by linear
    programming (SciPy's HiGHS)."""
    from scipy.optimize import linprog

    rows, columns = payoff.shape
    cost = np.zeros(columns + 1)
    cost[-1] = 1.0  # minimise v subject to payoff @ q <= v, sum(q) = 1, q >= 0
    bound_rows = np.hstack([payoff, -np.ones((rows, 1))])
    total = np.hstack([np.ones((1, columns)), np.zeros((1, 1))])
    bounds = [(0, None)] * columns + [(None, None)]
    found = linprog(
        cost,
        A_ub=bound_rows,
        b_ub=np.zeros(rows),
        A_eq=total,
        b_eq=[1.0],
        bounds=bounds,
        method="highs",
    )
    if found.status != 0:
        raise ArithmeticError(f"the linear program failed: {found.message}")
    guesser = np.clip(found.x[:columns], 0, None)
    chooser = np.clip(-found.ineqlin.marginals, 0, None)
    return float(found.x[-1]), chooser / chooser.sum(), guesser / guesser.sum()


def best_response(game: Game, weights: np.ndarray, hard: bool = False) -> tuple[float, Tree]:
    """(least expected guesses, a tree achieving it) against a chooser's distribution: in
    normal mode by `WeightedSearch`; in hard mode, where every guess must keep the hints, by
    the weighted search trying every legal guess in order of its bound (exact too)."""
    if not hard:
        return WeightedSearch(game, weights).tree()
    from .weighted import WeightedTreeSearch

    search = WeightedTreeSearch(
        game, reply_matrix(game), weights, max_guesses=255, every=True, hard=True
    )
    total, tree = search.tree()
    return total / float(weights.sum()), tree


def equilibrium(
    game: Game,
    tolerance: float = TOLERANCE,
    progress: Callable[[int, float, float], None] | None = None,
    hard: bool = False,
) -> Equilibrium:
    """The game's value by column generation, from the uniform chooser's best response;
    `progress(iteration, lower, upper)` hears each round; `hard`: the guesser keeps every
    hint. Lists past MAX_ANSWERS answers are a ValueError (the exact best response would not
    finish)."""
    if len(game.targets) > MAX_ANSWERS:
        raise ValueError(
            f"the equilibrium is computed exactly for at most {MAX_ANSWERS} answers; "
            f"these lists have {len(game.targets):,}"
        )
    start = time.monotonic()
    uniform = np.full(len(game.targets), 1 / len(game.targets))
    trees = [best_response(game, uniform, hard)[1]]
    payoff = depths(game, trees[0])[:, None]
    lower, iterations, certified = 0.0, 0, uniform
    while True:
        iterations += 1
        upper, chooser, guesser = solve_matrix_game(payoff)
        response, tree = best_response(game, chooser, hard)
        if response > lower:  # the chooser that certifies the lower bound
            lower, certified = response, chooser
        if progress:
            progress(iterations, lower, upper)
        if upper - lower <= tolerance:
            break
        trees.append(tree)
        payoff = np.hstack([payoff, depths(game, tree)[:, None]])
    mixture = [(t, float(q)) for t, q in zip(trees, guesser, strict=True) if q > SLACK]
    words = {w: float(p) for w, p in zip(game.targets, certified, strict=True) if p > SLACK}
    return Equilibrium(lower, upper, words, mixture, iterations, time.monotonic() - start)
