"""Search for a witness that Wordle's minimax value on the classic lists is 5 (normal mode),
and write it to `wordle_tui/trees/minimax-witness-classic-normal.json`.

A witness is a set F of answers that no strategy solves within 4 guesses: for each of the
12,972 first guesses, some group of F it leaves cannot be solved within 3 (`Refuter`). Since a
strategy for all the answers is one for F, the game needs 5 too. The search grows F guess by
guess: for a first guess F does not yet defeat, it takes the largest group the guess leaves
of all the answers, and adds to F's part of it, second guess by second guess, a small group no
one guess tells apart, until no second guess works. Then it shrinks F, keeping for each first
guess only the words a hard group needs. The file names F; `witness_lower_bound` checks it.

Run: `nice python scripts/minimax_witness.py [--start FILE]` (FILE: a JSON list of words to
grow from, e.g. an earlier result, instead of nothing); `--check` only checks the shipped file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "wordle_tui" / "trees" / "minimax-witness-classic-normal.json"
WITHIN = 4  # F cannot be solved within this many guesses
CHUNKS = (16, 4, 1)  # words tried out of a group at once while shrinking


def as_set(words: np.ndarray | list[int] | set[int]) -> np.ndarray:
    """Target numbers as a sorted array."""
    return np.array(sorted(set(np.asarray(list(words)).tolist())), dtype=np.int32)


def untold_part(refuter, group: np.ndarray, base: np.ndarray) -> np.ndarray:
    """A small set between `base` and `group` (a group no guess tells apart) that no guess
    tells apart: add the word colliding under the most guesses that still tell it apart."""
    from wordle_tui.solver.search.witness import all_distinct

    chosen, rest = set(base.tolist()), [w for w in group.tolist() if w not in set(base.tolist())]
    while True:
        words = as_set(chosen)
        tellers = np.flatnonzero(all_distinct(refuter.matrix[:, words]))
        if len(words) >= 2 and len(tellers) == 0:
            return words
        mine = refuter.matrix[np.ix_(tellers, words)]
        theirs = refuter.matrix[np.ix_(tellers, np.array(rest))]
        collides = (theirs[:, :, None] == mine[:, None, :]).any(axis=2).sum(axis=0)
        chosen.add(rest.pop(int(collides.argmax())))


def best_split(refuter, words: np.ndarray) -> int:
    """The guess making the most groups of `words`."""
    return int((refuter.group_sizes(refuter.matrix[:, words]) > 0).sum(axis=1).argmax())


def hard_group(refuter, words: np.ndarray, base: np.ndarray) -> np.ndarray | None:
    """A part of `words` (a group after a first guess) holding `base` that no strategy solves
    within 3, grown one ruled-out second guess at a time (None if that fails)."""
    part = base
    while True:
        second = refuter.second_guess(part) if len(part) > 3 else best_split(refuter, words)
        if second is None:
            return part
        codes = refuter.matrix[second, words]
        options = []
        for value in np.unique(codes):
            group = words[codes == value]
            if value != refuter.win and len(group) > 2 and not refuter.told_apart(group):
                options.append(untold_part(refuter, group, np.intersect1d(group, part)))
        if not options:
            return None
        added = min(options, key=lambda option: len(np.setdiff1d(option, part)))
        part = as_set([*part.tolist(), *added.tolist()])


def defeat(refuter, witness: np.ndarray, guess: int, everyone: np.ndarray) -> np.ndarray:
    """`witness` grown so that `guess` leaves a group of it not solvable within 3."""
    codes = refuter.matrix[guess, everyone]
    values, counts = np.unique(codes, return_counts=True)
    for value in values[np.argsort(-counts, kind="stable")][:3]:
        group = everyone[codes == value]
        part = hard_group(refuter, group, np.intersect1d(group, witness))
        if part is not None:
            return as_set([*witness.tolist(), *part.tolist()])
    raise RuntimeError(f"no hard group found after guess {guess}")


def grow(refuter, witness: np.ndarray, order: np.ndarray, everyone: np.ndarray) -> np.ndarray:
    """Grow `witness` until every first guess leaves a group not solvable within 3."""
    for done, guess in enumerate(order.tolist()):
        if done % 1000 == 0:
            print(f"  {done}/{len(order)} first guesses, {len(witness)} words", flush=True)
        if len(witness) and refuter.leaves_hard_group(witness, guess, WITHIN):
            continue
        witness = defeat(refuter, witness, guess, everyone)
        print(f"  {done}/{len(order)} first guesses: {len(witness)} words", flush=True)
    return witness


def smallest_part(refuter, group: np.ndarray, fixed: set[int]) -> np.ndarray:
    """`group` (not solvable within 3) without every word it can lose, `fixed` ones kept."""
    part = group
    for size in CHUNKS:
        loose = [w for w in part.tolist() if w not in fixed]
        for start in range(0, len(loose), size):
            fewer = np.setdiff1d(part, loose[start : start + size])
            if len(fewer) < len(part) and refuter.unsolvable(fewer, WITHIN - 1):
                part = fewer
    return part


def shrink(refuter, witness: np.ndarray, order: np.ndarray) -> np.ndarray:
    """A part of `witness` still defeating every first guess, each keeping only what it needs."""
    kept: set[int] = set()
    for guess in order.tolist():
        if len(kept) and refuter.leaves_hard_group(as_set(kept), guess, WITHIN):
            continue
        codes = refuter.matrix[guess, witness]
        values, counts = np.unique(codes, return_counts=True)
        for value in values[np.argsort(-counts, kind="stable")]:
            group = witness[codes == value]
            if value != refuter.win and refuter.unsolvable(group, WITHIN - 1):
                kept |= set(smallest_part(refuter, group, kept).tolist())
                print(f"  {guess}: {len(kept)} words kept", flush=True)
                break
    return as_set(kept)


def check(game) -> None:
    """Check the shipped witness from scratch, and say what it proves and how long it took."""
    from wordle_tui.solver.search.witness import witness_lower_bound

    began = time.process_time()
    proven = witness_lower_bound(game)
    print(f"the value is at least {proven}; check {time.process_time() - began:.0f} s of CPU")


def main() -> None:
    """Search, shrink, check once more from scratch, and write the witness file."""
    sys.path.insert(0, str(ROOT))
    from wordle_tui.solver.games import make_game
    from wordle_tui.solver.search.witness import Refuter

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=Path, help="a JSON list of words to grow from")
    parser.add_argument("--check", action="store_true", help="only check the shipped witness")
    args = parser.parse_args()
    game = make_game("wordle")
    if args.check:
        check(game)
        return
    refuter = Refuter(game)
    index = {word: n for n, word in enumerate(game.targets)}
    start = json.loads(args.start.read_text()) if args.start else []
    everyone = np.arange(len(game.targets), dtype=np.int32)
    groups = (refuter.group_sizes(refuter.matrix) > 0).sum(axis=1)
    order = np.argsort(-groups, kind="stable")  # the strongest first guesses first
    began = time.process_time()
    witness = grow(refuter, as_set(index[w] for w in start), order, everyone)
    witness = shrink(refuter, witness, order)
    searched = time.process_time() - began
    began = time.process_time()
    assert Refuter(game).unsolvable(witness, WITHIN)
    checked = time.process_time() - began
    words = [game.targets[n] for n in witness.tolist()]
    data = {"lists": "classic", "fingerprint": game.fingerprint, "hard": False}
    data |= {"within": WITHIN, "value": WITHIN + 1, "size": len(words), "words": words}
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}: {len(words)} words; search {searched:.0f} s, check {checked:.0f} s")


if __name__ == "__main__":
    main()
