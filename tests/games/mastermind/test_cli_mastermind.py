"""`wordle-tui mastermind solve`: the figures as JSON and text, and bad values refused."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from wordle_tui.cli import app

runner = CliRunner()


def test_knuth_json_has_the_published_figures() -> None:
    result = runner.invoke(app, ["mastermind", "solve", "--strategy", "knuth", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["total"], data["worst"], data["codes"], data["proven"]) == (5801, 5, 1296, False)
    assert abs(data["mean"] - 4.476) < 5e-4 and data["seconds"] >= 0


def test_optimal_small_game_is_proven_and_beats_knuth() -> None:
    def figures(strategy: str) -> dict:
        args = ["mastermind", "solve", "--strategy", strategy, "--colours", "3", "--pegs", "3"]
        return json.loads(runner.invoke(app, [*args, "--json"]).stdout)

    optimal, knuth = figures("optimal"), figures("knuth")
    assert optimal["proven"] and optimal["total"] <= knuth["total"]
    assert sum(optimal["histogram"].values()) == optimal["codes"] == 27


def test_text_output_names_the_total() -> None:
    result = runner.invoke(app, ["mastermind", "solve", "--colours", "4", "--pegs", "3"])
    assert result.exit_code == 0 and "total" in result.stdout and "first guess" in result.stdout


def test_bad_values_are_one_line_and_exit_2() -> None:
    for args in (["--colours", "12"], ["--pegs", "0"], ["--strategy", "best"]):
        result = runner.invoke(app, ["mastermind", "solve", *args])
        assert result.exit_code == 2
        assert "error" in result.stderr.lower() or "error" in result.output.lower()


def test_impossible_limit_is_an_error() -> None:
    args = ["mastermind", "solve", "--strategy", "optimal", "--colours", "3", "--pegs", "3"]
    result = runner.invoke(app, [*args, "--max-guesses", "2"])
    assert result.exit_code == 2 and "within 2 guesses" in result.stderr


def test_a_limit_of_one_guess_is_singular() -> None:
    args = ["mastermind", "solve", "--strategy", "optimal", "--colours", "3", "--pegs", "3"]
    result = runner.invoke(app, [*args, "--max-guesses", "1"])
    assert result.exit_code == 2 and "within 1 guess\n" in result.stderr, result.stderr


def test_ten_colours_are_solved_and_eleven_refused() -> None:
    args = ["mastermind", "solve", "--strategy", "optimal", "--colours", "10", "--pegs", "1"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert (data["codes"], data["total"], data["proven"]) == (10, 55, True)  # 1 + 2 + ... + 10
    result = runner.invoke(app, ["mastermind", "solve", "--colours", "11"])
    assert result.exit_code == 2 and "between 2 and 10" in result.stderr
