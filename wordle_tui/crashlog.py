"""Crash logs: an unexpected error's traceback goes to a file in the data dir, not the screen.

The app and the command line both call `write_crash_log` for errors that are bugs (expected
problems are `WordleTuiError`s with a message instead). The player sees one line saying
where the details are; games are saved after every move, so a crash loses none.
"""

from __future__ import annotations

import datetime as dt
import platform
import sys
import tempfile
import traceback
from pathlib import Path

from . import __version__
from .paths import data_dir


def write_crash_log(error: BaseException) -> Path | None:
    """Write the error's traceback to crash-<time>.log (data dir, else the temp dir)."""
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    text = "".join(
        [
            f"wordle-tui {__version__} on Python {platform.python_version()} "
            f"({platform.platform()})\n",
            f"command: {' '.join(sys.argv)}\n\n",
            *traceback.format_exception(error),
        ]
    )
    for folder in _folders():
        path = folder / f"crash-{stamp}.log"
        try:
            path.write_text(text, encoding="utf-8")
        except OSError:
            continue
        return path
    return None


def _folders() -> list[Path]:
    """Where a log may go, best first."""
    try:
        return [data_dir(), Path(tempfile.gettempdir())]
    except OSError:
        return [Path(tempfile.gettempdir())]


def crash_message(error: BaseException, log: Path | None) -> str:
    """The one line a player sees after a crash."""
    where = f"the details are in {log}" if log else "no log could be written"
    return (
        f"wordle-tui stopped after an unexpected error ({type(error).__name__}: {error}); "
        f"{where}. Your games are saved after every move."
    )
