"""Files in the cache folder: found safely, read only when regular, written atomically, signed.

Every cache can be recomputed, so nothing here raises: a cache folder that cannot be used
means "compute without caching", a file that is missing, not a regular file (a FIFO must not
hang a read), damaged or wrong reads as None, and a write that fails is forgotten. The first
use in a process removes `*.tmp` files that a writer killed mid-write left behind.

Whoever can write the cache folder must not make a cache lie (a proof's saved progress, a
reply matrix): each file is signed with a keyed BLAKE2b MAC over its name and whole content,
kept beside it (`NAME.mac`), under a secret key of this user's (`cache.key`: random, 0600, in
the private data folder). A file without a valid signature, or not owned by this user, or
readable or writable by others, reads as None and is recomputed. The signature also stamps
the very file written (device, inode, size, modification time): a file still the one this
program wrote, which no one else may write (0600), loads without hashing its content again
(the NYT's 210 MiB matrix takes a second or more to hash); any other is hashed whole.

A cache file missing from the folder may be shipped in the package (`wordle_tui/trees/`,
gzipped, under the same name: its name says what it was computed from): `read_cache` reads
that instead, so a fresh install of the bundled lists skips seconds of work
(`scripts/shipped_caches.py` writes them).
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import hmac
import json
import os
import secrets
import tempfile
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import BinaryIO

from ..files import (
    FileProblem,
    atomic_write,
    atomic_write_bytes,
    open_regular,
    remove_orphan_temps,
)
from ..paths import KEY_FILE, cache_dir, data_dir

ORPHAN_AGE_S = 3600
KEY_NAME = KEY_FILE  # in the data folder, never the cache folder
KEY_BYTES = 32
MAC_SUFFIX = ".mac"
CHUNK = 1 << 20  # bytes hashed at a time
_swept: set[Path] = set()
_keys: dict[Path, bytes] = {}


def _usable(handle: BinaryIO) -> bool:
    """Whether an open file is this user's own and no one else's to write (nor, 0600, read);
    on Windows, whose modes say nothing of this, the user's folder is private already."""
    if os.name == "nt":
        return True
    info = os.fstat(handle.fileno())
    mine = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    return mine and not info.st_mode & 0o077


def _read_key(path: Path) -> bytes | None:
    """The key stored at `path`, or None if it is missing, the wrong size or not private."""
    try:
        with open_regular(path, "key") as handle:
            key = handle.read(KEY_BYTES + 1) if _usable(handle) else b""
    except OSError:
        return None
    return key if len(key) == KEY_BYTES else None


def _make_key(path: Path) -> bytes | None:
    """A new random key stored at `path` (0600), or the one another process made first."""
    key = secrets.token_bytes(KEY_BYTES)
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(key)
        try:
            os.link(tmp, path)  # never replaces a key another process has just made
        except FileExistsError:
            if _read_key(path) is None:  # one that is not private or not a key is replaced
                os.replace(tmp, path)
        except OSError:  # a file system without hard links
            os.replace(tmp, path)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    except OSError:
        return None
    return _read_key(path)


def cache_key() -> bytes | None:
    """This user's secret key for signing caches (made once); None if it cannot be had."""
    try:
        folder = data_dir()
    except (OSError, ValueError):  # DataDirError is an OSError
        return None
    if folder not in _keys:
        key = _read_key(folder / KEY_NAME) or _make_key(folder / KEY_NAME)
        if key is None:
            return None
        _keys[folder] = key
    return _keys[folder]


def _mac(key: bytes, path: Path, *parts: bytes) -> hashlib.blake2b:
    """A MAC under `key`, started with the cache file's name and `parts`."""
    mac = hashlib.blake2b(key=key, digest_size=32, person=b"wordle-tui cache")
    mac.update(path.name.encode("utf-8", "surrogateescape") + b"\0")
    for part in parts:
        mac.update(part + b"\0")
    return mac


def _mac_path(path: Path) -> Path:
    return path.with_name(path.name + MAC_SUFFIX)


def _digest_of(handle: BinaryIO, key: bytes, path: Path) -> bytes:
    """The MAC of an open file's whole content, read from its start in chunks (the handle is
    left at its start: a file to read is read next, one just written is closed next)."""
    mac, fd = _mac(key, path), handle.fileno()
    os.lseek(fd, 0, os.SEEK_SET)
    while chunk := os.read(fd, CHUNK):
        mac.update(chunk)
    os.lseek(fd, 0, os.SEEK_SET)
    return mac.digest()


def _stamp(handle: BinaryIO, key: bytes, path: Path, digest: bytes) -> bytes:
    """A MAC of the very file open in `handle` (device, inode, size, modification time) and
    of its content's MAC: the file this program wrote, untouched since, has the same."""
    info = os.fstat(handle.fileno())
    which = f"{info.st_dev}:{info.st_ino}:{info.st_size}:{info.st_mtime_ns}".encode()
    return _mac(key, path, b"stamp", which, digest).digest()


def _signature(path: Path) -> tuple[bytes, bytes] | None:
    """The content MAC and the stamp kept beside `path`, or None."""
    try:
        with open_regular(_mac_path(path), "signature") as handle:
            text = handle.read(200) if _usable(handle) else b""
        digest, stamp = (bytes.fromhex(part.decode()) for part in text.split(b"\n"))
    except (OSError, ValueError):
        return None
    return digest, stamp


def _verified(handle: BinaryIO, key: bytes, path: Path) -> bool:
    """Whether an open cache file is this user's own and signed by this user's key.

    The file written by this program and untouched since (its stamp) needs no more; any other
    (copied, restored) is hashed whole, and stamped anew when its content's MAC holds.
    """
    kept = _signature(path)
    if kept is None or not _usable(handle):
        return False
    digest, stamp = kept
    if hmac.compare_digest(stamp, _stamp(handle, key, path, digest)):
        return True
    if not hmac.compare_digest(digest, _digest_of(handle, key, path)):
        return False
    with contextlib.suppress(OSError):
        _sign(path, digest, _stamp(handle, key, path, digest))
    return True


def _sign(path: Path, digest: bytes, stamp: bytes) -> None:
    """Keep the signature of the cache file at `path`: its content's MAC, and its stamp."""
    atomic_write_bytes(_mac_path(path), digest.hex().encode() + b"\n" + stamp.hex().encode(), 0o600)


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


def shipped_cache(name: str) -> bytes | None:
    """The bytes of the cache file shipped in the package under `name`, or None."""
    source = resources.files("wordle_tui").joinpath("trees", f"{name}.gz")
    try:
        return gzip.decompress(source.read_bytes())
    except (OSError, EOFError, gzip.BadGzipFile):
        return None


def open_cache(path: Path | None) -> BinaryIO | None:
    """A cache file opened for reading, its signature checked; None if it is absent, not a
    regular file, not this user's own, or not signed by this user (see `_verified`)."""
    key = cache_key() if path is not None else None
    if path is None or key is None:
        return None
    try:
        handle = open_regular(path, "cache")
    except OSError:
        return None
    try:
        if _verified(handle, key, path):
            handle.seek(0)
            return handle
    except OSError:
        pass
    handle.close()
    return None


def read_cache(path: Path | None) -> bytes | None:
    """The bytes of a cache file whose signature holds (see `open_cache`), else of the one
    shipped in the package under its name, or None."""
    if path is None:
        return None
    handle = open_cache(path)
    if handle is None:
        return shipped_cache(path.name)
    try:
        with handle:
            return handle.read()
    except OSError:
        return None


def write_cache_with(path: Path | None, write: Callable[[BinaryIO], None]) -> None:
    """Store a cache file written by `write(handle)`, atomically, and sign what was written;
    failures are forgotten."""
    key = cache_key() if path is not None else None
    if path is None or key is None:
        return
    signature: list[bytes] = []

    def write_and_hash(handle: BinaryIO) -> None:
        write(handle)
        handle.flush()
        digest = _digest_of(handle, key, path)  # the bytes written, read back
        signature[:] = [digest, _stamp(handle, key, path, digest)]  # kept by os.replace

    with contextlib.suppress(OSError, FileProblem):
        atomic_write(path, write_and_hash, 0o600)
        _sign(path, *signature)


def write_cache(path: Path | None, data: bytes) -> None:
    """Store a cache file atomically, signed; a cache that cannot be written is not an error."""

    def write_data(handle: BinaryIO) -> None:
        handle.write(data)

    write_cache_with(path, write_data)


def read_json(path: Path | None) -> object | None:
    """A JSON cache file's data, or None if it cannot be read or parsed."""
    raw = read_cache(path)
    if raw is None:
        return None
    try:
        data: object = json.loads(raw)
        return data
    except (ValueError, RecursionError):
        return None


def write_json(path: Path | None, data: object) -> None:
    """Store data as a JSON cache file."""
    write_cache(path, json.dumps(data, separators=(",", ":")).encode())
