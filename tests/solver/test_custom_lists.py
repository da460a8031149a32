"""Users' own word lists: unsorted lists give the same figures as sorted ones, trees end.

A custom answer list can hold every guess in another order (SGB as both lists): no code may
take a full-length pool for the guess list in order.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from wordle_tui.solver import make_game
from wordle_tui.solver.reports.scores import run_strategy
from wordle_tui.solver.tree import POLICIES, tree_scores
from wordle_tui.solver.words import SGB, bundled_words

SAMPLE = 400


def write(path: Path, words: list[str]) -> Path:
    path.write_text("\n".join(words) + "\n")
    return path


@pytest.fixture(scope="module")
def lists(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The same SGB sample twice: sorted, and in a shuffled order (answers = guesses)."""
    folder = tmp_path_factory.mktemp("lists")
    words = sorted(random.Random(5).sample(list(bundled_words(SGB)), SAMPLE))
    shuffled = random.Random(6).sample(words, len(words))
    return write(folder / "sorted.txt", words), write(folder / "shuffled.txt", shuffled)


@pytest.mark.parametrize("policy", ["consistent", "all", "hard"])
@pytest.mark.parametrize("metric", ["max", "expectation", "neg_entropy"])
def test_the_order_of_a_list_changes_no_figure(lists, metric: str, policy: str) -> None:
    ordered, shuffled = (make_game("wordle", path, path) for path in lists)
    a = run_strategy(ordered, metric, policy)
    b = run_strategy(shuffled, metric, policy)
    assert (a.first_guess, a.summary.worst) == (b.first_guess, b.summary.worst)
    assert a.scores == b.scores


@pytest.mark.parametrize("policy", POLICIES)
def test_every_tree_on_an_unsorted_list_ends_and_reaches_every_target(lists, policy) -> None:
    game = make_game("wordle", lists[1], lists[1])
    result = run_strategy(game, "neg_entropy", policy)
    scores = tree_scores(result.tree)
    assert sorted(scores) == sorted(game.targets)
    assert sum(scores.values()) == sum(result.scores.values())
    assert max(scores.values()) <= len(game.targets)
