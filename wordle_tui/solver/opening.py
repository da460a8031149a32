"""The assistant's suggestions before any row, cached on disk (they take a few seconds).

The file is named by the word lists, prior, mode and count, and holds them again with a
format version; it is used only when all of that matches and every row is a sound suggestion
of a word in the guess list. Anything else is recomputed and the file replaced.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, fields
from math import isfinite

from .cache import cache_path, read_json, write_json
from .games import Game
from .matrix import matrix_key
from .ranking import Suggestion

OPENING_VERSION = 2  # 2: a header with the version and key; the rows are checked on load
FIELD_TYPES = {f.name: f.type for f in fields(Suggestion)}


def opening_key(game: Game, prior: str, hard: bool, top: int) -> str:
    """What an opening cache is for: format, word lists, prior, mode and count."""
    mode = "hard" if hard else "normal"
    return f"opening-v{OPENING_VERSION}-{matrix_key(game)}-{prior}-{mode}-{top}"


def cached_opening(
    game: Game, prior: str, hard: bool, top: int, compute: Callable[[], list[Suggestion]]
) -> list[Suggestion]:
    """The opening suggestions from the cache when it is sound, else `compute()`d and stored."""
    key = opening_key(game, prior, hard, top)
    path = cache_path(f"{key}.json")
    found = _from_data(read_json(path), key, game, top)
    if found is not None:
        return found
    found = compute()
    rows = [asdict(s) for s in found]
    write_json(path, {"version": OPENING_VERSION, "key": key, "suggestions": rows})
    return found


def _from_data(data: object, key: str, game: Game, top: int) -> list[Suggestion] | None:
    """The suggestions in a cache file's data, or None if anything is off."""
    if not isinstance(data, dict) or data.get("version") != OPENING_VERSION:
        return None
    rows = data.get("suggestions")
    if data.get("key") != key or not isinstance(rows, list) or not 1 <= len(rows) <= top:
        return None
    if not all(_sound(row, game) for row in rows):
        return None
    return [Suggestion(**row) for row in rows]


def _sound(row: object, game: Game) -> bool:
    """Whether a row has exactly a Suggestion's fields, of the right types, for a real word."""
    if not isinstance(row, dict) or set(row) != set(FIELD_TYPES):
        return False
    for name, kind in FIELD_TYPES.items():
        value = row[name]
        if kind == "bool" and not isinstance(value, bool):
            return False
        if kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            return False
        if kind == "float" and (
            isinstance(value, bool) or not isinstance(value, int | float) or not isfinite(value)
        ):
            return False
    return isinstance(row["word"], str) and row["word"] in game.index
