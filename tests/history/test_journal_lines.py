"""One bad line of the pending-results journal never stops anything: it is named (file and line
number, never its text) and skipped, and every good line is kept."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.daily import daily_stats
from wordle_tui.gameplay.statistics import board_tally
from wordle_tui.history import History
from wordle_tui.history.exchange import export_record
from wordle_tui.ui.app import WordleTuiApp

NESTED = "[" * 100_000
GAMES = ("wordle", "quordle", "jotto", "ghost", "mastermind")


def good_row(n: int, game: str = "wordle") -> dict:
    """A finished game as the journal keeps it."""
    return {
        "uid": f"{n:032x}",
        "game": game,
        "variant": "normal",
        "target": "hello",
        "moves": json.dumps([["crane", "....."], ["hello", "GGGGG"]]),
        "result": "won",
        "score": 2,
        "started": f"2026-11-22T10:00:{n:02d}",
        "finished": f"2026-11-22T10:01:{n:02d}",
    }


def write_journal(folder: Path, lines: list[str]) -> Path:
    """The data folder's journal with these lines."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "history-pending.jsonl"
    path.write_text("".join(line + "\n" for line in lines))
    return path


def test_a_deeply_nested_line_is_named_and_skipped(tmp_path: Path) -> None:
    journal = write_journal(tmp_path, [json.dumps(good_row(1)), NESTED, json.dumps(good_row(2))])
    history = History(tmp_path / "history.sqlite3")
    assert history.notice == f"{journal}, line 2: damaged, skipped."
    assert [r["started"] for r in history.finished("wordle")] == [
        good_row(n)["started"] for n in (1, 2)
    ]
    history.close()


def test_a_score_sqlite_cannot_store_is_skipped_not_a_crash(tmp_path: Path) -> None:
    huge = {**good_row(2), "score": 10**30}
    write_journal(tmp_path, [json.dumps(good_row(1)), json.dumps(huge)])
    history = History(tmp_path / "history.sqlite3")
    assert "line 2: damaged, skipped" in (history.notice or "")
    assert "1000000000000000000000000000000" not in history.notice
    assert [r["score"] for r in history.finished("wordle")] == [2]
    history.close()


def test_every_command_survives_a_bad_journal_line(home: Path, tmp_path: Path) -> None:
    games = tmp_path / "games.csv"
    games.write_text(
        "game,variant,date,answer,guesses,rows,result\n"
        "wordle,normal,2026-11-23T10:00:00,HELLO,2,CRANE:....Y HELLO:GGGGG,won\n"
    )
    runner = CliRunner()
    for first in ("stats", "export", "import"):
        for bad in (NESTED, json.dumps({**good_row(2), "score": 10**30})):
            (home / "history.sqlite3").unlink(missing_ok=True)
            journal = write_journal(home, [json.dumps(good_row(1)), bad])
            args = {
                "stats": ["stats", "--json"],
                "export": ["history", "export", "--format", "json"],
                "import": ["history", "import", str(games)],
            }[first]
            result = runner.invoke(cli, args)
            assert result.exit_code == 0, (args, result.output)
            assert f"{journal}, line 2: damaged, skipped." in result.stderr
            played = json.loads(runner.invoke(cli, ["stats", "--json"]).stdout)[0]["played"]
            assert played == (2 if first == "import" else 1)


async def test_the_app_starts_over_a_bad_journal_line(home: Path) -> None:
    journal = write_journal(home, [json.dumps({**good_row(1), "score": 10**30}), NESTED])
    app = WordleTuiApp(GameRequest("wordle", target="hello"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        notes = " ".join(n.message for n in app._notifications)
        assert f"{journal}, lines 1, 2: damaged, skipped." in notes
    assert app.return_code in (None, 0)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)


@st.composite
def garbage_lines(draw) -> str:
    """A line of any kind: text, any JSON, or a good row with one field made anything."""
    kind = draw(st.sampled_from(["text", "json", "field", "moves"]))
    if kind == "text":
        return draw(st.text().map(lambda t: t.replace("\n", " ")))
    if kind == "json":
        return json.dumps(draw(json_values))
    row = good_row(99, draw(st.sampled_from(GAMES)))
    if kind == "moves":
        row["moves"] = json.dumps(draw(json_values))
    else:
        row[draw(st.sampled_from([key for key in sorted(row) if key != "uid"]))] = draw(json_values)
    return json.dumps(row)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    bad=garbage_lines(),
    where=st.integers(0, 3),
    games=st.lists(st.sampled_from(GAMES), min_size=3, max_size=3),
)
def test_any_single_garbage_line_keeps_every_good_one(bad: str, where: int, games) -> None:
    good = [good_row(n, game) for n, game in enumerate(games, 1)]
    lines = [json.dumps(row) for row in good]
    lines.insert(where, bad)
    with tempfile.TemporaryDirectory() as folder:
        write_journal(Path(folder), lines)
        history = History(Path(folder) / "history.sqlite3")
        found = set()
        for game in GAMES:
            rows = history.finished(game)
            history.stats(game)
            board_tally(rows) if game == "quordle" else daily_stats(rows)
            [export_record(row) for row in rows]
            found |= {row["started"] for row in rows}
        assert {row["started"] for row in good} <= found
        if history.notice:
            assert f"line {where + 1}: damaged, skipped." in history.notice
            assert len(bad) < 8 or bad not in history.notice
        history.close()
