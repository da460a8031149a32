"""Game history in SQLite: finished games, games in progress, and the statistics drawn from them.

Each finished game gets a unique id (`uid`) and is written in one transaction. A game in
progress is saved after every move, in its slot, and resumed the next time that game is opened;
starting a new game instead records the old one as abandoned (a loss). A daily puzzle has a slot
of its own (`wordle;day=N`, see `slot_of`), so it never displaces an ordinary game, nor it; so
has a game that names its own answer (`wordle;fresh`), which is never resumed.

The history never crashes the app and never loses a finished game. Only real corruption moves
the database aside (with its -wal/-shm files, suffix `.corrupt-<time>`) and starts a fresh one.
A lock, a full disk or a missing permission leaves the file alone: results that cannot be
written stay pending in memory and in a journal next to the database (`history-pending.jsonl`)
and are written at the next `record`, at `close()` or at the next start, once each (by uid). A
file that is not ours (a foreign or newer schema) is never written; the session then runs on
an in-memory database. `stats()` and `finished()` always include pending results.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from ..errors import WordleTuiError
from ..paths import data_home, shown
from .file import HistoryFile
from .model import (
    SCORE_EVERY_GAME,
    SavedGame,
    Stats,
    finished_row,
    game_of_slot,
    now,
    slot_of,
    tally,
)
from .notices import Notices, cannot_keep, cannot_read_journal, cannot_save, skipped_lines
from .pending import PendingResults, journal_path
from .queries import finished_rows, progress_row, progress_slots, write_all
from .store import SCHEMA_VERSION, Journal, Trouble, classify, rollback

__all__ = [
    "DB_NAME",
    "SCHEMA_VERSION",
    "SCORE_EVERY_GAME",
    "History",
    "HistoryUnwritable",
    "SavedGame",
    "Stats",
    "cannot_save",
    "journal_path",
    "now",
    "slot_of",
]

DB_NAME = "history.sqlite3"
BUSY_TIMEOUT = 2.0  # seconds to wait for another process's write lock
RETRY_SECONDS = 10.0  # after a failed write, moves do not retry sooner (record always does)


class HistoryUnwritable(WordleTuiError):
    """Games to add that the history file cannot take now (locked, full, not ours, ...)."""


class History:
    """The history database at `path` (default: history.sqlite3 in the data folder).

    `notice` is a message to show once at start (or None). `pop_warning()` returns saving
    trouble that appeared since, once per kind. `pending_count` finished results are not yet
    in the database; `saving_ok` is False while there are any or the file cannot be used.
    """

    def __init__(self, path: Path | None = None, *, timeout: float = BUSY_TIMEOUT) -> None:
        self.path = path or data_home() / DB_NAME
        self.timeout = timeout
        self._notices = Notices()
        self._pending = PendingResults(Journal(journal_path(self.path)))
        self._file = HistoryFile(self.path, timeout, self._notices, self._pending)
        self._retry_after = 0.0
        self._trouble: Trouble | None = None  # why the last write failed
        self._closed = False
        self._file.open()
        unreadable = self._pending.load_journal()
        if unreadable is not None:
            self._notices.say("journal-read", cannot_read_journal(unreadable))
        journal = self._pending.journal
        if journal is not None and journal.skipped:
            self._notices.say("journal-lines", skipped_lines(journal.path, journal.skipped))
        self._flush(force=True)
        self._notices.starting = False

    @property
    def db(self) -> sqlite3.Connection:
        """The connection: the history file, or a stand-in while it cannot be used."""
        return self._file.db

    @property
    def notice(self) -> str | None:
        """A message to show once at start, or None."""
        return self._notices.notice

    @notice.setter
    def notice(self, message: str | None) -> None:
        self._notices.notice = message

    @property
    def journal(self) -> Journal | None:
        """Where results that cannot be written are kept (None: nowhere)."""
        return self._pending.journal

    @journal.setter
    def journal(self, journal: Journal | None) -> None:
        self._pending.journal = journal

    def pop_warning(self) -> str | None:
        """Saving trouble that appeared since the last call (each kind once), or None."""
        return self._notices.pop()

    @property
    def saving_ok(self) -> bool:
        """True if the file is in use and no finished result is waiting to be written."""
        return self._file.writable and not self._pending.rows

    @property
    def pending_count(self) -> int:
        """How many finished results are not yet in the database."""
        return len(self._pending)

    # Writing, and keeping what cannot be written

    def _flush(self, force: bool) -> bool:
        """Write pending results and progress; True if nothing is left to write."""
        if self._pending.empty:
            return True
        if not force and time.monotonic() < self._retry_after:
            return False
        if not self._file.writable and self._file.retry:
            self._file.open()
        if not self._file.writable:
            self._retry_after = time.monotonic() + RETRY_SECONDS
            return False
        try:
            write_all(self._file.db, self._pending.rows.values(), self._pending.progress)
        except sqlite3.Error as error:
            rollback(self._file.db)
            self._trouble = classify(error, self.path)
            self._notices.trouble(self._trouble, self.journal)
            self._retry_after = time.monotonic() + RETRY_SECONDS
            return False
        self._pending.written()
        self._trouble = None
        return True

    def _keep_pending(self) -> None:
        """Append pending results not yet in the journal to it, if it can be written."""
        error = self._pending.keep()
        if error is not None and self.journal is not None:
            self._notices.say("journal", cannot_keep(self.journal.path, error))

    def close(self) -> None:
        """Write what is pending if possible, keep the rest in the journal, and close."""
        if self._closed:
            return
        self._flush(force=True)
        self._keep_pending()
        self._file.db.close()
        self._closed = True

    # Games in progress: one a slot (a game's name, or a daily puzzle's `wordle;day=N`)

    def save_progress(self, saved: SavedGame) -> None:
        """Remember a game in progress (replacing the last one in its slot); never raises."""
        self._pending.progress[slot_of(saved.game, saved.variant)] = saved
        self._flush(force=False)

    def in_progress(self, game: str) -> SavedGame | None:
        """The unfinished game in this slot (a game's name, or `slot_of` a daily puzzle), if
        any (None if it cannot be read)."""
        saved = self._read_progress(game)
        if saved is not None:
            return None if self._rehome(game, saved) else saved
        base = game_of_slot(game)
        older = self._read_progress(base) if base != game else None
        if older is not None and self._rehome(base, older):
            return self._read_progress(game)
        return None

    def _read_progress(self, slot: str) -> SavedGame | None:
        """What the slot holds, pending or stored (None if nothing, or it cannot be read)."""
        if slot in self._pending.progress:
            return self._pending.progress[slot]
        try:
            row = progress_row(self._file.db, slot)
        except sqlite3.Error:
            return None
        if row is None or self._pending.finishes(slot, row[4]):
            return None  # finished already, waiting to be written
        try:
            moves = [tuple(m) for m in json.loads(row[3])]
        except (ValueError, TypeError):
            self.drop_progress(slot)
            return None
        return SavedGame(game_of_slot(row[0]), row[1], row[2], moves, row[4])

    def _rehome(self, slot: str, saved: SavedGame) -> bool:
        """Move a game saved in another's slot (a daily puzzle saved, before dailies had slots
        of their own, in its game's) to its own slot if that is free; True if moved."""
        own = slot_of(saved.game, saved.variant)
        if own == slot or self._read_progress(own) is not None:
            return False
        self._pending.progress[own] = saved
        self._pending.progress[slot] = None
        self._flush(force=False)
        return True

    def unfinished(self) -> list[SavedGame]:
        """Every unfinished game, one a slot (those not yet written included)."""
        try:
            stored = progress_slots(self._file.db)
        except sqlite3.Error:
            stored = []
        slots = dict.fromkeys([*stored, *self._pending.progress])
        found = [self._read_progress(slot) for slot in slots]
        return [saved for saved in found if saved is not None]

    def drop_progress(self, game: str) -> None:
        """Forget the game in progress in this slot (a game's name, or `slot_of`); never raises."""
        self._pending.progress[game] = None
        self._flush(force=False)

    # Finished games

    def record(self, saved: SavedGame, result: str, score: int) -> int:
        """Store a finished game, forget its progress: its row id, or 0 if kept pending."""
        # Never raises for storage faults: a result that cannot be written now stays pending
        # (in memory and in the journal) and is written later, once (by its uid).
        row = finished_row(saved, result, score)
        self._pending.add(row)
        if not self._flush(force=True):
            self._keep_pending()
            return 0
        try:
            query = "SELECT id FROM games WHERE uid = ?"
            found = self._file.db.execute(query, (row["uid"],)).fetchone()
        except sqlite3.Error:
            found = None
        return int(found[0]) if found else 0

    def add_finished(self, games: list[tuple[SavedGame, str, int]]) -> int:
        """Store finished games from elsewhere (an import), all in one transaction or none:
        raise HistoryUnwritable, with nothing written, if the file cannot take them now.

        Results still pending are written first; they are never dropped. Each game's
        `started` is its finishing time too. How many were stored.
        """
        if not self._file.writable and self._file.retry:  # a lock at start may have passed
            self._file.open()
        if not self._flush(force=True) or not self._file.writable:
            raise HistoryUnwritable(self._why_unwritable())
        rows = [finished_row(saved, result, score, saved.started) for saved, result, score in games]
        try:
            write_all(self._file.db, rows, {})
        except sqlite3.Error as error:
            rollback(self._file.db)
            raise HistoryUnwritable(classify(error, self.path).reason) from None
        return len(rows)

    def _why_unwritable(self) -> str:
        """Why the file cannot be written now, in a few words."""
        trouble = self._trouble or self._file.trouble
        if trouble is not None:
            return trouble.reason
        return f"{shown(self.path)} cannot be used now"

    def finished(self, game: str | None = None) -> list[dict]:
        """Finished games, oldest first, including those not yet written."""
        try:
            stored = finished_rows(self._file.db, game, self._file.has_uid)
        except sqlite3.Error:
            stored = []
        seen = {row.pop("uid") for row in stored}
        return stored + self._pending.waiting(game, seen)

    def stats(self, game: str) -> Stats:
        """Played, wins, streaks and the distribution of winning scores for one game."""
        return tally(game, self.finished(game))
