"""Strategy reports at 80x24 with the keyboard only: tabs switch from anywhere and never type
into the search box, the screen's own keys beat a text box's, exports say what they hold, and
the tables say what their labels mean."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from test_reports import SIZE, gate, reports_app, settle, status
from textual.widgets import DataTable, Input, Static, TabbedContent, Tabs

from wordle_tui.render import cumulative_line, histogram_table, percent
from wordle_tui.solver import make_game
from wordle_tui.solver.reports.model import summarize
from wordle_tui.ui.reports.format import ExportInfo, export, exported_text, short_folder


def active(screen) -> str:
    return str(screen.query_one(TabbedContent).active)


def shown_keys(screen) -> set[str]:
    """The descriptions the footer shows for the screen's keys now."""
    return {b.binding.description for b in screen.active_bindings.values() if b.binding.show}


async def test_arrows_on_the_tab_bar_switch_tabs_and_never_type_into_the_search(tmp_path) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        screen.query_one(Tabs).focus()
        await pilot.press("right", "right")
        assert active(screen) == "tab-first"
        assert isinstance(app.focused, Tabs)  # not the search box
        await pilot.press("right")
        assert active(screen) == "tab-hardest"
        await pilot.press("left", "left")
        assert active(screen) == "tab-compare"
        assert screen.query_one("#first-search", Input).value == ""


async def test_number_keys_and_ctrl_arrows_switch_tabs_from_anywhere(tmp_path) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        screen.query_one("#summary-table", DataTable).focus()
        await pilot.press("3")
        assert active(screen) == "tab-first" and isinstance(app.focused, Tabs)
        await pilot.press(*"sal")  # a letter on the first-guess tab starts a search
        search = screen.query_one("#first-search", Input)
        assert app.focused is search and search.value == "sal"
        await pilot.press("4")  # typed: the box has the focus
        assert search.value == "sal4" and active(screen) == "tab-first"
        await pilot.press("ctrl+right")  # from inside the box
        assert active(screen) == "tab-hardest" and isinstance(app.focused, Tabs)
        await pilot.press("ctrl+right")  # round the end
        assert active(screen) == "tab-summary"
        await pilot.press("ctrl+left", "2")
        assert active(screen) == "tab-compare"
        await pilot.press("1")
        assert active(screen) == "tab-summary"


async def test_export_and_cancel_work_and_show_while_typing_in_a_box(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path / "data"))
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        await pilot.press("3", *"cr")
        assert isinstance(app.focused, Input)
        assert {"Export", "Cancel", "Run all"} <= shown_keys(screen)
        await pilot.press("ctrl+x")
        assert "Nothing is running" in status(screen)
        await pilot.press("ctrl+e")
        assert (tmp_path / "data" / "exports" / "wordle-tui-wordle-comparison.md").exists()
        assert screen.query_one("#first-search", Input).value == "cr"  # untouched


async def test_an_export_during_a_run_says_it_is_incomplete(tmp_path, home, monkeypatch) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        release = gate(monkeypatch, "cached_spec")
        await pilot.press("ctrl+r", "ctrl+e")  # the run is held inside its first strategy
        shown = status(screen)
        await pilot.press("ctrl+x")
        release.set()
        await settle(app, pilot)
    text = (home / "exports" / "wordle-tui-wordle-comparison.md").read_text()
    head = text.split("| strategy |")[0]
    assert head.startswith("# wordle-tui strategy report")
    assert "- game: wordle" in head and "- lists: classic (2,309 answers" in head
    assert "- strategies: 2 of 27 strategies computed" in head
    assert f"- date: {datetime.now():%Y-%m-%d}" in head
    assert "**Incomplete:**" in head and "25 strategies are not in this table yet" in head
    assert "Exported wordle-tui-wordle-comparison.md to " in shown
    assert "Incomplete: 25 strategies are still computing." in shown


def test_a_finished_export_has_a_header_and_no_warning() -> None:
    game = make_game("jotto")
    from wordle_tui.solver.reports.scores import StrategySpec, cached_spec

    result = cached_spec(game, StrategySpec("max", "norvig"))
    info = ExportInfo("classic", 1, 1, False, datetime(2025, 3, 4, 5, 6))
    name, text = export(game, {"max/norvig": result}, False, "max/norvig", info)
    assert name == "wordle-tui-jotto-comparison.md"
    assert "- date: 2025-03-04 05:06" in text and "Incomplete" not in text
    assert "- strategies: 1 of 1 strategy computed" in text
    name, one = export(game, {"max/norvig": result}, True, "max/norvig", info)
    assert one.startswith("# wordle-tui strategy report: max/norvig") and "| guesses |" in one


def test_an_exported_path_is_short_and_wraps_between_file_and_folder() -> None:
    path = Path.home() / ".local" / "share" / "wordle-tui" / "exports" / "report.md"
    info = ExportInfo("nyt", 3, 3, False, datetime.now())
    assert short_folder(path.parent) == "~/.local/share/wordle-tui/exports/"
    assert exported_text(path, info, False) == (
        "Exported report.md to ~/.local/share/wordle-tui/exports/"
    )
    assert short_folder(Path("/srv/data")) == "/srv/data/"


async def test_the_summary_says_what_its_rows_and_columns_mean(tmp_path) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        table = screen.query_one("#summary-table", DataTable)
        labels = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert "max: smallest worst case" in labels and "neg_entropy: most bits" in labels
        legend = str(screen.query_one("#summary-legend", Static).render())
        for policy in ("consistent:", "hard:", "norvig:", "all:"):
            assert policy in legend
        assert "mean guesses (worst)" in legend
        assert screen.query_one("#summary-legend").region.bottom <= 23  # above the footer


async def test_the_hardest_tab_says_whose_games_they_are(tmp_path) -> None:
    app = reports_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        await pilot.press("4")
        about = str(screen.query_one("#hardest-about", Static).render())
        assert about.startswith("The 30 games neg_entropy/norvig")
        assert "Enter replays one" in about


def test_percentages_are_written_one_way_and_never_falsely_0_or_100() -> None:
    assert [percent(v) for v in (0, 0.04, 0.4, 37.4, 99.6, 99.97, 99.999, 100)] == [
        *("0%", "<0.1%", "0.4%", "37%", "99.6%", "99.97%", ">99.99%", "100%")
    ]
    summary = summarize([1] + [3] * 2000 + [4] * 1000 + [7] * 3)
    line = cumulative_line(summary)
    assert "≤6:99.90%" not in line and "≤6:99.9%" in line and "≤7:100%" in line
    assert ".0%" not in line  # no "100.0%" beside "100%"
    from rich.console import Console

    console = Console(width=80, record=True)
    console.print(histogram_table(summary.histogram))
    shown = console.export_text()
    assert "1 (<0.1%)" in shown and "(0.0%)" not in shown


def test_the_help_explains_every_strategy_policy_and_key() -> None:
    from wordle_tui.solver.reports.model import REPORT_METRICS, REPORT_POLICIES, TREE_STRATEGIES
    from wordle_tui.ui.help import topics

    text = topics()["reports"]
    for name in (*REPORT_METRICS, "random", *TREE_STRATEGIES, *REPORT_POLICIES):
        assert f"`{name}`" in text, name
    assert "1-4" in text and "ctrl+e" in text and "incomplete" in text


def test_the_compare_tab_and_exports_carry_the_adversary_figure_when_there_is_one() -> None:
    from wordle_tui.solver.chooser.adversary import adversary_mean
    from wordle_tui.solver.listsets import load_set
    from wordle_tui.solver.reports.scores import run_tree
    from wordle_tui.ui.reports.format import figures_text

    game = make_game("wordle", lists=load_set("classic"))
    result = run_tree(game, "optimal")
    against = adversary_mean(game, result.scores)
    assert against is not None
    shown = figures_text(result, against)
    assert f"against the adversary: {against:.2f}" in shown
    assert "against the adversary" not in figures_text(result)  # lists without one
    info = ExportInfo("classic", 1, 1, False, datetime(2025, 3, 4, 5, 6))
    table = export(game, {"optimal": result}, False, "optimal", info, {"optimal": against})
    assert table is not None and "against the adversary (expected guesses)" in table[1]
    one = export(game, {"optimal": result}, True, "optimal", info, {"optimal": against})
    assert one is not None and f"against the adversary: {against:.4f}" in one[1]
