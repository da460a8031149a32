"""The game history: finished games, games in progress and the statistics drawn from them.

One SQLite file in the data folder, opened through `History` (in `book`), which never loses a
result: what cannot be written now waits in `pending` (and a journal file) until it can, and
`notices` tells the player once. `store` owns the schema and what a fault means, `queries`
the SQL, `file` the connection (or a stand-in when the file cannot be used), `model` the plain
rows and statistics, `exchange` finished games in and out as CSV or JSON (the form only: the
games' rules are checked in `gameplay/records`).
"""

from .book import (
    DB_NAME,
    SCHEMA_VERSION,
    SCORE_EVERY_GAME,
    History,
    HistoryUnwritable,
    SavedGame,
    Stats,
    cannot_save,
    journal_path,
    now,
    slot_of,
)

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
