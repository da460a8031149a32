"""The history under real faults: a lock, a full disk, a read-only folder, corruption, a
foreign or newer schema, an unusable data folder. No finished game is lost or written twice,
and nothing raises."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from wordle_tui.errors import DataDirError
from wordle_tui.history import History, SavedGame
from wordle_tui.history.store import Journal

FAST = 0.05  # busy timeout for tests, in seconds
ROOT = Path(__file__).resolve().parents[2]
V1_SCHEMA = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY, game TEXT NOT NULL, variant TEXT NOT NULL DEFAULT '', target TEXT,
    moves TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'abandoned')),
    score INTEGER NOT NULL, started TEXT NOT NULL, finished TEXT NOT NULL
);
CREATE TABLE in_progress (
    game TEXT PRIMARY KEY, variant TEXT NOT NULL DEFAULT '', target TEXT, moves TEXT NOT NULL,
    started TEXT NOT NULL
);
PRAGMA user_version = 1;
"""


def saved(started: str = "2026-11-22T10:00:00", game: str = "wordle", moves=None) -> SavedGame:
    moves = moves if moves is not None else [("crane", "....."), ("hello", "GGGGG")]
    return SavedGame(game, "normal", "hello", [tuple(m) for m in moves], started)


def stored(path: Path) -> list[tuple]:
    """(uid, started, result, score) of every stored game, read by a separate connection."""
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT uid, started, result, score FROM games ORDER BY id").fetchall()
    finally:
        db.close()


def journal_of(path: Path) -> Path:
    return path.with_name(f"{path.stem}-pending.jsonl")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Another connection holds the write lock (as another process would)."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def fill_disk(history: History) -> int:
    """Cap the file at its size ("disk full"); record until a result is kept pending."""
    pages = history.db.execute("PRAGMA page_count").fetchone()[0]
    history.db.execute(f"PRAGMA max_page_count = {pages}")
    for written in range(500):
        if history.record(saved(f"fill-{written}"), "won", 2) == 0:
            return written
    raise AssertionError("the capped database never filled up")


def free_disk(history: History) -> None:
    history.db.execute("PRAGMA max_page_count = 1073741823")


# A lock held by another process


def test_a_locked_database_keeps_the_win_pending_and_writes_it_once(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    history = History(path, timeout=FAST)
    assert history.record(saved("a"), "won", 3) > 0
    with locked(path):
        assert history.record(saved("b"), "won", 4) == 0
        assert (history.pending_count, history.saving_ok) == (1, False)
        stats = history.stats("wordle")
        assert (stats.played, stats.current_streak, stats.last_score) == (2, 2, 4)
        assert history.finished("wordle")[-1]["started"] == "b"
        warning = history.pop_warning()
        assert warning and "cannot be saved" in warning and "locked" in warning
        assert history.pop_warning() is None
        assert len(journal_of(path).read_text().splitlines()) == 1
        assert history.record(saved("c"), "won", 5) == 0  # still locked: no second warning
        assert history.pop_warning() is None
    assert history.record(saved("d"), "lost", 6) > 0
    assert [row[1] for row in stored(path)] == ["a", "b", "c", "d"]
    assert len({row[0] for row in stored(path)}) == 4
    assert (history.pending_count, history.saving_ok) == (0, True)
    assert not journal_of(path).exists()
    assert not list(tmp_path.glob("*.corrupt-*"))
    history.close()
    assert History(path).stats("wordle").played == 4


def test_a_result_pending_behind_a_lock_is_written_by_close(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    history = History(path, timeout=FAST)
    with locked(path):
        assert history.record(saved("a"), "won", 3) == 0
    history.close()
    assert [row[1] for row in stored(path)] == ["a"]
    assert not journal_of(path).exists()


def test_the_journal_is_imported_at_the_next_start_exactly_once(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    history = History(path, timeout=FAST)
    with locked(path):
        history.record(saved("a"), "won", 3)
        history.record(saved("b"), "lost", 6)
        history.close()  # still locked: the results stay in the journal
        journal = journal_of(path).read_text()
        assert len(journal.splitlines()) == 2
        assert History(path, timeout=FAST).stats("wordle").played == 2  # read from the journal
    assert History(path).pending_count == 0
    assert [row[1] for row in stored(path)] == ["a", "b"]
    assert not journal_of(path).exists()
    journal_of(path).write_text(journal + journal)  # imported again (say, a crash before delete)
    again = History(path)
    assert len(stored(path)) == 2 and again.stats("wordle").played == 2
    assert not journal_of(path).exists()


def test_a_game_won_while_locked_is_not_offered_for_resume(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    history = History(path, timeout=FAST)
    history.save_progress(saved("a", moves=[("crane", ".....")]))
    with locked(path):
        assert history.record(saved("a"), "won", 2) == 0
        assert history.in_progress("wordle") is None
        assert History(path, timeout=FAST).in_progress("wordle") is None  # another process
        history.close()
    reopened = History(path)
    assert reopened.in_progress("wordle") is None
    assert reopened.stats("wordle").wins == 1


def test_progress_saved_behind_a_lock_is_kept_and_written_later(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    history = History(path, timeout=FAST)
    with locked(path):
        history.save_progress(saved("a", moves=[("crane", ".....")]))
        history.drop_progress("jotto")
        resumed = history.in_progress("wordle")
        assert resumed is not None and resumed.moves == [("crane", ".....")]
    history.close()
    resumed = History(path).in_progress("wordle")
    assert resumed is not None and resumed.started == "a"


def test_two_histories_on_one_file_write_concurrently(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    History(path).close()
    errors: list[BaseException] = []

    def play(name: str) -> None:
        try:
            history = History(path)
            for i in range(10):
                history.save_progress(saved(f"{name}{i}", moves=[("crane", ".....")]))
                assert history.record(saved(f"{name}{i}"), "won", 3) > 0
            history.close()
        except BaseException as error:  # reported below, in the test's thread
            errors.append(error)

    threads = [threading.Thread(target=play, args=(name,)) for name in "xy"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert len(stored(path)) == 20 and len({row[0] for row in stored(path)}) == 20
    one, two = History(path), History(path)
    one.record(saved("z1"), "lost", 6)
    two.record(saved("z2"), "won", 1)
    assert one.stats("wordle").played == two.stats("wordle").played == 22


# A full disk


def test_a_full_disk_keeps_results_pending_until_space_returns(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    history = History(path, timeout=FAST)
    written = fill_disk(history)
    for i in range(30):
        assert history.record(saved(f"full-{i}"), "won", 3) == 0
    assert history.pending_count == 31 and not history.saving_ok
    stats = history.stats("wordle")
    assert (stats.played, stats.current_streak) == (written + 31, written + 31)
    warning = history.pop_warning()
    assert warning and "disk is full" in warning
    assert len(journal_of(path).read_text().splitlines()) == 31
    assert not list(tmp_path.glob("*.corrupt-*"))
    free_disk(history)
    assert history.record(saved("after"), "won", 4) > 0
    rows = stored(path)
    assert len(rows) == written + 32 and len({row[0] for row in rows}) == written + 32
    assert history.pending_count == 0 and not journal_of(path).exists()


def test_31_games_recorded_on_a_full_disk_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    history = History(path, timeout=FAST)
    written = fill_disk(history)
    for i in range(30):
        history.record(saved(f"full-{i}"), "won", 3)
    history.close()  # still full: all 31 go to the journal
    assert len(stored(path)) == written
    reopened = History(path)  # space is back (the cap was the old connection's)
    assert reopened.pending_count == 0
    assert len(stored(path)) == written + 31 and reopened.stats("wordle").played == written + 31
    assert not journal_of(path).exists()


# Corruption, and files that are not ours


def test_garbage_is_moved_aside_with_its_wal_and_shm(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    Path(f"{path}-wal").write_bytes(b"old wal")
    Path(f"{path}-shm").write_bytes(b"old shm")
    history = History(path)
    moved = list(tmp_path.glob("h.sqlite3.corrupt-*"))
    main = [m for m in moved if not m.name.endswith(("-wal", "-shm"))]
    assert len(moved) == 3 and len(main) == 1
    assert Path(f"{main[0]}-wal").read_bytes() == b"old wal"
    assert Path(f"{main[0]}-shm").exists()  # an index SQLite rebuilds: its bytes may change
    assert history.notice and str(main[0]) in history.notice
    assert history.record(saved(), "won", 3) > 0 and history.stats("wordle").played == 1


def test_a_truncated_database_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    history = History(path)
    history.record(saved("first"), "won", 3)
    with history.db:
        history.db.execute("BEGIN")
        history.db.executemany(
            "INSERT INTO games (game, moves, result, score, started, finished, uid) "
            "VALUES ('wordle', ?, 'won', 3, 's', 'f', ?)",
            [("x" * 200, f"{i:032x}") for i in range(300)],
        )
        history.db.execute("COMMIT")
    history.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    reopened = History(path)
    assert reopened.notice and "moved to" in reopened.notice
    assert "malformed" in reopened.notice
    moved = list(tmp_path.glob("h.sqlite3.corrupt-*"))
    assert len([m for m in moved if not m.name.endswith(("-wal", "-shm"))]) == 1
    assert reopened.record(saved(), "won", 3) > 0 and reopened.stats("wordle").played == 1


FOREIGN = {
    "games table without our columns": "CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT);"
    "INSERT INTO games (name) VALUES ('chess');",
    "other tables only": "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hi');",
    "newer schema": "CREATE TABLE games (x); PRAGMA user_version = 99;",
}


@pytest.mark.parametrize("script", FOREIGN.values(), ids=FOREIGN.keys())
def test_a_file_that_is_not_ours_is_left_untouched(tmp_path: Path, script: str) -> None:
    path = tmp_path / "h.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(script)
    db.close()
    before = sha256(path)
    history = History(path, timeout=FAST)
    assert history.notice and "untouched" in history.notice
    assert ("newer" if "99" in script else "not a wordle-tui history") in history.notice
    history.save_progress(saved("a", moves=[("crane", ".....")]))
    assert history.in_progress("wordle") is not None  # the session plays on in memory
    assert history.record(saved("a"), "won", 3) == 0
    assert history.stats("wordle").wins == 1 and not history.saving_ok
    history.close()
    second = History(path, timeout=FAST)
    second.record(saved("b"), "won", 4)
    assert second.stats("wordle").played == 2  # the first session's result, from the journal
    second.close()
    assert sha256(path) == before
    assert not list(tmp_path.glob("h.sqlite3-*")) and not list(tmp_path.glob("*.corrupt-*"))
    path.unlink()  # the user moves the file away: the journal is imported
    assert History(path).pending_count == 0
    assert [row[1] for row in stored(path)] == ["a", "b"]
    assert not journal_of(path).exists()


def test_a_version_1_file_is_migrated_keeping_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(V1_SCHEMA)
    db.executemany(
        "INSERT INTO games (game, variant, target, moves, result, score, started, finished) "
        "VALUES ('wordle', 'normal', 'hello', '[]', ?, ?, ?, 'f')",
        [("won", 3, "a"), ("lost", 6, "b")],
    )
    db.execute("INSERT INTO in_progress VALUES ('wordle', 'normal', 'hello', '[]', 'c')")
    db.commit()
    db.close()
    history = History(path)
    assert history.notice is None
    assert history.db.execute("PRAGMA user_version").fetchone()[0] == 2
    assert history.in_progress("wordle") is not None
    history.record(saved("c"), "won", 4)
    rows = stored(path)
    assert [row[1:] for row in rows] == [("a", "won", 3), ("b", "lost", 6), ("c", "won", 4)]
    assert all(row[0] for row in rows) and len({row[0] for row in rows}) == 3
    with pytest.raises(sqlite3.IntegrityError):
        history.db.execute("UPDATE games SET uid = ? WHERE started = 'a'", (rows[1][0],))


# An unusable data folder


def test_a_file_in_place_of_the_data_folder(tmp_path: Path, monkeypatch) -> None:
    from wordle_tui import paths

    blocker = tmp_path / "home"
    blocker.write_text("not a folder")
    for home in (blocker, blocker / "deeper"):
        monkeypatch.setenv(paths.HOME_VARIABLE, str(home))
        for make in (paths.data_dir, paths.cache_dir):
            with pytest.raises(DataDirError) as caught:
                make()
            message = str(caught.value)
            assert "\n" not in message and str(blocker) in message and "not a folder" in message
        history = History()
        assert history.notice and str(home) in history.notice
        assert history.record(saved(), "won", 3) == 0
        assert history.stats("wordle").wins == 1 and history.pending_count == 1
        history.close()
    assert blocker.read_text() == "not a folder"


def test_a_blank_home_variable_counts_as_not_set(monkeypatch) -> None:
    from wordle_tui import paths

    monkeypatch.setenv(paths.HOME_VARIABLE, "  ")
    assert paths.home_override() is None
    assert paths.data_home().name == paths.APP


def test_a_journal_with_a_torn_line_still_loads_and_appends(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    journal = Journal(tmp_path / "j.jsonl")
    row = {
        "uid": "a" * 32,
        "game": "wordle",
        "variant": "normal",
        "target": "hello",
        "moves": "[]",
        "result": "won",
        "score": 3,
        "started": "s",
        "finished": "f",
    }
    journal.path.write_text(json.dumps(row) + "\n" + json.dumps(row)[:40])
    journal.append([{**row, "uid": "b" * 32}])
    assert [r["uid"] for r in journal.load()] == ["a" * 32, "b" * 32]
    journal.prune({"a" * 32})
    assert [r["uid"] for r in journal.load()] == ["b" * 32]
    history.close()


# A read-only data folder (as another user when running as root, since root ignores modes)

READ_ONLY_SCRIPT = r"""
import json, os, sys
from pathlib import Path
from wordle_tui import paths  # imported first: the interpreter may be where nobody can read
from wordle_tui.errors import DataDirError
from wordle_tui.history import History, SavedGame
if os.geteuid() == 0:
    try:
        os.setgroups([])
        os.setgid(65534)
        os.setuid(65534)
    except OSError as error:
        print(json.dumps({"skip": f"cannot drop root privileges: {error}"}))
        sys.exit(0)

base, out = Path(sys.argv[1]), {}
for name in ("empty", "existing"):
    os.environ[paths.HOME_VARIABLE] = str(base / name)
    history = History(timeout=0.05)
    game = SavedGame("wordle", "normal", "hello", [("hello", "GGGGG")], "ro")
    history.save_progress(game)
    out[name] = {
        "notice": history.notice,
        "resumed": history.in_progress("wordle") is not None,
        "id": history.record(game, "won", 1),
        "warning": history.pop_warning(),
        "played": history.stats("wordle").played,
        "pending": history.pending_count,
        "ok": history.saving_ok,
    }
    history.close()
try:
    paths.ensure_dir(base / "empty" / "sub")
except DataDirError as error:
    out["mkdir"] = str(error)
print(json.dumps(out))
"""


def test_a_read_only_data_folder_still_plays() -> None:
    base = Path(tempfile.mkdtemp(prefix="wordle-tui-ro-"))
    try:
        (base / "empty").mkdir()
        (base / "existing").mkdir()
        earlier = History(base / "existing" / "history.sqlite3")
        earlier.record(saved("before"), "won", 3)
        earlier.close()
        # made private (0600); opened here for the other user who runs the script, as root
        (base / "existing" / "history.sqlite3").chmod(0o644)
        for folder in (base / "empty", base / "existing"):
            folder.chmod(0o555)
        base.chmod(0o755)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
        run = subprocess.run(
            [sys.executable, "-c", READ_ONLY_SCRIPT, str(base)],
            capture_output=True,
            text=True,
            env=env,
            cwd="/",
            timeout=60,
        )
        assert run.returncode == 0, run.stderr
        out = json.loads(run.stdout)
        if "skip" in out:
            pytest.skip(out["skip"])
    finally:
        for folder in (base / "empty", base / "existing"):
            folder.chmod(0o755)
        shutil.rmtree(base)
    for name, played in (("empty", 1), ("existing", 2)):
        seen = out[name]
        said = (seen["notice"] or "") + " " + (seen["warning"] or "")
        assert "cannot be saved" in said
        assert "will be saved when possible" not in said  # nothing can be kept past the session
        assert seen["resumed"] and seen["id"] == 0 and seen["pending"] == 1 and not seen["ok"]
        assert seen["played"] == played  # the earlier game is still read
    assert "permission denied" in out["mkdir"] and "\n" not in out["mkdir"]
