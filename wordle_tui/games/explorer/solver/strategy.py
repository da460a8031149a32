"""A strategy named as the reports and the command line name them, resolved into a tree."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ....errors import WordleTuiError
from ....solver.games import Game
from ....solver.metrics import METRICS
from ....solver.replies import reply_code
from ....solver.tree import POLICIES, Node, Progress, Solver, Tree, build_tree, hard_mode_mask
from ....solver.trees import SHIPPED, load, shipped_for
from .navigate import PositionError, Row, descend

POSITION_METRIC = "neg_entropy"  # the greedy tree grown from rows a strategy does not play
SPEC_HELP = "optimal, optimal-hard, METRIC/POLICY (neg_entropy/norvig, ...) or tree:FILE"


class StrategyError(WordleTuiError, ValueError):
    """A strategy name that names no tree."""


@dataclass
class Strategy:
    """A resolved strategy: its name, its tree, and whether the tree keeps hard mode."""

    name: str
    tree: Tree = field(repr=False)
    hard: bool = False
    note: str = ""  # why the tree shown is not the strategy's own: its rows are not played


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


def through(strategy: Strategy, game: Game, rows: Sequence[Row]) -> Strategy:
    """`strategy` if its tree plays `rows`; else the same strategy with a tree that plays
    `rows`, then a greedy tree over the answers they leave (a player's own opening, say)."""
    if not rows:
        return strategy
    try:
        descend(strategy.tree, game, rows)
    except PositionError as error:
        tree = played_through(game, rows, strategy.hard)
        return Strategy(strategy.name, tree, strategy.hard, f"{error}")
    return strategy


def played_through(game: Game, rows: Sequence[Row], hard: bool = False) -> Tree:
    """A tree that plays `rows`, then the greedy tree over the answers they leave."""
    left, legal, sizes = np.arange(len(game.targets)), None, []
    for word, pattern in rows:
        sizes.append(len(left))
        code = reply_code(pattern)
        replies = game.rules.matrix([word], [game.targets[t] for t in left])[0]
        left = left[replies == code]
        if hard:
            keep = hard_mode_mask(game, word, code)
            legal = keep if legal is None else legal & keep
    if len(left) == 0:
        raise PositionError("no answer on these word lists fits these rows")
    if reply_code(rows[-1][1]) == game.rules.win:
        tree: Tree = rows[-1][0]
        rows, sizes = rows[:-1], sizes[:-1]
    else:
        policy = "hard" if hard else game.default_policy
        tree = build_tree(Solver(game, POSITION_METRIC, policy), left, legal=legal)
    for (word, pattern), size in zip(reversed(rows), reversed(sizes), strict=True):
        tree = Node(word, size, {reply_code(pattern): tree})
    return tree
