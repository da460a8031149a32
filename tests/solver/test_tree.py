"""Guess trees: the seeds' small examples, validity under every policy, and brute-force checks."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from wordle_tui.solver import (
    EvilReplier,
    GreedyGuesser,
    HonestReplier,
    Node,
    RandomGuesser,
    Solver,
    Step,
    TreeGuesser,
    make_game,
    metric_value,
    play,
    reply_code,
    reply_for,
    run_strategy,
    tree_path,
    tree_scores,
)
from wordle_tui.solver.play import evil_reply, hard_mode_ok, hard_mode_problem
from wordle_tui.solver.tree import iter_nodes


def write(path: Path, words: list[str]) -> Path:
    path.write_text("\n".join(words) + "\n")
    return path


def shape(tree, game) -> object:
    """A tree as nested plain data with readable replies."""
    if isinstance(tree, str):
        return tree
    return (tree.guess, {game.show(r): shape(sub, game) for r, sub in tree.branches.items()})


def test_the_seeds_tree_for_every_hundredth_word(wordle, tmp_path: Path) -> None:
    few = write(tmp_path / "few.txt", list(wordle.targets[::100]))
    game = make_game("wordle", answers=few, guess_list=few)
    tree = Solver(game, "max", "consistent").tree()
    pairs = {
        "..G..": ("aback", "..GGG", "quack"),
        "Y...Y": ("birth", "..YY.", "trend"),
        ".....": ("bully", ".G...", "cumin"),
        "..GG.": ("clasp", "..GGY", "phase"),
        "YY...": ("drool", ".Y.G.", "humor"),
        "..Y..": ("fancy", ".YG..", "ninja"),
    }
    singles = {
        "YYY..": "arbor",
        "Y.G..": "frank",
        "Y.G.Y": "grate",
        "Y.Y.Y": "later",
        ".YYY.": "mason",
        "GGGGG": "roast",
        "..GY.": "shale",
        "...Y.": "smell",
        "..GYY": "stamp",
        "..Y.Y": "taken",
        "Y.Y..": "viral",
        "..Y.G": "yacht",
    }
    expected = {r: (a, {"GGGGG": a, r2: b}) for r, (a, r2, b) in pairs.items()} | singles
    assert tree.guess == "roast" and tree.size == 24
    assert shape(tree, game)[1] == expected


def test_an_inconsistent_guess_splits_the_ails(wordle, tmp_path: Path) -> None:
    ails = [w + "ails" for w in "bfhnprstw"]
    game = make_game(
        "wordle",
        answers=write(tmp_path / "ails.txt", ails),
        guess_list=write(tmp_path / "g.txt", list(wordle.targets)),
    )
    consistent = run_strategy(game, "max", "consistent")
    assert (consistent.first_guess, round(consistent.summary.mean, 2)) == ("bails", 5.0)
    assert consistent.summary.worst == 9
    tree = Solver(game, "max", "all").tree()
    assert tree.guess == "berth"
    assert tree.branches[reply_code(".....")].guess == "spawn"
    assert round(run_strategy(game, "max", "all").summary.mean, 2) == 2.56


@pytest.mark.parametrize("policy", ["consistent", "hard", "norvig", "all"])
def test_trees_cover_every_target_once_with_true_replies(wordle, policy: str) -> None:
    result = run_strategy(wordle, "neg_entropy", policy)
    leaves = Counter()
    for node, _ in iter_nodes(result.tree):
        for reply, child in node.branches.items():
            if isinstance(child, str):
                leaves[child] += 1
                assert wordle.reply(node.guess, child) == reply
            else:
                assert child.size == sum(1 for _ in tree_scores(child))
    assert sorted(leaves) == sorted(wordle.targets) and set(leaves.values()) == {1}
    for target in wordle.targets[::37]:
        path = tree_path(result.tree, wordle, target)
        assert path[-1] == (target, wordle.rules.win)
        assert len(path) == result.scores[target]
        assert all(wordle.reply(g, target) == r for g, r in path)


@pytest.fixture(scope="module")
def hard_tree(wordle) -> Node:
    """The greedy hard-mode tree (neg_entropy) on the classic lists, built once for the
    module (a second of CPU)."""
    return Solver(wordle, "neg_entropy", "hard").tree()


def test_hard_tree_only_plays_hard_mode_legal_guesses(wordle, hard_tree) -> None:
    tree = hard_tree
    for target in wordle.targets[::7]:
        history: list[Step] = []
        for guess, reply in tree_path(tree, wordle, target):
            assert hard_mode_ok(wordle, history, guess), (target, history, guess)
            history.append(Step(guess, reply, 0))


def test_hard_mode_messages(wordle) -> None:
    history = [Step("crane", reply_code("G.Y.."), 0)]
    assert hard_mode_problem(wordle, history, "slate") == "1st letter must be C"
    assert hard_mode_problem(wordle, history, "cloth") == "Guess must contain A"
    assert hard_mode_problem(wordle, history, "cabin") is None
    doubled = [Step("eerie", reply_code("YY..."), 0)]
    assert hard_mode_problem(wordle, doubled, "steal") == "Guess must contain E twice"
    assert hard_mode_problem(wordle, doubled, "geese") is None


def brute_force_choice(game, policy: str, metric: str, left: list[str], ties: str) -> str:
    """The greedy rule, one word at a time, with the scalar reply and metric functions, and
    ties settled by the documented order (tree.py): under `a-z` the first a-z; under `alpha`
    a possible answer, more groups, a smaller sum of squared group sizes, a smaller largest
    group, then the first a-z."""
    n = len(left)
    if n <= 2:  # guess one of them (tree.py): nothing does better
        return min(left)
    few = (policy == "norvig" and not 3 < n <= 125) or (policy == "inconsistent" and n <= 3)
    if policy == "consistent" or few:
        pool = [t for t in game.targets if t in left]
    elif policy == "norvig":
        pool = list(game.targets)
    else:
        pool = list(game.guesses)
    values, sizes = {}, {}
    for guess in pool:
        counts = Counter(reply_for(guess, t) for t in left)
        if len(counts) == 1 and guess not in left:
            continue  # makes no progress
        values[guess] = metric_value(metric, counts.values())
        sizes[guess] = list(counts.values())
    best = min(values.values())
    tied = [g for g in pool if g in values and values[g] <= best + 1e-9]
    if ties == "a-z":
        return min(tied)

    def order(g: str) -> tuple:
        return (g not in left, -len(sizes[g]), sum(c * c for c in sizes[g]), max(sizes[g]), g)

    return min(tied, key=order)


# Seeds 0 and 1 (both tie orders) in CI; 2 and 3 with the slow tests (`pytest -m slow`).
SEEDS = [pytest.param(seed, marks=() if seed < 2 else pytest.mark.slow) for seed in range(4)]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("policy", ["consistent", "norvig", "inconsistent", "all"])
@pytest.mark.parametrize("metric", ["max", "expectation", "neg_entropy", "entropy", "partitions"])
def test_greedy_choice_equals_brute_force(wordle, tmp_path, seed, policy, metric) -> None:
    ties = "a-z" if seed % 2 else "alpha"
    rng = np.random.default_rng(seed)
    targets = sorted(rng.choice(wordle.targets, 150, replace=False).tolist())
    extra = rng.choice(wordle.guesses, 250, replace=False).tolist()
    game = make_game(
        "wordle",
        answers=write(tmp_path / "a.txt", targets),
        guess_list=write(tmp_path / "g.txt", extra),
    )
    solver = Solver(game, metric, policy, ties)
    for size in (2, 3, 5, 20, 60, 150):
        chosen = np.sort(rng.choice(len(targets), size, replace=False))
        left = [targets[i] for i in chosen]
        expected = brute_force_choice(game, policy, metric, left, ties)
        assert game.guesses[solver.best_guess(chosen)] == expected, (size, left)


def test_tree_guesser_and_honest_replier_replay_the_tree(wordle) -> None:
    result = run_strategy(wordle, "expectation", "norvig")
    guesser = TreeGuesser(result.tree, wordle)
    for target in ("hello", "thump", "fuzzy", "raise"):
        steps = play(wordle, guesser, HonestReplier(wordle, target))
        assert [(s.guess, s.reply) for s in steps] == tree_path(result.tree, wordle, target)
        assert steps[-1].remaining == 1 and len(steps) == result.scores[target]


def test_greedy_guesser_plays_the_same_game_as_its_tree(wordle, hard_tree) -> None:
    solver, tree = Solver(wordle, "neg_entropy", "hard"), hard_tree  # the tree's settings
    for target in ("hello", "jazzy", "watch"):
        steps = play(wordle, GreedyGuesser(solver), HonestReplier(wordle, target))
        assert [(s.guess, s.reply) for s in steps] == tree_path(tree, wordle, target)


def test_evil_replier_keeps_the_largest_group(wordle) -> None:
    candidates = np.arange(len(wordle.targets))
    for guess in ("arise", "fuzzy", "crane"):
        reply = evil_reply(wordle, guess, candidates)
        sizes = Counter(wordle.reply(guess, t) for t in wordle.targets)
        assert sizes[reply] == max(sizes.values())
    steps = play(wordle, GreedyGuesser(Solver(wordle, "max", "norvig")), EvilReplier(wordle))
    assert steps[-1].reply == wordle.rules.win
    assert [s.remaining for s in steps] == sorted((s.remaining for s in steps), reverse=True)


def test_evil_replier_concedes_only_the_last_word(wordle) -> None:
    only = np.array([wordle.targets.index("thump")])
    assert evil_reply(wordle, "thump", only) == wordle.rules.win
    pair = np.array([wordle.targets.index("thump"), wordle.targets.index("chump")])
    assert evil_reply(wordle, "thump", pair) == reply_code(".GGGG")


def test_random_guesser_is_reproducible_and_plausible(wordle) -> None:
    first = run_strategy(wordle, "random", "consistent", seed=3)
    again = run_strategy(wordle, "random", "consistent", seed=3)
    assert first.scores == again.scores
    assert 3.9 < first.summary.mean < 4.3
    steps = play(wordle, RandomGuesser(wordle, seed=1), HonestReplier(wordle, "hello"))
    assert steps[-1].guess == "hello"


def test_jotto_hard_mode_means_consistent_guesses(jotto) -> None:
    tree = Solver(jotto, "expectation", "hard").tree()
    assert isinstance(tree, Node)
    for target in jotto.targets[::50]:
        history: list[Step] = []
        for guess, reply in tree_path(tree, jotto, target):
            assert all(jotto.reply(s.guess, guess) == s.reply for s in history)
            history.append(Step(guess, reply, 0))
