"""Evil Wordle against the perfect replier on screen: the reply comes from a worker, keys typed
meanwhile wait for it, and the side panel says how few guesses anyone can still win in."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from reference_solver import ATCH
from textual.widgets import Static

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.wordle import WordleRound
from wordle_tui.history import History
from wordle_tui.settings import Settings
from wordle_tui.solver.listsets import make_set
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.result import ResultScreen, perfect_verdict
from wordle_tui.ui.boards.wordle import WordleScreen
from wordle_tui.ui.widgets import Note

LISTS = make_set("atch", ATCH, [*ATCH, "chimp"], "test", "test")


def info(app: WordleTuiApp) -> str:
    return str(app.screen.query_one("#info", Static).render())


async def until(pilot, done) -> None:
    for _ in range(200):
        await pilot.pause(0.02)
        if done():
            return
    raise AssertionError("the screen never got there")


@pytest.fixture
def gate(monkeypatch) -> threading.Event:
    """The perfect replier's search held until the test sets this event."""
    gate, real = threading.Event(), WordleRound.perfect_reply

    def held(self, word, *args):
        gate.wait(20)
        return real(self, word, *args)

    monkeypatch.setattr(WordleRound, "perfect_reply", held)
    return gate


async def test_keys_wait_for_the_reply_and_the_panel_says_the_bound(tmp_path: Path, gate):
    request = GameRequest("evil", perfect=True, lists=LISTS)
    app = WordleTuiApp(request, history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, WordleScreen) and screen.game.looks_ahead
        assert "Evil Wordle, perfect" in str(screen.query_one("#title", Static).render())
        await pilot.press(*"chimp", "enter")
        await pilot.pause()
        assert screen.thinking == "chimp" and screen.game.rows == []
        await pilot.press("x", "backspace")  # kept for after the reply: nothing changes yet
        assert screen.typed == "chimp" and screen.thinking == "chimp"
        assert screen.waiting == ["x", "backspace"]
        assert "looking ahead at CHIMP" in str(screen.query_one(Note).text)
        assert "Typed meanwhile: X⌫" in str(screen.query_one(Note).text)
        gate.set()
        await until(pilot, lambda: screen.game.rows)
        assert screen.thinking is None and screen.typed == "" and screen.waiting == []
        assert [(r.word, r.reply) for r in screen.game.rows] == [("chimp", "YY...")]
        assert "No one can win this in fewer than 5 guesses" in info(app)
        await pilot.press(*"batch", "enter")
        await until(pilot, lambda: len(screen.game.rows) == 2)
        # HATCH, LATCH and WATCH kept: three more guesses (CHIMP alone tells only HATCH apart)
        assert screen.game.candidates == ["hatch", "latch", "watch"]
        assert "No one can win this in fewer than 5 guesses" in info(app)
    (saved,) = History(tmp_path / "h.sqlite3").unfinished()
    assert saved.game == "evil" and [m[0] for m in saved.moves] == ["chimp", "batch"]


async def test_a_burst_typed_during_the_search_is_played_after_the_reply(tmp_path: Path, gate):
    """CHIMP, Enter, BATCX, Backspace, H, Enter in one burst: both words are played."""
    request = GameRequest("evil", perfect=True, lists=LISTS)
    app = WordleTuiApp(request, history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press(*"chimp", "enter", *"batcx", "backspace", "h", "enter", *"ha")
        assert screen.game.rows == [] and screen.thinking == "chimp"
        assert "Typed meanwhile: BATCX⌫H⏎HA" in str(screen.query_one(Note).text)
        gate.set()
        await until(pilot, lambda: len(screen.game.rows) == 2 and screen.thinking is None)
        assert [r.word for r in screen.game.rows] == ["chimp", "batch"]
        assert screen.typed == "ha" and screen.waiting == []
    (saved,) = History(tmp_path / "h.sqlite3").unfinished()
    assert [m[0] for m in saved.moves] == ["chimp", "batch"]


async def test_keys_after_a_refused_word_wait_for_nothing(tmp_path: Path, gate):
    """A word the round refuses is refused at Enter, with no search: later keys type at once."""
    request = GameRequest("evil", perfect=True, lists=LISTS)
    app = WordleTuiApp(request, history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press(*"zzzzz", "enter")
        assert screen.thinking is None and screen.typed == "zzzzz"
        await pilot.press("backspace")
        assert screen.typed == "zzzz" and screen.waiting == []


async def test_a_new_game_drops_the_reply_still_being_found(tmp_path: Path, gate):
    request = GameRequest("evil", perfect=True, lists=LISTS)
    app = WordleTuiApp(request, history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        left = screen.game
        await pilot.press(*"chimp", "enter", "b", "ctrl+n")
        await pilot.pause()
        assert screen.game is not left and screen.thinking is None and screen.waiting == []
        gate.set()  # the reply to CHIMP arrives for the game left: dropped
        await pilot.pause(0.3)
        assert screen.game.rows == [] and left.rows == [] and screen.typed == ""
        await pilot.press(*"latch", "enter")
        await until(pilot, lambda: screen.game.rows)
        assert screen.game.rows[0].word == "latch"


async def test_the_setting_opens_evil_wordle_against_the_perfect_replier(tmp_path: Path):
    settings = Settings(tmp_path / "settings.json", perfect_evil=True)
    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"), lists=LISTS, settings=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_open("evil")
        await until(pilot, lambda: isinstance(app.screen, WordleScreen))
        assert app.screen.game.looks_ahead
        app.pop_screen()
        await pilot.pause()
        app.action_open("wordle")
        await until(pilot, lambda: isinstance(app.screen, WordleScreen))
        assert not app.screen.game.looks_ahead and not app.screen.request.perfect


async def test_a_game_left_goes_on_against_the_same_replier(tmp_path: Path):
    history = History(tmp_path / "h.sqlite3")
    app = WordleTuiApp(GameRequest("evil", perfect=True, lists=LISTS), history=history)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"chimp", "enter")
        await until(pilot, lambda: app.screen.game.rows)
    (saved,) = history.unfinished()
    assert "perfect" in saved.variant.split(";")  # the replier is kept with the game
    again = WordleTuiApp(GameRequest("evil", perfect=True, lists=LISTS), history=history)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = again.screen.game
        assert game.looks_ahead and [r.word for r in game.rows] == ["chimp"]
        assert "Resumed" in str(again.screen.query_one(Note).text)
    greedy = WordleTuiApp(GameRequest("evil", lists=LISTS), history=history)
    async with greedy.run_test(size=(80, 24)) as pilot:
        await pilot.pause()  # the greedy replier does not take the perfect one's game over
        question = str(greedy.screen.query_one("#confirm-question", Static).render())
        assert "An Evil Wordle game" in question and "the perfect replier" in question
        await pilot.press("y")
        await pilot.pause()
        assert not greedy.screen.game.looks_ahead and greedy.screen.game.rows == []


async def test_the_result_gives_the_games_value_against_the_perfect_replier(tmp_path: Path):
    request = GameRequest("evil", perfect=True, lists=LISTS)
    app = WordleTuiApp(request, history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        for word in ("chimp", "batch", "hatch", "latch", "watch"):
            if screen.game.over:
                break
            rows = len(screen.game.rows)
            await pilot.press(*word, "enter")
            await until(pilot, lambda rows=rows: len(screen.game.rows) > rows)
        assert screen.game.won and len(screen.game.rows) == 5
        await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        best = app.screen.query_one("#best-possible", Static)
        await until(pilot, lambda: "You took" in str(best.render()))
        # the seven -ATCH words with CHIMP: 5 (the brute force of test_minimax.py says so)
        assert "against the perfect replier the best possible is 5: the best possible!" in str(
            best.render()
        )
        await pilot.press("s")  # the solver's play, against the same perfect replier
        solver = app.screen.query_one("#solver", Static)
        await until(pilot, lambda: "needs" in str(solver.render()))
        lines = str(solver.render()).splitlines()
        assert lines[0].startswith("Against the same perfect replier")
        assert lines[-1].endswith("solved") and len(lines) - 1 >= 5  # no one wins in fewer


def test_the_verdict_says_bounds_when_the_value_is_not_settled() -> None:
    from wordle_tui.solver.search.minimax import Value

    assert perfect_verdict(Value(5, 5), 7).endswith("the best possible is 5: 2 more")
    said = perfect_verdict(Value(4, 5), 6)
    assert "no one can win in fewer than 4, and the optimal tree always wins within 5" in said
    assert "not settled" in perfect_verdict(Value(4, None), 6)
