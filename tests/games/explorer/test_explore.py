"""Browsing a guess tree: strategies resolved, positions and answers found, exports read back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wordle_tui.errors import WordleTuiError
from wordle_tui.games.explorer.solver.export import (
    ExportError,
    check_depth,
    csv_totals,
    json_totals,
    to_csv,
    to_dot,
    to_json,
)
from wordle_tui.games.explorer.solver.navigate import (
    PositionError,
    Totals,
    branch,
    children,
    descend,
    parse_rows,
    parse_search,
    path_to,
    totals,
)
from wordle_tui.games.explorer.solver.strategy import StrategyError, resolve
from wordle_tui.solver import make_game, tree_scores
from wordle_tui.solver.tree import Node, iter_nodes
from wordle_tui.solver.trees import save

SMALL_TEXT = (
    "cigar rebut sissy humph awake blush focal evade naval serve heath dwarf model karma "
    "stink grade quiet bench abate feign major death fresh crust stool colon abase marry "
    "react batty pride floss helix croak staff paper unfed whelp trawl outdo adobe crazy"
)
WORDS = tuple(SMALL_TEXT.split())


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory):
    """Wordle over 42 answers, the answers being the guesses too."""
    folder = tmp_path_factory.mktemp("small")
    (folder / "a.txt").write_text("\n".join(WORDS))
    return make_game("wordle", folder / "a.txt", folder / "a.txt")


def test_a_greedy_strategy_is_the_solver_tree_and_scores_every_answer(small) -> None:
    strategy = resolve("neg_entropy/consistent", small)
    assert strategy.name == "neg_entropy/consistent" and not strategy.hard
    scores = tree_scores(strategy.tree)
    assert sorted(scores) == sorted(WORDS)
    figures = totals(strategy.tree)
    assert figures == Totals(len(WORDS), sum(scores.values()), max(scores.values()))
    assert resolve("greedy:neg_entropy/consistent", small).tree == strategy.tree
    assert resolve("max/hard", small).hard


@pytest.mark.parametrize(
    "spec", ["random", "entropyy/norvig", "max/nowhere", "tree:", "x" * 60, "optimal"]
)
def test_a_strategy_that_names_no_tree_is_a_clear_error(small, spec) -> None:
    with pytest.raises(WordleTuiError) as caught:
        resolve(spec, small)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 400


def test_a_tree_file_resolves_and_a_foreign_one_is_refused(small, tmp_path, wordle) -> None:
    tree = resolve("max/all", small).tree
    save(tree, small, tmp_path / "t.json.gz", mode="normal")
    loaded = resolve(f"tree:{tmp_path / 't.json.gz'}", small)
    assert totals(loaded.tree) == totals(tree)
    with pytest.raises(WordleTuiError, match="broken"):
        resolve(f"tree:{tmp_path / 't.json.gz'}", wordle)


def test_every_node_totals_count_guesses_from_that_node(small) -> None:
    tree = resolve("expectation/consistent", small).tree
    whole = tree_scores(tree)
    for node, depth in iter_nodes(tree):
        figures = branch(node).totals
        under = tree_scores(node)
        assert figures.answers == node.size == len(under)
        assert figures.total == sum(whole[a] - depth for a in under)
        assert figures.worst == max(whole[a] for a in under) - depth
        assert figures.mean == pytest.approx(figures.total / figures.answers)


def test_children_leave_out_the_win_and_come_biggest_first(small) -> None:
    tree = resolve("neg_entropy/consistent", small).tree
    found = children(tree, small)
    sizes = [c.totals.answers for c in found]
    assert sizes == sorted(sizes, reverse=True)
    assert "GGGGG" not in [c.reply for c in found]
    won = 1 if tree.guess in WORDS else 0
    assert sum(sizes) + won == len(WORDS)
    assert children("cigar", small) == []


def test_the_path_to_every_answer_replays_to_it(small) -> None:
    tree = resolve("neg_entropy/consistent", small).tree
    scores = tree_scores(tree)
    for answer in WORDS:
        path = path_to(tree, small, answer)
        assert path[-1] == (answer, "GGGGG") and len(path) == scores[answer]
        assert all(small.show(small.reply(g, answer)) == p for g, p in path)
        assert descend(tree, small, path) == answer
        assert descend(tree, small, path[:-1]) in (answer, *[n for n, _ in iter_nodes(tree)])


def test_how_the_shipped_tree_finds_vivid(wordle) -> None:
    tree = resolve("optimal", wordle).tree
    path = path_to(tree, wordle, "VIVID")
    assert path[0][0] == tree.guess and path[-1] == ("vivid", "GGGGG")
    assert len(path) == tree_scores(tree)["vivid"]
    with pytest.raises(PositionError, match="not an answer"):
        path_to(tree, wordle, "zzzzz")
    with pytest.raises(PositionError, match="not an answer"):
        path_to(tree, wordle, "toolong")


def test_a_position_leads_to_its_subtree(wordle) -> None:
    tree = resolve("optimal", wordle).tree
    first = tree.guess
    sub = descend(tree, wordle, parse_rows([f"{first} .y..g"]))
    assert isinstance(sub, Node)
    expected = [t for t in wordle.targets if wordle.show(wordle.reply(first, t)) == ".Y..G"]
    assert sorted(tree_scores(sub)) == sorted(expected)
    assert descend(tree, wordle, parse_rows([f"{first}:0100 2".replace(" ", "")])) is sub
    assert descend(tree, wordle, []) is tree


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (["crane:....."], "plays"),
        (["{first}:GGGG."], "not in the tree"),
        (["{first}:GGGGY"], "cannot happen|not in the tree"),
        (["{first}"], "word:pattern"),
        (["{first}:xyz"], "colour|5 marks"),
    ],
)
def test_a_row_the_tree_does_not_play_is_a_clear_error(wordle, rows, message) -> None:
    tree = resolve("optimal", wordle).tree
    typed = [r.format(first=tree.guess) for r in rows]
    with pytest.raises(WordleTuiError, match=message):
        descend(tree, wordle, parse_rows(typed))


def test_nothing_comes_after_the_answer(wordle) -> None:
    tree = resolve("optimal", wordle).tree
    path = path_to(tree, wordle, "vivid")
    with pytest.raises(PositionError, match="nothing comes after"):
        descend(tree, wordle, [*path, ("vivid", "GGGGG")])


def test_a_search_box_holds_an_answer_or_rows() -> None:
    assert parse_search(" Vivid ") == "vivid"
    rows = [("salet", ".Y..G"), ("crony", "GG.GG")]
    assert parse_search("salet .y..g crony gg.gg") == rows
    assert parse_search("salet:.y..g, crony:gg.gg") == rows
    with pytest.raises(PositionError, match="no colouring"):
        parse_search("salet .y..g crony")


def test_json_and_csv_exports_read_back_to_the_same_totals(small) -> None:
    tree = resolve("partitions/all", small).tree
    figures = totals(tree)
    assert json_totals(to_json(tree, small, strategy="x"), small) == figures
    text = to_csv(tree, small)
    assert len(text.splitlines()) == len(WORDS) + 1
    assert csv_totals(text) == figures
    sub = children(tree, small)[0]
    assert json_totals(to_json(sub.subtree, small, [(tree.guess, sub.reply)]), small) == sub.totals


def test_the_shipped_tree_exports_read_back(wordle) -> None:
    tree = resolve("optimal-hard", wordle).tree
    figures = totals(tree)
    assert json_totals(to_json(tree, wordle), wordle) == figures
    assert csv_totals(to_csv(tree, wordle)) == figures


@pytest.mark.parametrize(
    "text", ["", "answer,guesses,path\n", "a,b\n1,2\n", "answer,guesses,path\nx,3,a:GGGGG\n"]
)
def test_a_csv_that_is_not_an_export_is_refused(text) -> None:
    with pytest.raises(ExportError):
        csv_totals(text)


@pytest.mark.parametrize("text", ["", "[]", '{"tree": 3}', '{"tree": {"g": "cigar"}}'])
def test_a_json_that_is_not_an_export_is_refused(small, text) -> None:
    with pytest.raises(ExportError):
        json_totals(text, small)


def test_dot_has_a_node_per_subtree_and_cuts_at_the_depth(small) -> None:
    tree = resolve("neg_entropy/consistent", small).tree
    whole = to_dot(tree, small)
    assert whole.startswith("digraph tree {") and whole.rstrip().endswith("}")
    nodes = [line for line in whole.splitlines() if re.match(r"\s*n\d+ \[", line)]
    edges = [line for line in whole.splitlines() if "->" in line]
    assert len(nodes) == len(edges) + 1
    leaves = sum(1 for line in nodes if "bold" in line)
    won_at_a_node = sum(1 for node, _ in iter_nodes(tree) if node.guess in WORDS)
    assert leaves + won_at_a_node == len(WORDS)
    cut = to_dot(tree, small, depth=1)
    assert cut.count("->") == len(children(tree, small))
    assert "dashed" in cut or all(c.leaf for c in children(tree, small))


@pytest.mark.parametrize("depth", [0, -1, 21, 10**6])
def test_a_depth_out_of_range_is_refused(depth) -> None:
    with pytest.raises(ExportError, match="between 1 and"):
        check_depth(depth)


def test_exports_of_a_leaf(small) -> None:
    assert json_totals(to_json("cigar", small), small) == Totals(1, 1, 1)
    assert csv_totals(to_csv("cigar", small)) == Totals(1, 1, 1)
    assert "CIGAR" in to_dot("cigar", small)


def test_a_fifo_as_tree_file_is_refused(small, tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(WordleTuiError):
        resolve(f"tree:{fifo}", small)
    with pytest.raises(StrategyError):
        resolve("tree:", small)


def test_rows_the_tree_does_not_play_are_played_then_grown_from(small) -> None:
    from wordle_tui.games.explorer.solver.strategy import through
    from wordle_tui.solver.replies import reply_for

    strategy = resolve("max/consistent", small)
    first = branch(strategy.tree).guess
    other = next(w for w in WORDS if w != first)
    rows = [(other, reply_for(other, "crust"))]
    grown = through(strategy, small, rows)
    assert grown.note.startswith("row 1") and grown.tree != strategy.tree
    below = descend(grown.tree, small, rows)  # the rows are played now
    left = sorted(w for w in WORDS if reply_for(other, w) == rows[0][1])
    assert sorted(tree_scores(below)) == left
    assert path_to(grown.tree, small, "crust")[0] == (other, rows[0][1])
    assert through(strategy, small, [(first, reply_for(first, "crust"))]) is strategy
    won = [*rows, ("crust", "GGGGG")]
    assert descend(through(strategy, small, won).tree, small, won) == "crust"
    with pytest.raises(PositionError, match="no answer"):
        through(strategy, small, [(other, "GGGGY")])


def test_a_hard_strategy_grown_from_rows_keeps_their_hints(small) -> None:
    from wordle_tui.games.explorer.solver.strategy import through
    from wordle_tui.solver.replies import reply_for
    from wordle_tui.solver.tree import hard_mode_mask

    strategy = resolve("max/hard", small)
    first = branch(strategy.tree).guess
    other = next(w for w in WORDS if w != first and reply_for(w, "crust") != "GGGGG")
    rows = [(other, reply_for(other, "crust"))]
    grown = through(strategy, small, rows)
    keep = hard_mode_mask(small, other, small.rules.reply(other, "crust"))
    for node, _ in iter_nodes(descend(grown.tree, small, rows)):
        assert keep[small.guesses.index(node.guess)]
