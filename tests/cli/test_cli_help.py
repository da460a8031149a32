"""`wordle-tui --help` at 80 columns: every command's line whole (no "..."), the app named as
what runs with no command; and `play` opens Jotto the other way round and Watch."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.solver.listsets import load_set
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.jotto import ComputerJottoScreen
from wordle_tui.ui.boards.watch import WatchScreen


def command_lines(help_text: str) -> list[str]:
    """The lines of the help's Commands section."""
    return help_text.split("Commands:\n", 1)[1].splitlines()


@pytest.mark.parametrize(
    "group",
    [[], ["ghost"], ["lists"], ["nyt"], ["nyt", "history"], ["history"], ["tree"], ["mastermind"]],
)
def test_command_summaries_are_whole_at_80_columns(group: list[str]) -> None:
    env = {**os.environ, "COLUMNS": "80"}
    shown = subprocess.run(
        [sys.executable, "-m", "wordle_tui", *group, "--help"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    lines = command_lines(shown)
    assert lines and all("..." not in line for line in lines), shown
    assert all(len(line) <= 80 for line in shown.splitlines()), shown
    if not group:
        assert "With no command, wordle-tui opens the app" in " ".join(shown.split())


def help_of(*command: str) -> str:
    """A command's --help at 80 columns, its lines joined."""
    env = {**os.environ, "COLUMNS": "80"}
    shown = subprocess.run(
        [sys.executable, "-m", "wordle_tui", *command, "--help"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    return " ".join(shown.split())


def test_stats_help_lists_every_game_it_takes() -> None:
    from wordle_tui.gameplay.catalog import stats_names

    listed = help_of("stats").split("Only this game: ", 1)[1].split(".", 1)[0]
    assert sorted(listed.replace(" or ", ", ").split(", ")) == sorted(stats_names())


def test_report_help_names_every_metric_it_takes() -> None:
    from wordle_tui.solver.multi.strategy import MEASURES
    from wordle_tui.solver.names import METRICS

    shown = help_of("report")
    said = shown.split("--metric [", 1)[1].split(" --guesses", 1)[0]
    assert all(name in said for name in (*METRICS, "random", *MEASURES)), said
    assert "weighted" not in shown.replace(said, "")  # no measure named only elsewhere


def test_history_export_names_what_it_leaves_out() -> None:
    assert "other games are left out, and named" in help_of("history", "export")


def test_play_opens_jotto_the_other_way_and_watch(monkeypatch: pytest.MonkeyPatch) -> None:
    import wordle_tui.ui.app as ui

    opened: list[GameRequest] = []
    monkeypatch.setattr(ui, "run_app", lambda request=None, lists=None: opened.append(request))
    runner = CliRunner()
    assert runner.invoke(cli, ["play", "jotto-computer"]).exit_code == 0
    assert runner.invoke(cli, ["play", "watch", "--target", "hello"]).exit_code == 0
    assert [(r.game, r.target) for r in opened] == [("jotto-computer", None), ("watch", "hello")]
    for refused, said in (
        (["play", "jotto-computer", "--target", "hello"], "you think of the word"),
        (["play", "jotto-computer", "--hard"], "--hard applies to wordle, evil and adversary"),
        (["play", "watch", "--target", "zzzzz"], "not a possible watch answer"),
        (["play", "watch", "--hard"], "--hard applies to wordle, evil and adversary, not watch"),
        (["play", "watch", "--daily"], "--daily do not apply"),
    ):
        result = runner.invoke(cli, refused)
        assert result.exit_code == 2 and said in result.stderr, (refused, result.stderr)


@pytest.mark.parametrize("game", ["jotto-computer", "watch"])
async def test_the_app_opens_what_play_asks_for(tmp_path: Path, game: str) -> None:
    request = GameRequest(game, target="hello" if game == "watch" else None)
    app = WordleTuiApp(request, history=History(tmp_path / "h"), lists=load_set("classic"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        kind = WatchScreen if game == "watch" else ComputerJottoScreen
        assert isinstance(app.screen, kind)
        if game == "watch":
            assert app.screen.query_one("#target").value == "hello"
        app.workers.cancel_all()
