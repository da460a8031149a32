"""The order of a word list changes no figure: every command, sorted lists against shuffled ones.

Each command runs twice in-process, once on sorted lists and once on the same words shuffled
(answers and guesses both), and its JSON must be the same. Ties are broken alphabetically by
default (`--ties alpha`), the random guesser draws in alphabetical order with a seed per word,
and the evil replier breaks ties by the alphabetically first word, so nothing may depend on
the order of the files. (`--ties list` follows the lists' order on purpose, as the seeds do.)
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.solver.replies import reply_for
from wordle_tui.solver.words import ANSWERS, ENABLE, GUESSES, bundled_words

runner = CliRunner()
ANSWER_COUNT, GUESS_COUNT = 160, 240


def write(path: Path, words: list[str]) -> Path:
    path.write_text("\n".join(words) + "\n")
    return path


@pytest.fixture(scope="module")
def lists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """Answers and guesses, sorted and shuffled (the same words)."""
    folder = tmp_path_factory.mktemp("shuffle")
    pick = random.Random(14)
    answers = sorted(pick.sample(list(bundled_words(ANSWERS)), ANSWER_COUNT))
    others = sorted(set(bundled_words(GUESSES)) - set(answers))
    guesses = sorted(answers + pick.sample(others, GUESS_COUNT))
    mixed = random.Random(15)
    return {
        "sorted": (write(folder / "a.txt", answers), write(folder / "g.txt", guesses)),
        "shuffled": (
            write(folder / "a-shuffled.txt", mixed.sample(answers, len(answers))),
            write(folder / "g-shuffled.txt", mixed.sample(guesses, len(guesses))),
        ),
    }


def output(*args: str) -> object:
    """A command's JSON output (the command must succeed), without how long it took."""
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    if isinstance(data, dict):
        data.pop("seconds", None)  # a time, not a figure: it differs from run to run
    return data


def both(lists, *args: str) -> tuple[object, object]:
    """The command's JSON on the sorted lists and on the shuffled ones."""
    runs = []
    for order in ("sorted", "shuffled"):
        answers, guesses = lists[order]
        runs.append(output(*args, "--answers", str(answers), "--guess-list", str(guesses)))
    return runs[0], runs[1]


POLICIES = ("consistent", "hard", "norvig", "inconsistent", "all")


@pytest.mark.parametrize("game", ["wordle", "jotto", "antiwordle"])
@pytest.mark.parametrize("metric", ["max", "expectation", "neg_entropy", "entropy", "partitions"])
def test_report_figures_ignore_the_order_of_the_lists(lists, game: str, metric: str) -> None:
    for policy in POLICIES:
        sorted_run, shuffled_run = both(
            lists, "report", "--game", game, "--metric", metric, "--guesses", policy
        )
        assert sorted_run == shuffled_run, (game, metric, policy)


@pytest.mark.parametrize("game", ["wordle", "jotto"])
def test_the_random_guesser_ignores_the_order_of_the_lists(lists, game: str) -> None:
    for seed in ("0", "7"):
        sorted_run, shuffled_run = both(
            lists, "report", "--game", game, "--metric", "random", "--seed", seed
        )
        assert sorted_run == shuffled_run


def test_the_comparison_of_every_strategy_ignores_the_order(lists) -> None:
    a, b = both(lists, "report", "--all")
    assert a == b


@pytest.mark.parametrize("game", ["wordle", "jotto", "antiwordle"])
def test_first_guess_tables_ignore_the_order(lists, game: str) -> None:
    for pool in ("targets", "all"):
        a, b = both(lists, "first-guesses", "--game", game, "--pool", pool, "--top", "15")
        assert a == b


@pytest.mark.parametrize("metric", ["neg_entropy", "max", "random"])
def test_played_out_games_ignore_the_order(lists, metric: str) -> None:
    answers = lists["sorted"][0].read_text().split()
    for target in answers[::40]:
        a, b = both(lists, "play-out", target, "--metric", metric, "--guesses", "all")
        assert a == b


@pytest.mark.parametrize("played", [(), (5,), (100, 33), (170, 250)])
def test_suggestions_ignore_the_order(lists, played: tuple[int, ...]) -> None:
    target = lists["sorted"][0].read_text().split()[37]
    guesses = lists["sorted"][1].read_text().split()
    rows = [f"{guesses[i]}:{reply_for(guesses[i], target)}" for i in played]
    for hard in ([], ["--hard"]):
        runs = []
        for order in ("sorted", "shuffled"):
            answers, guesses = lists[order]
            files = ["--answers", str(answers), "--guess-list", str(guesses)]
            runs.append(runner.invoke(app, ["suggest", *rows, *hard, *files, "--json"]))
        assert runs[0].exit_code == 0, runs[0].output
        assert json.loads(runs[0].stdout) == json.loads(runs[1].stdout)


def test_the_evil_replier_ignores_the_order(lists) -> None:
    for policy in ("norvig", "consistent", "all"):
        a, b = both(lists, "evil", "--guesses", policy)
        assert a == b, policy
    a, b = both(lists, "evil", "--shortest")
    assert a == b


@pytest.mark.parametrize("mode", ["normal", "hard"])
def test_searched_trees_ignore_the_order(lists, mode: str) -> None:
    a, b = both(lists, "solve", "--mode", mode, "--top-k", "6", "--root-k", "6")
    assert a == b


def test_ghost_ignores_the_order_of_its_word_list(tmp_path: Path) -> None:
    words = [w for w in bundled_words(ENABLE, None) if w.startswith(("q", "x", "z"))]
    shuffled = random.Random(3).sample(words, len(words))
    for variant in ("ghost", "super"):
        runs = [
            output(
                "ghost", "solve", "--variant", variant, "--words", str(write(tmp_path / name, w))
            )
            for name, w in (("sorted.txt", sorted(words)), ("shuffled.txt", shuffled))
        ]
        assert runs[0] == runs[1]
