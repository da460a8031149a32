"""Compute the cache files shipped in the package (`wordle_tui/trees/*.gz`).

- the NYT prior's word features (kind, Zipf frequency, inflected) for the NYT lists' allowed
  words, seconds of wordfreq lookups on a fresh install otherwise;
- every strategy of the classic Wordle report on the bundled lists, `classic` (the command
  line's default: `wordle-tui report --all`, seed 0, ties `alpha`) and `nyt` (the app's
  default, for its Reports screen), about 36 s and 100 s of CPU from an empty cache otherwise.

Run after changing the features, the strategies or the lists: `python
scripts/shipped_caches.py`. `tests/solver/test_coldstart.py` and
`tests/project/test_shipped_reports.py` fail while a shipped file is missing or differs from
a fresh computation.
"""

from __future__ import annotations

import gzip
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATTERNS = ("nyt-prior-features-*", "result-v*-wordle-*")


def compute() -> dict[str, bytes]:
    """Each shipped cache file's name and bytes, computed now (in an empty cache folder)."""
    from wordle_tui.paths import cache_dir
    from wordle_tui.solver import cache
    from wordle_tui.solver.games import make_game
    from wordle_tui.solver.listsets import load_set
    from wordle_tui.solver.nyt import prior
    from wordle_tui.solver.reports.scores import cached_spec, strategies_for

    words = make_game("wordle", lists=load_set("nyt")).guesses
    shipped, cache.shipped_cache = cache.shipped_cache, lambda name: None  # no shipped read
    try:
        prior._features.cache_clear()
        prior._features(tuple(words))
        for lists in ("classic", "nyt"):
            wordle = make_game("wordle", lists=load_set(lists))
            for spec in strategies_for(wordle):
                cached_spec(wordle, spec)
    finally:
        cache.shipped_cache = shipped
    found = [path for pattern in PATTERNS for path in cache_dir().glob(pattern)]
    return {path.name: path.read_bytes() for path in found if not path.name.endswith(".mac")}


def main() -> None:
    """Write the shipped files (old ones of the same kinds removed)."""
    os.environ["WORDLE_TUI_HOME"] = tempfile.mkdtemp(prefix="wordle-tui-shipped-")
    sys.path.insert(0, str(ROOT))
    folder = ROOT / "wordle_tui" / "trees"
    for pattern in PATTERNS:
        for old in folder.glob(f"{pattern}.gz"):
            old.unlink()
    for name, data in compute().items():
        (folder / f"{name}.gz").write_bytes(gzip.compress(data, mtime=0))
        print(f"wrote {name}.gz")


if __name__ == "__main__":
    main()
