"""The reports screen's parts: the summary table, a compare side, the first-guess tab and the
hardest tab. They show what the screen hands them and post messages; the screen owns the
results and the workers."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Button, DataTable, Input, ProgressBar, Select, Static, TabPane

from ...paths import served
from ...solver.reports.scores import REPORT_POLICIES, StrategyResult
from ..widgets import BoardRow, Histogram
from .format import FIRST_GUESS_COLUMNS, GAMES, figures_text, first_guess_rows, replay_cells

ROW_LABEL_WIDTH = 24  # "max: smallest worst case"
REPLAY_PROMPT = "Choose a target and press Enter to replay the strategy's game."


class ReportControls(Horizontal):
    """The game and answers file to report on, and the run, cancel and export buttons."""

    class GameChosen(Message):
        def __init__(self, name: str) -> None:
            self.name = name
            super().__init__()

    class AnswersChosen(Message):
        def __init__(self, path: str | None) -> None:
            self.path = path  # None: the game's default list
            super().__init__()

    def __init__(self, game_name: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.game_name = game_name

    def compose(self) -> ComposeResult:
        yield Select(GAMES, value=self.game_name, allow_blank=False, id="report-game")
        shown = "file in the data folder" if served() else "answers file (optional)"
        yield Input(placeholder=shown, id="report-answers")  # served: only the data folder's
        yield Button("Run all", id="run-all", variant="primary", action="screen.run_all")
        yield Button("Cancel", id="cancel", action="screen.cancel")
        yield Button("Export", id="export", action="screen.export")

    def show_game(self, name: str) -> None:
        """Show `name` as the chosen game, without posting `GameChosen`."""
        select = self.query_one(Select)
        with select.prevent(Select.Changed):
            select.value = name

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self.post_message(self.GameChosen(str(event.value)))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.post_message(self.AnswersChosen(event.value.strip() or None))


class ReportStatus(Horizontal):
    """The progress of a run over every strategy, and a status line."""

    def compose(self) -> ComposeResult:
        yield ProgressBar(id="report-progress", show_eta=False)
        yield Static("", id="report-status", markup=False)  # it quotes paths and errors

    def say(self, text: str) -> None:
        self.query_one("#report-status", Static).update(text)

    def show_progress(self, done: int, total: int) -> None:
        self.query_one(ProgressBar).update(total=total, progress=done)


class SummaryTable(DataTable):
    """Every strategy's mean (and worst) under each guess policy."""

    def reset(self) -> None:
        self.clear(columns=True)
        # Fixed widths: the table is rebuilt as results arrive, and columns that grew with
        # their contents made it jump about (and come out differently on a busy machine).
        self.add_column("strategy", key="strategy", width=ROW_LABEL_WIDTH)
        for policy in REPORT_POLICIES:
            self.add_column(policy, key=policy, width=max(len(policy), len("99.99 (99)")))
        self.show([])

    def show(self, rows: list[list[str]]) -> None:
        self.clear()
        for row in rows or [["(run a strategy)", "", "", "", ""]]:
            self.add_row(*row)


class CompareSide(Vertical):
    """One side of the comparison: a strategy select, its figures and its histogram."""

    class Chosen(Message):
        """The player chose another strategy on this side."""

        def __init__(self, side: str, name: str) -> None:
            self.side, self.name = side, name
            super().__init__()

    def __init__(self, side: str, **kwargs) -> None:
        super().__init__(classes="compare-side", **kwargs)
        self.side = side

    def compose(self) -> ComposeResult:
        yield Select(
            [("random consistent guesser", "random")],
            allow_blank=False,
            id=f"strategy-{self.side}",
        )
        yield Static("", id=f"figures-{self.side}", classes="figures")
        yield Histogram(id=f"histogram-{self.side}", width=18)

    @property
    def strategy(self) -> str:
        return str(self.query_one(Select).value)

    def offer(self, options: list[tuple[str, str]], chosen: str) -> None:
        """Offer a game's strategies with one chosen, without posting `Chosen`."""
        select = self.query_one(Select)
        with select.prevent(Select.Changed):
            select.set_options(options)
            select.value = chosen

    def show(self, result: StrategyResult | None, adversary: float | None = None) -> None:
        self.query_one(Static).update(figures_text(result, adversary))
        self.query_one(Histogram).data = {} if result is None else result.summary.histogram

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if event.value is Select.BLANK or event.value != event.select.value:
            return  # stale: the select has moved on (its own mount, or a game change)
        self.post_message(self.Chosen(self.side, str(event.value)))


class FirstGuessPane(TabPane):
    """Every first guess ranked three ways, side by side, with a search box."""

    def __init__(self) -> None:
        super().__init__("First guesses", id="tab-first")
        self.orders: list[list] = []

    def compose(self) -> ComposeResult:
        yield Input(placeholder="search words…", id="first-search", select_on_focus=False)
        yield DataTable(id="first-table", zebra_stripes=True)

    def show(self, orders: list[list]) -> None:
        """Show a game's ranked first guesses (from `first_guess_orders`)."""
        self.orders = orders
        self.show_rows()

    def show_rows(self) -> None:
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.add_columns(*FIRST_GUESS_COLUMNS)
        for row in first_guess_rows(self.orders, self.query_one(Input).value):
            table.add_row(*row)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.show_rows()


class HardestPane(TabPane):
    """The targets that took the most guesses, and the replay of the one chosen."""

    class ReplayAsked(Message):
        def __init__(self, target: str) -> None:
            self.target = target
            super().__init__()

    def __init__(self) -> None:
        super().__init__("Hardest", id="tab-hardest")

    def compose(self) -> ComposeResult:
        yield Static("", id="hardest-about", markup=False)
        with Horizontal():
            yield DataTable(id="hardest-table", cursor_type="row")
            with VerticalScroll(id="replay"):
                yield Static(REPLAY_PROMPT, id="replay-title")

    def show_targets(self, targets: list[tuple[str, int]], about: str) -> None:
        """Show the hardest targets, with a line saying whose they are (`about`)."""
        self.query_one("#hardest-about", Static).update(about)
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.add_columns("target", "guesses")
        for word, score in targets:
            table.add_row(word.upper(), str(score), key=word)

    def show_title(self, text: str) -> None:
        self.query_one("#replay-title", Static).update(text)

    def clear_replay(self) -> None:
        self.show_replay(REPLAY_PROMPT, [])

    def show_replay(self, title: str, rows: list[tuple[str, str, int]]) -> None:
        box = self.query_one("#replay", VerticalScroll)
        for row in list(box.query(BoardRow)):
            row.remove()
        self.show_title(title)
        for word, reply, left in rows:
            row = BoardRow(len(word), classes="mini")
            box.mount(row)
            row.call_after_refresh(row.show, word, *replay_cells(reply, left))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.post_message(self.ReplayAsked(str(event.row_key.value)))
