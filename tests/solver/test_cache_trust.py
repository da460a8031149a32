"""Caches cannot be made to lie by whoever can write the cache folder: every file is signed
under the user's own secret key, and a proof's saved progress is checked before it counts."""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.solver import cache as cache_module
from wordle_tui.solver import make_game
from wordle_tui.solver.cache import KEY_NAME, MAC_SUFFIX, cache_path, read_json, write_json
from wordle_tui.solver.games import WORDLE_RULES, Game
from wordle_tui.solver.matrix import (
    SPOT_CHECKS,
    cache_file,
    clear_memory,
    matrix_key,
    reply_matrix,
)
from wordle_tui.solver.search.proof import load_outcomes, proof_file, prove


@pytest.fixture
def game() -> Game:
    """Thirty answers alike and some other guesses: a proof of a second or so."""
    full = make_game("wordle")
    near = sorted(full.targets, key=lambda w: (-sum(map(str.__eq__, w, "shale")), w))[:30]
    guesses = sorted(set(near) | set(full.guesses[::700]))
    return Game("wordle", WORDLE_RULES, tuple(sorted(near)), tuple(guesses))


def replace(path: Path, data: bytes) -> None:
    """Put a new file in `path`'s place, as whoever can write the cache folder can (made as
    private as the program's own, so that only its signature can give it away)."""
    new = path.with_name("forged")
    new.write_bytes(data)
    new.chmod(0o600)
    os.replace(new, path)


def forge(path: Path, word: str, value: float) -> None:
    """Write a proof's progress file as whoever can write the cache folder would."""
    replace(path, json.dumps({"format": 1, "openers": {word: [value, True]}}).encode())


@pytest.mark.parametrize("value", [10.0, -1e300])
def test_a_forged_resume_file_never_makes_a_false_proof(home, game, value) -> None:
    true = prove(game, save=False, upper=math.inf)
    path = proof_file(game, False, 6)
    forge(path, true.first_guess, value)
    resumed = prove(game, upper=math.inf, resume=True)
    assert resumed.proven and resumed.total == true.total
    assert "resumed" not in resumed.how
    assert resumed.note and "not trusted" in resumed.note


def test_solve_prove_resume_says_the_file_was_not_trusted(home, game, tmp_path) -> None:
    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    answers.write_text("\n".join(game.targets) + "\n")
    guesses.write_text("\n".join(game.guesses) + "\n")
    files = ["--answers", str(answers), "--guess-list", str(guesses)]
    proof = prove(game, save=False, upper=math.inf)
    true = proof.total
    runner = CliRunner()
    first = runner.invoke(cli, ["solve", "--prove", *files, "--json"])
    assert first.exit_code == 0 and json.loads(first.stdout)["total"] == true
    path = Path(json.loads(first.stdout)["file"])
    forge(path, proof.first_guess, 10.0)
    result = runner.invoke(cli, ["solve", "--prove", "--resume", *files, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["total"] == true
    assert f"Saved progress in {path} was not trusted" in result.stderr


def test_signed_entries_that_cannot_be_true_are_refused(home, game) -> None:
    path = proof_file(game, False, 6)
    n = len(game.targets)
    write_json(
        path,
        {
            "format": 1,
            "openers": {
                "shale": [2 * n - 2, True],  # below 2n - 1: no tree finds n answers so
                "share": [7 * n, True],  # above six rows an answer
                "shake": [1e400, False],
                "shame": [70.5, False],
                "shape": [2 * n + 3, True],  # could be true
                "shalt": [None, False],
            },
        },
    )
    words = {"shale", "share", "shake", "shame", "shape", "shalt"}
    kept, refused = load_outcomes(path, words, n, 6)
    assert kept == {"shape": (2 * n + 3, True), "shalt": (math.inf, False)} and refused


def test_a_cache_without_its_signature_or_under_another_name_is_ignored(home) -> None:
    path, other = cache_path("trust-a.json"), cache_path("trust-b.json")
    write_json(path, {"x": 1})
    assert read_json(path) == {"x": 1}
    other.write_bytes(path.read_bytes())
    Path(f"{other}{MAC_SUFFIX}").write_bytes(Path(f"{path}{MAC_SUFFIX}").read_bytes())
    assert read_json(other) is None  # the signature names the file it was made for
    replace(path, b'{"x":2}')
    assert read_json(path) is None
    Path(f"{path}{MAC_SUFFIX}").unlink()
    write_json(path, {"x": 3})
    assert read_json(path) == {"x": 3}


def test_a_copied_cache_is_hashed_whole_then_trusted(home) -> None:
    path = cache_path("trust-e.json")
    write_json(path, {"x": 1})
    signature = Path(f"{path}{MAC_SUFFIX}").read_bytes()
    replace(path, path.read_bytes())  # the same bytes in another file (a backup restored)
    assert read_json(path) == {"x": 1}
    assert Path(f"{path}{MAC_SUFFIX}").read_bytes() != signature  # stamped anew


def test_a_key_others_can_read_is_replaced_and_old_caches_die(home) -> None:
    path = cache_path("trust-c.json")
    write_json(path, {"x": 1})
    key = home / KEY_NAME
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and len(key.read_bytes()) == 32
    key.chmod(0o644)
    cache_module._keys.clear()
    assert read_json(path) is None
    assert stat.S_IMODE(key.stat().st_mode) == 0o600


def spot_checked_rows(game: Game, rows: int) -> set[int]:
    """The rows the matrix loader samples, predicted from the file's name as an attacker can."""
    rng = np.random.default_rng(int(matrix_key(game)[:8], 16))
    return set(rng.integers(0, rows, SPOT_CHECKS).tolist()) | {0, rows - 1}


def test_a_matrix_with_a_row_rewritten_is_recomputed(home) -> None:
    full = make_game("wordle")
    game = Game("wordle", WORDLE_RULES, full.targets[:300], full.guesses[:2000])
    clear_memory()
    true = np.array(reply_matrix(game))
    clear_memory()
    row = min(set(range(len(game.guesses))) - spot_checked_rows(game, len(game.guesses)))
    forged = true.copy()
    forged[row] = game.rules.win  # this guess "wins" against every answer
    path = cache_file(game)
    data = path.read_bytes()
    replace(path, data[: len(data) - forged.nbytes] + forged.tobytes())  # one row changed
    loaded = reply_matrix(game)
    assert np.array_equal(loaded, true)
    clear_memory()
    assert np.array_equal(reply_matrix(game), true)  # and the recomputed file is signed again


def test_cache_files_and_their_signatures_are_private(home) -> None:
    old = os.umask(0o022)
    try:
        write_json(cache_path("trust-d.json"), {"x": 1})
    finally:
        os.umask(old)
    for path in (cache_path("trust-d.json"), cache_path(f"trust-d.json{MAC_SUFFIX}")):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
