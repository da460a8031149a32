"""Bad invocations of the command line: a clear line, the right exit code, never a traceback.

Each row of `CASES` was once seen to traceback, hang or mislead. Rows run through typer's
CliRunner, and the `process` rows also as a whole `python -m wordle_tui` process (with a cap
on its memory, so a regression cannot eat the machine). Word lists are small files made in
tmp_path, so each row takes well under a second.
"""

from __future__ import annotations

import io
import json
import os
import re
import resource
import signal
import sqlite3
import stat
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from wordle_tui.cli import app, common
from wordle_tui.cli.common import LazyProgress
from wordle_tui.solver import games

runner = CliRunner()
WORDS = Path(__file__).parents[2].joinpath("wordlists", "wordle-answers.txt").read_text().split()
MEMORY_CAP = 4 * 2**30  # bytes of address space for a whole-process row


@dataclass(frozen=True)
class Case:
    """A bad invocation: its arguments ({tmp} is the test's folder), exit code and message."""

    args: tuple[str, ...]
    code: int
    phrase: str  # a regular expression searched in stderr (stdout when the code is 0)
    usage: bool = False  # a click usage error: its usual three lines, not one
    process: bool = False  # also run as a whole process
    runner: bool = True  # run through CliRunner (not for rows that could eat the memory)


def case(*args: str, code: int = 2, phrase: str, **options) -> Case:
    return Case(args, code, phrase, **options)


SMALL = ("--answers", "{tmp}/small.txt", "--guess-list", "{tmp}/guesses.txt")
SEVEN_ROWS = ("raise:.....", "clout:.....", "dingy:.....", "humph:.....", "vozhd:.....")
SEVEN_ROWS += ("jumpy:.....", "fjord:.....")
BOUND = r"(greater|less) than or equal to|not in the range|x[<>]="

# fmt: off
CASES = {
    # A negative seed is refused (it once reached numpy's seeding as a traceback).
    "report-negative-seed": case(
        "report", "--seed", "-1", phrase=r"--seed", usage=True, process=True
    ),
    "play-out-negative-seed": case(
        "play-out", "hello", "--seed", "-1", phrase="--seed", usage=True
    ),
    "play-negative-seed": case("play", "wordle", "--seed", "-1", phrase="--seed", usage=True),
    # Counts have bounds: --top-k -3 never ended, --top-k 0 was silently the default.
    "openers-negative-top-k": case("openers", "--top-k", "-3", phrase=BOUND, usage=True),
    "openers-zero-top-k": case("openers", "--top-k", "0", phrase=BOUND, usage=True),
    "openers-zero-tried": case("openers", "--tried", "0", phrase=BOUND, usage=True),
    "openers-huge-tried": case("openers", "--tried", "100000", phrase=BOUND, usage=True),
    "openers-zero-count": case("openers", "--count", "0", phrase=BOUND, usage=True),
    "solve-zero-top-k": case("solve", "--top-k", "0", phrase=BOUND, usage=True),
    "solve-zero-root-k": case("solve", "--root-k", "0", phrase=BOUND, usage=True),
    "solve-huge-top-k": case("solve", "--top-k", "5000", phrase=BOUND, usage=True),
    "suggest-zero-top": case("suggest", "--top", "0", phrase=BOUND, usage=True),
    "suggest-huge-top": case("suggest", "--top", "101", phrase=BOUND, usage=True),
    # --data-dir "" wrote into the current folder; a file as --data-dir was a FileExistsError.
    "data-dir-empty": case(
        "--data-dir", "", "report", *SMALL, phrase="--data-dir is empty", process=True
    ),
    "data-dir-blank": case("--data-dir", "  ", "stats", phrase="--data-dir is empty"),
    "data-dir-a-file": case(
        "--data-dir", "{tmp}/afile", "stats", phrase="is a file, not a folder"
    ),
    # ~nosuchuser was pathlib's RuntimeError: an internal error, its log in the default folder.
    "data-dir-no-such-user": case(
        "--data-dir", "~nosuchuser/x", "stats", process=True,
        phrase=r"^wordle-tui: error: --data-dir ~nosuchuser/x cannot be used: there is no "
        r"user 'nosuchuser' on this machine\.$",
    ),
    # solve --out is checked before the search (which it used to lose, or replace /dev/full).
    "solve-out-no-folder": case(
        "solve", *SMALL, "--out", "{tmp}/nowhere/tree.json.gz", phrase="does not exist"
    ),
    "solve-out-a-directory": case("solve", *SMALL, "--out", "{tmp}/adir", phrase="a directory"),
    "solve-out-a-fifo": case("solve", *SMALL, "--out", "{tmp}/fifo", phrase="named pipe"),
    "solve-out-dev-null": case(
        "solve", *SMALL, "--out", "/dev/null", phrase="is a device", process=True
    ),
    # play ghost --words was ignored; a missing file is now refused before the app opens.
    "play-ghost-missing-words": case(
        "play", "ghost", "--words", "{tmp}/missing.txt", phrase="no such word list file"
    ),
    # play ghost --min-length 9 played with 3, quietly.
    "play-ghost-min-length-9": case(
        "play", "ghost", "--min-length", "9", phrase=r"--min-length must be from 1 to 8 .*not 9"
    ),
    "play-ghost-min-length-0": case(
        "play", "ghost", "--min-length", "0", phrase=r"--min-length must be from 1 to 8 .*not 0"
    ),
    "play-words-not-ghost": case(
        "play", "wordle", "--words", "{tmp}/small.txt", phrase="--words applies to ghost"
    ),
    # A seventh row in suggest.
    # suggest --answers with the default (nyt) prior ignored the file; an explicit one is refused.
    "suggest-answers-prior-nyt": case(
        "suggest", "--answers", "{tmp}/one.txt", "--prior", "nyt", phrase="would ignore --answers"
    ),
    "suggest-answers-prior-frequency": case(
        "suggest", "--answers", "{tmp}/one.txt", "--prior", "FREQUENCY",
        phrase="--prior frequency weighs every allowed guess",
    ),
    "suggest-seven-rows": case("suggest", *SEVEN_ROWS, phrase="Wordle has six rows"),
    # Word lists and tree files (the reading is the solver's; the message the boundary's).
    "one-word-answers": pytest.param(
        case("solve", "--answers", "{tmp}/one.txt", "--guess-list", "{tmp}/guesses.txt", code=0,
             phrase=r"over 1 targets"),
    ),
    "jotto-no-valid-words": pytest.param(
        case("report", "--game", "jotto", "--answers", "{tmp}/repeats.txt",
             phrase=r"(?i)different letters|repeated|no (valid |usable )?words?|empty"),
    ),
    "byte-order-mark-is-accepted": case(
        "report", "--answers", "{tmp}/bom.txt", "--guess-list", "{tmp}/guesses.txt",
        "--metric", "max", code=0, phrase="first guess",
    ),
    "fifo-as-answers": case(
        "report", "--answers", "{tmp}/fifo", phrase=r"(?i)named pipe|fifo|not a regular file"
    ),
    "deeply-nested-tree-file": case(
        "report", "--strategy", "tree:{tmp}/deep.json", phrase=r"(?i)nested|too deep"
    ),
    "huge-word-lists": case(
        "report", "--answers", "{tmp}/big.txt", "--guess-list", "{tmp}/big.txt",
        phrase=r"[0-9.,]+ ?[GMT]i?B", process=True, runner=False,
    ),
    "missing-answers-file": case(
        "report", "--answers", "{tmp}/missing.txt", phrase="no such word list file", process=True
    ),
    "unknown-command": case("chess", phrase="No such command", usage=True, process=True),
}
# fmt: on


def fake_words(count: int) -> list[str]:
    """`count` different five-letter strings (aaaaa, aaaab, ...)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return ["".join(letters[n // 26**p % 26] for p in (4, 3, 2, 1, 0)) for n in range(count)]


def make_files(tmp: Path, args: tuple[str, ...]) -> None:
    """The files the rows name; the big ones only when a row needs them."""
    (tmp / "small.txt").write_text("\n".join(WORDS[:30]) + "\n")
    (tmp / "guesses.txt").write_text("\n".join(WORDS[:45]) + "\n")
    (tmp / "one.txt").write_text(WORDS[0] + "\n")
    (tmp / "repeats.txt").write_text("hello\nllama\nsassy\nteeth\n")
    (tmp / "bom.txt").write_bytes(("\ufeff" + "\n".join(WORDS[:20]) + "\n").encode())
    (tmp / "afile").write_text("not a folder\n")
    (tmp / "adir").mkdir(exist_ok=True)
    if not (tmp / "fifo").exists():
        os.mkfifo(tmp / "fifo")
    joined = " ".join(args)
    if "deep.json" in joined:
        (tmp / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    if "big.txt" in joined:
        (tmp / "big.txt").write_text("\n".join(fake_words(200_000)) + "\n")


def filled(args: tuple[str, ...], tmp: Path) -> list[str]:
    return [a.replace("{tmp}", str(tmp)) for a in args]


def check(row: Case, code: int, stdout: str, stderr: str) -> None:
    assert code == row.code, stdout + stderr
    assert "Traceback" not in stdout + stderr
    shown = stdout if row.code == 0 else stderr
    assert re.search(row.phrase, shown), shown
    if row.code != 0 and not row.usage:
        assert len(stderr.strip().splitlines()) == 1, stderr
        assert stderr.startswith("wordle-tui: error: "), stderr


def untouched(tmp: Path) -> None:
    """The --out targets that must never be replaced are as they were."""
    assert stat.S_ISFIFO(os.stat(tmp / "fifo").st_mode)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert (tmp / "adir").is_dir()
    assert not list(tmp.glob("*.tmp")) and not list(tmp.glob(".*.tmp"))
    assert not (tmp / "nowhere").exists() and not (tmp / "cache").exists()


@pytest.fixture
def opened(monkeypatch) -> list:
    """The requests the app would have opened (the app itself is not run)."""
    import wordle_tui.ui.app as ui

    requests: list = []
    monkeypatch.setattr(ui, "run_app", lambda request=None, lists=None: requests.append(request))
    return requests


RUNNER_CASES = {name: row for name, row in CASES.items() if not isinstance(row, Case) or row.runner}


@pytest.mark.parametrize("row", RUNNER_CASES.values(), ids=RUNNER_CASES.keys())
def test_bad_invocation(row: Case, tmp_path: Path, home: Path, opened: list) -> None:
    make_files(tmp_path, row.args)
    started = time.monotonic()
    result = runner.invoke(app, filled(row.args, tmp_path))
    check(row, result.exit_code, result.stdout, result.stderr)
    assert time.monotonic() - started < 30
    assert opened == [] or row.code == 0
    untouched(tmp_path)


def cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run_process(args: list[str], home: Path, **options) -> subprocess.CompletedProcess:
    env = {**os.environ, "WORDLE_TUI_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "wordle_tui", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        stdin=subprocess.DEVNULL,
        preexec_fn=cap_memory,
        **options,
    )


PROCESS_CASES = {name: row for name, row in CASES.items() if isinstance(row, Case) and row.process}


@pytest.mark.parametrize("row", PROCESS_CASES.values(), ids=PROCESS_CASES.keys())
def test_bad_invocation_as_a_whole_process(row: Case, tmp_path: Path) -> None:
    make_files(tmp_path, row.args)
    started = time.monotonic()
    done = run_process(filled(row.args, tmp_path), tmp_path / "home", cwd=tmp_path)
    check(row, done.returncode, done.stdout, done.stderr)
    assert time.monotonic() - started < 60
    untouched(tmp_path)


@pytest.mark.parametrize("args", [["stats"], [], ["play", "wordle"]])
def test_a_home_variable_naming_no_user_is_one_line_and_no_crash_log(
    tmp_path: Path, monkeypatch, opened: list, args: list[str]
) -> None:
    monkeypatch.setenv("WORDLE_TUI_HOME", "~nosuchuser/x")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and opened == []
    assert result.stderr == (
        "wordle-tui: error: WORDLE_TUI_HOME ~nosuchuser/x cannot be used: "
        "there is no user 'nosuchuser' on this machine.\n"
    )
    assert list(tmp_path.iterdir()) == []  # no folder named '~nosuchuser' made here


def test_suggest_uses_its_answers_file_with_the_default_prior(tmp_path: Path) -> None:
    make_files(tmp_path, ())
    result = runner.invoke(app, ["suggest", "--answers", str(tmp_path / "one.txt"), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["prior"], data["candidate_words"]) == ("uniform", [WORDS[0]])


def test_play_ghost_passes_its_word_list(tmp_path: Path, opened: list) -> None:
    words = tmp_path / "ghost.txt"
    words.write_text("cat\ncats\ndog\n")
    result = runner.invoke(app, ["play", "ghost", "--words", str(words), "--min-length", "3"])
    assert result.exit_code == 0, result.output
    assert [(r.game, r.words, r.min_length) for r in opened] == [("ghost", str(words), 3)]


def test_a_good_out_file_is_written_whole(tmp_path: Path, home: Path) -> None:
    make_files(tmp_path, ())
    tree = tmp_path / "tree.json.gz"
    tree.write_text("an old tree")
    result = runner.invoke(app, ["solve", *filled(SMALL, tmp_path), "--out", str(tree)])
    assert result.exit_code == 0, result.output
    assert tree.read_bytes()[:2] == b"\x1f\x8b"
    assert not list(tmp_path.glob(".*tmp*")) and not list(tmp_path.glob("*.tmp"))
    assert f"saved to {tree}" in result.stdout


# The boundary itself: each kind of error, raised where the engine would raise it.


def raising(error: BaseException):
    def fake(*args, **kwargs):
        raise error

    return fake


@pytest.mark.parametrize(
    ("error", "code", "phrase"),
    [
        (MemoryError(), 2, "error: out of memory: the word lists are too big"),
        (RecursionError("maximum recursion depth exceeded"), 2, "nested too deeply"),
        (PermissionError(13, "Permission denied", "/x/answers.txt"), 2, "/x/answers.txt: Perm"),
        (ValueError("the engine says no"), 2, "error: the engine says no"),
        (sqlite3.OperationalError("database is locked"), 2, "database is locked"),
        (KeyboardInterrupt(), 130, "wordle-tui: interrupted"),
    ],
    ids=["memory", "recursion", "os-error", "value-error", "sqlite", "ctrl-c"],
)
def test_the_boundary_gives_one_line(monkeypatch, home: Path, error, code, phrase) -> None:
    monkeypatch.setattr(games, "make_game", raising(error))
    result = runner.invoke(app, ["report", "--game", "jotto"])
    assert result.exit_code == code
    assert phrase in result.stderr and "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_a_database_error_in_stats(monkeypatch, home: Path) -> None:
    import wordle_tui.history as history

    monkeypatch.setattr(history, "History", raising(sqlite3.DatabaseError("disk image bad")))
    result = runner.invoke(app, ["stats"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "wordle-tui: error: the history database cannot be used: disk image bad"
    )


def test_a_bug_is_logged_and_exits_1(monkeypatch, home: Path) -> None:
    monkeypatch.setattr(games, "make_game", raising(RuntimeError("a deliberate bug")))
    result = runner.invoke(app, ["report"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    (log,) = home.glob("crash-*.log")
    assert result.stderr.strip() == (
        f"wordle-tui: internal error: RuntimeError: a deliberate bug; details in {log}"
    )
    assert "Traceback" in log.read_text() and "a deliberate bug" in log.read_text()


def test_a_bug_in_the_real_process_is_logged(tmp_path: Path) -> None:
    script = textwrap.dedent(
        """
        import sys
        from wordle_tui.cli import main
        from wordle_tui.solver import games
        def broken(*args, **kwargs):
            raise RuntimeError("a deliberate bug")
        games.make_game = broken
        sys.argv = ["wordle-tui", "report", "--game", "jotto"]
        main()
        """
    )
    env = {**os.environ, "WORDLE_TUI_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    (log,) = tmp_path.glob("crash-*.log")
    assert done.stderr.splitlines() == [
        f"wordle-tui: internal error: RuntimeError: a deliberate bug; details in {log}"
    ]


def test_a_crash_log_goes_to_the_temp_folder_when_the_data_folder_fails(
    monkeypatch, tmp_path: Path
) -> None:
    blocked = tmp_path / "afile"
    blocked.write_text("a file where the data folder should be")
    monkeypatch.setenv("WORDLE_TUI_HOME", str(blocked))
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    monkeypatch.setattr(games, "make_game", raising(RuntimeError("a deliberate bug")))
    result = runner.invoke(app, ["report"])
    assert result.exit_code == 1
    (log,) = (tmp_path / "tmp").glob("crash-*.log")
    assert f"details in {log}" in result.stderr


# Ctrl-C in a long command: one line, exit code 130.


@pytest.mark.parametrize("args", [["solve", "--mode", "hard"], ["openers"]], ids=" ".join)
def test_ctrl_c_prints_one_line_and_exits_130(tmp_path: Path, args: list[str]) -> None:
    # a crash prints where it happened (the assertion shows stderr)
    env = {**os.environ, "WORDLE_TUI_HOME": str(tmp_path), "PYTHONFAULTHANDLER": "1"}
    busy = subprocess.Popen(
        [sys.executable, "-m", "wordle_tui", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as at a terminal
    )
    try:
        deadline = time.monotonic() + 60  # the reply table is built: the search is under way
        while not list(tmp_path.glob("cache/replies-*.npy")) and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1.5)
        if busy.poll() is not None:
            stdout, stderr = busy.communicate()
            pytest.fail(f"the command ended before Ctrl-C ({busy.returncode}): {stderr}{stdout}")
        busy.send_signal(signal.SIGINT)
        stdout, stderr = busy.communicate(timeout=30)
    finally:
        busy.kill()
    assert busy.returncode == 130, stderr
    assert stderr.strip() == "wordle-tui: interrupted" and stdout == ""


# Progress on stderr when it is not a terminal: a plain line every few seconds.


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_progress_prints_plain_lines_when_stderr_is_not_a_terminal() -> None:
    text, clock = io.StringIO(), Clock()
    console = Console(file=text, force_terminal=False, width=40)
    bar = LazyProgress("searching", delay=1, every=5, console=console, clock=clock)
    for now, done in [(0.5, 1), (1.0, 2), (3.0, 3), (6.1, 4), (7.0, 5), (11.2, 1200)]:
        clock.now = now
        bar(done, 2000)
    bar.close()
    assert text.getvalue().splitlines() == [
        "searching: 2 of 2,000",
        "searching: 4 of 2,000",
        "searching: 1,200 of 2,000",
    ]


def test_progress_is_a_bar_on_a_terminal() -> None:
    text, clock = io.StringIO(), Clock()
    console = Console(file=text, force_terminal=True, width=60)
    bar = LazyProgress("searching", delay=1, every=5, console=console, clock=clock)
    clock.now = 2
    bar(3, 10)
    assert bar.bar is not None
    bar.close()
    assert "searching: 3 of 10" not in text.getvalue()


def test_a_long_description_wraps_and_keeps_the_count_on_an_80_column_terminal() -> None:
    text, clock = io.StringIO(), Clock()
    console = Console(file=text, force_terminal=True, width=80)
    line = "mastermind 6x5: optimal: first guess 11223 (1 of 6), none below 35,391, 104,336 nodes"
    bar = LazyProgress("searching", delay=1, every=5, console=console, clock=clock)
    clock.now = 2
    bar.describe(line)
    bar(3, 10)
    assert bar.bar is not None
    drawn = Console(width=80, record=True, file=io.StringIO())
    drawn.print(bar.bar.get_renderable())
    lines = drawn.export_text().splitlines()
    bar.close()
    assert any("3/10" in row for row in lines)  # the count is not pushed off the line
    assert "104,336 nodes" in " ".join(lines)  # nor the end of the description


def test_evil_shortest_on_a_custom_list_shows_progress(
    tmp_path: Path, home: Path, monkeypatch
) -> None:
    make_files(tmp_path, ())
    monkeypatch.setattr(common, "PROGRESS_DELAY", 0.0)
    monkeypatch.setattr(common, "PROGRESS_EVERY", 0.0)
    result = runner.invoke(app, ["evil", "--shortest", *filled(SMALL, tmp_path)])
    assert result.exit_code == 0, result.output
    assert re.search(r"searching for the shortest forced win: \d+ of \d+", result.stderr)
    assert "The shortest forced win" in result.stdout
