"""Regenerate the best trees shipped for Jotto and Antiwordle (searched, not proven optimal).

    python scripts/records.py                  # both, into wordle_tui/trees/
    python scripts/records.py jotto --out-dir /tmp
    python scripts/records.py --bound          # Jotto's lower bound, two guesses deep

Each search runs with the settings below (the best found: see docs/records-and-proofs.md),
prints the tree's figures (first guess, total, mean, worst, histogram) with the wall and CPU time
it took, and saves the tree where `solver/trees.py` loads it (`RECORDS`). Run it under
`nice`: the Jotto search takes minutes of one core.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from wordle_tui.solver.games import make_game  # noqa: E402
from wordle_tui.solver.matrix import reply_matrix  # noqa: E402
from wordle_tui.solver.search.best_tree import SurvivalSearch, TreeSearch  # noqa: E402
from wordle_tui.solver.search.shared import depths, least_totals  # noqa: E402
from wordle_tui.solver.trees import RECORDS, save, validate  # noqa: E402

# The settings of the shipped trees: guesses tried at each step, by depth, and the group size
# up to which every guess (one per distinct reply row) is tried. Jotto's first guess is the
# best of the top 10 by a narrower search (top 3 everywhere, the first 10: TACHS each time).
SETTINGS = {
    "jotto": {
        "first": "tachs",
        "rank": "entropy",
        "top_k": 3,
        "widths": (1, 15, 8, 5),
        "every_up_to": 8,
    },
    "antiwordle": {"rank": "entropy", "top_k": 3, "widths": (), "every_up_to": 100},
}


def search(name: str, settings: dict):
    """The searched tree of game `name` with `settings` (a SearchResult)."""
    game = make_game(name)
    if name == "antiwordle":
        return game, SurvivalSearch(game, **settings).run()
    settings = dict(settings)
    first = settings.pop("first", None)
    return game, TreeSearch(game, max_guesses=255, **settings).run(first)


def regenerate(name: str, folder: Path, settings: dict) -> dict:
    """Search, check and save one game's tree; its figures and the time it took."""
    wall, cpu = time.perf_counter(), time.process_time()
    game, result = search(name, settings)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    problems = validate(result.tree, game, max_guesses=None, consistent=name == "antiwordle")
    if problems:
        raise SystemExit(f"{name}: the search built a broken tree: {problems[:3]}")
    found = depths(result.tree)
    figures = {
        "game": name,
        "first_guess": result.first_guess,
        "total": sum(found),
        "mean": round(sum(found) / len(found), 4),
        "worst": max(found),
        "histogram": dict(sorted(Counter(found).items())),
        "settings": {k: list(v) if isinstance(v, tuple) else v for k, v in settings.items()},
        "wall_seconds": round(wall, 1),
        "cpu_seconds": round(cpu, 1),
    }
    path = folder / RECORDS[(name, game.fingerprint)]
    meta = {k: figures[k] for k in ("total", "worst", "settings")}
    save(result.tree, game, path, mode="normal", targets=len(found), **meta)
    return {**figures, "file": str(path)}


def jotto_lower_bound() -> dict:
    """An admissible lower bound on Jotto's least total, two guesses deep.

    A group of m targets that a guess splits into groups of sizes c_r needs at least
    m + sum least(c_r) guesses (`least_totals`: one target found by each guess, five
    groups at most below it); a group's bound is the least of that over every guess
    (never below `least_totals`), and the whole game's the least over every first guess of n plus
    its groups' bounds. First guesses are taken by their one-level bound, and the loop
    stops once that bound reaches the least two-level one found.
    """
    wall, cpu = time.perf_counter(), time.process_time()
    game = make_game("jotto")
    matrix = reply_matrix(game)
    n, win, replies = len(game.targets), game.rules.win, game.rules.n_replies
    least = least_totals(n, replies - 1)
    ids = np.arange(len(game.guesses))

    def counts(block: np.ndarray) -> np.ndarray:
        out = np.stack([(block == r).sum(axis=1) for r in range(replies)], axis=1)
        out[:, win] = 0
        return out

    def group_bound(group: np.ndarray) -> int:
        m = len(group)
        if m <= 2:
            return int(least[m])
        found = counts(matrix[:, group])
        useful = (found.max(axis=1) < m) | np.isin(ids, game.target_ids[group])
        bounds = np.where(useful, m + least[found].sum(axis=1), np.iinfo(np.int64).max)
        return int(max(bounds.min(), least[m]))

    one = n + least[counts(matrix)].sum(axis=1)
    best, best_word, tried = np.inf, None, 0
    for guess in np.argsort(one, kind="stable"):
        if one[guess] >= best:
            break
        row = matrix[guess]
        total = n + sum(group_bound(np.flatnonzero(row == r)) for r in range(replies) if r != win)
        tried += 1
        if total < best:
            best, best_word = total, game.guesses[guess]
    return {
        "game": "jotto",
        "one_level_bound": int(one.min()),
        "two_level_bound": int(best),
        "mean": round(best / n, 4),
        "at": best_word,
        "first_guesses_bounded": tried,
        "wall_seconds": round(time.perf_counter() - wall, 1),
        "cpu_seconds": round(time.process_time() - cpu, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="jotto, antiwordle (default: both)")
    parser.add_argument("--out-dir", type=Path, default=ROOT / "wordle_tui" / "trees")
    parser.add_argument("--bound", action="store_true", help="Jotto's lower bound only")
    args = parser.parse_args()
    if args.bound:
        print(json.dumps(jotto_lower_bound()), flush=True)
        return
    unknown = [g for g in args.games if g not in SETTINGS]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; choose from: {', '.join(SETTINGS)}")
    for name in args.games or SETTINGS:
        print(json.dumps(regenerate(name, args.out_dir, SETTINGS[name])), flush=True)


if __name__ == "__main__":
    main()
