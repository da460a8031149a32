"""What the whole-process benchmarks share: a run in a data folder of its own, timed from
outside (wall time around the subprocess, CPU time from `RUSAGE_CHILDREN` deltas), and medians."""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def children_cpu() -> float:
    """The CPU seconds (user + system) of the finished children so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(args: list[str], home: Path) -> tuple[float, float, str]:
    """One run in the data folder `home`: wall seconds, CPU seconds, its output."""
    env = {**os.environ, "WORDLE_TUI_HOME": str(home), "PYTHONPATH": str(ROOT)}
    cpu, start = children_cpu(), time.perf_counter()
    done = subprocess.run(args, env=env, cwd=ROOT, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, children_cpu() - cpu, done.stdout


def summary(times: list[tuple[float, float, str]]) -> dict:
    """Medians (and the slowest wall time) of runs."""
    walls, cpus = [t[0] for t in times], [t[1] for t in times]
    return {
        "wall_s": round(statistics.median(walls), 3),
        "cpu_s": round(statistics.median(cpus), 3),
        "wall_max_s": round(max(walls), 3),
    }
