"""The NYT assistant's game kept between visits: `assistant.json`, beside the history.

One game is kept, the last one's: its word-list set, its puzzle, today's puzzle number when it
was kept (so a game of an earlier day is told apart), hard mode, the prior, the ranking and the
rows, each a word and its colours (G, Y, '.'). It is written atomically (`files.py`) at every
change; a solved game is kept without its rows. Reading never raises: a missing file is no
game, a damaged one (not JSON, a value of the wrong kind) is no game and one notice naming it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import WordleTuiError
from ..files import FileProblem, atomic_write_bytes, read_text_file
from ..paths import ensure_dir, shown
from ..solver.choices import Prior, Rank, names
from ..solver.nyt.history import MAX_NUMBER

FILE_NAME = "assistant.json"
MAX_BYTES = 2**14
MAX_ROWS = 12  # the NYT's six, with room to spare; more is a damaged file
WORD = re.compile(r"[a-z]{3,8}")
PATTERN = re.compile(r"[GY.]{3,8}")
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")  # a word-list set's name


@dataclass(frozen=True)
class KeptGame:
    """The assistant's game as kept: what brings it back as it was."""

    lists: str  # the word-list set's name
    puzzle: int  # the NYT puzzle the rows belong to
    today: int  # today's puzzle number when it was kept
    hard: bool = False
    prior: Prior = Prior.NYT
    rank: Rank = Rank.GUESSES
    rows: tuple[tuple[str, str], ...] = ()

    def as_data(self) -> dict:
        """The JSON object written."""
        return {
            "lists": self.lists,
            "puzzle": self.puzzle,
            "today": self.today,
            "hard": self.hard,
            "prior": self.prior,
            "rank": self.rank,
            "rows": [list(row) for row in self.rows],
        }


def kept_path(folder: Path) -> Path:
    """Where the assistant's game is kept in a data folder."""
    return folder / FILE_NAME


def keep(path: Path, game: KeptGame) -> str | None:
    """Write the game atomically; a one-line warning if it cannot be, else None."""
    try:
        ensure_dir(path.parent)
        atomic_write_bytes(path, (json.dumps(game.as_data()) + "\n").encode())
    except OSError as error:  # DataDirError and FileProblem are OSErrors
        reason = str(error) if isinstance(error, WordleTuiError) else error.strerror
        return f"The assistant's rows cannot be kept ({reason or error}); kept for now only."
    return None


def read_kept(path: Path) -> tuple[KeptGame | None, str | None]:
    """The game kept in `path`, or None; and a notice if the file is damaged (never raises)."""
    if not (path.exists() or path.is_symlink()):
        return None, None
    try:
        data = json.loads(read_text_file(path, "assistant", FileProblem, MAX_BYTES))
    except (WordleTuiError, OSError, ValueError, RecursionError) as error:
        reason = str(error) if isinstance(error, WordleTuiError) else "it is not JSON"
        return None, damaged(path, reason)
    game = from_data(data)
    if game is None:
        return None, damaged(path, "its values cannot be used")
    return game, None


def from_data(data: object) -> KeptGame | None:
    """The game a JSON value describes, or None if any part of it is unusable."""
    if not isinstance(data, dict):
        return None
    lists, puzzle, today = data.get("lists"), data.get("puzzle"), data.get("today")
    hard, prior, rank = data.get("hard"), data.get("prior"), data.get("rank")
    rows = data.get("rows")
    if not (
        isinstance(lists, str)
        and NAME.fullmatch(lists)
        and type(puzzle) is int
        and 0 <= puzzle <= MAX_NUMBER
        and type(today) is int
        and 0 <= today <= MAX_NUMBER
        and isinstance(hard, bool)
        and isinstance(prior, str)
        and prior in names(Prior)
        and isinstance(rank, str)
        and rank in names(Rank)
        and isinstance(rows, list)
        and len(rows) <= MAX_ROWS
        and all(good_row(row) for row in rows)
    ):
        return None
    rows = tuple((w, p) for w, p in rows)
    return KeptGame(lists, puzzle, today, hard, Prior(prior), Rank(rank), rows)


def good_row(row: object) -> bool:
    """Whether a kept row is a word and its colours, as long as each other."""
    return (
        isinstance(row, list)
        and len(row) == 2
        and all(isinstance(part, str) for part in row)
        and WORD.fullmatch(row[0]) is not None
        and PATTERN.fullmatch(row[1]) is not None
        and len(row[0]) == len(row[1])
    )


def damaged(path: Path, reason: str) -> str:
    """The one notice about a kept game that cannot be read."""
    return f"The assistant's kept rows in {shown(path)} cannot be used ({reason}); starting afresh."
