"""Xghost (a letter inserted anywhere) and Spook (a bag of letters): rules, solver and games,
checked against a plain search on small lists and by properties over random ones."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from itertools import combinations
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.games.ghost.gameplay.hotseat import HotSeat, extends
from wordle_tui.games.ghost.gameplay.referee import GhostMatch, caret_moved, lost_by, play_from
from wordle_tui.games.ghost.gameplay.rules import help_text, rules_text
from wordle_tui.games.ghost.gameplay.watch import PerfectGame, hint, placed
from wordle_tui.games.ghost.solver.report import build_report
from wordle_tui.games.ghost.solver.spook import build_spook
from wordle_tui.games.ghost.solver.strategies import STYLES
from wordle_tui.games.ghost.solver.vocabulary import build

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
word_lists = st.lists(st.text("abcd", min_size=1, max_size=6), min_size=1, max_size=7)


def kept(words: list[str], m: int) -> list[str]:
    return [w for w in words if len(w) >= m]


def xghost_truth(words: list[str], m: int):
    """Xghost by plain search: every substring, and who wins from it."""
    good = kept(words, m)
    subs = {w[i:j] for w in good for i in range(len(w) + 1) for j in range(i, len(w) + 1)}

    @cache
    def win(f: str) -> bool:
        if f in good:
            return True
        plays = {f[:i] + c + f[i:] for i in range(len(f) + 1) for c in "abcd"}
        return any(g in subs and not win(g) for g in plays)

    return subs, win


def spook_truth(words: list[str], m: int):
    """Spook by plain search: every sub-bag of a word's letters, and who wins from it."""
    good = kept(words, m)
    bags = {"".join(c) for w in good for r in range(len(w) + 1) for c in combinations(sorted(w), r)}
    spelled = {"".join(sorted(w)) for w in good}

    @cache
    def win(f: str) -> bool:
        if f in spelled:
            return True
        return any(g in bags and not win(g) for g in {"".join(sorted(f + c)) for c in "abcd"})

    return bags, win


@settings(max_examples=40, deadline=None)
@given(word_lists, st.integers(1, 3))
def test_xghost_matches_a_plain_search(words: list[str], m: int) -> None:
    if not kept(words, m):
        return
    vocab = build(words, "xghost", m)
    subs, win = xghost_truth(words, m)
    assert vocab.fragments == len(subs)
    for f in subs:
        assert vocab.wins(f) == win(f)
        if not vocab.is_word_text(f):
            inserted = {f[:i] + c + f[i:] for i in range(len(f) + 1) for c in ALPHABET}
            assert vocab.legal_plays(f) == sorted(inserted & subs)


@settings(max_examples=40, deadline=None)
@given(word_lists, st.integers(1, 3))
def test_spook_matches_a_plain_search(words: list[str], m: int) -> None:
    if not kept(words, m):
        return
    vocab = build_spook(words, m)
    bags, win = spook_truth(words, m)
    assert {vocab.text(n) for n in range(vocab.fragments)} == bags
    for f in bags:
        assert vocab.find(f) >= 0 and vocab.text(vocab.find(f)) == f
        assert vocab.wins(f) == win(f)


@settings(max_examples=40, deadline=None)
@given(word_lists, st.integers(1, 3), st.randoms(use_true_random=False))
def test_every_legal_xghost_fragment_is_a_substring_of_a_word(words, m, rng) -> None:
    if not kept(words, m):
        return
    vocab, fragment = build(words, "xghost", m), ""
    while not vocab.is_word_text(fragment) and vocab.legal_plays(fragment):
        play = rng.choice(vocab.legal_plays(fragment))
        assert vocab.is_play(fragment, play) and len(play) == len(fragment) + 1
        assert any(play in w for w in kept(words, m))
        fragment = play


@settings(max_examples=40, deadline=None)
@given(word_lists, st.integers(1, 3), st.randoms(use_true_random=False))
def test_every_spook_fragment_is_a_sub_bag_of_a_word(words, m, rng) -> None:
    if not kept(words, m):
        return
    vocab, fragment = build_spook(words, m), ""
    while not vocab.is_word_text(fragment) and vocab.legal_plays(fragment):
        play = rng.choice(vocab.legal_plays(fragment))
        assert play == "".join(sorted(play)) and vocab.is_play(fragment, play)
        assert any(not Counter(play) - Counter(w) for w in kept(words, m))
        fragment = play
    if fragment:
        assert vocab.is_word_text(fragment) == any(
            sorted(w) == sorted(fragment) for w in kept(words, m)
        )


@settings(max_examples=25, deadline=None)
@given(word_lists, st.integers(1, 3), st.sampled_from(["xghost", "spook"]))
def test_the_memorised_strategy_wins_every_game(words, m, variant) -> None:
    if not kept(words, m):
        return
    vocab = build_spook(words, m) if variant == "spook" else build(words, variant, m)
    report = build_report(vocab)
    assert report["strategy"]["verified"]["won"]
    assert report["first_player_wins"] == bool(vocab.win[0])


def test_xghost_inserts_anywhere_and_refuses_the_rest() -> None:
    vocab = build(["herbal", "era"], "xghost", 3)
    assert "erba" in vocab.legal_plays("era")  # b between r and a
    assert vocab.is_play("era", "erba") and vocab.is_play("era", "xera")
    assert not vocab.is_play("era", "erab!") and not vocab.is_play("era", "ear")
    assert placed(vocab, "era", "erba") == "b between r and a"
    assert placed(vocab, "era", "hera") == "h at the front"
    assert placed(vocab, "era", "eral") == "l at the end"
    assert play_from("era", "b", False, False, 2) == "erba"
    assert caret_moved("era", None, "left") == 2 and caret_moved("era", 0, "left") == 0
    assert caret_moved("era", 2, "right") is None and caret_moved("era", 2, "home") == 0


def test_spook_is_a_bag() -> None:
    vocab = build_spook(["bear", "bread"], 3)
    assert vocab.canonical("era") == "aer"
    assert vocab.legal_plays("aer") == ["aber", "ader"]  # bear; bread
    assert vocab.is_play("aer", "bear") and not vocab.is_play("aer", "bean")
    assert vocab.is_word_text("earb") and not vocab.is_word_text("aer")
    assert placed(vocab, "aer", "aber") == "b"
    assert vocab.example_word("aer") == "bear"
    assert lost_by(vocab, "aber") == "'aber' are the letters of 'bear', a word of 4 letters"
    assert lost_by(vocab, "aez") == "no word has the letters 'aez'"


def test_a_spook_match_keeps_the_bag_sorted() -> None:
    match = GhostMatch(build_spook(["bear", "bread"], 3))
    match.play("r")
    match.play("re")  # typed at the end, held sorted
    assert match.fragment == "er"
    assert match.check("erx") is None and match.check("erxy") == "add exactly one letter to the bag"
    match.play("era")
    match.play("erab")
    assert match.loser == 1 and "letters of 'bear'" in match.reason


def test_hot_seat_challenges_in_both_variants() -> None:
    spook = build_spook(["bear", "bread"], 3)
    assert extends(spook, "aer", "bread") and not extends(spook, "aer", "bead")
    xghost = build(["herbal"], "xghost", 3)
    assert extends(xghost, "erba", "herbal") and not extends(xghost, "eba", "herbal")
    seat = HotSeat(xghost)
    assert seat.play_letter("e") is None and seat.play_letter("r") is None
    assert seat.move_caret("home") is None and seat.play_letter("h") is None
    assert seat.fragment == "her"
    assert seat.challenge() is None and seat.answer("herbal") is True  # not a bluff
    assert seat.letters == [0, 1]
    assert seat.play_letter("a") is None and seat.move_caret("left") is None
    assert seat.play_letter("x") is None and seat.fragment == "xa"  # a bluff, challenged
    assert seat.challenge() is None and seat.answer("") is False
    assert seat.letters == [1, 1]  # player 2 started the round; player 1 bluffed


def test_watch_and_hints_play_to_the_end() -> None:
    for vocab in (build(["herbal", "era", "bear"], "xghost", 3), build_spook(["bear", "era"], 3)):
        game = PerfectGame(vocab, seed=1)
        while not game.over:
            game.step()
        assert game.loser == (1 if vocab.win[0] else 0)
        assert hint(vocab, "") and all(line for line in game.lines())
        for style in STYLES.values():
            match = GhostMatch(vocab)
            assert match.run([style, style], seed=2) in (0, 1)


def test_rules_name_both_variants() -> None:
    assert "ERBA" in rules_text("xghost", "computer") and "‸" in rules_text("xghost", "watch")
    assert "anagram" in rules_text("spook", "hotseat-2") and "Xghost" in help_text()


def test_xghost_on_enable() -> None:
    """Solved on ENABLE: the second player wins with 3-letter words, the first with a at 4."""
    three, four = build_from_enable(3), build_from_enable(4)
    assert (bool(three.win[0]), three.winning_plays("")) == (False, [])
    assert (bool(four.win[0]), four.winning_plays("")) == (True, ["a"])
    assert three.fragments == 1_076_434 and len(three.inner_parent) == 681_378


def build_from_enable(m: int):
    from wordle_tui.games.ghost.solver.cache import read_words

    return build(read_words(), "xghost", m)


def test_solve_command(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("bear\nbread\nera\n")
    runner = CliRunner()
    for variant in ("xghost", "spook"):
        args = ["ghost", "solve", "--variant", variant, "--words", str(words), "--json"]
        result = runner.invoke(cli, args)
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert data["variant"] == variant and data["strategy"]["verified"]["won"]
