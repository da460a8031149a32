"""Mastermind's figures from the command line, timed, against the published ones, as JSON.

    python benchmarks/bench_mastermind.py [--cases knuth-6x4,optimal-6x4,...] [--timeout 600]

Each case runs `wordle-tui mastermind solve ... --json` in a process of its own (a fresh cache
folder, so the reply matrix is built too) and reports its figures, the wall and CPU time, the
published total or mean, and whether they agree. A case that runs past `--timeout` seconds is
reported as timed out, with the time it was given.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

CASES = {  # name: (arguments, published total, published mean)
    "knuth-6x4": (["--strategy", "knuth"], 5801, 4.476),
    "optimal-6x4": (["--strategy", "optimal"], 5625, 4.340),
    "optimal-6x4-max5": (["--strategy", "optimal", "--max-guesses", "5"], 5626, None),
    "knuth-7x4": (["--strategy", "knuth", "--colours", "7"], None, None),
    "optimal-7x4": (["--strategy", "optimal", "--colours", "7"], None, 4.67638),
    "knuth-8x4": (["--strategy", "knuth", "--colours", "8"], None, None),
    "optimal-8x4": (["--strategy", "optimal", "--colours", "8"], None, 4.99780),
    "optimal-5x4": (["--strategy", "optimal", "--colours", "5"], None, None),
    "knuth-8x5": (["--strategy", "knuth", "--colours", "8", "--pegs", "5"], None, None),
}
DEFAULT = "knuth-6x4,optimal-6x4,optimal-6x4-max5"


def run_case(name: str, timeout: float, env: dict[str, str]) -> dict:
    """One case's figures and wall time (or how long it ran before it was stopped)."""
    arguments, total, mean = CASES[name]
    command = [sys.executable, "-m", "wordle_tui", "mastermind", "solve", *arguments, "--json"]
    start, cpu = time.perf_counter(), _children_cpu()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return {"case": name, "timed_out": True, "wall_s": round(time.perf_counter() - start, 1)}
    wall = round(time.perf_counter() - start, 2)
    used = round(_children_cpu() - cpu, 2)  # CPU seconds: steadier than wall on a shared machine
    if done.returncode != 0:
        return {"case": name, "error": done.stderr.strip(), "wall_s": wall}
    figures = json.loads(done.stdout)
    agrees = (total is None or figures["total"] == total) and (
        mean is None or abs(figures["mean"] - mean) < 5e-4
    )
    published = {"published_total": total, "published_mean": mean}
    return {"case": name, **figures, **published, "agrees": agrees, "wall_s": wall, "cpu_s": used}


def _children_cpu() -> float:
    """CPU seconds used so far by finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", default=DEFAULT, help=f"of: {', '.join(CASES)}")
    parser.add_argument("--timeout", type=float, default=600.0)
    options = parser.parse_args()
    env = {**os.environ, "WORDLE_TUI_HOME": tempfile.mkdtemp(prefix="wordle-tui-bench-")}
    results = []
    for name in options.cases.split(","):
        results.append(run_case(name, options.timeout, env))
        print(json.dumps(results[-1]), file=sys.stderr)
    print(json.dumps({"cpu_count": os.cpu_count(), "results": results}, indent=2))


if __name__ == "__main__":
    main()
