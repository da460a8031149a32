"""`wordle-tui tree show|path|export`: a strategy's guess tree, under any position."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ....cli.boundary import BoundaryGroup
from ....cli.common import (
    JsonOpt,
    SetOpt,
    choose,
    emit_json,
    fail,
    load_game,
    out,
    progress,
    write_stdout,
)

if TYPE_CHECKING:
    from ....solver.games import Game
    from ..solver.navigate import Branch
    from ..solver.strategy import Strategy

tree_app = typer.Typer(
    cls=BoundaryGroup,
    help="A strategy's guess tree: browse it from any position, or export it.",
    rich_markup_mode=None,
)
FORMATS = ("dot", "json", "csv")
StrategyOpt = Annotated[
    str,
    typer.Option(
        "--strategy",
        "-s",
        help="optimal, optimal-hard (the shipped trees), METRIC/POLICY (a greedy tree, "
        "neg_entropy/norvig, max/hard, ...) or tree:FILE (from `solve --out`).",
    ),
]
RowsArg = Annotated[
    list[str] | None,
    typer.Argument(help="The position, as rows word:pattern (salet:.y..g crony:gg.gg)."),
]
DepthOpt = Annotated[
    int | None, typer.Option(help="Levels shown under the position (show: 1; export: all).")
]
FormatOpt = Annotated[str, typer.Option("--format", "-f", help="dot (Graphviz), json or csv.")]
OutOpt = Annotated[Path | None, typer.Option("--out", "-o", help="Write here, not to stdout.")]


def position(spec: str, lists: str | None, texts: list[str] | None):
    """The game, the strategy resolved, the rows and the subtree they lead to."""
    from ..solver.navigate import descend, parse_rows
    from ..solver.strategy import resolve

    game = load_game("wordle", None, None, lists)
    rows = parse_rows(texts or [], game.rules.length)
    with progress(f"building the {spec} tree") as bar:
        strategy = resolve(spec, game, bar)
    return game, strategy, rows, descend(strategy.tree, game, rows)


@tree_app.command("show", short_help="The tree under a position, with each node's figures.")
def show(
    rows: RowsArg = None,
    strategy: StrategyOpt = "optimal",
    lists: SetOpt = None,
    depth: DepthOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The strategy's tree under a position: each node's guess, the reply that led there,
    answers left, expected guesses from there and the worst case."""
    from ..solver.export import check_depth
    from ..solver.navigate import branch

    check_depth(depth)
    game, chosen, played, subtree = position(strategy, lists, rows)
    top = branch(subtree, played[-1][1] if played else None)
    levels = 1 if depth is None else depth
    if as_json:
        emit_json(show_data(game, chosen, played, top, levels))
        return
    out.print(rich_tree(game, top, played[-1][0] if played else None, levels))


def show_data(game: Game, chosen: Strategy, played: list, top: Branch, levels: int) -> dict:
    """What `tree show --json` prints: the strategy, the position and the nodes to a depth."""
    return {
        "strategy": chosen.name,
        "hard": chosen.hard,
        "lists": game.fingerprint,
        "position": [{"word": w, "pattern": p} for w, p in played],
        "node": node_data(game, top, levels),
    }


def node_data(game: Game, top: Branch, levels: int) -> dict[str, Any]:
    """A node and its branches to `levels` levels, as plain data (built without recursion)."""
    from ..solver.navigate import children

    root: dict[str, Any] = {}
    stack = [(top, root, 0)]
    while stack:
        item, data, level = stack.pop()
        figures = item.totals
        data.update(guess=item.guess, reply=item.reply, answers=figures.answers)
        data.update(expected=round(figures.mean, 4), total=figures.total, worst=figures.worst)
        if level < levels and not item.leaf:
            data["branches"] = []
            for child in children(item.subtree, game):
                slot: dict[str, Any] = {}
                data["branches"].append(slot)
                stack.append((child, slot, level + 1))
    return root


def rich_tree(game: Game, top: Branch, parent: str | None, levels: int):
    """The subtree as a Rich Tree, `levels` levels deep."""
    from rich.tree import Tree as RichTree

    from ....render import branch_label
    from ..solver.navigate import children

    shown = RichTree(branch_label(top.guess, top.reply, parent, top.totals))
    stack = [(top, shown, 0)]
    while stack:
        item, node, level = stack.pop()
        if level >= levels or item.leaf:
            continue
        for child in children(item.subtree, game):
            label = branch_label(child.guess, child.reply, item.guess, child.totals)
            stack.append((child, node.add(label), level + 1))
    return shown


@tree_app.command("path", short_help="How the tree finds one answer, row by row.")
def path(
    answer: Annotated[str, typer.Argument(help="The answer to find.")],
    strategy: StrategyOpt = "optimal",
    lists: SetOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The rows the strategy plays when the answer is ANSWER."""
    from ....render import reply_tiles
    from ..solver.navigate import path_to

    game, chosen, _, tree = position(strategy, lists, [])
    rows = path_to(tree, game, answer)
    if as_json:
        emit_json(
            {
                "strategy": chosen.name,
                "answer": rows[-1][0],
                "guesses": len(rows),
                "rows": [{"word": w, "pattern": p} for w, p in rows],
            }
        )
        return
    for number, (word, pattern) in enumerate(rows, start=1):
        out.print(f"{number}. ", reply_tiles(word, pattern), f" {pattern}", sep="")


@tree_app.command("export", short_help="The tree under a position as DOT, JSON or CSV.")
def export(
    rows: RowsArg = None,
    fmt: FormatOpt = "dot",
    strategy: StrategyOpt = "optimal",
    lists: SetOpt = None,
    depth: DepthOpt = None,
    out_file: OutOpt = None,
) -> None:
    """The tree under a position: DOT for Graphviz (`dot -Tsvg tree.dot -o tree.svg`), JSON in
    the tree file format, or CSV with a row per answer (its guesses and replies)."""
    from ..solver.export import check_depth, to_csv, to_dot, to_json

    fmt = choose(fmt, FORMATS, "format")
    check_depth(depth)
    if depth is not None and fmt != "dot":
        fail("--depth cuts a DOT picture; JSON and CSV hold the whole tree")
    game, chosen, played, subtree = position(strategy, lists, rows)
    if fmt == "dot":
        after = f" after {' '.join(f'{w.upper()} {p}' for w, p in played)}" if played else ""
        text = to_dot(subtree, game, depth, title=chosen.name + after)
    elif fmt == "json":
        mode = "hard" if chosen.hard else "normal"
        text = to_json(subtree, game, played, mode=mode, strategy=chosen.name)
    else:
        text = to_csv(subtree, game)
    if out_file is None:
        write_stdout(text)
        return
    write(out_file, text)


def write(path: Path, text: str) -> None:
    """Write an export atomically; a FIFO, a device or an unwritable place is refused."""
    from ....files import SHARED, FileProblem, atomic_write_bytes

    try:
        atomic_write_bytes(path, text.encode(), SHARED)
    except FileProblem as error:
        fail(str(error))
    except OSError as error:
        fail(f"--out {path}: {error.strerror or error}")
