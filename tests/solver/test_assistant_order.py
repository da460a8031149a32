"""Ranked by fewest guesses, the rows shown are in the order of the figure shown: the
look-ahead values the most informative guesses too, so the extra row (◆) never beats a row
listed above it without taking its place."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.solver.assistant.engine import Assistant
from wordle_tui.solver.listsets import load_set

PUZZLE = 1984  # the NYT prior learns from the answers before it: fixed, not today's
ROW = ("raise", "..Y.G")  # found in the 80x24 walk: ◆ CLOMB 2.22 below rows of 2.23-2.53


def in_order(values: list[float]) -> bool:
    return all(a <= b + 1e-9 for a, b in zip(values, values[1:], strict=False))


def test_every_stage_by_guesses_is_in_the_order_of_its_figures(home) -> None:
    helper = Assistant(prior="nyt", lists=load_set("nyt"), puzzle=PUZZLE, rows=[ROW])
    stages = list(helper.advice(10, "guesses"))
    assert stages
    for stage in stages:
        found = stage.suggestions
        assert [s.entropy_best for s in found].count(True) == 1
        assert in_order([s.expected_guesses for s in found]), [
            (s.word, round(s.expected_guesses, 3)) for s in found
        ]
        assert in_order([s.rank for s in found])


def test_the_most_informative_guesses_are_ranked_by_their_value(home) -> None:
    helper = Assistant(prior="nyt", lists=load_set("nyt"), puzzle=PUZZLE, rows=[ROW])
    by_bits = helper.suggest(10, "entropy")
    by_guesses = helper.suggest(10, "guesses")
    listed = by_guesses[:10]
    worst_listed = max(s.expected_guesses for s in listed)
    for s in by_bits:  # a guess valued better than a listed row is listed itself
        if s.expected_guesses < worst_listed - 1e-9:
            assert s.word in {t.word for t in listed}, s.word


def test_suggest_json_is_in_the_order_of_its_figures(home) -> None:
    args = ["suggest", ":".join(ROW), "--lists", "nyt", "--puzzle", str(PUZZLE), "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["suggestions"]
    assert len(rows) >= 10
    assert in_order([s["expected_guesses"] for s in rows])
    assert [s["rank"] for s in rows] == sorted(s["rank"] for s in rows)
    assert rows[-1]["expected_guesses"] >= rows[0]["expected_guesses"]


@pytest.mark.parametrize("hard", [False, True])
def test_the_classic_lists_keep_the_order_too(home, hard: bool) -> None:
    helper = Assistant(hard=hard, lists=load_set("classic"), rows=[("crane", "..G..")])
    found = next(iter(helper.advice(10, "guesses"))).suggestions
    assert in_order([s.expected_guesses for s in found])


def suggest_at_80(home, *args: str) -> list[str]:
    """`suggest` run as a user runs it, its output read at COLUMNS=80 (not a terminal)."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "WORDLE_TUI_HOME": str(home), "COLUMNS": "80"}
    done = subprocess.run(
        [sys.executable, "-m", "wordle_tui", "suggest", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_suggest_fits_80_columns(home) -> None:
    from rich.cells import cell_len

    lines = suggest_at_80(home, ":".join(ROW), "--lists", "nyt", "--puzzle", str(PUZZLE))
    assert lines[0].startswith("149 answers possible, the most likely first: ")
    assert [line for line in lines if cell_len(line) > 80] == []
    header = next(line for line in lines if "guess" in line and "bits" in line)
    headings = ["#", "guess", "bits", "left", "worst", "win", "%", "answer?", "hard", "ok"]
    assert header.split() == [*headings, "guesses"]
    legend = next(i for i, line in enumerate(lines) if "information expected" in line)
    assert lines[legend].startswith("bits: information expected")  # left, not centred
    assert lines[legend + 1].startswith("guesses: expected guesses to finish")
    assert lines[legend + 2] == "★ optimal tree, ◆ most bits"
    assert re.match(r"[A-Z]{5} splits the 149 answers into \d+ groups;", lines[legend + 3])


def test_the_review_at_the_end_fits_80_columns_too(home) -> None:
    from rich.cells import cell_len

    rows = [":".join(ROW), "could:.....", "gimme:GGGGG"]
    lines = suggest_at_80(home, *rows, "--lists", "nyt", "--puzzle", str(PUZZLE), "--budget", "1")
    assert any(line.startswith("Skill ") for line in lines)
    assert [line for line in lines if cell_len(line) > 80] == []
