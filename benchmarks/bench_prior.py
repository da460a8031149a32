"""The NYT prior judged on puzzles it has never seen, printed as JSON.

    python benchmarks/bench_prior.py [--holdout 191] [--workers N] [--bits-only] [--save]

The last `--holdout` puzzles of the shipped record are the hold-out: nothing in the prior is
fitted to them. Each is judged two ways, with the record *frozen* (it ends the day before the
first puzzle of the hold-out and is never brought up to date, as a record shipped once is)
and *updated* (every earlier answer known the day before, as `report --history` plays):

- `bits`: the mean of -log2 p over the hold-out, p the chance the prior gave the true answer
  (with the means over the fresh answers and over the repeats apart);
- `replay`: the assistant followed from the empty board, exactly as `wordle-tui report
  --strategy assistant --history FILE [--frozen]` plays it (mean, worst, games over six);
- `calibration`: over every position of those games, the chance given to the likeliest answer,
  in tenths, against how often it was the answer, and the mean gap weighted by positions.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

RESULT = Path(__file__).resolve().parent / "results" / "prior-holdout.json"


def bits(puzzles, history, frozen: bool) -> dict:
    """The bits the prior spends on each true answer of `puzzles`."""
    from wordle_tui.solver.listsets import load_set
    from wordle_tui.solver.nyt.history import AnswerHistory
    from wordle_tui.solver.nyt.prior import nyt_weights

    words = load_set("nyt").guesses
    index = {w: i for i, w in enumerate(words)}
    if frozen:
        first = puzzles[0].number
        history = AnswerHistory(tuple(p for p in history.puzzles if p.number < first))
    spent, repeats = [], []
    for p in puzzles:
        spent.append(-math.log2(nyt_weights(words, p.number, history)[index[p.word]]))
        repeats.append(bool(history.answered(p.word, before=p.number)) or _repeat(p, puzzles))
    fresh = [b for b, r in zip(spent, repeats, strict=True) if not r]
    again = [b for b, r in zip(spent, repeats, strict=True) if r]
    return {
        "mean": round(sum(spent) / len(spent), 3),
        "fresh": {"puzzles": len(fresh), "mean": round(sum(fresh) / max(len(fresh), 1), 3)},
        "repeats": {"puzzles": len(again), "mean": round(sum(again) / max(len(again), 1), 3)},
        "max": round(max(spent), 2),
    }


def _repeat(puzzle, puzzles) -> bool:
    """Whether `puzzle`'s answer was an earlier answer within the hold-out itself."""
    return any(q.word == puzzle.word and q.number < puzzle.number for q in puzzles)


def play(puzzles, history, frozen: bool, workers: int | None) -> dict:
    """The assistant followed over the hold-out, and its calibration."""
    from wordle_tui.solver.assistant.replay import calibration_dict, replay
    from wordle_tui.solver.listsets import load_set

    result = replay(puzzles, "nyt", load_set("nyt"), history, workers=workers, frozen=frozen)
    return {
        "mean": round(result.mean, 4),
        "worst": result.worst,
        "over_six": result.over_six,
        "distribution": {str(k): v for k, v in result.distribution.items()},
        "calibration": calibration_dict(result.calibration()),
        "calibrated_gap": calibrated_gap(result),
    }


def calibrated_gap(result, draws: int = 2000) -> dict:
    """The mean gap a perfectly calibrated assistant would show on these positions: each
    position's likeliest answer right with exactly the chance stated, drawn `draws` times
    (the gap that sampling alone leaves on this many positions)."""
    import numpy as np

    from wordle_tui.solver.assistant.replay import Replay, ReplayedGame, mean_gap

    rng = np.random.default_rng(0)
    gaps = []
    for _ in range(draws):
        games = tuple(
            ReplayedGame(g.number, g.word, g.rows, g.tops, tuple(rng.random(len(g.tops)) < g.tops))
            for g in result.games
        )
        gaps.append(mean_gap(Replay(games, result.prior, result.lists, False).calibration()))
    return {
        "median": round(float(np.median(gaps)), 3),
        "p05": round(float(np.percentile(gaps, 5)), 3),
        "p95": round(float(np.percentile(gaps, 95)), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--holdout", type=int, default=191)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--bits-only", action="store_true", help="skip the replays")
    parser.add_argument("--save", action="store_true", help=f"also write {RESULT.name}")
    args = parser.parse_args()
    os.environ.setdefault("WORDLE_TUI_HOME", tempfile.mkdtemp(prefix="bench-prior-"))

    from wordle_tui.solver.nyt.history import shipped_history

    history = shipped_history()
    puzzles = history.puzzles[-args.holdout :]
    start = time.perf_counter()
    data: dict = {
        "holdout": {"first": puzzles[0].number, "last": puzzles[-1].number, "puzzles": len(puzzles)}
    }
    for name, frozen in (("frozen", True), ("updated", False)):
        data[name] = {"bits": bits(puzzles, history, frozen)}
        if not args.bits_only:
            data[name]["replay"] = play(puzzles, history, frozen, args.workers)
        print(f"{name} done after {time.perf_counter() - start:.0f} s", file=sys.stderr)
    data["seconds"] = round(time.perf_counter() - start, 1)
    text = json.dumps(data, indent=2)
    print(text)
    if args.save:
        RESULT.write_text(text + "\n")


if __name__ == "__main__":
    main()
