"""Game rules and state without a screen: Wordle, Evil Wordle, Antiwordle and Jotto."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_tui.gameplay.jotto import ComputerJottoRound, Impossible, JottoRound, Mark, jotto_game
from wordle_tui.gameplay.wordle import (
    LetterState,
    Refused,
    Status,
    WordleRound,
    consistency_problem,
    word_lists,
)
from wordle_tui.solver import reply_for
from wordle_tui.solver.listsets import load_set

answers = st.sampled_from(word_lists()[0])


def test_a_guess_gets_the_nyt_reply_and_the_game_is_won() -> None:
    game = WordleRound(target="hello")
    assert game.guess("world").reply == reply_for("world", "hello")
    assert game.status is Status.PLAYING
    game.guess("hello")
    assert game.status is Status.WON and game.won and len(game.rows) == 2


def test_six_misses_lose() -> None:
    game = WordleRound(target="hello")
    for word in ("crane", "stump", "dingy", "forty", "quack", "vixen"):
        game.guess(word)
    assert game.status is Status.LOST and not game.won
    with pytest.raises(Refused, match="The game is over"):
        game.guess("hello")


@pytest.mark.parametrize(
    ("word", "message"),
    [("helo", "Not enough letters"), ("zzzzz", "Not in word list"), ("hellos", "Not in word list")],
)
def test_bad_words_are_refused_and_cost_nothing(word: str, message: str) -> None:
    game = WordleRound(target="hello")
    with pytest.raises(Refused, match=message):
        game.guess(word)
    assert game.rows == []


def test_hard_mode_refuses_with_the_nyt_messages() -> None:
    game = WordleRound(target="hello", hard=True)
    game.guess("hates")  # G..Y. -> H green, E yellow
    with pytest.raises(Refused, match="1st letter must be H"):
        game.guess("crane")
    with pytest.raises(Refused, match="Guess must contain E"):
        game.guess("hoist")
    game.guess("helps")
    assert len(game.rows) == 2


def test_keyboard_states_are_never_downgraded() -> None:
    game = WordleRound(target="hello")
    game.guess("lolly")  # L yellow at 0, O yellow, L green at 2 and 3
    game.guess("atoll")  # L yellow at 3? (the best state stays green)
    keys = game.keyboard()
    assert keys["l"] is LetterState.CORRECT
    assert keys["o"] is LetterState.PRESENT
    assert keys["y"] is LetterState.ABSENT and keys["a"] is LetterState.ABSENT
    assert keys["z"] is LetterState.UNKNOWN


def test_share_text_has_a_title_and_a_row_per_guess() -> None:
    game = WordleRound(target="hello", hard=True)
    for word in ("hates", "helps", "hello"):
        game.guess(word)
    lines = game.share_text().splitlines()
    assert lines[0] == "wordle-tui 3/6*"
    assert lines[2] == "🟩⬛⬛🟨⬛" and lines[-1] == "🟩" * 5
    assert "🟧" in game.share_text(high_contrast=True)


def test_an_unknown_target_is_refused() -> None:
    with pytest.raises(ValueError, match="not a possible answer"):
        WordleRound(target="zzzzz")


def test_evil_wordle_keeps_the_largest_group() -> None:
    game = WordleRound(mode="evil")
    before = list(game.candidates)
    row = game.guess("arise")
    sizes = Counter(reply_for("arise", t) for t in before)
    assert row.reply == "....." and sizes[row.reply] == max(sizes.values())
    assert len(game.candidates) == sizes["....."]
    assert game.max_guesses is None and game.answer is None


def test_evil_wordle_ends_when_one_word_is_left() -> None:
    game = WordleRound(mode="evil", lists=load_set("classic"))  # the seeds' lists
    for word in ("arise", "blond", "dumpy", "chump"):
        game.guess(word)
    assert game.candidates == ["thump"] and game.answer == "thump"
    game.guess("thump")
    assert game.won


def test_antiwordle_refuses_inconsistent_guesses_and_explains() -> None:
    game = WordleRound(mode="antiwordle", target="hello")
    game.guess("hates")  # G..Y.
    with pytest.raises(Refused, match="1st letter must be H"):
        game.guess("crane")
    with pytest.raises(Refused, match="A is not in the word"):
        game.guess("heaps")
    with pytest.raises(Refused, match="5th letter cannot be S|S is not in the word"):
        game.guess("herbs")
    game.guess("helix")
    assert game.status is Status.PLAYING and game.max_guesses is None


def test_antiwordle_ends_on_the_answer_and_counts_survival() -> None:
    game = WordleRound(mode="antiwordle", target="hello")
    game.guess("hello")
    assert game.status is Status.LOST and not game.won and len(game.rows) == 1


@settings(max_examples=40, deadline=None)
@given(answers, st.lists(answers, min_size=1, max_size=4), answers)
def test_consistency_messages_agree_with_the_rule(target, played, word) -> None:
    rows = [type("R", (), {"word": w, "reply": reply_for(w, target)})() for w in played]
    fits = all(reply_for(r.word, word) == r.reply for r in rows)
    assert (consistency_problem(rows, word) is None) == fits
    assert consistency_problem(rows, target) is None


def test_resuming_replays_the_moves_through_the_rules() -> None:
    first = WordleRound(target="hello", hard=True)
    first.guess("hates")
    again = WordleRound(target="hello", hard=True, rows=list(first.rows))
    assert again.rows == first.rows and again.candidates == first.candidates


def test_jotto_replies_and_rules() -> None:
    game = JottoRound(target="south")
    assert game.guess("mouth").shared == 4
    with pytest.raises(Refused, match="five different letters"):
        game.guess("hello")
    with pytest.raises(Refused, match="Not in the Jotto word list"):
        game.guess("qwxyz")
    with pytest.raises(Refused, match="Not in the Jotto word list"):
        game.guess("rohtn")  # an anagram of THORN, but no word
    north = game.guess("north")  # a word of the lists: played as THORN, its letters' word
    assert (north.word, north.shared) == ("thorn", 3)
    game.guess("south")
    assert game.over and game.won and len(game.rows) == 3
    again = JottoRound(target="south", rows=list(game.rows))
    assert again.rows == game.rows


def test_jotto_notepad_cycles_and_persists() -> None:
    game = JottoRound(target="south")
    assert game.mark("a") is Mark.IN
    assert game.mark("a") is Mark.OUT
    game.guess("mouth")
    assert game.mark_of("a") is Mark.OUT
    assert game.mark("a") is Mark.UNKNOWN and "a" not in game.marks


def test_jotto_random_target_is_a_jotto_word() -> None:
    assert JottoRound(seed=4).target in jotto_game().targets


def test_computer_jotto_finds_a_word_with_honest_answers() -> None:
    game = ComputerJottoRound()
    secret = "south"
    for _ in range(20):
        guess = game.next_guess()
        game.answer(len(set(guess) & set(secret)))
        if game.over:
            break
    assert game.found == secret and game.remaining == 1


def test_computer_jotto_detects_impossible_answers_and_undoes() -> None:
    game = ComputerJottoRound()
    for _ in range(12):
        guess = game.next_guess()
        try:
            game.answer(0)
        except Impossible as error:
            assert "No word in the list" in str(error)
            break
    else:
        pytest.fail("answering 0 to every guess never became impossible")
    asked = [s.guess for s in game.steps] + [guess]
    assert not [t for t in jotto_game().targets if not any(set(t) & set(g) for g in asked)]
    assert game.pending == guess  # nothing lost: the guess still waits for an answer
    kept = len(game.steps)
    undone = game.undo()
    assert undone is not None and undone.guess == asked[-2] and len(game.steps) == kept - 1
    fits = [t for t in jotto_game().targets if not any(set(t) & set(g) for g in asked[:-2])]
    assert game.remaining == len(fits)


@pytest.mark.parametrize("mode", ["wordle", "evil", "antiwordle"])
def test_the_cached_narrowing_matches_filtering_every_answer(mode: str) -> None:
    from wordle_tui.solver.replies import reply_for

    lists = load_set("nyt")
    for target, words in [("crane", ["salet", "briny", "crane"]), ("mummy", ["mamma", "yummy"])]:
        game = WordleRound(mode, None if mode == "evil" else target, lists=lists)
        for word in words:
            if game.over:
                break
            try:
                row = game.guess(word)
            except Refused:  # Antiwordle's rules: the next word is tried
                continue
            left = [
                w
                for w in sorted(lists.answers)
                if all(reply_for(r.word, w) == r.reply for r in game.rows)
            ]
            assert game.candidates == left, (mode, word, row)
