"""Reading and writing files safely: regular files only, never blocking, never half-written.

A FIFO, device or directory given where a file is expected is refused at once (checked with
`os.stat` before opening, and again on the open descriptor, opened without blocking). Writes go
to a temporary file beside the target and are moved into place with `os.replace`, so a reader
sees the old file or the new one, never part of one.

Every file the program keeps for itself is private (`PRIVATE`, 0600, whatever the umask); a
file the user names (an export: `mode=SHARED`) takes the umask's mode, never wider than 0644.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from .errors import WordleTuiError

PRIVATE = 0o600  # the program's own files: the history, the journal, settings, lists, caches
SHARED = None  # a file the user names: the umask's mode, never wider than 0644


class FileProblem(WordleTuiError, OSError):
    """A file that cannot be read or written as asked; the message names it and says why."""


def kind_of(mode: int) -> str:
    """What a non-regular file is, in words ('a directory', 'a named pipe (FIFO)', ...)."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def not_regular(path: Path, mode: int) -> str:
    """The one-line refusal for a path that is not a regular file."""
    return f"{path}: is {kind_of(mode)}, not a regular file"


def open_regular(
    path: str | Path,
    what: str,
    error: type[Exception] = FileProblem,
    max_bytes: int | None = None,
) -> BinaryIO:
    """A regular file opened for reading (never blocking); raise `error` for anything else."""
    path = Path(path)
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise error(not_regular(path, info.st_mode))
        if max_bytes is not None and info.st_size > max_bytes:
            raise error(f"{path}: {info.st_size / 2**20:,.0f} MiB is too big for a {what} file")
        handle = os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb")
    except FileNotFoundError:
        raise error(f"{path}: no such {what} file") from None
    except OSError as problem:
        if isinstance(problem, error):
            raise
        raise error(f"{path}: cannot read it ({problem.strerror or problem})") from None
    mode = os.fstat(handle.fileno()).st_mode  # it may have been swapped since the check
    if not stat.S_ISREG(mode):
        handle.close()
        raise error(not_regular(path, mode))
    return handle


def open_to_append(path: str | Path, error: type[Exception] = FileProblem) -> BinaryIO:
    """A regular file opened to read and append (created if missing, never blocking); raise
    `error` for anything else (a FIFO or device in its place)."""
    path = Path(path)
    with contextlib.suppress(FileNotFoundError):
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise error(not_regular(path, mode))
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
    handle = os.fdopen(os.open(path, flags, PRIVATE), "a+b")
    mode = os.fstat(handle.fileno()).st_mode  # it may have been swapped since the check
    if not stat.S_ISREG(mode):
        handle.close()
        raise error(not_regular(path, mode))
    return handle


def read_bytes_file(
    path: str | Path,
    what: str,
    error: type[Exception] = FileProblem,
    max_bytes: int | None = None,
) -> bytes:
    """The bytes of a regular file; raise `error` (one line) for anything else."""
    with open_regular(path, what, error, max_bytes) as handle:
        try:
            return handle.read()
        except OSError as problem:
            raise error(f"{path}: cannot read it ({problem.strerror or problem})") from None


def decode_text(data: bytes, source: str, error: type[Exception] = FileProblem) -> str:
    """UTF-8 text (a leading byte-order mark is dropped); raise `error` naming the bad line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as problem:
        line = data[: problem.start].count(b"\n") + 1
        raise error(
            f"{source}, line {line}: not a UTF-8 text file "
            f"(byte 0x{data[problem.start]:02x} cannot be read)"
        ) from None


def read_text_file(
    path: str | Path,
    what: str,
    error: type[Exception] = FileProblem,
    max_bytes: int | None = None,
) -> str:
    """The text of a regular UTF-8 file (BOM allowed); raise `error` with a one-line reason."""
    return decode_text(read_bytes_file(path, what, error, max_bytes), str(path), error)


def regular_or_absent(path: Path) -> bool:
    """Whether `path` is a regular file or does not exist (so it may be replaced)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return True


def _temporary(path: Path, mode: int | None) -> tuple[int, str]:
    """A new temporary file beside `path`, open for writing: private (mode 0600), or for
    `SHARED` made with 0644 for the umask to narrow (so never wider)."""
    if mode is not None:
        return tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    for _ in range(100):
        tmp = str(path.parent / f".{path.name}.{secrets.token_hex(6)}.tmp")
        with contextlib.suppress(FileExistsError):
            return os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644), tmp
    raise FileExistsError(f"{path}: no temporary file could be made beside it")


def atomic_write(
    path: str | Path, write: Callable[[BinaryIO], None], mode: int | None = PRIVATE
) -> None:
    """Write `path` by calling `write(handle)` on a temporary file, then `os.replace`.

    The file gets `mode` (0600 by default), or for `SHARED` the umask's (at most 0644).
    Refuses (FileProblem) to replace anything but a regular file; the temporary file is
    removed whatever goes wrong, an interrupt included.
    """
    path = Path(path)
    try:
        current = os.stat(path).st_mode
    except FileNotFoundError:
        current = None
    except OSError as problem:
        raise FileProblem(f"{path}: cannot write it ({problem.strerror or problem})") from None
    if current is not None and not stat.S_ISREG(current):
        raise FileProblem(not_regular(path, current))
    fd, tmp = _temporary(path, mode)
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def keep_private(path: str | Path) -> None:
    """Make the program's own file at `path` private: created empty with mode 0600 if absent,
    narrowed to 0600 if others may read it (an older version's file); never raises."""
    with contextlib.suppress(OSError):
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE))
        except FileExistsError:
            info = os.lstat(path)
            mine = not hasattr(os, "getuid") or info.st_uid == os.getuid()
            if stat.S_ISREG(info.st_mode) and mine and info.st_mode & 0o077:
                os.chmod(path, PRIVATE)


def atomic_write_bytes(path: str | Path, data: bytes, mode: int | None = PRIVATE) -> None:
    """Write `data` to `path` atomically (see `atomic_write`)."""

    def write_data(handle: BinaryIO) -> None:
        handle.write(data)

    atomic_write(path, write_data, mode)


def remove_orphan_temps(
    folder: str | Path, suffix: str = ".tmp", older_than_s: float = 3600
) -> int:
    """Delete regular `*suffix` files in `folder` untouched for `older_than_s`; how many went.

    They are what a writer killed between writing and `os.replace` leaves behind.
    """
    removed, cutoff = 0, time.time() - older_than_s
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not entry.name.endswith(suffix):
            continue
        with contextlib.suppress(OSError):
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and info.st_mtime < cutoff:
                os.unlink(entry.path)
                removed += 1
    return removed
