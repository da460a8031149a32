"""Game history in SQLite: finished games, games in progress, and the statistics drawn from them.

Each finished game gets a unique id (`uid`) and is written in one transaction. A game in
progress is saved after every move and resumed the next time that game is opened; starting a
new game instead records the old one as abandoned (a loss).

The history never crashes the app and never loses a finished game. Only real corruption moves
the database aside (with its -wal/-shm files, suffix `.corrupt-<time>`) and starts a fresh one.
A lock, a full disk or a missing permission leaves the file alone: results that cannot be
written stay pending in memory and in a journal next to the database (`history-pending.jsonl`)
and are written at the next `record`, at `close()` or at the next start, once each (by uid). A
file that is not ours (a foreign or newer schema) is never written; the session then runs on
an in-memory database. `stats()` and `finished()` always include pending results.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from pathlib import Path

from .errors import DataDirError
from .history_model import SCORE_EVERY_GAME, SavedGame, Stats, finished_row, now, tally
from .history_store import (
    GAME_COLUMNS,
    SCHEMA_VERSION,
    Journal,
    SchemaError,
    Trouble,
    classify,
    columns,
    connect,
    inspect,
    memory_db,
    open_reader,
    rollback,
    set_aside,
    upgrade,
)
from .paths import data_home, ensure_dir, shown

__all__ = [
    "DB_NAME",
    "GAMES",
    "SCHEMA_VERSION",
    "SCORE_EVERY_GAME",
    "History",
    "SavedGame",
    "Stats",
    "now",
]

DB_NAME = "history.sqlite3"
GAMES = ("wordle", "evil", "antiwordle", "jotto", "jotto-computer", "ghost")
BUSY_TIMEOUT = 2.0  # seconds to wait for another process's write lock
RETRY_SECONDS = 10.0  # after a failed write, moves do not retry sooner (record always does)


def journal_path(path: Path) -> Path:
    """The pending-results journal of the database at `path` (history-pending.jsonl)."""
    return path.with_name(f"{path.stem}-pending.jsonl")


def cannot_save(reason: str, lasting: bool = True) -> str:
    """The warning for results that stay pending because of `reason`.

    `lasting`: whether they can be kept beyond this session (the pending file is writable).
    """
    if not lasting:
        return (
            f"Results cannot be saved ({reason}); they are kept while the app is open, and "
            "saved if the history becomes writable before it closes."
        )
    return (
        f"Results cannot be saved right now ({reason}); "
        "they are kept and will be saved when possible."
    )


class History:
    """The history database at `path` (default: history.sqlite3 in the data folder).

    `notice` is a message to show once at start (or None). `pop_warning()` returns saving
    trouble that appeared since, once per kind. `pending_count` finished results are not yet
    in the database; `saving_ok` is False while there are any or the file cannot be used.
    """

    def __init__(self, path: Path | None = None, *, timeout: float = BUSY_TIMEOUT) -> None:
        self.path = path or data_home() / DB_NAME
        self.timeout = timeout
        self.notice: str | None = None
        self.journal: Journal | None = Journal(journal_path(self.path))
        self.db: sqlite3.Connection = memory_db()
        self._writable = False  # self.db is the file, at the current schema
        self._retry = False  # self.db is a stand-in; try the file again before writing
        self._has_uid = True
        self._pending: dict[str, dict] = {}  # uid -> finished game not yet in the database
        self._journaled: set[str] = set()
        self._progress: dict[str, SavedGame | None] = {}  # unsaved progress (None: dropped)
        self._said: set[str] = set()
        self._warnings: list[str] = []
        self._starting = True
        self._moved_aside = False
        self._retry_after = 0.0
        self._closed = False
        self._open()
        self._load_journal()
        self._flush(force=True)
        self._starting = False

    # Opening

    def _open(self) -> None:
        """Connect to the file, or to a stand-in that keeps the app playing."""
        self.db.close()
        try:
            ensure_dir(self.path.parent, "data folder")
        except DataDirError as error:
            self.journal = None
            self._say("datadir", f"{error} Results of this session cannot be saved.")
            return self._stand_in(memory_db(), retry=False)
        try:
            db = connect(self.path, self.timeout)
        except sqlite3.Error as error:
            return self._fault(None, error)
        try:
            layout = inspect(db)
            self.db, self._has_uid = db, layout.has_uid  # readable from here on
            upgrade(db, layout)
        except SchemaError as error:
            db.close()
            self._foreign(error)
        except sqlite3.Error as error:
            self._fault(db, error)
        else:
            self._writable, self._retry, self._has_uid = True, False, True

    def _stand_in(self, db: sqlite3.Connection, retry: bool, has_uid: bool = True) -> None:
        if db is not self.db:
            self.db.close()
        self.db, self._writable, self._retry, self._has_uid = db, False, retry, has_uid

    def _fault(self, db: sqlite3.Connection | None, error: sqlite3.Error) -> None:
        """Opening failed: set a damaged file aside, or read what can be read and retry later."""
        trouble = classify(error, self.path)
        if trouble.kind == "corrupt":
            return self._set_aside(db, error)
        if db is not None and db is self.db:  # ours and readable, but not writable now
            self._stand_in(db, retry=True, has_uid=self._has_uid)
        else:
            if db is not None:
                db.close()
            reader = None
            if trouble.kind in ("readonly", "permission"):
                reader = open_reader(self.path, self.timeout)
            has_uid = reader is None or "uid" in columns(reader, "games")
            self._stand_in(reader or memory_db(), retry=True, has_uid=has_uid)
        if trouble.kind != "locked":  # a lock usually passes before the next write
            self._trouble(trouble)

    def _set_aside(self, db: sqlite3.Connection | None, error: sqlite3.Error) -> None:
        """Move a damaged database (and its -wal/-shm) aside and start a fresh one."""
        try:
            if self._moved_aside:
                raise OSError("a fresh database was damaged too")
            moved = set_aside(self.path, db)
        except OSError as failure:
            if db is not None:
                db.close()
            self._say(
                "corrupt",
                f"The game history {shown(self.path)} is damaged ({error}) and could not be "
                f"moved aside ({failure}). {self._kept_where()}",
            )
            return self._stand_in(memory_db(), retry=False)
        self._moved_aside = True
        self._say(
            "corrupt",
            f"The game history could not be read ({error}); it was moved to {shown(moved)} "
            "and a new one started.",
        )
        self._open()

    def _foreign(self, error: SchemaError) -> None:
        """A file that is not ours: leave it untouched and play on an in-memory database."""
        if error.kind == "newer":
            why = f"was written by a newer wordle-tui ({error})"
        else:
            why = f"is not a wordle-tui history ({error})"
        self._say(
            error.kind, f"{shown(self.path)} {why}; it was left untouched. {self._kept_where()}"
        )
        self._stand_in(memory_db(), retry=False)

    def _kept_where(self) -> str:
        if self.journal is None:
            return "Results of this session cannot be saved."
        return (
            f"Results of this session are kept in {shown(self.journal.path)} and added to "
            "the history when it can be used."
        )

    # Trouble reports

    def _say(self, kind: str, message: str) -> None:
        """Report `message` once per kind: in `notice` while starting, else via pop_warning."""
        if kind in self._said:
            return
        self._said.add(kind)
        if self._starting:
            self.notice = f"{self.notice} {message}" if self.notice else message
        else:
            self._warnings.append(message)

    def _trouble(self, trouble: Trouble) -> None:
        lasting = self.journal is not None and os.access(self.journal.path.parent, os.W_OK)
        if not lasting:
            self._said.add("journal")  # said here: no second, contradicting warning later
        self._say(trouble.kind, cannot_save(trouble.reason, lasting))

    def pop_warning(self) -> str | None:
        """Saving trouble that appeared since the last call (each kind once), or None."""
        if not self._warnings:
            return None
        message = " ".join(self._warnings)
        self._warnings.clear()
        return message

    @property
    def saving_ok(self) -> bool:
        """True if the file is in use and no finished result is waiting to be written."""
        return self._writable and not self._pending

    @property
    def pending_count(self) -> int:
        """How many finished results are not yet in the database."""
        return len(self._pending)

    # Writing, and keeping what cannot be written

    def _flush(self, force: bool) -> bool:
        """Write pending results and progress; True if nothing is left to write."""
        if not self._pending and not self._progress:
            return True
        if not force and time.monotonic() < self._retry_after:
            return False
        if not self._writable and self._retry:
            self._open()
        if not self._writable:
            self._retry_after = time.monotonic() + RETRY_SECONDS
            return False
        try:
            self._write()
        except sqlite3.Error as error:
            rollback(self.db)
            self._trouble(classify(error, self.path))
            self._retry_after = time.monotonic() + RETRY_SECONDS
            return False
        saved = set(self._pending)
        self._pending.clear()
        self._progress.clear()
        self._prune_journal(saved)
        return True

    def _write(self) -> None:
        """Pending results, then the latest progress of each game, in one transaction."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        names = ", ".join(("uid", *GAME_COLUMNS))
        for row in self._pending.values():
            db.execute(
                f"INSERT OR IGNORE INTO games ({names}) VALUES ({', '.join('?' * 9)})",
                (row["uid"], *(row[key] for key in GAME_COLUMNS)),
            )
            db.execute(  # that very game is over: never offer to resume it
                "DELETE FROM in_progress WHERE game = ? AND started = ?",
                (row["game"], row["started"]),
            )
        for game, saved in self._progress.items():
            if saved is None:
                db.execute("DELETE FROM in_progress WHERE game = ?", (game,))
            else:
                db.execute(
                    "INSERT OR REPLACE INTO in_progress (game, variant, target, moves, started) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (
                        saved.game,
                        saved.variant,
                        saved.target,
                        json.dumps(saved.moves),
                        saved.started,
                    ),
                )
        db.execute("COMMIT")

    def _load_journal(self) -> None:
        """Take up results a previous session could not write."""
        if self.journal is None:
            return
        for row in self.journal.load():
            self._pending.setdefault(row["uid"], row)
            self._journaled.add(row["uid"])

    def _keep_pending(self) -> None:
        """Append pending results not yet in the journal to it, if it can be written."""
        rows = [row for uid, row in self._pending.items() if uid not in self._journaled]
        if not rows or self.journal is None:
            return
        try:
            self.journal.append(rows)
        except OSError as error:
            self._say(
                "journal",
                f"Results cannot be kept after the app closes ({shown(self.journal.path)} "
                f"cannot be written: {error.strerror or error}); they are saved if the history "
                "can be written before then.",
            )
            return
        self._journaled.update(row["uid"] for row in rows)

    def _prune_journal(self, saved: set[str]) -> None:
        if self.journal is None:
            return
        with contextlib.suppress(OSError):  # if not, importing them again is harmless (uid)
            self.journal.prune(saved)
        self._journaled -= saved

    def close(self) -> None:
        """Write what is pending if possible, keep the rest in the journal, and close."""
        if self._closed:
            return
        self._flush(force=True)
        self._keep_pending()
        self.db.close()
        self._closed = True

    # Games in progress

    def save_progress(self, saved: SavedGame) -> None:
        """Remember a game in progress (replacing the last one of that game); never raises."""
        self._progress[saved.game] = saved
        self._flush(force=False)

    def in_progress(self, game: str) -> SavedGame | None:
        """The unfinished game of this kind, if any (None if it cannot be read)."""
        if game in self._progress:
            return self._progress[game]
        try:
            row = self.db.execute(
                "SELECT game, variant, target, moves, started FROM in_progress WHERE game = ?",
                (game,),
            ).fetchone()
        except sqlite3.Error:
            return None
        if row is None or any(
            p["game"] == game and p["started"] == row[4] for p in self._pending.values()
        ):
            return None  # finished already, waiting to be written
        try:
            moves = [tuple(m) for m in json.loads(row[3])]
        except (ValueError, TypeError):
            self.drop_progress(game)
            return None
        return SavedGame(row[0], row[1], row[2], moves, row[4])

    def drop_progress(self, game: str) -> None:
        """Forget the game in progress of this kind; never raises."""
        self._progress[game] = None
        self._flush(force=False)

    # Finished games

    def record(self, saved: SavedGame, result: str, score: int) -> int:
        """Store a finished game, forget its progress: its row id, or 0 if kept pending."""
        # Never raises for storage faults: a result that cannot be written now stays pending
        # (in memory and in the journal) and is written later, once (by its uid).
        row = finished_row(saved, result, score)
        uid = row["uid"]
        self._pending[uid] = row
        self._progress[saved.game] = None
        if not self._flush(force=True):
            self._keep_pending()
            return 0
        try:
            found = self.db.execute("SELECT id FROM games WHERE uid = ?", (uid,)).fetchone()
        except sqlite3.Error:
            found = None
        return int(found[0]) if found else 0

    def finished(self, game: str | None = None) -> list[dict]:
        """Finished games, oldest first, including those not yet written."""
        stored = self._stored(game)
        seen = {row.pop("uid") for row in stored}
        waiting = [
            {key: row[key] for key in GAME_COLUMNS}
            for row in self._pending.values()
            if (not game or row["game"] == game) and row["uid"] not in seen
        ]
        return stored + waiting

    def _stored(self, game: str | None) -> list[dict]:
        """Finished games in the database (with their uid); [] if it cannot be read."""
        uid = "uid" if self._has_uid else "NULL"
        query = f"SELECT {uid}, {', '.join(GAME_COLUMNS)} FROM games"
        args: tuple = ()
        if game:
            query += " WHERE game = ?"
            args = (game,)
        try:
            rows = self.db.execute(query + " ORDER BY id", args).fetchall()
        except sqlite3.Error:
            return []
        return [dict(zip(("uid", *GAME_COLUMNS), row, strict=True)) for row in rows]

    def stats(self, game: str) -> Stats:
        """Played, wins, streaks and the distribution of winning scores for one game."""
        return tally(game, self.finished(game))
