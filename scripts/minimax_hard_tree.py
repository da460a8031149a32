"""Ship a hard-mode tree that finds every classic answer within five guesses.

Such a tree is the upper half of the hard-mode minimax value: some strategy that keeps to the
hints always wins in five. The lower half is normal mode's witness (no strategy at all always
wins in four), so the tree settles hard mode's value at 5. The tree is searched here with the
package's own tree search limited to five guesses, from a first guess that allows it:

    python scripts/minimax_hard_tree.py                  # PLACE first, the top 100 guesses a step
    python scripts/minimax_hard_tree.py --scan 400       # which of 400 random openers allow it

It writes `wordle_tui/trees/minimax-hard.json.gz` after validating the tree in hard mode (every
answer found, every guess allowed by the hints before it) and checking its worst case.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "wordle_tui" / "trees" / "minimax-hard.json.gz"
WITHIN = 5


def main() -> None:
    """Search the tree (or scan openers) and write the shipped file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", default="place", help="the first guess (default PLACE)")
    parser.add_argument("--top-k", type=int, default=100, help="guesses tried at each step")
    parser.add_argument("--scan", type=int, default=0, help="try this many random openers")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from wordle_tui.solver.games import make_game

    game = make_game("wordle")
    if args.scan:
        scan(game, args.scan, args.top_k)
        return
    ship(game, args.first, args.top_k)


def search(game, first: str, top_k: int):
    """The least-total hard-mode tree within five guesses the top-k search finds, or None."""
    from wordle_tui.solver.search.best_tree import TreeSearch
    from wordle_tui.solver.search.shared import SearchError

    try:
        return TreeSearch(game, hard=True, max_guesses=WITHIN, top_k=top_k).run(first)
    except SearchError:
        return None


def scan(game, count: int, top_k: int) -> None:
    """Print, for `count` openers drawn at random, the total of its tree within five (or -)."""
    openers = list(game.guesses)
    random.Random(1).shuffle(openers)
    found = 0
    for word in openers[:count]:
        start = time.process_time()
        result = search(game, word, top_k)
        found += result is not None
        total = "-" if result is None else str(result.total)
        print(f"{word} {total} {time.process_time() - start:.1f}s", flush=True)
    print(f"{found} of {count} openers allow a hard-mode win within {WITHIN}")


def ship(game, first: str, top_k: int) -> None:
    """Search from `first` and write the tree, validated, as the shipped file."""
    from wordle_tui.solver.tree import tree_scores
    from wordle_tui.solver.trees import save, validate

    start = time.process_time()
    result = search(game, first, top_k)
    if result is None:
        sys.exit(f"no hard-mode tree within {WITHIN} from {first.upper()} (top {top_k})")
    problems = validate(result.tree, game, hard=True)
    worst = max(tree_scores(result.tree).values())
    if problems or worst > WITHIN:
        sys.exit(f"the tree is not valid: {problems[:3]}, worst {worst}")
    seconds = time.process_time() - start
    save(result.tree, game, OUT, mode="hard", total=result.total, worst=worst, within=WITHIN)
    mean = result.total / len(game.targets)
    print(
        f"{first.upper()}: {result.total} guesses ({mean:.4f} a word), worst {worst}, "
        f"{seconds:.1f} s of CPU -> {OUT.relative_to(ROOT)}"
    )


if __name__ == "__main__":
    main()
