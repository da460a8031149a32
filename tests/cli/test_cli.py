"""The command line: reports as text and JSON, clean errors, and the data folder option."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_report_json_has_the_documented_keys() -> None:
    result = run("report", "--game", "wordle", "--metric", "max", "--guesses", "norvig", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in (
        "game",
        "metric",
        "guesses",
        "targets",
        "first_guess",
        "mean",
        "median",
        "stdev",
        "worst",
        "best",
        "histogram",
    ):
        assert key in data
    assert (data["first_guess"], data["targets"], data["worst"]) == ("raise", 2309, 6)
    assert round(data["mean"], 2) == 3.55  # the notebooks' a-z ties: ARISE, 3.64
    assert sum(data["histogram"].values()) == 2309
    assert all(int(k) >= 1 for k in data["histogram"])


def test_report_text_shows_summary_cumulative_and_histogram() -> None:
    result = run("report", "--game", "antiwordle")
    assert result.exit_code == 0, result.output
    assert 'first guess: "FUZZY"' in result.stdout
    assert "mean: 5.75" in result.stdout and "worst: 11" in result.stdout
    assert "cumulative: ≤2:1%" in result.stdout
    assert "█" in result.stdout


def test_report_random_guesser_is_seeded() -> None:
    first = json.loads(run("report", "--metric", "random", "--seed", "5", "--json").stdout)
    again = json.loads(run("report", "--metric", "random", "--seed", "5", "--json").stdout)
    assert first == again and first["first_guess"] is None


def test_first_guesses_json_and_table() -> None:
    result = run("first-guesses", "--top", "2", "--worst", "1", "--json")
    data = json.loads(result.stdout)
    assert [r["word"] for r in data["best"]["max"]] == ["arise", "raise"]
    assert data["best"]["entropy"][0]["word"] == "raise"
    assert round(data["best"]["entropy"][0]["score"], 3) == 5.878
    assert data["worst"]["max"] == [{"word": "fuzzy", "score": 1349}]
    table = run("first-guesses", "--game", "jotto", "--top", "3", "--worst", "2")
    assert table.exit_code == 0 and "DRAPE" in table.stdout and "AXIOM" in table.stdout


def test_evil_prints_the_seeds_path() -> None:
    data = json.loads(run("evil", "--json").stdout)
    assert [step["guess"] for step in data["path"]] == ["arise", "blond", "dumpy", "chump", "thump"]
    assert data["length"] == 5
    text = run("evil").stdout
    assert "DUMPY  .YYY." in text and "5 guesses" in text


def test_play_out_shows_each_guess_and_what_is_left() -> None:
    result = run("play-out", "hello", "--metric", "max", "--guesses", "norvig")
    assert result.exit_code == 0
    lines = [line for line in result.stdout.splitlines() if line[:1].isdigit()]
    assert lines[0].startswith("1. RAISE  ....Y  120 left")
    assert lines[-1].endswith("GGGGG  1 left") and "HELLO" in lines[-1]
    data = json.loads(run("play-out", "south", "--game", "jotto", "--json").stdout)
    assert data["steps"][-1] == {"guess": "south", "reply": "5", "remaining": 1}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["report", "--game", "chess"], "unknown game 'chess'"),
        (["report", "--metric", "median"], "unknown metric 'median'"),
        (["report", "--guesses", "any"], "unknown guess policy 'any'"),
        (["report", "--answers", "/no/such/file.txt"], "no such word list file"),
        (["play-out", "zzzzz"], "'zzzzz' is not one of the 2,309 wordle targets"),
        (["first-guesses", "--pool", "some"], "unknown pool 'some'"),
        (["evil", "--metric", "random"], "the evil path needs a tree"),
    ],
)
def test_bad_input_gives_one_line_and_exit_code_2(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_a_word_list_with_a_bad_line_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "answers.txt"
    bad.write_text("crane\nslate\nsl4te\n")
    result = run("report", "--answers", str(bad))
    assert result.exit_code == 2
    assert f"{bad}, line 3: not a word of letters a-z (character 3 is a digit)" in result.stderr
    assert "sl4te" not in result.stderr  # a file's text is never quoted


def test_empty_word_list(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    result = run("report", "--guess-list", str(empty))
    assert result.exit_code == 2 and "is empty" in result.stderr


def run_process(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "WORDLE_TUI_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "wordle_tui", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_data_dir_option_holds_the_cache(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    done = run_process(
        "--data-dir",
        str(target),
        "first-guesses",
        "--game",
        "jotto",
        "--json",
        home=tmp_path / "home",
    )
    assert done.returncode == 0, done.stderr
    assert list((target / "cache").glob("replies-jotto-*.npy"))
    assert not (tmp_path / "home").exists()


def test_python_m_runs_a_report_as_a_whole_process(tmp_path: Path) -> None:
    done = run_process("report", "--game", "jotto", "--metric", "max", "--json", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["first_guess"] == "trash"  # a-z ties: DRAPE
    assert "Traceback" not in done.stderr


def test_report_paths_do_not_import_textual() -> None:
    code = (
        "import sys, wordle_tui.cli, wordle_tui.solver.reports.scores, wordle_tui.render, "
        "wordle_tui.cli.commands, wordle_tui.games.explorer.cli.command, "
        "wordle_tui.games.explorer.solver.export, "
        "wordle_tui.games.explorer.solver.strategy; "
        "print('textual' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False"


SMALL = "crane slate moose geese abbey cigar rebut sissy humph awake blush focal evade naval"


def imports_of(tmp_path: Path, args: list[str]) -> tuple[dict, set[str]]:
    """A `wordle-tui` process's JSON and the modules it imported (by `-X importtime`)."""
    env = {**os.environ, "WORDLE_TUI_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "wordle_tui", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    return json.loads(done.stdout), imported


@pytest.mark.parametrize("lists", ["classic", "nyt"])
def test_the_suggest_process_imports_no_textual_numba_or_dask(tmp_path: Path, lists) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(SMALL.split()) + "\n")
    args = ["suggest", "crane:.....", "--lists", lists, "--answers", str(words), "--json"]
    args += ["--guess-list", str(words), "--budget", "0"]  # no proof: it loads Numba (below)
    data, imported = imports_of(tmp_path, args)
    assert data["candidates"] > 1
    assert "wordle_tui.solver.assistant.engine" in imported  # the list is what it should be
    heavy = {"textual", "numba", "dask", "distributed"}
    assert not {name for name in imported if name.split(".")[0] in heavy}


@pytest.mark.parametrize("prior", ["uniform", "frequency"])
def test_suggest_loads_numba_only_for_the_exhaustive_search(tmp_path: Path, prior) -> None:
    """The uniform prior's proof loads the compiled loops (before its budget starts)."""
    args = ["suggest", "salet:.Y...", "--lists", "classic", "--prior", prior, "--json"]
    data, imported = imports_of(tmp_path, args)
    assert data["candidates"] > 50
    assert ("numba" in imported) == (prior == "uniform")


def test_solver_never_imports_textual() -> None:
    for path in Path(__file__).parents[2].joinpath("wordle_tui", "solver").glob("*.py"):
        assert "textual" not in path.read_text(), path


def test_stats_json_reads_the_history(tmp_path: Path) -> None:
    from wordle_tui.history import History, SavedGame

    history = History(tmp_path / "history.sqlite3")
    for result, score in [("won", 3), ("won", 4), ("lost", 6), ("won", 4)]:
        history.record(SavedGame("wordle", "normal", "hello", [], "t"), result, score)
    done = run_process("stats", "--game", "wordle", "--json", home=tmp_path)
    data = json.loads(done.stdout)
    assert (data["played"], data["wins"], data["current_streak"], data["max_streak"]) == (
        4,
        3,
        1,
        2,
    )
    assert data["distribution"] == {"3": 1, "4": 2}
    assert data["daily"] == {"played": 0, "wins": 0, "current_streak": 0, "max_streak": 0}
    everything = json.loads(run_process("stats", "--json", home=tmp_path).stdout)
    assert {s["game"] for s in everything} >= {"wordle", "jotto", "evil", "antiwordle"}
    assert [s["daily"]["played"] for s in everything if s["game"] == "wordle"] == [0]
    text = run_process("stats", home=tmp_path).stdout
    assert "Wordle — played 4, win 75%" in text
    assert "daily puzzle: 0 days played, 0 won, daily streak 0 days, best 0" in text


def test_stats_counts_the_daily_puzzles_as_the_app_does(tmp_path: Path) -> None:
    from wordle_tui.gameplay.daily import date_of, day_number
    from wordle_tui.history import History, SavedGame

    history = History(tmp_path / "history.sqlite3")
    today = day_number()
    for day in (today - 1, today):
        started = date_of(day).isoformat() + "T12:00:00"
        saved = SavedGame("wordle", f"normal;day={day};lists=nyt", "hello", [], started)
        history.record(saved, "won", 3)
    data = json.loads(run_process("stats", "--game", "wordle", "--json", home=tmp_path).stdout)
    assert data["daily"] == {"played": 2, "wins": 2, "current_streak": 2, "max_streak": 2}
    text = run_process("stats", home=tmp_path).stdout
    assert "daily puzzle: 2 days played, 2 won, daily streak 2 days, best 2" in text


def test_stats_with_a_corrupt_history_says_so(tmp_path: Path) -> None:
    (tmp_path / "history.sqlite3").write_bytes(b"junk" * 100)
    done = run_process("stats", "--json", home=tmp_path)
    assert done.returncode == 0 and "moved to" in done.stderr
    assert json.loads(done.stdout)[0]["played"] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "wordle", "--target", "zzzzz"], "'zzzzz' is not a possible wordle answer"),
        (["play", "jotto", "--target", "hello"], "'hello' is not a possible jotto answer"),
        (["play", "evil", "--target", "hello"], "Evil Wordle has no fixed answer"),
        (["play", "antiwordle", "--hard"], "--hard applies to wordle, evil and adversary"),
        (["play", "wordle", "--perfect"], "--perfect applies to evil, not wordle"),
        (["play", "ghost", "--perfect"], "--perfect does not apply to ghost"),
        (["stats", "--game", "chess"], "unknown game 'chess'"),
    ],
)
def test_play_and_stats_refuse_bad_input(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2 and message in result.stderr


def test_play_opens_the_requested_game(monkeypatch) -> None:
    import wordle_tui.ui.app as ui

    opened = []
    monkeypatch.setattr(ui, "run_app", lambda request=None, lists=None: opened.append(request))
    assert run("play", "wordle", "--hard", "--target", "HELLO").exit_code == 0
    assert run("play", "jotto", "--seed", "3").exit_code == 0
    assert run("play", "wordle", "--daily").exit_code == 0
    assert run("play", "evil", "--perfect", "--hard").exit_code == 0
    assert [(r.game, r.hard, r.target, r.seed, r.daily, r.perfect) for r in opened] == [
        ("wordle", True, "hello", None, False, False),
        ("jotto", False, None, 3, False, False),
        ("wordle", False, None, None, True, False),
        ("evil", True, None, None, False, True),
    ]


def help_of(*args: str) -> str:
    """A command's --help, on one line (Rich wraps it)."""
    result = runner.invoke(app, [*args, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return " ".join(result.output.replace("│", " ").split())


@pytest.mark.parametrize("command", [["play"], ["openers"]])
def test_help_names_only_options_the_command_has(command: list[str]) -> None:
    text = help_of(*command)
    assert "--answers" not in text and "--guess-list" not in text
    assert "A word-list set (see `wordle-tui lists`)." in text


def test_help_words_a_new_user_can_read() -> None:
    assert "Judge against hard-mode legal moves." in help_of("review")
    assert "Suggest hard-mode legal words only." in help_of("suggest")
    for command in (["evil"], ["report"]):
        text = help_of(*command)
        assert "seeds" not in text and "the original notebooks'" in text
    root = help_of()
    assert "With no command, wordle-tui opens the app" in root


def test_ghost_solve_counts_players_from_1(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("cat\ncamel\ngoat\ngecko\n")
    result = runner.invoke(app, ["ghost", "solve", "--words", str(words)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Player 0" not in result.output and "player 0" not in result.output
    assert "Outcomes for player 1" in result.output and "Outcomes for player 2" in result.output
    assert "'s winning strategy needs" in result.output


def test_one_spelling_of_memorise_everywhere() -> None:
    root = Path(__file__).parents[2]
    package = root / "wordle_tui"
    files = [*package.rglob("*.py"), *package.rglob("*.md"), root / "README.md"]
    files += root.joinpath("docs").glob("*.md")
    assert not [f.name for f in files if "memoriz" in f.read_text().lower()]
