"""How long the assistant's endgame search takes after one row, and what a budget costs in
picks, printed as JSON.

    python benchmarks/bench_endgame.py [--openers salet,crane] [--lists nyt] [--budgets 1,0.5]

With a weighted prior (the NYT's, the default on the `nyt` lists) and at most `ENDGAME` likely
answers left, the suggestions are valued by a search to the end of the game (`search.endgame`);
`suggest --budget` stops it, and the look-ahead's suggestions are shown instead. For every
reply each opener can get (one position per distinct colouring) where that search runs, this
times it (CPU seconds, the search alone: the look-ahead's suggestions are computed first) and
checks whether the look-ahead's first pick is the search's. For each budget it reports the
share of those positions whose search finishes within it (by CPU time: on a quiet machine the
wall time the budget counts), and the share whose shown pick would still be the search's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

import numpy as np

OPENERS = (
    "salet", "crane", "slate", "trace", "crate", "raise",
    "arise", "stare", "irate", "adieu", "audio", "roate",
)  # fmt: skip


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of `values`."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--openers", default=",".join(OPENERS), help="comma-separated")
    parser.add_argument("--lists", default="nyt")
    parser.add_argument("--budgets", default="2,1,0.8,0.7,0.6,0.5", help="comma-separated")
    options = parser.parse_args()
    os.environ["WORDLE_TUI_HOME"] = tempfile.mkdtemp(prefix="wordle-tui-bench-")

    from wordle_tui.solver.assistant.engine import Assistant
    from wordle_tui.solver.listsets import load_set

    lists = load_set(options.lists)
    base = Assistant(lists=lists)  # the prior: the engine's for the lists
    prior = base.prior
    detail = []
    for opener in options.openers.split(","):
        for code in np.unique(base.matrix[base.game.index[opener]]).tolist():
            row = (opener, base.game.show(code))
            if set(row[1]) == {"G"}:
                continue
            helper = Assistant(lists=lists, prior=prior, rows=[row])
            if not helper.searched:
                continue
            estimate = helper.ranker.suggestions(helper.likely, helper.legal, 10, "guesses")
            cpu, start = time.process_time(), time.perf_counter()
            searched = helper.compute_suggestions(10)
            detail.append(
                {
                    "row": ":".join(row),
                    "likely": len(helper.likely),
                    "cpu_s": round(time.process_time() - cpu, 3),
                    "wall_s": round(time.perf_counter() - start, 3),
                    "search_pick": searched[0].word,
                    "look_ahead_pick": estimate[0].word,
                }
            )
            print(json.dumps(detail[-1]), file=sys.stderr, flush=True)
    cpus = [d["cpu_s"] for d in detail]
    same = [d["search_pick"] == d["look_ahead_pick"] for d in detail]
    budgets = {}
    for budget in [float(b) for b in options.budgets.split(",")]:
        within = [c <= budget for c in cpus]
        budgets[f"{budget:g}"] = {
            "search_finishes": round(sum(within) / len(detail), 4),
            "pick_is_the_searchs": round(
                sum(w or s for w, s in zip(within, same, strict=True)) / len(detail), 4
            ),
        }
    result = {
        "lists": options.lists,
        "prior": prior,
        "openers": options.openers,
        "positions_searched": len(detail),
        "cpus": os.cpu_count(),
        "cpu_median_s": round(statistics.median(cpus), 3),
        "cpu_p95_s": round(percentile(cpus, 0.95), 3),
        "cpu_max_s": round(max(cpus), 3),
        "slowest": max(detail, key=lambda d: d["cpu_s"]),
        "look_ahead_pick_is_the_searchs": round(sum(same) / len(detail), 4),
        "by_budget": budgets,
        "positions_detail": detail,
    }
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
