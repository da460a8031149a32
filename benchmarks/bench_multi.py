"""The multi-board solver's win rates and speed, per variant and measure, as JSON.

    python benchmarks/bench_multi.py [--games 1000] [--seed 1] [--variants dordle,quordle,...]
                                     [--measures weighted]

Each (variant, measure) runs `wordle-tui report -g VARIANT --games N --seed S --metric MEASURE
--json` in a process of its own and reports its games, wins, win rate, mean, distribution, and
the wall and CPU seconds it took (the reply matrix comes from the cache, when there).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

VARIANTS = ("dordle", "quordle", "octordle")
MEASURES = ("entropy", "weighted", "ambiguous")


def run_case(variant: str, measure: str, games: int, seed: int) -> dict:
    """One variant and measure: the report's figures, its win rate and its times."""
    command = [sys.executable, "-m", "wordle_tui", "report", "-g", variant, "--games", str(games)]
    command += ["--seed", str(seed), "--metric", measure, "--json"]
    start, cpu = time.perf_counter(), _children_cpu()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = round(time.perf_counter() - start, 2)
    used = round(_children_cpu() - cpu, 2)  # CPU seconds: steadier than wall on a shared machine
    case = {"variant": variant, "measure": measure, "seed": seed}
    if done.returncode != 0:
        return {**case, "error": done.stderr.strip(), "wall_s": wall}
    figures = json.loads(done.stdout)
    rate = round(100 * figures["wins"] / figures["games"], 3)
    return {**case, **figures, "win_percent": rate, "wall_s": wall, "cpu_s": used}


def _children_cpu() -> float:
    """CPU seconds used so far by finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--measures", default="weighted")
    args = parser.parse_args()
    results = [
        run_case(variant, measure, args.games, args.seed)
        for variant in args.variants.split(",")
        for measure in args.measures.split(",")
    ]
    json.dump({"games": args.games, "seed": args.seed, "results": results}, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
