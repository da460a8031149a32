"""The assistant's look-ahead with each leaf cost, on the position benchmarks, printed as JSON.

    python benchmarks/bench_leaf_cost.py [--hard] [--endgame] [--openers salet,crane]

The look-ahead costs the groups at its leaves by an estimate of the guesses a group of their
size still needs (`scoring.group_cost`). This runs `bench_proven.py --every` (or, with
`--endgame`, `bench_endgame.py` on the NYT lists and prior) once with each estimate, in a fresh
process: `fitted`, the old fit through the greedy entropy tree (1.484 + 0.1773 log2 s per
answer, patched in), and `learned`, the one in use (`solver/learned.py`'s total over s).
Sizes 1 and 2 cost 1 and 1.5 in both. For each it reports how often the shown pick was proven
best, the guesses the shown picks cost over the proven ones in all, and the median time of a
pick.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PATCH = """
import runpy, sys
import numpy as np
from wordle_tui.solver import scoring

def fitted(sizes):
    s = np.asarray(sizes, dtype=np.float64)
    beyond = 1.484 + 0.1773 * np.log2(np.maximum(s, 1))
    return np.where(s <= 1, 1.0, np.where(s == 2, 1.5, beyond))

if {variant!r} == "fitted":
    scoring.group_cost = fitted
sys.argv = {argv!r}
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def run(variant: str, argv: list[str]) -> dict:
    """One benchmark's JSON, run with the `variant` leaf cost."""
    code = PATCH.format(variant=variant, argv=argv)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def proven_summary(data: dict) -> dict:
    """What `bench_proven` says of the shown picks."""
    rows = data["positions_detail"]
    extra = sum(round((r["shown_mean"] - r["proven_mean"]) * r["left"]) for r in rows)
    return {
        "positions": data["positions"],
        "shown_pick_had_proven_value": data["shown_pick_had_proven_value"],
        "positions_shown_pick_worse": sum(r["shown_mean"] > r["proven_mean"] for r in rows),
        "extra_guesses": extra,
        "pick_median_s": statistics.median(r["pick_s"] for r in rows if r["left"] > 2),
    }


def endgame_summary(data: dict) -> dict:
    """What `bench_endgame` says of the look-ahead's first picks."""
    keep = ("positions_searched", "look_ahead_pick_is_the_searchs", "cpu_median_s")
    return {key: data[key] for key in keep}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--endgame", action="store_true", help="bench_endgame.py instead")
    parser.add_argument("--openers", help="comma-separated (the benchmark's own by default)")
    options = parser.parse_args()
    if options.endgame:
        argv, summary = [os.path.join(HERE, "bench_endgame.py")], endgame_summary
    else:
        argv = [os.path.join(HERE, "bench_proven.py"), "--every"]
        argv += ["--hard"] if options.hard else []
        summary = proven_summary
    argv += ["--openers", options.openers] if options.openers else []
    result = {variant: summary(run(variant, argv)) for variant in ("fitted", "learned")}
    result["mode"] = "hard" if options.hard else "normal"
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
