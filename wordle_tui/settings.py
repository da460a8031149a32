"""The app's settings: a small JSON file in the data folder, `settings.json`, written atomically.

What the player chose in the app and wants next time: today, the word-list set. A missing file
means the defaults. A damaged one (not JSON, not an object, a value of the wrong kind) means
the defaults too, with one warning naming the file; it is replaced at the next change. Keys
this version does not know are kept. Nothing here raises: a file that cannot be written is a
warning, and the choice still holds for this run.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import WordleTuiError
from .files import FileProblem, atomic_write_bytes, read_text_file
from .paths import data_home, ensure_dir, shown

FILE_NAME = "settings.json"
MAX_BYTES = 2**16
DEFAULT_LISTS = "default"
LISTS_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")  # as `solver.listsets` names sets


def settings_path() -> Path:
    """Where the settings are kept (the folder is not created here)."""
    return data_home() / FILE_NAME


@dataclass
class Settings:
    """The app's settings, with the file they came from and any warning about it."""

    path: Path
    lists: str = DEFAULT_LISTS  # the word-list set the app opens with
    warning: str | None = None  # said once: the file was damaged, so the defaults are used
    other: dict = field(default_factory=dict)  # keys of other versions, kept as they were

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """The settings in `path` (default: the data folder's), or the defaults."""
        path = settings_path() if path is None else path
        if not (path.exists() or path.is_symlink()):
            return cls(path)
        try:
            data = json.loads(read_text_file(path, "settings", FileProblem, MAX_BYTES))
        except (WordleTuiError, OSError, ValueError, RecursionError) as error:
            reason = str(error) if isinstance(error, WordleTuiError) else "it is not JSON"
            return cls(path, warning=damaged(path, reason))
        if not isinstance(data, dict):
            return cls(path, warning=damaged(path, "it is not a JSON object"))
        lists = data.get("lists", DEFAULT_LISTS)
        other = {k: v for k, v in data.items() if k != "lists"}
        if not isinstance(lists, str) or not LISTS_NAME.fullmatch(lists):
            return cls(path, other=other, warning=damaged(path, "'lists' is not a set's name"))
        return cls(path, lists, other=other)

    def save(self) -> str | None:
        """Write the settings atomically; a warning if they could not be written, else None."""
        data = {**self.other, "lists": self.lists}
        try:
            ensure_dir(self.path.parent)
            atomic_write_bytes(self.path, (json.dumps(data, indent=2) + "\n").encode())
        except OSError as error:  # DataDirError and FileProblem are OSErrors
            reason = str(error) if isinstance(error, WordleTuiError) else error.strerror
            return f"The settings cannot be saved ({reason or error}); kept for this run only."
        return None


def damaged(path: Path, reason: str) -> str:
    """The one warning about a settings file that cannot be used."""
    return (
        f"The settings file {shown(path)} cannot be used ({reason}); using the defaults. "
        "It is replaced when you change a setting."
    )
