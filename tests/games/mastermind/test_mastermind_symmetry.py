"""Mastermind's optimum with sets alike up to colours and places sharing a memo entry, and
spread over threads: the same totals as the plain search and as a brute force."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.games.mastermind.solver import all_codes, make_mastermind
from wordle_tui.games.mastermind.solver import bounds as bounds_module
from wordle_tui.games.mastermind.solver import search as search_module
from wordle_tui.games.mastermind.solver.canonical import Canonical
from wordle_tui.games.mastermind.solver.search import OptimalSearch
from wordle_tui.games.mastermind.solver.strategies import solve
from wordle_tui.solver.search.shared import depths
from wordle_tui.solver.tree import tree_path

runner = CliRunner()


def random_renaming(rng: np.random.Generator, colours: int, pegs: int) -> np.ndarray:
    """A renaming of colours and an order of places, as `Canonical` takes them."""
    return np.concatenate([rng.permutation(colours), rng.permutation(pegs)]).astype(np.int64)


def reply_groups(colours: int, pegs: int) -> list[np.ndarray]:
    """The codes left after every first guess and reply (sets with many symmetries)."""
    search = OptimalSearch(make_mastermind(colours, pegs), 255)
    groups = []
    for first in range(0, len(search.game.guesses), 3):
        row = search.matrix[first]
        groups += [np.flatnonzero(row == value).astype(np.int32) for value in np.unique(row)]
    return [g for g in groups if len(g) >= 3]


@pytest.mark.parametrize(("colours", "pegs"), [(3, 3), (4, 3), (3, 4), (6, 4), (4, 5)])
def test_least_image_is_the_same_for_sets_alike(colours: int, pegs: int) -> None:
    rng = np.random.default_rng(colours * 10 + pegs)
    canonical = Canonical(all_codes(colours, pegs), colours, pegs)
    size = colours**pegs
    sets = reply_groups(colours, pegs)[:40]
    sizes = rng.integers(3, min(size, 60), size=40)
    sets += [np.sort(rng.choice(size, int(n), replace=False)) for n in sizes]
    shared = 0
    for codes in sets:
        codes = codes.astype(np.int32)
        image, renaming = canonical.least(codes)
        if renaming is None:
            continue
        shared += 1
        renamed = [canonical.rename(int(c), renaming) for c in codes]
        assert sorted(renamed) == image.tolist()
        assert [canonical.restore(r, renaming) for r in renamed] == codes.tolist()
        other = random_renaming(rng, colours, pegs)
        alike = np.sort([canonical.rename(int(c), other) for c in codes]).astype(np.int32)
        assert np.array_equal(canonical.least(alike)[0], image)
    assert shared >= len(sets) // 2


def test_sets_not_alike_get_different_keys() -> None:
    canonical = Canonical(all_codes(4, 3), 4, 3)
    one = np.array([0, 1, 2], dtype=np.int32)  # 111 112 113
    two = np.array([0, 1, 5], dtype=np.int32)  # 111 112 122
    assert not np.array_equal(canonical.least(one)[0], canonical.least(two)[0])


def plain_and_shared(colours: int, pegs: int) -> tuple[OptimalSearch, OptimalSearch]:
    """The optimum searched with every set its own memo key, and with sets alike sharing one."""
    game = make_mastermind(colours, pegs)
    searches = []
    for shared in (False, True):
        search = OptimalSearch(game, 255)
        search.canonical.enabled = shared
        search.total = search.solve()[0]
        searches.append(search)
    return searches[0], searches[1]


@pytest.mark.parametrize(("colours", "pegs"), [(3, 3), (4, 3), (3, 4), (5, 3), (2, 5)])
def test_shared_memo_gives_the_plain_search_total_at_the_python_levels(
    monkeypatch, colours: int, pegs: int
) -> None:
    """With the kernel kept to tiny sets and symmetry everywhere, the memo is used at every
    depth: sharing it between sets alike changes no total, and the tree read back is real."""
    monkeypatch.setattr(search_module, "KERNEL_BELOW", 3)
    monkeypatch.setattr(search_module, "SYMMETRY_FROM", 3)
    monkeypatch.setattr(bounds_module, "SYMMETRY_FROM", 3)
    plain, search = plain_and_shared(colours, pegs)
    assert plain.total == search.total and len(search.memo) <= len(plain.memo)
    game = search.game
    tree = search.read(np.arange(len(game.targets), dtype=np.int32))
    assert sum(depths(tree)) == search.total
    for secret in game.targets:
        assert tree_path(tree, game, secret)[-1] == (secret, game.rules.win)


@pytest.mark.parametrize(("colours", "pegs"), [(4, 4), (3, 5)])
def test_shared_memo_gives_the_plain_total_with_fewer_entries(colours: int, pegs: int) -> None:
    plain, search = plain_and_shared(colours, pegs)
    assert plain.total == search.total and len(search.memo) < len(plain.memo)
    tree = search.read(np.arange(len(search.game.targets), dtype=np.int32))
    assert sum(depths(tree)) == search.total


def solve_json(*args: str) -> dict:
    """`mastermind solve --strategy optimal ... --json` as a dict."""
    command = ["mastermind", "solve", "--strategy", "optimal", *args, "--json"]
    result = runner.invoke(app, command)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_two_workers_give_the_figures_of_one() -> None:
    """5 colours, 3 pegs (125 codes): large enough for the first guesses' groups to be
    handed to the worker threads."""
    one, two = (
        solve_json("--colours", "5", "--pegs", "3"),
        solve_json("--colours", "5", "--pegs", "3", "--workers", "2"),
    )
    # The same by construction; the tree below may be another of equal total, whichever
    # thread settles a group first, so its histogram is only checked to count every code.
    keys = ("total", "proven", "first_guess", "lower_bound")
    assert {k: one[k] for k in keys} == {k: two[k] for k in keys}
    assert two["proven"] and sum(two["histogram"].values()) == 125


@pytest.mark.parametrize("workers", ["0", "-1", "65", "100000"])
def test_bad_worker_counts_are_one_line_and_exit_2(workers: str) -> None:
    result = runner.invoke(
        app, ["mastermind", "solve", "--strategy", "optimal", "--workers", workers]
    )
    assert result.exit_code == 2
    assert "--workers" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_two_workers_out_of_time_give_a_tree_and_a_lower_bound() -> None:
    result = solve("optimal", 6, 4, timeout=0.01, workers=2)
    assert not result.proven
    assert result.lower_bound <= 5625 <= result.total == sum(depths(result.tree))
