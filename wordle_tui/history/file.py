"""The history's connection: the file if it can be used, else a stand-in that keeps the app playing.

Only real corruption moves the file aside (once a session); a file that is not ours is left
untouched; a lock, a full disk or a missing permission leaves a stand-in that retries later.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from ..errors import DataDirError
from ..files import keep_private, regular_or_absent
from ..paths import ensure_dir
from .notices import Notices, damaged, moved_aside, not_a_file, not_ours
from .pending import PendingResults
from .store import (
    COMPANIONS,
    SchemaError,
    Trouble,
    classify,
    columns,
    connect,
    inspect,
    memory_db,
    open_reader,
    set_aside,
    upgrade,
)


class HistoryFile:
    """The connection `db`: `writable` if it is the file at the current schema.

    `retry`: `db` is a stand-in; try the file again before writing. Trouble is reported to
    `notices`; `pending` gives the journal (dropped if the data folder cannot be made).
    """

    def __init__(
        self, path: Path, timeout: float, notices: Notices, pending: PendingResults
    ) -> None:
        self.path = path
        self.timeout = timeout
        self.db: sqlite3.Connection = memory_db()
        self.writable = False
        self.retry = False
        self.has_uid = True
        self.trouble: Trouble | None = None  # why the file could not be used, if it could not
        self._notices = notices
        self._pending = pending
        self._moved_aside = False

    def _keep_private(self) -> None:
        """The history and the files beside it made 0600: the games are no one else's to read."""
        keep_private(self.path)
        others = [self.path.with_name(self.path.name + c) for c in COMPANIONS]
        if self._pending.journal is not None:
            others.append(self._pending.journal.path)
        for other in others:
            if os.path.lexists(other):
                keep_private(other)

    def open(self) -> None:
        """Connect to the file, or to a stand-in that keeps the app playing."""
        self.db.close()
        try:
            ensure_dir(self.path.parent, "data folder")
        except DataDirError as error:
            self._pending.journal = None
            self._notices.say("datadir", f"{error} Results of this session cannot be saved.")
            return self._stand_in(memory_db(), retry=False)
        if not regular_or_absent(self.path):  # a FIFO or device: SQLite must not open it
            self._notices.say("not-a-file", not_a_file(self.path, self._pending.journal))
            return self._stand_in(memory_db(), retry=False)
        self._keep_private()
        try:
            db = connect(self.path, self.timeout)
        except sqlite3.Error as error:
            return self._fault(None, error)
        try:
            layout = inspect(db)
            self.db, self.has_uid = db, layout.has_uid  # readable from here on
            upgrade(db, layout)
        except SchemaError as error:
            db.close()
            self._notices.say(error.kind, not_ours(self.path, error, self._pending.journal))
            self._stand_in(memory_db(), retry=False)
        except sqlite3.Error as error:
            self._fault(db, error)
        else:
            self.writable, self.retry, self.has_uid = True, False, True
            self.trouble = None

    def _stand_in(self, db: sqlite3.Connection, retry: bool, has_uid: bool = True) -> None:
        if db is not self.db:
            self.db.close()
        self.db, self.writable, self.retry, self.has_uid = db, False, retry, has_uid

    def _fault(self, db: sqlite3.Connection | None, error: sqlite3.Error) -> None:
        """Opening failed: set a damaged file aside, or read what can be read and retry later."""
        trouble = self.trouble = classify(error, self.path)
        if trouble.kind == "corrupt":
            return self._set_aside(db, error)
        if db is not None and db is self.db:  # ours and readable, but not writable now
            self._stand_in(db, retry=True, has_uid=self.has_uid)
        else:
            if db is not None:
                db.close()
            reader = None
            if trouble.kind in ("readonly", "permission"):
                reader = open_reader(self.path, self.timeout)
            has_uid = reader is None or "uid" in columns(reader, "games")
            self._stand_in(reader or memory_db(), retry=True, has_uid=has_uid)
        if trouble.kind != "locked":  # a lock usually passes before the next write
            self._notices.trouble(trouble, self._pending.journal)

    def _set_aside(self, db: sqlite3.Connection | None, error: sqlite3.Error) -> None:
        """Move a damaged database (and its -wal/-shm) aside and start a fresh one."""
        try:
            if self._moved_aside:
                raise OSError("a fresh database was damaged too")
            moved = set_aside(self.path, db)
        except OSError as failure:
            if db is not None:
                db.close()
            self._notices.say("corrupt", damaged(self.path, error, failure, self._pending.journal))
            return self._stand_in(memory_db(), retry=False)
        self._moved_aside = True
        self._notices.say("corrupt", moved_aside(error, moved))
        self.open()
