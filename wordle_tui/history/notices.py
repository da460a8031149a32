"""What the history tells users about saving trouble: each kind once, and the message texts."""

from __future__ import annotations

import os
from pathlib import Path

from ..files import FileProblem, kind_of
from ..paths import shown
from .store import Journal, SchemaError, Trouble

MAX_LINES_NAMED = 5  # a notice names this many skipped journal lines, then counts the rest


def cannot_save(reason: str, lasting: bool = True) -> str:
    """The warning for results that stay pending because of `reason`.

    `lasting`: whether they can be kept beyond this session (the pending file is writable).
    """
    if not lasting:
        return (
            f"Results cannot be saved ({reason}); they are kept while the app is open, and "
            "saved if the history becomes writable before it closes."
        )
    return (
        f"Results cannot be saved right now ({reason}); "
        "they are kept and will be saved when possible."
    )


def kept_where(journal: Journal | None) -> str:
    """Where results of this session go while the history file cannot be used."""
    if journal is None:
        return "Results of this session cannot be saved."
    return (
        f"Results of this session are kept in {shown(journal.path)} and added to "
        "the history when it can be used."
    )


def damaged(path: Path, error: Exception, failure: OSError, journal: Journal | None) -> str:
    """A damaged database that could not be moved aside."""
    return (
        f"The game history {shown(path)} is damaged ({error}) and could not be "
        f"moved aside ({failure}). {kept_where(journal)}"
    )


def moved_aside(error: Exception, moved: Path) -> str:
    """A damaged database that was moved aside for a fresh one."""
    return (
        f"The game history could not be read ({error}); it was moved to {shown(moved)} "
        "and a new one started."
    )


def not_ours(path: Path, error: SchemaError, journal: Journal | None) -> str:
    """A file with a foreign or newer schema, left untouched."""
    if error.kind == "newer":
        why = f"was written by a newer wordle-tui ({error})"
    else:
        why = f"is not a wordle-tui history ({error})"
    return f"{shown(path)} {why}; it was left untouched. {kept_where(journal)}"


def not_a_file(path: Path, journal: Journal | None) -> str:
    """The history's path holds something other than a file (a FIFO, a device, a folder)."""
    try:
        what = kind_of(os.stat(path).st_mode)
    except OSError:
        what = "not a plain file"
    return f"{shown(path)} is {what}, not the history; it was left untouched. {kept_where(journal)}"


def cannot_keep(path: Path, error: OSError) -> str:
    """The pending-results journal at `path` cannot be written."""
    why = (
        str(error)  # it names the file and says why
        if isinstance(error, FileProblem)
        else f"{shown(path)} cannot be written: {error.strerror or error}"
    )
    return (
        f"Results cannot be kept after the app closes ({why}); they are saved if the history "
        "can be written before then."
    )


def cannot_read_journal(error: OSError) -> str:
    """The pending-results journal is there but cannot be read (it was left untouched)."""
    return (
        f"Results kept by an earlier session could not be read ({error}); "
        "the file was left untouched."
    )


def skipped_lines(path: Path, numbers: list[int]) -> str:
    """Damaged lines of the pending-results journal were skipped (named, never quoted)."""
    shown_numbers = ", ".join(str(n) for n in numbers[:MAX_LINES_NAMED])
    more = f" and {len(numbers) - MAX_LINES_NAMED} more" if len(numbers) > MAX_LINES_NAMED else ""
    which = "line" if len(numbers) == 1 else "lines"
    return f"{shown(path)}, {which} {shown_numbers}{more}: damaged, skipped."


class Notices:
    """Trouble reports, each kind once: gathered in `notice` while starting, then via `pop`."""

    def __init__(self) -> None:
        self.notice: str | None = None
        self.starting = True
        self._said: set[str] = set()
        self._warnings: list[str] = []

    def say(self, kind: str, message: str) -> None:
        """Report `message` once per kind: in `notice` while starting, else via `pop`."""
        if kind in self._said:
            return
        self._said.add(kind)
        if self.starting:
            self.notice = f"{self.notice} {message}" if self.notice else message
        else:
            self._warnings.append(message)

    def trouble(self, trouble: Trouble, journal: Journal | None) -> None:
        """Report results that cannot be saved, and whether `journal` can keep them."""
        lasting = journal is not None and os.access(journal.path.parent, os.W_OK)
        if not lasting:
            self._said.add("journal")  # said here: no second, contradicting warning later
        self.say(trouble.kind, cannot_save(trouble.reason, lasting))

    def pop(self) -> str | None:
        """Warnings that appeared since the last call, joined, or None."""
        if not self._warnings:
            return None
        message = " ".join(self._warnings)
        self._warnings.clear()
        return message
