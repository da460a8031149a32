"""Mastermind's rounds both ways: legal codes, pegs, the ten rows, honest answers that always
fit, answers that fit no code caught with nothing changed, and undo."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_tui.gameplay import catalog
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.wordle import Refused
from wordle_tui.games.mastermind.gameplay.breaking import CodeRow, MastermindRound
from wordle_tui.games.mastermind.gameplay.computer import ComputerMastermindRound, Impossible
from wordle_tui.games.mastermind.solver import Pegs, reply

code = st.lists(st.sampled_from("123456"), min_size=4, max_size=4).map("".join)


@given(code, st.lists(code, min_size=1, max_size=12))
@settings(max_examples=60, deadline=None)
def test_breaking_round_follows_the_rules(secret: str, guesses: list[str]) -> None:
    game = MastermindRound(secret=secret)
    for guess in guesses:
        if game.over:
            with pytest.raises(Refused):
                game.guess(guess)
            break
        row = game.guess(guess)
        assert row.pegs == reply(guess, secret)
        assert row.pegs.black + row.pegs.white <= 4
        assert game.possible() >= 1  # the secret always fits every answer
    assert game.won == (secret in guesses[: game.rows])
    assert game.score == min(len(guesses), game.rows, game.score)


def test_illegal_codes_are_refused_and_change_nothing() -> None:
    game = MastermindRound(secret="1234")
    for bad, why in (("123", "4 pegs"), ("12345", "4 pegs"), ("1237", "1-6"), ("12a4", "1-6")):
        with pytest.raises(Refused, match=why):
            game.guess(bad)
    assert game.played == []
    assert game.guess("1234").pegs == Pegs(4, 0) and game.won and game.over
    assert "1 guess" in game.outcome()


def test_ten_wrong_guesses_lose_and_replay_rebuilds_a_round() -> None:
    game = MastermindRound(secret="6543")
    for _ in range(10):
        game.guess("1111")
    assert game.over and not game.won and "6543" in game.outcome()
    again = MastermindRound(secret="1122", played=[CodeRow("1234", Pegs(0, 0))])
    assert again.played == [CodeRow("1234", Pegs(1, 1))]  # pegs recomputed, not trusted


def answer_honestly(game: ComputerMastermindRound, secret: str) -> None:
    while not game.over:
        game.offer(game.compute_guess())
        pegs = reply(game.pending, secret)
        game.answer(pegs.black, pegs.white)
        assert secret in {game.game.targets[i] for i in game.candidates}


@given(code)
@settings(max_examples=25, deadline=None)
def test_the_computer_breaks_any_code_in_five(secret: str) -> None:
    game = ComputerMastermindRound()
    answer_honestly(game, secret)
    assert game.found == secret and len(game.steps) <= 5


def test_answers_that_no_code_fits_are_caught_and_undone() -> None:
    game = ComputerMastermindRound()
    game.offer(game.compute_guess())
    assert game.pending == "1122"
    with pytest.raises(Impossible, match="No code gets 3 black and 1 white"):
        game.answer(3, 1)
    with pytest.raises(Impossible, match="at most 4"):
        game.answer(3, 2)
    game.answer(0, 0)  # no 1 and no 2: the codes of 3-6
    game.offer("3456")
    with pytest.raises(Impossible, match="No code fits your answers"):
        game.answer(0, 0)  # no 1 or 2 before, and now no 3, 4, 5 or 6: no colour left
    assert game.pending == "3456" and len(game.steps) == 1  # nothing changed
    undone = game.undo()
    assert undone is not None and undone.code == "1122" and game.remaining == 1296


def test_replay_and_moves_round_trip() -> None:
    game = ComputerMastermindRound()
    game.offer(game.compute_guess())
    game.answer(1, 1)
    again = ComputerMastermindRound.replay(game.moves())
    assert again.moves() == game.moves() and again.remaining == game.remaining


def test_catalog_makes_both_rounds() -> None:
    made = catalog.new_round(GameRequest("mastermind", target="1234"))
    assert isinstance(made, MastermindRound) and made.secret == "1234"
    seeded = [catalog.new_round(GameRequest("mastermind", seed=7)).secret for _ in range(2)]
    assert seeded[0] == seeded[1]
    computer = catalog.new_round(GameRequest("mastermind-computer"))
    assert isinstance(computer, ComputerMastermindRound)


def test_ten_colours_take_the_key_zero() -> None:
    """The tenth colour is 0: a ten-colour round takes it, a six-colour one refuses it."""
    game = MastermindRound(colours=10, secret="0901")
    assert game.problem("12a4") == "Colours are 1-9 and 0"
    game.guess("0910")
    assert game.played[-1].pegs == Pegs(2, 2)
    game.guess("0901")
    assert game.won
    assert MastermindRound(secret="1234").problem("1230") == "Colours are 1-6"
