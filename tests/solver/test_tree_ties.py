"""The tie order of greedy trees, on small hand-built games where it alone decides the guess.

Each game is given by the groups every guess splits the targets into; its replies are a table,
so the partitions are exactly as written. The guess the solver plays first is checked against
the expected word (derived by hand, commented) and against `documented_pick`, a brute-force
reference that applies the order documented in `tree.py` to group sizes counted from the
table. The order under `alpha` (every policy): a possible answer, more groups, a smaller sum
of squared sizes, a smaller largest group, then a-z; under `a-z` simply a-z (the original
notebooks' rule, which their published figures need). The cases below use guesses that cannot
be the answer, so they run under the policies that allow those; `NOTEBOOK` covers them all.
"""

from __future__ import annotations

import hashlib
from collections import Counter

import numpy as np
import pytest
from reference_solver import documented_pick

from wordle_tui.solver.games import Game, Rules
from wordle_tui.solver.tree import POLICIES, TIE_ORDER, Solver

WIN = 15  # the reply meaning "found"; groups are numbered from 0


def hand_game(n: int, guesses: dict[str, tuple[int, ...]]) -> Game:
    """Targets t00, t01, ...; each named guess splits them into consecutive groups of the
    given sizes. A named target is found by itself (a group of one, the win) and its sizes
    cover the other targets. Any other target splits the rest as one group."""
    targets = [f"t{i:02}" for i in range(n)]
    table: dict[str, list[int]] = {}
    for word in sorted(set(targets) | set(guesses)):
        others = [t for t in targets if t != word]
        sizes = guesses.get(word, (len(others),))
        assert sum(sizes) == len(others), (word, sizes)
        labels = [k for k, size in enumerate(sizes) for _ in range(size)]
        replies = dict(zip(others, labels, strict=True))
        table[word] = [WIN if t == word else replies[t] for t in targets]

    def matrix(rows, columns) -> np.ndarray:
        return np.array([[table[g][targets.index(t)] for t in columns] for g in rows], np.uint8)

    rules = Rules(
        name="hand-" + hashlib.sha256(repr(sorted(table.items())).encode()).hexdigest()[:12],
        reply=lambda g, t: table[g][targets.index(t)],
        matrix=matrix,
        win=WIN,
        n_replies=WIN + 1,
        show=str,
        histogram_bins=10,
    )
    return Game("hand", rules, tuple(targets), tuple(sorted(table)))


def first_guess(game: Game, metric: str, policy: str, ties: str = "alpha") -> str:
    solver = Solver(game, metric, policy, ties)
    return game.guesses[solver.best_guess(np.arange(len(game.targets)))]


def reference_first_guess(game: Game, metric: str, policy: str, ties: str = "alpha") -> str:
    """The documented order applied to sizes counted from the reply table (every allowed
    guess that makes progress; at the root every target is still possible)."""
    allowed = game.targets if policy == "consistent" else game.guesses
    if policy == "norvig":  # answers only; at the root every answer is consistent anyway
        allowed = game.targets
    sizes_of = {}
    for guess in allowed:
        counts = Counter(game.rules.reply(guess, t) for t in game.targets)
        if len(counts) > 1 or guess in game.targets:
            sizes_of[guess] = sorted(counts.values(), reverse=True)
    return documented_pick(metric, policy, sizes_of, set(game.targets), ties)


# (why, metric, targets, guesses, the first guess under hard, inconsistent and all)
CASES = [
    (
        "a possible answer before more groups",
        "max",
        10,
        {"a": (4, 2, 2, 1, 1), "t05": (4, 4, 1)},  # max 4 both; a: 5 groups; t05: 3 and its win
        "t05",
    ),
    (
        "more groups before a smaller expected size",
        "max",
        20,
        {"a": (6, 5, 5, 4), "b": (6, 6, 6, 1, 1)},  # max 6; a: 4 groups, 102; b: 5 groups, 110
        "b",
    ),
    (
        "a smaller expected size before a smaller largest group",
        "partitions",
        20,
        {"a": (5, 5, 5, 4, 1), "b": (6, 4, 4, 3, 3)},  # 5 groups; a: 92, largest 5; b: 86, 6
        "b",
    ),
    (
        "a smaller largest group before the alphabet",
        "expectation",
        10,
        {"a": (5, 2, 2, 1), "b": (4, 4, 1, 1)},  # squares 34 both, 4 groups; largest 5 and 4
        "b",
    ),
    (
        "the alphabetically first when nothing else differs",
        "max",
        10,
        {"b": (4, 3, 2, 1), "a": (4, 3, 2, 1)},
        "a",
    ),
    (
        "equal information: the possible answer",
        "neg_entropy",
        10,
        {"a": (4, 3, 2, 1), "t07": (4, 3, 2)},  # the same sizes once t07's win is counted
        "t07",
    ),
    (
        "Antiwordle's metric too: the possible answer, though later a-z",
        "entropy",
        10,
        {"a": (9, 1)},  # as little information as every target's own guess
        "t00",
    ),
]


@pytest.mark.parametrize("policy", ["hard", "inconsistent", "all"])
@pytest.mark.parametrize(
    ("why", "metric", "n", "guesses", "expected"), CASES, ids=[c[0] for c in CASES]
)
def test_the_tie_order_decides_the_guess(why, metric, n, guesses, expected, policy) -> None:
    game = hand_game(n, guesses)
    assert first_guess(game, metric, policy) == expected, why
    assert reference_first_guess(game, metric, policy) == expected, why


# Two possible answers tie on max (4): t00 makes 4 groups, t01 5. The notebooks' rule (a-z)
# takes the alphabetically first; the tie order, the one with more groups.
NOTEBOOK = {"t00": (4, 4, 1), "t01": (4, 2, 2, 1)}


@pytest.mark.parametrize("policy", POLICIES)
def test_a_z_ties_take_the_alphabetically_first(policy) -> None:
    game = hand_game(10, NOTEBOOK)
    assert first_guess(game, "max", policy) == "t01"
    assert first_guess(game, "max", policy, "a-z") == "t00"
    assert reference_first_guess(game, "max", policy, "a-z") == "t00"


@pytest.mark.parametrize("policy", POLICIES)
def test_list_ties_take_the_first_in_list_order(policy) -> None:
    game = hand_game(10, NOTEBOOK)
    solver = Solver(game, "max", policy, ties="list")
    assert game.guesses[solver.best_guess(np.arange(10))] == "t00"


def test_the_order_is_documented_where_it_is_kept() -> None:
    from wordle_tui.solver import tree

    assert TIE_ORDER[0] == "possible" and TIE_ORDER[-1] == "a-z"
    for words in ("can still be the target", "more groups", "expected group size", "largest"):
        assert words in (tree.__doc__ or ""), words
