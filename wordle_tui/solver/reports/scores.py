"""Scoring strategies over every target: summaries, histograms, and first-guess tables.

The summary and result types live in `model`, the exports in `export`; both are
importable from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeGuard

import numpy as np

from ..cache import cache_path, read_json, write_json
from ..choices import GameName
from ..games import Game
from ..learned import WEIGHTS_TAG
from ..matrix import matrix_key, reply_matrix
from ..metrics import METRICS, group_stats
from ..tree import Node, Progress, Solver, Tree, tree_scores
from ..trees import has_shipped
from .export import (
    comparison_rows,
    export_comparison,
    export_result,
    percent_text,
)
from .model import (
    CUMULATIVE,
    REPORT_METRICS,
    REPORT_POLICIES,
    TREE_STRATEGIES,
    StrategyResult,
    Summary,
    summarize,
)

if TYPE_CHECKING:
    from ..play import Step

__all__ = [
    "CUMULATIVE",
    "REPORT_METRICS",
    "REPORT_POLICIES",
    "STRATEGY_METRICS",
    "TREE_STRATEGIES",
    "RankedGuess",
    "StrategyResult",
    "StrategySpec",
    "Summary",
    "cached_spec",
    "comparison_rows",
    "export_comparison",
    "export_result",
    "first_guess_table",
    "hardest",
    "parse_strategy",
    "percent_text",
    "random_scores",
    "ranked",
    "replay",
    "run_spec",
    "run_strategy",
    "run_tree",
    "tree_policy",
    "strategies_for",
    "summarize",
    "whole_tree",
]

STRATEGY_METRICS = (*METRICS, "random")


def random_scores(game: Game, seed: int = 0) -> dict[str, int]:
    """Scores of the random consistent guesser, one seeded game per target.

    Each game's randomness comes from `seed` and the target word, and the guesser draws from the
    words left in alphabetical order, so the order of the word list changes no score.
    """
    matrix, alphabetical = reply_matrix(game), _alphabetical(game)
    return {
        target: len(_random_game(game, matrix, alphabetical, seed, position))
        for position, target in enumerate(game.targets)
    }


def _alphabetical(game: Game) -> np.ndarray:
    """Target positions in alphabetical order of their words."""
    return np.argsort(np.array(game.targets), kind="stable")


def _random_game(
    game: Game, matrix: np.ndarray, alphabetical: np.ndarray, seed: int, position: int
) -> list[tuple[int, int, int]]:
    """The random guesser's (guess number, reply, targets left) steps for one target."""
    ids = game.target_ids
    rng = np.random.default_rng([seed, *map(ord, game.targets[position])])
    left = alphabetical
    steps = []
    while True:
        pick = left[rng.integers(len(left))]
        reply = int(matrix[ids[pick], position])
        left = left[matrix[ids[pick], left] == reply]
        steps.append((int(ids[pick]), reply, len(left)))
        if pick == position:
            return steps


def run_strategy(
    game: Game,
    metric: str,
    policy: str,
    seed: int = 0,
    progress: Progress | None = None,
    ties: str = "alpha",
) -> StrategyResult:
    """Play every target with a strategy (a greedy tree, or the random guesser)."""
    if metric == "random":
        scores = random_scores(game, seed)
        return StrategyResult(game.name, metric, "consistent", None, scores, summarize(scores))
    tree = Solver(game, metric, policy, ties).tree(progress)
    scores = tree_scores(tree)
    first = tree if isinstance(tree, str) else tree.guess
    return StrategyResult(game.name, metric, policy, first, scores, summarize(scores), tree, ties)


@dataclass(frozen=True)
class RankedGuess:
    """One guess's partition of all targets, as the first-guess tables show it."""

    word: str
    max: int
    expectation: float
    neg_entropy: float
    partitions: int
    learned: float  # guesses still needed after this one, estimated (`learned.py`)


def first_guess_table(game: Game, pool: str = "targets") -> list[RankedGuess]:
    """Every first guess from `pool` ("targets" or "all") with its partition metrics."""
    if pool not in ("targets", "all"):
        raise ValueError("pool must be 'targets' or 'all'")
    matrix = reply_matrix(game)
    ids = game.target_ids if pool == "targets" else np.arange(len(game.guesses))
    stats = group_stats(matrix[ids], game.rules.n_replies)
    expectation = stats.value("expectation")
    neg_entropy = stats.value("neg_entropy")
    learned = stats.value("learned", game.is_target[ids])
    return [
        RankedGuess(
            game.guesses[g],
            int(stats.largest[k]),
            float(expectation[k]),
            float(neg_entropy[k]),
            int(stats.groups[k]),
            float(learned[k]),
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
        "learned": lambda r: (r.learned, r.word),
    }
    if metric not in keys:
        raise ValueError(f"unknown metric {metric!r}; choose one of: {', '.join(keys)}")
    return sorted(table, key=keys[metric])


def run_tree(game: Game, strategy: str, progress: Progress | None = None) -> StrategyResult:
    """Score a tree strategy: one of the game's own (`Game.own_trees`, built or searched
    now), a shipped optimal tree, or `tree:FILE` (validated)."""
    from ..trees import load

    if strategy.startswith("tree:"):
        tree, meta = load(strategy[5:], game)
        policy = tree_policy("optimal-hard" if meta.get("mode") == "hard" else "optimal", game)
    else:
        tree = whole_tree(game, strategy, progress)
        policy = tree_policy(strategy, game)
    scores = tree_scores(tree)
    first = tree if isinstance(tree, str) else tree.guess
    return StrategyResult(game.name, strategy, policy, first, scores, summarize(scores), tree)


def whole_tree(game: Game, strategy: str, progress: Progress | None = None) -> Tree:
    """The tree of a strategy named in `TREE_STRATEGIES`: the game's own, else a shipped one
    (TreeError unless it fits the game's lists)."""
    from ..trees import shipped_for

    if strategy in game.own_trees:
        tree = game.own_trees[strategy](game, progress)
        if not isinstance(tree, Node | str):  # `Game.own_trees` cannot name `tree.Tree`
            raise TypeError(f"the {strategy} tree builder returned {type(tree).__name__}")
        return tree
    return shipped_for(strategy, game)[0]


# The catalogue of strategies, and cached results.

RESULTS_VERSION = 6  # 2: the file holds its key; 3: random games independent of list order;
# 4: keyed by the word-list set's fingerprint (the lists' order changes no alpha-ties result);
# 5: alpha ties go by groups, expected and largest group under hard, inconsistent and all;
# 6: ... under every policy (the notebooks' plain alphabetical rule is `a-z`)


@dataclass(frozen=True)
class StrategySpec:
    """One strategy a report can run: a metric under a policy, the random guesser, or a tree."""

    metric: str
    policy: str
    ties: str = "alpha"
    found: bool = field(default=False, compare=False)  # a tree the best found, not proven

    @property
    def name(self) -> str:
        """The strategy's name: 'random', a tree's (`TREE_STRATEGIES`) or 'metric/policy'.

        A tree breaking ties in list order has '/list-ties' added, one taking the alphabetically
        first '/a-z-ties'.
        """
        if self.metric == "random":
            return "random"
        if self.metric in TREE_STRATEGIES:
            return self.metric
        suffix = f"/{self.ties}-ties" if self.ties != "alpha" else ""
        return f"{self.metric}/{self.policy}{suffix}"

    @property
    def label(self) -> str:
        """The strategy in words, for tables."""
        labels = {
            "random": "random consistent guesser",
            "optimal": "searched optimal tree",
            "optimal-hard": "searched optimal tree, hard mode",
            "knuth": "Knuth's minimax",
        }
        if self.found:
            return "searched tree, the best found"
        suffix = {"list": ", ties in list order", "a-z": ", ties a-z"}.get(self.ties, "")
        return labels.get(self.name, f"minimise {self.metric}, {self.policy} guesses{suffix}")


def tree_policy(name: str, game: Game) -> str:
    """The guesses a searched tree plays: hard mode's, Antiwordle's consistent ones, or any."""
    if name == "optimal-hard":
        return "hard"
    return "consistent" if game.name == GameName.ANTIWORDLE else "all"


def strategies_for(game: Game) -> list[StrategySpec]:
    """Every strategy a report offers for this game (the searched trees shipped for its lists:
    Wordle's optimal trees, the best trees found for Jotto and Antiwordle)."""
    specs = [StrategySpec("random", "consistent")]
    specs += [StrategySpec(m, p) for m in REPORT_METRICS for p in REPORT_POLICIES]
    for name in TREE_STRATEGIES:
        if name in game.own_trees:
            specs.append(StrategySpec(name, tree_policy(name, game)))
        elif has_shipped(name, game):
            found = game.name != GameName.WORDLE  # Jotto's and Antiwordle's are not proven optimal
            specs.append(StrategySpec(name, tree_policy(name, game), found=found))
    return specs


def parse_strategy(name: str, game: Game) -> StrategySpec:
    """A strategy from its name: 'random', a tree's (`TREE_STRATEGIES`) or 'metric/policy'."""
    for spec in strategies_for(game):
        if spec.name == name:
            return spec
    raise ValueError(f"unknown strategy {name!r}")


def run_spec(
    game: Game, spec: StrategySpec, seed: int = 0, progress: Progress | None = None
) -> StrategyResult:
    """Run one strategy over every target (no caching)."""
    if spec.metric in TREE_STRATEGIES:
        return run_tree(game, spec.metric, progress)
    return run_strategy(game, spec.metric, spec.policy, seed, progress, spec.ties)


def cached_spec(
    game: Game, spec: StrategySpec, seed: int = 0, progress: Progress | None = None
) -> StrategyResult:
    """A strategy's per-target scores from the disk cache (keyed by the word lists, the
    strategy and the seed), or computed and stored. A damaged or wrong cache file is ignored
    and replaced."""
    found = cached_result(game, spec, seed)
    if found is not None:
        return found
    key = result_key(game, spec, seed)
    result = run_spec(game, spec, seed, progress)
    data = {"key": key, "policy": result.policy, "first_guess": result.first_guess}
    write_json(cache_path(f"{key}.json"), {**data, "scores": result.scores})
    return result


def cached_result(game: Game, spec: StrategySpec, seed: int = 0) -> StrategyResult | None:
    """A strategy's result if the disk cache holds a sound one, else None (nothing is run)."""
    key = result_key(game, spec, seed)
    try:
        data = read_json(cache_path(f"{key}.json"))
    except OSError:  # an unusable cache folder: nothing is cached
        return None
    if not _sound_result(data, key, game):
        return None
    scores = data["scores"]
    first, summary = data["first_guess"], summarize(scores)
    return StrategyResult(
        game.name, spec.metric, data["policy"], first, scores, summary, ties=spec.ties
    )


def result_key(game: Game, spec: StrategySpec, seed: int) -> str:
    """What a cached result is for: format, game, word-list set, strategy and seed.

    The set is named by its fingerprint, which ignores the lists' order, as every result
    does, except a tree breaking ties in list order: that one is keyed by the lists as given.
    """
    name = spec.name.replace("/", "-")
    if (
        spec.metric in TREE_STRATEGIES
        and has_shipped(spec.metric, game)
        and game.name != GameName.WORDLE
    ):
        name += f"-{record_total(game)}"  # a better tree shipped later is scored afresh
    if spec.metric == "learned":
        name += f"-{WEIGHTS_TAG}"  # refitted weights are scored afresh
    lists = matrix_key(game) if spec.ties == "list" else f"{game.name}-{game.fingerprint}"
    return f"result-v{RESULTS_VERSION}-{lists}-{name}-{seed}"


def record_total(game: Game) -> int:
    """The total of the best tree shipped for this game (Jotto, Antiwordle): its own depths."""
    from ..tree import tree_scores
    from ..trees import shipped_for

    return sum(tree_scores(shipped_for("optimal", game)[0]).values())


def _sound_result(data: object, key: str, game: Game) -> TypeGuard[dict[str, Any]]:
    """Whether cached data is a result for this key: a policy, a first guess, and a score
    of 1 or more guesses for exactly the game's targets."""
    if not isinstance(data, dict) or data.get("key") != key:
        return False
    first, scores = data.get("first_guess"), data.get("scores")
    if not isinstance(data.get("policy"), str) or not isinstance(scores, dict):
        return False
    if first is not None and (not isinstance(first, str) or first not in game.index):
        return False
    if len(scores) != len(game.targets) or not all(t in scores for t in game.targets):
        return False
    return all(type(v) is int and v >= 1 for v in scores.values())


def hardest(result: StrategyResult, count: int = 20) -> list[tuple[str, int]]:
    """The targets needing the most guesses, hardest first (ties alphabetically)."""
    return sorted(result.scores.items(), key=lambda item: (-item[1], item[0]))[:count]


def replay(
    game: Game, spec: StrategySpec, target: str, seed: int = 0, opener: str | None = None
) -> list[Step]:
    """The game a strategy plays for one target, as Steps; with `opener`, its first guess is
    that word (an allowed guess) and the strategy plays on from there. A tree has its own
    first guess: another opener is a ValueError."""
    from ..play import (
        GreedyGuesser,
        Guesser,
        HonestReplier,
        OpenerGuesser,
        RandomGuesser,
        TreeGuesser,
        play,
    )
    from ..tree import Solver

    if opener is not None and opener not in game.index:
        raise ValueError(f"{opener.upper()} is not an allowed guess")
    if spec.metric in TREE_STRATEGIES:
        tree = whole_tree(game, spec.metric)
        first = tree if isinstance(tree, str) else tree.guess
        if opener not in (None, first):
            raise ValueError(
                f"the {spec.metric} tree opens with {first.upper()}, not "
                f"{opener.upper()}; leave the opener out for a tree"
            )
        guesser: Guesser = TreeGuesser(tree, game)
    elif spec.metric == "random":
        if opener is None:
            return _random_replay(game, seed, game.targets.index(target))
        guesser = RandomGuesser(game, seed)
    else:
        guesser = GreedyGuesser(Solver(game, spec.metric, spec.policy, spec.ties))
    if opener is not None:
        guesser = OpenerGuesser(opener, guesser)
    return play(game, guesser, HonestReplier(game, target))


def _random_replay(game: Game, seed: int, position: int) -> list[Step]:
    """The random guesser's game for one target, exactly as `random_scores` plays it."""
    from ..play import Step

    steps = _random_game(game, reply_matrix(game), _alphabetical(game), seed, position)
    return [Step(game.guesses[guess], reply, left) for guess, reply, left in steps]
