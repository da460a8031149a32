"""Statistics at 80x24 and on the command line: every finished Ghost game is charted (and an
empty chart says what it leaves out), each line says whose win it counts, and the command line
uses the games' titles and captions its charts."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.daily import DailyStats
from wordle_tui.history import History, SavedGame
from wordle_tui.settings import Settings
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.stats_screen import daily_summary

SIZE = (80, 24)
runner = CliRunner()


def record(history: History, game: str, result: str, score: int, variant: str = "") -> None:
    history.record(SavedGame(game, variant, "gecko", [], "2026-01-01T10:00:00"), result, score)


def rendered(app: WordleTuiApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def lines(app: WordleTuiApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_ghost_charts_every_finished_game(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    record(history, "ghost", "lost", 7, "ghost-3")
    record(history, "ghost", "abandoned", 2, "ghost-3")
    assert history.stats("ghost").distribution == {7: 1}  # the loss, not the abandoned game
    app = WordleTuiApp(history=history, settings=Settings(tmp_path / "s.json"))
    async with app.run_test(size=SIZE) as pilot:
        app.action_stats("ghost")
        await pilot.pause(0.2)
        chart = rendered(app, "#histogram-ghost")
        assert "No games yet" not in chart
        assert "Moves per game" in lines(app) and "1 (100%)" in lines(app)


async def test_an_empty_chart_says_what_it_leaves_out(tmp_path: Path) -> None:
    history = History(tmp_path / "h.sqlite3")
    record(history, "ghost", "abandoned", 2, "ghost-3")
    record(history, "jotto", "lost", 9)
    record(history, "jotto", "abandoned", 3)
    record(history, "jotto-computer", "abandoned", 3)
    app = WordleTuiApp(history=history, settings=Settings(tmp_path / "s.json"))
    async with app.run_test(size=SIZE) as pilot:
        app.action_stats("ghost")
        await pilot.pause(0.2)
        ghost = rendered(app, "#histogram-ghost")
        assert ghost == "No finished game to chart: 1 game abandoned."
        jotto = rendered(app, "#histogram-jotto")
        assert jotto == "No win to chart yet: 2 games lost or abandoned."
        computer = rendered(app, "#histogram-jotto-computer")
        assert computer == "No word of yours found yet: 1 word left unfinished."
        assert rendered(app, "#histogram-evil") == "No games yet."


async def test_jotto_the_other_way_mentions_unfinished_words_only_when_there_are(
    tmp_path: Path,
) -> None:
    history = History(tmp_path / "h.sqlite3")
    record(history, "jotto-computer", "won", 7)
    app = WordleTuiApp(history=history, settings=Settings(tmp_path / "s.json"))
    async with app.run_test(size=SIZE) as pilot:
        app.action_stats("jotto-computer")
        await pilot.pause(0.2)
        line = rendered(app, "#summary-jotto-computer")
        assert "100% of your words found by the computer" in line and "unfinished" not in line
    record(history, "jotto-computer", "abandoned", 3)
    app = WordleTuiApp(history=history, settings=Settings(tmp_path / "s.json"))
    async with app.run_test(size=SIZE) as pilot:
        app.action_stats("jotto-computer")
        await pilot.pause(0.2)
        assert "(1 word left unfinished)" in rendered(app, "#summary-jotto-computer")


def test_the_daily_line_reads_daily_streak_then_days() -> None:
    line = daily_summary(DailyStats(played=1, wins=1, current_streak=1, max_streak=1))
    assert "daily streak [b]1 day[/b]" in line and "day[/b] daily streak" not in line


def test_the_command_line_uses_titles_captions_and_says_whose_win(home: Path) -> None:
    history = History()
    record(history, "ghost", "lost", 7, "ghost-3")
    record(history, "jotto-computer", "won", 7)
    record(history, "wordle", "won", 3, "normal")
    history.close()
    done = runner.invoke(cli, ["stats"])
    assert done.exit_code == 0, done.output
    text = done.output
    assert "jotto-computer" not in text
    assert "Jotto: the computer guesses — played 1, the computer found your word in 100%" in text
    assert "unfinished" not in text
    assert "Ghost — played 1, win 0%" in text
    assert "Moves per game, yours and the computer's" in text  # the chart's caption
    assert "Guesses the computer took to find your word" in text
    assert "Guess distribution" in text
    assert "daily puzzle: 0 days played" in text  # as the app shows it
    only = runner.invoke(cli, ["stats", "--game", "ghost"]).output
    assert "7 █" in only  # Ghost's lost game is charted


def test_the_command_line_says_what_an_empty_chart_leaves_out(home: Path) -> None:
    history = History()
    record(history, "ghost", "abandoned", 2, "ghost-3")
    history.close()
    text = runner.invoke(cli, ["stats", "--game", "ghost"]).output
    assert "No finished game to chart: 1 game abandoned." in text
