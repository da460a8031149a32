"""Crash logs: an unexpected error's traceback goes to a file in the data dir, not the screen.

The app and the command line both call `write_crash_log` for errors that are bugs (expected
problems are `WordleTuiError`s with a message instead). The player sees one line saying
where the details are; games are saved after every move, so a crash loses none.
"""

from __future__ import annotations

import datetime as dt
import os
import platform
import sys
import tempfile
import traceback
from pathlib import Path

from . import __version__
from .paths import data_dir

MAX_TRIES = 100  # crash-<time>-2.log ... before giving up on a folder


def write_crash_log(error: BaseException) -> Path | None:
    """Write the error's traceback to crash-<time>.log (data dir, else the temp dir).

    The time has microseconds, and the file is created exclusively (`-2`, `-3`, ... if the
    name is taken): two crashes, even in the same instant, never write over each other, and
    nothing already there (a file, a FIFO, a link) is opened.
    """
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    text = "".join(
        [
            f"wordle-tui {__version__} on Python {platform.python_version()} "
            f"({platform.platform()})\n",
            f"command: {' '.join(sys.argv)}\n\n",
            *traceback.format_exception(error),
        ]
    )
    data = text.encode("utf-8", "replace")
    for folder in _folders():
        path = _write_new(folder, stamp, data)
        if path is not None:
            return path
    return None


def _write_new(folder: Path, stamp: str, data: bytes) -> Path | None:
    """Write `data` to a new crash-<stamp>[-N].log in `folder`; its path, or None."""
    for count in range(1, MAX_TRIES + 1):
        path = folder / (f"crash-{stamp}.log" if count == 1 else f"crash-{stamp}-{count}.log")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        except OSError:
            return None
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
        except OSError:
            return None
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
