"""Everything `ghost solve` reports about a variant, cached on disk beside the solution.

The report (who wins, the winning first plays, the fragments before and after pruning, the
outcome sets, the memorised strategy, its tree and its verification) is a small JSON file
keyed by the word list file's fingerprint (its bytes), the variant and the minimum length,
so a cached answer needs neither the word list parsed nor the solved vocabulary loaded.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ....files import read_bytes_file
from ....solver.cache import cache_path, read_json, write_json
from ....solver.words import ENABLE, MAX_LIST_BYTES, WordListError, bundled_path

if TYPE_CHECKING:
    from .solved import SolvedGame

REPORT_VERSION = 2  # 2: the fragments before pruning and those reachable
# as `ghost.VARIANTS` (not imported: see below)
VARIANTS = ("ghost", "super", "superduper", "xghost", "spook")


def report_key(variant: str, min_length: int, path: str | Path | None = None) -> str:
    """The report's cache name: version, variant, minimum and the word list's fingerprint."""
    source = Path(path) if path else bundled_path(ENABLE)
    data = read_bytes_file(source, "word list", WordListError, MAX_LIST_BYTES)
    digest = hashlib.sha256(data).hexdigest()[:20]
    return f"ghost-report-v{REPORT_VERSION}-{variant}-{min_length}-{digest}"


def solve_report(
    variant: str = "ghost",
    min_length: int = 3,
    path: str | Path | None = None,
    use_disk: bool = True,
) -> dict[str, Any]:
    """The solve report for a variant: from the cache when there, else solved and stored.

    The engine is imported only when the report is not cached, so a cached answer starts fast.
    """
    if variant not in VARIANTS:
        from .vocabulary import GhostError

        raise GhostError(f"unknown variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
    key = report_key(variant, min_length, path)
    file = cache_path(f"{key}.json") if use_disk else None
    cached = read_json(file)
    if isinstance(cached, dict) and cached.get("key") == key and _complete(cached):
        return cached
    from .cache import solved

    data = build_report(solved(variant, min_length, path, use_disk), key)
    write_json(file, data)
    return data


REQUIRED = (
    "variant",
    "min_length",
    "fragments",
    "fragments_before_pruning",
    "fragments_reachable",
    "words",
    "first_player_wins",
    "strategy",
)


def _complete(data: dict[str, Any]) -> bool:
    """Whether a cached report has every part (an older or damaged one is rebuilt)."""
    strategy = data.get("strategy")
    return all(k in data for k in REQUIRED) and isinstance(strategy, dict) and "tree" in strategy


def build_report(vocab: SolvedGame, key: str = "") -> dict[str, Any]:
    """The report of a solved vocabulary (see `solve_report`)."""
    from .reach import fragment_counts
    from .summary import memorisable, outcomes
    from .verify import strategy_tree, verify

    sets = {p: outcomes(vocab, p) for p in (0, 1)} if vocab.variant == "ghost" else None
    memo = memorisable(vocab)
    plays = cache(vocab.legal_plays)  # verify and the tree walk the same positions
    checked = verify(vocab, memo, plays)
    counts = fragment_counts(vocab)
    return {
        "key": key,
        "variant": vocab.variant,
        "min_length": vocab.min_length,
        "fragments": vocab.fragments,  # kept in the tables (Ghost: pruned, see `reach`)
        "fragments_before_pruning": counts["before"],
        "fragments_reachable": counts["reachable"],
        "words": len(vocab.words),
        "first_player_wins": bool(vocab.win[0]),
        "winning_first_plays": vocab.winning_plays(""),
        "outcomes": None
        if sets is None
        else {
            str(p): {"winners": list(o.winners), "losers": list(o.losers)} for p, o in sets.items()
        },
        "strategy": {
            "winner": memo.winner,
            "size": memo.size,
            "positions": memo.positions,
            "rules": [list(r) for r in memo.rules],
            "tree": strategy_tree(vocab, memo, plays),
            "verified": {"won": checked.won, "games": checked.games, "failure": checked.failure},
        },
    }
