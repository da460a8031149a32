"""Dordle, Quordle and Octordle in the app: typed to a win, refusals with a message, solved
boards that stop, the layouts at 80x24, ctrl+n asking, the result dialog's share text, the
daily puzzle, and the statistics of each variant (the screen and `wordle-tui stats`)."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Static, Tab, TabbedContent
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.daily import day_number
from wordle_tui.gameplay.multi import daily_answers
from wordle_tui.history import History
from wordle_tui.settings import Settings
from wordle_tui.solver.listsets import load_set
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.confirm import ConfirmScreen
from wordle_tui.ui.multi.result import MultiResultScreen
from wordle_tui.ui.multi.screen import MultiScreen
from wordle_tui.ui.multi.widgets import MiniBoard, MultiKey, MultiKeyboard
from wordle_tui.ui.widgets import Note

SIZE = (80, 24)
NYT = load_set("nyt")
DORDLE = "hello,crane"
QUORDLE = "hello,crane,south,vocal"
OCTORDLE = "hello,crane,south,vocal,blast,fjord,mirth,pique"


def make_app(tmp_path: Path, request: GameRequest | None, name: str = "h.sqlite3") -> WordleTuiApp:
    history = History(tmp_path / name)
    settings = Settings(tmp_path / "s.json")
    return WordleTuiApp(request, history=history, settings=settings, lists=NYT)


async def until(pilot, condition, tries: int = 100) -> None:
    """Wait until `condition()` holds (polling, no fixed sleep)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.02)
    assert condition()


async def opened(app: WordleTuiApp, pilot) -> MultiScreen:
    await until(pilot, lambda: isinstance(app.screen, MultiScreen) and hasattr(app.screen, "game"))
    return app.screen


async def guess(pilot, word: str) -> None:
    await pilot.press(*word, "enter")
    await pilot.pause()


def note(screen: MultiScreen) -> str:
    return str(screen.query_one(Note).text)


def screen_lines(app: WordleTuiApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def test_a_dordle_typed_to_a_win(tmp_path: Path) -> None:
    app = make_app(tmp_path, GameRequest("dordle", target=DORDLE))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        await pilot.press(*"hat")
        first, second = screen.query(MiniBoard)
        assert first.lines()[1].replace(" ", "") == "HAT··"  # typed on every open board
        assert second.lines()[1].replace(" ", "") == "HAT··"
        await pilot.press("enter", "e", "enter")  # too short: refused, nothing lost
        assert note(screen) == "Not enough letters" and screen.game.words == []
        assert screen.typed == "hate"
        await pilot.press("s", "enter")
        assert screen.game.words == ["hates"] and note(screen) == ""
        await guess(pilot, "hello")
        assert screen.game.results() == [2, None]
        await pilot.press(*"cra")
        assert first.typing is None and len(first.board.rows) == 2  # solved: takes no row
        assert second.lines()[3].replace(" ", "") == "CRA··"
        await pilot.press("enter")
        await pilot.press(*"ne", "enter")
        await until(pilot, lambda: isinstance(app.screen, MultiResultScreen))
        assert screen.game.won and screen.game.results() == [2, 3]
        assert len(first.board.rows) == 2 and len(second.board.rows) == 3
        share = str(app.screen.query_one("#multi-share", Static).render())
        assert share == screen.game.share_text()
        assert share.splitlines() == ["Practice Dordle", "2\ufe0f\u20e33\ufe0f\u20e3"]
        assert str(app.screen.query_one("#multi-missed", Static).render()) == ""
    finished = History(tmp_path / "h.sqlite3").finished("dordle")
    assert [(g["result"], g["score"]) for g in finished] == [("won", 3)]


async def test_a_bad_word_is_refused_with_a_message(tmp_path: Path) -> None:
    app = make_app(tmp_path, GameRequest("quordle", target=QUORDLE))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        await guess(pilot, "xqzvk")
        assert note(screen) == "Not in word list"
        assert screen.game.words == [] and screen.typed == "xqzvk"
        await pilot.press(*["backspace"] * 5)
        await guess(pilot, "slate")
        assert note(screen) == "" and screen.game.words == ["slate"]


async def test_a_lost_game_shows_the_answers_not_found(tmp_path: Path) -> None:
    app = make_app(tmp_path, GameRequest("dordle", target=DORDLE))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        await guess(pilot, "hello")
        for word in ("fjord", "mirth", "pique", "blast", "south", "vocal"):
            await guess(pilot, word)
        await until(pilot, lambda: isinstance(app.screen, MultiResultScreen))
        assert not screen.game.won
        missed = str(app.screen.query_one("#multi-missed", Static).render())
        assert missed == "Not solved: 2: CRANE"
        assert "🟥" in str(app.screen.query_one("#multi-share", Static).render())
        await pilot.press("n")
        await until(pilot, lambda: app.screen is screen and screen.game.words == [])


def fits(app: WordleTuiApp) -> None:
    """Every board and the keyboard whole on screen, above the footer; nothing scrolled."""
    screen = app.screen
    height = SIZE[1] - 1  # the footer's line
    for board in screen.query(MiniBoard):
        region = board.region
        assert region.height == board.limit + 1 and region.bottom <= height, region
        assert region.x >= 0 and region.right <= SIZE[0]
    keyboard = screen.query_one(MultiKeyboard)
    assert keyboard.region.height >= 3 and keyboard.region.bottom <= height
    assert screen.query_one("#multi").max_scroll_y == 0


async def test_quordle_fits_80x24_with_its_keyboard(tmp_path: Path) -> None:
    app = make_app(tmp_path, GameRequest("quordle", target=QUORDLE))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        await guess(pilot, "slate")
        await guess(pilot, "crane")
        await pilot.press(*"mou")
        await pilot.pause()
        fits(app)
        shown = "\n".join(screen_lines(app))
        assert "CRANE ✓2" in shown  # a solved board: its answer and the guess that solved it
        assert "HELLO" not in shown  # the others' are not shown before the end
        assert "Enter" in shown and "⌫" in shown
        keyboard = screen.query_one(MultiKeyboard)
        # c: right spot on CRANE (solved: blank), wrong spot on VOCAL, not in HELLO nor SOUTH
        assert keyboard.states_of("c") == ("absent", None, "absent", "present")
        assert keyboard.states_of("q") == ("unknown", None, "unknown", "unknown")
        assert keyboard.states_of("e") == ("present", None, "absent", "absent")


async def test_octordle_opens_and_plays_at_80x24(tmp_path: Path) -> None:
    app = make_app(tmp_path, GameRequest("octordle", target=OCTORDLE))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        assert len(screen.query(MiniBoard)) == 8
        await guess(pilot, "slate")
        await guess(pilot, "blast")
        await pilot.press(*"fj")
        await pilot.pause()
        fits(app)
        assert screen.game.results()[4] == 2
        lines = screen_lines(app)
        assert any("Practice Octordle" in line for line in lines)
        assert "f1" in lines[-1] and "Back" in lines[-1]


async def test_ctrl_n_asks_before_abandoning_a_free_game(tmp_path: Path) -> None:
    history_path = tmp_path / "h.sqlite3"
    app = make_app(tmp_path, GameRequest("dordle", seed=5))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        await guess(pilot, "slate")
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        asked = str(app.screen.query_one("#confirm-question").render())
        assert "count as a loss" in asked
        await pilot.press("n")
        await until(pilot, lambda: app.screen is screen)
        assert screen.game.words == ["slate"]
        answers = screen.game.answers
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(pilot, lambda: app.screen is screen and screen.game.words == [])
        shown = ", ".join(a.upper() for a in answers)
        assert note(screen) == f"Abandoned: the words were {shown}. New game."
    assert [g["result"] for g in History(history_path).finished("dordle")] == ["abandoned"]


async def test_the_menu_opens_todays_daily_puzzle_and_ctrl_n_free_play(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    today = day_number()
    async with app.run_test(size=SIZE) as pilot:
        app.action_open("quordle")
        screen = await opened(app, pilot)
        assert screen.game.day == today
        assert screen.game.answers == daily_answers(today, "quordle", NYT)
        assert any(f"Daily Quordle {today}" in line for line in screen_lines(app))
        await guess(pilot, "slate")
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "for later" in str(app.screen.query_one("#confirm-question").render())
        await pilot.press("y")
        await until(pilot, lambda: app.screen is screen and screen.game.day is None)
        assert screen.game.words == [] and screen.game.puzzle_name == "Practice Quordle"
        await pilot.press("escape")
        app.action_open("quordle")  # the daily puzzle again: resumed
        screen = await opened(app, pilot)
        assert screen.game.day == today and screen.game.words == ["slate"]
        assert note(screen) == "Resumed your unfinished game."


async def test_a_daily_puzzle_played_is_shown_not_replayed(tmp_path: Path) -> None:
    today = day_number()
    answers = daily_answers(today, "dordle", NYT)
    app = make_app(tmp_path, GameRequest("dordle", daily=True))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        for word in answers:
            await guess(pilot, word)
        await until(pilot, lambda: isinstance(app.screen, MultiResultScreen))
        await pilot.press("escape")
        await pilot.press("escape")
        app.action_open("dordle")
        screen = await opened(app, pilot)
        assert screen.game.won and "already" in note(screen)
        await pilot.press(*"slate")
        assert screen.typed == ""


async def test_statistics_show_each_variant(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path))
    app = make_app(tmp_path, GameRequest("dordle", target=DORDLE), "history.sqlite3")
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        for word in ("hello", "crane"):
            await guess(pilot, word)
        await until(pilot, lambda: isinstance(app.screen, MultiResultScreen))
        tally = str(app.screen.query_one("#multi-tally", Static).render())
        assert tally == "Boards solved: 2 of 2 (100%) · every board in 1 game of 1"
        await pilot.press("escape", "escape")
        app.action_stats("dordle")
        await pilot.pause(0.2)
        tabs = [str(tab.label) for tab in app.screen.query(Tab)]
        assert {"Dordle", "Quordle", "Octordle"} <= set(tabs)
        assert app.screen.query_one(TabbedContent).active == "tab-dordle"
        text = "\n".join(screen_lines(app))
        assert "Guesses to solve both boards" in text
        assert "Boards solved: 2 of 2 (100%)" in text
    done = CliRunner().invoke(cli, ["stats", "--game", "dordle", "--json"])
    data = json.loads(done.stdout)
    assert (data["played"], data["wins"], data["distribution"]) == (1, 1, {"2": 1})
    assert data["boards"] == {"games": 1, "boards": 2, "solved": 2, "every_board": 1}
    text = CliRunner().invoke(cli, ["stats", "--game", "dordle"]).stdout
    assert "Dordle — played 1, win 100%" in text and "Boards solved: 2 of 2" in text


def test_play_opens_each_variant_and_checks_its_answers(monkeypatch) -> None:
    import wordle_tui.ui.app as ui

    opened: list[GameRequest] = []
    monkeypatch.setattr(ui, "run_app", lambda request=None, lists=None: opened.append(request))
    runner = CliRunner()
    for args in (["dordle", "--target", "Hello, crane"], ["quordle"], ["octordle", "--day", "3"]):
        assert runner.invoke(cli, ["play", *args]).exit_code == 0, args
    assert [(r.game, r.target, r.day) for r in opened] == [
        ("dordle", "hello,crane", None),
        ("quordle", None, None),
        ("octordle", None, 3),
    ]
    short = runner.invoke(cli, ["play", "quordle", "--target", "hello,crane"])
    assert short.exit_code == 2 and "Quordle needs 4 different answers" in short.stderr
    wrong = runner.invoke(cli, ["play", "dordle", "--target", "hello,zzzzz"])
    assert wrong.exit_code == 2 and "'zzzzz' is not a possible answer" in wrong.stderr
    hard = runner.invoke(cli, ["play", "dordle", "--hard"])
    assert hard.exit_code == 2 and "not dordle" in hard.stderr


async def assistant_ready(app: WordleTuiApp, pilot):
    from wordle_tui.ui.multi.assistant import MultiAssistantScreen

    await until(pilot, lambda: isinstance(app.screen, MultiAssistantScreen))
    await until(pilot, lambda: not app.screen.busy, tries=1500)
    return app.screen


async def test_the_multi_board_assistant_ranks_each_boards_answers(tmp_path: Path) -> None:
    from wordle_tui.solver.replies import reply_for

    app = make_app(tmp_path, GameRequest("multi-assistant"))
    answers = ("fjord", "cloth", "sheet", "vocal")
    colours = ",".join(reply_for("salet", a).lower() for a in answers)
    async with app.run_test(size=SIZE) as pilot:
        screen = await assistant_ready(app, pilot)
        assert screen.variant.name == "quordle"
        await pilot.press(*f"salet:{colours}", "enter")
        await until(pilot, lambda: not screen.busy and screen.rows, tries=1500)
        shown = str(screen.query_one("#ma-boards", Static).render())
        assert [f"Board {n}: " in shown for n in range(1, 5)] == [True] * 4
        sheet = shown.split("Board 3: ")[1].split("Board 4")[0]
        words = [w for w in sheet.split("left")[1].split() if w != "…"]
        assert "SHEET" in words
        assert all(reply_for("salet", w.lower()) == reply_for("salet", "sheet") for w in words)
        assert "Next guesses" in "\n".join(screen_lines(app))
        await pilot.press(*"xx:ggggg", "enter")  # one colouring for four boards: refused
        assert "1 colouring for 4 boards" in note(screen) and len(screen.rows) == 1
        await pilot.press("ctrl+a", "ctrl+k")
        await pilot.press(*"crony:ggggg,ggggg,.....,.....", "enter")  # two boards one word
        await until(pilot, lambda: "taken back" in note(screen), tries=1500)
        assert len(screen.rows) == 1
        await pilot.press("ctrl+z")
        await until(pilot, lambda: not screen.busy, tries=1500)
        assert screen.rows == []
        await pilot.press("f3")
        await until(pilot, lambda: not screen.busy, tries=1500)
        assert screen.variant.name == "octordle"
        assert str(screen.query_one("#ma-boards", Static).render()).count("Board ") == 8


async def test_f2_redraws_the_boards_in_high_contrast(tmp_path: Path) -> None:
    app = make_app(tmp_path, GameRequest("dordle", target=DORDLE))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        await guess(pilot, "crane")
        board = screen.query(MiniBoard)[1]
        before = board.render().spans
        await pilot.press("f2")
        await until(pilot, lambda: app.has_class("-high-contrast"))
        await pilot.pause()
        assert "#f5793a" in str(board.render().spans) and before != board.render().spans
        e = next(k for k in screen.query(MultiKey) if k.key == "e")
        assert e.states == ("present", None)  # HELLO's E elsewhere; CRANE's board solved
        assert "#85c0f9" in str(e.shown.spans)  # high contrast's wrong-spot blue


async def test_keys_typed_with_the_winning_enter_do_not_start_a_new_game(tmp_path: Path) -> None:
    from textual import events

    app = make_app(tmp_path, GameRequest("dordle", target=DORDLE))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        await guess(pilot, "hello")
        late = [events.Key(k, k) for k in "nn"]  # typed with the Enter, delivered after it
        for event in late:
            event.set_sender(app)
        await pilot.press(*"crane", "enter")
        await until(pilot, lambda: isinstance(app.screen, MultiResultScreen))
        for event in late:
            app._driver.send_message(event)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MultiResultScreen) and screen.game.won
        await pilot.press("n")  # typed once the dialog is on screen: a new game
        await until(pilot, lambda: app.screen is screen and screen.game.words == [])
