"""A strategy named as the reports and the command line name them, resolved into a tree."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import WordleTuiError
from ..games import Game
from ..metrics import METRICS
from ..tree import POLICIES, Progress, Solver, Tree
from ..trees import SHIPPED, load, shipped_for

SPEC_HELP = "optimal, optimal-hard, METRIC/POLICY (neg_entropy/norvig, ...) or tree:FILE"


class StrategyError(WordleTuiError, ValueError):
    """A strategy name that names no tree."""


@dataclass
class Strategy:
    """A resolved strategy: its name, its tree, and whether the tree keeps hard mode."""

    name: str
    tree: Tree = field(repr=False)
    hard: bool = False


def greedy_parts(spec: str, game: Game) -> tuple[str, str] | None:
    """The (metric, policy) of a greedy strategy name, or None if `spec` is not one.

    `METRIC/POLICY` as the reports name it, or `greedy:METRIC[/POLICY]` (the game's policy
    by default); an unknown metric or policy is a StrategyError.
    """
    text = spec.removeprefix("greedy:")
    if text == spec and "/" not in spec:
        return None
    metric, _, policy = text.partition("/")
    policy = policy or game.default_policy
    if metric not in METRICS:
        raise StrategyError(f"unknown metric {metric!r}; choose one of: {', '.join(METRICS)}")
    if policy not in POLICIES:
        raise StrategyError(
            f"unknown guess policy {policy!r}; choose one of: {', '.join(POLICIES)}"
        )
    return metric, policy


def resolve(spec: str, game: Game, progress: Progress | None = None) -> Strategy:
    """The tree a strategy plays on `game`: a shipped optimal tree, a greedy tree built now,
    or a tree file (validated against the game's lists)."""
    spec = spec.strip()
    if spec.startswith("tree:"):
        if not spec[5:]:
            raise StrategyError("tree:FILE needs a file name after 'tree:'")
        tree, meta = load(spec[5:], game)
        return Strategy(spec, tree, meta.get("mode") == "hard")
    if spec.lower() in SHIPPED:
        name = spec.lower()
        return Strategy(name, shipped_for(name, game)[0], name == "optimal-hard")
    parts = greedy_parts(spec.lower(), game)
    if parts is None:
        shown = spec if len(spec) <= 40 else spec[:40] + "…"
        raise StrategyError(f"unknown strategy {shown!r}; choose {SPEC_HELP}")
    metric, policy = parts
    tree = Solver(game, metric, policy).tree(progress)
    return Strategy(f"{metric}/{policy}", tree, policy == "hard")
