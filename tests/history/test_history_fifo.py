"""A FIFO, a device or an oversized file where the history keeps its files: refused at once,
said in one notice, left untouched; the app and `stats` start, and no finished game is lost."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from wordle_tui.files import FileProblem
from wordle_tui.history import History, SavedGame
from wordle_tui.history import store as history_store
from wordle_tui.history.store import Journal

FAST = 0.05
GAME = SavedGame("wordle", "normal", "hello", [("crane", "....."), ("hello", "GGGGG")], "t0")


def without_hanging(work):
    """`work()` run in a thread: a hang fails the test instead of stalling the run (a
    connection is used in the thread that made it, so the whole check runs there)."""
    found: list = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            found.append(work())
        except BaseException as error:  # re-raised in the test's thread
            errors.append(error)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(30)
    assert not worker.is_alive(), "the history hung"
    if errors:
        raise errors[0]
    return found[0]


def test_a_fifo_journal_is_refused_at_once_and_left_alone(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "history-pending.jsonl")
    os.mkfifo(journal.path)
    with pytest.raises(FileProblem, match="named pipe"):
        journal.load()
    with pytest.raises(FileProblem, match="named pipe"):
        journal.append([{"uid": "x"}])
    with pytest.raises(FileProblem):
        journal.prune({"x"})
    assert journal.path.is_fifo()


def test_a_journal_that_is_a_device_or_too_big_is_refused(tmp_path: Path, monkeypatch) -> None:
    device = Journal(tmp_path / "zero.jsonl")
    device.path.symlink_to("/dev/zero")
    with pytest.raises(FileProblem, match="a device"):
        device.load()
    big = Journal(tmp_path / "big.jsonl")
    big.path.write_bytes(b"{}\n" * 100)
    monkeypatch.setattr(history_store, "MAX_JOURNAL_BYTES", 99)
    with pytest.raises(FileProblem, match="too big"):
        big.load()
    assert Journal(tmp_path / "missing.jsonl").load() == []


def test_the_history_opens_past_a_fifo_journal_and_records_into_the_database(
    tmp_path: Path,
) -> None:
    path = tmp_path / "history.sqlite3"
    os.mkfifo(tmp_path / "history-pending.jsonl")

    def play() -> tuple[str | None, int]:
        history = History(path, timeout=FAST)
        row = history.record(GAME, "won", 2)
        history.close()
        return history.notice, row

    notice, row = without_hanging(play)
    assert "could not be read" in notice and "named pipe" in notice and row > 0
    assert (tmp_path / "history-pending.jsonl").is_fifo()
    assert len(History(path).finished("wordle")) == 1


def test_a_fifo_in_place_of_the_database_keeps_results_in_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    os.mkfifo(path)

    def play() -> str | None:
        history = History(path, timeout=FAST)
        history.record(GAME, "won", 2)
        history.close()
        return history.notice

    assert without_hanging(play).startswith(f"{path} is a named pipe (FIFO), not the history")
    assert path.is_fifo()
    kept = Journal(tmp_path / "history-pending.jsonl").load()
    assert [row["target"] for row in kept] == ["hello"]


def test_stats_starts_with_a_fifo_journal_in_the_data_folder(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "history-pending.jsonl")
    done = subprocess.run(
        [sys.executable, "-m", "wordle_tui", "stats"],
        env={**os.environ, "WORDLE_TUI_HOME": str(tmp_path)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "named pipe" in done.stderr and "Traceback" not in done.stderr
