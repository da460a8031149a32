"""Where wordle-tui keeps its files: history in the data dir, computed tables in the cache dir.

`WORDLE_TUI_HOME` (set by `--data-dir` too) puts both under one folder; otherwise platformdirs
picks the user's usual places. An empty or blank `WORDLE_TUI_HOME` counts as not set. A folder
that cannot be used (a file in its place, no permission to create it, a `~user` who does not
exist) raises `DataDirError` with a one-line message naming the folder and the reason.

`WORDLE_TUI_SERVED=1` (set by `wordle-tui serve` for every browser tab's app) confines the
files a player names in the app to the data folder (`named_file`, `export_folder`): whoever
reaches the page must not read or write the server's other files.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import platformdirs

from .errors import DataDirError, OutsideDataFolder

APP = "wordle-tui"
HOME_VARIABLE = "WORDLE_TUI_HOME"
SERVED_VARIABLE = "WORDLE_TUI_SERVED"
KEY_FILE = "cache.key"  # the data folder's key that signs the caches: never read for a player


def expand(text: str, source: str) -> Path:
    """`text` as a path, `~` or `~user` at its start expanded to that home folder.

    `source` names where the text came from, for the message: `DataDirError` if `~user` names
    no user on this machine, or `~` a home folder that cannot be told.
    """
    try:
        return Path(text).expanduser()
    except RuntimeError:  # pathlib: "Could not determine home directory."
        user = text[1:].split(os.sep, 1)[0] if text.startswith("~") else ""
        why = f"there is no user {user!r} on this machine" if user else "no home folder is set"
        raise DataDirError(f"{source} {shown(Path(text))} cannot be used: {why}.") from None


def home_override() -> Path | None:
    """The folder named by WORDLE_TUI_HOME, if set (blank counts as not set)."""
    value = os.environ.get(HOME_VARIABLE, "").strip()
    return expand(value, HOME_VARIABLE) if value else None


def data_home() -> Path:
    """The data folder's path, without creating it."""
    home = home_override()
    return home if home else Path(platformdirs.user_data_dir(APP, appauthor=False))


def cache_home() -> Path:
    """The cache folder's path, without creating it."""
    home = home_override()
    return home / "cache" if home else Path(platformdirs.user_cache_dir(APP, appauthor=False))


def shown(path: Path) -> str:
    """A path for a one-line message (line breaks in the name escaped)."""
    return str(path).replace("\n", "\\n").replace("\r", "\\r")


def _blocker(path: Path) -> Path | None:
    """The nearest of `path` and its parents that exists but is not a folder."""
    for candidate in (path, *path.parents):
        if candidate.exists() or candidate.is_symlink():
            return None if candidate.is_dir() else candidate
    return None


def _reason(path: Path, error: OSError) -> str:
    """Why `path` cannot be made into a folder, in a few words."""
    blocker = _blocker(path)
    if blocker == path:
        return "it is a file, not a folder"
    if blocker is not None:
        return f"{shown(blocker)} is a file, not a folder"
    if isinstance(error, PermissionError):
        return "permission denied"
    return (error.strerror or str(error) or type(error).__name__).lower()


def _make_private(path: Path) -> None:
    """Create `path` and its missing parents, each 0700 (whatever the umask allows more)."""
    missing = [p for p in (path, *path.parents) if not (p.exists() or p.is_symlink())]
    for folder in reversed(missing):
        folder.mkdir(mode=0o700, exist_ok=True)
    path.mkdir(mode=0o700, exist_ok=True)  # raises if something not a folder is in the way


def _ours() -> tuple[Path, ...]:
    """The folders named for this app, kept 0700 even if an older version made them open: the
    platform's data folder and the cache folder (a WORDLE_TUI_HOME the user made is theirs)."""
    return (cache_home(),) if home_override() else (data_home(), cache_home())


def _tighten(path: Path) -> None:
    """Make this user's own folder `path` 0700 if others may enter it (not on Windows)."""
    if os.name == "nt":
        return
    with contextlib.suppress(OSError):
        info = path.stat()
        mine = not hasattr(os, "getuid") or info.st_uid == os.getuid()
        if mine and info.st_mode & 0o077:
            path.chmod(0o700)


def ensure_dir(path: Path, what: str = "data folder") -> Path:
    """Create the folder `path` if needed (0700, as any parent it makes); raise `DataDirError`
    if it cannot be used. The app's own data and cache folders are kept 0700."""
    try:
        _make_private(path)
        if path in _ours():
            _tighten(path)
        if not path.is_dir():
            raise NotADirectoryError(f"{path} is not a folder")
    except OSError as error:
        raise DataDirError(
            f"The {what} {shown(path)} cannot be used: {_reason(path, error)}."
        ) from error
    return path


def data_dir() -> Path:
    """The folder for saved games and statistics (created on demand)."""
    return ensure_dir(data_home(), "data folder")


def cache_dir() -> Path:
    """The folder for caches that can always be recomputed (created on demand)."""
    return ensure_dir(cache_home(), "cache folder")


def served() -> bool:
    """Whether this app runs for a web browser (`wordle-tui serve` sets WORDLE_TUI_SERVED=1)."""
    return os.environ.get(SERVED_VARIABLE, "").strip() == "1"


def named_file(name: str, what: str = "file") -> Path:
    """The path of a file the player typed into the app (an answers file, say).

    In a terminal, the name as typed. Served, only a file inside the data folder: a relative
    name is taken from the data folder, and a name that leads out of it (an absolute path
    elsewhere, `..`, a link pointing out) or to the caches' key raises `OutsideDataFolder`.
    """
    if not served():
        return Path(name)
    folder = data_dir().resolve()
    path = (folder / name).resolve()  # links followed: the file that would really be read
    if not path.is_relative_to(folder):
        raise OutsideDataFolder(
            f"In a browser the app reads only files of its data folder: name the {what} "
            "inside it (lists/NAME/answers.txt, say)."
        )
    if path == folder / KEY_FILE:
        raise OutsideDataFolder(f"In a browser the app does not read its key file as a {what}.")
    return path


def export_folder() -> Path:
    """Where the app writes exports: the data folder's `exports/` (never the folder the app
    happened to be started in, nor, served, anywhere a browser names)."""
    return ensure_dir(data_home() / "exports", "exports folder")
