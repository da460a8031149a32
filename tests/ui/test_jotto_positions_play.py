"""Jotto with positions played both ways: the rounds, the screens, the history and `play`."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from textual.worker import WorkerCancelled
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay import catalog
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.jotto import (
    POSITIONS,
    ComputerJottoRound,
    Impossible,
    JottoRound,
    JottoRow,
    jotto_game,
    read_reply,
)
from wordle_tui.gameplay.session import from_saved, to_saved
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.jotto import ComputerJottoScreen, JottoScreen
from wordle_tui.ui.boards.result import ResultScreen
from wordle_tui.ui.widgets import BoardRow, Note

SIZE = (80, 24)


def honest(guess: str, secret: str) -> tuple[int, int]:
    """The answer a player gives: letters in common, letters in place."""
    return len(set(guess) & set(secret)), sum(g == s for g, s in zip(guess, secret, strict=True))


# The rounds


def test_a_guess_gets_two_numbers_and_the_word_found_wins() -> None:
    game = JottoRound(target="south", kind=POSITIONS)
    row = game.guess("mouth")
    assert (row.shared, row.placed, row.reply, row.said()) == (4, 4, "4/4", "4 in, 4 in place")
    assert game.guess("thorn").reply == "3/0"
    north = game.guess("north")  # an anagram of THORN counts as THORN
    assert (north.word, north.reply) == ("thorn", "3/0")
    assert not game.over and game.possible() >= 1
    assert game.guess("south").reply == "5/5"
    assert game.over and game.won and game.score == 4
    share = game.share_text()
    assert share.splitlines()[0] == "wordle-tui jotto-positions 4"
    assert share.splitlines()[2:] == [
        "🟩🟩🟩🟩⬛ 4/4",
        "🟨🟨🟨⬛⬛ 3/0",
        "🟨🟨🟨⬛⬛ 3/0",
        "🟩🟩🟩🟩🟩 5/5",
    ]


def test_possible_counts_the_words_that_fit_both_numbers() -> None:
    game = JottoRound(target="south", kind=POSITIONS)
    game.guess("mouth")
    targets = jotto_game(None, POSITIONS).targets
    fits = [t for t in targets if honest("mouth", t) == (4, 4)]
    assert game.possible() == len(fits) and "south" in fits
    classic = JottoRound(target="south")
    classic.guess("mouth")
    assert classic.possible() > game.possible()  # the second number tells more


def test_a_saved_round_comes_back_with_its_kind() -> None:
    game = JottoRound(target="south", kind=POSITIONS)
    game.guess("mouth")
    saved = to_saved(game, "2026-11-24T10:00")
    assert (saved.game, saved.moves) == ("jotto-positions", [("mouth", "4/4")])
    again = from_saved(saved)
    assert isinstance(again, JottoRound) and again.kind == POSITIONS
    assert again.rows == [JottoRow("mouth", 4, 4)]


def test_read_reply_takes_only_replies_of_its_kind() -> None:
    assert read_reply(POSITIONS, "3/1") == (3, 1) and read_reply("jotto", "3") == (3, None)
    for kind, text in ((POSITIONS, "3"), ("jotto", "3/1"), (POSITIONS, "٣/1"), (POSITIONS, "")):
        with pytest.raises(ValueError):
            read_reply(kind, text)


def test_the_computer_finds_a_word_from_honest_pairs() -> None:
    game = ComputerJottoRound(kind=POSITIONS)
    secret = "south"
    for _ in range(10):
        guess = game.next_guess()
        game.answer(*honest(guess, secret))
        if game.over:
            break
    assert game.found == secret and game.remaining == 1
    assert game.moves()[-1] == ("south", "5/5") and len(game.steps) <= 6
    again = ComputerJottoRound.replay(game.moves(), kind=POSITIONS)
    assert again.over and again.found == secret


def test_the_computer_refuses_answers_no_word_fits_and_undoes() -> None:
    game = ComputerJottoRound(kind=POSITIONS)
    first = game.next_guess()
    game.answer(*honest(first, "south"))
    left = game.remaining
    second = game.next_guess()
    impossible = next(
        (c, p)
        for c in range(6)
        for p in range(c + 1)
        if not any(honest(second, t) == (c, p) for t in jotto_game(None, POSITIONS).targets)
        or (c, p) == (5, 4)
    )
    with pytest.raises(Impossible, match="No word in the list"):
        game.answer(*impossible)
    assert game.pending == second and game.remaining == left  # nothing lost
    with pytest.raises(ValueError, match="some of the letters in common"):
        game.answer(2, 3)
    with pytest.raises(ValueError):
        game.answer(2)  # with positions an answer is two numbers
    undone = game.undo()
    assert undone is not None and undone.guess == first and not game.steps
    assert game.remaining == len(jotto_game(None, POSITIONS).targets)


# The catalog, `play` and the statistics


def test_the_catalog_plays_and_counts_both_ways() -> None:
    for game in ("jotto-positions", "jotto-positions-computer"):
        entry = catalog.played_as(game)
        assert entry.id == game and entry.stats is not None
        assert game in catalog.stats_names()
        assert catalog.help_topic(game) == "jotto-positions"
    assert "## Jotto with positions" in catalog.help_topics()["jotto-positions"]


def test_play_opens_either_way_and_checks_its_options(monkeypatch) -> None:
    import wordle_tui.ui.app as ui

    opened: list[GameRequest] = []
    monkeypatch.setattr(ui, "run_app", lambda request=None, lists=None: opened.append(request))
    runner = CliRunner()
    assert runner.invoke(cli, ["play", "jotto-positions", "--target", "south"]).exit_code == 0
    assert runner.invoke(cli, ["play", "jotto-positions-computer"]).exit_code == 0
    assert [(r.game, r.target) for r in opened] == [
        ("jotto-positions", "south"),
        ("jotto-positions-computer", None),
    ]
    refused = runner.invoke(cli, ["play", "jotto-positions-computer", "--seed", "0"])
    assert refused.exit_code == 2 and "you think of the word" in refused.stderr
    bad = runner.invoke(cli, ["play", "jotto-positions", "--target", "hello"])
    assert bad.exit_code == 2 and "not a possible jotto-positions answer" in bad.stderr


def test_stats_show_the_games_under_their_ids(tmp_path: Path, monkeypatch) -> None:
    from wordle_tui.history import SavedGame

    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path))
    history = History(tmp_path / "history.sqlite3")
    history.record(SavedGame("jotto-positions", "", "south", [], "t"), "won", 4)
    history.record(SavedGame("jotto-positions-computer", "", "south", [], "t"), "won", 5)
    history.close()
    runner = CliRunner()
    data = json.loads(runner.invoke(cli, ["stats", "--game", "jotto-positions", "--json"]).stdout)
    assert (data["game"], data["played"], data["distribution"]) == ("jotto-positions", 1, {"4": 1})
    text = runner.invoke(cli, ["stats", "--game", "jotto-positions-computer"]).stdout
    assert text.startswith("Jotto with positions: the computer guesses — played 1, the computer")
    assert "Guesses the computer took to find your word" in text


# The screens


def message(app) -> str:
    return str(app.screen.query_one(Note).text)


def note_of(row: BoardRow) -> str:
    return str(row.query_one(".row-note").render())


async def test_the_board_shows_both_numbers_and_records_the_win(tmp_path: Path) -> None:
    history = History(tmp_path / "history.sqlite3")
    app = WordleTuiApp(GameRequest("jotto-positions", target="south"), history=history)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, JottoScreen)
        await pilot.press(*"mouth", "enter")
        await pilot.pause()
        assert note_of(list(app.screen.query(BoardRow))[0]) == "4 in, 4 in place"
        await pilot.press(*"north", "enter")
        await pilot.pause()
        assert message(app) == "NORTH counts as THORN: Jotto keeps one word per set of letters"
        assert note_of(list(app.screen.query(BoardRow))[1]) == "3 in, 0 in place"
        assert "Jotto with positions" in str(app.screen.query_one("#title").render())
        await pilot.press(*"south", "enter")
        for _ in range(50):
            if isinstance(app.screen, ResultScreen):
                break
            await pilot.pause(0.05)
        assert isinstance(app.screen, ResultScreen)
        assert "🟩🟩🟩🟩🟩 5/5" in app.screen.share
    finished = history.finished("jotto-positions")
    assert finished[0]["score"] == 3 and history.stats("jotto-positions").wins == 1


async def computer_asks(app, pilot) -> str:
    """Wait for the computer's guess (a worker) and return it."""
    for _ in range(100):
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await pilot.pause()
        game = app.screen.game
        if game is not None and (game.pending or game.over) and not app.screen.thinking:
            return game.pending
    raise AssertionError("the computer never guessed")


async def test_the_computer_screen_takes_two_digits_refuses_and_finds(tmp_path: Path) -> None:
    history = History(tmp_path / "history.sqlite3")
    secret = "south"
    app = WordleTuiApp(GameRequest("jotto-positions-computer"), history=history)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ComputerJottoScreen)
        guess = await computer_asks(app, pilot)
        common, placed = honest(guess, secret)
        await pilot.press(str(common))
        assert app.screen.first == common and not app.screen.game.steps
        assert "in the right place" in message(app)
        await pilot.press("backspace", str(common))  # the first digit taken back, typed again
        if common < 5:
            await pilot.press(str(common + 1))  # more in place than in common: refused
            assert "Only" in message(app) and not app.screen.game.steps
        await pilot.press(str(placed))
        assert app.screen.game.moves() == [(guess, f"{common}/{placed}")]
        second = await computer_asks(app, pilot)
        await pilot.press("5", "4")  # no word has all five letters and four in place
        assert "No word in the list" in message(app)
        assert app.screen.game.pending == second and len(app.screen.game.steps) == 1
        await pilot.press("u")
        assert await computer_asks(app, pilot) == guess and app.screen.game.steps == []
        for _ in range(10):
            guess = await computer_asks(app, pilot)
            if app.screen.game.over:
                break
            await pilot.press(*map(str, honest(guess, secret)))
        assert app.screen.game.found == secret and "SOUTH" in message(app)
    assert history.stats("jotto-positions-computer").wins == 1


# The history out and back in


def test_a_game_goes_out_and_back_in_checked(tmp_path: Path) -> None:
    from wordle_tui.gameplay.session import result_of

    history = History(tmp_path / "a" / "history.sqlite3")
    game = JottoRound(target="south", kind=POSITIONS)
    for word in ("mouth", "south"):
        game.guess(word)
    history.record(to_saved(game, "2026-11-24T10:00:00"), result_of(game), game.score)
    history.close()
    runner = CliRunner()
    out = runner.invoke(
        cli, ["history", "export"], env={"WORDLE_TUI_HOME": str(tmp_path / "a")}
    ).stdout
    line = out.splitlines()[1]
    assert line == "jotto-positions,,2026-11-24T10:00:00,SOUTH,2,MOUTH:4/4 SOUTH:5/5,won"
    games = tmp_path / "games.csv"
    for rows, message in (
        ("MOUTH:4/3 SOUTH:5/5", "MOUTH against SOUTH is 4/4, not 4/3"),
        ("MOUTH:4 SOUTH:5/5", "row 1: a reply is letters in common/in place, as 3/1"),
        ("MOUTH:2/3 SOUTH:5/5", "row 1: a reply is letters in common/in place, as 3/1"),
    ):
        games.write_text(out.replace("MOUTH:4/4 SOUTH:5/5", rows))
        bad = runner.invoke(
            cli, ["history", "import", str(games)], env={"WORDLE_TUI_HOME": str(tmp_path / "b")}
        )
        assert bad.exit_code == 2 and message in bad.stderr, bad.stderr
    games.write_text(out)
    done = runner.invoke(
        cli, ["history", "import", str(games)], env={"WORDLE_TUI_HOME": str(tmp_path / "b")}
    )
    assert "1 imported" in done.stdout, done.output
    back = History(tmp_path / "b" / "history.sqlite3")
    assert back.stats("jotto-positions").distribution == {2: 1}
