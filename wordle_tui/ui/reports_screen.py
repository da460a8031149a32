"""Strategy reports: the comparison table filling in live, two strategies side by side, the
first-guess table, and the hardest targets with their replays.

Workers compute (from the disk cache when they can) and post results; the handlers own the
results and the widgets.
"""

from __future__ import annotations

from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import (
    Button,
    DataTable,
    Footer,
    Input,
    ProgressBar,
    Select,
    Static,
    TabbedContent,
    TabPane,
)
from textual.worker import get_current_worker

from ..render import cumulative_line, summary_line
from ..solver.games import Game, make_game
from ..solver.report import (
    REPORT_POLICIES,
    StrategyResult,
    StrategySpec,
    cached_spec,
    comparison_rows,
    export_comparison,
    export_result,
    first_guess_table,
    hardest,
    parse_strategy,
    ranked,
    replay,
    strategies_for,
)
from ..solver.words import WordListError
from .widgets import BoardRow, Histogram

GAMES = (("Wordle", "wordle"), ("Jotto", "jotto"), ("Antiwordle", "antiwordle"))
DEFAULTS = {
    "wordle": ("neg_entropy/norvig", "optimal"),
    "jotto": ("expectation/norvig", "neg_entropy/norvig"),
    "antiwordle": ("entropy/consistent", "random"),
}
FIRST_GUESS_ROWS = 15


class ReportsScreen(Screen):
    """Run and compare strategies over every target."""

    BINDINGS = [
        Binding("ctrl+r", "run_all", "Run all"),
        Binding("ctrl+x", "cancel", "Cancel"),
        Binding("ctrl+e", "export", "Export"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    class Computed(Message):
        def __init__(self, key: tuple, spec: StrategySpec, result: StrategyResult) -> None:
            self.key, self.spec, self.result = key, spec, result
            super().__init__()

    class Progressed(Message):
        def __init__(
            self, key: tuple, done: int, total: int, finished: bool, cancelled: bool = False
        ) -> None:
            self.key, self.done, self.total = key, done, total
            self.finished, self.cancelled = finished, cancelled
            super().__init__()

    class Replayed(Message):
        def __init__(self, target: str, rows: list[tuple[str, str, int]]) -> None:
            self.target, self.rows = target, rows
            super().__init__()

    class FirstGuesses(Message):
        def __init__(self, key: tuple, table: list) -> None:
            self.key, self.table = key, table
            super().__init__()

    def __init__(self, game: str = "wordle") -> None:
        super().__init__()
        self.game_name = game
        self.answers: str | None = None
        self.game: Game | None = None
        self.results: dict[str, StrategyResult] = {}
        self.first_table: list = []
        self.replayed: list[tuple[str, str, int]] = []

    def compose(self) -> ComposeResult:
        with Horizontal(id="report-controls"):
            yield Select(GAMES, value=self.game_name, allow_blank=False, id="report-game")
            yield Input(placeholder="answers file (blank: default list)", id="report-answers")
            yield Button("Run all", id="run-all", variant="primary")
            yield Button("Cancel", id="cancel")
            yield Button("Export", id="export")
        with Horizontal(id="report-status-bar"):
            yield ProgressBar(id="report-progress", show_eta=False)
            yield Static("", id="report-status")
        with TabbedContent(id="report-tabs"):
            with TabPane("Summary", id="tab-summary"):
                yield DataTable(id="summary-table", zebra_stripes=True, cursor_type="cell")
            with TabPane("Compare", id="tab-compare"), Horizontal():
                for side in ("a", "b"):
                    with Vertical(classes="compare-side"):
                        yield Select(
                            [("random consistent guesser", "random")],
                            allow_blank=False,
                            id=f"strategy-{side}",
                        )
                        yield Static("", id=f"figures-{side}", classes="figures")
                        yield Histogram(id=f"histogram-{side}", width=18)
            with TabPane("First guesses", id="tab-first"):
                yield Input(placeholder="search words…", id="first-search")
                yield DataTable(id="first-table", zebra_stripes=True)
            with TabPane("Hardest", id="tab-hardest"), Horizontal():
                yield DataTable(id="hardest-table", cursor_type="row")
                with VerticalScroll(id="replay"):
                    yield Static(
                        "Choose a target to replay the strategy's game.", id="replay-title"
                    )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#report-progress", ProgressBar).update(total=1, progress=0)
        self.load_game()

    # The game and its strategies

    @property
    def key(self) -> tuple:
        return (self.game_name, self.answers)

    def load_game(self, fallback: tuple[str, str | None] | None = None) -> None:
        """Load the chosen game and lists; on bad input keep what was there (`fallback`)."""
        try:
            self.game = make_game(self.game_name, self.answers or None)
        except (WordListError, ValueError) as error:
            if fallback is not None:
                self.game_name, self.answers = fallback
            message = f"{error} (kept the previous lists)" if self.game else str(error)
            self.status(message)
            self.notify(message, severity="error")  # the status line may be too narrow for it
            return
        self.results = {}
        specs = strategies_for(self.game)
        options = [(spec.label, spec.name) for spec in specs]
        first, second = DEFAULTS[self.game_name]
        names = [s.name for s in specs]
        for side, default in (("a", first), ("b", second)):
            select = self.query_one(f"#strategy-{side}", Select)
            with select.prevent(Select.Changed):  # only the chosen ones are computed below
                select.set_options(options)
                select.value = default if default in names else names[0]
        self.reset_summary()
        self.status(f"{len(specs)} strategies for {self.game_name}; ctrl+r runs them all.")
        self.compute_one(self.key, parse_strategy(self.strategy("a"), self.game))
        self.compute_one(self.key, parse_strategy(self.strategy("b"), self.game))
        self.load_first_guesses(self.key)

    def reset_summary(self) -> None:
        table = self.query_one("#summary-table", DataTable)
        table.clear(columns=True)
        # Fixed widths: the table is rebuilt as results arrive, and columns that grew with
        # their contents made it jump about (and come out differently on a busy machine).
        table.add_column("strategy", key="strategy", width=16)
        for policy in REPORT_POLICIES:
            table.add_column(policy, key=policy, width=max(len(policy), len("99.99 (99)")))
        self.refresh_summary()

    def refresh_summary(self) -> None:
        table = self.query_one("#summary-table", DataTable)
        table.clear()
        for row in comparison_rows(self.results) or [["(run a strategy)", "", "", "", ""]]:
            table.add_row(*row)

    def strategy(self, side: str) -> str:
        return str(self.query_one(f"#strategy-{side}", Select).value)

    def status(self, text: str) -> None:
        self.query_one("#report-status", Static).update(text)

    # Workers

    @work(thread=True, exclusive=True, group="report-all")
    def run_all(self, key: tuple, game: Game, specs: list[StrategySpec]) -> None:
        worker = get_current_worker()
        for done, spec in enumerate(specs, start=1):
            if worker.is_cancelled:
                self.post_message(self.Progressed(key, done - 1, len(specs), True, True))
                return
            self.post_message(self.Computed(key, spec, cached_spec(game, spec)))
            self.post_message(self.Progressed(key, done, len(specs), done == len(specs)))

    @work(thread=True, group="report-one")
    def compute_one(self, key: tuple, spec: StrategySpec) -> None:
        self.post_message(self.Computed(key, spec, cached_spec(self.game, spec)))

    @work(thread=True, exclusive=True, group="first-guesses")
    def load_first_guesses(self, key: tuple) -> None:
        self.post_message(self.FirstGuesses(key, first_guess_table(self.game)))

    @work(thread=True, exclusive=True, group="replay")
    def replay_target(self, spec: StrategySpec, target: str) -> None:
        steps = replay(self.game, spec, target)
        rows = [(s.guess, self.game.show(s.reply), s.remaining) for s in steps]
        self.post_message(self.Replayed(target, rows))

    # Handlers own the results

    def on_reports_screen_computed(self, message: Computed) -> None:
        if message.key != self.key:
            return
        self.results[message.spec.name] = message.result
        self.refresh_summary()
        for side in ("a", "b"):
            if self.strategy(side) == message.spec.name:
                self.show_side(side)
        if message.spec.name == self.strategy("a"):
            self.show_hardest()

    def on_reports_screen_progressed(self, message: Progressed) -> None:
        if message.key != self.key:
            return
        bar = self.query_one("#report-progress", ProgressBar)
        bar.update(total=message.total, progress=message.done)
        if message.cancelled:
            self.status(f"Cancelled after {message.done} of {message.total} strategies.")
        elif message.finished:
            self.status(f"All {message.total} strategies done.")
        else:
            self.status(f"{message.done} of {message.total} strategies…")

    def on_reports_screen_first_guesses(self, message: FirstGuesses) -> None:
        if message.key == self.key:
            self.first_table = message.table
            self.show_first_guesses()

    def on_reports_screen_replayed(self, message: Replayed) -> None:
        self.replayed = message.rows
        box = self.query_one("#replay", VerticalScroll)
        for row in list(box.query(BoardRow)):
            row.remove()
        self.query_one("#replay-title", Static).update(
            f"[b]{message.target.upper()}[/b] with {self.strategy('a')}: "
            f"{len(message.rows)} guesses"
        )
        for word, reply, left in message.rows:
            row = BoardRow(classes="mini")
            box.mount(row)
            row.call_after_refresh(row.show, word, reply, f"{left:,} left")

    # Showing

    def show_side(self, side: str) -> None:
        result = self.results.get(self.strategy(side))
        figures = self.query_one(f"#figures-{side}", Static)
        histogram = self.query_one(f"#histogram-{side}", Histogram)
        if result is None:
            figures.update("Computing…")
            histogram.data = {}
            return
        s = result.summary
        figures.update(
            f"first guess [b]{(result.first_guess or '-').upper()}[/b]\n"
            f"{summary_line(s)}\n{cumulative_line(s)}"
        )
        histogram.data = s.histogram

    def show_first_guesses(self) -> None:
        table = self.query_one("#first-table", DataTable)
        table.clear(columns=True)
        table.add_columns("#", "by largest", "", "by expected", "", "by bits", "")
        if not self.first_table:
            return
        wanted = self.query_one("#first-search", Input).value.strip().lower()
        orders = [ranked(self.first_table, m) for m in ("max", "expectation", "neg_entropy")]
        n = len(self.first_table)
        if wanted:
            ranks = sorted(
                {i for order in orders for i, r in enumerate(order) if r.word.startswith(wanted)}
            )[:40]
        else:
            ranks = [*range(FIRST_GUESS_ROWS), *range(n - 5, n)]
        for i in ranks:
            cells = [str(i + 1)]
            for order, value in zip(orders, ("max", "expectation", "neg_entropy"), strict=True):
                r = order[i]
                number = getattr(r, value)
                shown = (
                    f"{-number:.3f}"
                    if value == "neg_entropy"
                    else (f"{number:.1f}" if value == "expectation" else f"{number:,}")
                )
                cells += [r.word.upper(), shown]
            table.add_row(*cells)

    def show_hardest(self) -> None:
        result = self.results.get(self.strategy("a"))
        table = self.query_one("#hardest-table", DataTable)
        table.clear(columns=True)
        table.add_columns("target", "guesses")
        if result is not None:
            for word, score in hardest(result, 30):
                table.add_row(word.upper(), str(score), key=word)

    # Input

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "report-game":
            if event.value != self.game_name:
                self.game_name = str(event.value)
                self.load_game()
            return
        if self.game is None or event.value is Select.BLANK or event.value != event.select.value:
            return  # stale: the select has moved on (its own mount, or a game change)
        side = "a" if event.select.id == "strategy-a" else "b"
        name = str(event.value)
        self.show_side(side)
        if side == "a":
            self.show_hardest()
        if name not in self.results:
            self.compute_one(self.key, parse_strategy(name, self.game))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "report-answers":
            before = (self.game_name, self.answers)
            self.answers = event.value.strip() or None
            self.load_game(fallback=before)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "first-search":
            self.show_first_guesses()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {
            "run-all": self.action_run_all,
            "cancel": self.action_cancel,
            "export": self.action_export,
        }[event.button.id]()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "hardest-table" and self.game is not None:
            target = str(event.row_key.value)
            self.query_one("#replay-title", Static).update(f"Replaying {target.upper()}…")
            self.replay_target(parse_strategy(self.strategy("a"), self.game), target)

    def action_run_all(self) -> None:
        if self.game is None:
            return
        specs = [s for s in strategies_for(self.game) if s.name not in self.results]
        if not specs:
            self.status("Every strategy is already computed.")
            return
        self.query_one("#report-progress", ProgressBar).update(total=len(specs), progress=0)
        self.status(f"0 of {len(specs)} strategies…")
        self.run_all(self.key, self.game, specs)

    def action_cancel(self) -> None:
        cancelled = self.workers.cancel_group(self, "report-all")
        if not cancelled:
            self.status("Nothing is running.")

    def action_export(self) -> None:
        if self.game is None or not self.results:
            self.status("Nothing to export yet.")
            return
        tab = self.query_one("#report-tabs", TabbedContent).active
        if tab == "tab-compare":
            name = self.strategy("a")
            if name not in self.results:
                self.status("The strategy is still computing.")
                return
            path = Path.cwd() / f"wordle-tui-{self.game_name}-{name.replace('/', '-')}.md"
            text = export_result(self.results[name], "markdown")
        else:
            path = Path.cwd() / f"wordle-tui-{self.game_name}-comparison.md"
            text = export_comparison(self.game, self.results, "markdown")
        try:
            path.write_text(text + "\n")
        except OSError as error:
            self.status(f"Could not write {path}: {error.strerror}")
            return
        self.status(f"Exported to {path}")
