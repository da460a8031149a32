"""Guesses whose exact value needs a seventh row: marked, ranked after those within six.

With three rows left in hard mode and the seven -ATCH words, CLAMP leaves groups that need
17 guesses in all but not within the rows; BLOWY needs 18 within them. The assistant's exact
stage must put BLOWY first (the proven move), mark CLAMP with a dagger, and say so; each
row's flag agrees with the brute-force reference's six-row total being finite; the review
names BLOWY as the best move after CLAMP and marks the row not comparable (`~`).
"""

from __future__ import annotations

import math

import pytest
from reference_solver import optimal_total, reference_for
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.render import SEVENTH, SEVENTH_LEGEND, suggestion_cells
from wordle_tui.solver.assistant.engine import Assistant
from wordle_tui.solver.assistant.ranking import rerank
from wordle_tui.solver.choices import Prior
from wordle_tui.solver.replies import reply_for
from wordle_tui.ui.assistant.widgets import proof_status

ANSWERS = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]
GUESSES = [*ANSWERS, "clamp", "linch", "blowy", "fuzzy"]
JUNK = [("fuzzy", ".....")] * 3  # no letter of any answer: three rows gone, nothing learnt


@pytest.fixture
def lists(tmp_path):
    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    answers.write_text("\n".join(ANSWERS) + "\n")
    guesses.write_text("\n".join(GUESSES) + "\n")
    return answers, guesses


def exact_stage(lists):
    answers, guesses = lists
    helper = Assistant(
        hard=True, prior=Prior.UNIFORM, answers=answers, guess_list=guesses, rows=list(JUNK)
    )
    stages = list(helper.advice(top=len(GUESSES)))
    assert stages[-1].stage == "exact"
    return helper, stages[-1]


def test_within_six_rows_rank_first_and_the_rest_are_marked(lists) -> None:
    helper, advice = exact_stage(lists)
    found = advice.suggestions
    assert advice.move.word == "blowy" and advice.move.within_six
    assert found[0].word == "blowy" and found[0].within_six
    assert found[0].expected_guesses == pytest.approx(18 / 7)
    clamp = next(s for s in found if s.word == "clamp")
    assert not clamp.within_six and clamp.expected_guesses == pytest.approx(17 / 7)
    assert clamp.rank > 1  # fewer guesses, but some answer would need a seventh
    flags = [s.within_six for s in found]
    assert flags == sorted(flags, reverse=True)  # every row within six before any other
    assert suggestion_cells(clamp)[-1].endswith(SEVENTH)
    assert not suggestion_cells(found[0])[-1].endswith(SEVENTH)
    status = proof_status(found, advice.move, advice.stage, len(ANSWERS), "guesses")
    assert SEVENTH_LEGEND in status


def test_each_rows_flag_agrees_with_brute_force(lists) -> None:
    helper, advice = exact_stage(lists)
    ref = reference_for(helper.game)
    rows_left = 6 - len(JUNK)
    for s in advice.suggestions:
        within = optimal_total(ref, hard=True, first=s.word, max_guesses=rows_left)
        assert s.within_six == (not math.isinf(within)), s.word
        total = within if s.within_six else optimal_total(ref, hard=True, first=s.word)
        assert s.expected_guesses * len(ANSWERS) == pytest.approx(total), s.word


def test_rerank_puts_six_row_values_first() -> None:
    helper = Assistant()
    a, b, c = (helper.ranker.estimate(w, helper.candidates, helper.legal) for w in ANSWERS[:3])
    found = [
        a.__class__(**{**a.__dict__, "expected_guesses": 3.0, "within_six": False}),
        b.__class__(**{**b.__dict__, "expected_guesses": 3.5}),
        c.__class__(**{**c.__dict__, "expected_guesses": 3.5}),
    ]
    ranked = rerank(found)
    assert [s.word for s in ranked] == ["catch", "hatch", "batch"]
    assert [s.rank for s in ranked] == [1, 1, 3]


def test_the_command_line_prints_the_legend(lists, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path / "home"))
    answers, guesses = lists
    rows = [f"{w}:{r}" for w, r in JUNK]
    args = ["suggest", *rows, "--hard", "--prior", "uniform", "--top", str(len(GUESSES))]
    result = CliRunner().invoke(
        app, [*args, "--answers", str(answers), "--guess-list", str(guesses)]
    )
    assert result.exit_code == 0, result.output
    assert SEVENTH_LEGEND in result.output and f"{SEVENTH}" in result.output


def test_the_review_marks_a_move_risking_a_seventh_guess_not_comparable(lists) -> None:
    answers, guesses = lists
    played = [*JUNK, *((w, reply_for(w, "hatch")) for w in ("clamp", "hatch"))]
    helper = Assistant(
        hard=True, prior=Prior.UNIFORM, answers=answers, guess_list=guesses, rows=played
    )
    review = helper.analysis()
    rows = {r.word: r for r in review.rows}
    assert rows["clamp"].best_word == "blowy" and not rows["clamp"].exact
    assert rows["hatch"].exact  # the last row: one answer left
