"""Ghost word lists and the solved vocabularies cached on disk (npz, keyed by the word list)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ..paths import cache_dir
from .ghost import ARRAY_FIELDS, LETTERS, VARIANTS, GhostError, Vocabulary, build
from .words import ENABLE, WordListError, bundled_path

FORMAT_VERSION = 1


def read_words(path: str | Path | None = None) -> list[str]:
    """A Ghost word list (default: the bundled ENABLE list), one word a line, any lengths."""
    source = Path(path) if path else bundled_path(ENABLE)
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise WordListError(f"{source}: no such word list file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise WordListError(f"{source}: cannot read it ({error})") from None
    words = text.lower().split()
    if not words:
        raise WordListError(f"{source}: the word list is empty")
    if not LETTERS.fullmatch("\n".join(words)):
        for number, line in enumerate(text.splitlines(), start=1):
            word = line.strip().lower()
            if word and not LETTERS.fullmatch(word):
                raise WordListError(
                    f"{source}, line {number}: {line.strip()!r} is not a word of letters a-z"
                )
    return words


def cache_key(words: Sequence[str], variant: str, min_length: int) -> str:
    digest = hashlib.sha256("\n".join(words).encode()).hexdigest()[:20]
    return f"ghost-v{FORMAT_VERSION}-{variant}-{min_length}-{digest}"


def solved(
    variant: str = "ghost",
    min_length: int = 3,
    path: str | Path | None = None,
    use_disk: bool = True,
) -> Vocabulary:
    """The solved vocabulary for a variant, from the disk cache when it is there."""
    words = read_words(path)
    kept = tuple(dict.fromkeys(w for w in words if len(w) >= min_length))
    if variant not in VARIANTS:
        raise GhostError(f"unknown variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
    try:
        file = cache_dir() / f"{cache_key(kept, variant, min_length)}.npz" if use_disk else None
    except OSError:
        file = None
    if file is not None and file.exists():
        vocab = _load(file, kept, variant, min_length)
        if vocab is not None:
            return vocab
    vocab = build(words, variant, min_length)
    if file is not None:
        _save(file, vocab)
    return vocab


def _save(file: Path, vocab: Vocabulary) -> None:
    arrays = {name: getattr(vocab, name) for name in ARRAY_FIELDS}
    arrays.update({f"keys{i}": keys for i, keys in enumerate(vocab.level_keys)})
    try:
        fd, tmp = tempfile.mkstemp(dir=file.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            np.savez(handle, **arrays)
        os.replace(tmp, file)
    except OSError:
        with contextlib.suppress(OSError, UnboundLocalError):
            os.unlink(tmp)


def _load(file: Path, words: tuple[str, ...], variant: str, min_length: int) -> Vocabulary | None:
    try:
        with np.load(file, allow_pickle=False) as data:
            arrays = {name: data[name] for name in ARRAY_FIELDS}
            levels = len(arrays["level_start"])
            keys = tuple(data[f"keys{i}"] for i in range(levels))
    except Exception:  # a damaged cache is rebuilt, whatever the damage
        return None
    total = len(arrays["length"])
    if any(len(arrays[name]) != total for name in ARRAY_FIELDS if name != "level_start"):
        return None
    for array in (*arrays.values(), *keys):
        array.setflags(write=False)
    return Vocabulary(
        variant=variant, min_length=min_length, words=words, level_keys=keys, **arrays
    )
