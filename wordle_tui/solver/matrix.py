"""The reply matrix of a game: every guess against every target, computed once and cached on disk.

The cache file is named by a hash of the rules and both word lists, so a changed list never
reads a stale matrix; a missing, truncated or corrupt file is simply computed again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from pathlib import Path

import numpy as np

from ..paths import cache_dir
from .games import Game

FORMAT_VERSION = 1
_in_memory: dict[str, np.ndarray] = {}


def matrix_key(game: Game) -> str:
    """A hash naming this game's reply matrix by rules and word lists."""
    h = hashlib.sha256(f"v{FORMAT_VERSION}:{game.rules.name}\n".encode())
    h.update("\n".join(game.guesses).encode())
    h.update(b"\n--targets--\n")
    h.update("\n".join(game.targets).encode())
    return h.hexdigest()[:24]


def cache_file(game: Game) -> Path:
    """Where this game's reply matrix is cached."""
    return cache_dir() / f"replies-{game.rules.name}-{matrix_key(game)}.npy"


def _usable_cache_file(game: Game) -> Path | None:
    """The cache file, or None when the cache folder cannot be made."""
    try:
        return cache_file(game)
    except OSError:
        return None


def reply_matrix(game: Game, use_disk: bool = True) -> np.ndarray:
    """The (guesses x targets) reply codes of `game`, from memory, disk cache, or computed."""
    key = matrix_key(game)
    if key in _in_memory:
        return _in_memory[key]
    expected = (len(game.guesses), len(game.targets))
    path = _usable_cache_file(game) if use_disk else None
    matrix = _load(path, expected) if path else None
    if matrix is None:
        matrix = game.rules.matrix(game.guesses, game.targets)
        if path:
            _save(path, matrix)
    matrix.setflags(write=False)
    _in_memory[key] = matrix
    return matrix


def _load(path: Path, shape: tuple[int, int]) -> np.ndarray | None:
    """The cached matrix, or None if it is missing or not what it should be."""
    try:
        matrix = np.load(path, allow_pickle=False)
    except Exception:  # a damaged cache can fail in many ways; it is only ever recomputed
        return None
    if matrix.shape != shape or matrix.dtype != np.uint8:
        return None
    return matrix


def _save(path: Path, matrix: np.ndarray) -> None:
    """Write the matrix atomically; a cache that cannot be written is not an error."""
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as f:
            np.save(f, matrix, allow_pickle=False)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def clear_memory() -> None:
    """Forget matrices held in memory (tests use this to exercise the disk cache)."""
    _in_memory.clear()
