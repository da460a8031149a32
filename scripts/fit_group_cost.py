"""Measure the assistant's group cost: mean guesses still needed for a group of s answers.

    python scripts/fit_group_cost.py

Builds the greedy entropy tree with every allowed guess over the 2,309 answers, averages, for
each node size s, the guesses its answers still need (that node's guess included), and fits
cost(s) = base + per_bit * log2(s) through s = 3 and s = 2,309 (the ends of the range the
assistant uses it for; sizes 1 and 2 cost exactly 1 and 1.5).
"""

from __future__ import annotations

import math
from collections import defaultdict
from statistics import fmean

from wordle_tui.solver import Solver, make_game, tree_scores
from wordle_tui.solver.assistant.engine import group_cost
from wordle_tui.solver.tree import iter_nodes


def main() -> None:
    game = make_game("wordle")
    tree = Solver(game, "neg_entropy", "all").tree()
    scores = tree_scores(tree)
    needed: dict[int, list[float]] = defaultdict(list)
    for node, depth in iter_nodes(tree):
        needed[node.size].append(fmean(scores[t] - depth for t in tree_scores(node)))
    mean = {s: fmean(v) for s, v in needed.items()}
    small, large = 3, max(mean)
    per_bit = (mean[large] - mean[small]) / (math.log2(large) - math.log2(small))
    base = mean[small] - per_bit * math.log2(small)
    print(f"cost(s) = {base:.3f} + {per_bit:.4f} * log2(s)   (fitted through s=3 and s={large})")
    print(" size  measured  model  nodes")
    for s in sorted(mean)[:15] + [large]:
        print(f"{s:5d}  {mean[s]:8.3f}  {float(group_cost([s])[0]):5.3f}  {len(needed[s]):5d}")


if __name__ == "__main__":
    main()
