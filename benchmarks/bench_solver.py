"""Speed and memory of the solver engine, printed as JSON (medians of several runs).

    python benchmarks/bench_solver.py [--runs 5] [--with-reference]

`--with-reference` also times a plain pure-Python greedy tree (the seeds' method: target words
as guesses, minimise the largest group) once, for the speed-up ratio; it takes about 30 s.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable

TARGETS = {
    "matrix_build_s": 1.0,
    "matrix_load_s": 0.1,
    "best_first_guess_all_s": 0.2,
    "tree_all_neg_entropy_s": 3.0,
    "report_process_s": 5.0,
    "report_process_peak_mb": 500,
}


def timed(fn: Callable[[], object], runs: int, setup: Callable[[], None] | None = None) -> dict:
    """Median and minimum wall time of `fn` over several runs."""
    times = []
    for _ in range(runs):
        if setup:
            setup()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return {"median": round(statistics.median(times), 4), "min": round(min(times), 4)}


def report_process(runs: int, home: str) -> dict:
    """Wall time and peak memory of `wordle-tui report ... --json` as a fresh process."""
    times, peaks = [], []
    args = [
        sys.executable,
        "-m",
        "wordle_tui",
        "report",
        "--metric",
        "neg_entropy",
        "--guesses",
        "all",
        "--json",
    ]
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(
            args, capture_output=True, env={**os.environ, "WORDLE_TUI_HOME": home}, check=True
        )
        times.append(time.perf_counter() - start)
        json.loads(done.stdout)
        peaks.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)
    return {
        "median": round(statistics.median(times), 3),
        "min": round(min(times), 3),
        "peak_mb": round(max(peaks), 1),
    }


def reference_tree_seconds() -> float:
    """Time a plain pure-Python greedy tree over the 2,309 targets (minimise max)."""
    from wordle_tui.solver import reply_for
    from wordle_tui.solver.words import ANSWERS, bundled_words

    words = [w.upper() for w in bundled_words(ANSWERS)]

    def tree(targets: list[str]) -> None:
        if len(targets) == 1:
            return
        guess = min(targets, key=lambda g: max(Counter(reply_for(g, t) for t in targets).values()))
        groups: dict[str, list[str]] = {}
        for t in targets:
            groups.setdefault(reply_for(guess, t), []).append(t)
        for group in groups.values():
            if group != [guess]:
                tree(group)

    start = time.perf_counter()
    tree(words)
    return round(time.perf_counter() - start, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--with-reference", action="store_true")
    options = parser.parse_args()
    home = tempfile.mkdtemp(prefix="wordle-tui-bench-")
    os.environ["WORDLE_TUI_HOME"] = home

    import numpy as np

    from wordle_tui.solver import Solver, make_game
    from wordle_tui.solver.matrix import cache_file, clear_memory, reply_matrix
    from wordle_tui.solver.metrics import group_stats

    game = make_game("wordle")
    results: dict = {"runs": options.runs, "cpus": os.cpu_count()}
    results["matrix_build_s"] = timed(
        lambda: game.rules.matrix(game.guesses, game.targets), options.runs
    )
    reply_matrix(game)  # writes the cache file

    def load() -> None:
        clear_memory()
        reply_matrix(game)

    results["matrix_load_s"] = timed(load, options.runs)
    results["matrix_cache_mb"] = round(cache_file(game).stat().st_size / 2**20, 1)
    matrix = reply_matrix(game)

    def first_guess() -> str:
        stats = group_stats(matrix, game.rules.n_replies)
        return game.guesses[int(np.argmax(stats.entropy()))]

    results["best_first_guess"] = first_guess()
    results["best_first_guess_all_s"] = timed(first_guess, options.runs)
    results["tree_all_neg_entropy_s"] = timed(
        lambda: Solver(game, "neg_entropy", "all").tree(), options.runs
    )
    results["tree_norvig_max_s"] = timed(lambda: Solver(game, "max", "norvig").tree(), options.runs)
    process = report_process(options.runs, home)
    results["report_process_s"] = {k: process[k] for k in ("median", "min")}
    results["report_process_peak_mb"] = process["peak_mb"]
    if options.with_reference:
        seconds = reference_tree_seconds()
        results["reference_pure_python_tree_s"] = seconds
        results["speedup_vs_reference"] = round(seconds / results["tree_norvig_max_s"]["median"], 1)
    results["targets"] = TARGETS
    results["within_targets"] = {
        key: (results[key]["median"] if isinstance(results[key], dict) else results[key]) <= limit
        for key, limit in TARGETS.items()
    }
    clear_memory()
    json.dump(results, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
