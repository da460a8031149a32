"""Game history in SQLite: finished games, games in progress, and the statistics drawn from them.

Each finished game is written in one transaction. A game in progress is saved after every
move and resumed the next time that game is opened; starting a new game instead records the
old one as abandoned (a loss). A database that cannot be read is moved aside (renamed with a
`.corrupt-<time>` suffix) and a fresh one started; `History.notice` then says so.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .paths import data_dir

SCHEMA_VERSION = 1
DB_NAME = "history.sqlite3"
GAMES = ("wordle", "evil", "antiwordle", "jotto", "jotto-computer", "ghost")
SCORE_EVERY_GAME = {"antiwordle"}  # its distribution shows every finished game, not only wins

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL DEFAULT '',
    target TEXT,
    moves TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'abandoned')),
    score INTEGER NOT NULL,
    started TEXT NOT NULL,
    finished TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS in_progress (
    game TEXT PRIMARY KEY,
    variant TEXT NOT NULL DEFAULT '',
    target TEXT,
    moves TEXT NOT NULL,
    started TEXT NOT NULL
);
"""


def now() -> str:
    """The current local time, to the second, ISO format."""
    return dt.datetime.now().astimezone().replace(microsecond=0).isoformat()


@dataclass(frozen=True)
class SavedGame:
    """A game as stored: moves are (word, reply) pairs as the player saw them."""

    game: str
    variant: str
    target: str | None
    moves: list[tuple[str, str]]
    started: str


@dataclass
class Stats:
    """A game's statistics, as the NYT game shows them."""

    game: str
    played: int = 0
    wins: int = 0
    current_streak: int = 0
    max_streak: int = 0
    distribution: dict[int, int] = field(default_factory=dict)  # score -> games won with it
    last_score: int | None = None
    last_won: bool | None = None

    @property
    def win_percent(self) -> int:
        return round(100 * self.wins / self.played) if self.played else 0

    def as_dict(self) -> dict:
        data = asdict(self)
        data["win_percent"] = self.win_percent
        data["distribution"] = {str(k): v for k, v in sorted(self.distribution.items())}
        return data


class History:
    """The history database at `path` (default: history.sqlite3 in the data folder)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / DB_NAME
        self.notice: str | None = None
        self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        try:
            return self._connect()
        except sqlite3.DatabaseError as error:
            moved = self.path.with_name(
                f"{self.path.name}.corrupt-{dt.datetime.now():%Y%m%d-%H%M%S}"
            )
            self.path.rename(moved)
            self.notice = (
                f"The game history could not be read ({error}); it was moved to {moved} "
                "and a new one started."
            )
            return self._connect()

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(f"made by a newer wordle-tui (schema {version})")
            db.executescript(SCHEMA)
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            db.execute("SELECT count(*) FROM games").fetchone()
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def close(self) -> None:
        self.db.close()

    # Games in progress

    def save_progress(self, saved: SavedGame) -> None:
        """Remember a game in progress (replacing the last one of that game)."""
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO in_progress (game, variant, target, moves, started) "
                "VALUES (?, ?, ?, ?, ?)",
                (saved.game, saved.variant, saved.target, json.dumps(saved.moves), saved.started),
            )

    def in_progress(self, game: str) -> SavedGame | None:
        """The unfinished game of this kind, if any."""
        row = self.db.execute(
            "SELECT game, variant, target, moves, started FROM in_progress WHERE game = ?",
            (game,),
        ).fetchone()
        if row is None:
            return None
        try:
            moves = [tuple(m) for m in json.loads(row[3])]
        except (ValueError, TypeError):
            self.drop_progress(game)
            return None
        return SavedGame(row[0], row[1], row[2], moves, row[4])

    def drop_progress(self, game: str) -> None:
        with self.db:
            self.db.execute("DELETE FROM in_progress WHERE game = ?", (game,))

    # Finished games

    def record(self, saved: SavedGame, result: str, score: int) -> int:
        """Store a finished (or abandoned) game and forget its progress, in one transaction."""
        with self.db:
            cursor = self.db.execute(
                "INSERT INTO games (game, variant, target, moves, result, score, started, "
                "finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    saved.game,
                    saved.variant,
                    saved.target,
                    json.dumps(saved.moves),
                    result,
                    score,
                    saved.started,
                    now(),
                ),
            )
            self.db.execute("DELETE FROM in_progress WHERE game = ?", (saved.game,))
        return int(cursor.lastrowid)

    def finished(self, game: str | None = None) -> list[dict]:
        """Finished games, oldest first."""
        query = "SELECT game, variant, target, moves, result, score, started, finished FROM games"
        args: tuple = ()
        if game:
            query += " WHERE game = ?"
            args = (game,)
        rows = self.db.execute(query + " ORDER BY id", args).fetchall()
        keys = ("game", "variant", "target", "moves", "result", "score", "started", "finished")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    def stats(self, game: str) -> Stats:
        """Played, wins, streaks and the distribution of winning scores for one game."""
        stats = Stats(game)
        streak = 0
        for row in self.finished(game):
            won = row["result"] == "won"
            stats.played += 1
            stats.last_score, stats.last_won = row["score"], won
            counted = won or (game in SCORE_EVERY_GAME and row["result"] != "abandoned")
            if counted:
                stats.distribution[row["score"]] = stats.distribution.get(row["score"], 0) + 1
            if won:
                stats.wins += 1
                streak += 1
                stats.max_streak = max(stats.max_streak, streak)
            else:
                streak = 0
        stats.current_streak = streak
        return stats
