"""The reports screen's computing: strategies over every target, the first-guess table and
replays, in thread workers that post what they find. Not shown; its messages bubble up to
the screen, each carrying what it was asked for, so the screen can drop stale answers. An
expected error (word lists too big for memory) is a `WorkFailed`, never a crash."""

from __future__ import annotations

from textual import work
from textual.message import Message
from textual.widget import Widget
from textual.worker import get_current_worker

from ...solver.chooser.adversary import adversary_mean
from ...solver.games import Game
from ...solver.reports.scores import (
    StrategyResult,
    StrategySpec,
    cached_result,
    cached_spec,
    first_guess_table,
    replay,
)
from ..worker_errors import reports_errors
from .format import first_guess_orders

STEPS = 20  # a strategy's progress is posted every 5%


class RunCancelled(Exception):
    """Raised from a strategy's progress callback once its worker is cancelled: a strategy
    stops within a few targets, not when its whole tree is built."""


class ReportWorkers(Widget):
    """Runs the solver off the UI thread; each worker is handed the game it works on."""

    DEFAULT_CSS = "ReportWorkers { display: none; }"

    class Computed(Message):
        """A strategy's result, and its expected guesses against the adversary of the lists
        (None: not Wordle, or lists without one)."""

        def __init__(
            self,
            key: tuple,
            spec: StrategySpec,
            result: StrategyResult,
            adversary: float | None = None,
        ) -> None:
            self.key, self.spec, self.result, self.adversary = key, spec, result, adversary
            super().__init__()

    class Progressed(Message):
        def __init__(self, run: int, done: int, total: int, cancelled: bool = False) -> None:
            self.run, self.done, self.total, self.cancelled = run, done, total, cancelled
            super().__init__()

    class Working(Message):
        """How far a strategy has got: targets placed in its tree, of all targets."""

        def __init__(self, key: tuple, name: str, done: int, total: int) -> None:
            self.key, self.name, self.done, self.total = key, name, done, total
            super().__init__()

    class Replayed(Message):
        def __init__(self, asked: tuple, rows: list[tuple[str, str, int]]) -> None:
            self.asked, self.rows = asked, rows
            super().__init__()

    class FirstGuesses(Message):
        def __init__(self, key: tuple, orders: list[list]) -> None:
            self.key, self.orders = key, orders
            super().__init__()

    def reporter(self, key: tuple, name: str):
        """A progress callback for one strategy, posting every 5% (and its start)."""
        last = [-1]
        worker = get_current_worker()

        def report(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise RunCancelled
            step = STEPS * done // max(total, 1)
            if step != last[0]:
                last[0] = step
                self.post_message(self.Working(key, name, done, total))

        return report

    def computed(self, key: tuple, game: Game, spec: StrategySpec) -> StrategyResult:
        """One strategy's result (from the disk cache when there), reporting progress."""
        report = self.reporter(key, spec.name)
        report(0, 1)
        return cached_spec(game, spec, 0, report)

    @work(thread=True, exclusive=True, group="report-all")
    @reports_errors
    def run_all(
        self, run: int, key: tuple, game: Game, specs: list[StrategySpec], total: int
    ) -> None:
        """Compute `specs` one by one, reporting progress as run number `run`: `total`
        strategies in all, those not in `specs` computed before."""
        worker = get_current_worker()
        before = total - len(specs)
        for done, spec in enumerate(specs, start=1):
            try:
                if worker.is_cancelled:
                    raise RunCancelled
                result = self.computed(key, game, spec)
            except RunCancelled:
                self.post_message(self.Progressed(run, before + done - 1, total, True))
                return
            self.post_message(self.Computed(key, spec, result, adversary_mean(game, result.scores)))
            self.post_message(self.Progressed(run, before + done, total))

    @work(thread=True, group="report-cached")
    @reports_errors
    def load_cached(self, key: tuple, game: Game, specs: list[StrategySpec]) -> None:
        """Post every strategy whose result the disk cache already holds (nothing is run)."""
        for spec in specs:
            found = cached_result(game, spec)
            if found is not None:
                self.post_message(
                    self.Computed(key, spec, found, adversary_mean(game, found.scores))
                )

    def cancel_run(self) -> None:
        self.workers.cancel_group(self, "report-all")

    @work(thread=True, group="report-one")
    @reports_errors
    def compute(self, key: tuple, game: Game, spec: StrategySpec) -> None:
        try:
            result = self.computed(key, game, spec)
        except RunCancelled:
            return  # the app is closing
        self.post_message(self.Computed(key, spec, result, adversary_mean(game, result.scores)))

    @work(thread=True, exclusive=True, group="first-guesses")
    @reports_errors
    def first_guesses(self, key: tuple, game: Game) -> None:
        """Every allowed guess ranked as a first guess, not only the answers."""
        orders = first_guess_orders(first_guess_table(game, "all"))
        self.post_message(self.FirstGuesses(key, orders))

    @work(thread=True, exclusive=True, group="replay")
    @reports_errors
    def replay(self, asked: tuple, game: Game, spec: StrategySpec, target: str) -> None:
        steps = replay(game, spec, target)
        rows = [(s.guess, game.show(s.reply), s.remaining) for s in steps]
        self.post_message(self.Replayed(asked, rows))
