"""A small proof in one process and on a local Dask cluster, printed as JSON.

    python benchmarks/bench_cluster.py [--letter c] [--hard] [--workers 2]

The proof of the classic answers starting with `--letter` (the 198 starting with C by
default) against the classic guesses: once with `prove` in this process, once through a
`distributed.LocalCluster` of `--workers` worker processes of one thread each. It reports
each run's wall time and CPU time (the cluster's: this process, the scheduler in it, and the
worker processes together), the cluster's start, and the openers sent to the workers. Needs
the extra: pip install ".[dask]".
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import tempfile
import time

import psutil
from distributed import LocalCluster

from wordle_tui.solver.games import WORDLE_RULES, Game
from wordle_tui.solver.listsets import load_set
from wordle_tui.solver.search.cluster import Cluster
from wordle_tui.solver.search.proof import prove


def cpu_seconds() -> float:
    """CPU time of this process and every process under it, so far."""
    me = psutil.Process()
    total = sum(me.cpu_times()[:2])
    for child in me.children(recursive=True):
        with contextlib.suppress(psutil.Error):  # a process that ended meanwhile
            total += sum(child.cpu_times()[:2])
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--letter", default="c")
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    os.environ.setdefault("WORDLE_TUI_HOME", tempfile.mkdtemp(prefix="bench-cluster-"))
    classic = load_set("classic")
    answers = tuple(w for w in classic.answers if w.startswith(args.letter))
    game = Game("wordle", WORDLE_RULES, answers, classic.guesses)
    wall, cpu = time.perf_counter(), cpu_seconds()
    alone = prove(game, args.hard, save=False)
    here = {"wall_s": time.perf_counter() - wall, "cpu_s": cpu_seconds() - cpu}
    wall, cpu = time.perf_counter(), cpu_seconds()
    with LocalCluster(
        n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None
    ) as local:
        started = time.perf_counter()
        with Cluster.connect(local.scheduler_address) as cluster:
            there = prove(game, args.hard, save=False, cluster=cluster)
        done, cpu_done = time.perf_counter(), cpu_seconds()
    assert there.total == alone.total and there.proven and alone.proven
    sent = sum(n for how, n in there.how.items() if how != "cut by the opener bound")
    print(
        json.dumps(
            {
                "answers": len(answers),
                "guesses": len(game.guesses),
                "mode": "hard" if args.hard else "normal",
                "total": alone.total,
                "one_process": {k: round(v, 2) for k, v in here.items()},
                "cluster": {
                    "workers": args.workers,
                    "start_s": round(started - wall, 2),
                    "wall_s": round(done - started, 2),
                    "cpu_s": round(cpu_done - cpu, 2),
                    "openers_sent": sent,
                },
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
