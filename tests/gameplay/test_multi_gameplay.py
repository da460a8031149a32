"""Dordle, Quordle and Octordle rounds for a human player: rules, boards, share text, saving."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_tui.gameplay.multi import MultiRound, Refused, daily_answers, seeded_answers
from wordle_tui.gameplay.session import Keeper, abandoned_note, from_saved, resume, to_saved
from wordle_tui.gameplay.wordle import LetterState, Status
from wordle_tui.history import History
from wordle_tui.solver.listsets import default_set
from wordle_tui.solver.replies import reply_for

LISTS = default_set()
ALLOWED = sorted(LISTS.allowed)
LIMITS = {"dordle": 7, "quordle": 9, "octordle": 13}


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(sorted(LIMITS)),
    seed=st.integers(0, 2**32),
    picks=st.lists(st.integers(0, 10**9), max_size=20),
    answer_turns=st.lists(st.integers(0, 19), max_size=8),
)
def test_all_green_solves_exactly_the_boards_whose_answer_it_is(name, seed, picks, answer_turns):
    game = MultiRound(name, seed=seed, lists=LISTS)
    words = [ALLOWED[p % len(ALLOWED)] for p in picks]
    for turn, b in zip(answer_turns, range(len(game.answers)), strict=False):
        if turn < len(words):
            words[turn] = game.answers[b]  # some guesses hit an answer
    for word in words:
        if game.over:
            with pytest.raises(Refused, match="over"):
                game.guess(word)
            continue
        before = game.results()
        replies = game.guess(word)
        assert set(replies) == {b for b, r in enumerate(before) if r is None}
        for b, reply in replies.items():
            solved = game.results()[b] is not None
            assert (reply == "GGGGG") == (word == game.answers[b]) == solved
            assert reply == reply_for(word, game.answers[b])
    assert len(game.words) <= LIMITS[name]
    assert game.won == all(r is not None for r in game.results())
    if game.status is Status.LOST:
        assert len(game.words) == LIMITS[name]


def test_a_board_shows_no_rows_after_the_one_that_solved_it():
    game = MultiRound("dordle", answers=("crane", "slate"), lists=LISTS)
    game.guess("crane")
    game.guess("plate")
    first, second = game.boards()
    assert [r.word for r in first.rows] == ["crane"]
    assert first.solved_at == 1 and first.answer == "crane"
    assert [r.reply for r in second.rows] == [reply_for("crane", "slate"), ".GGGG"]
    assert second.answer is None  # not shown while the game goes on
    game.guess("slate")
    assert game.won and game.score == 3
    assert game.outcome() == "All 2 boards solved in 3/7."


def test_bad_guesses_are_refused_with_a_message_and_change_nothing():
    game = MultiRound("quordle", seed=1, lists=LISTS)
    for word, message in [("abc", "Not enough letters"), ("zzzzz", "Not in word list")]:
        assert game.problem(word) == message
        with pytest.raises(Refused, match=message):
            game.guess(word)
    assert game.words == [] and game.guesses_left == 9


def test_the_keyboard_is_per_board():
    game = MultiRound("dordle", answers=("crane", "moist"), lists=LISTS)
    game.guess("crisp")
    first, second = game.keyboard(0), game.keyboard(1)
    assert first["c"] is LetterState.CORRECT and second["c"] is LetterState.ABSENT
    assert first["s"] is LetterState.ABSENT and second["s"] is LetterState.CORRECT
    game.guess("tombs")
    assert second["t"] is LetterState.UNKNOWN and game.keyboard(1)["t"] is LetterState.PRESENT
    assert first["z"] is LetterState.UNKNOWN


def test_a_lost_game_names_the_boards_missed():
    game = MultiRound("dordle", answers=("crane", "moist"), lists=LISTS)
    game.guess("crane")
    for _ in range(6):
        game.guess("pouty")
    assert game.status is Status.LOST
    assert "MOIST" in game.outcome() and "CRANE" not in game.outcome().split("missed")[1]
    assert game.boards()[1].answer == "moist"  # shown once the game is over


def test_the_share_text_numbers_each_board_and_marks_a_failure():
    game = MultiRound("quordle", answers=("crane", "moist", "pouty", "slate"), lists=LISTS, day=7)
    for word in ("crane", "moist", "hello", "hello", "hello", "hello", "slate", "hello", "hello"):
        game.guess(word)
    lines = game.share_text().splitlines()
    assert lines == ["Daily Quordle 7", "1️⃣2️⃣", "🟥7️⃣"]
    assert "🟩🟩🟩🟩🟩" in game.share_text(squares=True)


def test_octordle_shares_its_double_figures():
    answers = ("crane", "moist", "pouty", "slate", "bloke", "fjord", "nymph", "vixen")
    game = MultiRound("octordle", answers=answers, lists=LISTS)
    for word in ("hello", "hello", "hello", "hello", "hello", *answers):
        game.guess(word)
    assert game.won
    assert game.share_text().splitlines()[1:] == ["6️⃣7️⃣", "8️⃣9️⃣", "🔟🕚", "🕛🕐"]


def test_daily_answers_follow_the_day_and_free_games_the_seed():
    today = daily_answers(100, "octordle", LISTS)
    assert today == daily_answers(100, "octordle", LISTS)
    assert today != daily_answers(101, "octordle", LISTS)
    assert len(set(today)) == 8 and set(today) <= set(LISTS.answers)
    assert MultiRound("octordle", day=100, lists=LISTS).answers == today
    assert seeded_answers("quordle", 5, LISTS) == seeded_answers("quordle", 5, LISTS)
    assert seeded_answers("quordle", 5, LISTS) != seeded_answers("quordle", 6, LISTS)


def test_answers_must_be_distinct_answers():
    with pytest.raises(ValueError, match="different"):
        MultiRound("dordle", answers=("crane", "crane"), lists=LISTS)
    with pytest.raises(ValueError, match="not a possible answer"):
        MultiRound("dordle", answers=("crane", "zzzzz"), lists=LISTS)


def test_a_saved_round_resumes_where_it_was():
    game = MultiRound("quordle", seed=9, lists=LISTS, day=3)
    for word in ("salet", "crony", game.answers[2]):
        game.guess(word)
    saved = to_saved(game, "2026-01-01T00:00:00+00:00")
    assert saved.game == "quordle" and saved.target == ",".join(game.answers)
    again = from_saved(saved, LISTS)
    assert again.words == game.words and again.results() == game.results()
    assert again.day == 3 and again.answers == game.answers
    broken = type(saved)("quordle", saved.variant, saved.target, [("zzzzz", "")], saved.started)
    with pytest.raises(ValueError):
        from_saved(broken, LISTS)


def test_the_keeper_saves_resumes_and_records_a_round(tmp_path):
    history = History(tmp_path / "h.sqlite3")
    game = MultiRound("dordle", answers=("crane", "moist"), lists=LISTS)
    keeper = Keeper(history, game)
    game.guess("crisp")
    keeper.moved()
    again, _ = resume(history, "dordle", LISTS)
    assert again.words == ["crisp"] and again.answers == ("crane", "moist")
    replies = f"{reply_for('crisp', 'crane')},{reply_for('crisp', 'moist')}"
    assert history.in_progress("dordle").moves == [("crisp", replies)]
    for word in ("crane", "moist"):
        again.guess(word)
    Keeper(history, again).moved()
    [row] = history.finished("dordle")
    assert (row["result"], row["score"]) == ("won", 3)
    assert resume(history, "dordle", LISTS) is None
    assert "CRANE, MOIST" in abandoned_note(game)


def test_a_request_makes_the_daily_round_of_today_or_a_seeded_one():
    from wordle_tui.gameplay.daily import day_number
    from wordle_tui.gameplay.request import GameRequest
    from wordle_tui.gameplay.rounds import multi_round

    today = multi_round(GameRequest("octordle", daily=True, lists=LISTS))
    assert today.day == day_number() and today.puzzle_name == f"Daily Octordle {day_number()}"
    assert today.answers == daily_answers(day_number(), "octordle", LISTS)
    seeded = multi_round(GameRequest("dordle", seed=4, lists=LISTS))
    assert seeded.day is None and seeded.answers == seeded_answers("dordle", 4, LISTS)
    assert seeded.share_text().startswith("Practice Dordle")


def test_a_saved_round_goes_on_only_if_its_words_still_fit():
    from wordle_tui.gameplay.session import goes_on

    game = MultiRound("dordle", answers=("crane", "moist"), lists=LISTS)
    game.guess("crisp")
    saved = to_saved(game, "2026-01-01T00:00:00+00:00")
    assert goes_on(saved, LISTS)
    gone = type(saved)("dordle", saved.variant, "crane,qqqqq", saved.moves, saved.started)
    assert not goes_on(gone, LISTS)
