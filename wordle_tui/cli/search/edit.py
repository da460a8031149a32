"""`wordle-tui solve --edit STRATEGY`: a tree improved node by node within a time limit."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...solver.choices import GameName, Mode
from ..common import emit_json, fail, out, progress

if TYPE_CHECKING:
    from ...solver.games import Game
    from ...solver.search.edit import EditResult
    from ...solver.tree import Tree

GREEDY_HELP = "optimal, optimal-hard, tree:FILE or METRIC/POLICY (neg_entropy/all)"


def edited(
    game: Game, mode: Mode, strategy: str, seconds: float, out_file: Path | None, as_json: bool
) -> None:
    """Edit the strategy's tree for `seconds`, check it, save it (--out), and report."""
    from ...solver.search.edit import edit_tree
    from ...solver.trees import validate

    if game.name == GameName.ANTIWORDLE:
        fail("--edit improves trees of guesses in total: wordle or the jottos, not antiwordle")
    tree = strategy_tree(game, strategy, mode)
    limit = 6 if game.name == GameName.WORDLE else 255  # the Jottos have no guess limit
    with progress(f"editing {strategy} ({seconds:g} s)") as bar:
        result = edit_tree(
            game,
            tree,
            seconds,
            mode.hard,
            limit,
            lambda s, _total: bar(int(min(s, seconds)), int(seconds)),
        )
    problems = validate(result.tree, game, mode.hard, max(limit, result.worst))
    if problems:  # pragma: no cover - an editing bug, reported rather than hidden
        fail("editing built a broken tree: " + "; ".join(problems[:3]))
    if out_file is not None:
        from ...solver.trees import save

        meta = {"total": result.total, "worst": result.worst, "targets": len(game.targets)}
        save(result.tree, game, out_file, mode=mode, **meta)
    data = edit_data(game, mode, strategy, result, out_file)
    if as_json:
        emit_json(data)
        return
    out.print(
        f"{game.name}, {mode} mode, {strategy} edited: {data['start']:,} -> {data['total']:,} "
        f"guesses over {data['targets']:,} targets (mean {data['mean']:.4f}), worst "
        f"{data['worst']}, {data['first_guess'].upper()} first; {data['edits']:,} nodes "
        f"replaced of {data['tried']:,} re-solved in {data['seconds']:.1f} s.",
        soft_wrap=True,
    )
    if out_file is not None:
        out.print(f"saved to {out_file}")


def strategy_tree(game: Game, strategy: str, mode: Mode) -> Tree:
    """The tree of a strategy: shipped, from a file, or a greedy one built now."""
    from ...solver.tree import Solver
    from ...solver.trees import load, shipped_for

    if strategy.startswith("tree:"):
        return load(strategy[5:], game, hard=mode.hard)[0]
    if strategy in ("optimal", "optimal-hard"):
        return shipped_for(strategy, game)[0]
    metric, _, policy = strategy.partition("/")
    if not policy:
        fail(f"unknown strategy {strategy!r}; choose {GREEDY_HELP}")
    try:
        solver = Solver(game, metric, policy)
    except ValueError as error:
        fail(f"--edit {strategy}: {error}")
    with progress(f"building the {strategy} tree") as bar:
        return solver.tree(bar)


def edit_data(
    game: Game, mode: Mode, strategy: str, result: EditResult, out_file: Path | None
) -> dict:
    """An edit's outcome as JSON data, with the total after each improvement."""
    from ...solver.tree import first_guess

    return {
        "game": game.name,
        "mode": mode,
        "strategy": strategy,
        "start": result.start,
        "total": result.total,
        "mean": result.total / len(game.targets),
        "worst": result.worst,
        "targets": len(game.targets),
        "first_guess": first_guess(result.tree),
        "edits": result.edits,
        "tried": result.tried,
        "seconds": round(result.seconds, 2),
        "curve": [[round(s, 2), total] for s, total in result.curve],
        "out": str(out_file) if out_file else None,
    }
