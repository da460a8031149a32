"""The assistant's suggestions before any row: shipped for the default lists, else cached.

`wordle_tui/trees/opening.json` (written by `scripts/opening.py`, checked against a fresh
computation by `tests/solver/test_opening.py`) holds them for the bundled lists with the uniform
prior, in both modes: what `cached_opening` returns, and what the assistant then shows
(`shipped_table`, so the screen paints its first table before the reply matrix is loaded).
For other lists and priors the disk cache is used: the file is named by the word lists,
prior, mode and count, and holds them again with a format version; it is used only when all
of that matches and every row is a sound suggestion of a word in the guess list. Anything
else is recomputed and the file replaced. The shipped entries are checked the same way.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, fields
from functools import cache
from importlib import resources
from math import isfinite
from typing import Any

import numpy as np

from ..cache import cache_path, read_json, write_json
from ..choices import Mode, Prior
from ..games import Game
from ..learned import WEIGHTS_TAG
from ..matrix import matrix_key
from .ranking import Suggestion

OPENING_VERSION = 5  # 3: rank, proven, entropy_best; 4: the informative guesses ranked too;
# 5: the look-ahead's leaves costed by the learned estimate (its weights' tag in the key)
FIELD_TYPES = {f.name: f.type for f in fields(Suggestion)}
SHIPPED_FILE = "opening.json"  # in the package's trees folder
USE_SHIPPED = True  # False while the shipped file itself is computed or checked


def opening_key(game: Game, prior: str, hard: bool, top: int) -> str:
    """What an opening cache is for: format, leaf cost, word lists, prior, mode and count."""
    version = f"v{OPENING_VERSION}-{WEIGHTS_TAG}"
    return f"opening-{version}-{matrix_key(game)}-{prior}-{Mode.of(hard)}-{top}"


def weights_key(weights: np.ndarray) -> str:
    """A short hash of a prior's weights (names the NYT prior's opening cache)."""
    import hashlib

    data = np.ascontiguousarray(weights, dtype=np.float64).tobytes()
    return hashlib.sha256(data).hexdigest()[:16]


def cached_opening(
    game: Game, prior: str, hard: bool, top: int, compute: Callable[[], list[Suggestion]]
) -> list[Suggestion]:
    """The opening suggestions from the cache when it is sound, else `compute()`d and stored."""
    key = opening_key(game, prior, hard, top)
    shipped = _shipped(key).get("suggestions")
    found = _from_data(
        {"version": OPENING_VERSION, "key": key, "suggestions": shipped}, key, game, top
    )
    if found is not None:
        return found
    path = cache_path(f"{key}.json")
    found = _from_data(read_json(path), key, game, top)
    if found is not None:
        return found
    found = compute()
    rows = [asdict(s) for s in found]
    write_json(path, {"version": OPENING_VERSION, "key": key, "suggestions": rows})
    return found


def shipped_table(game: Game, hard: bool, top: int) -> list[Suggestion] | None:
    """What the assistant shows before any row (uniform prior), when shipped for `game`."""
    key = opening_key(game, Prior.UNIFORM, hard, top)
    rows = _shipped(key).get("shown")
    return _from_data({"version": OPENING_VERSION, "key": key, "suggestions": rows}, key, game, top)


def shipped_entry(suggestions: list[Suggestion], shown: list[Suggestion]) -> dict[str, object]:
    """One mode's entry in the shipped file: the computed opening and what is shown."""
    return {"suggestions": [asdict(s) for s in suggestions], "shown": [asdict(s) for s in shown]}


def _shipped(key: str) -> dict[str, Any]:
    """The shipped file's entry for `key` (empty when there is none)."""
    if not USE_SHIPPED:
        return {}
    found = _shipped_file().get(key)
    return found if isinstance(found, dict) else {}


@cache
def _shipped_file() -> dict[str, Any]:
    """The shipped openings by key (empty if the file is missing or not the right version)."""
    path = resources.files("wordle_tui").joinpath("trees", SHIPPED_FILE)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != OPENING_VERSION:
        return {}
    openings = data.get("openings")
    return openings if isinstance(openings, dict) else {}


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
