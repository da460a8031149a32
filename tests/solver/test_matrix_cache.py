"""The reply matrix cache: written once, reloaded, and recomputed when damaged."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from wordle_tui.solver import make_game
from wordle_tui.solver.matrix import cache_file, clear_memory, reply_matrix


@pytest.fixture
def small_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path))
    answers = tmp_path / "answers.txt"
    answers.write_text("crane\nslate\nmoose\ngeese\nabbey\n")
    clear_memory()
    yield make_game("wordle", answers=answers)
    clear_memory()


def test_matrix_is_cached_in_the_home_folder(small_game, tmp_path: Path) -> None:
    first = reply_matrix(small_game)
    path = cache_file(small_game)
    assert path.is_file() and tmp_path in path.parents
    clear_memory()
    again = reply_matrix(small_game)
    assert np.array_equal(first, again)


@pytest.mark.parametrize("damage", [b"", b"not a numpy file at all", b"\x93NUMPY\x01\x00garbage"])
def test_a_damaged_cache_is_recomputed(small_game, damage: bytes) -> None:
    good = reply_matrix(small_game).copy()
    path = cache_file(small_game)
    path.write_bytes(damage)
    clear_memory()
    assert np.array_equal(reply_matrix(small_game), good)
    clear_memory()
    assert np.array_equal(np.load(path), good)  # and the file was written afresh


def test_a_cache_of_the_wrong_shape_is_recomputed(small_game) -> None:
    good = reply_matrix(small_game).copy()
    np.save(cache_file(small_game), np.zeros((2, 2), dtype=np.uint8))
    clear_memory()
    assert np.array_equal(reply_matrix(small_game), good)


def test_different_lists_use_different_cache_files(small_game, tmp_path: Path) -> None:
    other_answers = tmp_path / "other.txt"
    other_answers.write_text("crane\nslate\n")
    other = make_game("wordle", answers=other_answers)
    assert cache_file(other) != cache_file(small_game)


def test_an_unusable_cache_folder_is_not_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "cache").write_text("a file where the cache folder should be")
    monkeypatch.setenv("WORDLE_TUI_HOME", str(home))
    answers = tmp_path / "answers.txt"
    answers.write_text("crane\nslate\n")
    clear_memory()
    game = make_game("wordle", answers=answers)
    assert reply_matrix(game).shape == (len(game.guesses), 2)
    clear_memory()


def test_a_cached_matrix_is_mapped_from_its_file_read_only(small_game) -> None:
    good = reply_matrix(small_game).copy()
    clear_memory()
    again = reply_matrix(small_game)
    assert isinstance(again.base, np.memmap) and not again.flags.writeable
    assert np.array_equal(again, good) and again.dtype == good.dtype


@pytest.mark.parametrize(
    "other",
    [
        lambda good: good.astype(np.float64),  # another type
        np.asfortranarray,  # the same entries, stored by column
    ],
)
def test_a_cache_holding_another_array_is_recomputed(small_game, other) -> None:
    good = reply_matrix(small_game).copy()
    np.save(cache_file(small_game), other(good))
    clear_memory()
    fresh = reply_matrix(small_game)
    assert np.array_equal(fresh, good) and fresh.dtype == good.dtype


def test_a_truncated_cache_is_recomputed(small_game) -> None:
    good = reply_matrix(small_game).copy()
    path = cache_file(small_game)
    path.write_bytes(path.read_bytes()[:-3])  # the header whole, the last replies cut off
    clear_memory()
    assert np.array_equal(reply_matrix(small_game), good)
    clear_memory()
    assert np.array_equal(np.load(path), good)  # and the file was written afresh
