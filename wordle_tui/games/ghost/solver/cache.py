"""Ghost word lists and the solved vocabularies cached on disk (npz, keyed by the word list)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

import numpy as np

from ....files import read_text_file
from ....solver.cache import cache_path, open_cache, write_cache_with
from ....solver.words import ENABLE, MAX_LIST_BYTES, WordListError, ascii_lower, bundled_path, fault
from .solved import SolvedGame
from .spook import SpookVocabulary, build_spook
from .summary import game_lengths, known_lengths
from .vocabulary import ARRAY_FIELDS, LETTERS, VARIANTS, GhostError, Vocabulary, build

FORMAT_VERSION = 3  # 2: the file holds its version and key, checked on load; 3: Xghost's edges
VERSIONS = {"ghost": 4}  # 4: Ghost's fragments past a word pruned (the other variants keep 3)


def format_version(variant: str) -> int:
    """The cache format of a variant's solved vocabulary (a change rebuilds only its files)."""
    return VERSIONS.get(variant, FORMAT_VERSION)


def read_words(path: str | Path | None = None) -> list[str]:
    """A Ghost word list (default: the bundled ENABLE list), one word a line, any lengths."""
    source = Path(path) if path else bundled_path(ENABLE)
    text = read_text_file(source, "word list", WordListError, MAX_LIST_BYTES)
    words = ascii_lower(text).split()
    if not words:
        raise WordListError(f"{source}: the word list is empty")
    if not LETTERS.fullmatch("\n".join(words)):
        for number, line in enumerate(text.splitlines(), start=1):
            word = ascii_lower(line.strip())
            if word and not LETTERS.fullmatch(word):
                raise WordListError(f"{source}, line {number}: {fault(line.strip())}")
        raise WordListError(f"{source}: not a list of words of letters a-z")
    return words


def cache_key(words: Sequence[str], variant: str, min_length: int) -> str:
    """The name of a solved vocabulary's cache file: version, variant, length, word list."""
    digest = hashlib.sha256("\n".join(words).encode()).hexdigest()[:20]
    return f"ghost-v{format_version(variant)}-{variant}-{min_length}-{digest}"


def solved(
    variant: str = "ghost",
    min_length: int = 3,
    path: str | Path | None = None,
    use_disk: bool = True,
) -> SolvedGame:
    """The solved vocabulary for a variant, from the disk cache when it is there and sound."""
    words = read_words(path)
    kept = tuple(dict.fromkeys(w for w in words if len(w) >= min_length))
    if variant not in VARIANTS:
        raise GhostError(f"unknown variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
    key = cache_key(kept, variant, min_length)
    file = cache_path(f"{key}.npz") if use_disk else None
    if variant == "spook":
        return _solved_spook(file, key, kept, min_length)
    vocab = _load(file, key, kept, variant, min_length)
    if vocab is not None:
        return vocab
    vocab = build(words, variant, min_length)
    write_cache_with(file, lambda handle: _write(handle, key, vocab))
    return vocab


def _write(handle: BinaryIO, key: str, vocab: Vocabulary) -> None:
    arrays = {name: getattr(vocab, name) for name in ARRAY_FIELDS}
    arrays.update({f"keys{i}": keys for i, keys in enumerate(vocab.level_keys)})
    version = np.array(format_version(vocab.variant))
    np.savez(handle, version=version, key=np.array(key), **arrays)


def _load(
    file: Path | None, key: str, words: tuple[str, ...], variant: str, min_length: int
) -> Vocabulary | None:
    """The cached vocabulary, or None when it is missing, damaged or not for these words."""
    handle = open_cache(file)
    if handle is None:
        return None
    try:
        with handle, np.load(handle, allow_pickle=False) as data:
            if int(data["version"]) != format_version(variant) or str(data["key"]) != key:
                return None
            arrays = {name: data[name] for name in ARRAY_FIELDS}
            levels = len(arrays["level_start"])
            keys = tuple(data[f"keys{i}"] for i in range(levels))
    except Exception:  # a damaged cache is rebuilt, whatever the damage
        return None
    if not _sound(arrays, keys, words):
        return None
    for array in (*arrays.values(), *keys):
        array.setflags(write=False)
    vocab = Vocabulary(
        variant=variant, min_length=min_length, words=words, level_keys=keys, **arrays
    )
    return vocab if _spot_check(vocab) else None


INNER = ("inner_parent", "inner_child")
DTYPES = {"is_word": np.bool_, "win": np.bool_, "level_start": np.int64}


def _sound(
    arrays: dict[str, np.ndarray], keys: tuple[np.ndarray, ...], words: tuple[str, ...]
) -> bool:
    """Whether the arrays have the shapes, types and ranges a vocabulary of `words` has."""
    total = len(arrays["length"])
    for name, array in arrays.items():
        if array.ndim != 1 or array.dtype != DTYPES.get(name, np.int32):
            return False
        if name not in ("level_start", *INNER) and len(array) != total:
            return False
    starts = arrays["level_start"]
    longest = max(map(len, words))
    if len(starts) != longest + 1 or starts[0] != 0 or np.any(np.diff(starts) < 0):
        return False
    sizes = np.diff(np.append(starts, total))
    if any(k.dtype != np.int64 or len(k) != n for k, n in zip(keys, sizes, strict=True)):
        return False
    lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    rep = arrays["rep_word"]
    if total == 0 or rep.min() < 0 or rep.max() >= len(words) or arrays["rep_start"].min() < 0:
        return False
    if np.any(arrays["rep_start"] + arrays["length"] > lengths[rep]):
        return False
    links = (arrays[n] for n in ("drop_last", "drop_first", "reverse"))
    inner = [arrays[n] for n in INNER]
    if len(inner[0]) != len(inner[1]) or any(a.min(initial=0) < 0 for a in inner):
        return False
    return all(a.min(initial=0) >= -1 and a.max(initial=0) < total for a in (*links, *inner))


def _spot_check(vocab: SolvedGame, samples: int = 48) -> bool:
    """Whether sampled fragments are found where they are stored, with the right outcome."""
    rng = np.random.default_rng(vocab.fragments)
    words = {vocab.canonical(w) for w in vocab.words}
    for node in {0, *rng.integers(0, vocab.fragments, samples).tolist()}:
        text = vocab.text(node)
        if vocab.find(text) != node or bool(vocab.is_word[node]) != (text in words):
            return False
        if not vocab.is_word[node]:
            children = [vocab.find(p) for p in vocab.legal_plays(text)]
            if bool(vocab.win[node]) != any(not vocab.win[c] for c in children):
                return False
    return True


SPOOK_FIELDS = {
    "keys": np.int64,
    "level_start": np.int64,
    "is_word": np.bool_,
    "win": np.bool_,
    "place": np.int64,
    "radix": np.int64,
}


def _solved_spook(
    file: Path | None, key: str, words: tuple[str, ...], min_length: int
) -> SpookVocabulary:
    """Spook's solved bags, from the disk cache when sound; with its game lengths, which
    take as long as the solve itself and so are kept too."""
    vocab = _load_spook(file, key, words, min_length)
    if vocab is not None:
        return vocab
    vocab = build_spook(words, min_length)
    steps = game_lengths(vocab)

    def write(handle: BinaryIO) -> None:
        arrays = {name: getattr(vocab, name) for name in SPOOK_FIELDS}
        version, name = np.array(FORMAT_VERSION), np.array(key)
        np.savez(handle, version=version, key=name, steps=steps, **arrays)

    write_cache_with(file, write)
    return vocab


def _load_spook(
    file: Path | None, key: str, words: tuple[str, ...], min_length: int
) -> SpookVocabulary | None:
    """The cached Spook bags, or None when missing, damaged or not for these words."""
    handle = open_cache(file)
    if handle is None:
        return None
    try:
        with handle, np.load(handle, allow_pickle=False) as data:
            if int(data["version"]) != FORMAT_VERSION or str(data["key"]) != key:
                return None
            arrays = {name: data[name] for name in SPOOK_FIELDS}
            steps = data["steps"]
    except Exception:  # a damaged cache is rebuilt, whatever the damage
        return None
    total = len(arrays["keys"])
    if any(a.ndim != 1 or a.dtype != SPOOK_FIELDS[n] for n, a in arrays.items()):
        return None
    if len(arrays["place"]) != 26 or len(arrays["radix"]) != 26 or steps.shape != (total,):
        return None
    if any(len(arrays[n]) != total for n in ("is_word", "win")) or steps.dtype != np.int32:
        return None
    for array in (*arrays.values(), steps):
        array.setflags(write=False)
    vocab = SpookVocabulary(min_length, words, **arrays)
    if not _spot_check(vocab):
        return None
    known_lengths(vocab, steps)
    return vocab
