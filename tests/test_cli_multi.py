"""`wordle-tui report -g dordle|quordle|octordle`: JSON, text, seeds and bad values."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.solver.games import make_game

runner = CliRunner()


@pytest.fixture(scope="module")
def small_lists(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """--answers and --guess-list files of 50 answers and 120 guesses (fast to play)."""
    full = make_game("wordle")
    rng = random.Random(3)
    answers = rng.sample(full.targets, 50)
    guesses = sorted(set(answers) | set(rng.sample(full.guesses, 70)))
    folder = tmp_path_factory.mktemp("multi-lists")
    (folder / "answers.txt").write_text("\n".join(answers) + "\n")
    (folder / "guesses.txt").write_text("\n".join(guesses) + "\n")
    return ["--answers", str(folder / "answers.txt"), "--guess-list", str(folder / "guesses.txt")]


def run(*args: str):
    return runner.invoke(app, ["report", *args])


@pytest.mark.parametrize(("name", "limit"), [("dordle", 7), ("quordle", 9), ("octordle", 13)])
def test_json_has_the_four_keys(small_lists, name, limit):
    result = run("-g", name, "--games", "6", "--seed", "2", "--json", *small_lists)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"games", "wins", "mean", "distribution"}
    assert data["games"] == 6 and sum(data["distribution"].values()) == 6
    assert data["distribution"]["lost"] == 6 - data["wins"]
    won = {int(k): v for k, v in data["distribution"].items() if k != "lost"}
    assert all(k <= limit for k in won)
    if data["wins"]:
        assert data["mean"] == pytest.approx(
            sum(k * v for k, v in won.items()) / data["wins"], abs=1e-4
        )


def test_the_same_seed_gives_the_same_report(small_lists):
    args = ("-g", "quordle", "--games", "8", "--seed", "5", "--json", *small_lists)
    assert run(*args).stdout == run(*args).stdout


def test_text_output_names_the_wins(small_lists):
    result = run("-g", "Dordle", "--games", "4", "--metric", "entropy", *small_lists)
    assert result.exit_code == 0, result.output
    assert "won 4 of 4" in result.stdout and "measure entropy" in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("-g", "quordle", "--games", "0"),
        ("-g", "quordle", "--games", "10000000"),
        ("-g", "quordle", "--metric", "max"),
        ("-g", "octordle", "--all"),
        ("-g", "wordle", "--games", "5"),
        (
            "-g",
            "hexordle",
        ),
    ],
)
def test_bad_values_exit_2_with_one_line(small_lists, args):
    result = run(*args, *small_lists)
    assert result.exit_code == 2
    assert result.stdout == ""
