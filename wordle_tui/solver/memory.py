"""How much memory a computation may use, and the error for one that would need more.

The limit is half the machine's physical memory, and never more than is available now, so a
list too big for the machine is refused with a sentence before anything is allocated.
"""

from __future__ import annotations

import os

from ..errors import WordleTuiError

GIB = 2**30


class TooBigError(WordleTuiError, MemoryError):
    """A computation that would need more memory than this machine can spare."""


def physical_memory() -> int | None:
    """The machine's physical memory in bytes, or None if it cannot be told."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


def available_memory() -> int | None:
    """Memory available to start new work, in bytes (Linux's MemAvailable), or None."""
    try:
        with open("/proc/meminfo", "rb") as meminfo:
            for line in meminfo:
                if line.startswith(b"MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_AVPHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


def memory_limit() -> int | None:
    """The most bytes one computation may use: half the physical memory, at most what is
    available now; None when neither can be told (then nothing is refused)."""
    physical, available = physical_memory(), available_memory()
    limits = [m for m in (physical // 2 if physical else None, available) if m]
    return min(limits) if limits else None


def gib(size: float) -> str:
    """A byte count in GiB, for messages ('37.3 GiB')."""
    return f"{size / GIB:,.1f} GiB"


def check_memory(need: int, what: str, advice: str, limit: int | None = None) -> None:
    """Raise TooBigError if `need` bytes are more than `limit` (default: `memory_limit()`)."""
    limit = memory_limit() if limit is None else limit
    if limit is None or need <= limit:
        return
    physical = physical_memory()
    has = f"this machine has {gib(physical)} and " if physical else "this machine "
    raise TooBigError(f"{what} needs {gib(need)}; {has}can spare {gib(limit)}: {advice}")
