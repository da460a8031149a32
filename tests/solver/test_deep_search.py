"""The deep search of a weighted prior's position: the look-ahead's best guesses valued by the
endgame search (every group played out to the end), checked against an exhaustive search of
small hand-made positions, its node limit, and where the assistant uses it."""

from __future__ import annotations

import re
from functools import cache

import numpy as np
import pytest

from wordle_tui.solver import reply_for
from wordle_tui.solver.assistant import ranking
from wordle_tui.solver.assistant.advice import ESTIMATE, SEARCHED
from wordle_tui.solver.assistant.engine import Assistant
from wordle_tui.solver.assistant.ranking import Ranker
from wordle_tui.solver.games import Game, make_game
from wordle_tui.solver.listsets import load_set, make_set
from wordle_tui.solver.matrix import reply_matrix
from wordle_tui.solver.search.endgame import DEEP, ENDGAME
from wordle_tui.solver.search.shared import NodeLimit, SearchInterrupted

OTHERS = ("might", "fetch", "stomp", "black", "clamp", "crown", "drown", "plumb", "flock", "chewy")


def hand_made(seed: int) -> tuple[Game, np.ndarray, np.ndarray]:
    """Fourteen answers like `.o.er`, ten other guesses, unequal chances drawn from `seed`."""
    full = make_game("wordle")
    targets = tuple(sorted(w for w in full.targets if re.fullmatch(".o.er", w)))[:14]
    game = Game("wordle", full.rules, targets, tuple(sorted({*targets, *OTHERS})))
    weights = np.random.default_rng(seed).random(len(targets)) ** 3 + 0.01
    return game, reply_matrix(game), weights


def exhaustive(game: Game, matrix: np.ndarray, weights: np.ndarray):
    """Expected guesses to finish with a guess first, every guess tried at every node."""
    win = game.rules.win

    def split(guess: int, targets: tuple[int, ...]) -> float:
        at = np.array(targets)
        codes, w = matrix[guess, at], weights[at]
        if len(set(codes.tolist())) == 1 and codes[0] != win:
            return np.inf
        return 1.0 + sum(
            w[codes == c].sum() / w.sum() * best(tuple(at[codes == c].tolist()))
            for c in set(codes.tolist()) - {win}
        )

    @cache
    def best(targets: tuple[int, ...]) -> float:
        if len(targets) == 1:
            return 1.0
        return min(split(g, targets) for g in range(len(game.guesses)))

    return split


@pytest.mark.parametrize("seed", [0, 3])  # priors where the look-ahead's pick is not the best
def test_the_deep_search_picks_the_exact_best_where_the_look_ahead_does_not(seed: int) -> None:
    game, matrix, weights = hand_made(seed)
    ranker = Ranker(game, matrix, weights, False)
    everyone, legal = np.arange(len(game.targets)), np.ones(len(game.guesses), dtype=bool)
    value = exhaustive(game, matrix, weights)
    answers = tuple(range(len(game.targets)))
    least = min(value(g, answers) for g in range(len(game.guesses)))
    looked = ranker.suggestions(everyone, legal, 1)[0]
    deep = ranker.deep_valued(everyone, legal, 1)[0]
    assert value(game.index[deep.word], answers) == pytest.approx(least)
    assert deep.expected_guesses == pytest.approx(least)  # its figure is the exact value
    assert value(game.index[looked.word], answers) > least + 0.01  # one step deep misjudges


def test_every_row_the_deep_search_shows_is_valued_exactly_and_ranked_by_it() -> None:
    game, matrix, weights = hand_made(3)
    ranker = Ranker(game, matrix, weights, False)
    everyone, legal = np.arange(len(game.targets)), np.ones(len(game.guesses), dtype=bool)
    value = exhaustive(game, matrix, weights)
    found = ranker.deep_valued(everyone, legal, 5)
    exact = [value(game.index[s.word], tuple(everyone.tolist())) for s in found]
    assert [s.expected_guesses for s in found] == pytest.approx(exact)
    shown = [s.expected_guesses for s in found if not s.entropy_best or s.rank <= 5]
    assert shown == sorted(shown)


def test_a_node_limit_says_stop_past_its_nodes_or_when_its_stop_does() -> None:
    limit = NodeLimit(2)
    assert [limit(), limit(), limit()] == [False, False, True]
    assert NodeLimit(10, lambda: True)()


def test_the_deep_search_gives_up_past_its_node_limit(monkeypatch) -> None:
    game, matrix, weights = hand_made(3)
    ranker = Ranker(game, matrix, weights, False)
    everyone, legal = np.arange(len(game.targets)), np.ones(len(game.guesses), dtype=bool)
    monkeypatch.setattr(ranking, "DEEP_NODES", 1)
    with pytest.raises(SearchInterrupted):
        ranker.deep_valued(everyone, legal, 1)


NYT = load_set("nyt")
MIDDLE = [("saine", reply_for("saine", "idler"))]  # 244 likely answers of the NYT's prior left


def test_the_assistant_searches_deep_between_the_endgame_and_deep_sizes(monkeypatch) -> None:
    helper = Assistant(lists=NYT, puzzle=1411, rows=list(MIDDLE))
    assert ENDGAME < len(helper.likely) <= DEEP and helper.searched
    monkeypatch.setattr(ranking, "DEEP_NODES", 1)  # given up at once: the look-ahead stands
    assert helper.compute_suggestions(3) == helper.compute_suggestions(3, search=False)


def test_the_uniform_prior_and_hard_mode_never_search() -> None:
    assert not Assistant(lists=NYT, prior="uniform", rows=list(MIDDLE)).searched
    assert not Assistant(lists=NYT, puzzle=1411, hard=True, rows=list(MIDDLE)).searched


def test_the_advice_follows_the_estimate_with_the_deep_searchs_suggestions() -> None:
    # the NYT's answers and a quarter of its other words (6,069): 117 likely answers left,
    # searched as deep as the 248 left on the NYT's lists, in a fraction of the CPU
    lists = make_set("nyt-part", NYT.answers, NYT.guesses[::4], "test", "test")
    helper = Assistant(lists=lists, prior="nyt", puzzle=1411, rows=list(MIDDLE))
    assert ENDGAME < len(helper.likely) <= DEEP
    stages = list(helper.advice(3, "guesses"))
    assert [a.stage for a in stages] == [ESTIMATE, SEARCHED]
    assert stages[0].suggestions == helper.suggest(3, search=False)
    assert stages[1].suggestions == helper.tidy(helper.compute_suggestions(3), "guesses")
