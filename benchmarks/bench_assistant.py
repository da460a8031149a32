"""Speed of the NYT assistant, printed as JSON (medians of several runs).

    python benchmarks/bench_assistant.py [--runs 7]

In-process: a suggestion (all 12,972 guesses scored, top 10 refined by look-ahead) after
several positions, including the poor opener FUZZY (1,349 answers left). Whole process:
`wordle-tui suggest ... --json --budget 0` from a fresh interpreter (no proof; the proven-best
search has its own benchmark, `bench_proven.py`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

POSITIONS = {
    "after FUZZY (1,349 left)": [("fuzzy", ".....")],
    "after CRANE ..... (263 left)": [("crane", ".....")],
    "after RAISE ..Y.G (25 left)": [("raise", "..Y.G")],
    "after SLATE .Y... PILOT ..YY.": [("slate", ".Y..."), ("pilot", "..YY.")],
}
TARGETS = {"suggestion_ms": 100, "process_s": 1.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    home = tempfile.mkdtemp(prefix="wordle-tui-bench-")
    os.environ["WORDLE_TUI_HOME"] = home

    from wordle_tui.solver.assistant.engine import Assistant

    helper = Assistant()
    helper.suggest(10)  # warm the caches (matrix, opening suggestions)
    results: dict = {"runs": options.runs, "cpus": os.cpu_count(), "suggestion_ms": {}}
    for name, rows in POSITIONS.items():
        helper.clear()
        for word, pattern in rows:
            helper.add(word, pattern)
        times = []
        for _ in range(options.runs):
            start = time.perf_counter()
            helper.compute_suggestions(10)
            times.append(1000 * (time.perf_counter() - start))
        results["suggestion_ms"][name] = {
            "median": round(statistics.median(times), 1),
            "max": round(max(times), 1),
            "candidates": len(helper.candidates),
        }
    helper.clear()
    start = time.perf_counter()
    helper.suggest(10)
    results["opening_from_cache_ms"] = round(1000 * (time.perf_counter() - start), 2)
    times = []
    for _ in range(options.runs):
        start = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "wordle_tui",
                "suggest",
                "fuzzy:.....",
                "--json",
                "--budget",
                "0",
            ],
            capture_output=True,
            check=True,
            env={**os.environ},
        )
        times.append(time.perf_counter() - start)
    results["process_s"] = {
        "median": round(statistics.median(times), 3),
        "max": round(max(times), 3),
    }
    worst = max(v["median"] for v in results["suggestion_ms"].values())
    results["targets"] = TARGETS
    results["within_targets"] = {
        "suggestion_ms": worst <= TARGETS["suggestion_ms"],
        "process_s": results["process_s"]["median"] <= TARGETS["process_s"],
    }
    json.dump(results, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
