"""Files in the cache folder: found safely, read only when regular, written atomically.

Every cache can be recomputed, so nothing here raises: a cache folder that cannot be used
means "compute without caching", a file that is missing, not a regular file (a FIFO must not
hang a read), damaged or wrong reads as None, and a write that fails is forgotten. The first
use in a process removes `*.tmp` files that a writer killed mid-write left behind.

A cache file missing from the folder may be shipped in the package (`wordle_tui/trees/`,
gzipped, under the same name: its name says what it was computed from): `read_cache` reads
that instead, so a fresh install of the bundled lists skips seconds of work
(`scripts/shipped_caches.py` writes them).
"""

from __future__ import annotations

import contextlib
import gzip
import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import BinaryIO

from ..files import (
    FileProblem,
    atomic_write,
    atomic_write_bytes,
    open_regular,
    read_bytes_file,
    remove_orphan_temps,
)
from ..paths import cache_dir

ORPHAN_AGE_S = 3600
_swept: set[Path] = set()


def cache_path(name: str) -> Path | None:
    """Where the cache file `name` lives, or None when the cache folder cannot be used."""
    try:
        folder = cache_dir()
    except (OSError, ValueError):  # DataDirError is an OSError
        return None
    if folder not in _swept:
        _swept.add(folder)
        remove_orphan_temps(folder, ".tmp", ORPHAN_AGE_S)
    return folder / name


def read_cache(path: Path | None) -> bytes | None:
    """The bytes of a cache file (or of the one shipped under its name, when it is absent), or
    None if it is absent, not a regular file or unreadable."""
    if path is None:
        return None
    try:
        return read_bytes_file(path, "cache")
    except OSError:
        return shipped_cache(path.name)


def shipped_cache(name: str) -> bytes | None:
    """The bytes of the cache file shipped in the package under `name`, or None."""
    source = resources.files("wordle_tui").joinpath("trees", f"{name}.gz")
    try:
        return gzip.decompress(source.read_bytes())
    except (OSError, EOFError, gzip.BadGzipFile):
        return None


def open_cache(path: Path | None) -> BinaryIO | None:
    """A cache file opened for reading, or None if it is absent or not a regular file."""
    if path is None:
        return None
    try:
        return open_regular(path, "cache")
    except OSError:
        return None


def write_cache(path: Path | None, data: bytes) -> None:
    """Store a cache file atomically; a cache that cannot be written is not an error."""
    if path is None:
        return
    with contextlib.suppress(OSError, FileProblem):
        atomic_write_bytes(path, data)


def write_cache_with(path: Path | None, write: Callable[[BinaryIO], None]) -> None:
    """Store a cache file written by `write(handle)`, atomically; failures are forgotten."""
    if path is None:
        return
    with contextlib.suppress(OSError, FileProblem):
        atomic_write(path, write)


def read_json(path: Path | None) -> object | None:
    """A JSON cache file's data, or None if it cannot be read or parsed."""
    raw = read_cache(path)
    if raw is None:
        return None
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return None


def write_json(path: Path | None, data: object) -> None:
    """Store data as a JSON cache file."""
    write_cache(path, json.dumps(data, separators=(",", ":")).encode())
