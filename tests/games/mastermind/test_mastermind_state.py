"""The optimum's search kept between runs (`--resume`), and its tree saved and checked."""

from __future__ import annotations

import gzip
import json
import math
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.games.mastermind.solver import make_mastermind
from wordle_tui.games.mastermind.solver import state as state_module
from wordle_tui.games.mastermind.solver.search import UNBOUNDED, OptimalSearch
from wordle_tui.games.mastermind.solver.state import (
    SAVE_FROM,
    _checked,
    load_memo,
    save_memo,
    state_path,
)
from wordle_tui.games.mastermind.solver.strategies import solve
from wordle_tui.solver.search.shared import SearchInterrupted

runner = CliRunner()
STANDARD = 5625  # Koyama and Lai's optimum of 6 colours x 4 pegs


class StopAfter:
    """A cancel callback that asks the search to stop on the search thread's `calls`-th
    question (the thread watching the clock asks too, as often as time allows: not counted)."""

    def __init__(self, calls: float = math.inf) -> None:
        self.calls, self.asked = calls, 0

    def __call__(self) -> bool:
        if threading.current_thread().name == "mastermind-optimum":
            self.asked += 1
        return self.asked > self.calls


def test_the_memo_comes_back_as_it_was_saved(home: Path) -> None:
    search = OptimalSearch(make_mastermind(6, 4), UNBOUNDED)
    search.solve()
    path = state_path(6, 4, UNBOUNDED)
    saved = save_memo(path, search.memo, 1296, search.first_order)
    back = load_memo(path, 1296)
    assert back is not None and len(back.memo) == saved > 0
    kept = {k: v for k, v in search.memo.items() if len(k) >= 4 * SAVE_FROM}
    assert back.memo == kept and back.firsts == search.first_order
    assert len(back.firsts) == 5  # 1111, 1112, 1122, 1123, 1234
    entries = back.memo.values()
    assert any(entry[1] for entry in entries) and any(not entry[1] for entry in entries)


def test_a_stopped_search_resumed_finds_the_optimum_with_less_work(home: Path) -> None:
    counting = StopAfter()
    fresh = solve("optimal", 6, 4, cancel=counting)
    assert fresh.proven and fresh.total == STANDARD and counting.asked > 10
    state_path(6, 4, UNBOUNDED).unlink()
    with pytest.raises(SearchInterrupted):
        solve("optimal", 6, 4, cancel=StopAfter(counting.asked // 2))
    resumed = solve("optimal", 6, 4, resume=True)
    assert resumed.resumed > 0 and resumed.proven and resumed.total == STANDARD
    assert resumed.nodes < fresh.nodes
    again = solve("optimal", 6, 4, resume=True)  # a finished search resumed: little left
    assert again.total == STANDARD and again.nodes < resumed.nodes


def test_a_damaged_or_foreign_state_is_not_used(home: Path) -> None:
    solve("optimal", 4, 4)
    path = state_path(4, 4, UNBOUNDED)
    assert load_memo(path, 256) is not None
    assert load_memo(path, 257) is None  # a file of another size of game
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF  # the signature no longer holds
    path.write_bytes(bytes(data))
    assert load_memo(path, 256) is None
    result = solve("optimal", 4, 4, resume=True)
    assert result.resumed == 0 and result.proven and result.total == 905


def _arrays(values: list[float], guesses: list[int], codes: int = 1296) -> dict:
    keys = [np.arange(i, i + SAVE_FROM, dtype=np.int32).tobytes() for i in range(len(values))]
    return {
        "format": np.array([state_module.FORMAT, codes], dtype=np.int64),
        "lengths": np.array([len(k) for k in keys], dtype=np.int64),
        "keys": np.frombuffer(b"".join(keys), dtype=np.uint8),
        "values": np.array(values, dtype=np.float64),
        "exact": np.array([True] * len(values)),
        "guesses": np.array(guesses, dtype=np.int32),
        "firsts": np.array([0, 1], dtype=np.int32),
    }


def test_only_entries_a_search_can_write_are_taken() -> None:
    good = _checked(_arrays([2 * SAVE_FROM - 1, math.inf], [5, -1]), 1296)
    assert good is not None and len(good.memo) == 2 and good.firsts == [0, 1]
    too_small = 2 * SAVE_FROM - 2  # fewer guesses than n codes can take
    assert _checked(_arrays([too_small], [5]), 1296) is None
    assert _checked(_arrays([100.5], [5]), 1296) is None  # not a whole number
    assert _checked(_arrays([math.nan], [5]), 1296) is None
    assert _checked(_arrays([100], [1296]), 1296) is None  # not a code of the game
    assert _checked(_arrays([100], [5], codes=10), 1296) is None  # another game's file
    unordered = _arrays([100], [5])
    unordered["keys"] = unordered["keys"][::-1].copy()  # codes out of order, or not codes
    assert _checked(unordered, 1296) is None
    repeated = _arrays([100], [5])
    repeated["firsts"] = np.array([1, 1], dtype=np.int32)
    assert _checked(repeated, 1296) is None
    missing = _arrays([100], [5])
    del missing["exact"]
    assert _checked(missing, 1296) is None


def test_solve_out_then_check_every_code(tmp_path: Path, home: Path) -> None:
    tree = tmp_path / "tree.json.gz"
    args = ["mastermind", "solve", "--strategy", "optimal", "--colours", "4", "--pegs", "3"]
    result = runner.invoke(app, [*args, "--out", str(tree), "--json"])
    assert result.exit_code == 0, result.output
    solved = json.loads(result.stdout)
    assert solved["out"] == str(tree) and solved["saved"] >= 0
    checked = runner.invoke(app, ["mastermind", "check", str(tree), "--json"])
    assert checked.exit_code == 0, checked.output
    data = json.loads(checked.stdout)
    assert (data["codes"], data["total"], data["worst"]) == (64, solved["total"], solved["worst"])
    assert data["histogram"] == solved["histogram"] and data["proven"] is True


def test_check_refuses_a_tree_that_misses_a_code_or_lies_about_its_total(
    tmp_path: Path, home: Path
) -> None:
    tree = tmp_path / "tree.json.gz"
    args = ["mastermind", "solve", "--colours", "3", "--pegs", "2", "--out", str(tree)]
    assert runner.invoke(app, args).exit_code == 0
    data = json.loads(gzip.decompress(tree.read_bytes()))
    lying = tmp_path / "lying.json"
    lying.write_text(json.dumps({**data, "total": data["total"] - 1}))
    result = runner.invoke(app, ["mastermind", "check", str(lying)])
    assert result.exit_code == 2 and "its tree takes" in result.stderr
    first = data["tree"]["g"]
    broken = {**data, "tree": {**data["tree"], "g": "33" if first != "33" else "11"}}
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(broken))
    result = runner.invoke(app, ["mastermind", "check", str(bad)])
    assert result.exit_code == 2 and "broken" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(data["tree"]))  # a tree with no figures: the size is asked
    result = runner.invoke(app, ["mastermind", "check", str(bare)])
    assert result.exit_code == 2 and "--colours" in result.stderr
    sized = ["mastermind", "check", str(bare), "--colours", "3", "--pegs", "2"]
    assert runner.invoke(app, sized).exit_code == 0


def test_resume_is_for_the_optimum_and_says_when_nothing_was_saved(home: Path) -> None:
    knuth = runner.invoke(app, ["mastermind", "solve", "--resume"])
    assert knuth.exit_code == 2 and "knuth" in knuth.stderr
    args = ["mastermind", "solve", "--strategy", "optimal", "--colours", "3", "--pegs", "3"]
    first = runner.invoke(app, [*args, "--resume", "--json"])
    assert first.exit_code == 0 and "nothing saved to resume" in first.stderr
    assert json.loads(first.stdout)["resumed"] == 0


def test_kill_saves_the_search_as_ctrl_c_does(tmp_path: Path) -> None:
    """SIGTERM (`kill`, a shutdown) during the optimum's search: one line, exit 130, and the
    search saved for `--resume`, not lost since its last save."""
    command = [sys.executable, "-m", "wordle_tui", "mastermind", "solve", "--strategy"]
    env = {**os.environ, "WORDLE_TUI_HOME": str(tmp_path), "PYTHONFAULTHANDLER": "1"}
    busy = subprocess.Popen(
        [*command, "optimal", "--colours", "7", "--pegs", "4"],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(busy.stderr or ()), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and busy.poll() is None:
            if any("settled" in line and "quick tree" not in line for line in lines):
                break  # the quick tree is built: the search is under way
            time.sleep(0.1)
        assert busy.poll() is None, "".join(lines)
        time.sleep(1)
        busy.terminate()
        busy.wait(timeout=60)
        reader.join(timeout=10)
    finally:
        busy.kill()
    assert busy.returncode == 130, "".join(lines)
    assert lines[-1] == "wordle-tui: interrupted\n" and "Traceback" not in "".join(lines)
    assert list(tmp_path.glob("cache/mastermind-search-7x4-*.npz"))
