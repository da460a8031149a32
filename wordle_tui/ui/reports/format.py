"""What the reports screen writes: pure functions from results to text and table rows."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from ...plural import plural
from ...render import cumulative_line, summary_line
from ...solver.games import Game
from ...solver.reports.scores import (
    REPORT_METRICS,
    REPORT_POLICIES,
    TREE_STRATEGIES,
    StrategyResult,
    StrategySpec,
    export_comparison,
    export_result,
    ranked,
)
from ...solver.words import ascii_lower

MASTERMIND = "mastermind"  # its own feature's game, not one `make_game` builds
GAMES = (
    ("Wordle", "wordle"),
    ("Jotto", "jotto"),
    ("Antiwordle", "antiwordle"),
    ("Jotto with positions", "jotto-positions"),
    ("Mastermind", MASTERMIND),
)
DEFAULTS = {
    "wordle": ("neg_entropy/norvig", "optimal"),
    "jotto": ("expectation/norvig", "optimal"),  # the best tree found, on the classic lists
    "antiwordle": ("entropy/consistent", "optimal"),
    "jotto-positions": ("neg_entropy/norvig", "expectation/norvig"),
    "mastermind": ("knuth", "max/all"),
}
FIRST_GUESS_ROWS = 15  # the best ones, then the worst five
FIRST_GUESS_MATCHES = 40  # rows shown for a search
FIRST_GUESS_METRICS = ("max", "expectation", "neg_entropy")
FIRST_GUESS_COLUMNS = ("#", "by largest", "", "by expected", "", "by bits", "")
SEARCH_COLUMNS = ("#", "word", "largest", "# exp.", "expected", "# bits", "bits")
QUEUED = "…"  # a strategy waiting its turn in a run
WORDLE_MARKS = "GY."  # a reply's marks a board row colours its tiles by

# The summary table's row and column ids (the command line's names) in words, for its legend;
# the help (`gameplay/rules.py`, REPORTS) says the same at more length.
ROW_WORDS = {
    "max": "smallest worst case",
    "expectation": "fewest left",
    "neg_entropy": "most bits",
    "entropy": "fewest bits",
    "partitions": "most replies",
    "learned": "guesses to go",
    "random": "any that fits",
    "optimal": "searched best",
    "optimal-hard": "hard mode",
    "knuth": "Knuth's minimax",
}
POLICY_WORDS = {
    "consistent": "only words that could be it",
    "hard": "hard mode",
    "norvig": "any answer while 4-125 are left",
    "all": "any word",
}


def default_strategies(game_name: str, names: Sequence[str]) -> tuple[str, str]:
    """The two strategies compared when a game opens (the first listed if one is missing)."""
    return tuple(  # type: ignore[return-value]
        name if name in names else names[0] for name in DEFAULTS[game_name]
    )


def figures_text(result: StrategyResult | None, adversary: float | None = None) -> str:
    """A strategy's first guess and its summary (and its expected guesses against the
    adversary, when the lists have one), for the compare tab."""
    if result is None:
        return "Computing…"
    s = result.summary
    against = f"\nagainst the adversary: {adversary:.2f}" if adversary is not None else ""
    return (
        f"first guess [b]{(result.first_guess or '-').upper()}[/b]\n"
        f"{summary_line(s)}{against}\n{cumulative_line(s)}"
    )


def progress_text(done: int, total: int, finished: bool, cancelled: bool) -> str:
    """The status of a run over every strategy (`done` counts those computed before it)."""
    if cancelled:
        return f"Cancelled after {done} of {plural(total, 'strategy', 'strategies')}."
    if finished:
        return f"All {plural(total, 'strategy', 'strategies')} done."
    return f"{done} of {plural(total, 'strategy', 'strategies')}…"


def opening_text(specs: int, computed: int, lists: str) -> str:
    """The status line when a game opens: how many strategies, and how many are ready."""
    counted = plural(specs, "strategy", "strategies") + lists
    if computed >= specs:
        return f"All {counted} computed."
    if computed:
        return f"{computed} of {counted} computed; ctrl+r: the rest."
    return f"{counted}; ctrl+r runs them all."


def summary_grid(
    specs: list[StrategySpec], results: dict[str, StrategyResult], working: dict[str, str]
) -> list[list[str]]:
    """The summary table: a row per metric (random and the trees too, labelled by `row_label`),
    a cell per policy:
    'mean (worst)' when computed, its progress (or QUEUED) while a run works on it."""
    cells = {(spec.metric, spec.policy): spec.name for spec in specs}
    rows = []
    for metric in (*REPORT_METRICS, "random", *TREE_STRATEGIES):
        if not any(m == metric for m, _ in cells):
            continue
        row = [row_label(metric)]
        for policy in REPORT_POLICIES:
            name = cells.get((metric, policy))
            found = results.get(name) if name else None
            if found is not None:
                row.append(f"{found.summary.mean:.2f} ({found.summary.worst})")
            else:
                row.append(working.get(name, "") if name else "")
        rows.append(row)
    return rows


def row_label(row: str) -> str:
    """A summary row's label: its id (the command line's name), then what it means."""
    words = ROW_WORDS.get(row)
    return f"{row}: {words}" if words else row


def legend_text(game_name: str = "wordle") -> str:
    """The lines under the summary table: what its columns and cells mean (codes, not words,
    for Mastermind)."""
    items: Iterable[tuple[str, str]] = POLICY_WORDS.items()
    if game_name == MASTERMIND:
        items = ((n, w.replace("word", "code").replace("answer", "code")) for n, w in items)
    columns = " · ".join(f"{name}: {words}" for name, words in items)
    return (
        f"Columns, the guesses allowed: {columns}. Cells: mean guesses (worst). F1 explains each."
    )


def hardest_text(count: int, strategy: str) -> str:
    """The line over the hardest targets: whose games they are, and what Enter does."""
    if not count:
        return f"The hardest targets of {strategy} show once it is computed."
    games = plural(count, "game")
    return f"The {games} {strategy} (Compare's left side) found hardest; Enter replays one."


def replay_cells(reply: str, left: int) -> tuple[str | None, str]:
    """A replayed row's tile marks and note: a colouring marks the tiles; any other reply
    (Jotto's count, Mastermind's pegs) is written in the note, before the answers left."""
    if set(reply) <= set(WORDLE_MARKS):
        return reply, f"{left:,} left"
    return None, f"{reply}: {left:,} left"


def percent(done: int, total: int) -> str:
    """A strategy's progress as a summary cell."""
    return f"{100 * done // max(total, 1)}%"


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
    """Rows of the ranks side by side (the best and the worst); with `wanted`, a row per word
    starting with it (SEARCH_COLUMNS): its rank and figure by each metric."""
    if not orders or not orders[0]:
        return []
    n = len(orders[0])
    wanted = ascii_lower(wanted.strip())
    if wanted:
        return search_rows(orders, wanted)
    ranks = sorted({*range(min(FIRST_GUESS_ROWS, n)), *range(max(n - 5, 0), n)})
    rows = []
    for i in ranks:
        cells = [str(i + 1)]
        for order, metric in zip(orders, FIRST_GUESS_METRICS, strict=True):
            cells += [order[i].word.upper(), metric_text(metric, getattr(order[i], metric))]
        rows.append(cells)
    return rows


def search_rows(orders: list[list], wanted: str) -> list[list[str]]:
    """A row per word starting with `wanted`, best first by the first metric: for each metric
    its rank and figure. Only the word is matched, never a figure."""
    places: dict[str, list] = {}
    for order in orders:
        for rank, r in enumerate(order):
            if r.word.startswith(wanted):
                places.setdefault(r.word, []).append((rank, r))
    rows = []
    for word, found in sorted(places.items(), key=lambda item: item[1][0][0]):
        (rank, first), *others = found
        first_metric = FIRST_GUESS_METRICS[0]
        cells = [
            str(rank + 1),
            word.upper(),
            metric_text(first_metric, getattr(first, first_metric)),
        ]
        for (rank, r), metric in zip(others, FIRST_GUESS_METRICS[1:], strict=True):
            cells += [str(rank + 1), metric_text(metric, getattr(r, metric))]
        rows.append(cells)
    return rows[:FIRST_GUESS_MATCHES]


@dataclass(frozen=True)
class ExportInfo:
    """What an export says about itself: the lists, how many strategies are computed out of
    how many, whether a run is still computing the rest, and when it was written."""

    lists: str
    computed: int
    total: int
    running: bool
    when: datetime

    @property
    def partial(self) -> bool:
        """Whether the comparison table lacks strategies a run is still computing."""
        return self.running and self.computed < self.total


def export_header(game: Game, info: ExportInfo, what: str) -> list[str]:
    """The Markdown lines before an exported table: title, game, lists, strategies, date,
    and a warning when a run was still going."""
    lines = [
        f"# wordle-tui strategy report: {what}",
        "",
        f"- game: {game.name}",
        f"- lists: {info.lists} ({plural(len(game.targets), 'answer')}, "
        f"{plural(len(game.guesses), 'guess', 'guesses')})",
        f"- strategies: {info.computed} of {plural(info.total, 'strategy', 'strategies')} computed",
        f"- date: {info.when:%Y-%m-%d %H:%M}",
        "",
    ]
    if info.partial:
        lines += [
            f"> **Incomplete:** a run was still computing; {missing_text(info)} not in this "
            "table yet.",
            "",
        ]
    return lines


def missing_text(info: ExportInfo) -> str:
    """How many strategies an export lacks ("3 strategies are")."""
    left = info.total - info.computed
    return f"{plural(left, 'strategy', 'strategies')} {'is' if left == 1 else 'are'}"


def export(
    game: Game,
    results: dict[str, StrategyResult],
    compare: bool,
    strategy: str,
    info: ExportInfo,
    against: dict[str, float] | None = None,
) -> tuple[str, str] | None:
    """The file name and Markdown to export, under a header (`export_header`): the compared
    strategy (when `compare`), else the whole comparison table; None if that strategy is not
    computed yet."""
    if compare:
        if strategy not in results:
            return None
        name = f"wordle-tui-{game.name}-{strategy.replace('/', '-')}.md"
        header = export_header(game, replace(info, running=False), strategy)
        report = export_result(results[strategy], "markdown", (against or {}).get(strategy))
        return name, "\n".join([*header, report])
    header = export_header(game, info, "every strategy compared")
    table = export_comparison(game, results, "markdown", against)
    return f"wordle-tui-{game.name}-comparison.md", "\n".join([*header, table])


def short_folder(folder: Path) -> str:
    """A folder as shown to the player: under the home folder, from `~`; a `/` at the end."""
    try:
        inside = folder.relative_to(Path.home())
    except (ValueError, RuntimeError):  # elsewhere, or no home folder known
        return str(folder / " ").rstrip()  # the folder, its separator at the end
    return "~/" if inside == Path() else f"~/{inside.as_posix()}/"


def exported_text(path: Path, info: ExportInfo, compare: bool) -> str:
    """The status line after an export: the file, then its folder (`~` for the home folder),
    so that a narrow line wraps between them; and a warning if a run was still going."""
    text = f"Exported {path.name} to {short_folder(path.parent)}"
    if info.partial and not compare:
        text = f"{text} Incomplete: {missing_text(info)} still computing."
    return text


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
