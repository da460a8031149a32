"""The perfect evil replier: the minimax value and each reply, against a brute force over
every guess and every reply on small lists."""

from __future__ import annotations

import json
import math
from functools import lru_cache

import numpy as np
import pytest
from reference_solver import ATCH, OUND, listed_game, minimax_brute, sampled_lists
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.solver.matrix import reply_matrix
from wordle_tui.solver.search.minimax import Minimax

runner = CliRunner()


CASES = {
    "atch": (ATCH, []),
    "atch+chimp": (ATCH, ["chimp"]),
    "ound+shrew": (OUND, ["shrew", "fumed"]),
    "sample": sampled_lists(1, 40, 20),
    "sample-few-guesses": sampled_lists(2, 30, 0),
}


@pytest.mark.parametrize(("answers", "extra"), CASES.values(), ids=CASES.keys())
def test_the_value_and_every_first_reply_equal_brute_force(tmp_path, answers, extra) -> None:
    game = listed_game(tmp_path, answers, extra)
    value = minimax_brute(game)
    everyone = np.arange(len(game.targets), dtype=np.int32)
    search = Minimax(game)
    found = search.value(everyone)
    assert found.proved and found.lower == value(tuple(range(len(game.targets))))
    matrix = reply_matrix(game)
    for guess in range(len(game.guesses)):
        reply, kept = search.perfect_reply(everyone, guess)
        codes = matrix[guess, everyone]
        groups = {int(r): tuple(everyone[codes == r].tolist()) for r in np.unique(codes)}
        losing = [g for r, g in groups.items() if r != game.rules.win]
        worst = max(value(g) for g in losing) if losing else 0
        assert kept.lower == worst  # the kept group needs the most guesses of any
        if reply != game.rules.win:
            assert value(groups[reply]) == worst


def test_a_spent_budget_gives_bounds_that_hold(tmp_path) -> None:
    game = listed_game(tmp_path, *sampled_lists(3, 60, 30))
    everyone = np.arange(len(game.targets), dtype=np.int32)
    exact = Minimax(game).value(everyone)
    bounded = Minimax(game, budget=1).value(everyone, upper=exact.lower + 2)
    assert not bounded.proved
    assert bounded.lower <= exact.lower <= (bounded.upper or math.inf)


def test_evil_perfect_plays_and_says_the_bound(tmp_path) -> None:
    listed_game(tmp_path, ATCH, ["chimp"])
    files = ["--answers", str(tmp_path / "a.txt"), "--guess-list", str(tmp_path / "g.txt")]
    args = ["evil", "--perfect", *files, "--play", "chimp,batch"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert data["proved"] and data["value"] == data["lower"] == data["upper"]
    first, second = data["replies"]
    assert first["guess"] == "chimp" and first["left"] + 1 == second["left"] + 2
    text = runner.invoke(app, args).stdout
    assert f"no one can win in fewer than {data['value']} guesses" in text
    assert f"no one can win this in fewer than {1 + first['needs']}" in text


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--play", "crane"], "--play goes with --perfect"),
        (["--perfect", "--shortest"], "--shortest does not apply with --perfect"),
        (["--perfect", "--play", "zzzzz"], "ZZZZZ is not in the guess list"),
    ],
)
def test_what_the_perfect_replier_refuses(args, said) -> None:
    result = runner.invoke(app, ["evil", *args])
    assert result.exit_code == 2 and said in result.stderr


def brute_hard(game):
    """The least worst case in hard mode: every guess the hints allow, at every node."""
    from wordle_tui.solver import reply_for
    from wordle_tui.solver.play import wordle_hard_mode_problem

    @lru_cache(None)
    def value(words: frozenset, history: tuple) -> float:
        if len(words) == 1:
            return 1
        best = math.inf
        for guess in game.guesses:
            if wordle_hard_mode_problem(list(history), guess) is not None:
                continue
            groups: dict[str, list[str]] = {}
            for t in words:
                groups.setdefault(reply_for(guess, t), []).append(t)
            if len(groups) == 1 and guess not in words:
                continue
            worst = max(
                1 if r == "GGGGG" else 1 + value(frozenset(g), (*history, (guess, r)))
                for r, g in groups.items()
            )
            best = min(best, worst)
        return best

    return value


# BAWDY tells BATCH, WATCH and the rest apart after CHIMP, but hard mode forbids it then (no C,
# no H): 4 guesses in normal mode, 5 in hard
@pytest.mark.parametrize(
    ("answers", "extra"), [(ATCH, ["chimp", "bawdy"]), sampled_lists(6, 14, 8)]
)
def test_hard_mode_values_equal_brute_force(tmp_path, answers, extra) -> None:
    game = listed_game(tmp_path, answers, extra)
    everyone = np.arange(len(game.targets), dtype=np.int32)
    found = Minimax(game, hard=True).value(everyone)
    assert found.proved and found.lower == brute_hard(game)(frozenset(game.targets), ())
    assert found.lower >= Minimax(game).value(everyone).lower  # hard mode is never easier
    if "bawdy" in extra:
        assert (Minimax(game).value(everyone).lower, found.lower) == (4, 5)


def test_evil_perfect_in_hard_mode_keeps_the_hints(tmp_path) -> None:
    listed_game(tmp_path, ATCH, ["chimp", "bawdy"])
    files = ["--answers", str(tmp_path / "a.txt"), "--guess-list", str(tmp_path / "g.txt")]
    normal = json.loads(runner.invoke(app, ["evil", "--perfect", *files, "--json"]).stdout)
    hard = runner.invoke(app, ["evil", "--perfect", "--mode", "hard", *files, "--json"])
    assert (normal["value"], json.loads(hard.stdout)["value"]) == (4, 5)
    refused = runner.invoke(
        app, ["evil", "--perfect", "--mode", "hard", *files, "--play", "chimp,bawdy"]
    )
    assert refused.exit_code == 2 and "hard mode refuses BAWDY" in refused.stderr
    assert runner.invoke(app, ["evil", "--mode", "hard"]).exit_code == 2


def test_the_game_value_is_the_brute_forces_and_kept_for_the_run(tmp_path) -> None:
    from wordle_tui.solver.search.minimax import game_value

    game = listed_game(tmp_path, ATCH, ["chimp"])
    found = game_value(game)
    assert found.proved and found.lower == minimax_brute(game)(tuple(range(len(ATCH)))) == 5
    assert game_value(listed_game(tmp_path, ATCH, ["chimp"])) is found  # same lists: kept
    assert game_value(game, hard=True) is not found


@pytest.mark.parametrize("hard", [False, True])
def test_a_game_played_against_the_perfect_replier_takes_at_least_the_value(tmp_path, hard):
    from wordle_tui.solver.play import GreedyGuesser, play
    from wordle_tui.solver.search.minimax import PerfectReplier, game_value
    from wordle_tui.solver.tree import Solver

    game = listed_game(tmp_path, ATCH, ["chimp", "bawdy"])
    value = game_value(game, hard)
    assert value.proved and value.lower == (5 if hard else 4)
    for metric in ("max", "neg_entropy"):
        guesser = GreedyGuesser(Solver(game, metric, "hard" if hard else "all"))
        steps = play(game, guesser, PerfectReplier(game, hard))
        assert steps[-1].reply == game.rules.win and len(steps) >= value.lower
        search, left = Minimax(game, hard=hard), np.arange(len(ATCH))
        legal = search.start()
        for step in steps:  # each reply is the one the search gives from that position
            guess = game.index[step.guess]
            assert search.perfect_reply(left, guess, legal)[0] == step.reply
            left = left[reply_matrix(game)[guess, left] == step.reply]
            legal = search.after(legal, guess, step.reply)


def test_the_shipped_hard_mode_tree_wins_every_classic_answer_within_five() -> None:
    from wordle_tui.solver.games import make_game
    from wordle_tui.solver.listsets import load_set
    from wordle_tui.solver.search.minimax import MINIMAX_TREES, minimax_tree, tree_upper_bound
    from wordle_tui.solver.tree import tree_scores
    from wordle_tui.solver.trees import load, validate

    game = make_game("wordle")
    tree = minimax_tree(game, hard=True)
    assert tree is not None and validate(tree, game, hard=True) == []  # keeps to every hint
    scores = tree_scores(tree)
    assert set(scores) == set(game.targets) and max(scores.values()) == 5
    from importlib import resources

    path = resources.files("wordle_tui").joinpath("trees", MINIMAX_TREES[(game.fingerprint, True)])
    _, meta = load(str(path), game, hard=True)
    assert meta["total"] == sum(scores.values()) and meta["worst"] == 5
    assert tree_upper_bound(game, hard=True) == 5  # below the optimal hard tree's 6
    assert minimax_tree(game, hard=False) is None and tree_upper_bound(game) == 5
    nyt = make_game("wordle", lists=load_set("nyt"))
    assert minimax_tree(nyt, hard=True) is None and tree_upper_bound(nyt, hard=True) == 6
