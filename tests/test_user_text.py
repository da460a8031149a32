"""Text from users and files: digits are ASCII digits, and case changes never change a length."""

from __future__ import annotations

import pytest


def test_a_jotto_tree_reply_is_ascii_digits_only(jotto) -> None:
    from wordle_tui.solver.trees import reply_parser

    count = reply_parser(jotto)
    assert count("3") == 3
    for text in ("٣", "³", "9" * 5000):  # int() reads the first as 3, fails on the others
        with pytest.raises(ValueError):
            count(text)
