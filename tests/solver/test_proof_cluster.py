"""A proof's openers on a Dask cluster (`solve --prove --scheduler`), against the local run.

- through a local cluster of two worker processes, `solve --prove --scheduler` reaches the
  local optimum, proven, and every opener's saved outcome agrees with the local run's (equal
  exact totals; a lower bound never above an exact total, never below the optimum);
- a proof stopped (Ctrl-C) on the cluster keeps what it proved, and resumes there to the same
  optimum, its exact totals those of the local run;
- without the extra, and with no scheduler at the address: one line, exit 2.
"""

from __future__ import annotations

import json
import math
import socket
import sys

import pytest
from test_proof import brute_force, look_alikes, ref_of
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.solver.search import cluster
from wordle_tui.solver.search.proof import proof_file, prove

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def scheduler():
    """The address of a local cluster of two single-threaded worker processes."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as local:
        yield local.scheduler_address


def saved_outcomes(game) -> dict[str, tuple[float, bool]]:
    """Each opener's outcome as the proof saved it: word -> (total or bound, exact)."""
    data = json.loads(proof_file(game, False, 6).read_text())
    return {w: (math.inf if v is None else v, e) for w, (v, e) in data["openers"].items()}


def files_of(game, folder) -> list[str]:
    answers, guesses = folder / "answers.txt", folder / "guesses.txt"
    answers.write_text("\n".join(game.targets) + "\n")
    guesses.write_text("\n".join(game.guesses) + "\n")
    return ["--answers", str(answers), "--guess-list", str(guesses)]


def test_the_cluster_reaches_the_local_optimum_opener_by_opener(home, tmp_path, scheduler):
    game = look_alikes(3, 18, 24)
    files = files_of(game, tmp_path)
    local = CliRunner().invoke(cli, ["solve", "--prove", *files, "--json"])
    assert local.exit_code == 0, local.output
    alone, here = json.loads(local.stdout), saved_outcomes(game)
    on_cluster = ["solve", "--prove", *files, "--scheduler", scheduler, "--json"]
    result = CliRunner().invoke(cli, on_cluster)
    assert result.exit_code == 0, result.output
    data, there = json.loads(result.stdout), saved_outcomes(game)
    optimum = brute_force(ref_of(game), False, 6)
    assert data["proven"] and data["total"] == alone["total"] == optimum
    assert data["scheduler"] == scheduler
    assert sum(data["settled"].values()) == data["openers"]
    assert_agree(here, there, optimum)


def assert_agree(here: dict, there: dict, optimum: float) -> int:
    """Two runs' outcomes agree opener by opener; returns how many were exact in both."""
    assert here and there
    both_exact = 0
    for word in here.keys() & there.keys():
        (a, a_exact), (b, b_exact) = here[word], there[word]
        if a_exact and b_exact:
            assert a == b, word
            both_exact += 1
        assert a >= optimum and b >= optimum, word
        assert (b <= a or not a_exact) and (a <= b or not b_exact), word
    return both_exact


def test_a_stopped_cluster_proof_keeps_what_it_proved(home, scheduler):
    game = look_alikes(10, 18, 24)
    whole = prove(game, upper=math.inf)  # from no tree: the first openers are valued exactly
    here = saved_outcomes(game)

    def stop_after_two(state):
        if len(state.known) >= 2:
            raise KeyboardInterrupt

    with cluster.Cluster.connect(scheduler) as there, pytest.raises(KeyboardInterrupt):
        prove(game, upper=math.inf, progress=stop_after_two, cluster=there)
    with cluster.Cluster.connect(scheduler) as there:
        resumed = prove(game, upper=math.inf, resume=True, cluster=there)
    assert resumed.proven and resumed.total == whole.total
    assert resumed.how["resumed"] >= 2
    assert assert_agree(here, saved_outcomes(game), whole.total) >= 1


def test_without_the_extra_scheduler_says_how_to_install_it(home, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    files = files_of(look_alikes(3, 18, 24), tmp_path)
    result = CliRunner().invoke(cli, ["solve", "--prove", *files, "--scheduler", "tcp://x:1"])
    assert result.exit_code == 2
    assert 'pip install "wordle-tui[dask]"' in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_no_scheduler_at_the_address_is_one_line(home, tmp_path, monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT_S", 1.0)
    with socket.socket() as sock:  # a port nothing listens on once it is closed
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    files = files_of(look_alikes(3, 18, 24), tmp_path)
    address = f"tcp://127.0.0.1:{port}"
    result = CliRunner().invoke(cli, ["solve", "--prove", *files, "--scheduler", address])
    assert result.exit_code == 2, result.output
    assert f"cannot reach a Dask scheduler at {address}" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    both = ["solve", "--prove", *files, "--scheduler", address, "--workers", "2"]
    refused = CliRunner().invoke(cli, both)
    assert refused.exit_code == 2 and "--workers" in refused.stderr
