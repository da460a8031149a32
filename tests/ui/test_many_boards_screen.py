"""Sedecordle and Duotrigordle in the app: a board a line. At 120x40 every board is on screen
with the keys split by board; at 80x24 the boards scroll (Duotrigordle's) under the word typed,
the message and one-letter keys, which stay in view; a game typed to its end is recorded, and
its statistics and share text follow."""

from __future__ import annotations

import json
from pathlib import Path

from apptest import burst, settle
from textual.containers import VerticalScroll
from textual.widgets import Static, Tab
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.settings import Settings
from wordle_tui.solver.listsets import make_set
from wordle_tui.solver.replies import reply_for
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.multi.result import MultiResultScreen
from wordle_tui.ui.multi.screen import MultiScreen
from wordle_tui.ui.multi.widgets import MiniBoard, MultiKey, MultiKeyboard, TypedWord
from wordle_tui.ui.tour import MANY_ANSWERS
from wordle_tui.ui.widgets import Footer, Note

BIG, SMALL = (120, 40), (80, 24)
FILLERS = ("slate", "crony", "build", "fight", "pumps", "wacky")
LISTS = make_set("many", MANY_ANSWERS, [*MANY_ANSWERS, *FILLERS], "test", "test")
SEDECORDLE = GameRequest("sedecordle", target=",".join(MANY_ANSWERS[:16]))
DUOTRIGORDLE = GameRequest("duotrigordle", target=",".join(MANY_ANSWERS))


def make_app(tmp_path: Path, request: GameRequest | None) -> WordleTuiApp:
    history = History(tmp_path / "history.sqlite3")
    settings = Settings(tmp_path / "settings.json")
    return WordleTuiApp(request, history=history, settings=settings, lists=LISTS)


async def opened(app: WordleTuiApp, pilot) -> MultiScreen:
    for _ in range(100):
        if isinstance(app.screen, MultiScreen) and hasattr(app.screen, "game"):
            return app.screen
        await pilot.pause(0.02)
    raise AssertionError(f"no multi-board screen: {type(app.screen).__name__}")


async def play(app: WordleTuiApp, pilot, *words: str) -> None:
    """Type the words, each with Enter, as fast as a typist (the screen keeps their order)."""
    burst(app, *(key for word in words for key in (word, "enter")))
    await settle(app, pilot)


def on_screen(widget, size: tuple[int, int]) -> bool:
    """Whether the widget is drawn whole within the terminal, above the footer's line."""
    region = widget.region
    return (
        region.area > 0
        and region.x >= 0
        and region.y >= 0
        and (region.right <= size[0] and region.bottom <= size[1] - 1)
    )


def cased(word: str, answer: str) -> str:
    """A row as a board line writes it: capitals for letters in the answer."""
    reply = reply_for(word, answer)
    return "".join(c.upper() if r != "." else c for c, r in zip(word, reply, strict=True))


def shown(widget) -> str:
    """A board line's or the typed word's text, as drawn."""
    return widget.render().plain


async def test_sedecordle_shows_every_board_and_split_keys_at_120x40(tmp_path: Path) -> None:
    app = make_app(tmp_path, SEDECORDLE)
    async with app.run_test(size=BIG) as pilot:
        screen = await opened(app, pilot)
        await play(app, pilot, "slate", "clasp")
        await pilot.press(*"bui")
        await pilot.pause()
        boards = list(screen.query(MiniBoard))
        assert [b.number for b in boards] == list(range(1, 17)) and all(b.line for b in boards)
        assert all(on_screen(board, BIG) for board in boards)
        assert len({board.region.y for board in boards}) == 16  # a line each, one column
        assert screen.query_one("#multi-scroll", VerticalScroll).max_scroll_y == 0
        assert shown(boards[0]).split() == ["1", "✓2", "CLASP"]  # solved: one row, the answer
        assert shown(boards[1]).split() == ["2", cased("slate", "scarf"), cased("clasp", "scarf")]
        typed = screen.query_one(TypedWord)
        assert on_screen(typed, BIG) and shown(typed).split() == ["Your", "guess", *"BUI··"]
        keyboard = screen.query_one(MultiKeyboard)
        assert keyboard.split and on_screen(keyboard, BIG)
        s_key = next(k for k in screen.query(MultiKey) if k.key == "s")
        assert s_key.region.height == 4 and len(s_key.shown.plain.split("\n")) == 4
        assert s_key.states[0] is None and s_key.states[1] == "correct"  # CLASP solved; SCARF


async def test_duotrigordle_shows_all_32_boards_in_two_columns_at_120x40(tmp_path: Path) -> None:
    app = make_app(tmp_path, DUOTRIGORDLE)
    async with app.run_test(size=BIG) as pilot:
        screen = await opened(app, pilot)
        await play(app, pilot, "slate", "crony")
        boards = list(screen.query(MiniBoard))
        assert len(boards) == 32 and all(on_screen(board, BIG) for board in boards)
        assert len({board.region.x for board in boards}) == 2  # two columns of 16 lines
        assert boards[0].region.y == boards[1].region.y < boards[2].region.y
        for board, answer in zip(boards, MANY_ANSWERS, strict=True):
            assert shown(board).split() == [
                str(board.number),
                *(cased(w, answer) for w in FILLERS[:2]),
            ]
        keys = list(screen.query(MultiKey))
        assert all(on_screen(key, BIG) for key in keys)
        assert {len(key.shown.plain.split("\n")) for key in keys} == {4}  # 8 boards a line
        assert {key.region.width for key in keys} == {9}
        assert screen.query_one("#multi-scroll", VerticalScroll).max_scroll_y == 0


async def test_sedecordle_at_80x24_keeps_the_word_the_note_and_the_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, SEDECORDLE)
    async with app.run_test(size=SMALL) as pilot:
        screen = await opened(app, pilot)
        await play(app, pilot, "slate", "xyzzy")
        note = screen.query_one(Note)
        assert str(note.text) == "Not in word list" and on_screen(note, SMALL)
        typed = screen.query_one(TypedWord)
        assert on_screen(typed, SMALL) and "XYZZY" in shown(typed).replace(" ", "")
        boards = list(screen.query(MiniBoard))
        assert all(on_screen(board, SMALL) for board in boards)  # 16 lines fit
        keyboard = screen.query_one(MultiKeyboard)
        assert not keyboard.split and keyboard.region.height == 3 and on_screen(keyboard, SMALL)
        assert screen.query_one(Footer).region.y == SMALL[1] - 1


async def test_duotrigordle_scrolls_its_boards_at_80x24(tmp_path: Path) -> None:
    app = make_app(tmp_path, DUOTRIGORDLE)
    async with app.run_test(size=SMALL) as pilot:
        screen = await opened(app, pilot)
        await play(app, pilot, "slate")
        await pilot.press(*"cr")
        await pilot.pause()
        scroll = screen.query_one("#multi-scroll", VerticalScroll)
        boards = list(screen.query(MiniBoard))
        assert scroll.max_scroll_y > 0 and on_screen(scroll, SMALL)
        assert all(board.parent.parent is scroll for board in boards)
        assert on_screen(boards[0], SMALL) and not on_screen(boards[-1], SMALL)
        typed, note = screen.query_one(TypedWord), screen.query_one(Note)
        assert on_screen(typed, SMALL) and "CR" in shown(typed).replace(" ", "")
        assert on_screen(note, SMALL) and on_screen(screen.query_one(MultiKeyboard), SMALL)
        scroll.scroll_end(animate=False)
        await pilot.pause()
        assert on_screen(boards[-1], SMALL) and not on_screen(boards[0], SMALL)
        scroll.scroll_home(animate=False)
        await pilot.press("backspace", "backspace")
        await play(app, pilot, *MANY_ANSWERS[:24])  # the boards on screen solved: the rest shown
        await pilot.pause()
        assert screen.game.results()[23] == 25 and screen.game.results()[24] is None
        assert on_screen(boards[24], SMALL) and shown(boards[24]).startswith("25")
        assert on_screen(typed, SMALL) and on_screen(note, SMALL)


async def test_a_sedecordle_typed_to_a_win_is_recorded_with_its_statistics(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path))
    app = make_app(tmp_path, SEDECORDLE)
    async with app.run_test(size=SMALL) as pilot:
        screen = await opened(app, pilot)
        await play(app, pilot, "slate", *MANY_ANSWERS[:16])
        for _ in range(100):
            if isinstance(app.screen, MultiResultScreen):
                break
            await pilot.pause(0.02)
        dialog = app.screen
        assert isinstance(dialog, MultiResultScreen) and screen.game.won
        share = str(dialog.query_one("#multi-share", Static).render())
        assert share == screen.game.share_text() and share.splitlines()[:2] == [
            "Practice Sedecordle",
            "17/21",
        ]
        results = str(dialog.query_one("#multi-boards-line", Static).render()).splitlines()
        assert len(results) == 4 and results[0].split() == ["CLASP", "2", "SCARF", "3"] + [
            "WRING",
            "4",
            "BENDY",
            "5",
        ]
        await pilot.press("escape")
        app.action_stats("sedecordle")
        await pilot.pause(0.2)
        tabs = [str(tab.label) for tab in app.screen.query(Tab)]
        assert "Sedecordle" in tabs and "Duotrigordle" in tabs
        boards_line = str(app.screen.query_one("#boards-sedecordle", Static).render())
        assert boards_line == "Boards solved: 16 of 16 (100%) · every board in 1 game of 1"
    finished = History(tmp_path / "history.sqlite3").finished("sedecordle")
    assert [(g["result"], g["score"]) for g in finished] == [("won", 17)]
    data = json.loads(CliRunner().invoke(cli, ["stats", "-g", "sedecordle", "--json"]).stdout)
    assert (data["played"], data["wins"], data["distribution"]) == (1, 1, {"17": 1})
    assert data["boards"] == {"games": 1, "boards": 16, "solved": 16, "every_board": 1}


async def test_the_menu_opens_both_and_play_knows_them(tmp_path: Path, monkeypatch) -> None:
    import wordle_tui.ui.app as ui

    app = make_app(tmp_path, None)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        for name, boards in (("sedecordle", 16), ("duotrigordle", 32)):
            app.post_message(type(app.screen).Chosen(name))
            screen = await opened(app, pilot)
            assert screen.game.name == name and len(screen.query(MiniBoard)) == boards
            assert screen.game.day is not None  # from the menu: today's daily puzzle
            await pilot.press("escape")
            await pilot.pause()
    requests: list[GameRequest] = []
    monkeypatch.setattr(ui, "run_app", lambda request=None, lists=None: requests.append(request))
    runner = CliRunner()
    assert runner.invoke(cli, ["play", "sedecordle", "--seed", "3"]).exit_code == 0
    assert runner.invoke(cli, ["play", "duotrigordle", "--day", "2"]).exit_code == 0
    assert [(r.game, r.seed, r.day) for r in requests] == [
        ("sedecordle", 3, None),
        ("duotrigordle", None, 2),
    ]
    short = runner.invoke(cli, ["play", "duotrigordle", "--target", "hello,crane"])
    assert short.exit_code == 2 and "Duotrigordle needs 32 different answers" in short.stderr
