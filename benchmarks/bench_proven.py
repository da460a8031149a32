"""How fast the assistant proves the best next guess, printed as JSON.

    python benchmarks/bench_proven.py [--per-opener 5] [--seed 2026] [--hard]
    python benchmarks/bench_proven.py --every [--openers salet,crane] [--hard]
    python benchmarks/bench_proven.py --every --random 100 [--proof-only] [--cap 60]

Positions: for each of 12 common openers, `--per-opener` answers drawn at random (seeded), and
the position that opener's colours against that answer leaves; with `--every`, every reply
the opener can get instead (one position per distinct colouring over the answers, so the
maximum is the worst position after one row); `--random N` draws N openers from all the allowed
guesses instead (seeded), as issue 43's goal asks. For each position it times:

- the shown pick: the look-ahead's first suggestion (what the screen shows at once);
- the proof: the exhaustive search for the proven-best guess (`Position.best`);

and checks whether the shown pick was already proven best (the same word, or a different word
with the same exact value). `--proof-only` times the proof alone, and `--cap S` gives each
proof at most S seconds of CPU (one over the cap is counted, at S, and named in
`over_cap`). It reports the median, 95th percentile and maximum of the proof
times, the share of positions where the shown pick was already the best, and the guesses the
shown picks would cost over the proven ones, summed over every answer of every position.
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
TARGETS = {"proof_median_s": 2.0, "proof_p95_s": 10.0}


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of `values`."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))]


def peak_rss_mb() -> int | None:
    """The process's peak resident memory in MB (None where `resource` is missing)."""
    try:
        import resource
    except ImportError:
        return None
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def targets_for(base, opener: str, rng, options) -> list[str]:
    """The answers whose positions are timed: a seeded sample, or one per distinct reply."""
    if not options.every:
        return list(rng.choice(base.game.targets, options.per_opener, replace=False))
    row = base.matrix[base.game.index[opener]]
    _, first = np.unique(row, return_index=True)
    return [base.game.targets[i] for i in sorted(first)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per-opener", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--every", action="store_true", help="every reply, not a sample")
    parser.add_argument("--openers", default=",".join(OPENERS), help="comma-separated")
    parser.add_argument("--random", type=int, default=0, help="this many openers drawn at random")
    parser.add_argument("--proof-only", action="store_true", help="time the proof alone")
    parser.add_argument("--cap", type=float, default=0, help="CPU seconds a proof (0: none)")
    options = parser.parse_args()
    os.environ["WORDLE_TUI_HOME"] = tempfile.mkdtemp(prefix="wordle-tui-bench-")

    from wordle_tui.solver.assistant.engine import Assistant
    from wordle_tui.solver.search.shared import SearchInterrupted

    base = Assistant(hard=options.hard)
    rng = np.random.default_rng(options.seed)
    openers = options.openers.split(",")
    if options.random:
        drawn = rng.choice(len(base.game.guesses), options.random, replace=False)
        openers = [base.game.guesses[int(i)] for i in drawn]
    rows_out, proofs, cpus, nodes, same, equal, extra = [], [], [], [], 0, 0, 0.0
    over_cap: list[dict] = []
    for opener in openers:
        for target in targets_for(base, opener, rng, options):
            code = int(base.matrix[base.game.index[opener], base.game.targets.index(target)])
            helper = Assistant(hard=options.hard, rows=[(opener, base.game.show(code))])
            if helper.solved:
                continue
            start = time.perf_counter()
            shown = None if options.proof_only else helper.compute_suggestions(10)[0]
            pick_s = time.perf_counter() - start
            start, cpu = time.perf_counter(), time.process_time()
            position = helper.position()
            capped = options.cap > 0
            try:
                move = position.best(
                    (lambda began=cpu: time.process_time() - began > options.cap)
                    if capped
                    else None
                )
            except SearchInterrupted:
                over_cap.append({"opener": opener, "answer": str(target)})
                print(json.dumps({"over_cap": over_cap[-1]}), file=sys.stderr, flush=True)
                proofs.append(time.perf_counter() - start)
                cpus.append(options.cap)
                continue
            proof_s = time.perf_counter() - start
            cpus.append(time.process_time() - cpu)
            nodes.append(move.nodes)
            proofs.append(proof_s)
            row = {
                "opener": opener,
                "answer": str(target),
                "left": move.answers,
                "proof_s": round(proof_s, 3),
                "proof_cpu_s": round(cpus[-1], 3),
                "nodes": move.nodes,
                "proven": move.word,
                "proven_mean": round(move.mean, 4),
            }
            if shown is not None:
                shown_total = position.value(shown.word)
                same += shown.word == move.word
                equal += shown_total == move.total
                extra += shown_total - move.total
                row |= {
                    "pick_s": round(pick_s, 3),
                    "shown": shown.word,
                    "shown_mean": round(shown_total / move.answers, 4),
                }
            rows_out.append(row)
            print(json.dumps(rows_out[-1]), file=sys.stderr, flush=True)
    result = {
        "mode": "hard" if options.hard else "normal",
        "positions": len(proofs),
        "seed": options.seed,
        "cpus": os.cpu_count(),
        "proof_median_s": round(statistics.median(proofs), 3),
        "proof_p95_s": round(percentile(proofs, 0.95), 3),
        "proof_max_s": round(max(proofs), 3),
        "proof_max_position": max(rows_out, key=lambda r: r["proof_s"], default=None),
        "proof_cpu_median_s": round(statistics.median(cpus), 3),
        "proof_cpu_p95_s": round(percentile(cpus, 0.95), 3),
        "proof_cpu_max_s": round(max(cpus), 3),
        "openers": openers,
        "cap_cpu_s": options.cap or None,
        "over_cap": over_cap,
        "nodes_median": statistics.median(nodes),
        "nodes_p95": percentile(nodes, 0.95),
        "nodes_max": max(nodes),
        "peak_rss_mb": peak_rss_mb(),
        "every_reply": options.every,
        "shown_pick_was_proven_word": None if options.proof_only else round(same / len(proofs), 3),
        "shown_pick_had_proven_value": None
        if options.proof_only
        else round(equal / len(proofs), 3),
        "shown_pick_extra_guesses": None if options.proof_only else round(extra, 1),
        "targets": TARGETS,
        "positions_detail": rows_out,
    }
    result["within_targets"] = {
        "proof_median_s": result["proof_median_s"] <= TARGETS["proof_median_s"],
        "proof_p95_s": result["proof_p95_s"] <= TARGETS["proof_p95_s"],
    }
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
