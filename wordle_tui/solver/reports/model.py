"""What reports are made of: the strategy names, a summary of scores, a strategy's result."""

from __future__ import annotations

import statistics
from dataclasses import asdict, dataclass

from ..tree import Tree

# Strategies that are a whole tree rather than a metric: Wordle's shipped searched trees, or
# a game's own (`Game.own_trees`: Mastermind's optimal and knuth).
TREE_STRATEGIES = ("optimal", "optimal-hard", "knuth")
REPORT_METRICS = ("max", "expectation", "neg_entropy", "entropy", "partitions", "learned")
REPORT_POLICIES = ("consistent", "hard", "norvig", "all")
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

    def as_dict(self) -> dict[str, object]:
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
    ties: str = "alpha"  # how the tree broke ties: "alpha" or "list" (see tree.py)

    def as_dict(self) -> dict[str, object]:
        """Plain data for JSON (the tree is left out)."""
        return {
            "game": self.game,
            "metric": self.metric,
            "guesses": self.policy,
            "ties": self.ties,
            "first_guess": self.first_guess,
            **self.summary.as_dict(),
        }
