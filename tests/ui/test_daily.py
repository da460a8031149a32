"""The daily puzzle: its numbering and answers, its share header, its streaks, the archive."""

from __future__ import annotations

import datetime as dt
import json
import random
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app as cli_app
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.daily import (
    START,
    NoSuchDay,
    check_day,
    daily_stats,
    date_of,
    day_number,
    parse_day,
    played_day,
)
from wordle_tui.gameplay.roles import answer_for
from wordle_tui.gameplay.session import Keeper, from_saved, resume, to_saved
from wordle_tui.gameplay.wordle import WordleRound
from wordle_tui.history import History
from wordle_tui.solver.listsets import default_set, load_set, make_set
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.result import ResultScreen
from wordle_tui.ui.boards.wordle import WordleScreen
from wordle_tui.ui.daily_screen import DailyScreen
from wordle_tui.ui.stats_screen import StatsScreen
from wordle_tui.ui.widgets import Note

SIZE = (80, 24)


@pytest.fixture
def history(tmp_path: Path) -> History:
    return History(tmp_path / "history.sqlite3")


def test_days_are_numbered_from_the_start_date() -> None:
    assert day_number(START) == 0
    assert day_number(START + dt.timedelta(days=412)) == 412
    assert date_of(412) == START + dt.timedelta(days=412)
    assert day_number() == (dt.date.today() - START).days


def test_an_answer_a_day_fixed_for_everyone_and_not_by_list_order() -> None:
    lists = default_set()
    days = [answer_for(n) for n in range(60)]
    assert len(set(days)) == 60 and set(days) <= set(lists.answers)
    assert answer_for(7) == answer_for(7, lists)
    shuffled = list(lists.answers)
    random.Random(1).shuffle(shuffled)
    same_words = make_set("shuffled", shuffled, list(lists.guesses), "test", "test")
    assert [answer_for(n, same_words) for n in range(60)] == days
    other = load_set("original")
    assert [answer_for(n, other) for n in range(60)] != days


def test_future_days_and_nonsense_are_refused_with_a_message() -> None:
    assert check_day(5, today=10) == 5 and check_day(10, today=10) == 10
    with pytest.raises(NoSuchDay, match="in the future"):
        check_day(11, today=10)
    with pytest.raises(NoSuchDay, match="no puzzle -1"):
        check_day(-1, today=10)
    assert parse_day("", today=10) == 10
    assert parse_day(" #4 ", today=10) == 4
    with pytest.raises(NoSuchDay, match="not a puzzle number"):
        parse_day("yesterday", today=10)


def test_the_share_header_carries_the_number_and_hard_mode() -> None:
    game = WordleRound(target="hello", hard=True, day=412)
    for word in ("hates", "helps", "hello"):
        game.guess(word)
    assert game.share_text().splitlines()[0] == "wordle-tui daily 412 3/6*"
    lost = WordleRound(target="hello", day=9)
    for word in ("crane", "stump", "dingy", "forty", "quack", "vixen"):
        lost.guess(word)
    assert lost.share_text().splitlines()[0] == "wordle-tui daily 9 X/6"


def test_a_daily_round_keeps_its_number_through_the_history() -> None:
    game = WordleRound(target="hello", hard=True, day=412)
    game.guess("hates")
    saved = to_saved(game, "2026-11-23T10:00:00+00:00")
    assert saved.variant == "hard;day=412;lists=nyt"
    back = from_saved(saved)
    assert back.day == 412 and back.hard and back.rows == game.rows


def row(day: int, result: str = "won", late: bool = False) -> dict:
    played_on = date_of(day) + dt.timedelta(days=3 if late else 0)
    return {
        "variant": f"normal;day={day}",
        "result": result,
        "score": 4,
        "started": f"{played_on.isoformat()}T09:00:00+00:00",
    }


def test_daily_streaks_count_days_won_on_the_day() -> None:
    rows = [row(1), row(2), row(3), row(5), row(6), row(7), row(8)]
    stats = daily_stats(rows, today=8)
    assert (stats.played, stats.wins, stats.current_streak, stats.max_streak) == (7, 7, 4, 4)
    assert daily_stats(rows, today=9).current_streak == 4  # today not played yet: still on
    assert daily_stats(rows, today=10).current_streak == 0  # a day missed
    lost = daily_stats([*rows, row(9, "lost")], today=9)
    assert lost.current_streak == 0 and lost.played == 8 and lost.wins == 7
    late = daily_stats([row(1), row(2, late=True), row(3)], today=3)
    assert late.max_streak == 1 and late.wins == 3  # an archive day mends no streak
    plain = [{**row(4), "variant": "normal"}]
    assert daily_stats(plain, today=4).played == 0


async def test_the_home_entry_opens_the_archive_and_refuses_a_future_day(history) -> None:
    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        app.action_daily()
        await pilot.pause()
        assert isinstance(app.screen, DailyScreen)
        today = day_number()
        await pilot.press(*str(today + 1), "enter")
        await pilot.pause()
        assert isinstance(app.screen, DailyScreen)
        assert "in the future" in app.screen.query_one(Note).text
        for _ in range(len(str(today + 1))):
            await pilot.press("backspace")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, WordleScreen)
        assert app.screen.game.day == today
        assert app.screen.game.target == answer_for(today)


async def test_a_day_played_already_shows_its_result_instead_of_replaying(history) -> None:
    target = answer_for(3)
    app = WordleTuiApp(GameRequest("wordle", day=3), history=history)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*target, "enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        share = str(app.screen.query_one("#share").render())
        assert share.startswith("wordle-tui daily 3 1/6")
    assert played_day(history, 3, "nyt")["result"] == "won"
    again = WordleTuiApp(GameRequest("wordle", day=3), history=history)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ResultScreen)
        await pilot.press("escape")
        screen = again.screen
        assert isinstance(screen, WordleScreen) and screen.game.over
        assert "played puzzle 3 already" in screen.query_one(Note).text
        await pilot.press(*"crane")
        assert len(screen.game.rows) == 1
    assert len(history.finished("wordle")) == 1


async def test_an_unfinished_daily_is_resumed_on_its_own_day_only(history) -> None:
    app = WordleTuiApp(GameRequest("wordle", day=5), history=history)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"crane", "enter")
        await pilot.pause()
    again = WordleTuiApp(GameRequest("wordle", day=5), history=history)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.screen.game.day == 5 and len(again.screen.game.rows) == 1


async def test_the_stats_screen_shows_daily_streaks_apart(history) -> None:
    app = WordleTuiApp(GameRequest("wordle", daily=True), history=history)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*answer_for(day_number()), "enter")
        await pilot.pause()
        await pilot.press("escape")
        app.action_stats("wordle")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        line = str(app.screen.query_one("#summary-daily").render())
        assert "1 day played" in line and "daily streak 1 day" in line


def test_the_command_line_plays_a_past_day_and_refuses_a_future_one(monkeypatch) -> None:
    import wordle_tui.ui.app as ui

    opened = []
    monkeypatch.setattr(ui, "run_app", lambda request=None, lists=None: opened.append(request))
    runner = CliRunner()
    assert runner.invoke(cli_app, ["play", "wordle", "--day", "4"]).exit_code == 0
    assert opened[0].day == 4 and opened[0].daily_day == 4
    future = runner.invoke(cli_app, ["play", "--day", str(day_number() + 2)])
    assert future.exit_code == 2 and "in the future" in future.stderr
    evil = runner.invoke(cli_app, ["play", "evil", "--day", "4"])
    assert evil.exit_code == 2 and "--day applies to wordle" in evil.stderr
    for extra in (["--target", "hello"], ["--seed", "3"]):
        chosen = runner.invoke(cli_app, ["play", "wordle", "--daily", *extra])
        assert chosen.exit_code == 2 and "the same for everyone" in chosen.stderr
    assert len(opened) == 1


def guesses_missing(target: str, count: int) -> list[str]:
    """`count` valid guesses that are not `target` (so the round goes on)."""
    return [w for w in ("crane", "dumpy", "light", "stoic") if w != target][:count]


async def play_rows(pilot, screen: WordleScreen, count: int) -> list[str]:
    """Type `count` wrong guesses on `screen`; the words played."""
    words = guesses_missing(screen.game.target, count)
    for word in words:
        await pilot.press(*word, "enter")
    await pilot.pause()
    return words


async def open_daily(app: WordleTuiApp, pilot) -> WordleScreen:
    """Today's puzzle from the home screen, through the archive."""
    app.action_daily()
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, WordleScreen) and app.screen.game.day == day_number()
    return app.screen


async def open_wordle(app: WordleTuiApp, pilot) -> WordleScreen:
    """Ordinary Wordle from the home screen."""
    app.action_open("wordle")
    await pilot.pause()
    assert isinstance(app.screen, WordleScreen) and app.screen.game.day is None
    return app.screen


def words_on(screen: WordleScreen) -> list[str]:
    return [played.word for played in screen.game.rows]


async def test_the_daily_leaves_an_unfinished_wordle_game_resumable(history) -> None:
    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        wordle = await open_wordle(app, pilot)
        target, played = wordle.game.target, await play_rows(pilot, wordle, 2)
        await pilot.press("escape")
        daily = await open_daily(app, pilot)
        assert daily.game.rows == []
        await play_rows(pilot, daily, 1)
        await pilot.press("escape")
        again = await open_wordle(app, pilot)
        assert again.game.target == target and words_on(again) == played
        assert "Resumed" in again.query_one(Note).text
    assert history.finished() == []  # nothing abandoned, nothing lost
    assert history.stats("wordle").played == 0


async def test_ordinary_wordle_leaves_an_unfinished_daily_resumable(history) -> None:
    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        daily = await open_daily(app, pilot)
        played = await play_rows(pilot, daily, 2)
        await pilot.press("escape")
        wordle = await open_wordle(app, pilot)
        assert wordle.game.rows == []
        await play_rows(pilot, wordle, 1)
        await pilot.press("escape")
        again = await open_daily(app, pilot)
        assert words_on(again) == played and again.game.target == answer_for(day_number())
        await pilot.press("escape")
        wordle_again = await open_wordle(app, pilot)
        assert len(wordle_again.game.rows) == 1  # and the Wordle game is still there too
    assert history.finished() == []


def test_a_daily_and_an_ordinary_round_keep_a_slot_each(history) -> None:
    ordinary = WordleRound(target="hello")
    daily = WordleRound(target=answer_for(7), day=7)
    mine, theirs = Keeper(history, ordinary), Keeper(history, daily)
    for game, keeper, words in ((ordinary, mine, ("crane", "dumpy")), (daily, theirs, ("stoic",))):
        for word in words:
            game.guess(word)
            keeper.moved()
    assert resume(history, "wordle")[0].rows == ordinary.rows
    assert resume(history, "wordle", day=7)[0].rows == daily.rows
    assert resume(history, "wordle", day=8) is None
    Keeper(history, WordleRound(target=answer_for(8), day=8)).abandon()  # no moves: nothing
    daily.guess(daily.target)
    theirs.moved()  # the daily ends and is recorded: only its own slot is emptied
    reopened = History(history.path)
    assert resume(reopened, "wordle", day=7) is None
    back, started = resume(reopened, "wordle")
    assert back.rows == ordinary.rows and started == mine.started
    assert [r["result"] for r in reopened.finished()] == ["won"]


def test_an_unfinished_game_saved_by_the_previous_version_still_resumes(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    History(path).close()
    db = sqlite3.connect(path)
    moves = json.dumps([["crane", "....."], ["dumpy", "....."]])
    db.execute("INSERT INTO in_progress VALUES ('wordle', 'normal', 'hello', ?, 'then')", (moves,))
    db.commit()
    db.close()
    history = History(path)
    game, started = resume(history, "wordle")
    assert [r.word for r in game.rows] == ["crane", "dumpy"] and started == "then"
    assert resume(history, "wordle", day=3) is None and history.finished() == []


def test_a_daily_saved_in_the_wordle_slot_moves_to_its_own(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    History(path).close()
    db = sqlite3.connect(path)
    # saved before word-list sets had names in the history: on the classic lists
    answer = answer_for(3, load_set("classic"))
    row = ("wordle", "normal;day=3", answer, json.dumps([["crane", "....."]]), "then")
    db.execute("INSERT INTO in_progress VALUES (?, ?, ?, ?, ?)", row)
    db.commit()
    db.close()
    history = History(path)
    assert resume(history, "wordle") is None  # not the ordinary game's: it is moved, not lost
    history.close()
    game, started = resume(History(path), "wordle", day=3)
    assert game.day == 3 and [r.word for r in game.rows] == ["crane"] and started == "then"
    assert History(path).finished() == []


async def test_ctrl_n_on_a_daily_resumes_wordle_and_keeps_the_daily(history) -> None:
    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        wordle = await open_wordle(app, pilot)
        played = await play_rows(pilot, wordle, 1)
        await pilot.press("escape")
        daily = await open_daily(app, pilot)
        on_daily = await play_rows(pilot, daily, 2)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert "Leave puzzle" in str(app.screen.query_one("#confirm-question").render())
        await pilot.press("y")
        await pilot.pause()
        assert daily.game.day is None and words_on(daily) == played
        assert "kept for later" in daily.query_one(Note).text
        await pilot.press("escape")
        again = await open_daily(app, pilot)
        assert words_on(again) == on_daily
    assert history.finished() == []
