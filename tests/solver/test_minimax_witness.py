"""The witness check: a set of words proven not solvable within k guesses, against a brute
force over every guess and every reply on small lists, and the shipped classic witness."""

from __future__ import annotations

import json

import numpy as np
import pytest
from reference_solver import ATCH, OUND, listed_game, minimax_brute, sampled_lists

from wordle_tui.solver.games import make_game
from wordle_tui.solver.search import witness
from wordle_tui.solver.search.minimax import tree_upper_bound
from wordle_tui.solver.search.witness import Refuter, read_witness, witness_lower_bound

CASES = {
    "atch+ound": ([*ATCH, *OUND], ["chimp", "bawdy"]),
    "atch+ound-alone": ([*ATCH, *OUND], []),
    "sample": sampled_lists(4, 40, 12),
    "sample-few-guesses": sampled_lists(5, 36, 0),
}


@pytest.mark.parametrize(("answers", "extra"), CASES.values(), ids=CASES.keys())
def test_the_verdict_equals_brute_force_on_random_subsets(tmp_path, answers, extra) -> None:
    game = listed_game(tmp_path, answers, extra)
    value, refuter = minimax_brute(game), Refuter(game)
    rng = np.random.default_rng(7)
    for _ in range(60):
        size = int(rng.integers(1, len(game.targets) + 1))
        words = np.sort(rng.choice(len(game.targets), size, replace=False))
        needed = value(tuple(words.tolist()))
        for k in range(1, int(needed) + 2):
            assert refuter.unsolvable(words, k) == (needed > k), (words, k)


@pytest.mark.parametrize(("answers", "extra"), CASES.values(), ids=CASES.keys())
def test_a_part_never_needs_more_than_the_whole(tmp_path, answers, extra) -> None:
    game = listed_game(tmp_path, answers, extra)
    refuter = Refuter(game)
    rng = np.random.default_rng(11)
    for _ in range(40):
        whole = np.sort(rng.choice(len(game.targets), len(game.targets) // 2, replace=False))
        part = np.sort(rng.choice(whole, len(whole) // 2, replace=False))
        for k in range(1, 6):
            if refuter.unsolvable(part, k):
                assert refuter.unsolvable(whole, k)


def test_a_witness_counts_only_once_checked(tmp_path, monkeypatch) -> None:
    game = listed_game(tmp_path, ATCH, ["chimp"])
    value = int(minimax_brute(game)(tuple(range(len(game.targets)))))
    claim = {"fingerprint": game.fingerprint, "hard": False, "words": list(game.targets)}
    monkeypatch.setattr(witness, "read_witness", lambda game, hard=False: claim)
    for within, proven in ((value - 1, value), (value, 0), (value - 2, value - 1)):
        monkeypatch.setattr(witness, "_checked", {})
        claim["within"] = within  # a false claim (within the value itself) proves nothing
        assert witness_lower_bound(game) == proven


def test_no_witness_is_read_for_other_lists(tmp_path) -> None:
    game = listed_game(tmp_path, ATCH, ["chimp"])
    assert read_witness(game) is None and witness_lower_bound(game) == 0


def test_the_shipped_classic_witness_names_answers_and_its_lists() -> None:
    game = make_game("wordle")
    data = read_witness(game)
    assert data is not None and data["fingerprint"] == game.fingerprint
    assert set(data["words"]) <= set(game.targets) and data["value"] == data["within"] + 1
    assert data["size"] == len(data["words"]) == len(set(data["words"]))


@pytest.mark.slow
def test_the_classic_witness_proves_the_value_is_5() -> None:
    game = make_game("wordle")  # about 20 minutes of one core: the check of every first guess
    assert witness_lower_bound(game) == 5
    assert tree_upper_bound(game) == 5  # the optimal tree's worst case: so the value is 5
    assert witness_lower_bound(game, hard=True) == 5 == tree_upper_bound(game, hard=True)


# small enough for the hard-mode brute force; CHIMP then BAWDY: 4 in normal mode, 5 in hard
@pytest.mark.parametrize(
    ("answers", "extra"),
    [(ATCH, ["chimp", "bawdy"]), sampled_lists(6, 14, 8)],
    ids=["atch", "sample"],
)
def test_hard_mode_takes_the_normal_witness_and_it_holds_there(
    tmp_path, monkeypatch, answers, extra
) -> None:
    from test_minimax import brute_hard

    game = listed_game(tmp_path, answers, extra)
    everyone = tuple(range(len(game.targets)))
    normal, hard = int(minimax_brute(game)(everyone)), brute_hard(game)(frozenset(game.targets), ())
    claim = {"fingerprint": game.fingerprint, "hard": False, "words": list(game.targets)}
    asked = []
    monkeypatch.setattr(
        witness, "read_witness", lambda game, hard=False: asked.append(hard) or claim
    )
    for within, proven in ((normal - 1, normal), (normal, 0)):  # a true claim, then a false one
        monkeypatch.setattr(witness, "_checked", {})
        claim["within"] = within
        assert witness_lower_bound(game, hard=True) == proven <= hard
    assert asked == [False, False]  # only normal mode's witness is read


def test_a_checked_lower_bound_settles_what_the_budget_cannot(tmp_path) -> None:
    from wordle_tui.solver.search.minimax import Minimax

    game = listed_game(tmp_path, ATCH, ["chimp"])
    everyone = np.arange(len(game.targets), dtype=np.int32)
    value = int(minimax_brute(game)(tuple(everyone.tolist())))
    starved = Minimax(game, budget=1).value(everyone, upper=value + 1)
    assert not starved.proved  # no budget: the search settles nothing
    settled = Minimax(game, budget=1).value(everyone, upper=value, lower=value)
    assert settled.proved and settled.lower == value  # bounds meeting need no search


def test_evil_perfect_checks_the_witness_on_request(tmp_path, monkeypatch) -> None:
    from typer.testing import CliRunner

    from wordle_tui.cli import app

    game = listed_game(tmp_path, ATCH, ["chimp"])
    value = int(minimax_brute(game)(tuple(range(len(game.targets)))))
    claim = {"fingerprint": game.fingerprint, "hard": False, "words": list(game.targets)}
    monkeypatch.setattr(witness, "read_witness", lambda game, hard=False: claim)
    files = ["--answers", str(tmp_path / "a.txt"), "--guess-list", str(tmp_path / "g.txt")]
    runner = CliRunner()
    for within, proven in ((value - 1, value), (value, 0)):  # a true claim, then a false one
        monkeypatch.setattr(witness, "_checked", {})
        claim["within"] = within
        result = runner.invoke(app, ["evil", "--perfect", "--witness", *files, "--json"])
        data = json.loads(result.stdout)
        assert data["witness"] == proven and data["value"] == value and data["proved"]
    plain = json.loads(runner.invoke(app, ["evil", "--perfect", *files, "--json"]).stdout)
    assert plain["witness"] is None and plain["value"] == value
    refused = runner.invoke(app, ["evil", "--witness", *files])
    assert refused.exit_code == 2 and "--witness goes with --perfect" in refused.stderr


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        '["a list"]',
        '{"fingerprint": "F", "hard": false, "within": "4", "words": ["batch"]}',
        '{"fingerprint": "F", "hard": false, "within": -3, "words": ["batch"]}',
        '{"fingerprint": "F", "hard": false, "within": 4, "words": [1, 2]}',
        '{"fingerprint": "F", "hard": false, "within": 4}',
    ],
)
def test_a_damaged_witness_file_proves_nothing(tmp_path, monkeypatch, content) -> None:
    game = listed_game(tmp_path, ATCH, ["chimp"])
    folder = tmp_path / "package"
    (folder / "trees").mkdir(parents=True)
    text = content.replace('"F"', f'"{game.fingerprint}"')
    (folder / "trees" / "minimax-witness-small-normal.json").write_text(text)
    monkeypatch.setattr(witness.resources, "files", lambda package: folder)
    monkeypatch.setattr(witness, "_checked", {})
    assert read_witness(game) is None and witness_lower_bound(game) == 0


def test_a_well_formed_witness_file_is_read(tmp_path, monkeypatch) -> None:
    game = listed_game(tmp_path, ATCH, ["chimp"])
    folder = tmp_path / "package"
    (folder / "trees").mkdir(parents=True)
    claim = {"fingerprint": game.fingerprint, "hard": False, "within": 2, "words": ["batch"]}
    (folder / "trees" / "minimax-witness-small-normal.json").write_text(json.dumps(claim))
    monkeypatch.setattr(witness.resources, "files", lambda package: folder)
    assert read_witness(game) == claim and read_witness(game, hard=True) is None
