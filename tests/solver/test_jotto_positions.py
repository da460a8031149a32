"""Jotto with positions as a solver game: its reply, matrix, win code, and its reports."""

from __future__ import annotations

import json
from string import ascii_lowercase

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.solver import make_game
from wordle_tui.solver.replies import (
    JOTTO_POSITIONS_WIN,
    jotto_matrix,
    jotto_positions_matrix,
    jotto_positions_pair,
    jotto_positions_reply,
    jotto_positions_string,
)
from wordle_tui.solver.trees import reply_parser

# Few letters, so that shared letters and letters in place are common.
distinct = st.permutations("abcdefg").map(lambda letters: "".join(letters[:5]))
any_word = st.text(alphabet="abcde", min_size=5, max_size=5)


def brute_force(guess: str, target: str) -> tuple[int, int]:
    """Letters of the alphabet in both words, and spots where the words agree."""
    common = sum(1 for letter in ascii_lowercase if letter in guess and letter in target)
    in_place = sum(1 for spot in range(5) if guess[spot] == target[spot])
    return common, in_place


@given(distinct, distinct)
def test_the_reply_is_common_letters_and_letters_in_place(guess: str, target: str) -> None:
    common, in_place = brute_force(guess, target)
    code = jotto_positions_reply(guess, target)
    assert code == common * 6 + in_place
    assert jotto_positions_pair(code) == (common, in_place)
    assert jotto_positions_string(code) == f"{common}/{in_place}"
    assert in_place <= common and jotto_positions_reply(guess.upper(), target) == code


@given(distinct, distinct)
def test_only_the_word_itself_gets_the_win_code(guess: str, target: str) -> None:
    won = jotto_positions_reply(guess, target) == JOTTO_POSITIONS_WIN
    assert won == (guess == target)


def test_the_win_code_is_five_and_five() -> None:
    game = make_game("jotto-positions")
    assert game.rules.win == JOTTO_POSITIONS_WIN == 35 and game.show(game.rules.win) == "5/5"
    assert game.rules.n_replies == 36
    assert game.reply("south", "shout") == 5 * 6 + 1  # anagrams: all in common, one in place
    assert game.reply("mouth", "south") == 4 * 6 + 4


@settings(max_examples=50)
@given(
    st.lists(st.one_of(distinct, any_word), min_size=1, max_size=30),
    st.lists(st.one_of(distinct, any_word), min_size=1, max_size=30),
)
def test_the_matrix_equals_the_reply_function(guesses: list[str], targets: list[str]) -> None:
    matrix = jotto_positions_matrix(guesses, targets)
    assert matrix.dtype == np.uint8
    assert matrix.tolist() == [[jotto_positions_reply(g, t) for t in targets] for g in guesses]


def test_the_game_is_jotto_s_words_with_a_finer_reply(jotto) -> None:
    game = make_game("jotto-positions")
    assert (game.targets, game.guesses) == (jotto.targets, jotto.guesses)
    rng = np.random.default_rng(3)
    rows = rng.choice(len(game.guesses), 200, replace=False)
    guesses = [game.guesses[i] for i in rows]
    finer = jotto_positions_matrix(guesses, game.targets)
    assert (finer // 6 == jotto_matrix(guesses, game.targets)).all()
    wins = np.argwhere(finer == game.rules.win)
    assert all(guesses[g] == game.targets[t] for g, t in wins)


def test_a_saved_reply_reads_back_and_nothing_else_does() -> None:
    game = make_game("jotto-positions")
    parse = reply_parser(game)
    assert all(parse(game.show(code)) == code for code in range(game.rules.n_replies))
    for text in ("3", "3/", "3/1/0", "6/1", "٣/1", " 3/1"):
        with pytest.raises(ValueError):
            parse(text)


runner = CliRunner()


def test_report_json_for_jotto_with_positions() -> None:
    result = runner.invoke(app, ["report", "-g", "jotto-positions", "--metric", "max", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["game"], data["targets"], data["guesses"]) == ("jotto-positions", 1391, "norvig")
    assert sum(data["histogram"].values()) == 1391
    classic = json.loads(runner.invoke(app, ["report", "-g", "jotto", "--json"]).stdout)
    assert data["mean"] < classic["mean"] and data["worst"] < classic["worst"]


def test_first_guesses_and_play_out_show_two_numbers() -> None:
    table = runner.invoke(app, ["first-guesses", "-g", "jotto-positions", "--top", "2", "--json"])
    assert table.exit_code == 0, table.output
    best = json.loads(table.stdout)["best"]["max"]
    assert len(best) == 2 and best[0]["score"] <= best[1]["score"]
    out = runner.invoke(app, ["play-out", "south", "-g", "jotto-positions", "--json"])
    steps = json.loads(out.stdout)["steps"]
    assert steps[-1] == {"guess": "south", "reply": "5/5", "remaining": 1}
    assert all(s["reply"].count("/") == 1 for s in steps)


def test_solve_searches_a_small_jotto_with_positions(tmp_path) -> None:
    answers = tmp_path / "a.txt"
    answers.write_text("crane\nslate\nmoist\nbumpy\nstale\nsteal\nlumpy\n")
    out = tmp_path / "tree.json.gz"
    args = ["solve", "-g", "jotto-positions", "--answers", str(answers), "--guess-list"]
    result = runner.invoke(app, [*args, str(answers), "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "jotto-positions" and data["targets"] == 5  # one per anagram set
    assert out.exists()
