"""The game screens driven by keyboard and mouse with Pilot, reading widget state."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from textual.worker import WorkerCancelled

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.jotto import ComputerJottoScreen, JottoScreen
from wordle_tui.ui.boards.result import ResultScreen
from wordle_tui.ui.boards.wordle import WordleScreen
from wordle_tui.ui.daily_screen import DailyScreen
from wordle_tui.ui.home import HomeScreen
from wordle_tui.ui.stats_screen import StatsScreen
from wordle_tui.ui.widgets import BoardRow, Histogram, Key, Keyboard, Note

SIZE = (80, 24)


@pytest.fixture
def history(tmp_path: Path) -> History:
    return History(tmp_path / "history.sqlite3")


def app_for(history: History, game: str = "wordle", **options) -> WordleTuiApp:
    return WordleTuiApp(GameRequest(game, **options), history=history)


async def type_word(pilot, word: str) -> None:
    await pilot.press(*word, "enter")
    await pilot.pause()


def rows(app) -> list[BoardRow]:
    return list(app.screen.query(BoardRow))


def message(app) -> str:
    return app.screen.query_one(Note).text


async def test_typing_a_word_fills_a_row_with_the_right_states(history) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, WordleScreen)
        await pilot.press(*"hat")
        assert rows(app)[0].states()[:3] == ["filled"] * 3
        await pilot.press("backspace")
        assert rows(app)[0].text() == "HA"
        await pilot.press(*"tes", "enter")
        await pilot.pause()
        assert rows(app)[0].states() == ["correct", "absent", "absent", "present", "absent"]
        keyboard = app.screen.query_one(Keyboard)
        assert keyboard.state_of("h") == "correct" and keyboard.state_of("e") == "present"
        assert keyboard.state_of("a") == "absent" and keyboard.state_of("z") == "unknown"


async def test_unknown_and_short_words_are_refused_and_cost_nothing(history) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        await type_word(pilot, "zzzzz")
        assert message(app) == "Not in word list"
        assert app.screen.game.rows == []
        for _ in range(5):
            await pilot.press("backspace")
        await type_word(pilot, "abc")
        assert message(app) == "Not enough letters"


async def test_hard_mode_breach_gets_the_nyt_message(history) -> None:
    app = app_for(history, target="hello", hard=True)
    async with app.run_test(size=SIZE) as pilot:
        await type_word(pilot, "hates")
        await type_word(pilot, "crane")
        assert message(app) == "1st letter must be H"
        assert len(app.screen.game.rows) == 1


async def test_clicking_the_on_screen_keys_types_and_submits(history) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        for letter in "hello":
            key = next(k for k in app.screen.query(Key) if k.key == letter)
            await pilot.click(key)
        enter = next(k for k in app.screen.query(Key) if k.key == "enter")
        await pilot.click(enter)
        await pilot.pause()
        assert app.screen.game.won or isinstance(app.screen, ResultScreen)


async def test_a_win_is_saved_once_and_shows_in_the_stats(history) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        await type_word(pilot, "hates")
        await type_word(pilot, "hello")
        assert isinstance(app.screen, ResultScreen)
        assert "You found HELLO in 2/6" in str(app.screen.query_one("#headline").render())
        assert "wordle-tui 2/6" in str(app.screen.query_one("#share").render())
        histogram = app.screen.query_one(Histogram)
        assert histogram.highlight == 2 and histogram.data == {2: 1}
        await pilot.press("escape")
        app.action_stats("wordle")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        summary = str(app.screen.query_one("#summary-wordle").render())
        assert "1 played" in summary and "100% win" in summary
        assert app.screen.query_one("#histogram-wordle", Histogram).highlight == 2
    games = history.finished("wordle")
    assert len(games) == 1 and games[0]["result"] == "won" and games[0]["score"] == 2


async def test_a_loss_is_saved_and_breaks_the_streak(history) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        for word in ("crane", "stump", "dingy", "forty", "quack", "vixen"):
            await type_word(pilot, word)
        assert isinstance(app.screen, ResultScreen)
        assert "the word was HELLO" in str(app.screen.query_one("#headline").render())
        assert "wordle-tui X/6" in str(app.screen.query_one("#share").render())
    stats = history.stats("wordle")
    assert (stats.played, stats.wins, stats.current_streak) == (1, 0, 0)


async def test_an_unfinished_game_is_resumed(history) -> None:
    app = app_for(history)  # an ordinary game (one with --target is never resumed)
    async with app.run_test(size=SIZE) as pilot:
        target = app.screen.game.target
        word = "crane" if target != "crane" else "dumpy"
        await type_word(pilot, word)
    again = WordleTuiApp(GameRequest("wordle"), history=history)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [r.word for r in again.screen.game.rows] == [word]
        assert again.screen.game.target == target
        assert "Resumed" in message(again)


async def test_the_solver_replay_arrives_from_a_worker(history) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        await type_word(pilot, "hello")
        await pilot.press("s")
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await pilot.pause()
        text = str(app.screen.query_one("#solver").render())
        assert "would have played" in text and "HELLO  GGGGG" in text


async def test_evil_wordle_keeps_the_largest_group(history) -> None:
    app = app_for(history, game="evil")
    async with app.run_test(size=SIZE) as pilot:
        await type_word(pilot, "arise")
        assert app.screen.game.rows[0].reply == "....."
        assert rows(app)[0].states() == ["absent"] * 5
        assert "words still possible" in str(app.screen.query_one("#info").render())
        assert len(app.screen.game.candidates) == app.screen.game.left[0]


async def test_antiwordle_refuses_an_inconsistent_guess(history) -> None:
    app = app_for(history, game="antiwordle", target="hello")
    async with app.run_test(size=SIZE) as pilot:
        await type_word(pilot, "hates")
        await type_word(pilot, "crane")
        assert message(app) == "1st letter must be H"
        assert len(app.screen.game.rows) == 1
        assert "could be the answer" in str(app.screen.query_one("#info").render())


async def test_jotto_replies_and_notepad_marks_persist(history) -> None:
    app = app_for(history, game="jotto", target="south")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, JottoScreen)
        await type_word(pilot, "mouth")
        assert app.screen.game.rows[0].shared == 4
        assert "4 shared" in str(rows(app)[0].query_one(".row-note").render())
        await pilot.press("tab", "m", "m", "o", "tab")  # m: in then out; o: in
        await type_word(pilot, "thorn")
        keyboard = app.screen.query_one(Keyboard)
        assert keyboard.state_of("m") == "out" and keyboard.state_of("o") == "in"
        first, second = rows(app)[:2]
        assert first.tiles[0].has_class("-out") and first.tiles[1].has_class("-in")
        assert second.tiles[2].has_class("-in")
        await type_word(pilot, "south")
        assert app.screen.game.won
    assert history.finished("jotto")[0]["score"] == 3


async def test_computer_jotto_detects_impossible_answers(history) -> None:
    app = app_for(history, game="jotto-computer")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ComputerJottoScreen)
        for _ in range(12):
            with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
                await app.workers.wait_for_complete()
            await pilot.pause()
            asked = app.screen.game.pending
            await pilot.press("0")
            await pilot.pause()
            if "No word in the list" in message(app):
                break
        else:
            pytest.fail("never reported impossible answers")
        assert app.screen.game.pending == asked  # the guess still waits
        kept = len(app.screen.game.steps)
        await pilot.press("u")
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(app.screen.game.steps) == kept - 1


async def test_computer_jotto_finds_your_word(history) -> None:
    secret = "south"
    app = app_for(history, game="jotto-computer")
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(15):
            with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
                await app.workers.wait_for_complete()
            await pilot.pause()
            game = app.screen.game
            if game.over:
                break
            await pilot.press(str(len(set(game.pending) & set(secret))))
        assert app.screen.game.found == secret
        assert "SOUTH" in message(app)
    assert history.stats("jotto-computer").wins == 1


async def test_home_opens_every_game_by_keyboard(history) -> None:
    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("enter")  # the first entry: Wordle
        await pilot.pause()
        assert isinstance(app.screen, WordleScreen) and app.screen.game.mode == "wordle"
        await pilot.press("escape")
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, DailyScreen)
        await pilot.press("escape", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, JottoScreen)


async def test_help_and_high_contrast(history) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert app.screen.__class__.__name__ == "HelpScreen"
        await pilot.press("escape")
        await pilot.press("f2")
        assert app.has_class("-high-contrast")


async def test_a_short_terminal_gets_compact_tiles(history) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=(80, 16)) as pilot:
        await type_word(pilot, "hates")
        assert app.has_class("-compact")
        last = rows(app)[-1]
        assert last.region.bottom <= app.screen.query_one(Keyboard).region.y


async def test_a_corrupt_history_shows_a_message_and_the_app_opens(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"garbage" * 50)
    app = WordleTuiApp(history=History(path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("moved to" in str(n.message) for n in app._notifications)


async def test_watch_the_computer_play_reveals_rows(history) -> None:
    from wordle_tui.ui.boards.watch import WatchScreen

    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        app.action_watch("hello")
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen)
        await pilot.press("enter")  # the target box has focus: Enter plays
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        for _ in range(600):  # the rows are revealed one by one: wait for the last, however slow
            await pilot.pause(0.1)
            if "Found HELLO" in message(app) and rows(app)[-1].query(".row-note"):
                break
        played = rows(app)
        assert played[-1].text() == "HELLO"
        assert played[-1].states() == ["correct"] * 5
        assert str(played[-1].query_one(".row-note").render()) == "solved"


async def test_watch_a_second_play_replaces_one_still_revealing(history) -> None:
    from textual.widgets import Input

    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        app.action_watch("hello")
        await pilot.pause()
        await pilot.press("enter")
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await pilot.pause()
        app.screen.query_one(Input).value = "crane"
        await pilot.press("enter")  # while HELLO's rows are still being revealed
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        for _ in range(60):
            await pilot.pause(0.1)
            if "Found CRANE" in message(app):
                break
        await pilot.pause(1.0)  # an old timer, if one were left, would add rows now
        shown = [row.text().upper() for row in rows(app)]
        assert shown[-1] == "CRANE" and "HELLO" not in shown
        assert len(shown) == len(app.screen.rows)


async def test_watch_refuses_a_word_that_is_not_an_answer(history) -> None:
    from textual.widgets import Input

    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        app.action_watch()
        await pilot.pause()
        app.screen.query_one(Input).value = "zzzzz"
        await pilot.press("enter")
        assert "not one of the 3,160 answers" in message(app)


async def test_daily_uses_todays_answer(history) -> None:
    import datetime as dt

    from wordle_tui.gameplay.daily import day_number
    from wordle_tui.gameplay.roles import answer_for

    app = app_for(history, daily=True)
    async with app.run_test(size=SIZE):
        assert app.screen.game.target == answer_for(day_number(dt.date.today()))
        assert app.screen.game.day == day_number()


async def computer_asks(app, pilot) -> str:
    """Wait until the computer's guess is on screen; return it."""
    for _ in range(50):
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await pilot.pause()
        game = getattr(app.screen, "game", None)
        if game is not None and game.pending:
            return game.pending
    raise AssertionError("the computer never guessed")


async def test_computer_jotto_resumes_after_closing(history) -> None:
    secret = "thorn"  # not the computer's opening guess, so the game goes on
    app = app_for(history, game="jotto-computer")
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(2):
            guess = await computer_asks(app, pilot)
            await pilot.press(str(len(set(guess) & set(secret))))
        await computer_asks(app, pilot)
        answered = app.screen.game.moves()
    assert len(answered) == 2
    again = app_for(history, game="jotto-computer")
    async with again.run_test(size=SIZE) as pilot:
        await computer_asks(again, pilot)
        assert again.screen.game.moves() == answered


async def test_statistics_say_what_each_score_counts_and_whose_win(tmp_path: Path) -> None:
    from textual.widgets import Static

    from wordle_tui.history import SavedGame

    history = History(tmp_path / "h.sqlite3")
    history.record(SavedGame("ghost", "ghost-3", "gecko", [], "t"), "lost", 6)
    history.record(SavedGame("jotto-computer", "", "south", [], "t"), "won", 7)
    app = WordleTuiApp(history=history)
    async with app.run_test(size=SIZE) as pilot:
        app.action_stats("ghost")
        await pilot.pause()
        headings = [str(h.render()) for h in app.screen.query(".stats-heading").results(Static)]
        assert "Moves per game, yours and the computer's" in headings
        assert "Guesses the computer took to find your word" in headings
        assert "Scores" not in headings
        computer = str(app.screen.query_one("#summary-jotto-computer").render())
        assert "100% of your words found by the computer" in computer and "win" not in computer
