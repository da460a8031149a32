"""The NYT assistant: patterns in every form, bad input, and figures against brute force."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from wordle_tui.gameplay.entry import RowEntry
from wordle_tui.solver import reply_for
from wordle_tui.solver.assistant.engine import (
    Assistant,
    AssistantError,
    parse_pattern,
    parse_row,
    pattern_problem,
    score_pool,
)
from wordle_tui.solver.words import ANSWERS, GUESSES, bundled_words

ANSWER_LIST = bundled_words(ANSWERS)


@pytest.fixture(scope="module")
def helper() -> Assistant:
    return Assistant()


@pytest.mark.parametrize(
    "text",
    [
        "..Y.G",
        "..y.g",
        ". . Y . G",
        "--y-g",
        "__y_g",
        "xxyxg",
        "kkykg",
        "bbybg",
        "00102",
        "0 0 1 0 2",
        "⬛⬛🟨⬛🟩",
        "⬜⬜🟨⬜🟩",
        "⬛⬛🟦⬛🟧",
        "⬛️⬛️🟨⬛️🟩",
        "0,0,1,0,2",
    ],
)
def test_every_pattern_form(text: str) -> None:
    assert parse_pattern(text) == "..Y.G"


@pytest.mark.parametrize(
    ("text", "message"),
    [("..Y.", "has 4"), ("..Y.GG", "has 6"), ("..Z.G", "'Z' is not a colour"), ("", "has 0")],
)
def test_bad_patterns(text: str, message: str) -> None:
    with pytest.raises(AssistantError, match=message):
        parse_pattern(text)


def test_rows_in_several_forms() -> None:
    assert parse_row("raise:..Y.G") == ("raise", "..Y.G")
    assert parse_row("RAISE 00102") == ("raise", "..Y.G")
    assert parse_row("raise=🟩🟩🟩🟩🟩") == ("raise", "GGGGG")
    with pytest.raises(AssistantError, match="word:pattern"):
        parse_row("raise")


def test_impossible_patterns_are_explained() -> None:
    assert "cannot happen" in pattern_problem("raise", "GGGGY")
    assert "left to right" in pattern_problem("speed", "...Y.")  # grey E, then yellow E
    assert pattern_problem("speed", "..Y..") is None
    assert pattern_problem("raise", "..Y.G") is None


def brute_candidates(rows: list[tuple[str, str]]) -> list[str]:
    return [t for t in ANSWER_LIST if all(reply_for(w, t) == p for w, p in rows)]


POSITIONS = [
    [("raise", "..Y.G")],
    [("fuzzy", ".....")],
    [("crane", "....."), ("moist", ".Y..G")],
    [("slate", ".Y..."), ("pilot", "..YY.")],
]


@pytest.mark.parametrize("rows", POSITIONS, ids=lambda r: " ".join(w for w, _ in r))
def test_candidates_and_scores_match_brute_force(helper: Assistant, rows) -> None:
    helper.clear()
    for word, pattern in rows:
        helper.add(word, pattern)
    expected = brute_candidates(rows)
    assert [w for w, _ in helper.candidate_words()] == sorted(expected)
    found = helper.suggest(10)
    assert len(found) == 10 or len(expected) < 10  # fewer answers: no filler rows
    n = len(expected)
    for s in found:
        groups = Counter(reply_for(s.word, t) for t in expected)
        entropy = -sum(c / n * math.log2(c / n) for c in groups.values())
        assert s.entropy == pytest.approx(entropy, abs=1e-9)
        assert s.expected_remaining == pytest.approx(sum(c * c for c in groups.values()) / n)
        assert s.worst == max(groups.values()) and s.groups == len(groups)
        assert s.win_chance == pytest.approx((s.word in expected) / n)
        assert s.is_candidate == (s.word in expected)
    costs = [s.expected_guesses for s in found]
    assert costs == sorted(costs)


def test_scores_by_sorting_and_counting_agree(helper: Assistant) -> None:
    helper.clear()
    helper.add("fuzzy", ".....")
    cands = helper.candidates
    pool = helper.pool()[:3000]
    codes = helper.codes(pool, cands)
    counted = score_pool(codes, helper.weights[cands], pool)
    import wordle_tui.solver.scoring as module

    saved = module.COUNT_ABOVE
    module.COUNT_ABOVE = 10**9
    try:
        sorted_ = score_pool(codes, helper.weights[cands], pool)
    finally:
        module.COUNT_ABOVE = saved
    for name in ("entropy", "expected_remaining", "worst", "groups", "win", "cost"):
        assert getattr(counted, name) == pytest.approx(getattr(sorted_, name), abs=1e-9)


def test_the_best_guess_beats_the_obvious_alternatives(helper: Assistant) -> None:
    helper.clear()
    helper.add("raise", "..Y.G")
    best = helper.suggest(10)[0]
    assert best.expected_guesses <= 2.45 and best.groups >= 15


def test_hard_mode_suggests_only_legal_words(helper: Assistant) -> None:
    hard = Assistant(hard=True)
    hard.add("crane", "..Y..")
    for s in hard.suggest(10):
        assert s.hard_ok and "a" in s.word


def test_bad_rows_change_nothing(helper: Assistant) -> None:
    helper.clear()
    helper.add("raise", "..Y.G")
    with pytest.raises(AssistantError, match="not in the guess list"):
        helper.add("qqqqq", ".....")
    with pytest.raises(AssistantError, match="cannot happen"):
        helper.add("crane", "GGGGY")
    with pytest.raises(AssistantError, match="no allowed word fits row 2.*check the colours"):
        helper.add("bingo", ".....")
    with pytest.raises(AssistantError, match="five-letter word"):
        helper.add("rai", ".....")
    assert len(helper.rows) == 1 and len(helper.candidates) == 25


def test_undo_clear_and_solved_games(helper: Assistant) -> None:
    helper.clear()
    helper.add("raise", ".....")
    helper.add("clout", ".....")
    assert helper.undo() == ("clout", ".....")
    assert len(helper.candidates) == len(brute_candidates([("raise", ".....")]))
    helper.add("hello", "GGGGG") if "hello" in helper.candidate_words() else None
    helper.clear()
    assert helper.rows == [] and len(helper.candidates) == 2309
    helper.add("hello", "GGGGG")
    with pytest.raises(AssistantError, match="solved"):
        helper.add("crane", ".....")


def test_analysis_of_a_finished_game(helper: Assistant) -> None:
    helper.clear()
    for word in ("raise", "bingo", "hinge"):
        helper.add(word, reply_for(word, "hinge"))
    review = helper.analysis()
    first, second, last = review.rows
    assert (first.before, first.after) == (2309, 25)
    assert first.bits_gained == pytest.approx(math.log2(2309 / 25))
    assert first.best_word == "salet" and not first.scored  # the optimal tree's opener
    assert second.scored and second.exact and second.loss >= 0
    assert second.your_value == pytest.approx(second.best_value + second.loss)
    assert review.skill == max(0, round(99 * (1 - second.loss - last.loss)))
    assert last.after == 0 and last.best_word == "hinge" and last.loss == 0
    from wordle_tui.render import review_cells

    assert review_cells(first)[2] == "2,309 → 25"
    assert review_cells(last)[2] == f"{last.before:,} → solved"  # never "2 → 0"


def test_frequency_prior_finds_words_outside_the_answer_list() -> None:
    helper = Assistant(prior="frequency")
    assert len(helper.candidates) == len(bundled_words(GUESSES))
    assert "tests" not in ANSWER_LIST  # allowed as a guess, never in the answer list
    helper.add("salet", reply_for("salet", "tests"))
    words = [w for w, _ in helper.candidate_words()]
    assert "tests" in words
    probabilities = [p for _, p in helper.candidate_words()]
    assert probabilities == sorted(probabilities, reverse=True)
    assert sum(probabilities) == pytest.approx(1.0)


def test_row_entry_by_keys_cycles_and_paste() -> None:
    entry = RowEntry()
    for key in "raise":
        entry.key(key)
    assert entry.colouring and entry.pattern == "....."
    for key in "..y.g":
        entry.key(key)
    assert entry.pattern == "..Y.G"
    assert entry.cursor == 4
    entry.key("space")
    assert entry.pattern == "..Y.."  # the last tile cycles from right spot to miss
    entry.key("left")
    entry.key("up")
    assert entry.pattern == "..YY."
    entry.cycle(0)
    assert entry.pattern == "Y.YY."
    entry.key("backspace")
    entry.paste("🟩⬛⬛🟨⬛")
    assert entry.pattern == "G..Y."
    entry.clear()
    entry.paste("crane:..y..")
    assert (entry.word, entry.pattern) == ("crane", "..Y..")
    entry.clear()
    with pytest.raises(AssistantError, match="type the word first"):
        entry.paste("..Y.G")


def test_the_optimal_trees_move_comes_first_while_the_rows_follow_it(helper: Assistant) -> None:
    helper.clear()
    first = helper.suggest(5)[0]
    assert (first.word, first.optimal) == ("salet", True)
    assert first.expected_guesses == pytest.approx(7897 / 2309)
    helper.add("salet", reply_for("salet", "hinge"))
    move = helper.suggest(5)[0]
    assert move.optimal and "optimal tree" in helper.reason(move)
    helper.clear()
    helper.add("raise", "..Y.G")  # off the tree: the look-ahead's choice, not marked
    assert not any(s.optimal for s in helper.suggest(5))
    hard = Assistant(hard=True)
    assert hard.suggest(3)[0].optimal


def test_few_answers_left_show_only_sensible_rows() -> None:
    helper = Assistant(prior="uniform", rows=[("crane", "...YG"), ("moist", "..Y..")])
    assert sorted(w for w, _ in helper.candidate_words()) == ["binge", "genie", "hinge"]
    found = helper.suggest(10)
    assert [s.word for s in found] == ["binge", "hinge", "genie"]  # no AARGH =2.00 fillers
    assert [s.rank for s in found] == [1, 1, 3]
    by_worst = helper.suggest(10, "worst")  # what is no answer at best ties BINGE and HINGE
    assert [s.word for s in by_worst] == ["binge", "hinge"]


def test_equal_values_share_their_rank_and_mark_at_every_stage() -> None:
    helper = Assistant(prior="uniform", rows=[("crane", "...YG"), ("moist", "..Y..")])
    found = helper.suggest(10)
    stages = [found]
    found = helper.prove(found, helper.proven_move())
    stages.append(found)
    stages.append(helper.value_rows(found))
    for rows in stages:
        for a in rows:
            for b in rows:
                if round(a.expected_guesses, 9) == round(b.expected_guesses, 9):
                    assert (a.rank, a.proven) == (b.rank, b.proven), (a, b)


def test_a_guess_telling_every_answer_apart_has_an_exact_figure() -> None:
    helper = Assistant(prior="uniform", rows=[("crane", "...YG"), ("moist", "..Y..")])
    binge = next(s for s in helper.suggest(10) if s.word == "binge")
    assert binge.proven and binge.expected_guesses == pytest.approx(5 / 3)
