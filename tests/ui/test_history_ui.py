"""The app over a history that cannot be written: the winning move works and the win is kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from textual.widgets import Static

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.result import ResultScreen

SIZE = (80, 24)


def messages(app: WordleTuiApp) -> str:
    return " ".join(n.message for n in app._notifications)


async def test_a_win_while_the_database_is_locked_is_shown_kept_and_saved_later(
    tmp_path: Path,
) -> None:
    path = tmp_path / "history.sqlite3"
    history = History(path, timeout=0.05)
    app = WordleTuiApp(GameRequest("wordle", target="hello"), history=history)
    locker = sqlite3.connect(path, isolation_level=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        locker.execute("BEGIN EXCLUSIVE")
        await pilot.press(*"hates", "enter", *"hello", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert "You found HELLO in 2/6" in str(app.screen.query_one("#headline", Static).render())
        assert "Played 1 · win 100% · streak 1" in str(
            app.screen.query_one("#stats-line", Static).render()
        )
        assert "cannot be saved" in messages(app)
        locker.execute("ROLLBACK")
    locker.close()
    assert history.pending_count == 1
    history.close()
    rows = History(path).finished("wordle")
    assert [(r["target"], r["result"], r["score"]) for r in rows] == [("hello", "won", 2)]


def fill_up(history: History) -> None:
    """Make the database "full": cap its size, then fill its free space with rows of another
    game (a real SQLITE_FULL for the next finished Wordle game)."""
    db = history.db
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages + 2}")
    insert = (
        "INSERT INTO games (game, variant, target, moves, result, score, started, finished, uid)"
        " VALUES ('jotto', '', 'south', '[]', 'won', 3, 'x', 'x', ?)"
    )
    try:
        for n in range(100_000):
            db.execute(insert, (f"filler-{n}",))
            db.commit()
    except sqlite3.OperationalError as error:
        assert "full" in str(error)
    db.rollback()


async def test_a_win_on_a_full_disk_keeps_playing_says_so_once_and_keeps_the_win(
    tmp_path: Path,
) -> None:
    history = History(tmp_path / "history.sqlite3", timeout=0.05)
    app = WordleTuiApp(GameRequest("wordle", target="hello"), history=history)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        fill_up(history)
        for word in ("hates", "lolly", "hello"):
            await pilot.press(*word, "enter")
            await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert "Played 1 · win 100%" in str(app.screen.query_one("#stats-line", Static).render())
        assert messages(app).count("disk is full") == 1  # said once, not on every move
        assert history.pending_count == 1
