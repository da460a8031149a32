"""Ghost, SuperGhost and SuperDuperGhost: the seeds' figures, brute force, the referee."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.games.ghost.gameplay.referee import GhostMatch
from wordle_tui.games.ghost.solver.cache import read_words, solved
from wordle_tui.games.ghost.solver.strategies import exploit, perfect, random_player
from wordle_tui.games.ghost.solver.summary import memorisable, outcomes
from wordle_tui.games.ghost.solver.vocabulary import GhostError, build

ENABLE = read_words()


@pytest.fixture(scope="module")
def ghost3():
    return solved("ghost", 3)


@pytest.fixture(scope="module")
def ghost4():
    return solved("ghost", 4)


def test_ghost_figures(ghost3, ghost4) -> None:
    assert ghost3.fragments == 80_120 and not ghost3.win[0]  # 387,878 before pruning
    assert ghost3.winning_plays("") == []
    assert ghost4.fragments == 133_069 and ghost4.win[0]  # 387,844 before pruning
    assert "n" in ghost4.winning_plays("")
    assert ghost3.legal_plays("gho") == ["ghos", "ghou"]
    assert ghost3.legal_plays("ew") == ["ewe"]


def test_outcome_sets(ghost3, ghost4) -> None:
    first3 = outcomes(ghost3, 0)
    assert first3.winners == ("qaid", "qiviut", "qoph", "qurush", "qwerty")
    assert first3.losers == ("qursh",)
    first4 = outcomes(ghost4, 0)
    assert first4.winners == ("naan", "nene", "ngultrum", "nirvanic", "nolo", "null", "nyctalopia")
    assert first4.losers == ()
    second3, second4 = outcomes(ghost3, 1), outcomes(ghost4, 1)
    assert len(second3.winners) + len(second3.losers) == 55 and not second3.losers
    assert len(second4.winners) + len(second4.losers) == 85 and len(second4.losers) == 4


@pytest.mark.parametrize(
    ("variant", "letter", "count"),
    [
        ("super", "u", {3: 1_076_434, 4: 1_076_431}),
        ("superduper", "p", {3: 1_076_434, 4: 1_076_431}),
    ],
)
@pytest.mark.parametrize("min_length", [3, 4])
def test_super_variants(variant: str, letter: str, count: dict, min_length: int) -> None:
    vocab = solved(variant, min_length)
    assert vocab.fragments == count[min_length]
    assert vocab.win[0] and letter in vocab.winning_plays("")


def test_super_plays_at_both_ends_and_reversed() -> None:
    vocab = solved("super", 3)
    plays = vocab.legal_plays("crop")
    assert "acrop" in plays and "crops" in plays and "porch" not in plays
    duper = solved("superduper", 3)
    assert {"porch", "iporc"} <= set(duper.legal_plays("crop"))


@pytest.mark.parametrize(
    ("words", "first_wins", "winning"),
    [
        ("cat camel gecko", False, []),
        ("cat camel goat gerbil", True, ["g"]),
        ("cat camel goat gecko gerbil gar", False, []),
        ("cat camel goat gecko gerbil gar gannet", True, ["g"]),
    ],
)
def test_the_seeds_small_vocabularies(words: str, first_wins: bool, winning: list) -> None:
    vocab = build(words.split(), "ghost", 3)
    assert bool(vocab.win[0]) == first_wins and vocab.winning_plays("") == winning


def brute(words: list[str], variant: str, m: int):
    kept = {w for w in words if len(w) >= m}
    if variant == "ghost":  # a word ends the game: nothing past it is ever played (pruned)
        past_a_word = [{w[:j] for j in range(i)} & kept for w in kept for i in range(len(w) + 1)]
        every = [w[:i] for w in kept for i in range(len(w) + 1)]
        frags = {f for f, words in zip(every, past_a_word, strict=True) if not words}
    else:
        frags = {w[i:j] for w in kept for i in range(len(w)) for j in range(i, len(w) + 1)}

    def plays(f):
        bases = [f, f[::-1]] if variant == "superduper" else [f]
        found = {b + c for b in bases for c in "abc"}
        if variant != "ghost":
            found |= {c + b for b in bases for c in "abc"}
        return found & frags

    @lru_cache(None)
    def win(f):
        return f in kept or f not in frags or any(not win(p) for p in plays(f))

    return frags, win, plays


def test_engine_equals_brute_force_on_small_vocabularies() -> None:
    rng = random.Random(11)
    for _ in range(150):
        words = [
            "".join(rng.choice("abc") for _ in range(rng.randint(1, 7)))
            for _ in range(rng.randint(1, 10))
        ]
        variant, m = rng.choice(["ghost", "super", "superduper"]), rng.randint(1, 4)
        if not any(len(w) >= m for w in words):
            continue
        vocab = build(words, variant, m)
        frags, win, plays = brute(words, variant, m)
        assert vocab.fragments == len(frags)
        for f in frags:
            assert vocab.text(vocab.find(f)) == f
            assert vocab.wins(f) == win(f), (words, variant, m, f)
            if not vocab.is_word_text(f):
                assert set(vocab.legal_plays(f)) == plays(f)


def test_very_long_words_need_no_recursion() -> None:
    long_word = "ab" * 1500
    vocab = build([long_word, "abc"], "super", 3)
    assert vocab.find(long_word[:2000]) >= 0
    assert isinstance(bool(vocab.win[0]), bool)


def test_bad_vocabularies() -> None:
    with pytest.raises(GhostError, match="no word has 5"):
        build(["cat"], "ghost", 5)
    with pytest.raises(GhostError, match="lower-case letters"):
        build(["cat", "d0g"], "ghost", 3)
    with pytest.raises(GhostError, match="unknown variant"):
        build(["cat"], "xghostly", 3)
    with pytest.raises(GhostError, match="at least 1"):
        build(["cat"], "ghost", 0)


def test_memorisable_strategies_are_small_and_winning(ghost4) -> None:
    memo = memorisable(ghost4)
    assert memo.winner == 0 and memo.size == len(memo.rules) <= 10
    for fragment, play in memo.rules:
        assert play in ghost4.winning_plays(fragment)
    for variant in ("super", "superduper"):
        vocab = solved(variant, 3)
        memo = memorisable(vocab)
        assert memo.winner == 0 and 0 < memo.size < 200
        assert all(play in vocab.winning_plays(f) for f, play in memo.rules)


def test_perfect_play_always_wins_from_a_winning_start(ghost4) -> None:
    for seed in range(8):
        match = GhostMatch(ghost4)
        assert match.run([perfect, random_player], seed=seed) == 1
    # against `exploit` (a second of CPU a game: it looks up the words behind every reply)
    # seeds 0 to 7 play three games only, ending NYCTALOPIA, HOLLER and HOVE: seeds 0, 1, 4
    for seed in (0, 1, 4):
        match = GhostMatch(ghost4)
        assert match.run([perfect, exploit], seed=seed) == 1


def test_the_referee_refuses_moves_that_are_not_moves(ghost3) -> None:
    match = GhostMatch(ghost3)
    for bad in ("ab", "", "AB"):
        with pytest.raises(GhostError, match="add exactly one letter at the end"):
            match.play(bad)
    match.play("q")
    with pytest.raises(GhostError):
        match.play("aq")  # the front is not allowed in plain Ghost
    assert match.fragment == "q" and not match.over


def test_losing_by_word_and_by_impossible_fragment(ghost3) -> None:
    match = GhostMatch(ghost3)
    for play in ("c", "ca", "cat"):
        match.play(play)
    assert match.loser == 0 and match.reason == "'cat' is a word of 3 letters"
    match = GhostMatch(ghost3)
    match.play("q")
    match.play("qz")
    assert match.loser == 1 and match.reason == "no word starts 'qz'"


def test_cheating_strategies_cannot_change_the_game(ghost3) -> None:
    def rewrite_words(vocab, fragment, rng):
        vocab.is_word.setflags(write=True)
        return "x"

    def swap_fields(vocab, fragment, rng):
        object.__setattr__(vocab, "win", np.zeros(len(vocab.win), dtype=bool))
        object.__setattr__(vocab, "is_word", np.zeros(len(vocab.is_word), dtype=bool))
        return fragment + "a"

    match = GhostMatch(ghost3)
    assert match.run([rewrite_words, perfect], seed=1) == 0
    assert "broke the rules" in match.reason
    match = GhostMatch(ghost3)
    match.run([swap_fields, random_player], seed=2)
    assert ghost3.is_word.any() and match.vocab.is_word.any()
    with pytest.raises(AttributeError):
        ghost3.words.append("zzz")  # the word list is a tuple
    with pytest.raises(ValueError):
        ghost3.win[0] = True  # the solution is read-only


def test_review_finds_the_first_lost_move(ghost4) -> None:
    match = GhostMatch(ghost4)
    match.play("a")  # a losing first move: 'h' and 'n' would have won
    match.run([perfect, perfect], seed=3)
    review = match.review()
    assert review.loser == 0
    assert review.missed[0][:3] == (1, "", "a") and review.missed[0][3] == ["h", "n"]
    assert review.first_lost_move == 3


def test_the_solution_is_cached_on_disk(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path))
    words = tmp_path / "w.txt"
    words.write_text("cat\ncamel\ngoat\ngerbil\n")
    first = solved("ghost", 3, words)
    files = list((tmp_path / "cache").glob("ghost-*.npz"))
    assert len(files) == 1
    again = solved("ghost", 3, words)
    assert np.array_equal(first.win, again.win) and again.winning_plays("") == ["g"]
    files[0].write_bytes(b"damaged")
    assert solved("ghost", 3, words).winning_plays("") == ["g"]


def test_word_list_errors(tmp_path: Path) -> None:
    from wordle_tui.solver.words import WordListError

    bad = tmp_path / "bad.txt"
    bad.write_text("cat\nd0g\n")
    with pytest.raises(WordListError, match="line 2"):
        read_words(bad)
    with pytest.raises(WordListError, match="no such"):
        read_words(tmp_path / "none.txt")


runner = CliRunner()


def test_solve_command_json() -> None:
    data = json.loads(runner.invoke(cli, ["ghost", "solve", "--min-length", "4", "--json"]).stdout)
    assert data["fragments"] == 133_069 and data["first_player_wins"] is True
    assert data["fragments_before_pruning"] == 387_844
    assert "n" in data["winning_first_plays"]
    assert data["outcomes"]["0"]["winners"][0] == "naan"
    assert data["strategy"]["size"] == len(data["strategy"]["rules"])
    super_ = json.loads(
        runner.invoke(cli, ["ghost", "solve", "--variant", "super", "--json"]).stdout
    )
    assert super_["outcomes"] is None and "u" in super_["winning_first_plays"]


def test_solve_command_text_and_errors() -> None:
    text = runner.invoke(cli, ["ghost", "solve"]).stdout
    assert "80,120 fragments" in text and "second player wins" in text and "qursh" in text
    assert "387,878 before pruning, 80,120 reachable in play, 80,120 kept" in text
    for args, message in [
        (["--variant", "xghostly"], "unknown variant"),
        (["--min-length", "0"], "at least 1"),
        (["--words", "/no/file"], "no such word list file"),
    ]:
        result = runner.invoke(cli, ["ghost", "solve", *args])
        assert result.exit_code == 2 and message in result.stderr
