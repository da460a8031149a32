"""The multi-board solver (Dordle, Quordle, Octordle): rules, strategy, exact endgame, seeds."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_tui.solver.games import WORDLE_RULES, Game, make_game
from wordle_tui.solver.matrix import reply_matrix
from wordle_tui.solver.metrics import information_gain, partition_counts
from wordle_tui.solver.multi.endgame import Endgame
from wordle_tui.solver.multi.simulate import draw_answers, play_one, simulate
from wordle_tui.solver.multi.state import WIN, MultiState, known_apart
from wordle_tui.solver.multi.stats import board_stats
from wordle_tui.solver.multi.strategy import MEASURES, MultiSolver
from wordle_tui.solver.multi.variants import VARIANTS, variant
from wordle_tui.solver.replies import reply_code, reply_for


@cache
def small_game() -> Game:
    """60 answers and 150 guesses drawn from the bundled lists (fast to solve)."""
    full = make_game("wordle")
    rng = random.Random(7)
    answers = sorted(rng.sample(full.targets, 60))
    guesses = sorted(set(answers) | set(rng.sample(full.guesses, 90)))
    return Game("wordle", WORDLE_RULES, tuple(answers), tuple(guesses))


@cache
def solver(measure: str = "weighted") -> MultiSolver:
    game = small_game()
    return MultiSolver(game, reply_matrix(game, use_disk=False), measure)


@settings(max_examples=40, deadline=None)
@given(
    boards=st.sampled_from([2, 4, 8]),
    seed=st.integers(0, 10_000),
    guesses=st.lists(st.integers(0, 10**6), min_size=1, max_size=16),
)
def test_a_guess_solves_exactly_the_boards_whose_answer_it_is(boards, seed, guesses):
    game, s = small_game(), solver()
    answers = draw_answers(game.targets, boards, 1, seed)[0]
    limit = {2: 7, 4: 9, 8: 13}[boards]
    state = MultiState.start(len(game.targets), boards, limit)
    for pick in guesses:
        g = pick % len(game.guesses)
        if state.over:
            break
        before = state.solved_at
        state = state.play(g, s.matrix, answers)
        for b in range(boards):
            answer = game.targets[answers[b]]
            if before[b] is None:
                assert (state.solved_at[b] == state.used) == (game.guesses[g] == answer)
            else:
                assert state.solved_at[b] == before[b]  # a solved board stays solved
            assert answers[b] in state.candidates[b]  # the answer is never ruled out
            if len(state.candidates[b]) == 1 and state.solved_at[b] is None:
                others = [c for o, c in enumerate(state.candidates) if o != b]
                assert all(answers[b] not in c for c in others)  # nor taken twice
    assert state.used <= limit


def test_replies_on_each_board_are_the_wordle_replies():
    game, s = small_game(), solver()
    answers = np.array([3, 17])
    guess = game.index[game.targets[3]]
    state = MultiState.start(len(game.targets), 2, 7).play(guess, s.matrix, answers)
    assert state.solved_at == (1, None)
    code = reply_code(reply_for(game.targets[3], game.targets[17]))
    assert all(s.matrix[guess, t] == code for t in state.candidates[1])
    assert code != WIN


@settings(max_examples=10, deadline=None)
@given(name=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 1000))
def test_the_solver_never_guesses_past_the_limit(name, seed):
    v = variant(name)
    answers = draw_answers(small_game().targets, v.boards, 1, seed)[0]
    used = play_one(solver(), v, answers)
    assert used is None or v.boards <= used <= v.limit


def test_a_board_with_one_answer_left_is_played():
    game, s = small_game(), solver()
    state = MultiState.start(len(game.targets), 4, 9)
    only = np.array([41])
    boards = (state.candidates[0], only, state.candidates[2], state.candidates[3])
    state = MultiState(boards, state.solved_at, 1, 9)
    assert s.choose(state) == game.index[game.targets[41]]


def test_with_no_guess_to_spare_only_answers_left_are_played():
    game, s = small_game(), solver("entropy")
    cands = (np.array([1, 2, 3]), np.array([10, 11, 12, 13]))
    state = MultiState(cands, (None, None), 5, 7)  # 2 left, 2 boards
    guess = s.rank(state, 1)[0].guess
    assert game.guesses[guess] in {game.targets[t] for t in (1, 2, 3, 10, 11, 12, 13)}


@pytest.mark.parametrize("measure", MEASURES)
def test_each_measure_wins_seeded_dordle_games(measure):
    result = simulate(solver(measure), variant("dordle"), 12, seed=5)
    assert result.games == 12
    assert result.wins == 12
    assert 2 <= result.mean <= 7
    assert sum(result.distribution.values()) == 12
    assert result.distribution["lost"] == 0


def test_simulations_are_reproducible_from_the_seed():
    v = variant("quordle")
    first = simulate(solver(), v, 6, seed=11)
    again = simulate(solver(), v, 6, seed=11)
    assert first.used == again.used
    n = small_game().targets
    assert np.array_equal(draw_answers(n, 4, 20, 11), draw_answers(n, 4, 20, 11))
    assert not np.array_equal(draw_answers(n, 4, 20, 11), draw_answers(n, 4, 20, 12))


@settings(max_examples=30, deadline=None)
@given(boards=st.sampled_from([2, 4, 8]), seed=st.integers(0, 2**32 - 1))
def test_a_games_answers_are_distinct(boards, seed):
    answers = draw_answers(small_game().targets, boards, 3, seed)
    assert all(len(set(row)) == boards for row in answers.tolist())


def test_the_words_drawn_do_not_depend_on_the_lists_order():
    game = small_game()
    shuffled = list(game.targets)
    random.Random(3).shuffle(shuffled)
    drawn = draw_answers(game.targets, 4, 5, 9)
    again = draw_answers(shuffled, 4, 5, 9)
    words = [[game.targets[t] for t in row] for row in drawn.tolist()]
    assert words == [[shuffled[t] for t in row] for row in again.tolist()]


def test_a_known_answer_is_ruled_out_on_the_other_boards():
    boards = [np.array([9]), np.array([9, 12, 30]), np.array([9, 12]), np.array([9, 12, 40])]
    known_apart(boards, [None, None, None, 5])  # board 4 is solved: left alone
    assert [b.tolist() for b in boards] == [[9], [30], [12], [9, 12, 40]]
    with pytest.raises(ValueError, match="board 2"):
        known_apart([np.array([9]), np.array([9])], [None, None])


def test_the_endgame_values_guesses_by_chance_then_expected_guesses():
    game, s = small_game(), solver()
    a, b = 4, 9  # two answers left on one board: a coin flip if one guess is left
    search = Endgame(s.matrix, [game.index[game.targets[a]], game.index[game.targets[b]]], [a, b])
    assert search.value(((a, b),), 1) == (0.5, 1.0)
    assert search.value(((a, b),), 2) == (1.0, 1.5)
    assert search.value(((a,), (b,)), 2) == (1.0, 2.0)
    assert search.value(((a,), (b,)), 1) == (0.0, 1.0)  # two boards, one guess: lost


def test_a_small_position_is_ranked_exactly():
    s = solver()
    state = MultiState((np.array([4, 9]), np.array([20, 30, 40])), (None, None), 4, 7)
    ranked = s.rank(state, 5)
    assert all(r.exact is not None for r in ranked)
    keys = [r.exact.key() for r in ranked]
    assert keys == sorted(keys)
    assert ranked[0].exact.chance == pytest.approx(1.0)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "goal"), [("dordle", 1.0), ("quordle", 0.995)])
def test_win_rates_on_the_full_lists(name, goal):
    result = simulate(MultiSolver(make_game("wordle")), variant(name), 300, seed=1)
    assert result.wins / result.games >= goal


@settings(max_examples=30, deadline=None)
@given(
    n=st.sampled_from([1, 2, 5, 47, 48, 120]),
    seed=st.integers(0, 10_000),
    replies=st.sampled_from([3, 20, 243]),
)
def test_board_statistics_match_the_partitions(n, seed, replies):
    rng = np.random.default_rng(seed)
    codes = rng.integers(0, replies, size=(6, n)).astype(np.uint8)
    codes[0, 0] = WIN  # one guess that is an answer left
    stats = board_stats(codes)
    for row, entropy, singles, hit in zip(
        codes, stats.entropy, stats.singles, stats.hits, strict=True
    ):
        sizes = partition_counts(row)
        assert entropy == pytest.approx(information_gain(sizes), abs=1e-5)
        assert singles == sizes.count(1)
        assert hit == (WIN in row.tolist())
