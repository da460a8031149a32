"""Ghost for n players: the level-by-level solution against a brute-force game-tree search
over strings, on hand-made and random small word lists, and the rational player's moves."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.games.ghost.gameplay.hotseat import GHOST, HotSeat, computer_action, take_action
from wordle_tui.games.ghost.gameplay.referee import (
    GhostSetup,
    hotseat_mode,
    is_mode,
    mode_title,
    setup_from,
)
from wordle_tui.games.ghost.gameplay.rules import help_text, rules_text
from wordle_tui.games.ghost.solver.players import (
    best_plays,
    loser_seat,
    rational_play,
    solve_players,
)
from wordle_tui.games.ghost.solver.spook import build_spook
from wordle_tui.games.ghost.solver.summary import game_lengths
from wordle_tui.games.ghost.solver.vocabulary import ALPHABET, GhostError, build

WORDS = ["cat", "camel", "goat", "gecko", "gerbil", "gar", "gannet", "tea", "eat", "ate"]
VARIANTS = ("ghost", "super", "superduper", "xghost")


def brute_children(words: tuple[str, ...], variant: str, fragment: str) -> set[str]:
    """Every legal play from `fragment`, straight from the words (no fragment table)."""
    if variant == "xghost":
        spots = range(len(fragment) + 1)
        plays = {fragment[:i] + c + fragment[i:] for i in spots for c in ALPHABET}
    else:
        bases = {fragment, fragment[::-1]} if variant == "superduper" else {fragment}
        plays = {b + c for b in bases for c in ALPHABET}
        if variant != "ghost":
            plays |= {c + b for b in bases for c in ALPHABET}
    if variant == "ghost":
        return {p for p in plays if any(w.startswith(p) for w in words)}
    return {p for p in plays if any(p in w for w in words)}


def brute_solution(words: tuple[str, ...], variant: str, players: int):
    """The value (loser's seat from the mover, moves left) of every fragment, recursively, by
    the module's rules: avoid losing, push the loss on the nearest next player, then hold out
    longest when losing, end soonest otherwise."""

    @cache
    def value(fragment: str) -> tuple[int, int]:
        if fragment in words:
            return players - 1, 0
        options = []
        for child in brute_children(words, variant, fragment):
            seat, moves = value(child)
            rank = (seat + 1) % players or players
            options.append((rank, moves + 1))
        rank = min(r for r, _ in options)
        moves = [m for r, m in options if r == rank]
        if rank == players:
            return 0, max(moves)
        return rank, min(moves)

    return value


def check_against_brute_force(words: list[str], variant: str, players: int) -> None:
    vocab = build(words, variant, 1)
    table = solve_players(vocab, players)
    value = brute_solution(tuple(vocab.words), variant, players)
    for node in range(vocab.fragments):
        fragment = vocab.text(node)
        assert (int(table.loser[node]), int(table.length[node])) == value(fragment), fragment


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hand_made_list_matches_brute_force(variant: str, players: int) -> None:
    check_against_brute_force([w for w in WORDS if len(w) >= 3], variant, players)


small_lists = st.lists(st.text(alphabet="abc", min_size=1, max_size=5), min_size=1, max_size=7)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=small_lists,
    variant=st.sampled_from(VARIANTS),
    players=st.integers(min_value=2, max_value=5),
)
def test_random_small_lists_match_brute_force(words: list[str], variant: str, players: int):
    check_against_brute_force(words, variant, players)


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_players_is_the_two_player_solution(variant: str) -> None:
    vocab = build(WORDS, variant, 3)
    table = solve_players(vocab, 2)
    assert ((table.loser == 1) == (vocab.win | vocab.is_word)).all()
    assert (table.length == game_lengths(vocab)).all()


def test_spook_two_players_is_the_two_player_solution() -> None:
    vocab = build_spook(WORDS, 3)
    table = solve_players(vocab, 2)
    assert ((table.loser == 1) == (vocab.win | vocab.is_word)).all()
    assert (table.length == game_lengths(vocab)).all()


def test_three_player_ghost_by_hand() -> None:
    """cat, dodge: after 'c' the third player completes 'cat'; after 'd' the second player
    completes 'dodge'. Neither loses the first player, who pushes the loss on the nearest
    player after it: 'd'. From 'dodg' the mover has no choice but to lose."""
    vocab = build(["cat", "dodge"], "ghost", 3)
    assert loser_seat(vocab, 3, "dodg") == 0 and loser_seat(vocab, 3, "dod") == 1
    assert loser_seat(vocab, 3, "c") == 1 and loser_seat(vocab, 3, "d") == 0
    assert loser_seat(vocab, 3, "") == 1  # the second player loses
    assert best_plays(vocab, 3, "") == ["d"]
    assert loser_seat(vocab, 3, "cat") == 2 and loser_seat(vocab, 3, "cx") == 2
    # two players: the first completes both words; it holds out longest, towards 'dodge'
    assert loser_seat(vocab, 2, "") == 0 and best_plays(vocab, 2, "") == ["d"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=small_lists,
    variant=st.sampled_from(VARIANTS),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(0, 1000),
)
def test_the_rational_player_never_loses_when_it_need_not(words, variant, players, seed):
    """At every fragment, the chosen play loses the mover only if every play does."""
    vocab = build(words, variant, 1)
    rng = random.Random(seed)
    for node in range(vocab.fragments):
        fragment = vocab.text(node)
        if vocab.is_word[node]:
            continue
        play = rational_play(vocab, players, fragment, rng)
        plays = vocab.legal_plays(fragment)
        assert play in plays
        seats = [(loser_seat(vocab, players, p) + 1) % players for p in plays]
        if any(seat != 0 for seat in seats):
            assert (loser_seat(vocab, players, play) + 1) % players != 0, fragment


def test_the_number_of_players_is_checked() -> None:
    vocab = build(WORDS, "ghost", 3)
    with pytest.raises(GhostError):
        solve_players(vocab, 1)
    assert solve_players(vocab, 3) is solve_players(vocab, 3)  # solved once


# The computer as hot-seat players (gameplay), and its setup


def test_a_hot_seat_game_of_computers_alone_ends_with_a_winner() -> None:
    vocab = build(WORDS, "super", 3)
    rng = random.Random(5)
    seat = HotSeat(vocab, 3, computers=frozenset({0, 1, 2}))
    for _ in range(500):
        if seat.over:
            break
        action = computer_action(seat, rng)
        assert action.kind == "play"  # the computer never bluffs, so never challenges
        assert take_action(seat, action) is None
    assert seat.over and sum(seat.letters) == 2 * len(GHOST) + seat.letters[seat.winner]


def test_the_computer_challenges_a_bluff_and_answers_a_challenge() -> None:
    vocab = build(WORDS, "ghost", 3)
    seat = HotSeat(vocab, 3, computers=frozenset({1}))
    rng = random.Random(1)
    assert not seat.computer_acts and seat.play_letter("q") is None  # player 1 bluffs
    assert seat.computer_acts and computer_action(seat, rng).kind == "challenge"
    take_action(seat, computer_action(seat, rng))
    assert not seat.computer_acts  # player 1 must name a word
    seat.answer("")
    assert seat.letters == [1, 0, 0]
    assert seat.play_letter("g") is None and seat.computer_acts  # player 1 starts again
    take_action(seat, computer_action(seat, rng))
    assert seat.last == 1 and seat.challenge() is None  # player 3 challenges the computer
    assert seat.computer_acts
    answer = computer_action(seat, rng)
    assert answer.kind == "answer" and answer.text.startswith(seat.fragment)
    assert take_action(seat, answer) is None and seat.letters == [1, 0, 1]


def test_the_computer_plays_as_if_only_the_players_still_in_play() -> None:
    """cat, dog, bead: with three players 'c' and 'd' lose the third, 'b' the first; with
    two still in, 'c' and 'd' lose the first, 'b' the second."""
    vocab = build(["cat", "dog", "bead"], "ghost", 3)
    seat = HotSeat(vocab, 3, computers=frozenset({0}), letters=[0, 0, 0])
    assert {computer_action(seat, random.Random(s)).text for s in range(20)} == {"c", "d"}
    seat = HotSeat(vocab, 3, computers=frozenset({0}), letters=[0, 0, 5])
    assert seat.active == [0, 1]
    assert computer_action(seat, random.Random(0)).text == "b"
    with pytest.raises(ValueError):
        HotSeat(vocab, 3, computers=frozenset({3}))


def test_hot_seat_modes_with_the_computer() -> None:
    assert hotseat_mode(3, [3, 2]) == "hotseat-3-c23" and hotseat_mode(4) == "hotseat-4"
    with pytest.raises(GhostError):
        hotseat_mode(3, [4])
    setup = GhostSetup(mode="hotseat-4-c13")
    assert setup.players == 4 and setup.computers == {0, 2}
    assert mode_title("hotseat-4-c13") == "hot-seat 4, players 1, 3 computer"
    assert is_mode("hotseat-4-c13") and not is_mode("hotseat-4-c31")
    assert not is_mode("hotseat-3-c4") and not is_mode("hotseat-3-c")
    assert setup_from(GameRequest("ghost", ghost_mode="hotseat-3-c2")).computers == {1}
    assert setup_from(GameRequest("ghost", ghost_mode="hotseat-3-c9")).mode == "computer"


def test_the_rules_say_how_the_computer_plays_among_many() -> None:
    text = rules_text("ghost", "hotseat-3-c23")
    assert "nearest after it" in text and "never makes a move that loses it" in text
    assert "nearest after it" not in rules_text("ghost", "hotseat-3")
    assert "nearest after it" in help_text()
