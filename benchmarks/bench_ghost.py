"""Ghost: the whole `wordle-tui ghost solve` process, cached and cold, against the seeds'
memoised method run as a whole process too (JSON).

    python benchmarks/bench_ghost.py [--runs 5] [--cases superduper-3 super-4 ...] [--all]

"seeds" is a plain re-implementation of the seeds' method in a fresh Python process: read
the ENABLE list, make the set of all fragments, then a memoised recursive search that stops
at the first winning play. "cold" runs `wordle-tui ghost solve` with an empty cache folder
(it builds the fragments, solves every one, finds and verifies the memorised strategy, and
writes the caches); "cached" runs it again on the filled folder. "floor" is the same command
refused at once (an unknown variant): the CLI's start (Python, Typer, the command modules)
that every command pays, for scale. Each figure is the median of `--runs` processes; the
ratios are ours divided by the seeds'.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SEEDS = """
import sys
from functools import lru_cache
sys.setrecursionlimit(20000)
variant, m, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
A = "abcdefghijklmnopqrstuvwxyz"
W = {w for w in open(path).read().lower().split() if len(w) >= m}
if variant == "ghost":
    F = {w[:i] for w in W for i in range(len(w) + 1)}
    def plays(f): return {f + c for c in A} & F
else:
    F = {w[i:j] for w in W for i in range(len(w)) for j in range(i, len(w) + 1)}
    def plays(f):
        bases = (f, f[::-1]) if variant == "superduper" else (f,)
        return {p for b in bases for c in A for p in (b + c, c + b)} & F
@lru_cache(None)
def win(f):
    if f in W or f not in F: return f
    for p in plays(f):
        if not win(p): return p
    return False
print("first" if win("") else "second")
"""
TARGET_CASE = "superduper-3"  # plain Ghost's seeds take about 1 s: less than a CLI's start
ALL = [f"{v}-{m}" for v in ("ghost", "super", "superduper") for m in (3, 4)]


def timed(command: list[str], env: dict, check: bool = True) -> tuple[float, str]:
    """Seconds a whole process takes, and what it printed."""
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=check)
    return time.perf_counter() - start, done.stdout


def enable_path() -> str:
    from wordle_tui.solver.words import ENABLE, bundled_path

    return str(bundled_path(ENABLE))


def measure(case: str, runs: int) -> dict:
    """Medians of the seeds' process and of our cold and cached solve commands."""
    variant, m = case.rsplit("-", 1)
    solve = [sys.executable, "-m", "wordle_tui", "ghost", "solve", "--variant", variant]
    solve += ["--min-length", m, "--json"]
    seeds_cmd = [sys.executable, "-c", SEEDS, variant, m, enable_path()]
    floor_cmd = [*solve[:6], "no-such-variant"]
    seeds, cold, cached, floor, answer = [], [], [], [], {}
    for _ in range(runs):
        home = tempfile.mkdtemp(prefix="wordle-tui-bench-")
        env = {**os.environ, "WORDLE_TUI_HOME": home}
        seconds, printed = timed(seeds_cmd, env)
        seeds.append(seconds)
        seconds, _ = timed(solve, env)
        cold.append(seconds)
        seconds, printed_ours = timed(solve, env)
        cached.append(seconds)
        floor.append(timed(floor_cmd, env, check=False)[0])
        answer = json.loads(printed_ours)
        assert answer["first_player_wins"] == (printed.strip() == "first")
        shutil.rmtree(home, ignore_errors=True)
    s, c, k, f = (statistics.median(x) for x in (seeds, cold, cached, floor))
    strategy = answer["strategy"]
    return {
        "seeds_s": round(s, 3),
        "cold_s": round(c, 3),
        "cached_s": round(k, 3),
        "cold_ratio": round(c / s, 3),
        "cached_ratio": round(k / s, 3),
        "cli_floor_s": round(f, 3),
        "cached_beyond_floor_s": round(k - f, 3),
        "summary_rules": strategy["size"],
        "summary_verified": strategy["verified"]["won"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cases", nargs="*", default=["superduper-3"])
    parser.add_argument("--all", action="store_true", help="all six variant/minimum cases")
    options = parser.parse_args()
    cases = ALL if options.all else options.cases
    results = {"runs": options.runs, "cases": {c: measure(c, options.runs) for c in cases}}
    target = results["cases"].get(TARGET_CASE)  # the case the targets are set for
    if target is not None:
        results["within_targets"] = {
            "case": TARGET_CASE,
            "cached_at_most_0.1x": target["cached_ratio"] <= 0.1,
            "cold_at_most_0.5x": target["cold_ratio"] <= 0.5,
        }
    json.dump(results, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
