"""The history's reads and writes of games: SQL only, errors left to the caller."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable

from .model import SavedGame, slot_of
from .store import GAME_COLUMNS


def write_all(
    db: sqlite3.Connection, rows: Iterable[dict], progress: dict[str, SavedGame | None]
) -> None:
    """Finished games, then the latest progress of each slot, in one transaction."""
    db.execute("BEGIN IMMEDIATE")
    names = ", ".join(("uid", *GAME_COLUMNS))
    for row in rows:
        db.execute(
            f"INSERT OR IGNORE INTO games ({names}) VALUES ({', '.join('?' * 9)})",
            (row["uid"], *(row[key] for key in GAME_COLUMNS)),
        )
        db.execute(  # that very game is over: never offer to resume it
            "DELETE FROM in_progress WHERE game = ? AND started = ?",
            (slot_of(row["game"], row["variant"]), row["started"]),
        )
    for slot, saved in progress.items():  # the game column holds the slot
        if saved is None:
            db.execute("DELETE FROM in_progress WHERE game = ?", (slot,))
        else:
            db.execute(
                "INSERT OR REPLACE INTO in_progress (game, variant, target, moves, started) "
                "VALUES (?, ?, ?, ?, ?)",
                (slot, saved.variant, saved.target, json.dumps(saved.moves), saved.started),
            )
    db.execute("COMMIT")


def progress_row(db: sqlite3.Connection, game: str) -> tuple | None:
    """The stored game in progress in this slot: (slot, variant, target, moves, started)."""
    return db.execute(
        "SELECT game, variant, target, moves, started FROM in_progress WHERE game = ?",
        (game,),
    ).fetchone()


def progress_slots(db: sqlite3.Connection) -> list[str]:
    """Every slot that holds a stored game in progress."""
    return [row[0] for row in db.execute("SELECT game FROM in_progress ORDER BY game")]


def finished_rows(db: sqlite3.Connection, game: str | None, has_uid: bool) -> list[dict]:
    """Finished games in the database, oldest first, with their uid (None if it has none)."""
    uid = "uid" if has_uid else "NULL"
    query = f"SELECT {uid}, {', '.join(GAME_COLUMNS)} FROM games"
    args: tuple = ()
    if game:
        query += " WHERE game = ?"
        args = (game,)
    rows = db.execute(query + " ORDER BY id", args).fetchall()
    return [dict(zip(("uid", *GAME_COLUMNS), row, strict=True)) for row in rows]
