"""`wordle-tui report -g dordle|...|duotrigordle`: JSON, text, seeds and bad values."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.solver.games import make_game
from wordle_tui.solver.replies import reply_for

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


LIMITS = [("dordle", 7), ("quordle", 9), ("octordle", 13), ("sedecordle", 21), ("duotrigordle", 37)]


@pytest.mark.parametrize(("name", "limit"), LIMITS)
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
        ("-g", "quordle", "--format", "csv"),  # these were ignored, quietly
        ("-g", "quordle", "--format", "markdown"),
        ("-g", "quordle", "--workers", "2"),
        ("-g", "quordle", "--hard"),
        ("-g", "quordle", "--ties", "list"),
        ("-g", "wordle", "--workers", "2"),
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
    assert result.stderr.count("\n") == 1 and "error" in result.stderr


def answers_of(small_lists) -> list[str]:
    return Path(small_lists[1]).read_text().split()


def colours(word: str, answers: list[str]) -> str:
    return ",".join(reply_for(word, a) for a in answers)


def suggest(*args: str):
    return runner.invoke(app, ["suggest", *args])


def test_suggest_lists_each_boards_answers_and_ranks_exactly_when_few_are_left(small_lists):
    words = answers_of(small_lists)
    targets = [words[0], words[1]]
    opener = words[2]
    rows = [f"{opener}:{colours(opener, targets)}"]
    result = suggest("-g", "dordle", *rows, "--json", *small_lists)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["guesses_left"] == 6 and not data["won"]
    for board, target in zip(data["boards"], targets, strict=True):
        assert target in board["words"] and board["left"] == len(board["words"])
        assert all(reply_for(opener, w) == reply_for(opener, target) for w in board["words"])
    found = data["suggestions"]
    assert found
    if sum(b["left"] for b in data["boards"]) <= 10:
        keys = [(-s["chance"], s["expected"]) for s in found]
        assert keys == sorted(keys)


def test_suggest_after_a_board_is_solved_takes_an_empty_colouring(small_lists):
    words = answers_of(small_lists)
    targets = [words[0], words[1]]
    first = f"{words[0]}:{colours(words[0], targets)}"
    second = f"{words[1]}:,{reply_for(words[1], words[1])}"
    result = suggest("-g", "dordle", first, second, "--json", *small_lists)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["won"] and [b["solved_at"] for b in data["boards"]] == [1, 2]
    text = suggest("-g", "dordle", first, second, *small_lists).stdout
    assert "every board is solved" in text


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (["{w}"], "write a row as word:colours"),
        (["{w}:.....,....."], "2 colourings for 4 boards"),
        (["{w}:.....,.....,.....,GGGG"], "5 marks"),
        (["zzzzz:.....,.....,.....,....."], "not an allowed guess"),
        (["{w}:GGGGG,GGGGG,.....,....."], "one board at most"),
        (["{w}:{never},.....,.....,....."], "no answer of board 1 fits"),
        (["{w}:GGGGG,.....,.....,.....", "{w}:GGGGG,.....,.....,....."], "board 1 solved before"),
    ],
)
def test_suggest_refuses_bad_rows_with_exit_2(small_lists, rows, message):
    words = answers_of(small_lists)
    word = words[0]
    seen = {reply_for(word, a) for a in words}
    never = next(p for p in ("YYYYY", "GGGYY", "GYYYY", "Y....", "....Y") if p not in seen)
    rows = [r.format(w=word, never=never) for r in rows]
    result = suggest("-g", "quordle", *rows, *small_lists)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in result.stderr


@pytest.mark.parametrize(("boards", "limit"), [(16, 21), (32, 37)])
def test_every_board_of_a_won_game_is_solved_by_a_guess_of_its_answer(tmp_path, boards, limit):
    """Sixteen and thirty-two boards: replayed guess by guess, each board's answer is guessed
    once every board is solved, within the limit, and the count is the report's."""
    from wordle_tui.solver.multi.simulate import draw_answers
    from wordle_tui.solver.multi.state import MultiState
    from wordle_tui.solver.multi.strategy import MultiSolver
    from wordle_tui.solver.multi.variants import variant

    full = make_game("wordle")
    rng = random.Random(5)
    answers = rng.sample(full.targets, 60)
    game = make_game("wordle", *lists_in(tmp_path, rng, full, answers))
    solver, shape = MultiSolver(game), variant({16: "sedecordle", 32: "duotrigordle"}[boards])
    assert (shape.boards, shape.limit) == (boards, limit)
    for drawn in draw_answers(game.targets, boards, 3, seed=7):
        state, guesses = MultiState.start(len(game.targets), boards, limit), []
        while not state.over:
            guess = solver.choose(state)
            guesses.append(game.guesses[guess])
            state = state.play(guess, solver.matrix, drawn)
        assert state.won and state.used == len(guesses) <= limit
        assert {game.targets[t] for t in drawn} <= set(guesses)


def lists_in(folder: Path, rng: random.Random, full, answers: list[str]) -> tuple[Path, Path]:
    """Answer and guess files of these answers and 60 more guesses, in `folder`."""
    guesses = sorted(set(answers) | set(rng.sample(full.guesses, 60)))
    (folder / "a.txt").write_text("\n".join(answers) + "\n")
    (folder / "g.txt").write_text("\n".join(guesses) + "\n")
    return folder / "a.txt", folder / "g.txt"
