"""Four rows left in hard mode: a guess leaving a group three rows cannot finish is cut in one
compiled pass (`rows.unfinished_in_three`), and every value stays exact.

The seven -ATCH words, with CLAMP and FUZZY to guess too, one row played: CLAMP splits them
within the rows, but an -ATCH word first keeps six together with its greens, after which hard
mode allows only -ATCH words, each splitting off itself alone. So at the node below it, every
guess leaves five that three rows cannot finish: the pass marks them all, and the search
values such a first guess as needing a seventh row without trying one of them. The best move
and every guess's value and flag agree with the brute-force reference.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from reference_solver import game_from, optimal_total, reference_for

from wordle_tui.solver.matrix import reply_matrix
from wordle_tui.solver.search import position as position_module
from wordle_tui.solver.search.position import Position

ANSWERS = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]
GUESSES = [*ANSWERS, "clamp", "fuzzy"]


@pytest.fixture
def marked(monkeypatch) -> list[int]:
    """How many guesses each call of the three-row pass marked."""
    counts: list[int] = []
    real = position_module.unfinished_in_three

    def counting(*args, **kwargs):
        found = real(*args, **kwargs)
        counts.append(int(found.sum()))
        return found

    monkeypatch.setattr(position_module, "unfinished_in_three", counting)
    return counts


def test_guesses_that_cannot_finish_are_cut_and_the_values_are_exact(marked) -> None:
    game = game_from("wordle", ANSWERS, GUESSES)
    ref = reference_for(game)
    everyone = np.arange(len(game.targets))
    legal = np.ones(len(game.guesses), dtype=bool)
    position = Position(game, reply_matrix(game), everyone, legal, played=1)
    move = position.best()
    assert move.within_six and move.total == optimal_total(ref, hard=True, max_guesses=5)
    for word in game.guesses:
        value = position.value(word)
        within = optimal_total(ref, hard=True, first=word, max_guesses=5)
        if math.isinf(optimal_total(ref, hard=True, first=word)):
            continue  # FUZZY splits nothing: `test_position` checks such a wasted row
        assert value is not None and value.within_six == (not math.isinf(within)), word
        expected = within if value.within_six else optimal_total(ref, hard=True, first=word)
        assert value.total == expected, word
    assert not position.value("batch").within_six  # six -ATCH words left with four rows
    assert position.value("clamp").within_six
    assert sum(marked) > 0  # the pass did the cutting


def test_normal_mode_does_not_run_the_pass(marked) -> None:
    game = game_from("wordle", ANSWERS, GUESSES)
    everyone = np.arange(len(game.targets))
    move = Position(game, reply_matrix(game), everyone, None, played=1).best()
    assert move.total == optimal_total(reference_for(game), max_guesses=5)
    assert marked == []
