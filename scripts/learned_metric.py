"""Fit the `learned` metric: an estimate of the guesses a set of answers needs, from exact values.

    python scripts/learned_metric.py [--positions 120] [--seconds 10] [--seed 1] [--json FILE]

The answer to the seeds' question "can we learn a function that takes a set of words and
estimates the average number of guesses for the set?". Every set here is labelled with its
exact least total of guesses (this guess included, every answer equally likely):
- every node of the two shipped optimal trees (classic and nyt lists, normal mode): a subtree
  of an optimal tree is optimal for its set, so these labels cost nothing;
- random positions after one and two rows (a random opener from the 12,972 guesses, a random
  reply, then a random second guess), proven by the exact position search (`Position.best`);
  a set the search does not settle within `--seconds` is left out and counted.

Each estimator is judged by 5-fold cross-validation over *families* (a tree's nodes under one
first reply, or the positions after one opener), never at random, so a set's close relatives
are never in its training data. The error is the mean absolute error in guesses per answer.
The estimators:
- `size`: a least-squares fit of the total as a*n + b*n*log2(n) + c (the shipped `learned`
  metric: a greedy strategy needs it for every group of every guess, so it may use the size
  only; see `wordle_tui/solver/learned.py`);
- `partition`: a linear fit on the size and the best one-step partition (the least sum of the
  size fit over its groups, its entropy, largest group, and whether a possible answer makes it);
- `network`: a small neural network (NumPy, one hidden layer of 16 tanh units, Adam) on the
  same features: NumPy because the project has it already and the net has 129 weights;
- the three metrics as estimates: the best guess's max, expectation and negative entropy, each
  mapped to guesses per answer by its own linear fit.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from wordle_tui.solver.games import Game, make_game  # noqa: E402
from wordle_tui.solver.learned import WEIGHTS  # noqa: E402
from wordle_tui.solver.learned import features as size_features  # noqa: E402
from wordle_tui.solver.listsets import load_set  # noqa: E402
from wordle_tui.solver.matrix import reply_matrix  # noqa: E402
from wordle_tui.solver.search.position import Position  # noqa: E402
from wordle_tui.solver.tree import Tree  # noqa: E402
from wordle_tui.solver.trees import NYT_LISTS, SHIPPED_LISTS, shipped  # noqa: E402

FOLDS = 5


class Sample:
    """A set of answers (target numbers of `game`), its exact total, and its family."""

    def __init__(self, game: Game, targets: np.ndarray, total: int, family: str) -> None:
        self.game, self.targets, self.total, self.family = game, targets, total, family

    @property
    def size(self) -> int:
        return len(self.targets)


def tree_samples(game: Game, tree: Tree, name: str) -> list[Sample]:
    """Every interior node of an optimal tree, with its subtree's total."""
    index = {t: i for i, t in enumerate(game.targets)}
    found: list[Sample] = []

    def walk(node: Tree, family: str) -> tuple[list[int], int]:
        if isinstance(node, str):
            return [index[node]], 1
        targets, total = [], 0
        for code, sub in node.branches.items():
            if code == game.rules.win:
                targets.append(index[node.guess])
                total += 1
                continue
            below, cost = walk(sub, family or f"{name}:{code}")
            targets += below
            total += cost + len(below)
        found.append(Sample(game, np.array(targets), total, family or f"{name}:root"))
        return targets, total

    walk(tree, "")
    return found


def random_samples(game: Game, count: int, seconds: float, seed: int) -> tuple[list[Sample], int]:
    """Sets after one and two random rows, proven by the position search; and how many were
    left out (not settled within `seconds`)."""
    rng, matrix = np.random.default_rng(seed), reply_matrix(game)
    found, skipped = [], 0
    while len(found) < count:
        opener = int(rng.integers(len(game.guesses)))
        targets = np.arange(len(game.targets))
        for rows in (1, 2):
            guess = opener if rows == 1 else int(rng.integers(len(game.guesses)))
            codes = matrix[guess, targets]
            groups = [targets[codes == c] for c in np.unique(codes) if c != game.rules.win]
            groups = [g for g in groups if 3 <= len(g) <= 150]
            if not groups:
                break
            sizes = np.array([len(g) for g in groups], float)
            targets = groups[rng.choice(len(groups), p=sizes / sizes.sum())]
            total = exact_total(game, matrix, targets, rows, seconds)
            if total is None:
                skipped += 1
                break
            found.append(Sample(game, targets, total, f"{game.guesses[opener]}"))
    return found, skipped


def exact_total(
    game: Game, matrix: np.ndarray, targets: np.ndarray, played: int, seconds: float
) -> int | None:
    """The least total for `targets` with `played` rows gone, or None past `seconds` of CPU."""
    start = time.process_time()
    position = Position(game, matrix, targets, None, played)
    try:
        move = position.best(lambda: time.process_time() - start > seconds)
    except Exception:  # cancelled (the search raises when its cancel says so)
        return None
    return move.total if move.within_six else None


def partition_features(sample: Sample) -> np.ndarray:
    """The best one-step partition of the sample's set, seen by the size fit and the metrics:
    [n, size-fit sum over groups, entropy, largest/n, expectation/n, a possible answer makes it].
    """
    game, targets = sample.game, sample.targets
    codes = reply_matrix(game)[:, targets].astype(np.int64)
    n, replies, rows = len(targets), game.rules.n_replies, len(codes)
    offsets = np.arange(rows)[:, None] * replies
    counts = np.bincount((codes + offsets).ravel(), minlength=rows * replies)
    counts = counts.reshape(rows, replies)
    wins = counts[:, game.rules.win] > 0
    counts[:, game.rules.win] = 0
    fitted = (size_features(counts) @ np.array(WEIGHTS)).sum(axis=1)
    best = int(np.argmin(fitted))
    full = counts.copy()
    full[:, game.rules.win] = wins
    p = full / n
    with np.errstate(divide="ignore", invalid="ignore"):
        entropy = -np.nansum(np.where(p > 0, p * np.log2(p), 0.0), axis=1)
    return np.array(
        [
            n,
            fitted[best],
            entropy.max(),
            full.max(axis=1).min() / n,
            ((full * full).sum(axis=1) / n).min() / n,
            float(wins[best]),
        ]
    )


def fit_size(samples: list[Sample]) -> np.ndarray:
    """Weights of the total on [n, n*log2(n), 1], by least squares of the error per answer
    (as the table judges it: fitting the totals themselves lets the few big sets decide)."""
    n = np.array([s.size for s in samples], float)
    x = size_features(n) / n[:, None]
    return np.linalg.lstsq(x, np.array([s.total for s in samples]) / n, rcond=None)[0]


def linear(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Least-squares weights of y on x with a constant column."""
    x1 = np.column_stack([x, np.ones(len(x))])
    return np.linalg.lstsq(x1, y, rcond=None)[0]


def predict_linear(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    return np.column_stack([x, np.ones(len(x))]) @ w


def network(x: np.ndarray, y: np.ndarray, seed: int, steps: int = 3000) -> object:
    """A one-hidden-layer tanh net (16 units) fitted by Adam on standardised inputs."""
    rng = np.random.default_rng(seed)
    mu, sd = x.mean(axis=0), x.std(axis=0) + 1e-9
    z = (x - mu) / sd
    params = [rng.normal(0, 0.3, (x.shape[1], 16)), np.zeros(16), rng.normal(0, 0.3, 16), 0.0]
    m = [np.zeros_like(np.asarray(p, float)) for p in params]
    v = [np.zeros_like(np.asarray(p, float)) for p in params]
    for step in range(1, steps + 1):
        w1, b1, w2, b2 = params
        h = np.tanh(z @ w1 + b1)
        err = h @ w2 + b2 - y
        g2 = h.T @ err / len(y)
        gb2 = err.mean()
        dh = np.outer(err, w2) * (1 - h * h)
        grads = [z.T @ dh / len(y), dh.mean(axis=0), g2, gb2]
        for i, g in enumerate(grads):
            m[i] = 0.9 * m[i] + 0.1 * g
            v[i] = 0.999 * v[i] + 0.001 * g * g
            params[i] = params[i] - 0.01 * (m[i] / (1 - 0.9**step)) / (
                np.sqrt(v[i] / (1 - 0.999**step)) + 1e-8
            )

    def predict(xs: np.ndarray) -> np.ndarray:
        w1, b1, w2, b2 = params
        return np.tanh(((xs - mu) / sd) @ w1 + b1) @ w2 + b2

    return predict


def cross_validate(samples: list[Sample], table: np.ndarray, seed: int) -> dict[str, float]:
    """Each estimator's mean absolute error (guesses per answer) over held-out families."""
    families = sorted({s.family for s in samples})
    shuffled = np.random.default_rng(seed).permutation(families)
    fold_of = {f: i % FOLDS for i, f in enumerate(shuffled)}
    folds = np.array([fold_of[s.family] for s in samples])
    n = table[:, 0]
    mean = np.array([s.total for s in samples]) / n
    errors: dict[str, list[float]] = {}
    for k in range(FOLDS):
        train, test = folds != k, folds == k
        chosen = [s for s, t in zip(samples, train, strict=True) if t]
        w = fit_size(chosen)
        guesses = {"size": (size_features(n[test]) @ w) / n[test]}
        x = np.column_stack([np.log2(n), table[:, 1] / n, table[:, 2:]])
        guesses["partition"] = predict_linear(linear(x[train], mean[train]), x[test])
        guesses["network"] = network(x[train], mean[train], seed)(x[test])
        for name, column in (("max", 3), ("expectation", 4), ("neg_entropy", 2)):
            one = table[:, [column]]
            guesses[name] = predict_linear(linear(one[train], mean[train]), one[test])
        for name, guess in guesses.items():
            errors.setdefault(name, []).extend(np.abs(guess - mean[test]))
    return {name: float(np.mean(e)) for name, e in errors.items()}


def by_value(item: tuple[str, float]) -> float:
    return item[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    start = time.process_time()
    classic = make_game("wordle", lists=load_set("classic"))
    nyt = make_game("wordle", lists=load_set("nyt"))
    samples = tree_samples(classic, shipped("optimal", SHIPPED_LISTS)[0], "classic")
    samples += tree_samples(nyt, shipped("optimal", NYT_LISTS)[0], "nyt")
    from_trees = len(samples)
    positions, skipped = random_samples(classic, args.positions, args.seconds, args.seed)
    samples += positions
    labelled = time.process_time() - start
    print(f"{len(samples):,} sets labelled in {labelled:.0f} s of CPU", file=sys.stderr)
    table = np.array([partition_features(s) for s in samples])
    errors = cross_validate(samples, table, args.seed)
    weights = fit_size(samples)
    result = {
        "sets": len(samples),
        "from_trees": from_trees,
        "positions": len(positions),
        "positions_left_out": skipped,
        "families": len({s.family for s in samples}),
        "sizes": [int(x) for x in np.percentile([s.size for s in samples], [0, 50, 90, 100])],
        "error_per_answer": {k: round(v, 4) for k, v in sorted(errors.items(), key=by_value)},
        "weights": [round(float(w), 6) for w in weights],
        "shipped_weights": list(WEIGHTS),
        "labelling_cpu_seconds": round(labelled, 1),
        "cpu_seconds": round(time.process_time() - start, 1),
    }
    text = json.dumps(result, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
