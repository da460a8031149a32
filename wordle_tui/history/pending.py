"""What the history has not written yet: finished games (also kept in a journal) and progress."""

from __future__ import annotations

import contextlib
from pathlib import Path

from .model import SavedGame, slot_of
from .store import GAME_COLUMNS, Journal


def journal_path(path: Path) -> Path:
    """The pending-results journal of the database at `path` (history-pending.jsonl)."""
    return path.with_name(f"{path.stem}-pending.jsonl")


class PendingResults:
    """Finished games not yet in the database (by uid), unsaved progress, and their journal."""

    def __init__(self, journal: Journal | None) -> None:
        self.journal = journal
        self.rows: dict[str, dict] = {}  # uid -> finished game not yet in the database
        self.progress: dict[str, SavedGame | None] = {}  # unsaved progress (None: dropped)
        self._journaled: set[str] = set()

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def empty(self) -> bool:
        """True if there is nothing to write: no result, no progress."""
        return not self.rows and not self.progress

    def add(self, row: dict) -> None:
        """A finished game to write; its slot's progress is dropped."""
        self.rows[row["uid"]] = row
        self.progress[slot_of(row["game"], row["variant"])] = None

    def load_journal(self) -> OSError | None:
        """Take up results a previous session could not write; the error if the journal is
        there but cannot be read (a FIFO in its place, too big, no permission)."""
        if self.journal is None:
            return None
        try:
            rows = self.journal.load()
        except OSError as error:
            return error
        for row in rows:
            self.rows.setdefault(row["uid"], row)
            self._journaled.add(row["uid"])
        return None

    def keep(self) -> OSError | None:
        """Append results not yet in the journal to it; the error if it cannot be written."""
        rows = [row for uid, row in self.rows.items() if uid not in self._journaled]
        if not rows or self.journal is None:
            return None
        try:
            self.journal.append(rows)
        except OSError as error:
            return error
        self._journaled.update(row["uid"] for row in rows)
        return None

    def written(self) -> None:
        """Everything was written: forget it, and drop the results from the journal."""
        saved = set(self.rows)
        self.rows.clear()
        self.progress.clear()
        if self.journal is None:
            return
        with contextlib.suppress(OSError):  # if not, importing them again is harmless (uid)
            self.journal.prune(saved)
        self._journaled -= saved

    def finishes(self, slot: str, started: str) -> bool:
        """True if the game in this slot started at `started` is finished, waiting here."""
        return any(
            slot_of(p["game"], p["variant"]) == slot and p["started"] == started
            for p in self.rows.values()
        )

    def waiting(self, game: str | None, seen: set[str]) -> list[dict]:
        """Finished games (of `game`, if given) whose uid is not in `seen`, without uids."""
        return [
            {key: row[key] for key in GAME_COLUMNS}
            for row in self.rows.values()
            if (not game or row["game"] == game) and row["uid"] not in seen
        ]
