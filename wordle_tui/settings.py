"""The app's settings: a small JSON file in the data folder, `settings.json`, written atomically.

What the player chose in the app and wants next time: the word-list set, the theme, high
contrast, hard mode for new games, animations and compact tiles. A missing file means the
defaults. A damaged one (not JSON, not an object) means the defaults too, with one warning
naming the file; a value of the wrong kind means that setting's default, with one warning
naming it. Either is replaced at the next change. Keys this version does not know are kept.
Nothing here raises: a file that cannot be written is a warning, and the choice still holds for
this run.
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
DEFAULT_LISTS = "nyt"  # the NYT game of today (`default` is read as `classic`)
DEFAULT_THEME = "textual-dark"
LISTS_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")  # as `solver.listsets` names sets
THEME_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_. -]{0,59}")
# The settings besides the word lists: JSON key -> (attribute, default)
CHOICES = {
    "theme": ("theme", DEFAULT_THEME),
    "high_contrast": ("high_contrast", False),
    "hard_mode": ("hard_mode", False),
    "animations": ("animations", True),
    "compact": ("compact", False),
    "perfect_evil": ("perfect_evil", False),
    "adversary": ("adversary", False),
}


def settings_path() -> Path:
    """Where the settings are kept (the folder is not created here)."""
    return data_home() / FILE_NAME


@dataclass
class Settings:
    """The app's settings, with the file they came from and any warning about it."""

    path: Path
    lists: str = DEFAULT_LISTS  # the word-list set the app opens with
    theme: str = DEFAULT_THEME  # a Textual theme's name (the app checks it exists)
    high_contrast: bool = False  # orange and blue tiles instead of green and yellow
    hard_mode: bool = False  # new Wordle and Evil games start in hard mode
    animations: bool = True  # Textual's animation level: "full", else "none"
    compact: bool = False  # one-line tiles whatever the terminal's height
    perfect_evil: bool = False  # new Evil Wordle games against the perfect replier
    adversary: bool = False  # new Wordle games draw their word from the adversary
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
        other = {k: v for k, v in data.items() if k != "lists" and k not in CHOICES}
        lists = data.get("lists", DEFAULT_LISTS)
        if not isinstance(lists, str) or not LISTS_NAME.fullmatch(lists):
            return cls(path, other=other, warning=damaged(path, "'lists' is not a set's name"))
        settings = cls(path, lists, other=other)
        wrong = [key for key in CHOICES if key in data and not settings.take(key, data[key])]
        if wrong:
            named = ", ".join(f"'{key}'" for key in wrong)
            settings.warning = damaged(path, f"{named} cannot be used", some=True)
        return settings

    def take(self, key: str, value: object) -> bool:
        """Set the choice stored under `key` from a JSON value; False if it is unusable."""
        attribute, default = CHOICES[key]
        if isinstance(default, bool):
            usable = isinstance(value, bool)
        else:
            usable = isinstance(value, str) and THEME_NAME.fullmatch(value) is not None
        if usable:
            setattr(self, attribute, value)
        return usable

    def as_data(self) -> dict:
        """What is written: unknown keys, the word lists, and every choice not at its default."""
        data = {**self.other, "lists": self.lists}
        for key, (attribute, default) in CHOICES.items():
            if getattr(self, attribute) != default:
                data[key] = getattr(self, attribute)
        return data

    def save(self) -> str | None:
        """Write the settings atomically; a warning if they could not be written, else None."""
        try:
            ensure_dir(self.path.parent)
            atomic_write_bytes(self.path, (json.dumps(self.as_data(), indent=2) + "\n").encode())
        except OSError as error:  # DataDirError and FileProblem are OSErrors
            if isinstance(error, WordleTuiError):  # names its path already
                reason = str(error)
            else:
                reason = f"{shown(self.path)}: {error.strerror or error}"
            return f"The settings cannot be saved ({reason}); kept for this run only."
        return None


def damaged(path: Path, reason: str, some: bool = False) -> str:
    """The one warning about a settings file (or some of its values) that cannot be used."""
    defaults = "the defaults for those" if some else "the defaults"
    return (
        f"The settings file {shown(path)} cannot be used ({reason}); using {defaults}. "
        "It is replaced when you change a setting."
    )
