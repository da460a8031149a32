"""How long the whole `wordle-tui suggest` command takes, start-up included, printed as JSON.

    python benchmarks/bench_suggest.py [--openers salet,crane] [--lists nyt] [--runs 3]
    python benchmarks/bench_suggest.py --sample 40 [--seed 2026] [--budget 1]
    python benchmarks/bench_suggest.py --rows pious:.....,raise:.GYY. [--lists classic]

Positions: every reply each opener can get (one position per distinct colouring over the
answers, as `bench_proven.py --every`), or with `--sample N` that many of them drawn at random
(seeded) across the openers, or with `--rows` those rows alone; plus the opener itself
(`suggest` with no rows). Each position is run `--runs` times as the real command, `python -m
wordle_tui suggest ROW`, in a fresh process whose data folder is a temporary one warmed by a
first, untimed run (so the cached reply matrix and opener table are there, as they are for
anyone who has run the command before). A position's time is the median of its runs: the wall
time around the subprocess, and its CPU time (user + system) from
`resource.getrusage(RUSAGE_CHILDREN)`. The report gives the median, 95th percentile and maximum
over the positions, the slowest position, and the share of positions whose output said the
search ran out of its budget (the pick shown is then the look-ahead's estimate, not proven).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

OPENERS = (
    "salet", "crane", "slate", "trace", "crate", "raise",
    "arise", "stare", "irate", "adieu", "audio", "roate",
)  # fmt: skip
TARGETS = {"wall_max_s": 1.5}
OUT_OF_TIME = "did not finish in"


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of `values`."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))]


def children_cpu() -> float:
    """The CPU seconds (user + system) of the finished children so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(args: list[str], env: dict) -> tuple[float, float, bool]:
    """One run of the command (in the data folder: `-m` imports from the working folder):
    wall seconds, CPU seconds, whether it ran out of budget."""
    cpu, start = children_cpu(), time.perf_counter()
    done = subprocess.run(
        args, env=env, cwd=env["WORDLE_TUI_HOME"], capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}): {done.stderr.strip()}")
    return wall, children_cpu() - cpu, OUT_OF_TIME in done.stderr


def positions(openers: list[str], lists: str) -> list[str]:
    """Each opener's replies as rows (word:pattern), one per distinct colouring."""
    from wordle_tui.solver.assistant.engine import Assistant, Prior
    from wordle_tui.solver.listsets import load_set

    base = Assistant(prior=Prior.UNIFORM, lists=load_set(lists))  # as ever: the answer list
    rows = []
    for opener in openers:
        codes = np.unique(base.matrix[base.game.index[opener]])
        shown = [base.game.show(int(code)) for code in codes]
        rows += [f"{opener}:{pattern}" for pattern in shown if set(pattern) != {"G"}]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--openers", default=",".join(OPENERS), help="comma-separated")
    parser.add_argument("--lists", default="nyt")
    parser.add_argument("--runs", type=int, default=3, help="runs per position (median)")
    parser.add_argument("--sample", type=int, default=0, help="positions drawn (0: all)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--budget", type=float, default=None, help="suggest's --budget")
    parser.add_argument("--rows", default="", help="comma-separated positions (word:pattern)")
    options = parser.parse_args()
    home = tempfile.mkdtemp(prefix="wordle-tui-bench-")
    env = {**os.environ, "WORDLE_TUI_HOME": home, "COLUMNS": "100"}
    rows = (
        options.rows.split(",")
        if options.rows
        else positions(options.openers.split(","), options.lists)
    )
    if options.sample:
        rows = sorted(random.Random(options.seed).sample(rows, min(options.sample, len(rows))))
    command = [sys.executable, "-m", "wordle_tui", "suggest", "--lists", options.lists]
    if options.budget is not None:
        command += ["--budget", str(options.budget)]
    run_once(command, env)  # warm the cache: reply matrix, opener table
    detail = []
    for row in ["", *rows]:
        args = command + ([row] if row else [])
        runs = [run_once(args, env) for _ in range(options.runs)]
        detail.append(
            {
                "row": row or "(opener)",
                "wall_s": round(statistics.median(r[0] for r in runs), 3),
                "cpu_s": round(statistics.median(r[1] for r in runs), 3),
                "out_of_budget": any(r[2] for r in runs),
            }
        )
        print(json.dumps(detail[-1]), file=sys.stderr, flush=True)
    walls = [d["wall_s"] for d in detail]
    cpus = [d["cpu_s"] for d in detail]
    result = {
        "lists": options.lists,
        "budget": options.budget,
        "positions": len(detail),
        "runs_per_position": options.runs,
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "wall_median_s": round(statistics.median(walls), 3),
        "wall_p95_s": round(percentile(walls, 0.95), 3),
        "wall_max_s": round(max(walls), 3),
        "cpu_median_s": round(statistics.median(cpus), 3),
        "cpu_p95_s": round(percentile(cpus, 0.95), 3),
        "cpu_max_s": round(max(cpus), 3),
        "slowest": max(detail, key=lambda d: d["wall_s"]),
        "out_of_budget_share": round(sum(d["out_of_budget"] for d in detail) / len(detail), 3),
        "targets": TARGETS,
        "within_targets": {"wall_max_s": max(walls) <= TARGETS["wall_max_s"]},
        "positions_detail": detail,
    }
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
