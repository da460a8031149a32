"""A (sub)tree exported: Graphviz DOT, JSON in the tree file format, CSV with a row per
answer; and the JSON and CSV read back into their figures."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence

from ....errors import WordleTuiError
from ....solver.games import Game
from ....solver.tree import Node, Tree
from ....solver.trees import FORMAT, TreeError, from_data, reply_parser, to_data
from .navigate import Row, Totals, children, path_to, totals

MAX_DEPTH = 20  # a deeper limit is refused: no Wordle tree is near as deep
TILE_COLOURS = {"G": "#6aaa64", "Y": "#c9b458", ".": "#787c7e"}
CSV_FIELDS = ("answer", "guesses", "path")


class ExportError(WordleTuiError, ValueError):
    """An export asked for in a way that cannot be made, or one that cannot be read back."""


def check_depth(depth: int | None) -> None:
    """Refuse a depth limit below 1 or above MAX_DEPTH."""
    if depth is not None and not 1 <= depth <= MAX_DEPTH:
        raise ExportError(f"the depth must be between 1 and {MAX_DEPTH}; {depth} is not")


def to_dot(tree: Tree, game: Game, depth: int | None = None, title: str = "") -> str:
    """The tree as Graphviz DOT text: a box per guess (answers, expected guesses, worst case),
    each edge its reply as coloured tiles; below `depth` levels a branch is one summary box."""
    check_depth(depth)
    whole = totals(tree)
    caption = f"{title}: " if title else ""
    caption += f"{whole.answers} answers, {whole.total} guesses, worst {whole.worst}"
    lines = [
        "digraph tree {",
        "  rankdir=LR;",
        f'  label="{_escaped(caption)}"; labelloc=t; fontname="Helvetica";',
        '  node [shape=box, style="rounded", fontname="Helvetica"];',
        '  edge [fontname="Helvetica"];',
    ]
    stack: list[tuple[Tree, str, int]] = [(tree, "n0", 0)]
    count = 1
    while stack:
        subtree, name, level = stack.pop()
        cut = depth is not None and level >= depth
        lines.append(f"  {name} [{_node_attributes(subtree, cut)}];")
        if isinstance(subtree, str) or cut:
            continue
        for child in children(subtree, game):
            child_name = f"n{count}"
            count += 1
            tiles = _tiles(subtree.guess, child.reply or "")
            lines.append(f"  {name} -> {child_name} [label={tiles}];")
            stack.append((child.subtree, child_name, level + 1))
    lines.append("}")
    return "\n".join(lines) + "\n"


def _node_attributes(subtree: Tree, cut: bool) -> str:
    """A DOT node's label (and style) for a guess, an answer, or a branch cut at the depth."""
    figures = totals(subtree)
    if isinstance(subtree, str):
        return f'label="{subtree.upper()}", style="rounded,bold"'
    head = f"{subtree.guess.upper()}" if not cut else f"{subtree.guess.upper()} …"
    text = f"{head}\\n{figures.answers} left · {figures.mean:.2f} · worst {figures.worst}"
    return f'label="{text}"' + (', style="rounded,dashed"' if cut else "")


def _tiles(guess: str, pattern: str) -> str:
    """A reply as an HTML-like DOT label: the guess's letters on their colours."""
    cells = "".join(
        f'<td bgcolor="{TILE_COLOURS[mark]}" width="12" height="12">'
        f'<font color="white" point-size="9">{letter}</font></td>'
        for letter, mark in zip(guess.upper(), pattern, strict=False)
    )
    return f'<<table border="0" cellspacing="1" cellpadding="1"><tr>{cells}</tr></table>>'


def _escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def to_json(tree: Tree, game: Game, rows: Sequence[Row] = (), **meta: object) -> str:
    """The subtree in the tree file format (`trees.to_data`), with its figures and position."""
    figures = totals(tree)
    data = {
        "format": FORMAT,
        **meta,
        "position": [{"word": w, "pattern": p} for w, p in rows],
        "answers": figures.answers,
        "total": figures.total,
        "worst": figures.worst,
        "tree": to_data(tree, game),
    }
    return json.dumps(data, indent=1) + "\n"


def to_csv(tree: Tree, game: Game) -> str:
    """A row per answer: the answer, its guesses from the top of `tree`, and the path as
    `guess:reply` steps."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for answer in sorted(_answers(tree)):
        path = path_to(tree, game, answer)
        writer.writerow((answer, len(path), " ".join(f"{w}:{p}" for w, p in path)))
    return buffer.getvalue()


def _answers(tree: Tree) -> list[str]:
    """Every answer under a subtree."""
    if isinstance(tree, str):
        return [tree]
    found, stack = [], [tree]
    while stack:
        node = stack.pop()
        for code_child in node.branches.values():
            if isinstance(code_child, Node):
                stack.append(code_child)
            else:
                found.append(code_child)
    return found


def json_totals(text: str, game: Game) -> Totals:
    """The figures of an exported JSON tree, computed again from its tree."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ExportError("not an exported tree (not JSON)") from None
    if not isinstance(data, dict) or "tree" not in data:
        raise ExportError("not an exported tree (no 'tree' in it)")
    try:
        return totals(from_data(data["tree"], reply_parser(game)))
    except TreeError as error:
        raise ExportError(f"not an exported tree ({error})") from None


def csv_totals(text: str) -> Totals:
    """The figures of an exported CSV: its answers, their guesses in total, the worst."""
    reader = csv.DictReader(io.StringIO(text))
    if tuple(reader.fieldnames or ()) != CSV_FIELDS:
        raise ExportError(f"not an exported tree (the columns are not {', '.join(CSV_FIELDS)})")
    counts = []
    for line, record in enumerate(reader, start=2):
        steps = (record.get("path") or "").split()
        guesses = record.get("guesses") or ""
        if not (guesses.isascii() and guesses.isdigit()) or int(guesses) != len(steps):
            raise ExportError(f"line {line}: the guesses do not count the path's steps")
        counts.append(int(guesses))
    if not counts:
        raise ExportError("not an exported tree (no answers)")
    return Totals(len(counts), sum(counts), max(counts))
