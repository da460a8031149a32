"""Hints, the computer against itself, and hot-seat Ghost with challenges (no screen)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_tui.games.ghost.gameplay.hotseat import GHOST, HotSeat
from wordle_tui.games.ghost.gameplay.watch import PerfectGame, hint
from wordle_tui.games.ghost.solver.vocabulary import build

WORDS = ["cat", "camel", "goat", "gecko", "gerbil", "gar", "gannet"]


@pytest.fixture(scope="module")
def vocab():
    return build(WORDS, "ghost", 3)


def test_hints_name_winning_letters_or_the_slowest_loss(vocab) -> None:
    assert hint(vocab, "") == "A winning letter exists: g"  # the seeds' example
    cvocab = build(["cat", "camel", "gecko"], "ghost", 3)
    text = hint(cvocab, "")  # every letter loses: 'c' loses at 'cat' or 'camel'
    assert text.startswith("Every letter loses against perfect play; this one loses slowest: ")
    assert text.split(": ")[1].split()[0] in {"c", "g"}
    assert hint(vocab, "cat") == ""  # the game is over


def test_hints_name_the_letter_to_play_and_where_never_a_fragment() -> None:
    ghost = build(WORDS, "ghost", 3)
    assert hint(ghost, "ge") == "A winning letter exists: r"  # not 'ger'
    assert hint(ghost, "ca").endswith(": m (the game then lasts 2 more moves)")  # not 'cam'
    superghost = build(WORDS, "super", 3)
    text = hint(superghost, "a")
    assert text == "A winning letter exists: m at the end, r at the end, c at the front"
    duper = build(["cab", "dab", "bad"], "superduper", 3)  # 'da' turned is 'ad': b makes 'bad'
    assert "b at the front, reversed first completes 'bad'" in hint(duper, "da")


def test_a_hint_never_says_the_game_lasts_0_more_moves() -> None:
    vocab = build(["cat", "car"], "ghost", 3)
    text = hint(vocab, "ca")  # both plays complete a word
    assert text == (
        "Every letter loses at once (each completes a word or makes a fragment of none): "
        "r completes 'car'."
    )
    for fragment in ("", "c"):
        assert "0 more moves" not in hint(vocab, fragment)


@pytest.mark.parametrize("variant", ["ghost", "super", "superduper"])
def test_a_watched_game_is_perfect_and_explained(variant: str) -> None:
    vocab = build(WORDS, variant, 3)
    game = PerfectGame(vocab, seed=3)
    while game.step():
        pass
    winner = 0 if vocab.win[0] else 1
    assert game.over and game.loser == 1 - winner
    assert len(game.lines()) == len(game.moves)
    for move in game.moves[:-1]:
        wins = move.player == winner
        assert wins == (not vocab.wins(move.after))
        assert move.reason.startswith("wins:" if wins else "no play wins")
    assert "is a word" in game.moves[-1].reason
    assert game.step() is None


def test_hot_seat_refuses_non_moves_and_ends_a_round_on_a_word(vocab) -> None:
    seat = HotSeat(vocab, players=3)
    assert seat.challenge() == "Nothing to challenge yet: the round has no letter."
    assert seat.play_letter("1") == "Add exactly one letter a-z."
    assert seat.toggle("at_front") == "Not in this variant."
    for letter in "cat":
        assert seat.play_letter(letter) is None
    assert seat.letters == [0, 0, 1] and seat.fragment == "" and seat.to_move == 2
    assert "'cat' is a word" in seat.results[-1]


def test_a_challenge_won_and_a_challenge_lost(vocab) -> None:
    seat = HotSeat(vocab, players=2)
    seat.play_letter("g")  # player 1
    seat.play_letter("e")  # player 2
    assert seat.challenge() is None and seat.challenger == 0
    assert seat.play_letter("r") is not None  # a challenge is open: answer first
    assert seat.answer("gerbil") is True  # the word stands: the challenger takes a letter
    assert seat.letters == [1, 0] and seat.to_move == 0
    seat.play_letter("g")
    seat.play_letter("q")  # a bluff: no word starts 'gq'
    seat.challenge()
    assert seat.answer("gquack") is False  # not a word: the bluffer takes a letter
    assert seat.letters == [1, 1] and "the challenge succeeds" in seat.results[-1]
    assert seat.to_move == 1  # the loser starts the next round
    seat.play_letter("g")
    seat.play_letter("o")
    seat.challenge()  # player 2 challenges player 1's 'go', who gives up
    assert seat.answer("") is False and seat.letters == [2, 1]


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["play", "challenge", "answer"]), st.text("cgaeotrb", max_size=7)
        ),
        max_size=120,
    ),
    st.integers(2, 4),
)
def test_hot_seat_scores_only_grow_and_one_player_is_left(vocab_actions, players) -> None:
    vocab = build(WORDS, "super", 3)
    seat = HotSeat(vocab, players=players)
    before = list(seat.letters)
    for action, text in vocab_actions:
        if action == "play" and text:
            seat.play_letter(text[0])
        elif action == "challenge":
            seat.challenge()
        elif seat.challenger is not None:
            seat.answer(text)
        assert all(a >= b for a, b in zip(seat.letters, before, strict=True))
        assert sum(seat.letters) - sum(before) <= 1 and max(seat.letters) <= len(GHOST)
        before = list(seat.letters)
        assert seat.over == (len(seat.active) == 1)
        if not seat.over:
            assert seat.to_move in seat.active
    assert len(seat.active) >= 1


def test_a_whole_hot_seat_game_has_one_winner(vocab) -> None:
    seat = HotSeat(vocab, players=3)
    while not seat.over:
        for letter in "cat":
            seat.play_letter(letter)
    assert seat.winner is not None and seat.letters.count(len(GHOST)) == 2
    assert seat.play_letter("c").startswith("The game is over")


def test_counted_nouns_are_singular_for_one() -> None:
    """A one-letter word, one rule, one game, one move: never "1 letters" or "1 moves"."""
    from wordle_tui.games.ghost.gameplay.referee import GhostMatch
    from wordle_tui.games.ghost.gameplay.watch import more_moves, moves
    from wordle_tui.games.ghost.ui.text import strategy_lines

    tiny = build(["a", "bat", "bed"], "ghost", 1)
    match = GhostMatch(tiny)
    match.play("a")
    assert match.reason == "'a' is a word of 1 letter"
    seat = HotSeat(tiny, 3)
    seat.play_letter("a")
    assert seat.results == ["'a' is a word of 1 letter: Player 1 takes G."]
    for letter in "bat":
        seat.play_letter(letter)
    assert seat.results[-1].startswith("'bat' is a word of 3 letters:")
    one = {"winner": 0, "size": 1, "verified": {"games": 1, "won": True}, "tree": []}
    text = strategy_lines({"strategy": one})[0]
    assert "1 rule (checked against every defence: wins the one game)" in text
    many = {**one, "size": 2, "verified": {"games": 1234, "won": True}}
    assert (
        "2 rules (checked against every defence: wins all 1,234 games)"
        in (strategy_lines({"strategy": many})[0])
    )
    assert (moves(1), more_moves(1), moves(2), more_moves(17)) == (
        "1 move",
        "1 more move",
        "2 moves",
        "17 more moves",
    )


NARRATED = re.compile(r"ends in '(\w+)' in (\d+) moves?$|\((\d+) more moves?, towards '(\w+)'\)$")
MANY = [*WORDS, "gnu", "gnat", "garden", "gargle", "gecko", "goose", "goal", "gobble", "cobra"]


@pytest.mark.parametrize("variant", ["ghost", "super", "xghost"])
@pytest.mark.parametrize("seed", range(8))
def test_a_watched_game_ends_where_and_when_its_narration_says(variant: str, seed: int) -> None:
    vocab = build(MANY, variant, 3)
    game = PerfectGame(vocab, seed=seed)
    while game.step():
        pass
    for number, move in enumerate(game.moves[:-1], start=1):
        said = NARRATED.search(move.reason)
        assert said, move.reason
        end, count = said[1] or said[4], int(said[2] or said[3])
        assert (end, count) == (game.fragment, len(game.moves) - number), game.lines()
