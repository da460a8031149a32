"""The proof of a game's optimum (`prove`, `solve --prove`) against brute force.

- on small lists of look-alike answers (where trees need thought), in normal and hard mode,
  within six rows and within three (where no tree may exist), the proof's optimum equals a
  brute-force minimum over every tree (written here: every guess at every node, no pruning),
  both from a tree's upper bound and from none; a proven first guess reaches the optimum;
- a proof interrupted after some openers keeps them, and resuming it reaches the same optimum
  without searching them again; worker processes reach the same optimum, and end by
  themselves when the proof's process is killed; a worker's memo is cleared between openers
  once it outgrows its memory (hard-mode keys hold the legal guesses);
- `solve --prove --json` on a pair of files reports the brute-force optimum, proven.
"""

from __future__ import annotations

import json
import math
import random
import signal
import subprocess
import sys
import time
from functools import cache

import pytest
from reference_solver import Ref
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.solver import make_game
from wordle_tui.solver.games import WORDLE_RULES, Game
from wordle_tui.solver.search import proof
from wordle_tui.solver.search.proof import prove
from wordle_tui.solver.search.shared import SearchError


def brute_force(ref: Ref, hard: bool, rows: int, first: str | None = None) -> float:
    """The least total guesses over every tree within `rows` (inf if none): every guess
    tried at every node, each group searched to the end; only repeated positions are shared."""

    @cache
    def least(left: tuple[str, ...], legal: frozenset[str] | None, room: int, fixed=None):
        if room < 1:
            return math.inf
        if len(left) == 1 and fixed is None:
            return 1
        totals = [math.inf]
        for guess in [fixed] if fixed else ref.guesses if legal is None else sorted(legal):
            groups = ref.groups(guess, left)
            if len(groups) == 1 and guess not in left:
                continue  # learns nothing: the same position again, one row lower
            total = len(left)
            for code, members in groups.items():
                if code != ref.win:
                    sub = legal and frozenset(
                        w for w in legal if ref.keeps_hints(w, guess, members[0])
                    )
                    total += least(tuple(members), sub, room - 1)
            totals.append(total)
        return min(totals)

    return least(ref.targets, frozenset(ref.guesses) if hard else None, rows, first)


@cache
def look_alikes(seed: int, answers: int, extra: int) -> Game:
    """A game of `answers` answers close to one answer, and `extra` other guesses."""
    full = make_game("wordle")
    rng = random.Random(seed)
    centre = rng.choice(full.targets)
    near = sorted(full.targets, key=lambda w: (-sum(map(str.__eq__, w, centre)), w))
    chosen = sorted(near[:answers])
    guesses = sorted(set(chosen) | set(rng.sample(full.guesses, extra)))
    return Game("wordle", WORDLE_RULES, tuple(chosen), tuple(guesses))


def ref_of(game: Game) -> Ref:
    return Ref("wordle", game.targets, game.guesses)


CASES = [(seed, hard) for seed in (1, 3, 9, 10) for hard in (False, True)]


@pytest.mark.parametrize(("seed", "hard"), CASES)
def test_the_proof_equals_brute_force(seed, hard):
    game = look_alikes(seed, 14 if hard else 16, 12 if hard else 20)
    ref = ref_of(game)
    for rows in (6, 3):
        expected = brute_force(ref, hard, rows)
        for upper in (None, math.inf):  # a tree's total to beat, or none at all
            if math.isinf(expected):
                with pytest.raises(SearchError):
                    prove(game, hard, rows, save=False, upper=upper)
                continue
            report = prove(game, hard, rows, save=False, upper=upper)
            assert report.proven and report.total == expected, (rows, upper)
            assert sum(report.how.values()) == report.openers
            assert brute_force(ref, hard, rows, report.first_guess) == expected


@pytest.mark.parametrize("hard", [False, True])
def test_a_worker_forgets_its_memo_past_its_memory_between_openers(hard, monkeypatch):
    """With room for no entry, each opener starts from an empty memo: after two openers the
    memo holds what the second alone leaves, and the values are unchanged."""
    game = look_alikes(3, 14, 12)
    first, second = (proof.RootSearch(game, hard, 6) for _ in range(2))
    fresh = proof.RootSearch(game, hard, 6)
    a, b = (int(g) for g in fresh.ids[:2])
    monkeypatch.setattr(proof, "MEMO_BYTES", 1)
    small = proof.RootSearch(game, hard, 6)
    assert small.memo_limit == 0 and first.memo_limit > 0
    for guess in (a, b):  # the same values; the second opener searches more, remembering less
        assert small.value(guess, math.inf)[:2] == first.value(guess, math.inf)[:2]
    second.value(b, math.inf)
    assert small.search.memo.keys() == second.search.memo.keys()
    assert len(first.search.memo) > len(second.search.memo)


def test_an_interrupted_proof_resumes_to_the_same_optimum(home):
    game = look_alikes(10, 18, 24)
    whole = prove(game, save=False, upper=math.inf)
    seen = []

    def stop_after_three(state):
        seen.append(len(state.known))
        if len(state.known) >= 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        prove(game, upper=math.inf, progress=stop_after_three)
    resumed = prove(game, upper=math.inf, resume=True)
    assert resumed.proven and resumed.total == whole.total == brute_force(ref_of(game), False, 6)
    assert resumed.how["resumed"] == 3
    again = prove(game, upper=math.inf, resume=True)  # everything settled is read back
    assert again.total == whole.total and again.nodes == 0


def test_worker_processes_reach_the_same_optimum(home):
    game = look_alikes(3, 18, 24)
    alone = prove(game, save=False, upper=math.inf)
    shared = prove(game, save=False, upper=math.inf, workers=2)
    assert shared.proven and shared.total == alone.total == brute_force(ref_of(game), False, 6)
    assert sum(shared.how.values()) == shared.openers


WORKERS_OF_A_KILLED_PROOF = """
import os, time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from wordle_tui.solver import make_game
from wordle_tui.solver.games import Game
from wordle_tui.solver.search import proof
full = make_game("wordle")
game = Game("wordle", full.rules, full.targets[:30], full.targets[:60])
context = get_context("spawn")
args = (game, False, 6, context.Event())
pool = ProcessPoolExecutor(2, context, initializer=proof._start_worker, initargs=args)
futures = [pool.submit(time.sleep, 0.2) for _ in range(4)]
[f.result() for f in futures]
print(" ".join(str(p) for p in pool._processes), flush=True)
time.sleep(600)
"""


def test_workers_end_when_the_proof_is_killed(home):
    """A proof killed outright (no Ctrl-C to pass on) leaves no worker searching on."""
    parent = subprocess.Popen(
        [sys.executable, "-c", WORKERS_OF_A_KILLED_PROOF], stdout=subprocess.PIPE, text=True
    )
    try:
        workers = [int(p) for p in parent.stdout.readline().split()]
        assert len(workers) == 2 and all(alive(p) for p in workers)
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    deadline = time.monotonic() + 30
    while any(alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(p) for p in workers)


def alive(pid: int) -> bool:
    """Whether process `pid` is running (a zombie, ended but not reaped, is not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_solve_prove_json_reports_the_brute_force_optimum(home, tmp_path):
    game = look_alikes(9, 16, 20)
    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    answers.write_text("\n".join(game.targets) + "\n")
    guesses.write_text("\n".join(game.guesses) + "\n")
    files = ["--answers", str(answers), "--guess-list", str(guesses)]
    result = CliRunner().invoke(cli, ["solve", "--prove", *files, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["proven"] and data["total"] == brute_force(ref_of(game), False, 6)
    assert data["answers"] == len(game.targets) and data["openers"] == sum(data["settled"].values())
    refused = CliRunner().invoke(cli, ["solve", "crane:..G..", "--prove", *files])
    assert refused.exit_code == 2 and "--prove is for the whole game" in refused.stderr
