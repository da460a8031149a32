"""Replacing or removing a word-list set never silently drops the unfinished games played on it.

Games that can go on with the new words stay resumable (all of them when the words are the
same); games that cannot, or need a set being removed, are refused for without `--force`, and
with it are recorded as abandoned.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.session import Keeper, resume
from wordle_tui.gameplay.wordle import WordleRound
from wordle_tui.history import History
from wordle_tui.solver.listsets import load_set
from wordle_tui.solver.words import ANSWERS, bundled_words

runner = CliRunner()
WORDS = sorted(bundled_words(ANSWERS))[:300]  # "aback" first
TARGET = "abbey"


def write(path: Path, words: list[str]) -> Path:
    path.write_text("\n".join(words) + "\n")
    return path


def lists(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(cli, ["lists", *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def played(home: Path, tmp_path: Path) -> Path:
    """The set `mine` (300 answers) with an unfinished Wordle game on it: one row played."""
    assert lists("add", "mine", "--answers", str(write(tmp_path / "a.txt", WORDS)))[0] == 0
    history = History()
    game = WordleRound(target=TARGET, lists=load_set("mine"))
    game.guess("aback")
    Keeper(history, game).moved()
    history.close()
    return tmp_path


def unfinished() -> list:
    history = History()
    try:
        return history.unfinished()
    finally:
        history.close()


def abandoned() -> list[dict]:
    history = History()
    try:
        return [r for r in history.finished("wordle") if r["result"] == "abandoned"]
    finally:
        history.close()


def test_replacing_with_the_same_words_keeps_the_game_resumable(played: Path) -> None:
    same = write(played / "same.txt", list(reversed(WORDS)))
    code, _, err = lists("add", "mine", "--answers", str(same), "--replace")
    assert code == 0 and err == ""
    history = History()
    found = resume(history, "wordle", load_set("mine"))
    assert found is not None and [r.word for r in found[0].rows] == ["aback"]
    history.close()


def test_new_words_that_keep_the_game_going_keep_it(played: Path) -> None:
    more = write(played / "more.txt", [*WORDS, "zesty"])
    assert lists("add", "mine", "--answers", str(more), "--replace")[0] == 0
    assert [s.target for s in unfinished()] == [TARGET] and abandoned() == []


def test_new_words_a_game_cannot_go_on_with_are_refused_without_force(played: Path) -> None:
    other = write(played / "other.txt", [w for w in WORDS if w != TARGET])
    code, _, err = lists("add", "mine", "--answers", str(other), "--replace")
    assert code == 2
    assert err == (
        "wordle-tui: error: 1 unfinished game on the word-list set 'mine' (Wordle) cannot go "
        "on with the new words: finish it first, or add --force to replace the set anyway "
        "and record it as abandoned\n"
    )
    assert TARGET in load_set("mine").answers  # nothing was replaced
    assert [s.target for s in unfinished()] == [TARGET]
    code, out, _ = lists("add", "mine", "--answers", str(other), "--replace", "--force")
    assert code == 0 and "Recorded 1 unfinished game on it as abandoned." in out
    assert TARGET not in load_set("mine").answers
    assert unfinished() == []
    (row,) = abandoned()
    assert row["variant"] == "normal;lists=mine" and json.loads(row["moves"])[0][0] == "aback"


def test_removing_a_set_with_an_unfinished_game_needs_force(played: Path) -> None:
    code, _, err = lists("remove", "mine")
    assert code == 2 and "1 unfinished game on the word-list set 'mine' (Wordle) need" in err
    assert load_set("mine").name == "mine"
    code, out, _ = lists("remove", "Mine", "--force")
    assert code == 0 and "Recorded 1 unfinished game on it as abandoned." in out
    assert unfinished() == [] and len(abandoned()) == 1


def test_a_game_whose_set_is_gone_is_recorded_as_abandoned_when_opened(played: Path) -> None:
    import shutil

    from wordle_tui.solver.listsets import sets_folder

    shutil.rmtree(sets_folder() / "mine")  # removed by hand, behind the command's back
    history = History()
    assert history.in_progress("wordle") is not None
    assert resume(history, "wordle") is None  # it cannot go on: kept as abandoned, not dropped
    history.close()
    assert unfinished() == [] and len(abandoned()) == 1
