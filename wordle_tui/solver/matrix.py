"""The reply matrix of a game: every guess against every target, computed once and cached on disk.

The cache file is named by a hash of the rules and both word lists, so a changed list never
reads a stale matrix; a missing, truncated, corrupt or wrong file (of the wrong shape or type,
or whose sampled entries are not the true replies) is simply computed again. A cached matrix is
mapped, not read: the NYT's lists make one of 220 MB, and copying it in cost a command more
time than the pages it touches. Before anything is allocated, the size is checked against the
memory this machine can spare (`TooBigError`).

`replies` is what the assistant reads: the matrix when it is at hand (in memory or cached),
else a `ReplyColumns`, the same replies computed for the answers asked about and kept, so a
suggestion on a fresh install needs a block of columns (a second), not the whole square (the
NYT lists': 9 s of CPU and 220 MB written).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

import numpy as np

from .cache import cache_path, open_cache, write_cache_with
from .games import Game
from .memory import TooBigError, check_memory

__all__ = [
    "ReplyColumns",
    "TooBigError",
    "cache_file",
    "clear_memory",
    "matrix_key",
    "replies",
    "reply_matrix",
    "whole",
]

FORMAT_VERSION = 1
CHUNK_CELLS = 4_000_000  # the matrix is built this many cells at a time (fastest, too)
# Peak bytes per cell of a chunk while `rules.matrix` builds it: 12 for guesses with repeated
# letters (measured with tracemalloc), 5 for the others, 6 for Jotto.
BUILD_BYTES_PER_CELL = 12
SPOT_CHECKS = 256  # entries of a cached matrix compared with the true reply on load
DIRECT_ROWS = 32  # a read of at most this many guesses is computed, not kept as columns
_in_memory: dict[str, np.ndarray] = {}
_columns: dict[str, ReplyColumns] = {}


def matrix_key(game: Game) -> str:
    """A hash naming this game's reply matrix by rules and word lists."""
    h = hashlib.sha256(f"v{FORMAT_VERSION}:{game.rules.name}\n".encode())
    h.update("\n".join(game.guesses).encode())
    h.update(b"\n--targets--\n")
    h.update("\n".join(game.targets).encode())
    return h.hexdigest()[:24]


def _file_name(game: Game) -> str:
    return f"replies-{game.rules.name}-{matrix_key(game)}.npy"


def cache_file(game: Game) -> Path:
    """Where this game's reply matrix is cached (raises OSError if the folder is unusable)."""
    path = cache_path(_file_name(game))
    if path is None:
        raise OSError("the cache folder cannot be used")
    return path


def matrix_bytes(guesses: int, targets: int) -> int:
    """The memory building a guesses x targets reply matrix needs at its peak, in bytes."""
    rows = min(guesses, max(1, CHUNK_CELLS // max(targets, 1)))
    return guesses * targets + rows * targets * BUILD_BYTES_PER_CELL


def check_size(guesses: int, targets: int, limit: int | None = None) -> None:
    """Raise TooBigError if the reply matrix would not fit in the memory that can be spared."""
    what = f"the reply matrix for {guesses:,} guesses × {targets:,} answers"
    check_memory(matrix_bytes(guesses, targets), what, "use shorter lists", limit)


def reply_matrix(game: Game, use_disk: bool = True, limit: int | None = None) -> np.ndarray:
    """The (guesses x targets) reply codes of `game`, from memory, disk cache, or computed."""
    key = matrix_key(game)
    if key in _in_memory:
        return _in_memory[key]
    check_size(len(game.guesses), len(game.targets), limit)
    path = cache_path(_file_name(game)) if use_disk else None
    matrix = _load(path, game)
    if matrix is None:
        matrix = build_matrix(game)
        write_cache_with(path, lambda handle: np.save(handle, matrix, allow_pickle=False))
    matrix.setflags(write=False)
    _in_memory[key] = matrix
    return matrix


def replies(game: Game, limit: int | None = None) -> np.ndarray | ReplyColumns:
    """The reply matrix of `game` when it is in memory or cached on disk, else its columns
    computed as they are asked for (`ReplyColumns`, kept for the process): nothing is built
    or written that a question does not need."""
    key = matrix_key(game)
    if key in _in_memory:
        return _in_memory[key]
    check_size(len(game.guesses), len(game.targets), limit)
    matrix = _load(cache_path(_file_name(game)), game)
    if matrix is not None:
        matrix.setflags(write=False)
        _in_memory[key] = matrix
        return matrix
    if key not in _columns:
        _columns[key] = ReplyColumns(game)
    return _columns[key]


def whole(matrix: np.ndarray | ReplyColumns) -> np.ndarray:
    """The whole matrix: this one, or the one whose columns these are (built if need be)."""
    return reply_matrix(matrix.game) if isinstance(matrix, ReplyColumns) else matrix


def build_matrix(game: Game) -> np.ndarray:
    """Compute the reply matrix a block of guesses at a time (so temporaries stay small)."""
    return build_block(game, game.guesses, game.targets)


class Cancelled(Exception):
    """A computation of replies given up: the `cancellable` block's check said so."""


_scope = threading.local()  # this thread's check, inside a `cancellable` block


@contextmanager
def cancellable(check: Callable[[], bool] | None) -> Iterator[None]:
    """Within the block, this thread's reply computations stop between two blocks of guesses
    (raising Cancelled) once `check()` says so: a screen's worker gives up the advice on the
    empty board (seconds of replies on a fresh install) when a row takes over."""
    before = getattr(_scope, "check", None)
    _scope.check = check
    try:
        yield
    finally:
        _scope.check = before


def _give_up_if_cancelled() -> None:
    check = getattr(_scope, "check", None)
    if check is not None and check():
        raise Cancelled("the replies are no longer wanted")


def build_block(game: Game, guesses: Sequence[str], targets: Sequence[str]) -> np.ndarray:
    """The replies of these guesses to these targets, computed a block of guesses at a time."""
    matrix = np.empty((len(guesses), len(targets)), dtype=game.rules.dtype)
    rows = max(1, CHUNK_CELLS // max(len(targets), 1))
    for start in range(0, len(guesses), rows):
        _give_up_if_cancelled()
        block = guesses[start : start + rows]
        matrix[start : start + len(block)] = game.rules.matrix(block, targets)
    return matrix


class ReplyColumns:
    """A game's reply matrix read as the matrix is (`[g, t]`, `[:, t]`, `[np.ix_(g, t)]`, a
    row `[g]`), its entries computed on demand: a read of many guesses computes every guess's
    column of the targets it lacks and keeps it; a read of a few guesses is computed alone.
    Any other index raises TypeError. Safe to share between threads."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.shape = (len(game.guesses), len(game.targets))
        self.dtype = np.dtype(game.rules.dtype)
        where = np.full(len(game.targets), -1, dtype=np.intp)  # a target's column in the store
        self._kept = (np.empty((self.shape[0], 0), dtype=self.dtype), where)
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return self.shape[0]

    @property
    def columns(self) -> int:
        """How many targets' columns are kept."""
        return self._kept[0].shape[1]

    def __getitem__(self, key: object) -> np.ndarray:
        rows, cols = key if isinstance(key, tuple) and len(key) == 2 else (key, slice(None))
        targets = _indices(cols, self.shape[1])
        if isinstance(rows, int | np.integer):
            row: np.ndarray = self.block(np.array([rows]), targets)[0]
            return row
        if isinstance(rows, slice) or (np.ndim(np.asarray(rows)) == 1 and isinstance(cols, slice)):
            return self.block(_indices(rows, self.shape[0]), targets)
        if isinstance(rows, np.ndarray) and rows.ndim == 2 and rows.shape[1] == 1:  # np.ix_
            return self.block(rows[:, 0], targets)
        raise TypeError("ReplyColumns reads a row, rows by columns, or np.ix_ blocks")

    def block(self, guesses: np.ndarray, targets: np.ndarray) -> np.ndarray:
        """The (guesses x targets) replies, by guess and target number."""
        store, where = self._kept
        found = where[targets]
        if found.size and found.min() >= 0:
            kept: np.ndarray = store[np.ix_(guesses, found)]
            return kept
        if not found.size:
            return np.empty((len(guesses), 0), dtype=self.dtype)
        if len(guesses) <= DIRECT_ROWS:
            words = self.game.guesses
            return self._compute([words[g] for g in guesses.tolist()], targets)
        store, where = self._keep(targets)
        kept = store[np.ix_(guesses, where[targets])]
        return kept

    def _compute(self, words: list[str] | tuple[str, ...], targets: np.ndarray) -> np.ndarray:
        names = self.game.targets
        return build_block(self.game, words, [names[t] for t in targets.tolist()])

    def _keep(self, targets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The store with every guess's column of these targets in it. The columns are
        computed outside the lock, so a thread needing a few does not wait for another's many."""
        store, where = self._kept
        new = np.unique(targets[where[targets] < 0])
        if not new.size:
            return self._kept
        added = self._compute(self.game.guesses, new)
        with self._lock:
            store, where = self._kept
            missing = where[new] < 0  # another thread may have kept some meanwhile
            new, added = new[missing], added[:, missing]
            if new.size:
                where = where.copy()
                where[new] = np.arange(store.shape[1], store.shape[1] + new.size)
                store = np.concatenate([store, added], axis=1) if store.shape[1] else added
                self._kept = (store, where)  # one assignment: readers see both or neither
            return self._kept


def _load(path: Path | None, game: Game) -> np.ndarray | None:
    """The cached matrix, or None if it is missing or not what it should be."""
    handle = open_cache(path)
    if handle is None:
        return None
    wanted = (len(game.guesses), len(game.targets)), np.dtype(game.rules.dtype)
    try:
        with handle:
            matrix = mapped(handle, *wanted)
    except Exception:  # a damaged cache can fail in many ways; it is only ever recomputed
        return None
    return matrix if matrix is not None and _spot_check(matrix, game) else None


def mapped(handle: BinaryIO, shape: tuple[int, int], dtype: np.dtype) -> np.ndarray | None:
    """The C-ordered array of this shape and type in an open .npy file, mapped read-only (its
    pages are read from the disk cache as they are first touched, never all copied at once);
    None if the file holds another array. A file too short for it raises ValueError."""
    version = np.lib.format.read_magic(handle)
    if version == (1, 0):
        header = np.lib.format.read_array_header_1_0(handle)
    else:
        header = np.lib.format.read_array_header_2_0(handle)
    if header != (shape, False, dtype):
        return None
    return np.asarray(np.memmap(handle, dtype, "r", handle.tell(), shape))


def _spot_check(matrix: np.ndarray, game: Game) -> bool:
    """Whether sampled entries (the corners among them) are the true replies."""
    rng = np.random.default_rng(int(matrix_key(game)[:8], 16))
    rows, cols = matrix.shape
    g = np.append(rng.integers(0, rows, SPOT_CHECKS), [0, rows - 1])
    t = np.append(rng.integers(0, cols, SPOT_CHECKS), [0, cols - 1])
    return all(
        int(matrix[i, j]) == game.reply(game.guesses[i], game.targets[j])
        for i, j in zip(g.tolist(), t.tolist(), strict=True)
    )


def _indices(index: object, size: int) -> np.ndarray:
    """A slice, or integer indices (1-D, or a row as np.ix_ makes them), as a 1-D array."""
    if isinstance(index, slice):
        return np.arange(size)[index]
    found = np.asarray(index)
    if found.dtype.kind not in "iu" or found.ndim > 2 or (found.ndim == 2 and len(found) != 1):
        raise TypeError("ReplyColumns takes a slice or integer indices")
    return found.reshape(-1)


TAKE_CELLS = 2**26  # rows_for takes every guess's codes first up to this many (64 MB)


def clear_memory() -> None:
    """Forget matrices and columns held in memory (tests use this to exercise the disk cache)."""
    _in_memory.clear()
    _columns.clear()


def rows_for(
    matrix: np.ndarray | ReplyColumns, pool: np.ndarray, targets: np.ndarray
) -> np.ndarray:
    """Reply codes of the guesses in `pool` (in pool order) against `targets`.

    Never assumes a pool of full length is the guess list in order: a custom answer list may
    hold every guess in another order.
    """
    full = len(pool) == len(matrix) and np.array_equal(pool, np.arange(len(matrix)))
    if not isinstance(matrix, np.ndarray):  # columns computed as asked: never np.take them whole
        return matrix[:, targets] if full else matrix[np.ix_(pool, targets)]
    if full:
        if len(targets) == matrix.shape[1] and np.array_equal(targets, np.arange(len(targets))):
            return matrix  # every target in order: the matrix itself, never a copy of it
        return np.take(matrix, targets, axis=1)  # 2-6 times faster than matrix[:, targets]
    if 4 * len(pool) >= len(matrix) and len(matrix) * len(targets) <= TAKE_CELLS:
        return np.take(np.take(matrix, targets, axis=1), pool, axis=0)  # most guesses: as above
    cells: np.ndarray = matrix[np.ix_(pool, targets)]
    return cells
