"""A fresh install: suggestions read the reply matrix by columns (`matrix.ReplyColumns`) until
it is cached, with the same results, and a plain `suggest` writes no matrix; the NYT prior's
word features are shipped (`cache.shipped_cache`), the same as computed.

The columns are checked against the whole matrix entry for entry, and the assistant's advice
with them against its advice with the whole matrix, on lists small enough to build it.
"""

from __future__ import annotations

import gzip
import json
import threading
from importlib import resources
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.solver import cache, make_game, reply_for
from wordle_tui.solver.assistant.engine import Assistant
from wordle_tui.solver.games import Game
from wordle_tui.solver.listsets import load_set
from wordle_tui.solver.matrix import (
    DIRECT_ROWS,
    ReplyColumns,
    cache_file,
    clear_memory,
    replies,
    reply_matrix,
    rows_for,
    whole,
)
from wordle_tui.solver.nyt import prior
from wordle_tui.solver.words import ANSWERS, GUESSES, bundled_words

PUZZLE = 1500  # a fixed puzzle, so the NYT prior is the same in every run
# the rows played against an answer: the empty board, a few hundred answers left, a few dozen
# (the endgame search's), a dozen after two rows
POSITIONS = (((), "shard"), (("crane",), "pilot"), (("crane",), "lapse"), (("crane",), "shard"))
POSITIONS += (((("salet", "round"), "mummy")),)


@pytest.fixture(scope="module")
def small_lists(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """About 3,000 allowed words (every answer below among them) and 770 answers."""
    folder = tmp_path_factory.mktemp("lists")
    answers = bundled_words(ANSWERS)[::3]
    targets = {target for _, target in POSITIONS}
    keep = {*answers, *targets, "salet", "round", "crane"}
    guesses = sorted({*bundled_words(GUESSES)[::6], *keep})
    (folder / "answers.txt").write_text("\n".join(sorted({*answers, *targets})) + "\n")
    (folder / "guesses.txt").write_text("\n".join(guesses) + "\n")
    return folder / "answers.txt", folder / "guesses.txt"


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A data folder of its own and no matrix in memory; returns a switch to another one."""

    def switch(name: str) -> Path:
        folder = tmp_path / name
        monkeypatch.setenv("WORDLE_TUI_HOME", str(folder))
        clear_memory()
        return folder

    switch("first")
    yield switch
    clear_memory()


def square(game: Game) -> Game:
    """The game a weighted prior plays: every allowed word may be the answer."""
    return Game("wordle", game.rules, game.guesses, game.guesses)


def test_the_columns_read_as_the_matrix_does(small_lists, fresh) -> None:
    game = square(make_game("wordle", *small_lists))
    full = reply_matrix(game, use_disk=False)
    columns = ReplyColumns(game)
    rng = np.random.default_rng(7)
    few = np.sort(rng.choice(len(game.targets), 40, replace=False))
    rows = rng.choice(len(game.guesses), 300, replace=False)
    assert np.array_equal(columns[5, few], full[5, few])  # a few rows: computed, not kept
    assert np.array_equal(
        columns[np.ix_(rows[:DIRECT_ROWS], few)], full[np.ix_(rows[:DIRECT_ROWS], few)]
    )
    assert columns.columns == 0
    assert np.array_equal(columns[:, few], full[:, few])  # every guess: kept
    assert columns.columns == len(few)
    assert np.array_equal(columns[np.ix_(rows, few[::-1])], full[np.ix_(rows, few[::-1])])
    assert np.array_equal(columns[rows[0], few[3:9]], full[rows[0], few[3:9]])
    more = np.append(few[:10], [0, len(game.targets) - 1])
    assert np.array_equal(columns[np.ix_(rows, more)], full[np.ix_(rows, more)])
    assert columns.columns == len(few) + 2  # only the new ones added
    assert np.array_equal(columns[9], full[9]) and np.array_equal(columns[rows], full[rows])
    assert columns[np.ix_(rows, few[:0])].shape == (len(rows), 0)
    with pytest.raises(TypeError):
        columns[rows[:5], few[:5]]  # pointwise pairs are not read: only blocks are
    assert whole(columns) is reply_matrix(game) and whole(full) is full


def test_rows_for_reads_the_columns_it_needs_only(small_lists, fresh) -> None:
    """rows_for on columns: the replies asked for, without computing the rest (np.take on a
    non-array would read every row of the whole square)."""
    game = square(make_game("wordle", *small_lists))
    full = reply_matrix(game, use_disk=False)
    columns = ReplyColumns(game)
    few = np.arange(0, len(game.targets), 97)
    every = np.arange(len(game.guesses))
    assert np.array_equal(rows_for(columns, every, few), full[:, few])
    assert np.array_equal(rows_for(columns, every[::3], few), full[np.ix_(every[::3], few)])
    assert columns.columns == len(few)


def test_threads_sharing_the_columns_read_the_same_replies(small_lists, fresh) -> None:
    game = square(make_game("wordle", *small_lists))
    full = reply_matrix(game, use_disk=False)
    columns = ReplyColumns(game)
    sets = [np.arange(k, len(game.targets), 97) for k in range(8)]
    wrong: list[int] = []

    def read(k: int) -> None:
        for targets in (sets[k], sets[(k + 1) % 8], sets[k]):
            if not np.array_equal(columns[:, targets], full[:, targets]):
                wrong.append(k)

    threads = [threading.Thread(target=read, args=(k,)) for k in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not wrong and columns.columns == len(np.unique(np.concatenate(sets)))


def advice(lists: tuple[Path, Path], prior: str, hard: bool, rank: str) -> tuple[set, list]:
    """Every stage of the advice after each position (and the matrix types it read)."""
    kinds, stages = set(), []
    for words, target in POSITIONS:
        rows = [(word, reply_for(word, target)) for word in words]
        helper = Assistant(hard, prior, *lists, rows=rows, puzzle=PUZZLE)
        kinds.add(type(helper.matrix))
        stages.append([(a.stage, a.suggestions) for a in helper.advice(10, rank)])
        stages.append(helper.candidate_words())
    return kinds, stages


@pytest.mark.parametrize("prior", ["nyt", "frequency"])
@pytest.mark.parametrize("hard", [False, True])
def test_weighted_advice_is_the_same_with_columns_and_with_the_matrix(
    small_lists, fresh, prior: str, hard: bool
) -> None:
    game = square(make_game("wordle", *small_lists))
    for rank in ("guesses", "entropy"):
        fresh(f"columns-{rank}")
        kinds, by_columns = advice(small_lists, prior, hard, rank)
        assert kinds == {ReplyColumns} and not cache_file(game).exists()
        fresh(f"matrix-{rank}")
        reply_matrix(game)  # built and cached: the assistant reads it whole
        kinds, by_matrix = advice(small_lists, prior, hard, rank)
        assert kinds == {np.ndarray}
        assert by_columns == by_matrix


def test_the_endgame_search_is_the_same_with_columns(small_lists, fresh) -> None:
    rows = [("salet", reply_for("salet", "mummy")), ("round", reply_for("round", "mummy"))]
    helper = Assistant(False, "nyt", *small_lists, rows=rows, puzzle=PUZZLE)
    assert helper.searched and isinstance(helper.matrix, ReplyColumns)
    searched = helper.endgame_suggestions()
    fresh("matrix")
    reply_matrix(helper.game)
    again = Assistant(False, "nyt", *small_lists, rows=rows, puzzle=PUZZLE)
    assert isinstance(again.matrix, np.ndarray) and again.endgame_suggestions() == searched


def test_the_uniform_prior_still_reads_the_whole_matrix(small_lists, fresh) -> None:
    helper = Assistant(False, "uniform", *small_lists, rows=[("crane", ".....")])
    assert isinstance(helper.matrix, np.ndarray) and cache_file(helper.game).exists()


def test_a_suggestion_on_a_fresh_install_writes_no_matrix(fresh) -> None:
    home = fresh("home")
    result = CliRunner().invoke(cli, ["suggest", "crane:.....", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["prior_in_use"] == "nyt" and len(data["suggestions"]) >= 10
    game = square(make_game("wordle", lists=load_set("nyt")))  # the NYT prior's
    assert isinstance(replies(game), ReplyColumns)
    written = {p.name: p.stat().st_size for p in home.rglob("*") if p.is_file()}
    assert not any(name.startswith("replies-") for name in written), written
    assert sum(written.values()) < 2**20, written


def test_the_shipped_prior_features_are_a_fresh_computation(fresh, monkeypatch) -> None:
    home = fresh("features")
    words = tuple(make_game("wordle", lists=load_set("nyt")).guesses)
    prior._features.cache_clear()
    try:
        shipped = prior._features(words)  # read from the package: nothing computed or written
        assert not list(home.rglob("nyt-prior-features-*"))
        prior._features.cache_clear()
        monkeypatch.setattr(cache, "shipped_cache", lambda name: None)
        computed = prior._features(words)
    finally:
        prior._features.cache_clear()
    assert list(home.rglob("nyt-prior-features-*"))  # computed now, and cached
    assert all(np.array_equal(a, b) for a, b in zip(shipped, computed, strict=True))


def test_a_cache_file_of_the_users_wins_over_the_shipped_one(fresh) -> None:
    fresh("own")
    folder = resources.files("wordle_tui").joinpath("trees")
    name = next(p.name for p in folder.iterdir() if p.name.endswith(".npy.gz"))[:-3]
    path = cache.cache_path(name)
    assert cache.read_cache(path) == gzip.decompress(folder.joinpath(f"{name}.gz").read_bytes())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"forged")  # not signed by this user: the shipped one still
    assert cache.read_cache(path) == gzip.decompress(folder.joinpath(f"{name}.gz").read_bytes())
    cache.write_cache(path, b"mine")
    assert cache.read_cache(path) == b"mine"
    assert cache.read_cache(path.with_name("nothing-shipped.npy")) is None
