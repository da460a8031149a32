"""The assistant on the NYT's real games, printed as JSON.

    python benchmarks/bench_nyt.py [--prior nyt] [--lists nyt] [--every 1] [--workers N] [--save]

Plays every puzzle of the shipped record (#0 to #1699; `--every K`: every K-th) by following
the assistant's first suggestion from the empty board, with the prior as it stood the day
before each puzzle, exactly as `wordle-tui report --strategy assistant --history FILE` does.
Reports the games, mean guesses, worst, games over six, the distribution, the same over the
last 200 puzzles, and the wall time. The goal: no game over six and a mean of at most 3.35.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGETS = {"mean": 3.35, "over_six": 0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--prior", default="nyt", choices=("nyt", "uniform", "frequency"))
    parser.add_argument("--lists", default="nyt")
    parser.add_argument("--every", type=int, default=1, help="play every K-th puzzle")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--last", type=int, default=200)
    parser.add_argument(
        "--save",
        action="store_true",
        help="also keep the result in benchmarks/results/ (docs/assistant.md's table reads it)",
    )
    args = parser.parse_args()
    os.environ.setdefault("WORDLE_TUI_HOME", tempfile.mkdtemp(prefix="bench-nyt-"))

    from wordle_tui.solver.assistant.replay import replay
    from wordle_tui.solver.listsets import load_set
    from wordle_tui.solver.nyt.history import shipped_history

    history = shipped_history()
    puzzles = history.puzzles[:: args.every]
    start = time.perf_counter()
    result = replay(puzzles, args.prior, load_set(args.lists), history, workers=args.workers)
    seconds = time.perf_counter() - start
    tail = result.last(args.last)
    data = {
        "prior": args.prior,
        "lists": args.lists,
        "games": len(result.games),
        "mean": round(result.mean, 4),
        "worst": result.worst,
        "over_six": result.over_six,
        "distribution": {str(k): v for k, v in result.distribution.items()},
        f"last_{args.last}": {
            "mean": round(tail.mean, 4),
            "worst": tail.worst,
            "over_six": tail.over_six,
        },
        "over_six_games": [
            {"number": g.number, "word": g.word, "guesses": g.guesses}
            for g in result.games
            if g.guesses > 6
        ],
        "seconds": round(seconds, 1),
        "targets": TARGETS,
        "met": result.mean <= TARGETS["mean"] and result.over_six == TARGETS["over_six"],
    }
    text = json.dumps(data, indent=2)
    print(text)
    if args.save:
        name = f"nyt-prior-{args.prior}-lists-{args.lists}.json"
        (Path(__file__).resolve().parent / "results" / name).write_text(text + "\n")


if __name__ == "__main__":
    main()
