"""The solver never crashes, never hangs and never trusts a wrong cache.

Real files in tmp_path and real FIFOs (os.mkfifo); every expected failure is a WordleTuiError
with a one-line message. Anything that could block runs in a daemon thread with a deadline,
so a regression fails the test instead of hanging the suite.
"""

from __future__ import annotations

import contextlib
import gzip
import itertools
import json
import os
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordle_tui.errors import WordleTuiError
from wordle_tui.files import FileProblem, atomic_write, read_text_file, remove_orphan_temps
from wordle_tui.games.ghost.gameplay.referee import GhostMatch
from wordle_tui.games.ghost.solver.cache import cache_key, solved
from wordle_tui.games.ghost.solver.cache import read_words as ghost_words
from wordle_tui.games.ghost.solver.vocabulary import build
from wordle_tui.solver import Solver, make_game, reply_for, tree_scores
from wordle_tui.solver import cache as cache_module
from wordle_tui.solver.assistant.engine import Assistant, AssistantError, parse_pattern, parse_row
from wordle_tui.solver.assistant.opening import opening_key
from wordle_tui.solver.matrix import (
    TooBigError,
    cache_file,
    check_size,
    clear_memory,
    matrix_bytes,
    reply_matrix,
)
from wordle_tui.solver.memory import memory_limit
from wordle_tui.solver.reports.scores import StrategySpec, cached_spec, result_key
from wordle_tui.solver.search.best_tree import SearchInterrupted, SurvivalSearch, TreeSearch
from wordle_tui.solver.search.evil import (
    BUDGET,
    cached_shortest_evil_win,
    evil_cache_key,
    greedy_win,
    shortest_evil_win,
)
from wordle_tui.solver.tree import first_guess
from wordle_tui.solver.trees import TreeError, load, save, validate
from wordle_tui.solver.words import ANSWERS, WordListError, bundled_words, read_words

SMALL = bundled_words(ANSWERS)[:40]


def within(seconds: float, call, *args):
    """Run `call(*args)` in a daemon thread; fail if it has not finished in time."""
    outcome: dict = {}

    def run() -> None:
        try:
            outcome["value"] = call(*args)
        except BaseException as error:  # handed back to the test
            outcome["error"] = error

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"{call.__name__} blocked for {seconds} s"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh data folder, so every cache starts empty (and orphan sweeping runs again)."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("WORDLE_TUI_HOME", str(folder))
    clear_memory()
    yield folder
    clear_memory()


def small_list(tmp_path: Path, words=SMALL, name: str = "answers.txt") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(words) + "\n")
    return path


# 1. Word lists


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbfcrane\r\nslate\n")
    assert read_words(path) == ["crane", "slate"]
    assert ghost_words(path) == ["crane", "slate"]
    assert make_game("wordle", path).targets == ("crane", "slate")


@pytest.mark.parametrize("kind", ["fifo", "device", "directory"])
def test_special_files_are_refused_at_once(tmp_path: Path, kind: str) -> None:
    path = {"fifo": tmp_path / "pipe", "device": Path("/dev/null"), "directory": tmp_path}[kind]
    if kind == "fifo":
        os.mkfifo(path)
    for reader in (read_words, ghost_words, lambda p: make_game("jotto", p)):
        with pytest.raises(WordListError, match="not a regular file") as caught:
            within(5, reader, path)
        assert "\n" not in str(caught.value)
    with pytest.raises(TreeError, match="not a regular file"):
        within(5, load, path, make_game("wordle"))


def test_random_bytes_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bytes.txt"
    path.write_bytes(b"crane\nslate\n\x93\xff\x00junk\n")
    with pytest.raises(WordListError, match=r"line 3: not a UTF-8 text file"):
        read_words(path)
    with pytest.raises(WordListError, match=r"line 3"):
        ghost_words(path)


def test_a_huge_line_gives_a_short_message(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text("crane\n" + "x" * 100_000 + "\n")
    with pytest.raises(WordListError, match="line 2") as caught:
        read_words(path)
    assert len(str(caught.value)) < 200


def test_read_text_file_raises_the_callers_error(tmp_path: Path) -> None:
    with pytest.raises(FileProblem, match="no such thing file"):
        read_text_file(tmp_path / "none", "thing")


# 2. A one-word answers list


def test_a_one_word_list_is_solved_without_crashing(tmp_path: Path) -> None:
    game = make_game("wordle", small_list(tmp_path, ["crane"]))
    result = TreeSearch(game).run()
    assert result.tree == "crane" and first_guess(result.tree) == "crane"
    assert result.first_guess == "crane" and (result.total, result.worst) == (1, 1)
    assert validate(result.tree, game) == []
    save(result.tree, game, tmp_path / "one.json.gz", total=1)
    tree, meta = load(tmp_path / "one.json.gz", game)
    assert tree == "crane" and meta["total"] == 1
    assert Solver(game, "max", "norvig").tree() == "crane"
    assert tree_scores(Solver(game).tree()) == {"crane": 1}
    anti = make_game("antiwordle", small_list(tmp_path, ["crane"]))
    assert SurvivalSearch(anti).run().first_guess == "crane"
    assert shortest_evil_win(game)["guesses"] == 1
    assert Assistant(answers=str(tmp_path / "answers.txt")).suggest(3)[0].word == "crane"


# 3. Jotto without a word of five different letters


def test_jotto_needs_a_word_of_five_different_letters(tmp_path: Path) -> None:
    path = small_list(tmp_path, ["geese", "llama", "abbey"])
    with pytest.raises(WordListError, match="no word of five different letters in"):
        make_game("jotto", path)


# 4. Tree files


def test_a_deeply_nested_tree_file_is_refused(tmp_path: Path, wordle) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text('{"tree":' + '{"g":"crane","b":{"GGGGG":' * 100_000 + "}" * 200_001)
    with pytest.raises(TreeError, match="nested too deeply"):
        load(deep, wordle)
    for text in ("[1, 2]", "5", "null", '{"tree": [1]}', '{"g": 3, "b": {}}'):
        (tmp_path / "junk.json").write_text(text)
        with pytest.raises(TreeError):
            load(tmp_path / "junk.json", wordle)
    (tmp_path / "junk.gz").write_bytes(b"\x1f\x8b" + os.urandom(200))
    with pytest.raises(TreeError, match="not a tree file"):
        load(tmp_path / "junk.gz", wordle)
    (tmp_path / "cut.gz").write_bytes(gzip.compress(b'{"g": "crane", "b": {}}')[:-12])
    with pytest.raises(TreeError, match="not a tree file"):
        load(tmp_path / "cut.gz", wordle)


def test_saving_a_tree_never_replaces_a_special_file(tmp_path: Path) -> None:
    game = make_game("wordle", small_list(tmp_path, ["crane"]))
    os.mkfifo(tmp_path / "pipe")
    for target in (tmp_path / "pipe", Path("/dev/full"), tmp_path):
        with pytest.raises(TreeError, match="not a regular file"):
            within(5, save, "crane", game, target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answers.txt", "pipe"]
    with pytest.raises(TreeError, match="cannot write"):
        save("crane", game, tmp_path / "no" / "such" / "folder.json")


def test_a_failed_atomic_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    def broken(handle) -> None:
        handle.write(b"half")
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        atomic_write(tmp_path / "out.bin", broken)
    assert list(tmp_path.iterdir()) == []


# 5. Lists too big for the machine


def big_list(tmp_path: Path, count: int = 200_000) -> Path:
    words = (
        "".join(letters) for letters in itertools.product("abcdefghijklmnopqrstuvwxyz", repeat=5)
    )
    return small_list(tmp_path, list(itertools.islice(words, count)), "big.txt")


def test_a_huge_list_is_refused_before_any_allocation(tmp_path: Path, home: Path) -> None:
    game = make_game("wordle", big_list(tmp_path), big_list(tmp_path))
    assert len(game.guesses) == len(game.targets) == 200_000
    with pytest.raises(TooBigError) as caught:
        reply_matrix(game, limit=23 * 2**30)
    message = str(caught.value)
    assert message.startswith("the reply matrix for 200,000 guesses × 200,000 answers needs 37.3")
    assert message.endswith("use shorter lists") and isinstance(caught.value, WordleTuiError)
    if matrix_bytes(200_000, 200_000) > (memory_limit() or 0):  # this machine's own limit
        with pytest.raises(TooBigError):
            Assistant(answers=str(tmp_path / "big.txt"))
    check_size(2309, 12972, limit=10**9)  # the bundled lists fit easily


def test_a_ghost_word_too_long_for_memory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TooBigError, match="use a list of shorter words"):
        build(["ab" * 200_000], "super")


# 6. Caches: checked on load, written atomically, never a FIFO, orphans swept


def test_the_matrix_cache_rejects_a_wrong_fingerprint_and_a_fifo(tmp_path, home) -> None:
    game = make_game("wordle", small_list(tmp_path))
    good = reply_matrix(game).copy()
    path = cache_file(game)
    other = make_game("wordle", small_list(tmp_path, bundled_words(ANSWERS)[100:140], "b.txt"))
    np.save(path, reply_matrix(other, use_disk=False))  # same shape, other words
    clear_memory()
    assert np.array_equal(reply_matrix(game), good)
    assert np.array_equal(np.load(path), good)  # replaced
    path.write_bytes(path.read_bytes()[:1000])  # truncated
    clear_memory()
    assert np.array_equal(reply_matrix(game), good)
    path.unlink()
    os.mkfifo(path)
    clear_memory()
    assert np.array_equal(within(10, reply_matrix, game), good)


def test_the_opening_cache_is_checked_and_replaced(tmp_path, home) -> None:
    answers = str(small_list(tmp_path))
    helper = Assistant(answers=answers)
    fresh = helper.suggest(5)
    path = home / "cache" / f"{opening_key(helper.game, 'uniform', False, 5)}.json"
    data = json.loads(path.read_text())
    data["suggestions"][0]["word"] = "zzzzz"  # not in the guess list
    path.write_text(json.dumps(data))
    assert Assistant(answers=answers).suggest(5) == fresh
    assert json.loads(path.read_text())["suggestions"][0]["word"] == fresh[0].word
    for damage in ('{"version": 2, "key": "another"', "[]", '{"version": 2}'):
        path.write_text(damage)
        assert Assistant(answers=answers).suggest(5) == fresh
    path.unlink()
    os.mkfifo(path)
    assert within(10, Assistant(answers=answers).suggest, 5) == fresh


def test_an_unusable_cache_folder_means_no_caching(tmp_path, home) -> None:
    (home / "cache").write_text("a file where the cache folder should be")
    helper = Assistant(answers=str(small_list(tmp_path)))
    assert len(helper.suggest(3)) == 3
    game = make_game("wordle", small_list(tmp_path))
    assert cached_shortest_evil_win(game)["guesses"] >= 2
    assert cached_spec(game, StrategySpec("max", "norvig")).summary.targets == len(SMALL)
    assert solved("ghost", 3, small_list(tmp_path, ["cat", "cart", "dog"], "g.txt")).fragments


def test_the_evil_cache_must_replay_as_a_forced_win(tmp_path, home) -> None:
    game = make_game("wordle", small_list(tmp_path))
    found = cached_shortest_evil_win(game)
    path = home / "cache" / f"{evil_cache_key(game, BUDGET)}.json"
    data = json.loads(path.read_text())
    assert data["proved"] is True and data["sequence"] == found["sequence"]
    data["sequence"][0][1] = "GGGGG" if data["sequence"][0][1] != "GGGGG" else "....."
    path.write_text(json.dumps(data))
    assert cached_shortest_evil_win(game) == found
    path.write_text(path.read_text()[:30])
    assert cached_shortest_evil_win(game) == found
    path.unlink()
    os.mkfifo(path)
    assert within(10, cached_shortest_evil_win, game) == found


def test_the_report_cache_must_cover_the_targets(tmp_path, home) -> None:
    game = make_game("wordle", small_list(tmp_path))
    spec = StrategySpec("max", "norvig")
    fresh = cached_spec(game, spec)
    path = home / "cache" / f"{result_key(game, spec, 0)}.json"
    data = json.loads(path.read_text())
    data["scores"].pop(SMALL[0])
    data["scores"]["zzzzz"] = 1
    path.write_text(json.dumps(data))
    assert cached_spec(game, spec).scores == fresh.scores
    for damage in ('{"key":', json.dumps({**data, "key": "other"}), json.dumps([1])):
        path.write_text(damage)
        assert cached_spec(game, spec).scores == fresh.scores
    path.unlink()
    os.mkfifo(path)
    assert within(10, cached_spec, game, spec).scores == fresh.scores


def test_the_ghost_cache_is_checked_and_rebuilt(tmp_path, home) -> None:
    words = small_list(tmp_path, ["cat", "cart", "carton", "dog", "dogma", "zebra"], "g.txt")
    fresh = solved("super", 3, words)
    path = home / "cache" / f"{cache_key(fresh.words, 'super', 3)}.npz"
    saved = dict(np.load(path))
    tampered = {**saved, "win": ~saved["win"]}  # right key and shapes, wrong outcomes
    with path.open("wb") as handle:
        np.savez(handle, **tampered)
    again = solved("super", 3, words)
    assert np.array_equal(again.win, fresh.win)
    assert np.array_equal(np.load(path)["win"], fresh.win)  # replaced
    with path.open("wb") as handle:
        np.savez(handle, **{**saved, "key": np.array("ghost-v2-other")})
    assert np.array_equal(solved("super", 3, words).win, fresh.win)
    path.write_bytes(path.read_bytes()[:200])
    assert np.array_equal(solved("super", 3, words).win, fresh.win)
    path.unlink()
    os.mkfifo(path)
    assert np.array_equal(within(10, solved, "super", 3, words).win, fresh.win)


def test_orphan_temporary_files_are_swept_once_an_hour_old(tmp_path, home) -> None:
    folder = home / "cache"
    folder.mkdir()
    old, new = folder / ".replies.npy.abc.tmp", folder / ".opening.json.def.tmp"
    old.write_bytes(b"half a file")
    new.write_bytes(b"a writer still at work")
    an_hour_ago = time.time() - 3700
    os.utime(old, (an_hour_ago, an_hour_ago))
    os.mkfifo(folder / "pipe.tmp")
    os.utime(folder / "pipe.tmp", (an_hour_ago, an_hour_ago))
    assert cache_module.cache_path("x.json") == folder / "x.json"
    assert not old.exists() and new.exists() and (folder / "pipe.tmp").exists()
    assert remove_orphan_temps(folder, older_than_s=0) == 1  # only regular files go


# 7. The shortest forced win: bounded, honest about what it proved, interruptible


def random_answers(tmp_path: Path, seed: int) -> Path:
    """Answers drawn at random from the bundled ones (seed 0: 349 words)."""
    rng = np.random.default_rng(seed)
    count = int(rng.integers(60, 400))
    return small_list(tmp_path, sorted(rng.choice(bundled_words(ANSWERS), count, replace=False)))


def test_the_evil_search_is_bounded_and_says_what_it_proved(tmp_path, home) -> None:
    game = make_game("wordle", random_answers(tmp_path, 0))
    assert len(greedy_win(game)) == 4  # the upper bound the search starts from
    full = shortest_evil_win(game)
    assert full["proved"] and full["guesses"] == 3 and full["bound"][-1] == 1
    assert "no win in fewer than 3 guesses; found one in 3" in full["proof"]
    calls: list[tuple[int, int]] = []
    cut = shortest_evil_win(game, lambda done, total: calls.append((done, total)), budget=1)
    assert not cut["proved"] and cut["guesses"] == 4
    assert "The best found is 4 guesses; a shorter one was not ruled out" in cut["proof"]
    assert calls and calls[-1] == (1, 1)
    assert set(cut) == {"guesses", "sequence", "proof", "bound", "proved"}


def test_ctrl_c_during_the_evil_search_keeps_the_best_so_far(tmp_path, home) -> None:
    game = make_game("wordle", small_list(tmp_path))

    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(SearchInterrupted) as caught:
        shortest_evil_win(game, interrupt)
    best = caught.value.best
    assert best is not None and best["sequence"][-1][1] == "GGGGG"
    assert f"the best found is {best['guesses']} guesses" in str(caught.value)


# 8. Six rows at most


def test_no_seventh_row_without_a_win(wordle) -> None:
    helper = Assistant()
    for word in ("fuzzy", "jumbo", "vivid", "wacky", "nymph", "gawky"):
        helper.add(word, reply_for(word, "crate"))
    with pytest.raises(AssistantError, match="Wordle has six rows"):
        helper.add("slate", reply_for("slate", "crate"))
    assert len(helper.rows) == 6
    helper.undo()
    helper.add("crate", "GGGGG")
    with pytest.raises(AssistantError, match="solved"):
        helper.add("slate", ".....")


# 9. Ghost lookups: linear in the length of the word


def ghost_game_steps(length: int) -> int:
    """Lookup steps to play a word of `length` letters to the end, with a hint every move."""
    rng = np.random.default_rng(length)
    word = "".join(rng.choice(list("abcdefghijklmnopqrstuvwxyz"), length))
    vocab = build([word], "super")
    match = GhostMatch(vocab)
    for k in range(1, length + 1):
        assert match.check(word[:k]) is None
        match.play(word[:k])
        vocab.winning_plays(match.fragment)  # 26 plays at each end, and their outcomes
    assert match.loser == (length - 1) % 2
    match.review()
    return vocab.lookup_steps


def test_ghost_lookups_grow_linearly_with_the_word() -> None:
    short, long = ghost_game_steps(300), ghost_game_steps(600)
    assert long <= 2.3 * short, (short, long)


def test_ghost_prepending_finds_the_same_fragments() -> None:
    words = ["carton", "dogma", "abracadabra"]
    vocab = build(words, "superduper")
    fragments = ["", "a", "ra", "bra", "abra", "dabra", "ton", "arton", "og", "ogma", "cabra"]
    for fragment in fragments:
        vocab.find(fragment[1:])  # remembered: the next lookup prepends one letter
        fresh = build(words, "superduper")  # remembers nothing: walks from the empty fragment
        assert vocab.find(fragment) == fresh.find(fragment), fragment
        node = vocab.find(fragment)
        assert (vocab.text(node) == fragment) if fragment != "cabra" else node == -1


# 10. Random input: only WordleTuiError (or success)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_random_bytes_as_word_lists(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "words.txt"
        path.write_bytes(data)
        games = [lambda p, name=name: make_game(name, p) for name in ("wordle", "jotto")]
        for call in (read_words, ghost_words, *games):
            try:
                call(path)
            except WordleTuiError as error:
                assert "\n" not in str(error)


@pytest.fixture(scope="module")
def small_assistant(tmp_path_factory: pytest.TempPathFactory) -> Assistant:
    return Assistant(answers=str(small_list(tmp_path_factory.mktemp("lists"))))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=30), st.text(max_size=30))
def test_random_text_as_rows(word: str, pattern: str) -> None:
    for call, args in ((parse_pattern, (pattern,)), (parse_row, (word + pattern,))):
        with contextlib.suppress(WordleTuiError):
            call(*args)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    st.one_of(st.text(max_size=8), st.sampled_from(SMALL)),
    st.one_of(st.text(max_size=8), st.text("GY.gy-012🟩⬛", min_size=5, max_size=5)),
)
def test_random_rows_for_the_assistant(small_assistant: Assistant, word: str, pattern: str):
    small_assistant.clear()
    try:
        small_assistant.add(word, pattern)
    except WordleTuiError:
        assert small_assistant.rows == []
