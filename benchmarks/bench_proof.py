"""The whole-game proofs, timed as a user runs them, printed as JSON (not run in CI).

    python benchmarks/bench_proof.py [--cases normal-2309,hard-2315] [--workers 2]

Each case runs `wordle-tui solve --prove ... --json` as a fresh process with an empty data
folder (no proof file to resume, no cached matrix), and reports its wall time, the CPU time
of the process and its workers, the peak memory of all of them together (sampled every
0.2 s), and from the command's own JSON the optimum, whether it is proven, the nodes searched
and how each first guess was settled. The cases: normal and hard mode on the 2,309 answers
(7,897 and 8,099, upper bound from the shipped trees) and on the original 2,315 (7,920 and
8,122, upper bound from a top-k search, which is part of the time). Not run by default: the
NYT's lists of today (`normal-nyt`, `hard-nyt`: 3,160 answers, 14,855 guesses, upper bound
from the shipped nyt trees) and its July 2023 list of 3,158 answers (`normal-nyt2023`,
`hard-nyt2023`), where Selby published 11,219 and 11,627.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

LISTS = Path(__file__).resolve().parent.parent / "wordlists"
CASES = {
    "normal-2309": ["--lists", "classic"],
    "hard-2309": ["--lists", "classic", "--mode", "hard"],
    "normal-2315": [
        "--answers",
        str(LISTS / "wordle-answers-2315.txt"),
        "--guess-list",
        str(LISTS / "wordle-guesses.txt"),
    ],
    "hard-2315": [
        "--answers",
        str(LISTS / "wordle-answers-2315.txt"),
        "--guess-list",
        str(LISTS / "wordle-guesses.txt"),
        "--mode",
        "hard",
    ],
    "normal-nyt": ["--lists", "nyt"],
    "hard-nyt": ["--lists", "nyt", "--mode", "hard"],
    "normal-nyt2023": [
        "--answers",
        str(LISTS / "nyt-answers-2023.txt"),
        "--guess-list",
        str(LISTS / "nyt-allowed.txt"),
    ],
    "hard-nyt2023": [
        "--answers",
        str(LISTS / "nyt-answers-2023.txt"),
        "--guess-list",
        str(LISTS / "nyt-allowed.txt"),
        "--mode",
        "hard",
    ],
}
DEFAULT_CASES = ("normal-2309", "hard-2309", "normal-2315", "hard-2315")


def tree_of(process: psutil.Process) -> list[psutil.Process]:
    """The process and every process under it, now."""
    with contextlib.suppress(psutil.Error):
        return [process, *process.children(recursive=True)]
    return []


def run_case(name: str, workers: int) -> dict:
    """One proof as a fresh process: its figures and what it printed (CPU: every process's,
    workers included, as the kernel counts children once they are reaped)."""
    home = tempfile.mkdtemp(prefix=f"bench-proof-{name}-")
    command = [sys.executable, "-m", "wordle_tui", "solve", "--prove", *CASES[name]]
    command += ["--workers", str(workers), "--json"]
    env = {**os.environ, "WORDLE_TUI_HOME": home}
    start, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    watched, peak = psutil.Process(child.pid), 0
    while child.poll() is None:
        rss = 0
        for process in tree_of(watched):
            with contextlib.suppress(psutil.Error):
                rss += process.memory_info().rss
        peak = max(peak, rss)
        time.sleep(0.2)
    wall = time.perf_counter() - start
    out, _ = child.communicate()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the workers too, once reaped
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    report = json.loads(out) if child.returncode == 0 else {}
    return {
        "case": name,
        "exit": child.returncode,
        "workers": workers,
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "peak_memory_mb": round(peak / 2**20),
        "total": report.get("total"),
        "first_guess": report.get("first_guess"),
        "proven": report.get("proven"),
        "upper_bound": report.get("upper_bound"),
        "upper_bound_from": report.get("upper_bound_from"),
        "nodes": report.get("nodes"),
        "settled": report.get("settled"),
        "load_before": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default=",".join(DEFAULT_CASES))
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    names = [n.strip() for n in args.cases.split(",") if n.strip()]
    unknown = [n for n in names if n not in CASES]
    if unknown:
        parser.error(f"unknown case {unknown[0]!r}; choose from {', '.join(CASES)}")
    results = []
    for name in names:
        print(f"proving {name}…", file=sys.stderr)
        results.append(run_case(name, args.workers))
        print(json.dumps(results[-1]), file=sys.stderr)
    print(json.dumps({"cpus": os.cpu_count(), "results": results}, indent=2))


if __name__ == "__main__":
    main()
