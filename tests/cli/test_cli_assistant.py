"""The assistant's commands: `suggest` (rankings, the proof, JSON), `solve ROW...`, `review`.

Figures are checked against the solver's own independent paths (the exhaustive search of the
position, the optimal tree), never typed in.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.solver import reply_for
from wordle_tui.solver.assistant.engine import Assistant

runner = CliRunner()


def classic(args) -> list[str]:
    """The command on the 2022 lists with equally likely answers, where the proof applies
    (the NYT of today, with its prior, is tested in test_nyt.py)."""
    args = list(args)
    extra = [] if "--lists" in args else ["--lists", "classic"]
    if args[0] == "suggest" and "--prior" not in args:
        extra += ["--prior", "uniform"]
    return [*args, *extra]


def invoke(args):
    return runner.invoke(cli, classic(args))


def run(*args: str) -> dict:
    result = invoke([*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_suggest_json_proves_the_best_and_always_names_the_entropy_best(home):
    data = run("suggest", "crane:..G..")
    move = Assistant(rows=[("crane", "..G..")]).proven_move()
    first = data["suggestions"][0]
    assert data["proven"] and first["proven"] and first["word"] == move.word
    assert first["expected_guesses"] == pytest.approx(move.mean, abs=1e-4)
    assert all(
        {"expected_guesses", "rank", "proven", "entropy_best"} <= set(s)
        for s in data["suggestions"]
    )
    best_bits = max(data["suggestions"], key=lambda s: s["entropy"])
    assert data["entropy_best"] == {"word": best_bits["word"], "entropy": best_bits["entropy"]}
    assert [s["entropy_best"] for s in data["suggestions"]].count(True) == 1


def test_suggest_ranks_by_worst_case_with_ties_sharing_a_place(home):
    data = run("suggest", "crane:..G..", "--rank", "worst", "--budget", "0")
    rows = data["suggestions"][:10]
    assert data["rank"] == "worst" and not data["proven"]
    assert [r["worst"] for r in rows] == sorted(r["worst"] for r in rows)
    for a, b in zip(rows, rows[1:], strict=False):
        assert (a["rank"] == b["rank"]) == (a["worst"] == b["worst"])


def test_suggest_without_budget_gives_estimates_and_the_tree_move_stays_proven(home):
    assert not run("suggest", "crane:..G..", "--budget", "0")["proven"]
    opening = run("suggest", "--budget", "0")
    assert opening["proven"] and opening["suggestions"][0]["word"] == "salet"


def test_suggest_widens_when_no_listed_answer_fits(home):
    rows = [f"{w}:{reply_for(w, 'cards')}" for w in ("crane", "plush")]
    result = invoke(["suggest", *rows, "--json"])
    data = json.loads(result.stdout)
    assert "every allowed word" in result.stderr
    assert data["prior_in_use"] == "frequency" and "cards" in data["candidate_words"]
    assert min(data["candidate_probabilities"]) > 0


def test_solve_from_a_position_is_the_exhaustive_search(home):
    data = run("solve", "crane:..G..")
    move = Assistant(rows=[("crane", "..G..")]).proven_move()
    assert (data["guess"], data["total"], data["proven"]) == (move.word, move.total, True)
    assert data["mean"] == pytest.approx(move.total / data["answers"], abs=1e-6)
    hard = run("solve", "crane:..G..", "--mode", "hard")
    assert hard["total"] >= data["total"] and hard["mode"] == "hard"
    text = invoke(["solve", "crane:..G.."]).stdout
    assert move.word.upper() in text and "proven best" in text


def test_solve_with_rows_refuses_what_it_cannot_do(home):
    for args, message in (
        (["solve", "crane:..G..", "--game", "jotto"], "rows are for wordle"),
        (["solve", "crane:GGGGG"], "solved"),
        (["solve", "crane:GGGGY"], "cannot happen"),
    ):
        result = invoke(args)
        assert result.exit_code == 2 and message in result.stderr, result.output
        assert "Traceback" not in result.output


def test_review_from_rows_and_from_share_text(home, tmp_path: Path):
    words = ("salet", "crony", "blast")
    rows = [f"{w}:{reply_for(w, 'blast')}" for w in words]
    data = run("review", *rows)
    assert [r["word"] for r in data["analysis"]] == list(words)
    wasted = data["analysis"][1]
    assert wasted["before"] == 1 and wasted["best_word"] == "blast" and wasted["loss"] == 1.0
    assert data["skill"] == 0 and 0 <= data["luck"] <= 99
    squares = {"G": "🟩", "Y": "🟨", ".": "⬛"}
    share = "Wordle 9,234 3/6\n\n" + "\n".join(  # a puzzle the record does not know
        "".join(squares[c] for c in reply_for(w, "blast")) for w in words
    )
    (tmp_path / "share.txt").write_text(share, encoding="utf-8")
    shared = run("review", "--share", str(tmp_path / "share.txt"), *words)
    assert shared["analysis"] == data["analysis"]
    text = invoke(["review", *rows]).stdout
    assert "Skill 0/99" in text and "-0.00" not in text


def test_review_refuses_bad_input(home, tmp_path: Path):
    (tmp_path / "share.txt").write_text(
        "Wordle 9999 2/6\n\n⬛⬛⬛⬛⬛\n🟩🟩🟩🟩🟩\n", encoding="utf-8"
    )
    for args, message in (
        (["review"], "give the rows"),
        (["review", "--share", str(tmp_path / "share.txt"), "crane"], "2"),
        (["review", "--share", str(tmp_path / "missing.txt"), "crane"], "missing.txt"),
    ):
        result = invoke(args)
        assert result.exit_code == 2 and message in result.stderr, result.output
        assert "Traceback" not in result.output
