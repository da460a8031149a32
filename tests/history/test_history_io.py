"""`wordle-tui history export|import`: games out and back in, each checked, all or nothing."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.gameplay.jotto import JottoRound
from wordle_tui.gameplay.records import IMPORTED
from wordle_tui.gameplay.roles import answer_for
from wordle_tui.gameplay.session import result_of, to_saved
from wordle_tui.gameplay.wordle import WordleRound
from wordle_tui.history import DB_NAME, History, HistoryUnwritable, SavedGame
from wordle_tui.history.exchange import FIELDS, read_records, write_records
from wordle_tui.solver.listsets import load_set

runner = CliRunner()
HEADER = "game,variant,date,answer,guesses,rows,result\n"
GOOD = "wordle,normal;lists=nyt,2024-06-01,ROUND,2,SALET:..... ROUND:GGGGG,won\n"


def run(home: Path, *args: str):
    """The command with `home` as its data folder."""
    return runner.invoke(app, list(args), env={"WORDLE_TUI_HOME": str(home)})


def play(history: History, round_, words: list[str], started: str) -> None:
    """Play the words and record the round as the app does (abandoned if not over)."""
    for word in words:
        round_.guess(word)
    result = result_of(round_) if round_.over else "abandoned"
    history.record(to_saved(round_, started), result, round_.score)


def seed(home: Path) -> None:
    """A history of every importable game, won, lost and abandoned, and a Ghost game."""
    nyt = load_set("nyt")
    history = History(home / DB_NAME)
    play(history, WordleRound("wordle", "round", lists=nyt), ["salet", "round"], "2026-11-01")
    play(
        history,
        WordleRound("wordle", "crane", hard=True, lists=nyt),
        ["salet", "trace", "crane"],
        "2026-11-02T10:00:00+01:00",
    )
    play(history, WordleRound("wordle", "crane", lists=nyt), ["salet"] * 6, "2026-11-03T09:00:00")
    daily = answer_for(3, nyt)
    play(history, WordleRound("wordle", daily, lists=nyt, day=3), ["salet", daily], "2025-01-04")
    play(history, WordleRound("evil", lists=nyt), ["salet", "crony"], "2026-11-04T10:00:00")
    play(history, WordleRound("antiwordle", "crane", lists=nyt), ["salet"], "2026-11-05T10:00:00")
    play(history, JottoRound("crane", lists=nyt), ["salty", "crane"], "2026-11-06T10:00:00")
    against = WordleRound("wordle", "poppy", lists=nyt, adversary=True)
    play(history, against, ["salet", "poppy"], "2026-11-06T11:00:00")
    history.record(SavedGame("ghost", "ghost;computer", "abc", [], "2026-11-07T10:00:00"), "won", 3)
    history.close()


def stored(home: Path) -> list[tuple]:
    """The finished games of the history at `home`, as compared after a round trip."""
    history = History(home / DB_NAME)
    keys = ("game", "variant", "target", "moves", "result", "score", "started")
    rows = [tuple(row[key] for key in keys) for row in history.finished()]
    history.close()
    return rows


@pytest.fixture
def exported(tmp_path: Path) -> Path:
    """A seeded history exported to CSV with --out."""
    seed(tmp_path / "a")
    done = run(tmp_path / "a", "history", "export", "--out", str(tmp_path / "games.csv"))
    assert done.exit_code == 0, done.output
    assert "8 games written" in done.stderr and "1 game left out (Ghost):" in done.stderr
    return tmp_path / "games.csv"


def test_export_then_import_gives_the_same_statistics(tmp_path: Path, exported: Path) -> None:
    lines = exported.read_text().splitlines()
    assert lines[0] == HEADER.strip() and len(lines) == 9
    assert "SALET:.Y.Y. TRACE:.GGYG CRANE:GGGGG,won" in lines[2]
    done = run(tmp_path / "b", "history", "import", str(exported))
    assert done.exit_code == 0, done.output
    assert "8 imported, 0 already there" in done.stdout
    before = json.loads(run(tmp_path / "a", "stats", "--json").stdout)
    after = json.loads(run(tmp_path / "b", "stats", "--json").stdout)
    wanted = [s for s in before if s["game"] in IMPORTED]
    assert wanted == [s for s in after if s["game"] in IMPORTED]
    assert [s["played"] for s in wanted if s["game"] in ("wordle", "jotto")] == [4, 1]
    assert [s["daily"]["played"] for s in after if s["game"] == "wordle"] == [1]
    assert stored(tmp_path / "b") == [row for row in stored(tmp_path / "a") if row[0] != "ghost"]


def test_export_names_every_kind_of_game_it_leaves_out(tmp_path: Path) -> None:
    seed(tmp_path / "a")
    history = History(tmp_path / "a" / DB_NAME)
    moves = [("salet", ".....,....."), ("crane", "GGGGG,GGGGG")]
    history.record(SavedGame("dordle", "dordle", "crane,round", moves, "2026-11-08"), "lost", 7)
    history.close()
    done = run(tmp_path / "a", "history", "export", "--out", str(tmp_path / "games.csv"))
    assert done.exit_code == 0, done.output
    assert "2 games left out (Dordle, Ghost):" in " ".join(done.stderr.split())


def test_importing_twice_imports_nothing_the_second_time(tmp_path: Path, exported: Path) -> None:
    assert run(tmp_path / "b", "history", "import", str(exported)).exit_code == 0
    again = run(tmp_path / "b", "history", "import", str(exported), "--json")
    assert again.exit_code == 0, again.output
    summary = json.loads(again.stdout)
    assert (summary["imported"], summary["already"], summary["problems"]) == (0, 8, [])
    assert len(stored(tmp_path / "b")) == 8
    into_a = run(tmp_path / "a", "history", "import", str(exported))
    assert "0 imported, 8 already there" in into_a.stdout


def test_json_round_trip(tmp_path: Path) -> None:
    seed(tmp_path / "a")
    done = run(tmp_path / "a", "history", "export", "--format", "json")
    data = json.loads(done.stdout)
    assert {d["game"] for d in data} == {"wordle", "evil", "antiwordle", "jotto", "adversary"}
    assert [d["answer"] for d in data if d["game"] == "evil"] == [""]
    (tmp_path / "games.json").write_text(done.stdout)
    assert run(tmp_path / "b", "history", "import", str(tmp_path / "games.json")).exit_code == 0
    assert stored(tmp_path / "b") == [row for row in stored(tmp_path / "a") if row[0] != "ghost"]


def test_rows_may_be_given_as_pairs_in_json(tmp_path: Path) -> None:
    game = {"game": "wordle", "date": "2024-06-01", "answer": "round", "result": "won"}
    game["rows"] = [["salet", "....."], ["round", "GGGGG"]]
    (tmp_path / "g.json").write_text(json.dumps([game]))
    done = run(tmp_path / "h", "history", "import", str(tmp_path / "g.json"))
    assert "1 imported" in done.stdout, done.output
    assert stored(tmp_path / "h")[0][1:5] == (
        "normal",
        "round",
        '[["salet", "....."], ["round", "GGGGG"]]',
        "won",
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "wordle,normal,2024-06-02,ROUND,2,SALET:..Y.G ROUND:GGGGG,won",
            "line 3: ROUND's reply to SALET is ....., not ..Y.G",
        ),
        (
            "wordle,normal,2024-06-02,ROUND,2,QQQQQ:..... ROUND:GGGGG,won",
            "line 3: row 1, QQQQQ: Not in word list",
        ),
        (
            "wordle,normal,2024-13-02,ROUND,2,SALET:..... ROUND:GGGGG,won",
            "line 3: the date is not YYYY-MM-DD",
        ),
        (
            "wordle,normal,2024-06-02,ROUND,7," + "SALET:..... " * 6 + "ROUND:GGGGG,lost",
            "line 3: 7 rows, but the game was over after row 6",
        ),
        (
            "wordle,normal,2024-06-02,ROUND,2,SALET:..... ROUND:GGGGG,lost",
            "line 3: the rows make it won, not lost",
        ),
        (
            "wordle,normal,2024-06-02,ROUND,1,SALET:.....,won",
            "line 3: the rows make it abandoned (the game was not over), not won",
        ),
        (
            "wordle,hard,2024-06-02,CRANE,2,SALET:.Y.Y. ROUND:.Y...,abandoned",
            "line 3: row 2, ROUND: Guess must contain",
        ),
        (
            "wordle,normal;day=3;lists=nyt,2025-01-04,ROUND,1,ROUND:GGGGG,won",
            "line 3: ROUND is not the answer of daily puzzle 3",
        ),
        ("chess,,2024-06-02,ROUND,1,ROUND:GGGGG,won", "line 3: unknown game 'chess'"),
        ("ghost,,2024-06-02,ROUND,1,ROUND:GGGGG,won", "line 3: Ghost games cannot be imported"),
        ("jotto,,2024-06-02,CRANE,2,SALTY:2 CRANE:5,won", "SALTY shares 1 letter with CRANE"),
        ("jotto,,2024-06-02,HELLO,1,HELLO:5,won", "line 3: HELLO is not a Jotto answer"),
        (
            "evil,normal,2024-06-02,CRONY,2,SALET:..... CRONY:....G,abandoned",
            "line 3: Evil Wordle's word is not fixed yet after these rows, not CRONY",
        ),
        (
            "antiwordle,normal,2024-06-02,CRANE,2,SALET:.Y.Y. ROUND:.....,abandoned",
            "line 3: row 2, ROUND: ",
        ),
        ("wordle,normal,2024-06-02,ROUND,3,ROUND:GGGGG,won", "guesses says 3, but the rows are 1"),
        (
            "wordle,normal;lists=nope,2024-06-02,ROUND,1,ROUND:GGGGG,won",
            "line 3: no word-list set named 'nope'",
        ),
        (
            "nyt,normal;day=999999999;lists=nyt,2024-06-02,ROUND,1,ROUND:GGGGG,won",
            "line 3: NYT Wordle 999,999,999 is not out yet: today's is ",
        ),
    ],
)
def test_a_bad_line_is_named_and_nothing_is_imported(
    tmp_path: Path, line: str, message: str
) -> None:
    games = tmp_path / "games.csv"
    good = GOOD.replace("2024-06-01", "2024-06-03")
    games.write_text(HEADER + GOOD + line + "\n" + good)
    done = run(tmp_path / "h", "history", "import", str(games))
    assert done.exit_code == 2
    assert message in done.stderr, done.stderr
    assert "1 bad line; nothing imported" in done.stderr
    assert "line 2" not in done.stderr and "line 4" not in done.stderr
    assert stored(tmp_path / "h") == []


FORMULAS = ['=HYPERLINK("x")', "+1", "-2+3", "@SUM(A1)", "'=quoted", "'", "it's", "a=b", ""]


def test_csv_cells_a_spreadsheet_would_run_get_a_quote_and_read_back() -> None:
    records = [dict.fromkeys(FIELDS, value) | {"guesses": 2} for value in FORMULAS]
    text = write_records(records, "csv")
    cells = [line.split(",")[0] for line in text.splitlines()[1:]]
    assert all(not cell.lstrip('"').startswith(("=", "+", "-", "@")) for cell in cells), cells
    back = [record.fields for record in read_records(text)]
    assert [fields["game"] for fields in back] == FORMULAS
    assert all(fields["answer"] == fields["rows"] == fields["game"] for fields in back)


def test_checking_an_import_reports_progress(tmp_path: Path) -> None:
    from wordle_tui.gameplay.records import PROGRESS_EVERY, plan_import

    count = PROGRESS_EVERY + 2
    lines = [
        GOOD.replace("2024-06-01", f"2024-06-01T00:00:{n % 60:02d}+{n // 60:02d}:00")
        for n in range(count)
    ]
    records = read_records(HEADER + "".join(lines))
    calls: list[tuple[int, int]] = []
    history = History(tmp_path / DB_NAME)
    try:
        plan = plan_import(records, history, lambda done, total: calls.append((done, total)))
    finally:
        history.close()
    assert not plan.problems and len(plan.new) == count
    assert calls == [(0, count), (PROGRESS_EVERY, count)]


def test_a_long_import_shows_its_progress_on_stderr(tmp_path: Path, monkeypatch) -> None:
    from wordle_tui.cli import common

    monkeypatch.setattr(common, "PROGRESS_DELAY", 0.0)
    (tmp_path / "g.csv").write_text(HEADER + GOOD)
    done = run(tmp_path / "h", "history", "import", str(tmp_path / "g.csv"), "--dry-run")
    assert done.exit_code == 0
    assert "checking 1 game: 0 of 1" in done.stderr


def test_a_huge_value_is_not_quoted_whole(tmp_path: Path) -> None:
    game = dict(zip(FIELDS, GOOD.strip().split(","), strict=True))
    game["variant"] = "normal;lists=" + "x" * 5_000_000
    (tmp_path / "g.json").write_text(json.dumps([game]))
    done = run(tmp_path / "h", "history", "import", str(tmp_path / "g.json"))
    assert done.exit_code == 2
    assert f"no word-list set named '{'x' * 40}…'" in done.stderr
    assert len(done.stderr) < 1000


def test_a_csv_field_too_long_is_named_by_its_own_line(tmp_path: Path) -> None:
    games = tmp_path / "games.csv"
    games.write_text(HEADER + GOOD + "wordle,normal,2024-06-02," + "A" * 200_000 + ",1,R:G,won\n")
    done = run(tmp_path / "h", "history", "import", str(games))
    assert done.exit_code == 2
    assert "line 3: not CSV (field larger than field limit" in done.stderr, done.stderr[:300]
    assert "AAAAAAAAAA" not in done.stderr


@pytest.mark.parametrize(("ahead", "out"), [(0, True), (1, True), (2, False)])
def test_a_nyt_puzzle_must_be_out_by_tomorrow(tmp_path: Path, ahead: int, out: bool) -> None:
    from wordle_tui.solver.nyt.history import todays_number

    day = todays_number() + ahead
    line = f"nyt,normal;day={day};lists=nyt,2024-06-02,CRANE,1,SALET:.Y.Y.,abandoned"
    (tmp_path / "g.csv").write_text(HEADER + line + "\n")
    done = run(tmp_path / "h", "history", "import", str(tmp_path / "g.csv"), "--dry-run")
    assert ("not out yet" not in done.output) == out, done.output


def test_every_bad_line_is_listed(tmp_path: Path) -> None:
    games = tmp_path / "games.csv"
    bad = "wordle,normal,2024-06-02,ROUND,1,ROUND:GGGG,won\n"
    games.write_text(HEADER + bad + GOOD + bad)
    done = run(tmp_path / "h", "history", "import", str(games), "--json")
    assert done.exit_code == 2
    problems = json.loads(done.stdout)["problems"]
    assert [p.split(":")[0] for p in problems] == ["line 2", "line 4"]


def test_a_fifo_is_refused_both_ways(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    done = run(tmp_path / "h", "history", "import", str(fifo))
    assert done.exit_code == 2 and "named pipe (FIFO)" in done.stderr
    done = run(tmp_path / "h", "history", "export", "--out", str(fifo))
    assert done.exit_code == 2 and "named pipe (FIFO)" in done.stderr


def test_an_empty_file_is_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    done = run(tmp_path / "h", "history", "import", str(empty))
    assert done.exit_code == 2 and "empty.csv: it is empty" in done.stderr
    empty.write_text(HEADER)
    done = run(tmp_path / "h", "history", "import", str(empty))
    assert done.exit_code == 0 and "0 imported, 0 already there" in done.stdout


def test_a_csv_with_a_bom_and_windows_lines_is_accepted(tmp_path: Path) -> None:
    games = tmp_path / "games.csv"
    games.write_bytes(b"\xef\xbb\xbf" + (HEADER + GOOD).replace("\n", "\r\n").encode())
    done = run(tmp_path / "h", "history", "import", str(games))
    assert done.exit_code == 0 and "1 imported" in done.stdout, done.output


def test_a_header_without_the_columns_is_refused(tmp_path: Path) -> None:
    games = tmp_path / "games.csv"
    games.write_text("word,colour\nsalet,.....\n")
    done = run(tmp_path / "h", "history", "import", str(games))
    assert done.exit_code == 2 and "missing: game, date, rows, result" in done.stderr


def test_a_dry_run_checks_and_imports_nothing(tmp_path: Path) -> None:
    games = tmp_path / "games.csv"
    games.write_text(HEADER + GOOD)
    done = run(tmp_path / "h", "history", "import", str(games), "--dry-run")
    assert "1 to import, 0 already there" in done.stdout
    assert stored(tmp_path / "h") == []


def test_a_locked_history_takes_nothing_and_keeps_what_is_pending(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    history = History(path, timeout=0.1)
    history.record(SavedGame("wordle", "normal", "round", [("round", "GGGGG")], "t1"), "won", 1)
    lock = sqlite3.connect(path, isolation_level=None)
    lock.execute("BEGIN IMMEDIATE")
    history.record(SavedGame("wordle", "normal", "crane", [("crane", "GGGGG")], "t2"), "won", 1)
    assert history.pending_count == 1
    new = SavedGame("wordle", "normal", "hello", [("hello", "GGGGG")], "t3")
    with pytest.raises(HistoryUnwritable, match="locked"):
        history.add_finished([(new, "won", 1)])
    assert history.pending_count == 1
    lock.execute("ROLLBACK")
    assert history.add_finished([(new, "won", 1)]) == 1
    assert [row["target"] for row in history.finished()] == ["round", "crane", "hello"]
    assert history.pending_count == 0
    history.close()


def test_a_history_that_is_not_ours_takes_nothing(tmp_path: Path) -> None:
    foreign = sqlite3.connect(tmp_path / DB_NAME)
    foreign.execute("CREATE TABLE notes (x)")
    foreign.commit()
    foreign.close()
    games = tmp_path / "games.csv"
    games.write_text(HEADER + GOOD)
    done = run(tmp_path, "history", "import", str(games))
    assert done.exit_code == 2 and "nothing imported" in done.stderr
    assert "left untouched" in done.stderr


def test_the_docs_example_imports(tmp_path: Path) -> None:
    page = (Path(__file__).parents[2] / "docs" / "playing.md").read_text()
    section = page.split("## Your history in and out", 1)[1]
    example = section.split("```\n", 2)[1]
    assert example.startswith(HEADER)
    (tmp_path / "example.csv").write_text(example)
    done = run(tmp_path / "h", "history", "import", str(tmp_path / "example.csv"))
    assert done.exit_code == 0 and "4 imported, 0 already there" in done.stdout, done.output


def test_a_damaged_history_is_set_aside_and_the_games_go_into_a_fresh_one(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"this is not a database" * 100)
    games = tmp_path / "games.csv"
    games.write_text(HEADER + GOOD)
    done = run(tmp_path, "history", "import", str(games))
    assert done.exit_code == 0 and "1 imported" in done.stdout, done.output
    assert "moved to" in done.stderr
    assert len(list(tmp_path.glob(f"{DB_NAME}.corrupt-*"))) == 1
    assert len(stored(tmp_path)) == 1
