"""A chooser for the lower bound: the one whose best response needs the most guesses, climbed
to by a proximal bundle ascent whose every step the weighted proof answers.

The guesser's best response to a chooser `c`, `best(c)`, is the least of `c . a` over every
tree's guesses per answer `a`: a concave function of `c`, and any chooser certifies
`best(c)` once it is proven. The climb keeps the trees found so far (its *cuts*) and a centre:

- **The model.** `min over cuts of c . a` is at least `best(c)` everywhere and equals it where
  a cut is the best response. Its highest point within a box around the centre (each chance
  moving at most `radius / n`) is one linear program (`master`).
- **The oracle.** The point found is first answered by the best single tree of the guesser's
  graph (`SetGraph.best_tree`, a cut at once), then by the weighted proof (`WeightedProof`)
  with the model's value there as its threshold: it finds the best tree below it (a new cut,
  and the point certifies its value), or proves there is none (the model is exact there, and
  the point certifies that value); past a quarter of its time, a tree below the threshold
  will do (a cut, no certificate).
- **Steps.** The centre moves to the point when the model's value there, with the new cut,
  gained at least `KAPPA` of what it promised, or when the point's proven value is at least
  the model's at the centre, and the box grows; otherwise the box shrinks.

The uniform chooser is the start and the shipped optimal tree the first cut. A plain search
of the point's best response (the rounds' top-k search) was tried as the oracle first: its
trees were so much worse than the proof's (3.49 where the proof found 3.43) that the climb
went where that search is weak, not where the guesser is.
"""

from __future__ import annotations

import base64
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy.optimize import linprog

from ..games import Game
from ..search.shared import SearchInterrupted
from ..tree import Tree, tree_scores
from .behaviour import ROOT, SetGraph
from .proof import Verdict, WeightedProof

KAPPA = 0.3  # of the promised gain a step must make to move the centre
GROW, SHRINK = 1.5, 0.5  # the box after a step that moved the centre, and after one that did not
RADIUS, LEAST, MOST = 1.0, 0.02, 50.0  # the box's first, least and largest radius (times 1/n)
PATIENCE = 60.0  # seconds the proof may take to answer one point
HURRY = 0.25  # of them, after which the best tree it found below the threshold will do


@dataclass
class Climb:
    """The climb so far: its centre, the trees found (as guesses per answer) and its box."""

    centre: np.ndarray  # a chance per answer
    cuts: np.ndarray  # one row per tree: the guesses it needs for each answer
    radius: float = RADIUS
    steps: int = 0
    seconds: float = 0.0

    @classmethod
    def start(cls, graph: SetGraph) -> Climb:
        """A climb from the uniform chooser, the graph's best tree against it its first cut."""
        uniform = np.full(len(graph.game.targets), 1 / len(graph.game.targets))
        return cls(uniform, graph_cut(graph, uniform)[None, :])

    def value(self, chooser: np.ndarray) -> float:
        """The model: the least expected guesses of the trees found against `chooser` (at
        least its best response's)."""
        return float((self.cuts @ chooser).min())

    def add(self, tree: Tree, game: Game) -> None:
        """A tree found, as a cut."""
        self.cuts = np.vstack([self.cuts, guesses_of(tree, game)[None, :]])

    def step(
        self, graph: SetGraph, stop: Callable[[], bool], patience: float = PATIENCE
    ) -> tuple[np.ndarray, Verdict | None]:
        """One step (see the module): the point tried and what the proof said of it (None if
        it ran out of `patience` or `stop` came first)."""
        began = time.monotonic()
        game, matrix, hard = graph.game, graph.matrix, graph.hard
        point, promised = master(self.cuts, self.centre, self.radius)
        self.cuts = np.vstack([self.cuts, graph_cut(graph, point)[None, :]])
        threshold = self.value(point)
        give_up, hurry = began + patience, began + HURRY * patience

        def cancel() -> bool:
            return stop() or time.monotonic() > give_up

        def hurried() -> bool:
            return time.monotonic() > hurry

        proof = WeightedProof(game, matrix, point, hard, cancel, hurry=hurried)
        try:
            verdict: Verdict | None = proof.below(threshold)
        except SearchInterrupted:
            verdict = None
        if verdict is not None and verdict.tree is not None:
            self.add(verdict.tree, game)
        here = self.value(self.centre)
        gained = verdict is not None and self.value(point) - here >= KAPPA * (promised - here)
        if gained or verdict is not None and verdict.best and verdict.value >= here:
            self.centre, self.radius = point, min(MOST, self.radius * GROW)
        else:
            self.radius = max(LEAST, self.radius * SHRINK)
        self.steps += 1
        self.seconds += time.monotonic() - began
        return point, verdict

    def to_data(self) -> dict[str, object]:
        """As JSON data (the cuts as base64 bytes, a row each)."""
        return {
            "centre": self.centre.tolist(),
            "cuts": [base64.b64encode(row.tobytes()).decode() for row in self.cuts],
            "radius": self.radius,
            "steps": self.steps,
            "seconds": self.seconds,
        }

    @classmethod
    def from_data(cls, data: object, game: Game) -> Climb | None:
        """The climb saved, or None (none, or damaged: a climb starts afresh then)."""
        n = len(game.targets)
        if not isinstance(data, dict):
            return None
        try:
            centre = np.array([float(p) for p in data["centre"]])
            rows = [np.frombuffer(base64.b64decode(row), dtype=np.uint8) for row in data["cuts"]]
            climb = cls(
                centre,
                np.array(rows, dtype=np.uint8),
                float(data["radius"]),
                int(data["steps"]),
                float(data["seconds"]),
            )
        except (KeyError, TypeError, ValueError):
            return None
        fits = len(centre) == n and bool(np.all(centre >= 0)) and rows != []
        fits = fits and all(len(row) == n and bool(np.all(row >= 1)) for row in rows)
        fits = fits and LEAST <= climb.radius <= MOST
        return climb if fits and math.isclose(float(centre.sum()), 1.0) else None


def guesses_of(tree: Tree, game: Game) -> np.ndarray:
    """The guesses `tree` needs for each answer, in the game's order."""
    scores = tree_scores(tree)
    return np.array([scores[word] for word in game.targets], dtype=np.uint8)


def graph_cut(graph: SetGraph, weights: np.ndarray) -> np.ndarray:
    """The guesses for each answer of the graph's best single tree against `weights`."""
    _, edges = graph.best_tree(weights)
    guesses = np.zeros(len(graph.game.targets), dtype=np.uint8)
    depth = {ROOT: 1}
    for s, g in edges:  # each set before the sets below it
        guesses[graph.members[s]] = depth[s]  # found here or below
        for kid in graph.edges[s, g]:
            depth[kid] = depth[s] + 1
    return guesses


def master(cuts: np.ndarray, centre: np.ndarray, radius: float) -> tuple[np.ndarray, float]:
    """The chooser within `radius / n` of `centre` (each chance) where the least of the cuts
    is highest, and that height (a linear program: HiGHS by SciPy)."""
    n = len(centre)
    rows = np.hstack([-cuts.astype(float), np.ones((len(cuts), 1))])  # z - c . a <= 0
    box = [(max(0.0, p - radius / n), p + radius / n) for p in centre.tolist()]
    found = linprog(
        np.r_[np.zeros(n), -1.0],
        A_ub=rows,
        b_ub=np.zeros(len(cuts)),
        A_eq=np.r_[np.ones(n), 0.0][None, :],
        b_eq=[1.0],
        bounds=[*box, (0.0, float(cuts.max()))],
        method="highs",
    )
    if found.status != 0:  # the centre itself is always feasible
        return centre, float((cuts @ centre).min())
    point = np.maximum(found.x[:n], 0.0)
    return point / point.sum(), float(-found.fun)
