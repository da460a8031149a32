"""Strategy reports: the comparison table filling in live, two strategies side by side, the
first-guess table, and the hardest targets with their replays.

Workers compute (from the disk cache when they can) and post results tagged with what they
were asked for; the handlers own the results and drop any that are out of date (another
game or lists, a cancelled run, a replay replaced by another). Messages posted to the
screen after it has closed are dropped by Textual, so late workers are harmless.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Static, TabbedContent, TabPane, Tabs

from ...errors import WordleTuiError
from ...files import SHARED, atomic_write_bytes
from ...gameplay.catalog import Lazy
from ...gameplay.request import GameRequest
from ...paths import export_folder, named_file
from ...plural import plural
from ...solver.choices import GameName
from ...solver.games import Game, make_game
from ...solver.listsets import DEFAULT, WordListSet
from ...solver.reports.scores import (
    StrategyResult,
    StrategySpec,
    hardest,
    parse_strategy,
    strategies_for,
)
from ..requests import OpenRequest
from ..widgets import Footer
from ..worker_errors import WorkFailed
from .format import (
    MASTERMIND,
    QUEUED,
    ExportInfo,
    RunState,
    default_strategies,
    export,
    exported_text,
    hardest_text,
    legend_text,
    opening_text,
    percent,
    summary_grid,
)
from .widgets import (
    CompareSide,
    FirstGuessPane,
    HardestPane,
    ReportControls,
    ReportStatus,
    SummaryTable,
)
from .workers import ReportWorkers

HARDEST_ROWS = 30
MAKE_MASTERMIND = Lazy("wordle_tui.games.mastermind.solver:make_mastermind")  # its own folder
TABS = ("tab-summary", "tab-compare", "tab-first", "tab-hardest")
TAB_KEYS = Binding.Group("Tabs", compact=True)


def report_game(name: str, answers: Path | None, lists: WordListSet | None) -> Game:
    """The game a report is on: a word game on `lists` (its answers from `answers` if
    given), or Mastermind's standard game (every code; it takes no answers file)."""
    if name != MASTERMIND:
        return make_game(name, answers, lists=lists)
    if answers is not None:
        raise ValueError("Mastermind plays every code: it takes no answers file")
    return MAKE_MASTERMIND()


class ReportsScreen(Screen):
    """Run and compare strategies over every target.

    Its keys work wherever the focus is: ctrl+r, ctrl+x and ctrl+e (before a text box's own
    ctrl+x and ctrl+e), ctrl+left/right for the tabs; 1-4 choose a tab when no box is typed in.
    A letter typed on the first-guess tab goes to its search box.
    """

    BINDINGS = [
        Binding("ctrl+r", "run_all", "Run all", priority=True),
        Binding("ctrl+x", "cancel", "Cancel", priority=True),
        Binding("ctrl+e", "export", "Export", priority=True),
        Binding("ctrl+t", "explore", "Tree", priority=True, show=False),
        *(
            Binding(str(n), f"show_tab({n - 1})", name, group=TAB_KEYS)
            for n, name in enumerate(("Summary", "Compare", "First guesses", "Hardest"), 1)
        ),
        Binding("ctrl+left", "step_tab(-1)", "Previous tab", show=False, priority=True),
        Binding("ctrl+right", "step_tab(1)", "Next tab", show=False, priority=True),
        Binding("escape", "app.pop_screen", "Back"),
    ]
    HELP_TOPIC = "reports"

    def __init__(self, game: str = "wordle", lists: WordListSet | None = None) -> None:
        super().__init__()
        self.game_name = game
        self.lists = lists  # the word-list set; an answers file typed in replaces its answers
        self.answers: str | None = None
        self.game: Game | None = None
        self.results: dict[str, StrategyResult] = {}
        self.against: dict[str, float] = {}  # expected guesses against the adversary
        self.specs: list[StrategySpec] = []  # every strategy the game offers
        self.working: dict[str, str] = {}  # strategy -> its progress (or QUEUED) in the table
        self.replayed: list[tuple[str, str, int]] = []
        self.replay_asked: tuple | None = None  # (key, strategy, target) of the latest replay
        self.run = RunState()  # the latest run of every strategy
        self.failed: str | None = None  # why a worker stopped (shown until the next try)

    def compose(self) -> ComposeResult:
        yield ReportControls(self.game_name, id="report-controls")
        yield ReportStatus(id="report-status-bar")
        with TabbedContent(id="report-tabs"):
            with TabPane("Summary", id="tab-summary"):
                yield SummaryTable(id="summary-table", zebra_stripes=True, cursor_type="cell")
                yield Static(legend_text(self.game_name), id="summary-legend", markup=False)
            with TabPane("Compare", id="tab-compare"), Horizontal():
                yield CompareSide("a", id="compare-a")
                yield CompareSide("b", id="compare-b")
            yield FirstGuessPane()
            yield HardestPane()
        yield Footer()
        yield ReportWorkers()

    def on_mount(self) -> None:
        self.load_game(self.game_name, None)

    # The game and its strategies

    @property
    def key(self) -> tuple:
        return (self.game_name, self.answers)

    def load_game(self, game_name: str, answers: str | None) -> None:
        """Load a game and lists; on bad input keep those there are (and say why)."""
        try:  # served in a browser, only a file of the data folder (`named_file`)
            path = named_file(answers, "answers file") if answers else None
            game = report_game(game_name, path, self.lists)
        except (WordleTuiError, ValueError) as error:
            self.query_one(ReportControls).show_game(self.game_name)  # the one still shown
            message = f"{error} (kept the previous lists)" if self.game else str(error)
            self.status(message)
            self.notify(message, severity="error")  # the status line may be too narrow for it
            return
        self.stop_run()  # its results would be for the lists left behind
        self.game_name, self.answers, self.game, self.results = game_name, answers, game, {}
        self.against = {}
        self.replay_asked, self.replayed, self.working = None, [], {}
        self.failed = None
        self.query_one(HardestPane).clear_replay()
        self.specs = specs = strategies_for(game)
        options = [(spec.label, spec.name) for spec in specs]
        chosen = default_strategies(game_name, [s.name for s in specs])
        for side, name in zip(self.query(CompareSide), chosen, strict=True):
            side.offer(options, name)  # only these are computed below; the rest if cached
        self.query_one(SummaryTable).reset()
        self.query_one("#summary-legend", Static).update(legend_text(game_name))
        self.show_summary()
        self.show_progress(0, 1)
        self.show_count()
        for name in chosen:
            self.computer.compute(self.key, game, parse_strategy(name, game))
        self.computer.load_cached(self.key, game, [s for s in specs if s.name not in chosen])
        self.computer.first_guesses(self.key, game)

    def show_count(self) -> None:
        """Say how many strategies the game has and how many are computed (one count), or
        why a worker stopped."""
        if self.failed:
            self.status(self.failed)
            return
        lists, on = self.lists, ""
        if lists is not None and not lists.is_default and self.game_name != MASTERMIND:
            on = f" on {lists.name}"
        computed = sum(spec.name in self.results for spec in self.specs)
        self.status(opening_text(len(self.specs), computed, on))

    def show_summary(self) -> None:
        """Fill the summary table: figures, progress and queued strategies."""
        self.query_one(SummaryTable).show(summary_grid(self.specs, self.results, self.working))

    @property
    def computer(self) -> ReportWorkers:
        return self.query_one(ReportWorkers)

    def side(self, side: str) -> CompareSide:
        return self.query_one(f"#compare-{side}", CompareSide)

    def strategy(self, side: str) -> str:
        return self.side(side).strategy

    def status(self, text: str) -> None:
        self.query_one(ReportStatus).say(text)

    def show_progress(self, done: int, total: int) -> None:
        self.query_one(ReportStatus).show_progress(done, total)

    # Handlers own the results

    def on_report_workers_computed(self, message: ReportWorkers.Computed) -> None:
        if message.key != self.key:
            return
        self.results[message.spec.name] = message.result
        if message.adversary is not None:
            self.against[message.spec.name] = message.adversary
        self.working.pop(message.spec.name, None)
        self.show_summary()
        if not self.run.going and not self.run.cancelled:
            self.show_count()
        for side in self.query(CompareSide):
            if side.strategy == message.spec.name:
                side.show(message.result, message.adversary)
        if message.spec.name == self.strategy("a"):
            self.show_hardest()

    def on_report_workers_progressed(self, message: ReportWorkers.Progressed) -> None:
        if self.run.progressed(message.run, message.done, message.total, message.cancelled):
            self.show_progress(message.done, message.total)
            self.status(self.run.text())

    def on_report_workers_working(self, message: ReportWorkers.Working) -> None:
        if message.key == self.key and message.name not in self.results:
            self.working[message.name] = percent(message.done, message.total)
            self.show_summary()

    def on_work_failed(self, message: WorkFailed) -> None:
        """A worker stopped on an expected error (the lists are too big for memory): say so,
        and show none of its strategies as computing any more."""
        message.stop()
        asked = next((a for a in message.args if isinstance(a, tuple)), ())
        key = asked[0] if message.work == "replay" and asked else asked
        if key != self.key:
            return  # for a game or lists since left
        self.stop_run()
        self.working.clear()
        if self.specs:
            self.show_summary()
        self.failed = message.text
        self.status(message.text)

    def action_show_tab(self, index: int) -> None:
        """Show tab `index` (0-3); the tab bar takes the focus, so ←/→ go on from there."""
        self.query_one(TabbedContent).active = TABS[index]
        self.query_one(Tabs).focus()

    def action_step_tab(self, step: int) -> None:
        """Show the next (1) or previous (-1) tab, round the end."""
        at = TABS.index(self.query_one(TabbedContent).active or TABS[0])
        self.action_show_tab((at + step) % len(TABS))

    def on_key(self, event: events.Key) -> None:
        """On the first-guess tab, a letter typed anywhere but in a box starts a search."""
        letter = event.character
        if (
            letter is None
            or not letter.isascii()
            or not letter.isalpha()
            or isinstance(self.focused, Input)
            or self.query_one(TabbedContent).active != "tab-first"
        ):
            return
        event.stop()
        event.prevent_default()
        search = self.query_one("#first-search", Input)
        search.focus()
        search.insert_text_at_cursor(letter)

    def on_report_workers_first_guesses(self, message: ReportWorkers.FirstGuesses) -> None:
        if message.key == self.key:
            self.query_one(FirstGuessPane).show(message.orders)

    def on_report_workers_replayed(self, message: ReportWorkers.Replayed) -> None:
        if message.asked != self.replay_asked:
            return  # another replay was asked for since, or the game changed
        _, strategy, target = message.asked
        self.replayed = message.rows
        found = plural(len(message.rows), "guess", "guesses")
        title = f"[b]{target.upper()}[/b] with {strategy}: {found}"
        self.query_one(HardestPane).show_replay(title, message.rows)

    # Showing

    def show_hardest(self) -> None:
        strategy = self.strategy("a")
        result = self.results.get(strategy)
        targets = hardest(result, HARDEST_ROWS) if result is not None else []
        self.query_one(HardestPane).show_targets(targets, hardest_text(len(targets), strategy))

    # Input

    def on_report_controls_game_chosen(self, message: ReportControls.GameChosen) -> None:
        if message.name != self.game_name:
            self.load_game(message.name, self.answers)

    def on_report_controls_answers_chosen(self, message: ReportControls.AnswersChosen) -> None:
        self.load_game(self.game_name, message.path)

    def on_compare_side_chosen(self, message: CompareSide.Chosen) -> None:
        side = self.side(message.side)
        if self.game is None or message.name != side.strategy:
            return  # stale: the select has moved on (its own mount, or a game change)
        side.show(self.results.get(message.name), self.against.get(message.name))
        if message.side == "a":
            self.show_hardest()
        if message.name not in self.results:
            self.computer.compute(self.key, self.game, parse_strategy(message.name, self.game))

    def on_hardest_pane_replay_asked(self, message: HardestPane.ReplayAsked) -> None:
        if self.game is None:
            return
        strategy = self.strategy("a")
        self.replay_asked = (self.key, strategy, message.target)
        self.query_one(HardestPane).show_title(f"Replaying {message.target.upper()}…")
        spec = parse_strategy(strategy, self.game)
        self.computer.replay(self.replay_asked, self.game, spec, message.target)

    def action_run_all(self) -> None:
        if self.game is None:
            return
        if self.run.going:
            self.status("Already running every strategy: ctrl+x cancels.")
            return
        specs = [s for s in self.specs if s.name not in self.results]
        if not specs:
            self.status(f"All {len(self.specs)} strategies are already computed.")
            return
        total = len(self.specs)
        self.failed = None
        number = self.run.start(total)
        self.run.done = total - len(specs)
        self.show_progress(self.run.done, total)
        self.status(self.run.text())
        for spec in specs:
            self.working.setdefault(spec.name, QUEUED)
        self.show_summary()
        self.computer.run_all(number, self.key, self.game, specs, total)

    def stop_run(self) -> bool:
        """Cancel the run of every strategy, if one is going; say whether one was."""
        self.computer.cancel_run()
        self.working = {name: text for name, text in self.working.items() if text != QUEUED}
        if self.is_mounted and self.specs:
            self.show_summary()
        return self.run.stop()

    def action_cancel(self) -> None:
        self.status(self.run.text() if self.stop_run() else "Nothing is running.")

    def action_explore(self) -> None:
        """Ask the app for the explorer on the tree of Compare's left strategy (Wordle's)."""
        strategy = self.strategy("a")
        if self.game_name != GameName.WORDLE or self.answers:
            self.status("The explorer browses Wordle's trees on a word-list set.")
            return
        if strategy == "random":
            self.status("The random guesser has no tree: choose another strategy on Compare.")
            return
        request = GameRequest("explorer", lists=self.lists, strategy=strategy)
        self.post_message(OpenRequest(request))

    def export_info(self) -> ExportInfo:
        """What an export written now says about itself (`ExportInfo`)."""
        lists = self.lists.name if self.lists is not None else DEFAULT
        if self.answers:
            lists = f"{lists}, answers from {self.answers}"
        computed = sum(spec.name in self.results for spec in self.specs)
        return ExportInfo(lists, computed, len(self.specs), self.run.going, datetime.now())

    def action_export(self) -> None:
        if self.game is None or not self.results:
            self.status("Nothing to export yet.")
            return
        compare = self.query_one(TabbedContent).active == "tab-compare"
        info = self.export_info()
        chosen = export(self.game, self.results, compare, self.strategy("a"), info, self.against)
        if chosen is None:
            self.status("The strategy is still computing.")
            return
        try:  # the current folder; served in a browser, the data folder's exports
            path = export_folder() / chosen[0]
            atomic_write_bytes(path, (chosen[1] + "\n").encode(), SHARED)
        except OSError as error:  # DataDirError and FileProblem say what and where
            reason = str(error) if isinstance(error, WordleTuiError) else error.strerror
            self.status(f"Could not export: {reason or error}")
            return
        text = exported_text(path, info, compare)
        self.status(text)
        self.notify(
            text, title="Exported", severity="warning" if "Incomplete" in text else "information"
        )
