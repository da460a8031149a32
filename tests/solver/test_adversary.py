"""The adversary: the equilibrium's chooser kept for a set of lists, drawn from and scored
against; files that are not one are refused, and a short run does not undo a long one."""

from __future__ import annotations

import gzip
import json
import math
import random
from collections import Counter

import numpy as np
import pytest
from reference_solver import ATCH, OUND, listed_game

from wordle_tui.solver import make_game
from wordle_tui.solver.cache import cache_path, write_json
from wordle_tui.solver.chooser.adversary import (
    Adversary,
    adversary_means,
    adversary_of,
    file_name,
    keep_adversary,
    load_adversary,
)
from wordle_tui.solver.chooser.equilibrium import WeightedSearch, depths, equilibrium
from wordle_tui.solver.listsets import load_set
from wordle_tui.solver.tree import tree_scores
from wordle_tui.solver.trees import shipped_for


def small_equilibrium(tmp_path):
    game = listed_game(tmp_path, [*ATCH, *OUND[:4]], ["chimp", "shrew"])
    return game, equilibrium(game)


def test_the_exact_equilibriums_chooser_is_kept_and_every_tree_pays_the_value(
    tmp_path, home
) -> None:
    game, found = small_equilibrium(tmp_path)
    adversary = adversary_of(found)
    assert math.isclose(math.fsum(adversary.chances.values()), 1, abs_tol=1e-12)
    assert keep_adversary(game.fingerprint, game.targets, adversary)
    kept = load_adversary(game.fingerprint, game.targets)
    assert kept is not None and kept.exact and kept.chances == pytest.approx(adversary.chances)
    for tree, _ in found.guesser:  # each tree the guesser mixes pays exactly the value
        assert math.isclose(kept.expected(tree_scores(tree)), found.lower, abs_tol=1e-7)
    weights = np.array([kept.chances.get(w, 0.0) for w in game.targets])
    best, tree = WeightedSearch(game, weights).tree()  # and no tree pays less
    assert math.isclose(best, found.lower, abs_tol=1e-7)
    scores = dict(zip(game.targets, depths(game, tree).tolist(), strict=True))
    assert math.isclose(kept.expected(scores), best)


def test_a_run_of_looser_bounds_does_not_replace_a_closer_one(tmp_path, home) -> None:
    game, found = small_equilibrium(tmp_path)
    close = adversary_of(found)
    loose = Adversary({game.targets[0]: 1.0}, close.lower - 0.5, close.upper, 3)
    assert keep_adversary(game.fingerprint, game.targets, loose)
    assert keep_adversary(game.fingerprint, game.targets, close)
    assert not keep_adversary(game.fingerprint, game.targets, loose)
    assert load_adversary(game.fingerprint, game.targets) == Adversary(
        close.chances, close.lower, close.upper, close.rounds
    )


def test_words_are_drawn_with_the_adversarys_chances() -> None:
    chances = {"batch": 0.5, "hound": 0.3, "watch": 0.2}
    adversary = Adversary(chances, 2.0, 2.5, 1)
    drawn = Counter(adversary.draw(random.Random(seed)) for seed in range(6000))
    assert set(drawn) == set(chances)
    for word, p in chances.items():
        assert abs(drawn[word] / 6000 - p) < 0.03, (word, drawn)
    assert adversary.draw(random.Random(7)) == adversary.draw(random.Random(7))
    assert adversary.expected({"batch": 2, "hound": 4, "watch": 3, "latch": 6}) == 2.8


GOOD = {
    "format": 1,
    "fingerprint": "abc",
    "lower": 2.0,
    "upper": 2.5,
    "rounds": 4,
    "chances": {"batch": 0.75, "hound": 0.25},
}
DAMAGED = {
    "other lists": {"fingerprint": "abd"},
    "another format": {"format": 2},
    "a word not an answer": {"chances": {"batch": 0.75, "zzzzz": 0.25}},
    "chances not summing to 1": {"chances": {"batch": 0.75, "hound": 0.2}},
    "a chance of 0": {"chances": {"batch": 1.0, "hound": 0.0}},
    "a negative chance": {"chances": {"batch": 1.25, "hound": -0.25}},
    "no words": {"chances": {}},
    "a chance not a number": {"chances": {"batch": "1"}},
    "an infinite bound": {"upper": math.inf},
    "bounds the wrong way round": {"lower": 3.0},
    "no rounds": {"rounds": None},
    "not a table": None,
}


@pytest.mark.parametrize("change", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_file_that_is_not_an_adversary_of_these_lists_is_refused(change) -> None:
    answers = {"batch", "hound", "watch"}
    assert Adversary.from_data(GOOD, "abc", answers) is not None
    data = None if change is None else {**GOOD, **change}
    assert Adversary.from_data(data, "abc", answers) is None


def test_a_damaged_cache_file_gives_way_to_the_shipped_adversary(home) -> None:
    lists = load_set("classic")
    shipped = load_adversary(lists.fingerprint, frozenset(lists.answers))
    assert shipped is not None
    write_json(cache_path(file_name(lists.fingerprint)), {**GOOD, "fingerprint": "x"})
    assert load_adversary(lists.fingerprint, frozenset(lists.answers)) == shipped


@pytest.mark.parametrize("name", ["classic", "nyt"])
def test_the_shipped_adversary_holds_every_tree_of_its_run_to_the_upper_bound(name) -> None:
    """The chooser of the run's linear program makes every tree of the run pay at least the
    program's value, the run's upper bound: the shipped optimal tree (its first) too."""
    from importlib import resources

    lists = load_set(name)
    game = make_game("wordle", lists=lists)
    raw = resources.files("wordle_tui").joinpath("trees", f"{file_name(lists.fingerprint)}.gz")
    data = json.loads(gzip.decompress(raw.read_bytes()))
    adversary = Adversary.from_data(data, lists.fingerprint, frozenset(lists.answers))
    assert adversary is not None and 1 <= adversary.lower < adversary.upper < 6
    optimal = tree_scores(shipped_for("optimal", game)[0])
    assert adversary.expected(optimal) >= adversary.upper - 1e-6
    uniform = sum(optimal.values()) / len(optimal)
    assert adversary.expected(optimal) > uniform  # the adversary picks the harder words


def test_only_wordle_on_lists_with_an_adversary_is_scored_against_it(tmp_path, home) -> None:
    classic = make_game("wordle", lists=load_set("classic"))
    optimal = tree_scores(shipped_for("optimal", classic)[0])
    assert set(adversary_means(classic, {"optimal": optimal})) == {"optimal"}
    jotto = make_game("jotto", lists=load_set("classic"))
    assert adversary_means(jotto, {"optimal": optimal}) == {}
    game, _ = small_equilibrium(tmp_path)  # lists no run has kept an adversary for
    assert adversary_means(game, {"x": dict.fromkeys(game.targets, 3)}) == {}
