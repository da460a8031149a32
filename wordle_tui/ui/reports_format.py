"""What the reports screen writes: pure functions from results to text and table rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..render import cumulative_line, summary_line
from ..solver.games import Game
from ..solver.report import StrategyResult, export_comparison, export_result, ranked

GAMES = (("Wordle", "wordle"), ("Jotto", "jotto"), ("Antiwordle", "antiwordle"))
DEFAULTS = {
    "wordle": ("neg_entropy/norvig", "optimal"),
    "jotto": ("expectation/norvig", "neg_entropy/norvig"),
    "antiwordle": ("entropy/consistent", "random"),
}
FIRST_GUESS_ROWS = 15  # the best ones, then the worst five
FIRST_GUESS_MATCHES = 40  # rows shown for a search
FIRST_GUESS_METRICS = ("max", "expectation", "neg_entropy")
FIRST_GUESS_COLUMNS = ("#", "by largest", "", "by expected", "", "by bits", "")


def default_strategies(game_name: str, names: Sequence[str]) -> tuple[str, str]:
    """The two strategies compared when a game opens (the first listed if one is missing)."""
    return tuple(  # type: ignore[return-value]
        name if name in names else names[0] for name in DEFAULTS[game_name]
    )


def figures_text(result: StrategyResult | None) -> str:
    """A strategy's first guess and its summary, for the compare tab."""
    if result is None:
        return "Computing…"
    s = result.summary
    return (
        f"first guess [b]{(result.first_guess or '-').upper()}[/b]\n"
        f"{summary_line(s)}\n{cumulative_line(s)}"
    )


def progress_text(done: int, total: int, finished: bool, cancelled: bool) -> str:
    if cancelled:
        return f"Cancelled after {done} of {total} strategies."
    if finished:
        return f"All {total} strategies done."
    return f"{done} of {total} strategies…"


def metric_text(metric: str, number: float) -> str:
    """A first-guess figure: bits (entropy), the expected size, or the largest size."""
    if metric == "neg_entropy":
        return f"{-number:.3f}"
    if metric == "expectation":
        return f"{number:.1f}"
    return f"{number:,}"


def first_guess_orders(table: list) -> list[list]:
    """The first-guess table ranked by each metric (best first)."""
    return [ranked(table, metric) for metric in FIRST_GUESS_METRICS]


def first_guess_rows(orders: list[list], wanted: str = "") -> list[list[str]]:
    """Rows of the ranks side by side: the best and the worst, or the ranks of matching words."""
    if not orders or not orders[0]:
        return []
    n = len(orders[0])
    wanted = wanted.strip().lower()
    if wanted:
        found = {i for order in orders for i, r in enumerate(order) if r.word.startswith(wanted)}
        ranks = sorted(found)[:FIRST_GUESS_MATCHES]
    else:
        ranks = sorted({*range(min(FIRST_GUESS_ROWS, n)), *range(max(n - 5, 0), n)})
    rows = []
    for i in ranks:
        cells = [str(i + 1)]
        for order, metric in zip(orders, FIRST_GUESS_METRICS, strict=True):
            cells += [order[i].word.upper(), metric_text(metric, getattr(order[i], metric))]
        rows.append(cells)
    return rows


def export(
    game: Game, results: dict[str, StrategyResult], compare: bool, strategy: str
) -> tuple[str, str] | None:
    """The file name and Markdown to export: the compared strategy (when `compare`), else the
    whole comparison table; None if that strategy is not computed yet."""
    if compare:
        if strategy not in results:
            return None
        name = f"wordle-tui-{game.name}-{strategy.replace('/', '-')}.md"
        return name, export_result(results[strategy], "markdown")
    return f"wordle-tui-{game.name}-comparison.md", export_comparison(game, results, "markdown")


@dataclass
class RunState:
    """The latest run of every strategy: its number, whether it is going, how far it got.

    Each run gets a new number; progress from an earlier run (cancelled, or left behind with
    its game) carries an old number and is dropped.
    """

    number: int = 0
    going: bool = False
    done: int = 0
    total: int = 0
    cancelled: bool = False

    def start(self, total: int) -> int:
        self.number += 1
        self.going, self.done, self.total, self.cancelled = True, 0, total, False
        return self.number

    def stop(self) -> bool:
        """Stop the run (what it still sends is dropped); say whether one was going."""
        was_going = self.going
        self.number += 1
        self.going = False
        self.cancelled = was_going
        return was_going

    def progressed(self, number: int, done: int, total: int, cancelled: bool) -> bool:
        """Take a worker's progress; False if it is out of date (then drop it)."""
        if number != self.number or not self.going:
            return False
        self.done, self.total, self.cancelled = done, total, cancelled
        self.going = not cancelled and done < total
        return True

    def text(self) -> str:
        return progress_text(self.done, self.total, not self.going, self.cancelled)
