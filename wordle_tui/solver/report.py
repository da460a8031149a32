"""Scoring strategies over every target: summaries, histograms, and first-guess tables."""

from __future__ import annotations

import contextlib
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


# The catalogue of strategies, cached results, and exports.

REPORT_METRICS = ("max", "expectation", "neg_entropy", "entropy", "partitions")
REPORT_POLICIES = ("consistent", "hard", "norvig", "all")
RESULTS_VERSION = 1


@dataclass(frozen=True)
class StrategySpec:
    """One strategy a report can run: a metric under a policy, the random guesser, or a tree."""

    metric: str
    policy: str

    @property
    def name(self) -> str:
        if self.metric == "random":
            return "random"
        if self.metric in TREE_STRATEGIES:
            return self.metric
        return f"{self.metric}/{self.policy}"

    @property
    def label(self) -> str:
        labels = {
            "random": "random consistent guesser",
            "optimal": "searched optimal tree",
            "optimal-hard": "searched optimal tree, hard mode",
        }
        return labels.get(self.name, f"minimise {self.metric}, {self.policy} guesses")


def strategies_for(game: Game) -> list[StrategySpec]:
    """Every strategy a report offers for this game."""
    specs = [StrategySpec("random", "consistent")]
    specs += [StrategySpec(m, p) for m in REPORT_METRICS for p in REPORT_POLICIES]
    if game.name == "wordle" and _default_lists(game):
        specs += [StrategySpec("optimal", "all"), StrategySpec("optimal-hard", "hard")]
    return specs


def parse_strategy(name: str, game: Game) -> StrategySpec:
    """A strategy from its name: 'random', 'optimal', 'optimal-hard' or 'metric/policy'."""
    for spec in strategies_for(game):
        if spec.name == name:
            return spec
    raise ValueError(f"unknown strategy {name!r}")


def _default_lists(game: Game) -> bool:
    from .words import ANSWERS, GUESSES, bundled_words

    return game.targets == bundled_words(ANSWERS) and len(game.guesses) == len(
        bundled_words(GUESSES)
    )


def run_spec(
    game: Game, spec: StrategySpec, seed: int = 0, progress: Progress | None = None
) -> StrategyResult:
    """Run one strategy over every target (no caching)."""
    if spec.metric in TREE_STRATEGIES:
        return run_tree(game, spec.metric)
    return run_strategy(game, spec.metric, spec.policy, seed=seed, progress=progress)


def cached_spec(
    game: Game, spec: StrategySpec, seed: int = 0, progress: Progress | None = None
) -> StrategyResult:
    """A strategy's per-target scores from the disk cache (keyed by the word lists, the
    strategy and the seed), or computed and stored. A damaged cache file is ignored."""
    import json

    from ..paths import cache_dir
    from .matrix import matrix_key

    path = None
    try:
        name = spec.name.replace("/", "-")
        path = cache_dir() / f"result-v{RESULTS_VERSION}-{matrix_key(game)}-{name}-{seed}.json"
        data = json.loads(path.read_text())
        scores = {w: int(s) for w, s in data["scores"].items()}
        if set(scores) == set(game.targets):
            return StrategyResult(
                game.name,
                spec.metric,
                data["policy"],
                data["first_guess"],
                scores,
                summarize(scores),
            )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    result = run_spec(game, spec, seed, progress)
    if path is not None:
        data = {"policy": result.policy, "first_guess": result.first_guess, "scores": result.scores}
        with contextlib.suppress(OSError):
            path.write_text(json.dumps(data))
    return result


def hardest(result: StrategyResult, count: int = 20) -> list[tuple[str, int]]:
    """The targets needing the most guesses, hardest first (ties alphabetically)."""
    return sorted(result.scores.items(), key=lambda item: (-item[1], item[0]))[:count]


def replay(game: Game, spec: StrategySpec, target: str, seed: int = 0) -> list:
    """The game a strategy plays for one target, as Steps."""
    from .play import GreedyGuesser, HonestReplier, TreeGuesser, play
    from .tree import Solver
    from .trees import shipped

    if spec.metric in TREE_STRATEGIES:
        guesser = TreeGuesser(shipped(spec.metric)[0], game)
    elif spec.metric == "random":
        position = game.targets.index(target)
        return _random_replay(game, seed, position)
    else:
        guesser = GreedyGuesser(Solver(game, spec.metric, spec.policy))
    return play(game, guesser, HonestReplier(game, target))


def _random_replay(game: Game, seed: int, position: int) -> list:
    """The random guesser's game for one target, exactly as `random_scores` plays it."""
    from .play import Step

    matrix = reply_matrix(game)
    ids = game.target_ids
    rng = np.random.default_rng([seed, position])
    left = np.arange(len(game.targets))
    steps = []
    while True:
        pick = left[rng.integers(len(left))]
        reply = int(matrix[ids[pick], position])
        left = left[matrix[ids[pick], left] == reply]
        steps.append(Step(game.guesses[ids[pick]], reply, len(left)))
        if pick == position:
            return steps


# Exports


def percent_text(value: float) -> str:
    return f"{value:.{1 if 99 < value < 100 else 0}f}%"


def export_result(result: StrategyResult, fmt: str) -> str:
    """One strategy's report as text, markdown, csv or json."""
    import csv
    import io
    import json

    s = result.summary
    if fmt == "json":
        return json.dumps(result.as_dict(), indent=2)
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            [
                "game",
                "metric",
                "guesses",
                "first_guess",
                "targets",
                "mean",
                "median",
                "stdev",
                "worst",
                "best",
            ]
        )
        writer.writerow(
            [
                result.game,
                result.metric,
                result.policy,
                result.first_guess or "",
                s.targets,
                f"{s.mean:.4f}",
                s.median,
                f"{s.stdev:.4f}",
                s.worst,
                s.best,
            ]
        )
        writer.writerow([])
        writer.writerow(["guesses", "targets"])
        for k, v in s.histogram.items():
            writer.writerow([k, v])
        return out.getvalue()
    header = (
        f"{result.game}: {result.metric}/{result.policy} over {s.targets:,} targets; "
        f"first guess {(result.first_guess or '-').upper()}"
    )
    line = (
        f"median {s.median:.0f}, mean {s.mean:.2f} ± {s.stdev:.2f}, worst {s.worst}, best {s.best}"
    )
    cumulative = ", ".join(f"≤{g}:{percent_text(p)}" for g, p in s.cumulative.items())
    if fmt == "markdown":
        rows = ["| guesses | targets | share |", "|---|---|---|"]
        rows += [f"| {k} | {v:,} | {100 * v / s.targets:.1f}% |" for k, v in s.histogram.items()]
        return "\n".join([f"**{header}**", "", line, "", f"cumulative: {cumulative}", "", *rows])
    if fmt == "text":
        top = max(s.histogram.values())
        bars = [f"{k:>2} {'█' * max(1, round(40 * v / top))} {v:,}" for k, v in s.histogram.items()]
        return "\n".join([header, line, f"cumulative: {cumulative}", *bars])
    raise ValueError(f"unknown format {fmt!r}; choose text, markdown, csv or json")


def comparison_rows(results: dict[str, StrategyResult]) -> list[list[str]]:
    """The seeds' summary table: a row per metric, a column per policy, 'mean (worst)'."""
    rows = []
    for metric in (*REPORT_METRICS, "random", *TREE_STRATEGIES):
        cells = []
        for policy in REPORT_POLICIES:
            name = (
                "random"
                if metric == "random"
                else (metric if metric in TREE_STRATEGIES else f"{metric}/{policy}")
            )
            found = results.get(name)
            fits = found is not None and (
                metric not in TREE_STRATEGIES and metric != "random" or found.policy == policy
            )
            cells.append(f"{found.summary.mean:.2f} ({found.summary.worst})" if fits else "")
        if any(cells):
            rows.append([metric, *cells])
    return rows


def export_comparison(game: Game, results: dict[str, StrategyResult], fmt: str) -> str:
    """The whole comparison table as text, markdown, csv or json."""
    import csv
    import io
    import json

    heads = ["strategy", *REPORT_POLICIES]
    rows = comparison_rows(results)
    if fmt == "json":
        return json.dumps(
            {
                "game": game.name,
                "targets": len(game.targets),
                "strategies": {name: r.as_dict() for name, r in results.items()},
            },
            indent=2,
        )
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(heads)
        writer.writerows(rows)
        return out.getvalue()
    if fmt == "markdown":
        lines = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    if fmt == "text":
        widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads))]
        lines = [
            "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in [heads, *rows]
        ]
        return "\n".join(lines)
    raise ValueError(f"unknown format {fmt!r}; choose text, markdown, csv or json")
