"""Scoring strategies over every target: summaries, histograms, and first-guess tables."""

from __future__ import annotations

import statistics
from dataclasses import asdict, dataclass

import numpy as np

from .games import Game
from .matrix import reply_matrix
from .metrics import METRICS, group_stats
from .tree import Progress, Solver, Tree, tree_scores

STRATEGY_METRICS = (*METRICS, "random")
CUMULATIVE = range(2, 11)


@dataclass(frozen=True)
class Summary:
    """How a strategy scored over a set of targets."""

    targets: int
    mean: float
    median: float
    stdev: float
    worst: int
    best: int
    histogram: dict[int, int]  # number of guesses -> number of targets
    cumulative: dict[int, float]  # g -> percent of targets found in g guesses or fewer

    def as_dict(self) -> dict:
        """Plain data for JSON."""
        return asdict(self)


def summarize(scores: dict[str, int] | list[int]) -> Summary:
    """Median, mean, spread, extremes, histogram and cumulative percentages of some scores."""
    values = list(scores.values()) if isinstance(scores, dict) else list(scores)
    if not values:
        raise ValueError("no scores to summarise")
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    n = len(values)
    cumulative = {g: 100 * sum(c for k, c in counts.items() if k <= g) / n for g in CUMULATIVE}
    return Summary(
        targets=n,
        mean=statistics.fmean(values),
        median=float(statistics.median(values)),
        stdev=statistics.stdev(values) if n > 1 else 0.0,
        worst=max(values),
        best=min(values),
        histogram=dict(sorted(counts.items())),
        cumulative=cumulative,
    )


def random_scores(game: Game, seed: int = 0) -> dict[str, int]:
    """Scores of the random consistent guesser (each game seeded from `seed` and the target)."""
    matrix = reply_matrix(game)
    ids = game.target_ids
    scores: dict[str, int] = {}
    for position, target in enumerate(game.targets):
        rng = np.random.default_rng([seed, position])
        left = np.arange(len(game.targets))
        for turn in range(1, len(game.targets) + 1):
            pick = left[rng.integers(len(left))]
            if pick == position:
                scores[target] = turn
                break
            codes = matrix[ids[pick], left]
            left = left[codes == matrix[ids[pick], position]]
    return scores


@dataclass
class StrategyResult:
    """A strategy's per-target scores, its summary, and its tree when it has one."""

    game: str
    metric: str
    policy: str
    first_guess: str | None
    scores: dict[str, int]
    summary: Summary
    tree: Tree | None = None

    def as_dict(self) -> dict:
        """Plain data for JSON (the tree is left out)."""
        return {
            "game": self.game,
            "metric": self.metric,
            "guesses": self.policy,
            "first_guess": self.first_guess,
            **self.summary.as_dict(),
        }


def run_strategy(
    game: Game,
    metric: str,
    policy: str,
    seed: int = 0,
    progress: Progress | None = None,
) -> StrategyResult:
    """Play every target with a strategy (a greedy tree, or the random guesser)."""
    if metric == "random":
        scores = random_scores(game, seed)
        return StrategyResult(game.name, metric, "consistent", None, scores, summarize(scores))
    tree = Solver(game, metric, policy).tree(progress)
    scores = tree_scores(tree)
    first = tree if isinstance(tree, str) else tree.guess
    return StrategyResult(game.name, metric, policy, first, scores, summarize(scores), tree)


@dataclass(frozen=True)
class RankedGuess:
    """One guess's partition of all targets, as the first-guess tables show it."""

    word: str
    max: int
    expectation: float
    neg_entropy: float
    partitions: int


def first_guess_table(game: Game, pool: str = "targets") -> list[RankedGuess]:
    """Every first guess from `pool` ("targets" or "all") with its partition metrics."""
    if pool not in ("targets", "all"):
        raise ValueError("pool must be 'targets' or 'all'")
    matrix = reply_matrix(game)
    ids = game.target_ids if pool == "targets" else np.arange(len(game.guesses))
    stats = group_stats(matrix[ids], game.rules.n_replies)
    expectation = stats.value("expectation")
    neg_entropy = stats.value("neg_entropy")
    return [
        RankedGuess(
            game.guesses[g],
            int(stats.largest[k]),
            float(expectation[k]),
            float(neg_entropy[k]),
            int(stats.groups[k]),
        )
        for k, g in enumerate(ids)
    ]


def ranked(table: list[RankedGuess], metric: str) -> list[RankedGuess]:
    """The table sorted best-first by a metric, ties alphabetically."""
    keys = {
        "max": lambda r: (r.max, r.word),
        "expectation": lambda r: (r.expectation, r.word),
        "neg_entropy": lambda r: (r.neg_entropy, r.word),
        "entropy": lambda r: (-r.neg_entropy, r.word),
        "partitions": lambda r: (-r.partitions, r.word),
    }
    if metric not in keys:
        raise ValueError(f"unknown metric {metric!r}; choose one of: {', '.join(keys)}")
    return sorted(table, key=keys[metric])


TREE_STRATEGIES = ("optimal", "optimal-hard")


def run_tree(game: Game, strategy: str) -> StrategyResult:
    """Score a tree strategy: a shipped optimal tree, or `tree:FILE` (validated)."""
    from .trees import load, shipped

    if strategy.startswith("tree:"):
        tree, meta = load(strategy[5:], game)
        policy = "hard" if meta.get("mode") == "hard" else "all"
    else:
        tree, meta = shipped(strategy)
        if len(game.targets) != meta.get("targets") or game.guesses[:1] != ("aahed",):
            from .trees import TreeError

            raise TreeError(f"the {strategy} tree is for the default word lists")
        policy = "hard" if strategy == "optimal-hard" else "all"
    scores = tree_scores(tree)
    first = tree if isinstance(tree, str) else tree.guess
    return StrategyResult(game.name, strategy, policy, first, scores, summarize(scores), tree)
