"""One plural rule everywhere: the singular cases read "1 answer", "1 guess", "1 colouring"."""

from __future__ import annotations

import pytest

from wordle_tui.cli.common import CliError
from wordle_tui.cli.multi.command import parse_multi_row
from wordle_tui.solver.listsets import WordListSet
from wordle_tui.ui.lists_screen import prompt


def one_word_set() -> WordListSet:
    return WordListSet("tiny", ("crane",), ("crane",), (), "one word", "a test")


def test_a_set_of_one_word_says_one_answer_and_one_guess() -> None:
    tiny = one_word_set()
    assert tiny.summary().startswith("tiny: 1 answer, 1 guess (fingerprint ")
    assert "1 answer · 1 guess\n" in str(prompt("tiny", tiny, "nyt").prompt)


def test_one_colouring_for_four_boards_is_singular() -> None:
    with pytest.raises(CliError, match=r"^'crane:ggggg': 1 colouring for 4 boards$"):
        parse_multi_row("crane:ggggg", 4)
