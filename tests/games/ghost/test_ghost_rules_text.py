"""The Ghost game against the computer and what the screens say, without a screen: refusals,
plays, records and texts; and the reports screen's pure parts (first-guess rows, runs)."""

from __future__ import annotations

import pytest

from wordle_tui.games.ghost.gameplay.referee import GhostGame, GhostSetup, play_from
from wordle_tui.games.ghost.solver.vocabulary import build
from wordle_tui.games.ghost.ui.text import end_explanation, hint_text, move_lines, turn_text
from wordle_tui.ui.reports.format import RunState, first_guess_rows, metric_text

WORDS = ["cat", "camel", "goat", "gerbil"]


@pytest.fixture(scope="module")
def vocab():
    return build(WORDS, "super", 3)


def started(vocab, **setup) -> GhostGame:
    game = GhostGame(GhostSetup("super", 3, **setup))
    game.begin(vocab)
    return game


def test_plays_go_at_either_end_and_may_reverse_first() -> None:
    assert play_from("am", "c", at_front=True, reverse=False) == "cam"
    assert play_from("am", "e", at_front=False, reverse=False) == "ame"
    assert play_from("am", "e", at_front=False, reverse=True) == "mae"


def test_no_play_while_solving_or_thinking_and_the_refusal_says_why(vocab) -> None:
    game = GhostGame(GhostSetup("super", 3))
    assert game.play_letter("c") == "Still solving SuperGhost: wait a moment."
    assert game.toggle("at_front") and not game.at_front
    game.error = "no such word list file"
    assert "no such word list file" in game.play_letter("c")
    game = started(vocab, first="computer")
    assert game.computer_to_move and game.play_letter("c") == "Wait: the computer is thinking."


def test_a_game_is_in_progress_from_the_first_move_until_the_end(vocab) -> None:
    game = started(vocab)
    assert not game.in_progress
    assert game.play_letter("g") is None and game.in_progress
    assert game.computer_plays(game.match, "g", "go")
    assert not game.computer_plays(game.match, "g", "ge")  # out of date: not its turn
    assert game.play_letter("a") is None  # goa
    assert game.computer_plays(game.match, "goa", "goat")  # a word: the computer loses
    assert not game.in_progress and game.play_letter("x") == ""
    saved, result, score = game.record(abandoned=False)
    assert (result, score, saved.variant) == ("won", 4, "super-3")
    assert saved.moves[:2] == [("g", "you"), ("go", "the computer")]


def test_the_texts_of_a_lost_game(vocab) -> None:
    game = started(vocab)
    assert move_lines(game.match, game.setup) == "No moves yet."
    game.at_front = True
    assert turn_text(game.match, game.setup, game).endswith("the front (Tab switches)")
    game.at_front = False
    assert hint_text(game.match, game.setup).startswith("Hint: you ")
    game.play_letter("z")  # in no word
    text = end_explanation(game.match, game.setup)
    assert text.startswith("no word contains 'z': you lose.")
    assert text.endswith("ctrl+n (or the button) for a new game.")
    assert move_lines(game.match, game.setup) == "1. you: Z"
    assert turn_text(game.match, game.setup, game) == ""
    assert hint_text(game.match, game.setup) == ""


class Ranked:
    def __init__(self, word: str, value: float) -> None:
        self.word, self.max, self.expectation, self.neg_entropy = word, value, value, -value


def test_first_guess_rows_with_few_words_and_a_search() -> None:
    words = [Ranked(w, i) for i, w in enumerate(["crane", "slate", "crate", "zzzzz"])]
    orders = [words, words, words]
    rows = first_guess_rows(orders)
    assert len(rows) == 4 and rows[0] == ["1", "CRANE", "0", "CRANE", "0.0", "CRANE", "0.000"]
    assert [r[1] for r in first_guess_rows(orders, " CRA")] == ["CRANE", "CRATE"]
    assert first_guess_rows([]) == [] and first_guess_rows(orders, "q") == []
    assert metric_text("neg_entropy", -5.5) == "5.500" and metric_text("max", 1234) == "1,234"


def test_a_run_drops_progress_from_earlier_runs() -> None:
    run = RunState()
    first = run.start(3)
    assert run.progressed(first, 1, 3, False) and run.text() == "1 of 3 strategies…"
    assert run.stop() and run.text() == "Cancelled after 1 of 3 strategies."
    assert not run.progressed(first, 2, 3, False)  # the cancelled run, still posting
    assert not run.stop()
    second = run.start(2)
    assert not run.progressed(first, 2, 3, False)
    assert run.progressed(second, 2, 2, False) and not run.going
    assert run.text() == "All 2 strategies done."
