"""The NYT prior of today: repeats expected from #1689 on at a rate learnt from the record,
older answers favoured as the repeats show, confidence that falls as the puzzle moves past the
end of the record, and the replay's calibration and frozen record."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference_solver import property_settings
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.solver.assistant.replay import Bin, Replay, ReplayedGame, mean_gap
from wordle_tui.solver.listsets import WordListSet, load_set, make_set
from wordle_tui.solver.nyt.history import AnswerHistory, Puzzle, date_of, shipped_history
from wordle_tui.solver.nyt.prior import REPEAT_PRIOR, REPEATS_FROM, model_for, nyt_weights

runner = CliRunner()


@pytest.fixture(scope="module")
def words() -> tuple[str, ...]:
    return load_set("nyt").guesses


def record_until(last: int, extra: list[tuple[int, str]] = ()) -> AnswerHistory:
    """The shipped record up to `last`, then `extra` puzzles (number, word) of our own."""
    kept = [p for p in shipped_history().puzzles if p.number <= last]
    added = [Puzzle(n, date_of(n), w) for n, w in extra]
    return AnswerHistory(tuple(kept + added))


@property_settings(6)
@given(st.lists(st.booleans(), min_size=0, max_size=9))
def test_the_repeat_share_is_the_repeats_seen_since_1689_with_a_weak_prior(repeats) -> None:
    words = load_set("nyt").guesses
    history = shipped_history()
    fresh = iter(w for w in load_set("nyt").answers if not history.answered(w))
    old = iter(p.word for p in history.puzzles[1:400])
    extra = [
        (REPEATS_FROM + i, next(old) if again else next(fresh)) for i, again in enumerate(repeats)
    ]
    record = record_until(REPEATS_FROM - 1, extra)
    puzzle = REPEATS_FROM + len(repeats)
    model = model_for(words, puzzle, record)
    a, b = REPEAT_PRIOR
    assert model.policy_seen == len(repeats) and model.repeats_seen == sum(repeats)
    assert model.repeat_share == pytest.approx((sum(repeats) + a) / (len(repeats) + a + b))
    p = nyt_weights(words, puzzle, record)
    index = {w: i for i, w in enumerate(words)}
    past = {index[q.word] for q in record.puzzles}
    assert p[sorted(past)].sum() == pytest.approx(model.repeat_share)
    assert p.sum() == pytest.approx(1.0)


def test_repeats_are_all_but_impossible_before_the_policy(words) -> None:
    history = shipped_history()
    model = model_for(words, REPEATS_FROM - 1, history)
    assert model.repeat_share < 1e-3 and model.policy_seen == 0


def test_the_ages_of_the_repeats_seen_teach_which_past_answers_come_back(words) -> None:
    history = shipped_history()
    index = {w: i for i, w in enumerate(words)}
    # the record's one repeat, CIGAR at #1689, was its oldest answer: older ones are favoured
    model = model_for(words, 1700, history)
    assert model.age_slope > 0
    p = nyt_weights(words, 1700, history)
    assert p[index["rebut"]] > p[index["surge"]]  # #1 over #1699 (no plural, both common)
    # repeats of last month's answers instead teach the other way
    recent = [p.word for p in history.puzzles if 1650 <= p.number < REPEATS_FROM]
    record = record_until(REPEATS_FROM - 1, list(enumerate(recent[:8], start=REPEATS_FROM)))
    assert model_for(words, REPEATS_FROM + 8, record).age_slope < 0


def test_confidence_falls_as_the_puzzle_moves_past_the_record(words) -> None:
    history = shipped_history()
    near, far = (model_for(words, n, history) for n in (history.last + 1, history.last + 151))
    assert (near.behind, far.behind) == (0, 150)
    p_near, p_far = (nyt_weights(words, n, history) for n in (near.puzzle, far.puzzle))

    def entropy(p):
        return -(p * np.log2(p)).sum()

    assert p_far.max() < p_near.max() and entropy(p_far) > entropy(p_near)
    index = {w: i for i, w in enumerate(words)}
    past = sorted({index[q.word] for q in history.puzzles})
    assert p_far[past].sum() == pytest.approx(far.repeat_share)  # repeats keep their share


def test_a_repeat_day_is_no_longer_600000_to_1(words) -> None:
    """The issue's #1850 (answer STOUT, a repeat of #65): after CRANE and MOIST the prior gave
    SHOOT more than 99% and STOUT 0.05%."""
    result = runner.invoke(
        app,
        ["suggest", "crane:.....", "moist:.Y.YG", "--puzzle", "1850", "--json", "--budget", "0"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    chances = dict(zip(data["candidate_words"], data["candidate_probabilities"], strict=True))
    assert chances["stout"] > 0.02 and max(chances.values()) < 0.97
    assert abs(sum(chances.values()) - 1) < 1e-6


# The replay's calibration and its frozen record


def game(number: int, word: str, tops: tuple[float, ...], hits: tuple[bool, ...]) -> ReplayedGame:
    rows = tuple(("crane", ".....") for _ in tops[:-1]) + ((word, "GGGGG"),)
    return ReplayedGame(number, word, rows, tops, hits)


def test_the_calibration_groups_positions_by_tenths_of_the_chance_given() -> None:
    games = (
        game(1, "cigar", (0.05, 0.95, 1.0), (False, False, True)),
        game(2, "rebut", (0.05, 0.55), (False, True)),
    )
    bins = Replay(games, "nyt", "nyt", False).calibration()
    assert [b.positions for b in bins] == [2, 0, 0, 0, 0, 1, 0, 0, 0, 2]
    top = bins[9]
    assert top.mean_stated == pytest.approx(0.975) and top.share_right == 0.5
    assert top.gap == pytest.approx(47.5)
    # weighted by positions: |5-0| twice, |55-100| once, |97.5-50| twice, over 5
    assert mean_gap(bins) == pytest.approx((5 * 2 + 45 + 47.5 * 2) / 5)
    empty = Bin(0.0, 0.1)
    assert empty.gap == 0 and mean_gap([empty]) == 0


def tsv(path: Path, puzzles: list[tuple[int, str]]) -> Path:
    lines = ["number\tdate\tword"] + [f"{n}\t{date_of(n)}\t{w.upper()}" for n, w in puzzles]
    path.write_text("\n".join(lines) + "\n")
    return path


def few_nyt_lists(*needed: str) -> WordListSet:
    """Every eighth NYT answer and sixteenth allowed word, and the words `needed`: some 1,300
    words. A weighted prior's square reply matrix on them is built in a blink; the NYT's
    lists' (14,855 words) takes about 10 s of CPU."""
    nyt = load_set("nyt")
    answers = sorted({*nyt.answers[::8], *needed})
    return make_set("few", answers, sorted({*nyt.guesses[::16], *answers}), "test", "test")


def test_report_frozen_keeps_the_record_as_it_stood_before_the_first_puzzle(
    tmp_path, monkeypatch
) -> None:
    from wordle_tui.cli import common

    few = few_nyt_lists("surge")
    monkeypatch.setattr(common, "default_set", lambda: few)  # the lists played by default
    record = tsv(tmp_path / "late.tsv", [(1699, "surge")])
    args = ["report", "--strategy", "assistant", "--history", str(record), "--workers", "1"]
    frozen = runner.invoke(app, [*args, "--frozen", "--json"])
    assert frozen.exit_code == 0, frozen.output
    data = json.loads(frozen.stdout)
    assert data["frozen"] is True and data["games"] == 1
    rows = data["per_game"][0]["guesses"]
    assert sum(b["positions"] for b in data["calibration"]["bins"]) == rows
    text = runner.invoke(app, [*args, "--frozen"])
    assert "as it stood before the first" in text.stdout and "mean gap" in text.stdout
    refused = runner.invoke(app, ["report", "--frozen"])
    assert refused.exit_code == 2 and "--frozen goes with --strategy assistant" in refused.stderr


def test_a_frozen_replay_learns_nothing_from_the_games_it_plays() -> None:
    """Frozen, the second game's chances are those of the record before the first game."""
    from wordle_tui.solver.assistant.replay import replay

    history = shipped_history()
    puzzles = history.puzzles[-2:]
    lists = few_nyt_lists(*(p.word for p in puzzles))
    words = lists.guesses  # every allowed word may be the answer
    frozen = replay(puzzles, "nyt", lists, history, workers=1, frozen=True)
    updated = replay(puzzles, "nyt", lists, history, workers=1)
    second = puzzles[1].number
    before_first = record_until(puzzles[0].number - 1)
    assert frozen.games[1].tops[0] == pytest.approx(nyt_weights(words, second, before_first).max())
    assert updated.games[1].tops[0] == pytest.approx(nyt_weights(words, second, history).max())
    assert frozen.games[1].tops[0] != pytest.approx(updated.games[1].tops[0], rel=1e-9)


def test_a_kinds_share_grows_as_the_core_words_run_out() -> None:
    from wordle_tui.solver.nyt.prior import kind_shares

    rng = np.random.default_rng(1)
    left = np.array([2000.0, 800.0, 9000.0])
    picks = []
    for _ in range(1200):  # a word of `added` a twentieth as likely as a `core` one
        mass = left * np.array([1.0, 0.05, 0.0005])
        k = int(rng.choice(3, p=mass / mass.sum()))
        picks.append((k, left.copy(), 1.0))
        left[k] -= 1
    plenty = kind_shares(picks, np.array([2000.0, 800.0, 9000.0]))
    scarce = kind_shares(picks, left)
    assert scarce[1] > 2 * plenty[1]  # 800 core words left, not 2,000: `added` comes up more
    truth = left * np.array([1.0, 0.05, 0.0005])
    truth /= truth.sum()
    assert np.allclose(scarce[:2], truth[:2], rtol=0.2)  # `other`: a handful of picks, and
    assert truth[2] / 3 < scarce[2] < 3 * truth[2]  # the pull towards equal appeal
    assert kind_shares([], left).sum() == pytest.approx(1.0)  # no picks: the sizes decide
