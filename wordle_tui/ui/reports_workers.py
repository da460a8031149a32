"""The reports screen's computing: strategies over every target, the first-guess table and
replays, in thread workers that post what they find. Not shown; its messages bubble up to
the screen, each carrying what it was asked for, so the screen can drop stale answers."""

from __future__ import annotations

from textual import work
from textual.message import Message
from textual.widget import Widget
from textual.worker import get_current_worker

from ..solver.games import Game
from ..solver.report import StrategyResult, StrategySpec, cached_spec, first_guess_table, replay
from .reports_format import first_guess_orders


class ReportWorkers(Widget):
    """Runs the solver off the UI thread; each worker is handed the game it works on."""

    DEFAULT_CSS = "ReportWorkers { display: none; }"

    class Computed(Message):
        def __init__(self, key: tuple, spec: StrategySpec, result: StrategyResult) -> None:
            self.key, self.spec, self.result = key, spec, result
            super().__init__()

    class Progressed(Message):
        def __init__(self, run: int, done: int, total: int, cancelled: bool = False) -> None:
            self.run, self.done, self.total, self.cancelled = run, done, total, cancelled
            super().__init__()

    class Replayed(Message):
        def __init__(self, asked: tuple, rows: list[tuple[str, str, int]]) -> None:
            self.asked, self.rows = asked, rows
            super().__init__()

    class FirstGuesses(Message):
        def __init__(self, key: tuple, orders: list[list]) -> None:
            self.key, self.orders = key, orders
            super().__init__()

    @work(thread=True, exclusive=True, group="report-all")
    def run_all(self, run: int, key: tuple, game: Game, specs: list[StrategySpec]) -> None:
        """Compute `specs` one by one, reporting progress as run number `run`."""
        worker = get_current_worker()
        for done, spec in enumerate(specs, start=1):
            if worker.is_cancelled:
                self.post_message(self.Progressed(run, done - 1, len(specs), True))
                return
            self.post_message(self.Computed(key, spec, cached_spec(game, spec)))
            self.post_message(self.Progressed(run, done, len(specs)))

    def cancel_run(self) -> None:
        self.workers.cancel_group(self, "report-all")

    @work(thread=True, group="report-one")
    def compute(self, key: tuple, game: Game, spec: StrategySpec) -> None:
        self.post_message(self.Computed(key, spec, cached_spec(game, spec)))

    @work(thread=True, exclusive=True, group="first-guesses")
    def first_guesses(self, key: tuple, game: Game) -> None:
        self.post_message(self.FirstGuesses(key, first_guess_orders(first_guess_table(game))))

    @work(thread=True, exclusive=True, group="replay")
    def replay(self, asked: tuple, game: Game, spec: StrategySpec, target: str) -> None:
        steps = replay(game, spec, target)
        rows = [(s.guess, game.show(s.reply), s.remaining) for s in steps]
        self.post_message(self.Replayed(asked, rows))
