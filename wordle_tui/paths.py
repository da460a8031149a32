"""Where wordle-tui keeps its files: history in the data dir, computed tables in the cache dir.

`WORDLE_TUI_HOME` (set by `--data-dir` too) puts both under one folder; otherwise platformdirs
picks the user's usual places.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "wordle-tui"
HOME_VARIABLE = "WORDLE_TUI_HOME"


def home_override() -> Path | None:
    """The folder named by WORDLE_TUI_HOME, if set."""
    value = os.environ.get(HOME_VARIABLE, "").strip()
    return Path(value).expanduser() if value else None


def data_dir() -> Path:
    """The folder for saved games and statistics (created on demand)."""
    home = home_override()
    path = home if home else Path(platformdirs.user_data_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_dir() -> Path:
    """The folder for caches that can always be recomputed (created on demand)."""
    home = home_override()
    path = home / "cache" if home else Path(platformdirs.user_cache_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path
