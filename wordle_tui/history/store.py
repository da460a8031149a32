"""The history's storage layer: the schema and its checks, what a fault means, the journal.

`inspect` only reads: it raises `SchemaError` for a file that is SQLite but not ours (a foreign
or newer schema) and `sqlite3.Error` if it cannot be read. `upgrade` then brings our file to
the current schema (version 2: every finished game has a unique `uid`). `classify` turns an
SQLite error into a `Trouble`: only real corruption is "corrupt"; a lock, a full disk, a
read-only file or a missing permission is reported as what it is. The `Journal` keeps finished
games that could not be written, one JSON object a line, next to the database.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..files import FileProblem, open_to_append, read_bytes_file
from ..paths import shown
from .model import RESULTS

SCHEMA_VERSION = 2
GAME_COLUMNS = ("game", "variant", "target", "moves", "result", "score", "started", "finished")
PROGRESS_COLUMNS = ("game", "variant", "target", "moves", "started")
UID_INDEX = "games_uid"
COMPANIONS = ("-wal", "-shm", "-journal")  # files SQLite keeps next to a database
MAX_JOURNAL_BYTES = 64 * 2**20  # some 200,000 results; more is not a journal of ours
SQLITE_INT = 2**63  # SQLite's integers are 64-bit: a score beyond cannot be stored

CREATE_GAMES = """CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL DEFAULT '',
    target TEXT,
    moves TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'abandoned')),
    score INTEGER NOT NULL,
    started TEXT NOT NULL,
    finished TEXT NOT NULL,
    uid TEXT
)"""
CREATE_PROGRESS = """CREATE TABLE IF NOT EXISTS in_progress (
    game TEXT PRIMARY KEY,
    variant TEXT NOT NULL DEFAULT '',
    target TEXT,
    moves TEXT NOT NULL,
    started TEXT NOT NULL
)"""
CREATE_INDEX = f"CREATE UNIQUE INDEX IF NOT EXISTS {UID_INDEX} ON games (uid)"

CORRUPT_MESSAGES = ("file is not a database", "disk image is malformed", "file is encrypted")
SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY = 3, 5, 6, 8
SQLITE_IOERR, SQLITE_CORRUPT, SQLITE_FULL, SQLITE_CANTOPEN = 10, 11, 13, 14
SQLITE_AUTH, SQLITE_NOTADB = 23, 26


class SchemaError(Exception):
    """An SQLite file whose tables are not ours; `kind` is "foreign" or "newer"."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind


@dataclass(frozen=True)
class Trouble:
    """What kept the history from being read or written: a kind and a few words for users."""

    kind: str  # corrupt, locked, full, readonly, permission, io, other
    reason: str


@dataclass
class Layout:
    """What `inspect` found in a file that is ours (or empty)."""

    version: int
    tables: dict[str, set[str]] = field(default_factory=dict)
    indexes: set[str] = field(default_factory=set)
    journal_mode: str = ""

    @property
    def has_uid(self) -> bool:
        return "uid" in self.tables.get("games", set())

    @property
    def current(self) -> bool:
        """True if nothing needs writing to use the file."""
        complete = self.has_uid and "in_progress" in self.tables and UID_INDEX in self.indexes
        return self.version == SCHEMA_VERSION and complete and self.journal_mode == "wal"


def connect(target: str | Path, timeout: float, uri: bool = False) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit) with a busy timeout."""
    return sqlite3.connect(target, timeout=timeout, isolation_level=None, uri=uri)


def memory_db() -> sqlite3.Connection:
    """An empty in-memory history, the stand-in when the file cannot be used."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    for statement in (CREATE_GAMES, CREATE_PROGRESS, CREATE_INDEX):
        db.execute(statement)
    return db


def open_reader(path: Path, timeout: float) -> sqlite3.Connection | None:
    """A read-only view of a file this process may not write (nor its folder), if possible."""
    if not path.is_file():
        return None
    try:
        db = connect(f"{path.resolve().as_uri()}?immutable=1", timeout, uri=True)
    except (sqlite3.Error, ValueError):
        return None
    try:
        inspect(db, check=False)
    except (sqlite3.Error, SchemaError):
        db.close()
        return None
    return db


def columns(db: sqlite3.Connection, table: str) -> set[str]:
    """The column names of `table` (empty if there is no such table)."""
    return {row[0] for row in db.execute("SELECT name FROM pragma_table_info(?)", (table,))}


def inspect(db: sqlite3.Connection, check: bool = True) -> Layout:
    """Read the file's layout without writing; raise SchemaError if it is not ours."""
    layout = Layout(db.execute("PRAGMA user_version").fetchone()[0])
    names = [
        row[0]
        for row in db.execute("SELECT name, type FROM sqlite_master")
        if row[1] == "table" and not row[0].startswith("sqlite_")
    ]
    if layout.version > SCHEMA_VERSION:
        raise SchemaError(
            "newer", f"history schema {layout.version}; this version knows {SCHEMA_VERSION}"
        )
    layout.tables = {name: columns(db, name) for name in names}
    foreign = sorted(set(layout.tables) - {"games", "in_progress"})
    if foreign:
        raise SchemaError("foreign", f"it has other tables: {', '.join(foreign)}")
    if layout.tables and layout.tables.get("games", set()) - {"uid"} != set(GAME_COLUMNS) | {"id"}:
        raise SchemaError("foreign", "its games table has other columns")
    if layout.tables.get("in_progress", set(PROGRESS_COLUMNS)) != set(PROGRESS_COLUMNS):
        raise SchemaError("foreign", "its in_progress table has other columns")
    if check:
        found = db.execute("PRAGMA quick_check").fetchall()
        if found != [("ok",)]:
            raise sqlite3.DatabaseError(f"database disk image is malformed ({found[0][0]})")
    layout.indexes = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    layout.journal_mode = str(db.execute("PRAGMA journal_mode").fetchone()[0]).lower()
    return layout


def upgrade(db: sqlite3.Connection, layout: Layout) -> None:
    """Create or migrate our file to the current schema, in one transaction (no-op if current)."""
    if layout.current:
        return
    if layout.journal_mode != "wal":
        db.execute("PRAGMA journal_mode=WAL")
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]  # another process may have
        if version > SCHEMA_VERSION:  # upgraded it meanwhile
            raise SchemaError("newer", f"history schema {version}")
        had_games = bool(columns(db, "games"))
        db.execute(CREATE_GAMES)
        db.execute(CREATE_PROGRESS)
        if had_games and "uid" not in columns(db, "games"):
            db.execute("ALTER TABLE games ADD COLUMN uid TEXT")
        db.execute("UPDATE games SET uid = lower(hex(randomblob(16))) WHERE uid IS NULL")
        db.execute(CREATE_INDEX)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        rollback(db)
        raise


def rollback(db: sqlite3.Connection) -> None:
    """End an open transaction, ignoring errors (SQLite may have ended it already)."""
    with contextlib.suppress(sqlite3.Error):
        if db.in_transaction:
            db.execute("ROLLBACK")


def classify(error: sqlite3.Error, path: Path) -> Trouble:
    """What an SQLite error means for the history file at `path`."""
    code = getattr(error, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(error).lower()
    if primary in (SQLITE_CORRUPT, SQLITE_NOTADB) or any(m in text for m in CORRUPT_MESSAGES):
        return Trouble("corrupt", "the history database is damaged")
    if primary in (SQLITE_BUSY, SQLITE_LOCKED) or "locked" in text:
        return Trouble("locked", "the history database is locked")
    if primary == SQLITE_FULL or "disk is full" in text:
        return Trouble("full", "the disk is full")
    access = (SQLITE_PERM, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_AUTH)
    if primary in access or "readonly" in text or "unable to open" in text:
        return access_trouble(path)
    if primary == SQLITE_IOERR or "i/o error" in text:
        return Trouble("io", f"a disk error: {error}")
    return Trouble("other", str(error) or type(error).__name__)


def access_trouble(path: Path) -> Trouble:
    """Why the file at `path` cannot be written: a read-only disk, or no permission."""
    folder = path.parent
    with contextlib.suppress(OSError, AttributeError):
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return Trouble("readonly", f"{shown(folder)} is on a read-only disk")
    if not os.access(folder, os.W_OK):
        return Trouble("permission", f"no permission to write to {shown(folder)}")
    if path.exists() and not os.access(path, os.W_OK):
        return Trouble("permission", f"no permission to write to {shown(path)}")
    return Trouble("readonly", f"{shown(path)} cannot be written")


def move_aside(path: Path) -> Path:
    """Rename a damaged database and its -wal/-shm/-journal files together; the new name."""
    stamp = f"{dt.datetime.now():%Y%m%d-%H%M%S}"
    moved = path.with_name(f"{path.name}.corrupt-{stamp}")
    count = 1
    while moved.exists() or any(Path(f"{moved}{c}").exists() for c in COMPANIONS):
        count += 1
        moved = path.with_name(f"{path.name}.corrupt-{stamp}-{count}")
    path.rename(moved)
    for companion in COMPANIONS:  # moved with it, so a fresh database never meets its old WAL
        old = Path(f"{path}{companion}")
        if old.exists():
            old.rename(Path(f"{moved}{companion}"))
    return moved


def set_aside(path: Path, db: sqlite3.Connection | None) -> Path:
    """`move_aside` while `db` is still open, then close it (or first, if the OS insists)."""
    # Closed first, SQLite may delete a -wal it cannot use: the evidence would be gone.
    try:
        return move_aside(path)
    except OSError:
        if db is None or not path.exists():
            raise
        db.close()
        return move_aside(path)
    finally:
        if db is not None:
            db.close()


def _text(value: object) -> bool:
    """True for a string SQLite can store as UTF-8 (no lone surrogate)."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _moves(text: str) -> bool:
    """True if `text` is the JSON of stored moves: a list of (word, reply) pairs of strings."""
    try:
        moves = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(moves, list) and all(
        isinstance(m, list) and len(m) == 2 and all(_text(part) for part in m) for m in moves
    )


def valid_row(row: object) -> bool:
    """True if `row` (from the journal) is a finished game that can be inserted as it is."""
    if not isinstance(row, dict) or set(row) != {"uid", *GAME_COLUMNS}:
        return False
    texts = ("uid", "game", "variant", "moves", "started", "finished")
    return (
        all(_text(row[key]) for key in texts)
        and (row["target"] is None or _text(row["target"]))
        and row["result"] in RESULTS
        and isinstance(row["score"], int)
        and not isinstance(row["score"], bool)
        and -SQLITE_INT <= row["score"] < SQLITE_INT
        and _moves(row["moves"])
    )


def journal_row(line: bytes) -> dict | None:
    """A journal line's finished game, or None if the line is damaged in any way."""
    try:
        row = json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return None
    return row if valid_row(row) else None


class Journal:
    """Finished games not yet in the database: a JSON object a line, appended and fsynced.

    Only a regular file is read or written: a FIFO or device in its place is refused at once
    (`FileProblem`, an OSError), never waited on, and never deleted.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.skipped: list[int] = []  # the damaged lines the last `load` skipped (numbers)

    def append(self, rows: list[dict]) -> None:
        """Add rows at the end (raises OSError if the file cannot be written)."""
        data = "".join(json.dumps(row, sort_keys=True) + "\n" for row in rows).encode()
        with open_to_append(self.path) as handle:
            if handle.seek(0, os.SEEK_END) > 0:
                handle.seek(-1, os.SEEK_END)
                if handle.read(1) != b"\n":  # a line cut short by a crash or a full disk
                    data = b"\n" + data
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())

    def load(self) -> list[dict]:
        """The valid rows, each uid once; [] if there is no file. A damaged line (torn, not
        JSON, nested too deeply, a value SQLite cannot store) is skipped, its number kept in
        `skipped`.

        Raises FileProblem if there is one that cannot be read (not a regular file, too big,
        no permission).
        """
        self.skipped = []
        try:
            data = read_bytes_file(self.path, "pending results", max_bytes=MAX_JOURNAL_BYTES)
        except FileProblem:
            if not os.path.lexists(self.path):
                return []
            raise
        rows: dict[str, dict] = {}
        for number, line in enumerate(data.split(b"\n"), 1):
            if not line.strip():
                continue
            row = journal_row(line)
            if row is None:
                self.skipped.append(number)
            else:
                rows.setdefault(row["uid"], row)
        return list(rows.values())

    def prune(self, saved: set[str]) -> None:
        """Drop the rows whose uid is in `saved`; delete the file when none are left."""
        if not os.path.lexists(self.path):
            return
        left = [row for row in self.load() if row["uid"] not in saved]
        if not left:
            self.path.unlink(missing_ok=True)
            return
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write("".join(json.dumps(r, sort_keys=True) + "\n" for r in left).encode())
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
