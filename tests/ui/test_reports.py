"""Strategy reports: the screen (live table, compare, hardest replay, cancel, export) and the
export formats of the report command."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import re
import threading
from functools import partial
from pathlib import Path

import apptest
import pytest
from textual.widgets import DataTable, Input, Select, TabbedContent
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.solver import make_game
from wordle_tui.solver.listsets import load_set
from wordle_tui.solver.reports.scores import (
    StrategySpec,
    cached_spec,
    first_guess_table,
    hardest,
    ranked,
    replay,
    strategies_for,
)
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.reports.screen import ReportsScreen
from wordle_tui.ui.reports.workers import ReportWorkers
from wordle_tui.ui.widgets import Histogram

CLASSIC = load_set("classic")  # the 2022 lists these figures are stated on

SIZE = (80, 24)


def reports_app(tmp_path: Path) -> WordleTuiApp:
    return WordleTuiApp(
        GameRequest("reports"), history=History(tmp_path / "h.sqlite3"), lists=CLASSIC
    )


settle = partial(apptest.settle, rounds=60, quiet=3)


async def test_choosing_a_strategy_shows_its_histogram_and_summary(tmp_path) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ReportsScreen)
        await settle(app, pilot)
        app.screen.query_one(TabbedContent).active = "tab-compare"
        app.screen.query_one("#strategy-a", Select).value = "max/norvig"
        await settle(app, pilot)
        figures = str(app.screen.query_one("#figures-a").render())
        assert "RAISE" in figures and "mean: 3.55" in figures and "worst: 6" in figures
        histogram = app.screen.query_one("#histogram-a", Histogram)
        assert sum(histogram.data.values()) == 2309 and max(histogram.data) == 6
        table = app.screen.query_one("#summary-table", DataTable)
        rows = [table.get_row_at(i) for i in range(table.row_count)]
        assert ["max: smallest worst case", "", "", "3.55 (6)", ""] in [
            [str(c) for c in r] for r in rows
        ]


def summary_cells(screen) -> list[list[str]]:
    table = screen.query_one("#summary-table", DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


def filled(screen) -> int:
    """How many strategies the summary table shows figures for."""
    return sum("(" in cell for row in summary_cells(screen) for cell in row[1:])


async def test_opening_computes_only_the_two_chosen_strategies(tmp_path, home) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        chosen = {screen.strategy("a"), screen.strategy("b")}
        assert set(screen.results) == chosen == {"neg_entropy/norvig", "optimal"}
        assert filled(screen) == 2 and len(summary_cells(screen)) == 9  # every row, shown
        assert "2 of 27 strategies on classic computed;" in status(screen)


async def test_reopening_shows_every_strategy_computed_before(tmp_path, home) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        app.screen.query_one("#strategy-a", Select).value = "max/norvig"
        await settle(app, pilot)
        assert filled(app.screen) == 3
        await pilot.press("escape")
        app.action_open("reports")  # a new screen: the third comes from the disk cache
        await settle(app, pilot)
        assert set(app.screen.results) == {"neg_entropy/norvig", "optimal", "max/norvig"}
        assert filled(app.screen) == 3 and "3 of 27 strategies on classic computed;" in status(
            app.screen
        )


async def test_a_run_counts_every_strategy_and_shows_each_rows_progress(
    tmp_path, home, monkeypatch
) -> None:
    from wordle_tui.ui.reports import workers as reports_workers

    shown: list[list[list[str]]] = []
    real, started = reports_workers.cached_spec, threading.Event()

    def slow(game, spec, seed=0, progress=None):
        started.wait(30)  # the run waits until its first status has been read
        if spec.metric == "max":  # a tree: report half-way, then the real result
            progress(1, 2)
        return real(game, spec, seed, progress if spec.metric != "max" else None)

    app = WordleTuiApp(
        GameRequest("reports"), history=History(tmp_path / "h.sqlite3"), lists=CLASSIC
    )
    answers = tmp_path / "answers.txt"  # Wordle on 120 answers: every strategy in seconds
    answers.write_text("\n".join(CLASSIC.answers[::19][:120]) + "\n")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        box = screen.query_one("#report-answers", Input)
        box.value = str(answers)
        await box.action_submit()
        await settle(app, pilot, rounds=600)
        assert screen.answers == str(answers) and len(screen.game.targets) == 120
        real_show = screen.show_summary

        def spy() -> None:
            real_show()
            shown.append(summary_cells(screen))

        screen.show_summary = spy
        # Held from here only: the strategy shown is computed when the answers load.
        monkeypatch.setattr(reports_workers, "cached_spec", slow)
        await pilot.press("ctrl+r")
        assert f" of {len(screen.specs)} strategies" in status(screen)  # one count throughout
        started.set()
        await settle(app, pilot, rounds=600)
        total = len(strategies_for(screen.game))
        assert status(screen) == f"All {total} strategies done." and filled(screen) == total
        cells = {cell for table in shown for row in table for cell in row}
        assert "…" in cells and "50%" in cells  # queued rows, and a row half-way


async def test_a_running_report_can_be_cancelled(tmp_path) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press("ctrl+x")
        await settle(app, pilot)
        status = str(screen.query_one("#report-status").render())
        assert "Cancelled after" in status
        assert len(screen.results) < len(screen.specs) == 27


async def test_a_hardest_target_replays_row_by_row(tmp_path) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        screen.query_one(TabbedContent).active = "tab-hardest"
        await pilot.pause()
        table = screen.query_one("#hardest-table", DataTable)
        assert table.row_count == 30
        first = str(table.get_row_at(0)[0]).lower()
        table.focus()
        await pilot.press("enter")
        await settle(app, pilot)
        rows = list(screen.query("#replay BoardRow"))
        assert rows and screen.replayed[-1][0] == first and screen.replayed[-1][1] == "GGGGG"
        assert len(rows) == int(str(table.get_row_at(0)[1]))


async def test_export_writes_the_table_in_the_data_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path / "data"))
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+e")
        path = tmp_path / "data" / "exports" / "wordle-tui-wordle-comparison.md"
        assert path.exists() and "| strategy | consistent |" in path.read_text()
        assert not (tmp_path / "wordle-tui-wordle-comparison.md").exists()  # never the cwd
        shown = str(app.screen.query_one("#report-status").render())
        assert f"Exported {path.name} to {path.parent}/" == shown


async def test_switching_game_lists_its_strategies(tmp_path) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        app.screen.query_one("#report-game", Select).value = "jotto"
        for _ in range(200):  # the switch, then its results, arrive through messages
            await settle(app, pilot)
            if "expectation/norvig" in app.screen.results:
                break
        assert app.screen.game.name == "jotto"
        assert "expectation/norvig" in app.screen.results


def test_cached_results_are_reused_and_damage_is_ignored(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path))
    game = make_game("jotto")
    spec = StrategySpec("max", "norvig")
    first = cached_spec(game, spec)
    files = list((tmp_path / "cache").glob("result-*.json"))
    assert len(files) == 1
    assert cached_spec(game, spec).scores == first.scores
    files[0].write_text("{damaged")
    assert cached_spec(game, spec).summary == first.summary


def test_replay_matches_the_strategys_scores() -> None:
    game = make_game("wordle")
    for spec in (
        StrategySpec("max", "norvig"),
        StrategySpec("random", "consistent"),
        StrategySpec("optimal", "all"),
    ):
        result = cached_spec(game, spec)
        for target, score in hardest(result, 3):
            steps = replay(game, spec, target)
            assert len(steps) == score and steps[-1].guess == target


runner = CliRunner()


def test_export_formats_parse_back_to_the_json_report() -> None:
    base = ["report", "--metric", "expectation", "--guesses", "norvig"]
    data = json.loads(runner.invoke(cli, [*base, "--json"]).stdout)
    rows = list(csv.reader(io.StringIO(runner.invoke(cli, [*base, "--format", "csv"]).stdout)))
    head, values = rows[0], rows[1]
    row = dict(zip(head, values, strict=True))
    assert float(row["mean"]) == pytest.approx(data["mean"], abs=1e-4)
    assert int(row["worst"]) == data["worst"] and row["first_guess"] == data["first_guess"]
    histogram = {r[0]: int(r[1]) for r in rows[4:] if r}
    assert histogram == data["histogram"]
    markdown = runner.invoke(cli, [*base, "--format", "markdown"]).stdout
    md_hist = {
        line.split("|")[1].strip(): int(line.split("|")[2].strip().replace(",", ""))
        for line in markdown.splitlines()
        if line.startswith("| ") and line.split("|")[1].strip().isdigit()
    }
    assert md_hist == data["histogram"]
    text = runner.invoke(cli, [*base, "--format", "text"]).stdout
    assert f"mean: {data['mean']:.2f}" in text


def test_the_whole_comparison_table(tmp_path) -> None:
    """Every cell of `--all` is what the one strategy's report says (the seeds' figures for
    these rows are checked by tests/project/test_seed_figures.py, on the full lists)."""
    words = make_game("jotto").targets[::12]  # 116 of Jotto's words: every strategy in seconds
    (tmp_path / "w.txt").write_text("\n".join(words) + "\n")
    lists = ["--game", "jotto", "--answers", str(tmp_path / "w.txt"), "--ties", "a-z"]
    lists += ["--guess-list", str(tmp_path / "w.txt")]
    result = runner.invoke(cli, ["report", "--all", *lists, "--format", "csv"])
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == ["strategy", "consistent", "hard", "norvig", "all"]
    table = {r[0]: r[1:] for r in rows[1:]}
    data = json.loads(runner.invoke(cli, ["report", "--all", *lists, "--format", "json"]).stdout)
    markdown = runner.invoke(cli, ["report", "--all", *lists, "--format", "markdown"]).stdout
    fresh = {"WORDLE_TUI_HOME": str(tmp_path / "fresh")}  # each computed again, not read
    for metric in ("max", "expectation", "neg_entropy"):
        for column, policy in enumerate(("consistent", "hard", "norvig", "all")):
            one = ["report", *lists, "--metric", metric, "--guesses", policy, "--json"]
            ours = json.loads(runner.invoke(cli, one, env=fresh).stdout)
            cell = f"{ours['mean']:.2f} ({ours['worst']})"
            assert table[metric][column] == cell, (metric, policy)
            assert data["strategies"][f"{metric}/{policy}"]["mean"] == ours["mean"]
            assert data["strategies"][f"{metric}/{policy}"]["ties"] == "a-z"
        assert f"| {metric} | {table[metric][0]} |" in markdown
    bad = runner.invoke(cli, ["report", "--format", "pdf"])
    assert bad.exit_code == 2 and "unknown format" in bad.stderr


async def test_a_bad_answers_file_keeps_the_previous_lists(tmp_path) -> None:
    from textual.widgets import Input

    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        before = dict(screen.results)
        answers = screen.query_one("#report-answers", Input)
        answers.value = str(tmp_path / "missing.txt")
        await answers.action_submit()
        await pilot.pause()
        status = str(screen.query_one("#report-status").render())
        assert "no such word list file" in status and "kept the previous lists" in status
        notices = [str(n.message) for n in app._notifications]  # the whole message, unclipped
        assert any(
            n.endswith("missing.txt: no such word list file (kept the previous lists)")
            for n in notices
        )
        assert screen.game is not None and screen.answers is None
        assert screen.results.keys() == before.keys()


# Random keys and clicks at any speed


def gate(monkeypatch, name: str) -> threading.Event:
    """Hold the first call of the reports screen's `name` (a solver function) until set."""
    from wordle_tui.ui.reports import workers as reports_workers

    release, real, calls = threading.Event(), getattr(reports_workers, name), []

    def held(*args):
        calls.append(args)
        if len(calls) == 1:
            release.wait(timeout=10)
        return real(*args)

    monkeypatch.setattr(reports_workers, name, held)
    return release


def status(screen) -> str:
    return str(screen.query_one("#report-status").render())


async def test_cancel_during_a_slow_strategy_says_so_at_once(tmp_path, home, monkeypatch) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        release = gate(monkeypatch, "cached_spec")
        await pilot.press("ctrl+r", "ctrl+r", "ctrl+x")
        assert status(screen).startswith("Cancelled after 2 of 27") and not screen.run.going
        release.set()
        await settle(app, pilot)
        assert status(screen).startswith("Cancelled after 2 of 27")  # late progress dropped
        await pilot.press("ctrl+x")
        assert "Nothing is running" in status(screen)


async def test_cancel_stops_a_strategy_midway(tmp_path, home, monkeypatch) -> None:
    """ctrl+x does not wait for the strategy being computed to place every target."""
    from wordle_tui.ui.reports import workers as reports_workers

    real, steps = reports_workers.cached_spec, []
    reached, release = threading.Event(), threading.Event()

    def held_at_first_step(game, spec, seed=0, progress=None):
        def step(done: int, total: int) -> None:
            steps.append((spec.name, done))
            reached.set()
            release.wait(timeout=10)
            progress(done, total)

        return real(game, spec, seed, step if progress else None)

    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        monkeypatch.setattr(reports_workers, "cached_spec", held_at_first_step)
        await pilot.press("ctrl+r")
        for _ in range(400):
            if reached.is_set():
                break
            await asyncio.sleep(0.05)
        assert reached.is_set()
        await pilot.press("ctrl+x")
        release.set()
        await settle(app, pilot)
        stopped = steps[0][0]
        assert [name for name, _ in steps] == [stopped]  # no step after the cancel
        assert stopped not in screen.results and status(screen).startswith("Cancelled after")


async def test_switching_game_while_workers_run_keeps_only_its_results(tmp_path, home) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        select = screen.query_one("#report-game", Select)
        await pilot.press("ctrl+r")
        select.value = "jotto"
        await pilot.pause()
        select.value = "wordle"  # and back: the jotto workers' results must not count
        await pilot.pause()
        select.value = "jotto"
        await settle(app, pilot)
        jotto = make_game("jotto")
        assert screen.game.name == "jotto" and not screen.run.going
        assert set(screen.results) == {"expectation/norvig", "optimal"}  # the Compare defaults
        for name, result in screen.results.items():
            spec = next(s for s in strategies_for(jotto) if s.name == name)
            assert result.summary == cached_spec(jotto, spec).summary
        assert "Cancelled" not in str(screen.query_one("#report-status").render())


async def test_typing_in_the_search_box_filters_first_guesses(tmp_path) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        screen.query_one(TabbedContent).active = "tab-first"
        screen.query_one("#first-search").focus()
        await pilot.press(*"cra")  # perhaps before the table has arrived
        await settle(app, pilot)
        table = screen.query_one("#first-table", DataTable)
        cells = [str(c) for i in range(table.row_count) for c in table.get_row_at(i)]
        assert 0 < table.row_count <= 40 and "CRANE" in cells
        await pilot.press(*"zzzz")
        assert table.row_count == 0
        await pilot.press(*["backspace"] * 7)
        assert table.row_count == 20  # the best 15 and the worst 5


async def test_the_first_guess_search_finds_any_allowed_guess_as_you_type(tmp_path) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        screen.query_one(TabbedContent).active = "tab-first"
        await pilot.pause()
        await pilot.press(*"sale")  # no click: the search box has the focus
        table = screen.query_one("#first-table", DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        assert rows and all(row[1].startswith("SALE") for row in rows)  # the word column only
        salet = next(row for row in rows if row[1] == "SALET")  # not an answer, the best opener
        by_largest = [r.word for r in ranked(first_guess_table(screen.game, "all"), "max")]
        assert salet[0] == str(by_largest.index("salet") + 1) and len(salet) == 7
        await pilot.press("backspace", "backspace", "backspace", "backspace", *"999")
        assert table.row_count == 0  # figures are never matched


def test_report_lists_the_hardest_targets_in_text_and_json() -> None:
    base = ["report", "--metric", "max", "--guesses", "norvig", "--hardest", "4"]
    expected = hardest(cached_spec(make_game("wordle"), StrategySpec("max", "norvig")), 4)
    data = json.loads(runner.invoke(cli, [*base, "--json"]).stdout)
    assert [(h["target"], h["guesses"]) for h in data["hardest"]] == expected
    text = runner.invoke(cli, base).stdout
    assert "the 4 hardest targets" in text
    assert all(re.search(rf"{word.upper()}\s+{score}\b", text) for word, score in expected)
    bad = runner.invoke(cli, [*base, "--format", "csv"])
    assert bad.exit_code == 2 and "--hardest" in bad.stderr


async def test_a_late_replay_is_dropped(tmp_path, monkeypatch) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        screen.query_one(TabbedContent).active = "tab-hardest"
        await pilot.pause()
        table = screen.query_one("#hardest-table", DataTable)
        table.focus()
        second = str(table.get_row_at(1)[0])
        release = gate(monkeypatch, "replay")
        await pilot.press("enter", "down", "enter")  # the first replay is held
        await settle(app, pilot, rounds=5)
        assert screen.replayed[-1][0] == second.lower()
        release.set()
        await settle(app, pilot)
        assert screen.replayed[-1][0] == second.lower()
        assert second in str(screen.query_one("#replay-title").render())


async def test_a_replay_from_the_game_left_is_dropped(tmp_path, monkeypatch) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        screen.query_one(TabbedContent).active = "tab-hardest"
        await pilot.pause()
        screen.query_one("#hardest-table", DataTable).focus()
        release = gate(monkeypatch, "replay")
        await pilot.press("enter")
        screen.query_one("#report-game", Select).value = "jotto"
        await pilot.pause()
        release.set()
        await settle(app, pilot)
        assert screen.replayed == [] and not list(screen.query("#replay BoardRow"))
        assert "Choose a target" in str(screen.query_one("#replay-title").render())


async def test_closing_while_workers_run_drops_their_results(tmp_path, home, monkeypatch) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        computer = screen.computer
        release = gate(monkeypatch, "cached_spec")
        await pilot.press("ctrl+r", "escape")  # the run is held inside its first strategy
        assert not isinstance(app.screen, ReportsScreen)
        release.set()  # it finishes, and posts to the closed screen
        await pilot.pause(0.5)
        late = ReportWorkers.Computed(screen.key, StrategySpec("max", "norvig"), None)
        assert not computer.post_message(late)  # Textual drops it: the screen is gone
        await pilot.press("down")
        assert app.is_running and "random" not in screen.results
