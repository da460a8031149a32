"""Ghost: build plus full solve for each variant, against the seeds' memoised method (JSON).

    python benchmarks/bench_ghost.py [--runs 3]

Each measurement runs in a fresh process (so peak memory is per variant). "ours" builds the
fragment vocabulary and solves every fragment; "seeds" is a plain re-implementation of the
seeds' method (a set of all fragments, then a memoised recursive search that stops at the
first winning play), timed the same way on the same words. Also: loading a solved variant
from the disk cache.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

OURS = """
import json, resource, time
from wordle_tui.solver.ghost import build
from wordle_tui.solver.ghost_cache import read_words
words = read_words()
start = time.perf_counter()
vocab = build(words, {variant!r}, {m})
seconds = time.perf_counter() - start
print(json.dumps({{"s": seconds, "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "first_wins": bool(vocab.win[0]), "fragments": vocab.fragments}}))
"""
SEEDS = """
import json, resource, sys, time
from functools import lru_cache
sys.setrecursionlimit(20000)
from wordle_tui.solver.ghost_cache import read_words
words = read_words()
A = "abcdefghijklmnopqrstuvwxyz"
start = time.perf_counter()
W = {{w for w in words if len(w) >= {m}}}
if {variant!r} == "ghost":
    F = {{w[:i] for w in W for i in range(len(w) + 1)}}
    def plays(f): return {{f + c for c in A}} & F
else:
    F = {{w[i:j] for w in W for i in range(len(w)) for j in range(i, len(w) + 1)}}
    def plays(f):
        bases = (f, f[::-1]) if {variant!r} == "superduper" else (f,)
        return {{p for b in bases for c in A for p in (b + c, c + b)}} & F
@lru_cache(None)
def win(f):
    if f in W or f not in F: return f
    for p in plays(f):
        if not win(p): return p
    return False
result = win("")
seconds = time.perf_counter() - start
print(json.dumps({{"s": seconds, "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "first_wins": bool(result), "fragments": len(F)}}))
"""
CACHED = """
import json, time
from wordle_tui.solver.ghost_cache import solved
solved({variant!r}, {m})
start = time.perf_counter()
solved({variant!r}, {m})
print(json.dumps({{"s": time.perf_counter() - start}}))
"""


def run(code: str, env: dict) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    env = {**os.environ, "WORDLE_TUI_HOME": tempfile.mkdtemp(prefix="wordle-tui-bench-")}
    results = {"runs": options.runs, "variants": {}}
    for variant in ("ghost", "super", "superduper"):
        for m in (3, 4):
            ours = [run(OURS.format(variant=variant, m=m), env) for _ in range(options.runs)]
            seeds = [run(SEEDS.format(variant=variant, m=m), env) for _ in range(options.runs)]
            cached = run(CACHED.format(variant=variant, m=m), env)
            assert ours[0]["first_wins"] == seeds[0]["first_wins"]
            assert ours[0]["fragments"] == seeds[0]["fragments"]
            o = statistics.median(r["s"] for r in ours)
            s = statistics.median(r["s"] for r in seeds)
            results["variants"][f"{variant}-{m}"] = {
                "ours_s": round(o, 3),
                "seeds_s": round(s, 3),
                "speedup": round(s / o, 1),
                "ours_peak_mb": round(max(r["mb"] for r in ours)),
                "seeds_peak_mb": round(max(r["mb"] for r in seeds)),
                "from_cache_s": round(cached["s"], 3),
                "first_player_wins": ours[0]["first_wins"],
            }
    speedups = [v["speedup"] for v in results["variants"].values()]
    peaks = [v["ours_peak_mb"] for v in results["variants"].values()]
    results["within_targets"] = {
        "at_least_2x_faster": min(speedups) >= 2,
        "peak_mb_at_most_300": max(peaks) <= 300,
    }
    json.dump(results, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
