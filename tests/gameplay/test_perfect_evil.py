"""Evil Wordle against the perfect replier, as a round: each reply keeps a group of words that
needs the most guesses still (a brute force over every guess says how many), and the round's
promise, "no one can win this in fewer than N", is the rows played and that number."""

from __future__ import annotations

import random

import pytest
from reference_solver import ATCH, minimax_brute, sampled_lists

from wordle_tui.gameplay.wordle import Refused, WordleRound
from wordle_tui.solver import make_game
from wordle_tui.solver.listsets import make_set
from wordle_tui.solver.replies import reply_for

CASES = {"atch+chimp": (ATCH, ["chimp"]), "sample": sampled_lists(3, 30, 15)}


@pytest.mark.parametrize(("answers", "extra"), CASES.values(), ids=CASES.keys())
@pytest.mark.parametrize("seed", range(3))
def test_every_reply_keeps_a_group_needing_the_most_guesses(answers, extra, seed) -> None:
    lists = make_set("small", answers, [*answers, *extra], "test", "test")
    value = minimax_brute(make_game("wordle", lists=lists))
    place = {word: i for i, word in enumerate(answers)}
    game = WordleRound("evil", lists=lists, perfect=True)
    assert game.looks_ahead and game.fewest_guesses() is None
    rng = random.Random(seed)
    while not game.over:
        before = list(game.candidates)
        word = rng.choice(sorted(lists.allowed))
        row = game.guess(word)
        groups: dict[str, list[str]] = {}
        for answer in before:
            groups.setdefault(reply_for(word, answer), []).append(answer)
        needs = {reply: value(tuple(place[w] for w in group)) for reply, group in groups.items()}
        needs.pop(game.win, None)
        if row.reply == game.win:
            assert not needs  # the word was the only one left
            break
        assert needs[row.reply] == max(needs.values())
        assert game.candidates == groups[row.reply]
        assert game.fewest_guesses() == len(game.rows) + needs[row.reply]
    assert game.won and game.fewest_guesses() is None


def test_a_refused_word_changes_nothing_and_a_greedy_round_does_not_look_ahead() -> None:
    lists = make_set("atch", ATCH, [*ATCH, "chimp"], "test", "test")
    game = WordleRound("evil", lists=lists, perfect=True)
    with pytest.raises(Refused):
        game.perfect_reply("zzzzz")
    assert game.rows == [] and game.needs == []
    assert not WordleRound("evil", lists=lists).looks_ahead
    assert not WordleRound("wordle", lists=lists, perfect=True, target="batch").looks_ahead


def test_the_reply_found_apart_is_the_one_taken() -> None:
    """A screen finds the reply in a worker and hands it to the round: the same play."""
    lists = make_set("atch", ATCH, [*ATCH, "chimp"], "test", "test")
    apart, whole = (WordleRound("evil", lists=lists, perfect=True) for _ in range(2))
    for word in ("chimp", "batch", "latch"):
        found = apart.perfect_reply(word)
        assert apart.rows == whole.rows  # finding it changed nothing
        apart.take(found)
        whole.guess(word)
        assert apart.rows == whole.rows and apart.needs == whole.needs


def test_a_resumed_round_promises_again_from_its_next_reply() -> None:
    lists = make_set("atch", ATCH, [*ATCH, "chimp"], "test", "test")
    played = WordleRound("evil", lists=lists, perfect=True)
    played.guess("chimp")
    resumed = WordleRound("evil", lists=lists, perfect=True, rows=list(played.rows))
    assert resumed.candidates == played.candidates and resumed.fewest_guesses() is None
    resumed.guess("batch")
    played.guess("batch")
    assert resumed.rows == played.rows
    assert resumed.fewest_guesses() == played.fewest_guesses() == 5
