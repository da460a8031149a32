"""Dialogs at 80x24: each shows a footer of its own keys (not the screen's beneath), F1 opens
the help on the dialog's own topic, every footer says `f1 Help`, the daily dialog's recent
days can be played from a list, the word-list chooser hides fingerprints, and the help says
what the tiles really show."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import apptest
import pytest
from textual.screen import ModalScreen
from textual.widgets import Input, Markdown, OptionList
from textual.widgets._footer import FooterKey
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.daily import day_number
from wordle_tui.gameplay.roles import answer_for
from wordle_tui.solver.listsets import all_sets, load_set
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.result import ResultScreen
from wordle_tui.ui.boards.wordle import WordleScreen
from wordle_tui.ui.confirm import ConfirmScreen
from wordle_tui.ui.daily_screen import DailyScreen
from wordle_tui.ui.help import TILES, HelpScreen, topics
from wordle_tui.ui.lists_screen import ListsScreen
from wordle_tui.ui.stats_screen import StatsScreen
from wordle_tui.ui.widgets import Tile

SIZE = (80, 24)
CLASSIC = load_set("classic")


make_app = partial(apptest.make_app, lists=CLASSIC)


settle = partial(apptest.settle, rounds=20)


def footer_keys(app: WordleTuiApp) -> list[str]:
    """The keys the footer at the bottom of the terminal shows: the top screen's own."""
    shown = [k for k in app.screen.query(FooterKey) if not k.has_class("-command-palette")]
    return [f"{k.key_display} {k.description}" for k in shown]


def bottom_line(app: WordleTuiApp) -> str:
    return app.screen._compositor.render_strips()[-1].text


def first_heading(app: WordleTuiApp) -> str:
    return app.screen.query_one(Markdown).source.strip().splitlines()[0]


async def open_dialog(app: WordleTuiApp, pilot, name: str) -> None:
    """Open the dialog `name` on the app's first screen."""
    if name == "help":
        await pilot.press("f1")
    elif name == "confirm":
        await pilot.press(*"crane", "enter", "ctrl+n")  # a game under way: it asks first
    elif name == "daily":
        app.action_daily()
    elif name == "lists":
        await pilot.press("l")
    elif name in ("puzzle", "paste"):
        await pilot.press("f7" if name == "puzzle" else "f5")
    await settle(app, pilot)


DIALOGS = {
    "help": (None, HelpScreen, "esc Close", "q Quit"),
    "confirm": (GameRequest("wordle", target="hello"), ConfirmScreen, "y Yes", "Guess"),
    "daily": (None, DailyScreen, "f1 Help", "q Quit"),
    "lists": (None, ListsScreen, "esc Keep current", "q Quit"),
    "puzzle": (GameRequest("assistant"), ModalScreen, "esc Cancel", "Add row"),
    "paste": (GameRequest("assistant"), ModalScreen, "^s Load", "Add row"),
}


@pytest.mark.parametrize("name", list(DIALOGS))
async def test_every_dialog_shows_a_footer_of_its_own_keys(tmp_path: Path, name: str) -> None:
    request, kind, own, beneath = DIALOGS[name]
    app = make_app(tmp_path, request)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await open_dialog(app, pilot, name)
        for _ in range(200):  # a loaded machine: the dialog and its footer may come later
            if isinstance(app.screen, kind) and own in footer_keys(app) and own in bottom_line(app):
                break
            await pilot.pause(0.05)
        assert isinstance(app.screen, kind) and app.screen.is_modal
        keys = footer_keys(app)
        assert own in keys, keys
        line = bottom_line(app)
        assert own in line and beneath not in line, line
        app.workers.cancel_all()


@pytest.mark.parametrize(
    ("name", "heading"),
    [("daily", "## Daily puzzle"), ("lists", "## Word lists"), ("stats", "## Statistics")],
)
async def test_f1_opens_the_help_on_the_dialogs_own_topic(
    tmp_path: Path, name: str, heading: str
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        if name == "stats":
            await pilot.press("s")
        else:
            await open_dialog(app, pilot, name)
        dialog = app.screen
        assert "f1 Help" in footer_keys(app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and first_heading(app) == heading
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is dialog
        if name == "daily":  # ? is typed into the day box; from the list it is the help
            await pilot.press("question_mark")
            assert dialog.query_one("#daily-day", Input).value == "?"
            await pilot.press("backspace", "down")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and first_heading(app) == heading


@pytest.mark.parametrize(
    "request_",
    [None, GameRequest("wordle"), GameRequest("jotto-computer"), GameRequest("reports")],
    ids=["home", "wordle", "jotto-computer", "reports"],
)
async def test_every_footer_says_f1_for_help(tmp_path: Path, request_) -> None:
    app = make_app(tmp_path, request_)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        keys = footer_keys(app)
        assert "f1 Help" in keys and "? Help" not in keys, keys
        app.workers.cancel_all()


async def test_the_recent_days_are_a_list_and_enter_plays_one(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.action_daily()
        await pilot.pause()
        dialog = app.screen
        days = dialog.query_one("#daily-days", OptionList)
        assert days.option_count == min(7, day_number() + 1)
        await pilot.press("down")  # from the box to the list: today's
        assert app.focused is days and days.highlighted == 0
        await pilot.press("1")  # a digit goes back to the box
        assert dialog.query_one("#daily-day", Input).value == "1"
        await pilot.press("backspace", "down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, WordleScreen)
        assert app.screen.game.day == day_number() - 1


async def test_a_daily_result_names_n_for_what_it_opens(tmp_path: Path) -> None:
    day = max(0, day_number() - 2)
    app = make_app(tmp_path, GameRequest("wordle", day=day))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*answer_for(day, CLASSIC), "enter")
        await settle(app, pilot)
        await pilot.pause(0.5)  # the result dialog drops keys typed as it opens
        assert isinstance(app.screen, ResultScreen)
        keys = footer_keys(app)
        assert "n Ordinary Wordle" in keys and "n New game" not in keys, keys
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, WordleScreen) and app.screen.game.day is None
    ordinary = make_app(tmp_path, GameRequest("wordle", target="hello"))
    async with ordinary.run_test(size=SIZE) as pilot:
        await pilot.press(*"hello", "enter")
        await settle(ordinary, pilot)
        assert "n New game" in footer_keys(ordinary)


async def test_the_word_list_chooser_hides_fingerprints(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_dialog(app, pilot, "lists")
        menu = app.screen.query_one(OptionList)
        shown = " ".join(str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count))
        assert "2,309 answers" in shown
        for name, found in all_sets():
            if not isinstance(found, Exception):
                assert found.fingerprint not in shown, name
    listed = CliRunner().invoke(cli, ["lists"]).stdout
    assert CLASSIC.fingerprint in listed  # the command line keeps them


async def test_the_help_says_what_a_miss_looks_like(tmp_path: Path) -> None:
    app = make_app(tmp_path, GameRequest("wordle", target="hello"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"crane", "enter")
        await settle(app, pilot)
        tile = next(t for t in app.screen.query(Tile) if t.state == "absent")
        assert str(tile.render()).islower()
        assert "bold" in str(tile.styles.text_style) and not tile.rich_style.dim
    assert "dim lower case" not in TILES and "lower case (bold" in TILES


def test_the_help_has_the_daily_statistics_and_word_list_topics() -> None:
    every = topics()
    assert every["daily"].startswith("## Daily puzzle") and "archive" in every["daily"]
    assert every["stats"].startswith("## Statistics") and "streak" in every["stats"]
    assert every["lists"].startswith("## Word lists") and "lists add" in every["lists"]
    jotto = " ".join(every["jotto"].split())
    assert "In *Jotto: the computer guesses*, you think of a word" in jotto
    assert "`u` takes back your last answer" in jotto
    assert StatsScreen.HELP_TOPIC == "stats"
