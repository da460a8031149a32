"""The long strategy searches, timed, printed as JSON (not run in CI).

    python benchmarks/bench_search.py [--openers]

Normal and hard mode from scratch on the default lists (targets: 7,897 and 8,099 guesses in
total, each within 10 minutes), Jotto and Antiwordle searches, the proof of the shortest win
against the evil replier, and loading the shipped trees (median of 7; target 50 ms).
`--openers` also ranks the 30 most promising first words by a search after each (~1 min).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--openers", action="store_true")
    options = parser.parse_args()
    os.environ["WORDLE_TUI_HOME"] = tempfile.mkdtemp(prefix="wordle-tui-bench-")

    from wordle_tui.solver import make_game
    from wordle_tui.solver.search.best_tree import (
        SurvivalSearch,
        TreeSearch,
        promising_openers,
        shortest_evil_win,
    )
    from wordle_tui.solver.trees import shipped

    wordle, results = make_game("wordle"), {}

    def record(name: str, result, targets: int, **extra) -> None:
        results[name] = {
            "first": result.tree.guess,
            "total": result.total,
            "mean": round(result.total / targets, 4),
            "worst": result.worst,
            "seconds": round(result.seconds, 1),
            "nodes": result.nodes,
            **extra,
        }
        print(f"{name}: {results[name]}", file=sys.stderr, flush=True)

    record("normal", TreeSearch(wordle, top_k=12).run(), 2309, top_k=12)
    record(
        "hard", TreeSearch(wordle, hard=True, top_k=80, root_k=8).run(), 2309, top_k=80, root_k=8
    )
    jotto = make_game("jotto")
    record(
        "jotto",
        TreeSearch(jotto, top_k=3, max_guesses=255).run(),
        len(jotto.targets),
        top_k=3,
        seeds_best_greedy_mean=6.13,
    )
    anti = make_game("antiwordle")
    for k in (5, 8):
        record(
            f"antiwordle_k{k}",
            SurvivalSearch(anti, top_k=k).run(),
            2309,
            top_k=k,
            seeds_greedy_mean=5.75,
        )
    start = time.perf_counter()
    evil = shortest_evil_win(wordle)
    results["evil_shortest"] = {
        "guesses": evil["guesses"],
        "sequence": evil["sequence"],
        "seconds": round(time.perf_counter() - start, 2),
    }
    loads = []
    for _ in range(7):
        shipped.cache_clear()
        start = time.perf_counter()
        shipped("optimal")
        shipped("optimal-hard")
        loads.append((time.perf_counter() - start) / 2 * 1000)
    results["shipped_tree_load_ms"] = round(statistics.median(loads), 1)
    if options.openers:
        start, rows = time.perf_counter(), []
        for word in promising_openers(wordle, 30):
            r = TreeSearch(wordle, top_k=12).run(word)
            rows.append((r.total, r.worst, word))
        rows.sort()
        results["openers"] = {
            "seconds": round(time.perf_counter() - start, 1),
            "best_20": [{"word": w, "total": t, "worst": x} for t, x, w in rows[:20]],
        }
    results["within_targets"] = {
        "normal_7897_in_600s": results["normal"]["total"] == 7897
        and results["normal"]["seconds"] <= 600,
        "hard_8099_in_600s": results["hard"]["total"] == 8099 and results["hard"]["seconds"] <= 600,
        "tree_load_50ms": results["shipped_tree_load_ms"] <= 50,
    }
    json.dump(results, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
