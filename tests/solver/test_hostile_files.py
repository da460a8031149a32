"""Hostile input refused fast and in one line (issue 39, part two): closed or full standard
output, oversized files and options, values out of range."""

from __future__ import annotations

import gzip
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest


def run(args: list[str], home: Path, **options) -> subprocess.CompletedProcess:
    """`python -m wordle_tui ARGS` as a whole process, with its own data folder."""
    env = {**os.environ, "WORDLE_TUI_HOME": str(home)}
    options.setdefault("stdout", subprocess.PIPE)
    return subprocess.run(
        [sys.executable, "-m", "wordle_tui", *args],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        timeout=120,
        stdin=subprocess.DEVNULL,
        **options,
    )


def close_stdout() -> None:
    os.close(1)


SMALL = Path(__file__).parents[2] / "wordlists" / "wordle-answers.txt"
EXPORTS = [["history", "export"], ["history", "export", "--format", "json"], ["tree", "export"]]
EXPORTS.append(["report", "--answers", str(SMALL), "--format", "csv", "--metric", "max"])


@pytest.mark.parametrize("args", EXPORTS, ids=" ".join)
def test_an_export_to_a_closed_stdout_is_one_line(args: list[str], tmp_path: Path) -> None:
    done = run(args, tmp_path / "home", stdout=None, preexec_fn=close_stdout)
    assert done.returncode == 2, done.stderr
    assert done.stderr.endswith(  # after any progress line
        "\nwordle-tui: error: standard output is closed: nothing can be written "
        "(redirect it to a file)\n"
    ) or done.stderr.startswith("wordle-tui: error: standard output is closed")
    assert "Traceback" not in done.stderr and done.stderr.count("error") == 1
    assert not list((tmp_path / "home").glob("crash-*.log"))


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", EXPORTS[:2], ids=" ".join)
def test_an_export_to_a_full_stdout_says_standard_output(args: list[str], tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = run(args, tmp_path / "home", stdout=full)
    assert done.returncode == 2
    assert done.stderr == (
        "wordle-tui: error: cannot write to standard output: No space left on device\n"
    )


def cap_memory() -> None:
    """At most 2 GiB of address space: a regression fails, it does not eat the machine."""
    resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))


def test_mastermind_too_big_for_memory_is_refused_before_allocating(tmp_path: Path) -> None:
    started = time.monotonic()
    args = ["mastermind", "solve", "--colours", "9", "--pegs", "8"]
    done = run(args, tmp_path / "home", preexec_fn=cap_memory)
    assert done.returncode == 2
    assert done.stderr.startswith(
        "wordle-tui: error: Mastermind with 9 colours and 8 pegs (43,046,721 codes) needs "
    )
    assert "GiB" in done.stderr and done.stderr.count("\n") == 1
    assert time.monotonic() - started < 30


def long_key_tree(path: Path) -> None:
    """A tree whose one reply is 150,000 characters (reading it was quadratic)."""
    path.write_text(json.dumps({"format": 1, "tree": {"g": "salet", "b": {"G" * 150_000: "x"}}}))


def long_guess_tree(path: Path) -> None:
    """A tree whose guess is 5 MB: once quoted whole in the message."""
    path.write_text(json.dumps({"format": 1, "tree": {"g": "a" * 5_000_000, "b": {}}}))


def many_leaves_tree(path: Path) -> None:
    """Eight million branches in under 100 kB of gzip (once 29-49 s and 1.9 GB)."""
    with gzip.open(path, "wb", compresslevel=1) as out:
        out.write(b'{"format":1,"tree":{"g":"salet","b":{')
        for _ in range(80):
            out.write(b'"G":"a",' * 100_000)
        out.write(b'"G":"a"}}}')


@pytest.mark.parametrize(
    ("make", "name", "phrase"),
    [
        (long_key_tree, "key.json", "a reply or word of 150,000 characters; at most 64"),
        (long_guess_tree, "guess.json", "a reply or word of 5,000,000 characters; at most 64"),
        (many_leaves_tree, "many.json.gz", "more than 2,000,000 branches"),
    ],
    ids=["long-key", "long-guess", "many-leaves"],
)
def test_a_hostile_tree_file_is_refused_fast(make, name: str, phrase: str, tmp_path: Path) -> None:
    make(tmp_path / name)
    started = time.monotonic()
    args = ["tree", "show", "-s", f"tree:{tmp_path / name}"]
    done = run(args, tmp_path / "home", preexec_fn=cap_memory)
    assert done.returncode == 2
    assert done.stderr == f"wordle-tui: error: {tmp_path / name}: not a tree file ({phrase})\n"
    assert time.monotonic() - started < 30


def test_a_tree_file_of_the_wrong_shape_is_named(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text(json.dumps({"format": 1, "tree": {"g": 5}}))
    done = run(["tree", "show", "-s", f"tree:{tmp_path / 'bad.json'}"], tmp_path / "home")
    assert done.returncode == 2
    assert done.stderr.startswith(f"wordle-tui: error: {tmp_path / 'bad.json'}: every node needs")


def test_the_whole_matrix_is_scored_in_place_never_copied() -> None:
    import numpy as np

    from wordle_tui.solver.matrix import rows_for

    matrix = np.arange(12, dtype=np.uint8).reshape(3, 4)
    every = rows_for(matrix, np.arange(3), np.arange(4))
    assert every is matrix  # a 100,000-word list's 9.3 GiB matrix was copied here
    some = rows_for(matrix, np.arange(3), np.array([3, 1]))
    assert some.tolist() == [[3, 1], [7, 5], [11, 9]]


def test_rows_for_takes_any_pool_and_targets_in_their_order() -> None:
    import numpy as np

    from wordle_tui.solver import matrix as matrices

    rng = np.random.default_rng(1)
    matrix = rng.integers(0, 243, size=(40, 30), dtype=np.uint8)
    for pool_size in (40, 30, 10, 9, 1):  # every guess, most of them (taken), few (indexed)
        for _ in range(5):
            pool = rng.permutation(40)[:pool_size]
            targets = rng.permutation(30)[: rng.integers(1, 31)]
            found = matrices.rows_for(matrix, pool, targets)
            assert np.array_equal(found, matrix[np.ix_(pool, targets)])


def test_the_assistant_counts_its_scoring_before_building_the_matrix(monkeypatch) -> None:
    from wordle_tui.solver import memory
    from wordle_tui.solver.assistant.engine import Assistant
    from wordle_tui.solver.listsets import load_set
    from wordle_tui.solver.matrix import matrix_bytes
    from wordle_tui.solver.memory import TooBigError

    lists = load_set("classic")
    just_the_matrix = matrix_bytes(len(lists.guesses), len(lists.answers))
    monkeypatch.setattr(memory, "memory_limit", lambda: just_the_matrix + 1)
    with pytest.raises(TooBigError, match="12,972 guesses × 2,309 answers, and its scoring, needs"):
        Assistant(prior="uniform", lists=lists)


@pytest.mark.parametrize("policy", ["consistent", "all"])
def test_a_tree_scores_its_guesses_a_block_at_a_time(policy: str, monkeypatch) -> None:
    import numpy as np

    from wordle_tui.solver import make_game, tree

    game = make_game("wordle")
    targets = np.arange(len(game.targets))
    whole = tree.Solver(game, "neg_entropy", policy).best_guess(targets)
    copied: list[int] = []
    rows_for = tree.rows_for

    def counted(matrix, pool, chosen):
        codes = rows_for(matrix, pool, chosen)
        if codes is not matrix:
            copied.append(codes.size)
        return codes

    monkeypatch.setattr(tree, "rows_for", counted)
    monkeypatch.setattr(tree, "BLOCK_CELLS", 300 * len(game.targets))
    assert tree.Solver(game, "neg_entropy", policy).best_guess(targets) == whole
    assert copied and max(copied) <= 300 * len(game.targets)
