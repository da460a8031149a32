"""Mastermind's solver: pegs, the reply matrix, Knuth's published figures, and the optimum
checked against a brute force that tries every guess with no symmetry and no bounds."""

from __future__ import annotations

import math
from collections import Counter
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_tui.games.mastermind.solver import all_codes, kernel, make_mastermind, pegs_of, reply
from wordle_tui.games.mastermind.solver import bounds as bounds_module
from wordle_tui.games.mastermind.solver import search as search_module
from wordle_tui.games.mastermind.solver.codes import reply_matrix
from wordle_tui.games.mastermind.solver.quick import quick_tree
from wordle_tui.games.mastermind.solver.search import OptimalSearch, least_totals, share_of_room
from wordle_tui.games.mastermind.solver.strategies import solve
from wordle_tui.games.mastermind.solver.symmetry import Symmetries
from wordle_tui.solver.search.shared import SearchError, SearchInterrupted, depths
from wordle_tui.solver.tree import tree_path


def codes(colours: int = 6, pegs: int = 4):
    """Hypothesis: a code of `pegs` colour keys (1-9, then 0 for the tenth)."""
    digit = st.sampled_from("1234567890"[:colours])
    return st.lists(digit, min_size=pegs, max_size=pegs).map("".join)


def slow_reply(guess: str, secret: str) -> tuple[int, int]:
    """Black and white pegs as a player counts them: blacks first, then colours left over."""
    black = [g == s for g, s in zip(guess, secret, strict=True)]
    rest_g = Counter(g for g, b in zip(guess, black, strict=True) if not b)
    rest_s = Counter(s for s, b in zip(secret, black, strict=True) if not b)
    return sum(black), sum((rest_g & rest_s).values())


@given(codes(), codes())
def test_reply_counts_pegs(guess: str, secret: str) -> None:
    pegs = reply(guess, secret)
    assert (pegs.black, pegs.white) == slow_reply(guess, secret)
    assert pegs.black + pegs.white <= 4
    assert reply(secret, guess) == pegs  # the reply is symmetric in guess and secret
    assert pegs_of(pegs.code(4), 4) == pegs
    assert (pegs.black == 4) == (guess == secret)


@given(st.integers(2, 7), st.integers(1, 5), st.data())
@settings(max_examples=40)
def test_matrix_is_the_reply(colours: int, pegs: int, data) -> None:
    guesses = data.draw(st.lists(codes(colours, pegs), min_size=1, max_size=8))
    secrets = data.draw(st.lists(codes(colours, pegs), min_size=1, max_size=8))
    matrix = reply_matrix(guesses, secrets)
    for i, g in enumerate(guesses):
        for j, s in enumerate(secrets):
            assert pegs_of(matrix[i, j], pegs) == reply(g, s)


def test_standard_game_has_1296_codes_and_14_replies() -> None:
    game = make_mastermind(6, 4)
    assert len(game.targets) == 1296 == len(set(game.targets))
    assert game.targets[0] == "1111" and game.targets[-1] == "6666"
    replies = {reply(g, "1123") for g in game.guesses}
    assert len(replies) == 14 and all(str(p) != "3B 1W" for p in replies)


def test_knuth_reproduces_the_published_figures() -> None:
    result = solve("knuth", 6, 4)
    assert (result.total, result.worst, result.codes) == (5801, 5, 1296)
    assert result.first == "1122"
    assert result.histogram() == {1: 1, 2: 6, 3: 62, 4: 533, 5: 694}
    game = make_mastermind(6, 4)
    for secret in ("1111", "6543", "3632"):  # the tree plays a real game to each secret
        path = tree_path(result.tree, game, secret)
        assert path[-1] == (secret, game.rules.win) and len(path) <= 5


def brute_force(colours: int, pegs: int, room: int = 99) -> float:
    """The least total over every tree, trying every guess at every node."""
    return brute_force_set(colours, pegs, all_codes(colours, pegs), room)


@cache
def brute_force_set(colours: int, pegs: int, codes: tuple[str, ...], room: int = 99) -> float:
    """The least total for these codes left, trying every guess at every node."""
    everything = all_codes(colours, pegs)

    @cache
    def best(left: tuple[str, ...], room: int) -> float:
        if room < 1:
            return math.inf
        if len(left) == 1:
            return 1
        result = math.inf
        for guess in everything:
            groups: dict[tuple[int, int], list[str]] = {}
            for secret in left:
                groups.setdefault(slow_reply(guess, secret), []).append(secret)
            if len(groups) == 1 and guess not in left:
                continue
            total = len(left)
            for key, members in groups.items():
                if key != (pegs, 0):
                    total += best(tuple(members), room - 1)
                if total >= result:
                    break
            result = min(result, total)
        return result

    return best(tuple(codes), room)


@pytest.mark.parametrize(("colours", "pegs"), [(2, 2), (3, 2), (4, 2), (2, 3), (3, 3)])
def test_optimum_matches_brute_force(colours: int, pegs: int) -> None:
    result = solve("optimal", colours, pegs)
    assert result.proven
    assert result.total == brute_force(colours, pegs)
    assert sorted(depths(result.tree)) == sorted(
        len(tree_path(result.tree, make_mastermind(colours, pegs), s))
        for s in all_codes(colours, pegs)
    )


@pytest.mark.parametrize(("colours", "pegs"), [(3, 3), (4, 2), (2, 4)])
def test_guess_limit_matches_brute_force(colours: int, pegs: int) -> None:
    unbounded = solve("optimal", colours, pegs)
    for limit in (unbounded.worst - 1, unbounded.worst, unbounded.worst + 1):
        expected = brute_force(colours, pegs, limit)
        if math.isinf(expected):
            with pytest.raises(SearchError):
                solve("optimal", colours, pegs, max_guesses=limit)
            continue
        tight = solve("optimal", colours, pegs, max_guesses=limit)
        assert (tight.total, tight.proven) == (expected, True)
        assert tight.worst <= limit and tight.total >= unbounded.total


def test_optimum_beats_knuth_and_symmetry_keeps_five_first_guesses() -> None:
    assert solve("optimal", 4, 4).total <= solve("knuth", 4, 4).total
    game = make_mastermind(6, 4)
    firsts = Symmetries(game).representatives(np.arange(1296))
    assert [game.guesses[i] for i in firsts] == ["1111", "1112", "1122", "1123", "1234"]


@given(st.integers(1, 400), st.integers(2, 20))
def test_least_totals_is_a_lower_bound_that_grows(n: int, replies: int) -> None:
    table = least_totals(n, replies)
    assert table[1] == 1 and all(table[k] >= 2 * k - 1 for k in range(1, min(n, replies + 1) + 1))
    assert np.all(np.diff(table) >= 1)


def test_optimum_of_the_standard_game() -> None:
    result = solve("optimal", 6, 4)  # under 1 s of CPU
    assert (result.total, result.codes, result.proven) == (5625, 1296, True)  # Koyama & Lai
    assert result.first == "1123" and sum(depths(result.tree)) == 5625
    game = make_mastermind(6, 4)
    for secret in ("1111", "6543", "3632", "2211"):
        path = tree_path(result.tree, game, secret)
        assert path[-1] == (secret, game.rules.win) and len(path) <= result.worst


@pytest.mark.slow
def test_optimum_of_the_standard_game_within_five_guesses() -> None:
    result = solve("optimal", 6, 4, max_guesses=5)  # about 1.2 s of CPU
    assert (result.total, result.worst, result.proven) == (5626, 5, True)


@pytest.mark.parametrize(("colours", "pegs"), [(3, 2), (4, 2), (2, 3), (3, 3)])
def test_python_levels_match_brute_force(monkeypatch, colours: int, pegs: int) -> None:
    """With the kernel kept to tiny sets and symmetry used everywhere, the Python levels
    (symmetry, look-ahead, memo) search alone, and still find the least total."""
    monkeypatch.setattr(search_module, "KERNEL_BELOW", 3)
    monkeypatch.setattr(search_module, "SYMMETRY_FROM", 3)
    monkeypatch.setattr(bounds_module, "SYMMETRY_FROM", 3)
    result = solve("optimal", colours, pegs)
    assert (result.total, result.proven) == (brute_force(colours, pegs), True)
    assert sum(depths(result.tree)) == result.total


@pytest.mark.parametrize("python_levels", [False, True])
@pytest.mark.parametrize(("colours", "pegs"), [(4, 2), (2, 3), (3, 3)])
def test_first_guess_look_ahead_is_a_lower_bound(
    monkeypatch, colours: int, pegs: int, python_levels: bool
) -> None:
    """Each first guess's bound one level down lies between its plain bound and the least
    total of a tree opening with it (brute force), and is above the plain bound for some."""
    if python_levels:
        monkeypatch.setattr(search_module, "KERNEL_BELOW", 3)
    game = make_mastermind(colours, pegs)
    search = OptimalSearch(game, 255)
    targets = np.arange(len(game.targets), dtype=np.int32)
    ranking = search.splits.rank(targets, search.max_guesses)
    assert not isinstance(ranking, tuple)
    raised = 0
    for column, guess in enumerate(ranking.ids.tolist()):
        plain = int(ranking.bounds[column])
        if plain >= bounds_module.UNUSABLE:
            continue
        bound = search.lookahead(ranking.block[:, column], targets, plain, 0)
        groups: dict[tuple[int, int], list[str]] = {}
        for secret in game.targets:
            groups.setdefault(slow_reply(game.guesses[guess], secret), []).append(secret)
        exact = len(game.targets) + sum(
            brute_force_set(colours, pegs, tuple(members))
            for key, members in groups.items()
            if key != (pegs, 0)
        )
        assert plain <= bound <= exact
        raised += bound > plain
    assert raised


def test_a_stopped_search_keeps_the_look_ahead_bound() -> None:
    """Stopped at once, the search reports the least of its first guesses' bounds one level
    down, which is above the plain bound at the start and not above the optimum."""
    game = make_mastermind(6, 4)
    search = OptimalSearch(game, 255)
    targets = np.arange(len(game.targets), dtype=np.int32)
    ranking = search.splits.rank(targets, search.max_guesses)
    assert not isinstance(ranking, tuple)
    search.cancel = lambda: True
    with pytest.raises(SearchInterrupted):
        search.solve()
    assert ranking.lower < search.lower_bound <= 5625


def kernel_value(search: OptimalSearch, codes: np.ndarray, allowed: np.ndarray) -> int:
    """The kernel's exact total for a set of codes, trying only `allowed` guesses first."""
    splits = search.splits
    value, _, exact = kernel.solve_set(
        splits.rows,
        splits.codes,
        splits.least,
        kernel.MIX,
        codes.astype(np.int32),
        search.pool,
        allowed,
        search.max_guesses,
        kernel.INF,
        kernel.INF,
        splits.win,
        splits.replies,
        search.stop,
    )
    assert exact
    return value


@pytest.mark.parametrize(("colours", "pegs"), [(3, 3), (4, 2), (3, 2)])
def test_kernel_with_symmetry_matches_brute_force(colours: int, pegs: int) -> None:
    """Every group a first guess leaves (sets that keep some colour or place swaps): one guess
    per class of alike guesses at the top gives the brute force's least total."""
    game = make_mastermind(colours, pegs)
    search = OptimalSearch(game, 255)
    symmetries = Symmetries(game)
    checked = 0
    for first in range(len(game.guesses)):
        row = search.matrix[first]
        for value in np.unique(row):
            codes = np.flatnonzero(row == value)
            if len(codes) < 3:
                continue
            ids = symmetries.representatives(codes)
            allowed = np.zeros(len(game.guesses), dtype=bool)
            allowed[ids] = True
            expected = brute_force_set(colours, pegs, tuple(game.targets[c] for c in codes))
            assert kernel_value(search, codes, allowed) == expected
            assert kernel_value(search, codes, kernel.NONE) == expected
            checked += len(ids) < len(game.guesses)
    assert checked  # some groups did have alike guesses to skip


def test_greedy_tree_is_a_real_tree_no_better_than_the_optimum() -> None:
    game = make_mastermind(4, 4)
    search = OptimalSearch(game, 255)
    everything = np.arange(len(game.targets), dtype=np.int32)
    optimum = solve("optimal", 4, 4).total
    for width, top in ((1, 1), (3, 1), (1, 4), (64, 32)):
        tree = quick_tree(search, everything, 0, width, top)
        found = depths(tree)
        assert len(found) == len(game.targets) and sum(found) >= optimum
        for secret in ("1111", "4321", "2213"):
            assert tree_path(tree, game, secret)[-1] == (secret, game.rules.win)


def test_time_limit_gives_a_tree_and_a_lower_bound() -> None:
    result = solve("optimal", 6, 4, timeout=0.01)
    assert not result.proven
    assert result.lower_bound <= 5625 <= result.total == sum(depths(result.tree))
    assert result.as_dict()["lower_bound"] == result.lower_bound


@pytest.mark.slow
def test_optimum_with_seven_colours() -> None:
    result = solve("optimal", 7, 4)  # about 22 s of CPU
    assert (result.total, result.codes, result.proven) == (11228, 2401, True)  # Ville 2013
    assert round(result.mean, 5) == 4.67638 and sum(depths(result.tree)) == 11228


@given(codes(10, 4), codes(10, 4))
def test_ten_colours_have_the_key_zero(guess: str, secret: str) -> None:
    """The tenth colour is the key 0: its replies count it as any other colour."""
    pegs = reply(guess, secret)
    assert (pegs.black, pegs.white) == slow_reply(guess, secret)


def test_ten_colours_list_their_codes_in_order() -> None:
    codes = all_codes(10, 4)
    assert len(codes) == len(set(codes)) == 10_000 and all_codes(10, 1)[-1] == "0"
    assert codes[:2] == ("1111", "1112") and codes[-1] == "0000" and "1230" in codes


def test_optimum_with_ten_colours(monkeypatch) -> None:
    """One peg: the brute force's 55. Two pegs: the kernel with symmetry and the Python levels
    alone agree, and the tree reaches every code in the guesses it says."""
    one = solve("optimal", 10, 1)
    assert (one.total, one.proven) == (brute_force(10, 1), True)
    two = solve("optimal", 10, 2)
    assert two.proven and two.codes == 100
    game = make_mastermind(10, 2)
    assert sorted(depths(two.tree)) == sorted(
        len(tree_path(two.tree, game, s)) for s in all_codes(10, 2)
    )
    monkeypatch.setattr(search_module, "KERNEL_BELOW", 3)
    monkeypatch.setattr(search_module, "SYMMETRY_FROM", 3)
    monkeypatch.setattr(bounds_module, "SYMMETRY_FROM", 3)
    assert solve("optimal", 10, 2).total == two.total


@given(
    st.integers(0, 500),
    st.integers(0, 500),
    st.integers(1, 50),
    st.integers(1, 100),
    st.integers(0, 100),
)
def test_a_rounds_share_is_more_than_the_bound_and_within_the_room(
    below: int, known: int, size: int, others: int, gap: int
) -> None:
    total = known + below  # the totals so far hold this group's bound
    best = total + gap + 1
    room = share_of_room(best, total, known, size, size + others)
    assert known < room <= best - (total - known)
    assert share_of_room(math.inf, total, known, size, size + others) == math.inf
