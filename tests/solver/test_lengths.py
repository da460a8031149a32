"""Wordle with 4, 6 and 7 letters: replies, matrices, the shipped lists, the command line, the
board and the assistant.

The replies are checked against the one-at-a-time reference (`reply_for`, the NYT's rule) on
words of a small alphabet, so repeated letters are common. Games use the 4-letter set (a
3,903 x 1,577 matrix, built in well under a second) or a few hundred words of the others.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.entry import RowEntry
from wordle_tui.gameplay.wordle import Refused, WordleRound
from wordle_tui.history import History
from wordle_tui.solver import make_game
from wordle_tui.solver.assistant.engine import Assistant, AssistantError
from wordle_tui.solver.games import wordle_rules
from wordle_tui.solver.listsets import ListSetError, load_set, make_set
from wordle_tui.solver.matrix import reply_matrix
from wordle_tui.solver.replies import (
    reply_code,
    reply_dtype,
    reply_for,
    reply_string,
    wordle_matrix,
)
from wordle_tui.solver.words import ENABLE, bundled_words
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.assistant.screen import AssistantScreen
from wordle_tui.ui.widgets import BoardRow

runner = CliRunner()
SIZE = (80, 24)
LENGTHS = (4, 6, 7)


def words_of(length: int) -> st.SearchStrategy[str]:
    """Words of `length` letters: over a-f (repeated letters in most of them), or of distinct
    letters (the matrix's other path), sharing letters often either way."""
    repeats = st.text(alphabet="abcdef", min_size=length, max_size=length)
    distinct = st.permutations("abcdefghij").map(lambda letters: "".join(letters[:length]))
    return st.one_of(repeats, distinct)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), length=st.integers(4, 7))
def test_the_matrix_gives_the_reference_reply_at_every_length(data, length: int) -> None:
    guesses = data.draw(st.lists(words_of(length), min_size=1, max_size=8))
    targets = data.draw(st.lists(words_of(length), min_size=1, max_size=8))
    matrix = wordle_matrix(guesses, targets)
    for i, guess in enumerate(guesses):
        for j, target in enumerate(targets):
            reply = reply_for(guess, target)
            assert reply_string(int(matrix[i, j]), length) == reply
            assert int(matrix[i, j]) == reply_code(reply)


def test_codes_run_to_all_green_and_fit_their_type() -> None:
    for length in (4, 5, 6, 7):
        rules = wordle_rules(length)
        assert rules.win == 3**length - 1 == reply_code("G" * length)
        assert rules.n_replies == 3**length and rules.length == length
        assert np.iinfo(reply_dtype(length)).max >= rules.win
        assert reply_string(rules.win, length) == "G" * length
    assert reply_dtype(5) is np.uint8 and reply_dtype(4) is np.uint8  # five letters stay small
    assert reply_dtype(6) is np.uint16 and reply_dtype(7) is np.uint16
    assert wordle_rules(5) is make_game("wordle").rules


def test_a_game_takes_its_length_and_matrix_type_from_its_set() -> None:
    for length in LENGTHS:
        lists = load_set(f"len{length}")
        few = make_set("few", lists.answers[:40], lists.guesses[:300], "test", "test")
        game = make_game("wordle", lists=few)
        matrix = reply_matrix(game, use_disk=False)
        assert game.rules.length == length and matrix.dtype == reply_dtype(length)
        assert matrix.max() == game.rules.win  # each answer against itself
        assert int(matrix[game.index[few.answers[0]], 0]) == game.rules.win


@pytest.mark.parametrize("length", LENGTHS)
def test_the_shipped_lists_are_common_enable_words_of_one_length(length: int) -> None:
    lists = load_set(f"len{length}")
    enable = set(bundled_words(ENABLE, None))
    assert lists.length == length and not lists.added  # every answer is a guess
    assert set(lists.guesses) == {w for w in enable if len(w) == length}
    assert all(len(w) == length for w in (*lists.answers, *lists.guesses))
    assert 1000 <= len(lists.answers) <= 3000  # Wordle-like: a few thousand at most
    assert list(lists.answers) == sorted(set(lists.answers))
    for word in lists.answers:  # the documented rule (scripts/make_length_lists.py)
        if word.endswith("s") and not word.endswith("ss"):
            stems = {word[:-1], word[:-2] if word.endswith("es") else ""}
            stems.add(word[:-3] + "y" if word.endswith("ies") else "")
            assert not stems & enable, f"{word} is the plural of another ENABLE word"


def test_a_set_mixing_lengths_is_refused(home: Path, tmp_path: Path) -> None:
    with pytest.raises(ListSetError, match="mixes words of 5, 6 letters"):
        make_set("mixed", ["crane", "planet"], ["crane", "planet"], "test", "test")
    mixed = tmp_path / "mixed.txt"
    mixed.write_text("crane\nslate\nplanet\n")
    result = runner.invoke(cli, ["lists", "add", "mixed", "--answers", str(mixed)])
    assert result.exit_code == 2 and "mixes words of 5, 6 letters" in result.stderr
    assert not (home / "lists" / "mixed").exists()
    three = tmp_path / "three.txt"
    three.write_text("cat\ndog\n")
    result = runner.invoke(cli, ["lists", "add", "three", "--answers", str(three)])
    assert result.exit_code == 2 and "Wordle is played with 4 to 7" in result.stderr


def test_a_users_set_of_six_letters_is_played(home: Path, tmp_path: Path) -> None:
    words = tmp_path / "six.txt"
    words.write_text("planet\nsilent\nstreak\nlisten\n")
    added = runner.invoke(cli, ["lists", "add", "six", "--answers", str(words)])
    assert added.exit_code == 0, added.output
    result = runner.invoke(cli, ["report", "--lists", "six", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["targets"] == 4


def test_report_first_guesses_and_suggest_take_len4(home: Path) -> None:
    report = runner.invoke(cli, ["report", "--lists", "len4", "--json"])
    assert report.exit_code == 0, report.output
    data = json.loads(report.stdout)
    assert data["targets"] == len(load_set("len4").answers)
    assert len(data["first_guess"]) == 4 and sum(data["histogram"].values()) == data["targets"]
    firsts = runner.invoke(cli, ["first-guesses", "--lists", "len4", "--json", "--top", "3"])
    assert firsts.exit_code == 0, firsts.output
    assert "tale" in firsts.stdout  # the entropy-best opener of the four-letter game
    suggest = runner.invoke(cli, ["suggest", "--lists", "len4", "tale:..YG", "--json"])
    assert suggest.exit_code == 0, suggest.output
    left = json.loads(suggest.stdout)["candidates"]
    assert left == sum(reply_for("tale", w) == "..YG" for w in load_set("len4").answers)
    wrong = runner.invoke(cli, ["suggest", "--lists", "len4", "tale:..Y.G"])
    assert wrong.exit_code == 2 and "a colouring has 4 marks" in wrong.stderr


def test_the_assistant_and_the_row_entry_follow_the_length() -> None:
    helper = Assistant(lists=load_set("len4"))
    with pytest.raises(AssistantError, match="not a four-letter word"):
        helper.add("crane", ".....")
    assert helper.add("tale", "..YG") == len(helper.candidates)
    assert helper.add("glue", "GGGG") == 1 and helper.solved
    entry = RowEntry(length=6)
    for key in "planet":
        entry.key(key)
    entry.key("g")
    assert entry.colouring and entry.pattern == "G....." and entry.cursor == 1
    entry.paste("silent:YYY...")
    assert (entry.word, entry.pattern) == ("silent", "YYY...")


def test_a_seven_letter_round_is_won_and_refuses_short_words() -> None:
    game = WordleRound(target="example", lists=load_set("len7"))
    with pytest.raises(Refused, match="Not enough letters"):
        game.guess("crane")
    assert game.guess("realist").reply == reply_for("realist", "example")
    game.guess("example")
    assert game.won and game.share_text().splitlines()[-1] == "🟩" * 7
    evil = WordleRound(mode="evil", lists=load_set("len6"))
    assert len(evil.guess("planet").reply) == 6


async def test_a_six_letter_game_is_typed_and_won(tmp_path: Path) -> None:
    request = GameRequest("wordle", target="planet")
    app = WordleTuiApp(request, history=History(tmp_path / "h.sqlite3"), lists=load_set("len6"))
    async with app.run_test(size=SIZE) as pilot:
        rows = app.screen.query(BoardRow)
        assert len(rows) == 6 and all(len(row.tiles) == 6 for row in rows)
        await pilot.press(*"silentx", "enter")  # the seventh letter is not taken
        await pilot.press(*"planet", "enter")
        for _ in range(50):
            if app.screen.game.over:
                break
            await pilot.pause()
        game = app.screen.game
        assert game.won and [r.word for r in game.rows] == ["silent", "planet"]
        assert game.rows[0].reply == reply_for("silent", "planet")


async def test_the_assistant_screen_with_four_letters(tmp_path: Path) -> None:
    """No shipped table or tree for four letters: the screen computes its advice (its proof
    search from the start goes on in the worker, so the test polls for the state instead of
    waiting for the workers), and a typed row cancels that search."""
    request = GameRequest("assistant")
    app = WordleTuiApp(request, history=History(tmp_path / "h.sqlite3"), lists=load_set("len4"))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, AssistantScreen)
        assert len(screen.query_one("#entry-row", BoardRow).tiles) == 4
        for _ in range(400):
            if screen.assistant is not None:
                break
            await pilot.pause(0.05)
        await pilot.press(*"tale", *"--yg", "enter")
        for _ in range(400):
            if screen.assistant is not None and screen.assistant.rows:
                break
            await pilot.pause(0.05)
        assert screen.assistant.rows == [("tale", "..YG")]
        expected = sum(reply_for("tale", w) == "..YG" for w in load_set("len4").answers)
        assert len(screen.assistant.candidates) == expected


async def test_jotto_on_a_six_letter_set_is_played_on_the_nyt_lists(tmp_path: Path) -> None:
    """Jotto is a game of five letters: on `len6` it takes the NYT's lists (Jotto the other
    way takes them the same way, `ui/screens.on_five_letters`)."""
    app = WordleTuiApp(None, history=History(tmp_path / "h.sqlite3"), lists=load_set("len6"))
    async with app.run_test(size=SIZE) as pilot:
        app.action_open("jotto")
        for _ in range(100):
            if getattr(app.screen, "game", None) is not None:
                break
            await pilot.pause(0.05)
        assert app.screen.game.lists.name == "nyt"


def test_a_six_letter_game_goes_out_of_the_history_and_back_in(tmp_path: Path) -> None:
    from wordle_tui.gameplay.session import result_of, to_saved
    from wordle_tui.history import DB_NAME

    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    history = History(first / DB_NAME)
    game = WordleRound(target="planet", lists=load_set("len6"))
    for word in ("silent", "planet"):
        game.guess(word)
    history.record(to_saved(game, "2026-11-01"), result_of(game), game.score)
    history.close()
    out = tmp_path / "games.csv"
    env = {"WORDLE_TUI_HOME": str(first)}
    exported = runner.invoke(cli, ["history", "export", "--out", str(out)], env=env)
    assert exported.exit_code == 0, exported.output
    assert "SILENT:" in out.read_text() and "PLANET:GGGGGG" in out.read_text()
    env = {"WORDLE_TUI_HOME": str(second)}
    imported = runner.invoke(cli, ["history", "import", str(out)], env=env)
    assert imported.exit_code == 0, imported.output
    assert History(second / DB_NAME).finished("wordle")[-1]["variant"] == "normal;lists=len6"


def test_the_tree_command_takes_rows_of_four_letters(home: Path) -> None:
    result = runner.invoke(
        cli, ["tree", "show", "tale:..YG", "--strategy", "neg_entropy/norvig", "--lists", "len4"]
    )
    assert result.exit_code == 0, result.output
    left = sum(reply_for("tale", w) == "..YG" for w in load_set("len4").answers)
    assert "TALE ..YG → " in result.stdout and f"{left} left" in result.stdout
