"""`wordle-tui tree show|path|export`: the tree under a position, exports read back, errors."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.games.explorer.solver.export import csv_totals, json_totals
from wordle_tui.games.explorer.solver.navigate import totals
from wordle_tui.solver import make_game, tree_scores
from wordle_tui.solver.listsets import add_set
from wordle_tui.solver.trees import save, shipped_for

runner = CliRunner()
SMALL = [
    "cigar",
    "rebut",
    "sissy",
    "humph",
    "awake",
    "blush",
    "focal",
    "evade",
    "naval",
    "serve",
    "heath",
    "dwarf",
    "model",
]


def run(*args: str):
    return runner.invoke(app, ["tree", *args])


def test_show_json_gives_the_figures_of_each_branch(wordle) -> None:
    result = run("show", "--json", "--depth", "2")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    tree = shipped_for("optimal", wordle)[0]
    node = data["node"]
    scores = tree_scores(tree)
    assert (node["guess"], node["answers"], node["total"]) == (
        tree.guess,
        len(scores),
        sum(scores.values()),
    )
    assert node["worst"] == max(scores.values())
    won = 1 if tree.guess in wordle.targets else 0
    assert sum(b["answers"] for b in node["branches"]) + won == node["answers"]
    deeper = [b for b in node["branches"] if "branches" in b]
    assert deeper and all("branches" not in c for b in deeper for c in b["branches"])


def test_show_at_a_position_prints_the_subtree(wordle) -> None:
    tree = shipped_for("optimal", wordle)[0]
    result = run("show", f"{tree.guess}:.y..g")
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    expected = sum(1 for t in wordle.targets if wordle.show(wordle.reply(tree.guess, t)) == ".Y..G")
    assert first.startswith(f"{tree.guess.upper()} .Y..G → ") and f"{expected} left" in first
    assert result.stdout.count("└──") == 1


def test_path_shows_how_the_tree_finds_an_answer(wordle) -> None:
    result = run("path", "vivid", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    tree = shipped_for("optimal", wordle)[0]
    assert data["guesses"] == tree_scores(tree)["vivid"] == len(data["rows"])
    assert data["rows"][-1] == {"word": "vivid", "pattern": "GGGGG"}
    text = run("path", "VIVID").stdout.splitlines()
    assert text[-1].endswith("VIVID GGGGG") and len(text) == data["guesses"]


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_an_export_read_back_gives_the_same_totals(wordle, tmp_path, fmt) -> None:
    tree = shipped_for("optimal-hard", wordle)[0]
    target = tmp_path / f"tree.{fmt}"
    result = run("export", "-f", fmt, "-s", "optimal-hard", "--out", str(target))
    assert result.exit_code == 0, result.output
    text = target.read_text()
    back = json_totals(text, wordle) if fmt == "json" else csv_totals(text)
    assert back == totals(tree)


def test_a_json_export_is_a_tree_file_solve_would_write(wordle, tmp_path) -> None:
    target = tmp_path / "tree.json"
    assert run("export", "-f", "json", "--out", str(target)).exit_code == 0
    again = run("show", "--json", "-s", f"tree:{target}")
    assert again.exit_code == 0, again.output
    assert (
        json.loads(again.stdout)["node"]["total"] == totals(shipped_for("optimal", wordle)[0]).total
    )


def test_dot_to_stdout_is_cut_at_the_depth(wordle) -> None:
    tree = shipped_for("optimal", wordle)[0]
    result = run("export", "--format", "dot", "--depth", "1")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("digraph tree {")
    assert result.stdout.count("->") == sum(1 for c in tree.branches if c != 242)


def test_a_greedy_tree_on_a_small_set(home, tmp_path) -> None:
    (tmp_path / "a.txt").write_text("\n".join(SMALL))
    add_set("tiny", tmp_path / "a.txt")
    result = run("export", "-f", "csv", "--lists", "tiny", "-s", "max/consistent")
    assert result.exit_code == 0, result.output
    assert csv_totals(result.stdout).answers == len(SMALL)
    refused = run("show", "--lists", "tiny")  # no shipped tree fits these lists
    assert refused.exit_code == 2 and "tree:FILE" in refused.stderr


def test_a_tree_file_of_other_lists_is_refused(tmp_path) -> None:
    (tmp_path / "a.txt").write_text("\n".join(SMALL))
    game = make_game("wordle", tmp_path / "a.txt", tmp_path / "a.txt")
    save(SMALL[0], game, tmp_path / "t.json.gz")
    result = run("show", "-s", f"tree:{tmp_path / 't.json.gz'}")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["show", "-s", "nonsense"], "unknown strategy"),
        (["show", "-s", "random"], "unknown strategy"),
        (["show", "crane:....."], "not in the tree"),
        (["show", "salet:xx"], "colour"),
        (["show", "salet"], "word:pattern"),
        (["show", "--depth", "99"], "between 1 and"),
        (["export", "--depth", "0"], "between 1 and"),
        (["export", "-f", "json", "--depth", "2"], "--depth"),
        (["export", "-f", "png"], "unknown format"),
        (["path", "zzzzz"], "not an answer"),
        (["show", "-s", "tree:/nonexistent/tree.json"], "tree"),
    ],
)
def test_expected_errors_are_one_line_and_exit_2(args, message) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and result.stderr.count("\n") == 1


def test_a_fifo_is_refused_as_tree_file_and_as_out(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    result = run("show", "-s", f"tree:{fifo}")
    assert result.exit_code == 2 and "FIFO" in result.stderr.upper()
    result = run("export", "--depth", "1", "--out", str(fifo))
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    missing = run("export", "--depth", "1", "--out", str(tmp_path / "no" / "t.dot"))
    assert missing.exit_code == 2 and missing.stderr.count("\n") == 1


def test_a_node_label_shows_the_reply_in_tiles_and_marks() -> None:
    from wordle_tui.games.explorer.solver.navigate import Totals
    from wordle_tui.render import branch_label, reply_tiles

    label = branch_label("courd", ".Y..G", "salet", Totals(20, 45, 3))
    assert label.plain == "SALET .Y..G → COURD  20 left · 2.25 expected · worst 3"
    tiles = reply_tiles("salet", ".Y..G")
    greens = [s for s in tiles.spans if "#538d4e" in str(s.style)]
    assert [(s.start, s.end) for s in greens] == [(4, 5)]
    contrast = reply_tiles("salet", ".Y..G", contrast=True)
    assert any("#f5793a" in str(s.style) for s in contrast.spans)
    assert branch_label("vivid", "....G", "courd", Totals(1, 1, 1)).plain.endswith("the answer")
