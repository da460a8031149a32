"""The optimum's search kept between runs: `mastermind solve --strategy optimal --resume`.

What the search knows is its memo: for each set of codes (under its least image, so sets
alike share it) the least total, or a lower bound on it, and the guess that reaches it. Both
hold whatever run found them, so a new search handed them goes on where the last one
stopped: a set known exactly is not searched again, and a bound rules out at once what the
last run ruled out. The quick tree is rebuilt (seconds), the first guesses are tried in the
same order, and the ones already settled return at once.

Only sets of at least `SAVE_FROM` codes are kept (the kernel searches a smaller one again in
milliseconds, and they are most of the entries). The file lives in the cache folder, signed
like every cache (`solver.cache`), one per size and guess limit, written every
`SAVE_EVERY_S` seconds while the search runs and when it stops or ends. A file that is
damaged, unsigned or of another size is not used, and the search starts afresh.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np

from ....solver.cache import cache_path, read_cache, write_cache_with

FORMAT = 1
SAVE_FROM = 20  # codes in the smallest set kept
SAVE_EVERY_S = 300.0
CODE_BYTES = 4  # a code of a memo key (int32)
Entry = tuple[float, bool, int]  # (total or lower bound, exact, guess)


@dataclass(frozen=True)
class Saved:
    """What a run saved: its memo's larger sets, and the order it tried the first guesses in."""

    memo: dict[bytes, Entry]
    firsts: list[int]


def state_path(colours: int, pegs: int, max_guesses: int) -> Path | None:
    """Where the search of this size and guess limit keeps its memo (None: no cache folder)."""
    return cache_path(f"mastermind-search-{colours}x{pegs}-{max_guesses}-v{FORMAT}.npz")


def save_memo(path: Path | None, memo: dict[bytes, Entry], codes: int, firsts: list[int]) -> int:
    """Save the memo's entries for sets of at least `SAVE_FROM` codes, and the order the first
    guesses are tried in (`firsts`: a resumed run keeps it, to meet the sets where they were
    searched); how many entries were saved."""
    if path is None:
        return 0
    entries = [(key, entry) for key, entry in memo.copy().items() if len(key) >= _least_key()]
    lengths = np.fromiter((len(key) for key, _ in entries), dtype=np.int64, count=len(entries))

    def write(handle: BinaryIO) -> None:
        np.savez(
            handle,
            format=np.array([FORMAT, codes], dtype=np.int64),
            lengths=lengths,
            keys=np.frombuffer(b"".join(key for key, _ in entries), dtype=np.uint8),
            values=np.array([entry[0] for _, entry in entries], dtype=np.float64),
            exact=np.array([entry[1] for _, entry in entries], dtype=bool),
            guesses=np.array([entry[2] for _, entry in entries], dtype=np.int32),
            firsts=np.array(firsts, dtype=np.int32),
        )

    write_cache_with(path, write)
    return len(entries)


def load_memo(path: Path | None, codes: int) -> Saved | None:
    """What a run saved for a game of `codes` codes, or None if nothing was or the file cannot
    be trusted (see `_checked`)."""
    data = read_cache(path) if path is not None and path.exists() else None
    if data is None:
        return None
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as saved:
            arrays = {name: saved[name] for name in saved.files}
    except (OSError, ValueError, KeyError, EOFError):
        return None
    return _checked(arrays, codes)


def _checked(arrays: dict[str, np.ndarray], codes: int) -> Saved | None:
    """What `arrays` hold, or None unless every part has the shape and range a search of
    `codes` codes can write: keys of whole codes (and a guess limit's byte), values that are
    totals (at least 2n - 1 for n codes, whole numbers, or infinite), guesses that are codes."""
    names = ("format", "lengths", "keys", "values", "exact", "guesses", "firsts")
    if any(name not in arrays for name in names):
        return None
    head, lengths, keys = arrays["format"], arrays["lengths"], arrays["keys"]
    values, exact, guesses = arrays["values"], arrays["exact"], arrays["guesses"]
    if head.shape != (2,) or head.tolist() != [FORMAT, codes] or lengths.ndim != 1:
        return None
    count = len(lengths)
    if any(a.shape != (count,) for a in (values, exact, guesses)) or keys.ndim != 1:
        return None
    if exact.dtype != bool or lengths.dtype.kind != "i" or guesses.dtype.kind != "i":
        return None
    if values.dtype.kind != "f" or keys.dtype != np.uint8 or int(lengths.sum()) != len(keys):
        return None
    if count and (lengths.min() < _least_key() or (lengths % CODE_BYTES > 1).any()):
        return None
    sizes = lengths // CODE_BYTES
    finite = np.isfinite(values)
    whole = np.all(values[finite] == np.floor(values[finite]))
    if not whole or np.any(np.isnan(values)) or np.any(values[finite] < 2 * sizes[finite] - 1):
        return None
    firsts = arrays["firsts"]
    if firsts.ndim != 1 or firsts.dtype.kind != "i" or len(set(firsts.tolist())) < len(firsts):
        return None
    if np.any(guesses < -1) or np.any(guesses >= codes) or not _are_codes(firsts, codes):
        return None
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1])).tolist()
    raw = keys.tobytes()
    memo: dict[bytes, Entry] = {}
    for start, length, value, is_exact, guess in zip(
        starts, lengths.tolist(), values.tolist(), exact.tolist(), guesses.tolist(), strict=True
    ):
        key = raw[start : start + length]
        if not _codes_fit(key, codes):
            return None
        memo[key] = (math.inf if math.isinf(value) else value, is_exact, guess)
    return Saved(memo, firsts.tolist())


def _codes_fit(key: bytes, codes: int) -> bool:
    """Whether a key's codes are codes of the game, in increasing order."""
    whole = len(key) - len(key) % CODE_BYTES
    found = np.frombuffer(key[:whole], dtype=np.int32)
    return _are_codes(found, codes) and bool(np.all(np.diff(found) > 0))


def _are_codes(found: np.ndarray, codes: int) -> bool:
    """Whether every number is a code of the game (0 to codes - 1)."""
    return not len(found) or bool(found.min() >= 0 and found.max() < codes)


def _least_key() -> int:
    """Bytes in the key of the smallest set kept."""
    return SAVE_FROM * CODE_BYTES
