"""Hot-seat Ghost with the computer as some of the players, on the screen and from `play`."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from textual.widgets import Select, Static
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.games.ghost.ui.hotseat import HotSeatScreen
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.widgets import Note

WORDS = ["cat", "camel", "goat", "gecko", "gerbil", "gar", "gannet", "tea", "eat"]
SHORT = ["cat", "cab", "gar", "tea", "eat"]  # short rounds: a whole game in a few seconds


def app_with(tmp_path: Path, mode: str, words: list[str] = WORDS) -> WordleTuiApp:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(words) + "\n")
    request = GameRequest("ghost", words=str(path), ghost_mode=mode)
    return WordleTuiApp(request, history=History(tmp_path / "history.sqlite3"))


async def hot_seat(app, pilot) -> HotSeatScreen:
    for _ in range(100):
        await pilot.pause(0.05)
        if isinstance(app.screen, HotSeatScreen) and app.screen.is_mounted:
            return app.screen
    raise AssertionError("the hot-seat screen never opened")


async def test_three_players_two_of_them_computers_play_to_the_end(tmp_path, monkeypatch):
    monkeypatch.setattr("wordle_tui.games.ghost.ui.hotseat.COMPUTER_PAUSE", 0.01)
    app = app_with(tmp_path, "hotseat-3-c23", SHORT)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await hot_seat(app, pilot)
        seat = screen.seat
        assert seat.computers == {1, 2} and "players 2, 3 computer" in str(
            screen.query_one("#seat-title", Static).render()
        )
        human_moves = 0
        deadline = time.monotonic() + 120  # a loaded machine runs the computers' timers late
        while time.monotonic() < deadline:
            if seat.over:
                break
            if seat.acting == 0:  # player 1, the person: the first legal letter
                await pilot.press(seat.vocab.legal_plays(seat.fragment)[0][-1])
                human_moves += 1
            else:
                await pilot.pause(0.01)
        assert seat.over and human_moves > 0 and seat.winner in (1, 2)
        assert seat.letters[0] == 5 and len(seat.results) >= 10
        assert "wins the game" in str(screen.query_one("#seat-turn", Static).render())


async def test_keys_wait_while_the_computer_thinks(tmp_path, monkeypatch):
    monkeypatch.setattr("wordle_tui.games.ghost.ui.hotseat.COMPUTER_PAUSE", 30.0)
    app = app_with(tmp_path, "hotseat-3-c2")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await hot_seat(app, pilot)
        await pilot.press("g")  # player 1
        assert screen.seat.fragment == "g" and screen.seat.computer_acts
        await pilot.press("e", "exclamation_mark")
        assert screen.seat.fragment == "g" and screen.seat.challenger is None
        assert "Player 2 (computer) is thinking" in screen.query_one(Note).text


async def test_the_mode_selector_offers_the_computer_as_players(tmp_path, monkeypatch) -> None:
    # player 1 is a computer: it waits, so no move is made and leaving asks nothing, however
    # slowly this test runs on a busy machine
    monkeypatch.setattr("wordle_tui.games.ghost.ui.hotseat.COMPUTER_PAUSE", 30.0)
    app = app_with(tmp_path, "hotseat-4-c13")  # not a preset: offered as well
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await hot_seat(app, pilot)
        assert screen.seat.computers == {0, 2} and screen.seat.fragment == ""
        await pilot.press("escape")
        await pilot.pause()
        modes = [value for _, value in app.screen.query_one("#mode", Select)._options]
        assert "hotseat-3-c23" in modes and "hotseat-4-c13" in modes


runner = CliRunner()


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch, home: Path) -> list[GameRequest]:
    import wordle_tui.ui.app as ui

    requests: list[GameRequest] = []
    monkeypatch.setattr(ui, "run_app", lambda request=None, lists=None: requests.append(request))
    return requests


def test_play_ghost_with_computer_players(opened: list[GameRequest]) -> None:
    result = runner.invoke(cli, ["play", "ghost", "--mode", "hotseat-3", "--computer", "3,2"])
    assert result.exit_code == 0, result.output
    assert opened[-1].ghost_mode == "hotseat-3-c23"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mode", "hotseat-3", "--computer", "4"], "players 1 to 3"),
        (["--mode", "hotseat-3", "--computer", "two"], "player numbers separated by commas"),
        (["--computer", "2"], "--computer applies to hot-seat"),
    ],
)
def test_play_refuses_bad_computer_players(opened, args: list[str], message: str) -> None:
    result = runner.invoke(cli, ["play", "ghost", *args])
    assert result.exit_code == 2 and opened == []
    assert len(result.stderr.strip().splitlines()) == 1 and message in result.stderr
