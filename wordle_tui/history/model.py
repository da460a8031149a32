"""The history's plain data: a saved game, a finished-game row, and statistics drawn from rows."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from dataclasses import asdict, dataclass, field

RESULTS = ("won", "lost", "abandoned")
# Their distributions chart every finished game, won or lost (not abandoned), not only wins:
# Antiwordle's guess that hit the word, Ghost's moves per game.
SCORE_EVERY_GAME = {"antiwordle", "ghost"}
# Variant parts that give a game a slot of its own: a daily puzzle's `day=N`, and `fresh` for a
# game that named its own answer (--target, --seed), which must never displace a saved game.
SLOT_TAGS = ("day=", "fresh")


def slot_of(game: str, variant: str) -> str:
    """The unfinished-game slot of a game: its name, plus a daily puzzle's `day=N` or a fresh
    game's `fresh` if any.

    Each slot holds one unfinished game, so a daily puzzle or a fresh game never displaces an
    ordinary game of the same name (nor another day's puzzle).
    """
    tags = [p for p in variant.split(";") if p.startswith(SLOT_TAGS)]
    return ";".join([game, *tags[-1:]])


def game_of_slot(slot: str) -> str:
    """The game a slot belongs to (the name before any `;`)."""
    return slot.split(";", 1)[0]


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
    distribution: dict[int, int] = field(default_factory=dict)  # score -> games (won) with it
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


def finished_row(saved: SavedGame, result: str, score: int, finished: str | None = None) -> dict:
    """A finished game as the games table stores it, with a new unique id (`uid`); it ended
    now, or at `finished` (an imported game: when it started)."""
    if result not in RESULTS:
        raise ValueError(f"result must be one of {RESULTS}, not {result!r}")
    return {
        "uid": uuid.uuid4().hex,
        "game": saved.game,
        "variant": saved.variant,
        "target": saved.target,
        "moves": json.dumps(saved.moves),
        "result": result,
        "score": int(score),
        "started": saved.started,
        "finished": finished or now(),
    }


def tally(game: str, rows: list[dict]) -> Stats:
    """Played, wins, streaks and the distribution of winning scores, from finished games."""
    stats = Stats(game)
    streak = 0
    for row in rows:
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
