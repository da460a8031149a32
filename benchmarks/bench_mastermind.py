"""Mastermind's figures from the command line, timed, against the published ones, as JSON.

    python benchmarks/bench_mastermind.py [--cases optimal-6x4,optimal-7x4,...]
        [--budget 600] [--repeat 1] [--workers 1]

Each case runs `wordle-tui mastermind solve ... --json` in a process of its own (a fresh cache
folder, so the reply matrix is built too) and reports its figures (total, worst, proven, the
least total not ruled out, nodes), the wall and CPU time, the published total or mean, and
whether they agree. An optimal case is given `--timeout BUDGET`: one that runs out reports the
best tree it found and its lower bound, not nothing. `--repeat N` runs each case N times and
reports the median wall and CPU times (short cases are noisy on a shared machine).
`--workers N` hands the optimal cases `--workers N` (the search spread over N threads): the
CPU time is then that of every thread, the wall time what the threads save.
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

CASES = {  # name: (arguments, published total, published mean)
    "knuth-6x4": (["--strategy", "knuth"], 5801, 4.476),
    "optimal-6x4": (["--strategy", "optimal"], 5625, 4.340),
    "optimal-6x4-max5": (["--strategy", "optimal", "--max-guesses", "5"], 5626, None),
    "knuth-7x4": (["--strategy", "knuth", "--colours", "7"], None, None),
    "optimal-7x4": (["--strategy", "optimal", "--colours", "7"], 11228, 4.67638),
    "knuth-8x4": (["--strategy", "knuth", "--colours", "8"], None, None),
    "optimal-8x4": (["--strategy", "optimal", "--colours", "8"], 20471, 4.99780),
    "optimal-5x4": (["--strategy", "optimal", "--colours", "5"], None, None),
    "knuth-8x5": (["--strategy", "knuth", "--colours", "8", "--pegs", "5"], None, None),
    "optimal-8x5": (["--strategy", "optimal", "--colours", "8", "--pegs", "5"], None, None),
}
DEFAULT = "knuth-6x4,optimal-6x4,optimal-6x4-max5"
MARGIN = 120.0  # seconds past the budget before a case's process is killed


def run_case(name: str, budget: float, env: dict[str, str], workers: int = 1) -> dict:
    """One case's figures and wall time (or how long it ran before it was stopped)."""
    arguments, total, mean = CASES[name]
    if "optimal" in arguments:
        arguments = [*arguments, "--timeout", str(budget), "--workers", str(workers)]
    command = [sys.executable, "-m", "wordle_tui", "mastermind", "solve", *arguments, "--json"]
    start, cpu = time.perf_counter(), _children_cpu()
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=budget + MARGIN, env=env
        )
    except subprocess.TimeoutExpired:
        return {"case": name, "timed_out": True, "wall_s": round(time.perf_counter() - start, 1)}
    wall = round(time.perf_counter() - start, 2)
    used = round(_children_cpu() - cpu, 2)  # CPU seconds: steadier than wall on a shared machine
    if done.returncode != 0:
        return {"case": name, "error": done.stderr.strip(), "wall_s": wall}
    figures = json.loads(done.stdout)
    figures.pop("histogram", None)
    agrees = (total is None or figures["total"] == total) and (
        mean is None or abs(figures["mean"] - mean) < 5e-4
    )
    published = {"published_total": total, "published_mean": mean}
    timing = {"wall_s": wall, "cpu_s": used, "workers": workers if "optimal" in arguments else 1}
    return {"case": name, **figures, **published, "agrees": agrees, **timing}


def _children_cpu() -> float:
    """CPU seconds used so far by finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", default=DEFAULT, help=f"of: {', '.join(CASES)}")
    parser.add_argument("--budget", "--timeout", type=float, default=600.0, dest="budget")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="for the optimal cases")
    options = parser.parse_args()
    results = []
    for name in options.cases.split(","):
        runs = []
        for _ in range(options.repeat):
            home = tempfile.mkdtemp(prefix="wordle-tui-bench-")
            env = {**os.environ, "WORDLE_TUI_HOME": home}
            runs.append(run_case(name, options.budget, env, options.workers))
            print(json.dumps(runs[-1]), file=sys.stderr)
        results.append(_median(runs))
    print(json.dumps({"cpu_count": os.cpu_count(), "results": results}, indent=2))


def _median(runs: list[dict]) -> dict:
    """The first run's figures with the median wall and CPU times of all of them."""
    result = dict(runs[0])
    for key in ("wall_s", "cpu_s", "seconds", "cpu_seconds"):
        values = [run[key] for run in runs if key in run]
        if values:
            result[key] = round(statistics.median(values), 3)
    result["runs"] = len(runs)
    return result


if __name__ == "__main__":
    main()
