"""The SQLite history: finished games, streaks, games in progress, and a damaged file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from wordle_tui.history import History, SavedGame


def saved(game: str = "wordle", moves=(("crane", "....."),), target: str = "hello") -> SavedGame:
    return SavedGame(game, "normal", target, [tuple(m) for m in moves], "2026-11-22T10:00:00")


def test_stats_count_wins_streaks_and_distribution(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    for result, score in [("won", 4), ("won", 3), ("lost", 6), ("won", 4), ("won", 5)]:
        history.record(saved(), result, score)
    stats = history.stats("wordle")
    assert (stats.played, stats.wins, stats.win_percent) == (5, 4, 80)
    assert (stats.current_streak, stats.max_streak) == (2, 2)
    assert stats.distribution == {3: 1, 4: 2, 5: 1}
    assert (stats.last_score, stats.last_won) == (5, True)
    assert history.stats("jotto").played == 0


def test_antiwordle_distribution_counts_every_finished_game(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    history.record(saved("antiwordle"), "lost", 4)
    history.record(saved("antiwordle"), "won", 8)
    history.record(saved("antiwordle"), "abandoned", 2)
    assert history.stats("antiwordle").distribution == {4: 1, 8: 1}


def test_finished_games_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    History(path).record(saved(moves=[("crane", "....."), ("hello", "GGGGG")]), "won", 2)
    games = History(path).finished("wordle")
    assert len(games) == 1 and games[0]["target"] == "hello" and games[0]["score"] == 2


def test_progress_is_saved_resumed_and_cleared_by_recording(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    history.save_progress(saved(moves=[("crane", ".....")]))
    history.save_progress(saved(moves=[("crane", "....."), ("dumpy", ".....")]))
    resumed = History(tmp_path / "h.sqlite3").in_progress("wordle")
    assert resumed is not None and resumed.moves == [("crane", "....."), ("dumpy", ".....")]
    history.record(resumed, "abandoned", 2)
    assert history.in_progress("wordle") is None
    assert history.stats("wordle").current_streak == 0


def test_a_corrupt_database_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    history = History(path)
    assert history.notice is not None and "moved to" in history.notice
    assert list(tmp_path.glob("h.sqlite3.corrupt-*"))
    history.record(saved(), "won", 3)
    assert history.stats("wordle").played == 1


def test_a_database_from_a_newer_version_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=99")
    db.close()
    before = path.read_bytes()
    history = History(path)
    assert history.notice and "newer" in history.notice and "untouched" in history.notice
    assert not list(tmp_path.glob("h.sqlite3.corrupt-*"))
    history.record(saved(), "won", 3)
    history.close()
    assert path.read_bytes() == before


def test_bad_progress_json_is_dropped(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    with history.db:
        history.db.execute(
            "INSERT INTO in_progress VALUES ('wordle', '', 'hello', 'not json', 'x')"
        )
    assert history.in_progress("wordle") is None
