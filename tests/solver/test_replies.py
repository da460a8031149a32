"""Replies: the seeds' examples, properties of the rules, and the matrix against the scalar rule."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_tui.solver import jotto_reply, reply_code, reply_for, reply_string
from wordle_tui.solver.replies import jotto_matrix, wordle_matrix

SEED_EXAMPLES = [
    ("NINNY", "ANNEX", "Y.G.."),
    ("ANNEX", "NINNY", ".YG.."),
    ("HELLO", "WORLD", "...GY"),
    ("WORLD", "HELLO", ".Y.G."),
    ("HELLO", "ABYSS", "....."),
    ("ABYSS", "HELLO", "....."),
    ("EPEES", "GEESE", "Y.GYY"),
    ("GEESE", "EPEES", ".YGYY"),
    ("WHEEE", "PEEVE", "..GYG"),
    ("PEEVE", "WHEEE", ".YG.G"),
    ("MOUTH", "SNORT", ".Y.Y."),
]

# Few letters, so that repeated letters and shared letters are common.
words = st.text(alphabet="abcde", min_size=5, max_size=5)


@pytest.mark.parametrize(("guess", "target", "reply"), SEED_EXAMPLES)
def test_seed_examples(guess: str, target: str, reply: str) -> None:
    assert reply_for(guess, target) == reply


def test_reply_for_ignores_case() -> None:
    assert reply_for("ninny", "annex") == "Y.G.."


@given(words)
def test_a_word_against_itself_is_all_green(word: str) -> None:
    assert reply_for(word, word) == "GGGGG"


@given(words, words)
def test_non_misses_count_the_shared_letters(guess: str, target: str) -> None:
    shared = sum((Counter(guess) & Counter(target)).values())
    reply = reply_for(guess, target)
    assert len(reply) - reply.count(".") == shared


@given(words, words)
def test_greens_are_exactly_the_matching_spots(guess: str, target: str) -> None:
    reply = reply_for(guess, target)
    assert [c == "G" for c in reply] == [g == t for g, t in zip(guess, target, strict=True)]


@given(words, st.lists(words, min_size=1, max_size=6))
def test_the_target_is_consistent_with_its_own_replies(target: str, guesses: list[str]) -> None:
    history = [(g, reply_for(g, target)) for g in guesses]
    assert all(reply_for(g, target) == r for g, r in history)


@given(words, words)
def test_replies_in_both_directions_are_permutations(a: str, b: str) -> None:
    assert sorted(reply_for(a, b)) == sorted(reply_for(b, a))


@given(words, words)
def test_jotto_replies_are_symmetric(a: str, b: str) -> None:
    assert jotto_reply(a, b) == jotto_reply(b, a)


def test_jotto_reply_counts_distinct_shared_letters() -> None:
    assert jotto_reply("mouth", "south") == 4
    assert jotto_reply("abcde", "fghij") == 0
    assert jotto_reply("stare", "tears") == 5


@given(st.integers(0, 242))
def test_reply_codes_round_trip(code: int) -> None:
    assert reply_code(reply_string(code)) == code


def test_win_code() -> None:
    assert reply_code("GGGGG") == 242
    assert reply_code(".....") == 0


@settings(max_examples=50)
@given(st.lists(words, min_size=1, max_size=30), st.lists(words, min_size=1, max_size=30))
def test_matrix_matches_scalar_rule(guesses: list[str], targets: list[str]) -> None:
    matrix = wordle_matrix(guesses, targets)
    expected = [[reply_code(reply_for(g, t)) for t in targets] for g in guesses]
    assert matrix.tolist() == expected


@settings(max_examples=50)
@given(st.lists(words, min_size=1, max_size=30), st.lists(words, min_size=1, max_size=30))
def test_jotto_matrix_matches_scalar_rule(guesses: list[str], targets: list[str]) -> None:
    matrix = jotto_matrix(guesses, targets)
    assert matrix.tolist() == [[jotto_reply(g, t) for t in targets] for g in guesses]


def test_matrix_on_real_words_with_repeated_letters(wordle) -> None:
    rng = np.random.default_rng(7)
    doubled = [w for w in wordle.guesses if len(set(w)) < 5]
    guesses = [doubled[i] for i in rng.choice(len(doubled), 150, replace=False)]
    targets = [wordle.targets[i] for i in rng.choice(len(wordle.targets), 150, replace=False)]
    matrix = wordle_matrix(guesses, targets)
    for i, g in enumerate(guesses):
        assert [reply_string(int(c)) for c in matrix[i]] == [reply_for(g, t) for t in targets]
