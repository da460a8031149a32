"""Ranked by fewest guesses, the rows shown are in the order of the figure shown: the
look-ahead values the most informative guesses too, so the extra row (◆) never beats a row
listed above it without taking its place."""

from __future__ import annotations

import json

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
