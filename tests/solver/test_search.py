"""Strategy search: exact on small sets, valid trees, the shipped optimal trees, Evil Wordle."""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

import pytest
from reference_solver import sampled_game
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.solver import EvilReplier, make_game, play, reply_for, tree_scores
from wordle_tui.solver.play import wordle_hard_mode_problem
from wordle_tui.solver.search.best_tree import (
    SurvivalSearch,
    TreeSearch,
    cached_shortest_evil_win,
    shortest_evil_win,
)
from wordle_tui.solver.tree import Node
from wordle_tui.solver.trees import TreeError, from_data, load, save, shipped, to_data, validate


def brute_total(game, hard: bool) -> int:
    """The exact least total over every guess at every node (no ranking, no pruning)."""
    guesses = list(game.guesses)

    @lru_cache(None)
    def best(targets: frozenset, history: tuple) -> float:
        n = len(targets)
        if n == 1:
            return 1
        allowed = [
            g for g in guesses if not hard or wordle_hard_mode_problem(list(history), g) is None
        ]
        result = math.inf
        for guess in allowed:
            groups: dict[str, list[str]] = {}
            for t in targets:
                groups.setdefault(reply_for(guess, t), []).append(t)
            if len(groups) == 1 and guess not in targets:
                continue
            total = n
            for reply, members in groups.items():
                if reply != "GGGGG":
                    key = (*history, (guess, reply)) if hard else ()
                    total += best(frozenset(members), key)
                if total >= result:
                    break
            result = min(result, total)
        return result

    return int(best(frozenset(game.targets), ()))


@pytest.mark.parametrize(
    ("seed", "n", "extra"),
    [(1, 20, 40), (2, 40, 30), pytest.param(3, 60, 12, marks=pytest.mark.slow)],  # 11 s of CPU
)
def test_search_with_every_guess_equals_brute_force(tmp_path, seed, n, extra) -> None:
    game = sampled_game(tmp_path, seed, n, extra)
    result = TreeSearch(game, top_k=len(game.guesses), max_guesses=255).run()
    assert result.total == brute_total(game, hard=False)
    assert validate(result.tree, game, max_guesses=255) == []
    assert sum(tree_scores(result.tree).values()) == result.total


@pytest.mark.parametrize("seed", [4, 5])
def test_hard_mode_search_equals_brute_force(tmp_path, seed) -> None:
    game = sampled_game(tmp_path, seed, 20, 10)
    result = TreeSearch(game, hard=True, top_k=len(game.guesses), max_guesses=255).run()
    assert result.total == brute_total(game, hard=True)
    assert validate(result.tree, game, hard=True, max_guesses=255) == []


def test_a_small_top_k_is_never_better_than_exact(tmp_path) -> None:
    game = sampled_game(tmp_path, 6, 40, 40)
    exact = TreeSearch(game, top_k=len(game.guesses), max_guesses=255).run().total
    assert TreeSearch(game, top_k=2, max_guesses=255).run().total >= exact


@pytest.fixture(scope="module")
def wordle():
    return make_game("wordle")


def test_the_shipped_trees_are_valid_and_optimal(wordle) -> None:
    normal, meta = shipped("optimal")
    assert validate(normal, wordle) == []
    scores = tree_scores(normal)
    assert sum(scores.values()) == 7897 == meta["total"] and max(scores.values()) <= 5
    assert normal.guess == "salet"
    hard, meta = shipped("optimal-hard")
    assert validate(hard, wordle, hard=True) == []
    scores = tree_scores(hard)
    assert sum(scores.values()) == 8099 == meta["total"] and max(scores.values()) <= 6


def test_the_validator_refuses_broken_trees(wordle) -> None:
    tree, _ = shipped("optimal")
    data = to_data(tree, wordle)
    missing = json.loads(json.dumps(data))
    missing["b"].pop(next(iter(missing["b"])))
    assert any(
        "no branch" in p or "never reached" in p for p in validate(from_data(missing), wordle)
    )
    moved = json.loads(json.dumps(data))
    leaves = [k for k, v in moved["b"].items() if isinstance(v, str) and k != "GGGGG"]
    branches = [k for k, v in moved["b"].items() if isinstance(v, dict)]
    moved["b"][leaves[0]], moved["b"][branches[0]] = moved["b"][branches[0]], moved["b"][leaves[0]]
    assert validate(from_data(moved), wordle)
    hard, _ = shipped("optimal-hard")
    hard_data = to_data(hard, wordle)
    child = next(v for v in hard_data["b"].values() if isinstance(v, dict))
    child["g"] = "fuzzy"  # breaks the hints SALET revealed
    problems = validate(from_data(hard_data), wordle, hard=True)
    assert any("breaks hard mode" in p for p in problems)


def test_tree_files_round_trip_and_refuse_damage(tmp_path, wordle) -> None:
    tree, _ = shipped("optimal")
    path = tmp_path / "t.json.gz"
    save(tree, wordle, path, mode="normal", total=7897)
    again, meta = load(path, wordle)
    assert tree_scores(again) == tree_scores(tree) and meta["total"] == 7897
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(TreeError, match="not a tree file"):
        load(tmp_path / "bad.json", wordle)
    with pytest.raises(TreeError, match="no such tree file"):
        load(tmp_path / "none.json", wordle)


def test_an_interrupted_save_leaves_nothing(tmp_path, wordle, monkeypatch) -> None:
    import wordle_tui.solver.trees as trees

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(trees.json, "dumps", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save(Node("salet", 1, {242: "salet"}), wordle, tmp_path / "t.json.gz")
    assert list(tmp_path.iterdir()) == []


@pytest.fixture(scope="module")
def evil_win(wordle, tmp_path_factory) -> tuple[dict, Path]:
    """The shortest forced win on the classic lists, searched once for the module (about
    5 s of CPU) as `wordle-tui evil --shortest` searches it, and the data folder it was
    remembered in (where the command finds it)."""
    folder = tmp_path_factory.mktemp("evil-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WORDLE_TUI_HOME", str(folder))
        assert not (folder / "cache").exists()  # nothing to recall: searched now
        return cached_shortest_evil_win(wordle), folder


def test_shortest_forced_win_against_the_evil_replier(wordle, evil_win) -> None:
    found, _ = evil_win
    assert found["guesses"] == 4 and found["bound"] == [2309, 167, 2, 1] and found["proved"]
    words = [g for g, _ in found["sequence"]]

    def guesser(history, candidates):
        return words[len(history)]

    steps = play(wordle, guesser, EvilReplier(wordle))
    assert [wordle.show(s.reply) for s in steps] == [r for _, r in found["sequence"]]
    assert steps[-1].reply == wordle.rules.win and len(steps) == 4
    # among the wins in 4, one with answer-list words (it was AESIR, YAULD, TENCH, BONGO)
    assert words == ["teary", "sling", "crumb", "block"]
    assert all(word in wordle.targets for word in words)


def test_the_shortest_evil_win_keeps_its_length_over_answer_list_words(tmp_path: Path) -> None:
    """Only BFGHK, not an answer, tells the five answers apart: it wins in 2; answer words
    alone would take 5, so the win keeps it."""
    (tmp_path / "a.txt").write_text("bills\nfills\ngills\nhills\nkills\n")
    (tmp_path / "g.txt").write_text("bfghk\n")
    game = make_game("wordle", tmp_path / "a.txt", tmp_path / "g.txt")
    found = shortest_evil_win(game)
    assert found["guesses"] == 2 and found["proved"]
    assert found["sequence"][0][0] == "bfghk" and found["sequence"][1][1] == "GGGGG"


def test_jotto_search_beats_the_seeds_greedy() -> None:
    jotto = make_game("jotto")
    result = TreeSearch(jotto, top_k=1, max_guesses=255).run()
    assert result.total / len(jotto.targets) < 6.13
    assert validate(result.tree, jotto, max_guesses=255) == []


def test_antiwordle_search_survives_longer_than_the_greedy() -> None:
    anti = make_game("antiwordle")
    greedy = SurvivalSearch(anti, top_k=1).run()
    assert greedy.tree.guess == "fuzzy" and round(greedy.total / 2309, 2) == 5.75
    better = SurvivalSearch(anti, top_k=2).run()
    assert better.total / 2309 > 5.9
    scores = tree_scores(better.tree)
    assert sorted(scores) == sorted(anti.targets) and sum(scores.values()) == better.total


runner = CliRunner()


def test_report_and_solve_commands(evil_win) -> None:
    data = json.loads(runner.invoke(cli, ["report", "--strategy", "optimal", "--json"]).stdout)
    assert (data["first_guess"], data["worst"]) == ("salet", 5)
    assert round(data["mean"], 4) == 3.4201
    data = json.loads(
        runner.invoke(cli, ["solve", "--first", "salet", "--root-k", "1", "--json"]).stdout
    )
    assert data["total"] == 7897 and data["worst"] == 5
    found, home = evil_win  # the search the command would run, done (and kept) there
    shortest = runner.invoke(
        cli, ["evil", "--shortest", "--json"], env={"WORDLE_TUI_HOME": str(home)}
    )
    evil = json.loads(shortest.stdout)
    assert evil["guesses"] == 4 and len(evil["path"]) == 4
    assert [(s["guess"], s["reply"]) for s in evil["path"]] == [tuple(s) for s in found["sequence"]]
    bad = runner.invoke(cli, ["report", "--strategy", "best"])
    assert bad.exit_code == 2 and "unknown strategy" in bad.stderr
    bad = runner.invoke(cli, ["solve", "--first", "qqqqq"])
    assert bad.exit_code == 2 and "not in the guess list" in bad.stderr


@pytest.mark.slow
@pytest.mark.parametrize(("hard", "total"), [(False, 7897), (True, 8099)])
def test_full_searches_from_scratch(wordle, hard: bool, total: int) -> None:
    search = TreeSearch(wordle, hard=hard, top_k=80 if hard else 12, root_k=8 if hard else 12)
    result = search.run()
    assert result.total == total and result.tree.guess == "salet"
