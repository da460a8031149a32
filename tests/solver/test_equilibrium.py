"""The chooser-guesser game's value: column generation against a linear program over every
tree, on lists small enough to list every tree (each guess splitting its set)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from reference_solver import ATCH, OUND, keeps_every_hint, listed_game, reference_for
from scipy.optimize import linprog

from wordle_tui.solver import make_game
from wordle_tui.solver.chooser.equilibrium import WeightedSearch, equilibrium
from wordle_tui.solver.matrix import reply_matrix
from wordle_tui.solver.tree import tree_scores


def every_tree(game, hard: bool = False) -> np.ndarray:
    """The depth vector (guesses per answer) of every tree whose guesses each split their set
    (hard: and keep every hint), less those another beats or equals on every answer: one
    column per tree left."""
    matrix, win = reply_matrix(game), game.rules.win
    ids, ref = game.target_ids, reference_for(game)
    memo: dict[tuple, list[dict[int, int]]] = {}

    def hints_kept(legal, guess: int, target: int):
        if legal is None:
            return None
        shown, answer = game.guesses[guess], game.targets[target]
        return frozenset(g for g in legal if ref.keeps_hints(game.guesses[g], shown, answer))

    def trees(targets: tuple[int, ...], legal: frozenset[int] | None) -> list[dict[int, int]]:
        if len(targets) == 1:
            return [{targets[0]: 1}]
        if (targets, legal) in memo:
            return memo[targets, legal]
        found: set[tuple[tuple[int, int], ...]] = set()
        for guess in range(matrix.shape[0]) if legal is None else sorted(legal):
            groups: dict[int, list[int]] = {}
            for t in targets:
                groups.setdefault(int(matrix[guess, t]), []).append(t)
            if len(groups) == 1 and win not in groups:
                continue
            options = [
                [{t: 1 for t in group}]
                if reply == win
                else trees(tuple(group), hints_kept(legal, guess, group[0]))
                for reply, group in groups.items()
            ]
            for combo in itertools.product(*options):
                below = {t: d for part in combo for t, d in part.items()}
                depth = {t: (1 if ids[t] == guess else d + 1) for t, d in below.items()}
                found.add(tuple(sorted(depth.items())))
        vectors = [dict(v) for v in found]
        kept = [
            v
            for v in vectors
            if not any(u != v and all(u[t] <= v[t] for t in targets) for u in vectors)
        ]
        memo[targets, legal] = kept
        return kept

    everything = frozenset(range(len(game.guesses))) if hard else None
    columns = trees(tuple(range(len(game.targets))), everything)
    return np.array([[c[t] for c in columns] for t in range(len(game.targets))], dtype=float)


def brute_value(payoff: np.ndarray) -> float:
    """The chooser's side as its own program: maximise v with p @ payoff >= v for every tree."""
    rows, columns = payoff.shape
    cost = np.zeros(rows + 1)
    cost[-1] = -1.0
    found = linprog(
        cost,
        A_ub=np.hstack([-payoff.T, np.ones((columns, 1))]),
        b_ub=np.zeros(columns),
        A_eq=np.hstack([np.ones((1, rows)), np.zeros((1, 1))]),
        b_eq=[1.0],
        bounds=[(0, None)] * rows + [(None, None)],
        method="highs",
    )
    return -float(found.fun)


def random_case(seed: int) -> tuple[list[str], list[str]]:
    words = make_game("wordle").targets
    rng = random.Random(seed)
    picked = rng.sample(words, 9)
    return picked[:6], picked[6:]


CASES = {
    "atch": (ATCH[:6], ["chimp"]),
    "atch5": (ATCH[:5], []),
    "ound": (OUND[:6], ["shrew"]),
    "random1": random_case(1),
    "random2": random_case(2),
}


@pytest.mark.parametrize(("answers", "extra"), CASES.values(), ids=CASES.keys())
def test_the_value_equals_the_program_over_every_tree(tmp_path, answers, extra) -> None:
    game = listed_game(tmp_path, answers, extra)
    payoff = every_tree(game)
    found = equilibrium(game)
    assert abs(found.upper - found.lower) <= 1e-9
    assert abs(found.value - brute_value(payoff)) <= 1e-9
    # the certificates hold on their own: the mixture against every word ...
    mixed = {t: sum(q * tree_scores(tree)[t] for tree, q in found.guesser) for t in game.targets}
    assert max(mixed.values()) <= found.upper + 1e-9
    assert abs(sum(q for _, q in found.guesser) - 1) <= 1e-9
    # ... and the chooser against every tree there is
    p = np.array([found.chooser.get(t, 0.0) for t in game.targets])
    assert abs(p.sum() - 1) <= 1e-9
    assert (p @ payoff).min() >= found.lower - 1e-9


# Lists where keeping the hints costs the guesser: after a first guess shows the family's
# letters, the two extra words, which split the family, are no longer allowed.
HARD_CASES = {
    "ight": (["eight", "fight", "light", "right", "sight", "wight"], ["brews", "kelps"]),
    "ower": (["cower", "lower", "mower", "rower", "sower", "tower"], ["clams", "culls"]),
}


@pytest.mark.parametrize(
    ("answers", "extra"), [*CASES.values(), *HARD_CASES.values()], ids=[*CASES, *HARD_CASES]
)
def test_in_hard_mode_the_value_equals_the_program_over_every_hard_tree(
    tmp_path, answers, extra
) -> None:
    game = listed_game(tmp_path, answers, extra)
    payoff = every_tree(game, hard=True)
    found = equilibrium(game, hard=True)
    assert abs(found.upper - found.lower) <= 1e-9
    assert abs(found.value - brute_value(payoff)) <= 1e-9
    normal = equilibrium(game).value
    assert found.value >= normal - 1e-9  # keeping hints never helps
    assert bool(found.value > normal + 1e-6) is (answers in [a for a, _ in HARD_CASES.values()])
    ref = reference_for(game)
    assert all(keeps_every_hint(ref, tree) for tree, _ in found.guesser)
    p = np.array([found.chooser.get(t, 0.0) for t in game.targets])
    assert (p @ payoff).min() >= found.lower - 1e-9


def test_the_best_response_is_the_best_tree_there_is(tmp_path) -> None:
    game = listed_game(tmp_path, *random_case(3))
    payoff = every_tree(game)
    for seed in range(5):
        weights = np.random.default_rng(seed).dirichlet(np.ones(len(game.targets)))
        weights[seed % len(weights)] = 0.0  # a word of no weight is still found
        value, tree = WeightedSearch(game, weights).tree()
        assert abs(value * weights.sum() - (weights @ payoff).min()) <= 1e-9
        assert set(tree_scores(tree)) == set(game.targets)


def test_lists_too_big_for_the_exact_search_are_refused() -> None:
    with pytest.raises(ValueError, match="at most 64 answers"):
        equilibrium(make_game("wordle"))
