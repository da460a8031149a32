"""The NYT game of today: its lists, its record of answers, the prior learnt from it, and the
assistant replayed on real puzzles."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference_solver import property_settings
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.solver.assistant.puzzles import read_known
from wordle_tui.solver.assistant.share import ShareError, parse_share
from wordle_tui.solver.listsets import WordListSet, load_set, make_set, shipped_set
from wordle_tui.solver.nyt.history import (
    AnswerHistory,
    NytHistoryError,
    date_of,
    load_history,
    number_on,
    parse_number,
    shipped_history,
    todays_number,
)
from wordle_tui.solver.nyt.prior import KINDS, is_inflected, model_for, nyt_weights
from wordle_tui.solver.replies import reply_for
from wordle_tui.solver.words import bundled_words

runner = CliRunner()
SQUARE = {"G": "🟩", "Y": "🟨", ".": "⬛"}


def run(*args: str):
    return runner.invoke(app, list(args))


def tsv(path: Path, puzzles) -> Path:
    lines = ["number\tdate\tword"] + [f"{n}\t{date_of(n)}\t{w.upper()}" for n, w in puzzles]
    path.write_text("\n".join(lines) + "\n")
    return path


def share_of(number: int, words: list[str], answer: str, hard: bool = False) -> str:
    rows = ["".join(SQUARE[c] for c in reply_for(w, answer)) for w in words]
    won = words[-1] == answer
    score = len(words) if won else "X"
    return f"Wordle {number:,} {score}/6{'*' if hard else ''}\n\n" + "\n".join(rows) + "\n"


def few_nyt_lists(*needed: str) -> WordListSet:
    """Every eighth NYT answer and sixteenth allowed word, and the words `needed`: some 1,300
    words, for commands whose lists are not what is tested (on the NYT's 14,855 a review takes
    seconds, and a weighted prior's square reply matrix about 10 s of CPU to build)."""
    nyt = load_set("nyt")
    answers = sorted({*nyt.answers[::8], *needed})
    return make_set("few", answers, sorted({*nyt.guesses[::16], *answers}), "test", "test")


# The lists


def test_the_nyt_set_is_the_nyt_of_today_and_classic_keeps_the_old_name() -> None:
    nyt = load_set("nyt")
    allowed = bundled_words("nyt-allowed.txt")
    assert nyt.name == "nyt" and (len(nyt.answers), len(nyt.guesses)) == (3160, 14855)
    assert set(nyt.guesses) == set(allowed) and not nyt.added
    listed = set(bundled_words("nyt-answers-2023.txt"))
    assert len(listed) == 3158 and set(nyt.answers) - listed == {"loris", "kefir"}
    assert {p.word for p in shipped_history().puzzles} <= set(nyt.answers)
    assert {"adorb", "glamp"} <= nyt.allowed
    assert load_set("default") is load_set("classic") is shipped_set("default")
    assert len(load_set("classic").answers) == 2309


def test_every_past_answer_is_allowed_and_the_record_is_complete() -> None:
    history = shipped_history()
    assert [p.number for p in history.puzzles] == list(range(1700))
    assert history.word_of(0) == "cigar" and history.word_of(1689) == "cigar"
    assert history.word_of(1699) == "surge" and history.word_of(1700) is None
    assert [p.number for p in history.answered("cigar")] == [0, 1689]
    assert history.answered("cigar", before=1689)[0].number == 0
    assert all(p.date == date_of(p.number) for p in history.puzzles)


def test_puzzle_numbers_and_dates() -> None:
    assert number_on(dt.date(2021, 6, 19)) == 0 and number_on(dt.date(2026, 2, 12)) == 1699
    assert number_on(dt.date(2020, 1, 1)) == 0  # never before the first
    assert todays_number(dt.date(2026, 11, 24)) == 1984
    assert [parse_number(t) for t in ("1234", "1,234", "#1234", " 7 ")] == [1234, 1234, 1234, 7]
    for bad in ("", "x", "-1", "1²", "12345678", "1" * 5000, "99,999,999"):
        with pytest.raises(NytHistoryError):
            parse_number(bad)


# Adding to the record


def test_history_add_checks_every_line_and_imports_nothing_half(home, tmp_path) -> None:
    bad = tmp_path / "bad.tsv"
    bad.write_text(
        "number\tdate\tword\n"
        f"1700\t{date_of(1700)}\tCRANE\n"
        f"1701\t2026-01-01\tSLATE\n"  # the wrong date
        f"1702\t{date_of(1702)}\tQQQQQ\n"  # not allowed
        f"1703\t{date_of(1703)}\tTOOLONG\n"
        "1704\tonly two\n"
    )
    result = run("nyt", "history", "add", str(bad))
    assert result.exit_code == 2
    message = result.stderr.strip()
    assert message.count("\n") == 0  # one line, naming every bad line
    for line in ("line 3", "line 4", "line 5", "line 6"):
        assert line in message
    assert "line 2" not in message
    assert not (home / "nyt").exists() and load_history().last == 1699


def test_history_add_refuses_a_conflict_with_the_record(home, tmp_path) -> None:
    clash = tsv(tmp_path / "clash.tsv", [(1699, "crane")])
    result = run("nyt", "history", "add", str(clash))
    assert result.exit_code == 2 and "puzzle #1,699 is SURGE, not CRANE" in result.stderr


def test_history_add_keeps_later_puzzles_for_every_command(home, tmp_path) -> None:
    later = tsv(tmp_path / "later.tsv", [(1699, "surge"), (1700, "crane"), (1701, "adorb")])
    result = run("nyt", "history", "add", str(later), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"added": 2, "already_known": 1, "last": 1701}
    assert load_history().word_of(1701) == "adorb"
    shown = json.loads(run("nyt", "history", "show", "--last", "2", "--json").stdout)
    assert [p["word"] for p in shown["puzzles"]] == ["crane", "adorb"]
    again = run("nyt", "history", "add", str(later), "--json")
    assert json.loads(again.stdout)["added"] == 0  # nothing imported twice


def test_history_add_refuses_a_fifo(home, tmp_path) -> None:
    import os

    fifo = tmp_path / "fifo.tsv"
    os.mkfifo(fifo)
    result = run("nyt", "history", "add", str(fifo))
    assert result.exit_code == 2 and "FIFO" in result.stderr.upper()


# The prior


@pytest.fixture(scope="module")
def allowed() -> tuple[str, ...]:
    return load_set("nyt").guesses


@pytest.mark.parametrize("puzzle", [0, 24, 700, 1689, 1700])
def test_the_prior_is_a_probability_for_every_allowed_word(allowed, puzzle) -> None:
    p = nyt_weights(allowed, puzzle, shipped_history())
    assert p.shape == (len(allowed),) and np.all(p > 0)
    assert abs(p.sum() - 1) < 1e-9
    model = model_for(allowed, puzzle, shipped_history())
    assert set(model.shares) == set(KINDS) and abs(sum(model.shares.values()) - 1) < 1e-9
    assert model.answers_seen == puzzle if puzzle <= 1700 else 1700


@property_settings(8)
@given(st.integers(min_value=1, max_value=1699))
def test_the_prior_for_puzzle_n_knows_nothing_from_n_on(puzzle) -> None:
    words = load_set("nyt").guesses
    full = shipped_history()
    cut = AnswerHistory(tuple(p for p in full.puzzles if p.number < puzzle))
    changed = AnswerHistory(
        (*cut.puzzles, *(replace(p, word="aahed") for p in full.puzzles if p.number >= puzzle))
    )
    expected = nyt_weights(words, puzzle, cut)
    assert np.array_equal(nyt_weights(words, puzzle, full), expected)
    assert np.array_equal(nyt_weights(words, puzzle, changed), expected)


def test_the_prior_learns_what_the_nyt_picks(allowed) -> None:
    history = shipped_history()
    index = {w: i for i, w in enumerate(allowed)}
    before = nyt_weights(allowed, 1600, history)
    since = nyt_weights(allowed, 1699, history)
    top = allowed[int(np.argmax(before))]  # the likeliest: an answer-list word never used
    assert not history.answered(top, before=1600) and top in load_set("nyt").answers
    # past answers: never repeated before #1689, so tiny then; a fair chance once repeats began
    assert before[index["cigar"]] < before[index[top]] / 1000
    assert since[index["rebut"]] > 100 * before[index["rebut"]]
    # an answer-list word not yet used beats a plural outside the lists
    assert before[index[top]] > 100 * before[index["cards"]]
    assert is_inflected("cards") and is_inflected("tried") and not is_inflected("slate")
    model = model_for(allowed, 1600, history)
    assert model.shares["core"] > 0.9 and model.beta > 0
    assert model.inflected_factor < 0.05


def test_the_assistant_uses_the_prior_of_its_puzzle() -> None:
    from wordle_tui.solver.assistant.engine import Assistant

    nyt = load_set("nyt")
    early = Assistant(prior="nyt", lists=nyt, puzzle=10)
    late = Assistant(prior="nyt", lists=nyt, puzzle=1600)
    assert len(late.likely) < len(early.likely) < len(early.candidates) == 14855
    words = dict(late.candidate_words())
    assert words["cigar"] < 1e-4  # an answer long ago: unlikely before repeats began
    assert [p.number for p in late.answered_before("cigar")] == [0]
    assert late.answered_before("surge") == []  # #1699 is after #1600


# Shares with a known answer


def test_a_share_of_a_known_puzzle_needs_no_answer_and_checks_the_rows() -> None:
    history = shipped_history()
    text = share_of(1497, ["slate", "crone", "goner", "gofer"], "gofer", hard=True)
    shared = parse_share(text)
    assert (shared.number, shared.hard, shared.guesses) == (1497, True, 4)
    known = read_known(shared, ["slate", "crone", "goner"], history)
    assert known.answer == "gofer" and known.rows[-1] == ("gofer", "GGGGG")
    assert "GOFER" in known.note
    with pytest.raises(ShareError, match="does not fit Wordle 1,497"):
        read_known(shared, ["slate", "crane", "goner"], history)
    unknown = parse_share(text.replace("1,497", "5,000"))
    assert read_known(unknown, ["slate", "crone", "goner", "gofer"], history).answer is None


def test_a_share_from_a_day_the_answer_changed_fits_the_first_word() -> None:
    text = share_of(241, ["crane", "agora"], "agora")
    known = read_known(parse_share(text), ["crane", "agora"], shipped_history())
    assert known.answer == "agora" and "AROMA" in known.note


def test_review_share_honours_the_star_and_the_known_answer(home, tmp_path, monkeypatch) -> None:
    from wordle_tui.cli import common

    few = few_nyt_lists("slate", "crone", "goner", "gofer", "crane")
    monkeypatch.setattr(common, "default_set", lambda: few)  # the lists taken by default
    share = tmp_path / "share.txt"
    share.write_text(share_of(1497, ["slate", "crone", "goner", "gofer"], "gofer", hard=True))
    result = run(
        "review", "--share", str(share), "slate", "crone", "goner", "--json", "--budget", "0"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["hard"] is True and data["rows"][-1] == {"word": "gofer", "pattern": "GGGGG"}
    assert "hard-mode star" in result.stderr and "GOFER" in result.stderr
    wrong = run("review", "--share", str(share), "slate", "crane", "goner")
    assert wrong.exit_code == 2 and "does not fit Wordle 1,497" in wrong.stderr


# Suggest and the replay


def test_suggest_accepts_a_word_only_the_nyt_allows(home) -> None:
    result = run("suggest", "adorb:.....", "--budget", "0", "--json", "--puzzle", "1,600")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["puzzle"] == 1600 and data["lists"] == "nyt" and data["prior"] == "nyt"
    assert data["prior_model"]["answers_seen"] == 1600
    assert 0 < data["likely_candidates"] <= data["candidates"]
    classic = run("suggest", "adorb:.....", "--lists", "classic", "--budget", "0")
    assert classic.exit_code == 2 and "ADORB is not in the guess list" in classic.stderr
    assert "--lists nyt" in classic.stderr  # where the word is accepted
    out = run("play-out", "crane", "--opener", "adorb")  # the reports keep the classic lists
    assert out.exit_code == 2 and "--lists nyt" in out.stderr
    assert run("play-out", "crane", "--opener", "adorb", "--lists", "nyt").exit_code == 0


def test_suggest_marks_past_answers(home) -> None:
    row = f"crane:{reply_for('crane', 'cigar')}"
    result = run("suggest", row, "--budget", "0", "--json", "--puzzle", "1690")
    data = json.loads(result.stdout)
    assert data["answered_before"]["cigar"] == [
        {"number": 0, "date": "2021-06-19"},
        {"number": 1689, "date": "2026-02-02"},
    ]


def test_the_replay_plays_what_suggest_says_step_by_step(home, tmp_path, monkeypatch) -> None:
    from wordle_tui.cli import common

    puzzles = [(24, "stool"), (1689, "cigar")]  # a fresh answer and a repeat
    # both commands play on the lists they take by default, made small here; the prior is
    # the replay's own, the NYT's (`suggest` takes that from the NYT's lists: it is named)
    few = few_nyt_lists(*(w for _, w in puzzles))
    monkeypatch.setattr(common, "default_set", lambda: few)
    record = tsv(tmp_path / "two.tsv", puzzles)
    result = run(
        "report", "--strategy", "assistant", "--history", str(record), "--json", "--workers", "1"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 2 and data["over_six"] == 0
    assert (data["lists"], data["prior"]) == ("few", "nyt")
    assert [g["word"] for g in data["per_game"]] == [w for _, w in puzzles]
    assert sum(int(k) * v for k, v in data["distribution"].items()) / 2 == pytest.approx(
        data["mean"], abs=1e-4
    )
    for game in data["per_game"]:
        rows = game["rows"]
        assert rows[-1] == f"{game['word']}:GGGGG" and game["guesses"] == len(rows)
        for k, row in enumerate(rows):
            step = run(
                "suggest",
                *rows[:k],
                "--puzzle",
                str(game["number"]),
                "--budget",
                "0",
                "--json",
                "--top",
                "1",
                "--prior",
                "nyt",
            )
            assert step.exit_code == 0, step.output
            assert json.loads(step.stdout)["suggestions"][0]["word"] == row.split(":")[0]


def test_report_assistant_needs_a_record(home) -> None:
    result = run("report", "--strategy", "assistant")
    assert result.exit_code == 2 and "--history FILE" in result.stderr


def test_play_nyt_refuses_a_puzzle_the_record_does_not_know(home) -> None:
    result = run("play", "--nyt", "1700")
    assert result.exit_code == 2 and "ends at #1,699" in result.stderr
    assert run("play", "jotto", "--nyt", "3").exit_code == 2
    assert run("play", "--nyt", "9" * 400).exit_code == 2


def test_old_saved_games_and_settings_still_mean_classic(home) -> None:
    from wordle_tui.gameplay.session import split_variant, with_lists

    assert split_variant("normal") == ("normal", "classic")
    assert split_variant("normal;lists=default") == ("normal", "classic")
    assert with_lists("normal", load_set("classic")) == "normal"
    assert with_lists("normal", load_set("nyt")) == "normal;lists=nyt"
    assert split_variant(with_lists("hard", load_set("nyt"))) == ("hard", "nyt")


def test_the_shipped_nyt_trees_are_valid_and_score_what_they_say(home) -> None:
    from importlib import resources

    from wordle_tui.solver.games import make_game
    from wordle_tui.solver.tree import tree_scores
    from wordle_tui.solver.trees import load

    game = make_game("wordle", lists=load_set("nyt"))
    for name, hard in (("optimal", False), ("optimal-hard", True)):
        file = "nyt-optimal-hard.json.gz" if hard else "nyt-optimal-normal.json.gz"
        path = resources.files("wordle_tui").joinpath("trees", file)
        tree, meta = load(Path(str(path)), game, hard=hard, check=True)  # validated in full
        scores = tree_scores(tree)
        assert sorted(scores) == sorted(game.targets) and sum(scores.values()) == meta["total"]
        assert max(scores.values()) <= 6 and tree.guess == "tarse"
        out = run("report", "--lists", "nyt", "--strategy", name, "--json")
        assert json.loads(out.stdout)["mean"] == pytest.approx(meta["total"] / 3160, abs=1e-4)
