"""Mastermind's lower bounds at the start, per first guess (one per class alike), as JSON.

    python scripts/mastermind_bounds.py COLOURS PEGS

`plain`: each first guess's bound from its group sizes alone; `lookahead`: raised by each
group's own bound (`OptimalSearch.lookahead`, what a stopped `mastermind solve --strategy
optimal` reports as its `lower_bound`). No strategy can take fewer guesses in total than the
least `lookahead`, without the quick tree's search first (8 colours x 5 pegs: about 2 minutes).
`quick`: the other side, the quick tree the search starts below (`solver/quick.py`): its
total, worst case and CPU seconds; `--no-quick` leaves it out.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from wordle_tui.games.mastermind.solver import make_mastermind
from wordle_tui.games.mastermind.solver.bounds import UNUSABLE
from wordle_tui.games.mastermind.solver.quick import quick_tree
from wordle_tui.games.mastermind.solver.search import OptimalSearch
from wordle_tui.solver.search.shared import depths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("colours", type=int)
    parser.add_argument("pegs", type=int)
    parser.add_argument("--no-quick", action="store_true", help="no quick tree")
    options = parser.parse_args()
    start = time.process_time()
    game = make_mastermind(options.colours, options.pegs)
    search = OptimalSearch(game, 255)
    targets = np.arange(len(game.targets), dtype=np.int32)
    ranking = search.splits.rank(targets, search.max_guesses)
    if isinstance(ranking, tuple):
        raise SystemExit(f"solved at once: {ranking[0]} guesses in total")
    firsts = {}
    for column, guess in enumerate(ranking.ids.tolist()):
        plain = int(ranking.bounds[column])
        if plain < UNUSABLE:
            row = ranking.block[:, column]
            firsts[game.guesses[guess]] = [plain, search.lookahead(row, targets, plain, 0)]
    result = {
        "game": f"{options.colours}x{options.pegs}",
        "plain": ranking.lower,
        "lookahead": min(bound for _, bound in firsts.values()),
        "first_guesses": firsts,
        "cpu_s": round(time.process_time() - start, 1),
    }
    if not options.no_quick:
        begun = time.process_time()
        found = depths(quick_tree(search, targets))
        seconds = round(time.process_time() - begun, 1)
        result["quick"] = {"total": sum(found), "worst": max(found), "cpu_s": seconds}
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
