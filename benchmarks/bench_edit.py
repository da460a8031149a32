"""Trees improved by editing (`solve --edit`), timed, printed as JSON (not run in CI).

    python benchmarks/bench_edit.py [--seconds 60] [--runs 3] [--save]

Each case starts from the neg_entropy/all greedy tree and edits it for --seconds, --runs times
(each run in a fresh process with an empty cache, so none reuses another's work). Reported per
case: the start, each run's final total, their median, the median seconds to reach the best
total of the run, and the first run's curve (total after each improvement). The targets:
classic Wordle at or below 7,920 within 60 s (the optimum is 7,897), Jotto toward its record
8,276, and the NYT set (its shipped tree: 11,226). `--save` writes benchmarks/results/edit.json,
which `scripts/readme_tables.py edit` turns into the docs' table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

CASES = {
    "classic": ["--lists", "classic"],
    "jotto": ["--game", "jotto"],
    "nyt": ["--lists", "nyt"],
}
RESULTS = Path(__file__).resolve().parent / "results" / "edit.json"


def one_run(args: list[str], seconds: float) -> dict:
    """One `solve --edit` in a process of its own, on an empty data folder."""
    env = {**os.environ, "WORDLE_TUI_HOME": tempfile.mkdtemp(prefix="wordle-tui-edit-")}
    command = [sys.executable, "-m", "wordle_tui", "solve", "--edit", "neg_entropy/all"]
    command += [*args, "--seconds", str(seconds), "--json"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--save", action="store_true")
    parser.add_argument("cases", nargs="*", default=list(CASES))
    options = parser.parse_args()
    results = {}
    for name in options.cases:
        runs = [one_run(CASES[name], options.seconds) for _ in range(options.runs)]
        reached = [next(s for s, total in run["curve"] if total == run["total"]) for run in runs]
        results[name] = {
            "start": runs[0]["start"],
            "totals": [run["total"] for run in runs],
            "median_total": statistics.median(run["total"] for run in runs),
            "median_seconds_to_best": round(statistics.median(reached), 1),
            "first_guesses": sorted({run["first_guess"] for run in runs}),
            "targets": runs[0]["targets"],
            "seconds": options.seconds,
            "curve": runs[0]["curve"],
        }
        print(f"{name}: {results[name]['totals']}", file=sys.stderr, flush=True)
    print(json.dumps(results, indent=2))
    if options.save:
        RESULTS.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
