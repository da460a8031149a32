"""Watching the computer play, in the app and as `play-out`: the optimal trees are offered, the
answer and the opener are checked, and the game played is the one the reports score."""

from __future__ import annotations

import contextlib

from textual.widgets import Input, Select
from textual.worker import WorkerCancelled
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.history import History
from wordle_tui.solver import make_game
from wordle_tui.solver.listsets import load_set
from wordle_tui.solver.reports.scores import StrategySpec, replay
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.watch import WatchScreen

CLASSIC = load_set("classic")  # the 2022 lists these figures are stated on

runner = CliRunner()


async def play(app, pilot, answer: str, strategy: str | None = None, opener: str = "") -> str:
    """Fill the screen's fields, press Play, and return what the message line says."""
    screen = app.screen
    screen.query_one("#target", Input).value = answer
    screen.query_one("#opener", Input).value = opener
    if strategy is not None:
        screen.query_one("#strategy", Select).value = strategy
    await pilot.press("ctrl+r")
    with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
        await app.workers.wait_for_complete()
    await pilot.pause()
    return screen.query_one("#message").text


async def test_the_strategy_label_fits_and_the_optimal_trees_are_offered(tmp_path) -> None:
    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"), lists=CLASSIC)
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_watch()
        await pilot.pause()
        select = app.screen.query_one("#strategy", Select)
        assert select.size.height == 3  # one line of label inside its border, never wrapped
        label = select.query_one("#label")
        assert label.size.width >= len("Optimal tree, hard")  # and not squeezed by the arrow
        values = [value for _, value in select._options]
        assert "optimal" in values and "optimal-hard" in values
        await play(app, pilot, "hello", "optimal")
        expected = replay(make_game("wordle"), StrategySpec("optimal", "all"), "hello")
        assert [w for w, _, _ in app.screen.played] == [s.guess for s in expected]
        assert expected[0].guess == "salet" and app.screen.rows  # revealed row by row


async def test_the_last_row_says_solved(tmp_path) -> None:
    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"), lists=CLASSIC)
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_watch()
        await pilot.pause()
        said = await play(app, pilot, "hello", "optimal")
        for _ in range(300):  # every row drawn, each with its note mounted (a loaded machine)
            rows = [] if app.screen.pending else app.screen.rows
            if rows and all(row.query(".row-note") for row in rows):
                break
            await pilot.pause(0.1)
        notes = [str(row.query_one(".row-note").render()) for row in app.screen.rows]
        assert notes[-1] == "solved" and all(n.endswith(" left") for n in notes[:-1]), said


async def test_the_answer_and_the_opener_are_checked_with_a_clear_message(tmp_path) -> None:
    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"), lists=CLASSIC)
    async with app.run_test(size=(100, 32)) as pilot:
        app.action_watch()
        await pilot.pause()
        assert "five-letter" in await play(app, pilot, "12")
        assert "SALET is not one of the 2,309 answers" in await play(app, pilot, "salet")
        assert "ZZZZZ is not an allowed guess" in await play(app, pilot, "hello", opener="zzzzz")
        assert not app.screen.played  # nothing was played
        said = await play(app, pilot, "hello", "optimal", opener="crane")
        assert "opens with SALET, not CRANE" in said and not app.screen.played
        await play(app, pilot, "hello", "neg_entropy/all", opener="crane")
        game, spec = make_game("wordle"), StrategySpec("neg_entropy", "all")
        expected = [s.guess for s in replay(game, spec, "hello", opener="crane")]
        assert [w for w, _, _ in app.screen.played] == expected
        assert expected[0] == "crane" and expected[-1] == "hello"
        assert isinstance(app.screen, WatchScreen)


def test_play_out_takes_an_opener_and_the_optimal_trees() -> None:
    done = runner.invoke(cli, ["play-out", "hello", "--strategy", "optimal"])
    assert done.exit_code == 0 and "1. SALET" in done.stdout and "with optimal" in done.stdout
    opened = runner.invoke(cli, ["play-out", "hello", "--opener", "CRANE", "--json"])
    assert opened.exit_code == 0
    assert '"opener": "crane"' in opened.stdout and '"guess": "crane"' in opened.stdout
    for args, said in (
        (["--opener", "zzzzz"], "not one of the 12,972 allowed guesses"),
        (["--strategy", "optimal", "--opener", "crane"], "opens with SALET, not CRANE"),
        (["--strategy", "best"], "unknown strategy 'best'"),
        (["--strategy", "optimal", "--metric", "max"], "leave out --metric"),
    ):
        bad = runner.invoke(cli, ["play-out", "hello", *args])
        assert bad.exit_code == 2 and said in bad.stderr, (args, bad.stderr)
