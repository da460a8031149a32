"""Word lists: bundled lists, user files with bad lines, and the Jotto list."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wordle_tui.solver import WordListError, jotto_allowable, make_game, read_words
from wordle_tui.solver.words import ANSWERS, ENABLE, GUESSES, SGB, bundled_words


def test_bundled_lists_have_their_documented_sizes() -> None:
    assert len(bundled_words(ANSWERS)) == 2309
    assert len(bundled_words(GUESSES)) == 12972
    assert len(bundled_words(SGB)) == 5756
    assert len(bundled_words(ENABLE, None)) == 172820
    assert set(bundled_words(ANSWERS)) <= set(bundled_words(GUESSES))


def test_jotto_lists_have_the_seed_sizes() -> None:
    assert len(jotto_allowable(bundled_words(SGB))) == 2845
    assert len(jotto_allowable(bundled_words(ANSWERS))) == 1391


def test_jotto_keeps_one_word_per_anagram_set_the_last_one() -> None:
    # The alphabetically last of each anagram set, in the place of the set's first word.
    assert jotto_allowable(["spear", "apple", "pears", "reaps", "abcde"]) == ["spear", "abcde"]
    assert jotto_allowable(["abcde", "reaps", "spear", "pears"]) == ["abcde", "spear"]


def test_reading_skips_blanks_comments_and_crlf(tmp_path: Path) -> None:
    path = tmp_path / "w.txt"
    path.write_bytes(b"# my list\r\nCrane\r\n\r\nslate\r\ncrane\r\n")
    assert read_words(path) == ["crane", "slate"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("crane\nab1de\n", r"line 2: not a word of letters a-z \(character 3 is a digit\)"),
        ("crane\nslates\n", "line 2: a word of 6 letters, not 5"),
        ("\n# only a comment\n", "the word list is empty"),
        ("crane\ncafé!\n", "line 2"),
    ],
)
def test_bad_lists_name_the_file_and_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(WordListError, match=message) as caught:
        read_words(path)
    assert str(path) in str(caught.value)


def test_missing_and_binary_files(tmp_path: Path) -> None:
    with pytest.raises(WordListError, match="no such word list file"):
        read_words(tmp_path / "nope.txt")
    binary = tmp_path / "b.txt"
    binary.write_bytes(b"\xff\xfe\x00crane")
    with pytest.raises(WordListError, match="not a UTF-8 text file"):
        read_words(binary)
    with pytest.raises(WordListError, match="is a directory"):
        read_words(tmp_path)


def test_custom_answers_join_the_guess_list(tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("zzzzy\ncrane\n")
    game = make_game("wordle", answers=answers)
    assert game.targets == ("zzzzy", "crane")
    assert game.is_word("zzzzy") and game.is_word("slate")


def test_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        make_game("chess")


def test_jotto_guesses_never_hold_an_anagram_of_another_target(jotto) -> None:
    letter_sets = {frozenset(t): t for t in jotto.targets}
    for word in jotto.guesses:
        assert len(set(word)) == 5
        assert letter_sets.get(frozenset(word), word) == word


@pytest.mark.parametrize(
    "line", ["root:x:0:0:root:/root:/bin/bash", "HOME=/secret/place", "sl4te", "naïve"]
)
def test_a_bad_line_is_described_never_quoted(tmp_path: Path, line: str) -> None:
    # A served app shows these messages in a browser: no file's text may reach it through them.
    from wordle_tui.games.ghost.solver.cache import read_words as ghost_words

    path = tmp_path / "bad.txt"
    path.write_text(f"crane\n{line}\n", encoding="utf-8")
    for read in (read_words, ghost_words):
        with pytest.raises(WordListError, match="line 2: not a word of letters a-z") as caught:
            read(path)
        message = str(caught.value).replace(str(path), "")
        assert not any(part in message for part in re.findall("[a-z]{3,}", line, re.I))
