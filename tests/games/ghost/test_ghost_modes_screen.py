"""The Ghost screen's other ways to play, for real: watching the computer play itself,
hot-seat with challenges, the rules panel, and hints (small word lists, so every line is known)."""

from __future__ import annotations

import contextlib
import random
from functools import partial
from pathlib import Path

import apptest
import pytest
from apptest import ghost_ready
from test_ghost_screen import app_with
from textual.widgets import Markdown, Select, Static
from textual.worker import WorkerCancelled
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.catalog import GHOST_MODES, GameRequest
from wordle_tui.games.ghost.gameplay.referee import MODES, setup_from
from wordle_tui.games.ghost.ui.hotseat import HotSeatScreen
from wordle_tui.games.ghost.ui.screen import GhostScreen
from wordle_tui.games.ghost.ui.watch import WatchScreen
from wordle_tui.ui.confirm import ConfirmScreen
from wordle_tui.ui.help import HelpScreen
from wordle_tui.ui.widgets import Note

SIZE = (80, 24)
WORDS = "cat camel goat gecko gerbil gar gannet"


settle = partial(apptest.settle, until=ghost_ready, rounds=30, pause=0.1)


async def open_mode(app, pilot, mode: str, variant: str = "ghost"):
    """Choose a variant and a mode on the setup panel; return the screen that opens."""
    await settle(app, pilot)
    if variant != "ghost":
        app.screen.query_one("#variant", Select).value = variant
        await settle(app, pilot)
    app.screen.query_one("#mode", Select).value = mode
    return await mode_screen(app, pilot)


async def mode_screen(app, pilot):
    """Wait until the Ghost screen has opened the screen of another mode; return it."""
    for _ in range(60):
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await pilot.pause(0.05)
        if not isinstance(app.screen, GhostScreen) and app.screen.is_mounted:
            return app.screen
    raise AssertionError("the mode's screen never opened")


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_watching_the_computer_play_itself_step_by_step(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, WORDS)
    async with app.run_test(size=(110, 30)) as pilot:
        screen = await open_mode(app, pilot, "watch")
        assert isinstance(screen, WatchScreen) and screen.game.moves == []
        await pilot.press("space")
        assert len(screen.game.moves) == 1
        assert "1. player 1: G - wins:" in shown(app, "#watch-moves")  # 'g' is the only win
        while not screen.game.over:
            await pilot.press("right")
        lines = shown(app, "#watch-moves").splitlines()
        assert len([line for line in lines if line[:1].isdigit()]) == len(screen.game.moves)
        assert screen.game.loser == 1 and "is a word" in screen.game.moves[-1].reason
        await pilot.press("ctrl+n")
        assert screen.game.moves == []
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GhostScreen) and app.screen.setup.mode == "watch"
        assert app.screen.query_one("#mode", Select).value == "watch"
    assert history.finished("ghost") == []  # watching records nothing


async def test_an_animated_game_plays_itself_to_the_end(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("wordle_tui.games.ghost.ui.watch.ANIMATION_PAUSE", 0.02)
    app, _ = app_with(tmp_path, WORDS)
    async with app.run_test(size=(110, 30)) as pilot:
        screen = await open_mode(app, pilot, "watch", variant="superduper")
        await pilot.press("a")
        for _ in range(100):
            await pilot.pause(0.05)
            if screen.game.over:
                break
        assert screen.game.over and screen.timer is None
        assert "loses. ctrl+n for another game" in shown(app, "#watch-status")


async def type_word(pilot, word: str) -> None:
    await pilot.press(*word)


async def test_hot_seat_with_a_challenge_lost_and_a_challenge_won(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, WORDS)
    async with app.run_test(size=(110, 30)) as pilot:
        screen = await open_mode(app, pilot, "hotseat-3")
        assert isinstance(screen, HotSeatScreen) and screen.seat.players == 3
        await pilot.press("exclamation_mark")  # nothing to challenge yet
        assert "Nothing to challenge" in screen.query_one(Note).text
        await pilot.press("g", "e")  # players 1 and 2
        await pilot.press("exclamation_mark")  # player 3 challenges player 2's 'ge'
        assert "Player 2, type a word with 'ge'" in shown(app, "#seat-turn")
        await type_word(pilot, "gecko")
        await pilot.press("enter")  # the word stands: the challenger takes a letter
        assert screen.seat.letters == [0, 0, 1]
        assert "the challenge fails: Player 3 takes G" in screen.query_one(Note).text
        await pilot.press("q", "x")  # player 3 bluffs 'q'; player 1 plays 'qx'
        await pilot.press("exclamation_mark")  # player 2 challenges player 1
        await type_word(pilot, "qxyz")
        await pilot.press("backspace", "enter")  # 'qxy' is no word: the bluffer loses
        assert screen.seat.letters == [1, 0, 1]
        assert "the challenge succeeds: Player 1 takes G" in shown(app, "#seat-log")
        assert "Player 1: G" in shown(app, "#seat-scores")
        await pilot.press("c", "a", "t")  # player 1 starts; player 3 completes 'cat'
        assert screen.seat.letters == [1, 0, 2] and "'cat' is a word" in screen.seat.results[-1]
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)  # scores would be lost: asks first
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, GhostScreen)
    assert history.finished("ghost") == []


@pytest.mark.parametrize(
    ("variant", "hidden"), [("ghost", {"tab", "ctrl+r"}), ("super", {"ctrl+r"})]
)
async def test_hot_seat_footer_offers_only_keys_that_act(
    tmp_path: Path, variant: str, hidden: set[str]
) -> None:
    app, _ = app_with(tmp_path, WORDS)
    async with app.run_test(size=(110, 30)) as pilot:
        await open_mode(app, pilot, "hotseat-2", variant=variant)
        keys = {k for k, a in app.screen.active_bindings.items() if a.binding.show}
        assert not hidden & keys and "enter" not in keys
        assert "exclamation_mark" not in keys  # nothing to challenge at the start of a round
        await pilot.press("tab")  # does nothing in these variants but say so
        if variant == "super":
            assert app.screen.seat.at_front is True
        else:
            assert "Not in this variant" in app.screen.query_one(Note).text
        await pilot.press("g")
        keys = {k for k, a in app.screen.active_bindings.items() if a.binding.show}
        assert "exclamation_mark" in keys  # now player 2 may challenge the 'g'


async def test_changing_the_mode_mid_game_asks_first(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, WORDS)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("g")
        await settle(app, pilot)
        screen = app.screen
        screen.query_one("#mode", Select).value = "watch"
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and len(screen.match.moves) == 2
        assert screen.query_one("#mode", Select).value == "computer"
    assert history.finished("ghost") == []  # no silent loss


async def test_the_rules_panel_shows_the_verified_strategy(tmp_path: Path, home) -> None:
    app, _ = app_with(tmp_path, WORDS, ghost_variant="super")
    async with app.run_test(size=(110, 40)) as pilot:
        await settle(app, pilot)
        await pilot.press("f3")
        for _ in range(40):
            with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
                await app.workers.wait_for_complete()
            await pilot.pause(0.05)
            if "Strategy to memorise" in shown(app, "#ghost-rules"):
                break
        text = shown(app, "#ghost-rules")
        assert "SuperGhost: the letter goes at either end" in text
        assert "checked against every defence: wins all" in text
        await pilot.press("f6")
        assert "A winning letter exists: " in shown(app, "#hint")
        await pilot.press("f3")
        assert not app.screen.query_one("#ghost-rules-box").display


@pytest.mark.parametrize(("mode", "then"), [("watch", "hotseat-2"), ("hotseat-2", "hotseat-3")])
async def test_leaving_a_mode_goes_back_to_its_setup_and_plays_no_move(
    tmp_path: Path, mode: str, then: str
) -> None:
    app, history = app_with(tmp_path, WORDS)
    async with app.run_test(size=SIZE) as pilot:
        await open_mode(app, pilot, mode, variant="super")
        await pilot.press("escape")
        await pilot.pause()
        ghost = app.screen
        assert isinstance(ghost, GhostScreen) and ghost.setup.mode == mode
        assert ghost.query_one("#mode", Select).value == mode
        assert ghost.query_one("#variant", Select).value == "super"
        await pilot.press("g")  # the next key is no move: there is no game until one is chosen
        await pilot.pause()
        assert ghost.match is None and "ctrl+n plays it again" in ghost.query_one(Note).text
        await pilot.press("ctrl+n")  # the same mode again
        again = await mode_screen(app, pilot)
        assert again.setup.mode == mode and again.setup.variant == "super"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f4")  # the next mode, from the keyboard; ctrl+n starts it
        assert ghost.query_one("#mode", Select).value == then and ghost.match is None
        await pilot.press("ctrl+n")
        other = await mode_screen(app, pilot)
        assert other.setup.mode == then
        await pilot.press("escape")
        await pilot.pause()
        while ghost.query_one("#mode", Select).value != "computer":
            await pilot.press("f4")  # round to you against the computer
        await pilot.press("f5", "ctrl+n")  # and the next variant
        await settle(app, pilot)
        assert app.screen is ghost and ghost.match is not None
        assert (ghost.setup.mode, ghost.setup.variant) == ("computer", "superduper")
    assert history.finished("ghost") == []


async def test_reopened_ghost_is_set_up_as_it_was_left(tmp_path: Path) -> None:
    app, _ = app_with(tmp_path, WORDS)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        app.screen.query_one("#variant", Select).value = "super"
        app.screen.query_one("#min-length", Select).value = 4
        await settle(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        app.action_open("ghost")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GhostScreen)
        assert (screen.setup.variant, screen.setup.min_length) == ("super", 4)
        assert screen.query_one("#variant", Select).value == "super"
        app.workers.cancel_all()  # the bundled list's solve is not needed


async def test_while_a_variant_is_solved_the_panel_shows_its_rules(
    tmp_path: Path, monkeypatch
) -> None:
    import threading

    import wordle_tui.games.ghost.ui.computer as computer

    gate = threading.Event()
    real = computer.solved

    def slow(variant, *args):
        if variant == "super":
            gate.wait(10)
        return real(variant, *args)

    monkeypatch.setattr(computer, "solved", slow)
    app, _ = app_with(tmp_path, WORDS)
    async with app.run_test(size=(110, 40)) as pilot:
        await settle(app, pilot)
        await pilot.press("f6", "f3")
        app.screen.query_one("#variant", Select).value = "super"
        await pilot.pause()
        assert app.screen.game.solving
        assert "SuperGhost" in shown(app, "#ghost-title")
        assert "SuperGhost: the letter goes at either end" in shown(app, "#ghost-rules")
        assert "Ghost: the letter goes at the end" not in shown(app, "#ghost-rules")
        assert shown(app, "#hint") == "Hint: on, once the game starts."
        gate.set()
        await settle(app, pilot)


# Opening a mode directly (`play ghost --mode`), and F1 on every Ghost screen


@pytest.mark.parametrize("mode", ["watch", "hotseat-4"])
async def test_a_request_opens_its_mode_directly(tmp_path: Path, mode: str) -> None:
    app, _ = app_with(tmp_path, WORDS, ghost_mode=mode, seed=7)
    async with app.run_test(size=(110, 30)) as pilot:
        screen = await mode_screen(app, pilot)
        assert screen.setup.mode == mode
        if mode == "watch":  # the request's seed picks the watched games
            assert isinstance(screen, WatchScreen)
            assert screen.game.seed == random.Random(7).randrange(2**32)
        else:
            assert isinstance(screen, HotSeatScreen) and screen.seat.players == 4
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GhostScreen) and app.screen.setup.mode == mode
        assert app.screen.query_one("#mode", Select).value == mode


def test_a_request_with_an_unknown_mode_plays_the_computer() -> None:
    # the command line offers what the panel shows: --mode, and --computer for the rest
    assert tuple(m for m in MODES if "-c" not in m) == GHOST_MODES
    assert setup_from(GameRequest("ghost", ghost_mode="hotseat-3")).players == 3
    assert setup_from(GameRequest("ghost", ghost_mode="hotseat-9")).mode == "computer"


@pytest.mark.parametrize("mode", ["computer", "watch", "hotseat-2"])
async def test_f1_shows_ghosts_rules_first_on_every_ghost_screen(tmp_path: Path, mode: str) -> None:
    app, _ = app_with(tmp_path, WORDS, ghost_mode=mode)
    async with app.run_test(size=(100, 32)) as pilot:
        if mode == "computer":
            await settle(app, pilot)
        else:
            await mode_screen(app, pilot)
        before = app.screen
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        source = app.screen.query_one(Markdown).source
        assert source.splitlines()[0] == "## Ghost" and "## Wordle" in source
        assert "challenge it (!)" in source and "SuperDuperGhost" in source
        await pilot.press("escape")
        assert app.screen is before


runner = CliRunner()


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch, home: Path) -> list[GameRequest]:
    """The requests `wordle-tui play` would open (the app itself is not run)."""
    import wordle_tui.ui.app as ui

    requests: list[GameRequest] = []
    monkeypatch.setattr(ui, "run_app", lambda request=None, lists=None: requests.append(request))
    return requests


def test_play_ghost_mode_reaches_the_request(opened: list[GameRequest]) -> None:
    for args in (
        ["play", "ghost"],
        ["play", "ghost", "--mode", "watch", "--variant", "super", "--seed", "7"],
        ["play", "ghost", "--mode", "HOTSEAT-3", "--min-length", "4"],
    ):
        result = runner.invoke(cli, args)
        assert result.exit_code == 0, result.output
    assert [(r.game, r.ghost_mode, r.ghost_variant, r.min_length, r.seed) for r in opened] == [
        ("ghost", "computer", "ghost", 3, None),
        ("ghost", "watch", "super", 3, 7),
        ("ghost", "hotseat-3", "ghost", 4, None),
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["play", "ghost", "--mode", "hotseat-5"],
            "unknown Ghost mode 'hotseat-5'; choose one of: computer, watch, hotseat-2, "
            "hotseat-3, hotseat-4",
        ),
        (["play", "wordle", "--mode", "watch"], "--mode applies to ghost, not wordle"),
        (["play", "assistant", "--mode", "computer"], "--mode applies to ghost, not assistant"),
    ],
)
def test_play_refuses_a_bad_mode_in_one_line(
    opened: list[GameRequest], args: list[str], message: str
) -> None:
    result = runner.invoke(cli, args)
    assert result.exit_code == 2 and opened == []
    assert len(result.stderr.strip().splitlines()) == 1 and message in result.stderr
