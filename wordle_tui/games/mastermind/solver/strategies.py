"""Knuth's minimax strategy and the optimum, both over the shared trees and searches.

- `knuth`: the shared greedy `Solver` with the `max` metric over every code (policy `all`),
  ties broken as Knuth did: a code that could be the secret, then the lowest code.
- `optimal`: the shared exact `PositionSearch` (every guess, one per distinct reply row), with
  two things Mastermind adds: the first guess is tried once per pattern of repeats (1122 and
  3344 are the same guess up to colours and places), and a group's lower bound counts that one
  guess splits it into at most as many groups as there are replies.
"""

from __future__ import annotations

import math
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from ....plural import plural
from ....solver.games import Game
from ....solver.matrix import matrix_bytes
from ....solver.memory import check_memory
from ....solver.metrics import GroupStats
from ....solver.search.shared import SearchError, SearchInterrupted, depths
from ....solver.tree import Progress, Solver, Tree, build_tree, first_guess
from .codes import all_codes, check_size, mastermind_rules
from .parallel import solve_parallel
from .quick import quick_tree
from .search import UNBOUNDED, OptimalSearch
from .state import SAVE_EVERY_S, load_memo, save_memo, state_path

STRATEGIES = ("knuth", "optimal")
QUICK_TREE_FROM = 2000  # games this large get a quick tree first even with no time limit
# The reports offer the optimum up to the standard game's size: the search takes under 1 s of
# CPU there, and about 25 s for 7 colours (2,401 codes).
OPTIMUM_OFFERED = 1296
CODE_BYTES = 80  # a code as a Python string in the game's tuple, and its digits
Status = Callable[[int, int, str], None]  # (first guesses settled, to settle, a line)


def make_mastermind(colours: int = 6, pegs: int = 4) -> Game:
    """Mastermind with `colours` colours and `pegs` pegs, repeats allowed: every code may be
    the secret, and any code may be guessed. Its own strategies (`Game.own_trees`) are
    Knuth's and, up to `OPTIMUM_OFFERED` codes, the optimum. One object per size."""
    return _mastermind(colours, pegs)


@cache
def _mastermind(colours: int, pegs: int) -> Game:
    check_codes_fit(colours, pegs)
    codes = all_codes(colours, pegs)
    own = {"knuth": knuth_tree}
    if len(codes) <= OPTIMUM_OFFERED:
        own["optimal"] = optimal_tree
    return Game(
        f"mastermind-{colours}x{pegs}",
        mastermind_rules(pegs),
        codes,
        codes,
        default_metric="max",
        default_policy="all",
        own_trees=own,
    )


def check_codes_fit(colours: int, pegs: int) -> None:
    """Raise TooBigError, before anything is allocated, if the codes and their reply matrix
    would not fit in the memory this machine can spare (9 colours x 8 pegs: 1.7 million GiB)."""
    check_size(colours, pegs)
    size = colours**pegs
    need = matrix_bytes(size, size) + size * CODE_BYTES
    what = f"Mastermind with {colours} colours and {pegs} pegs ({size:,} codes)"
    check_memory(need, what, "use fewer colours or pegs")


class KnuthSolver(Solver):
    """Minimax over every code; ties go to a code that could be the secret, then the lowest."""

    def __init__(self, game: Game) -> None:
        super().__init__(game, metric="max", policy="all")

    def _pick(
        self, pool: np.ndarray, values: np.ndarray, stats: GroupStats, consistent: np.ndarray
    ) -> int:
        """The lowest consistent code among the best, else the lowest code among them."""
        tied = pool[values <= values.min()]
        possible = tied[np.isin(tied, consistent)]
        return int(possible.min() if possible.size else tied.min())


def knuth_tree(game: Game, progress: Progress | None = None) -> Tree:
    """Knuth's strategy as a guess tree over every secret of `game`."""
    return build_tree(KnuthSolver(game), np.arange(len(game.targets)), progress)


_optima: dict[Game, Tree] = {}  # the optimum of each game searched in this process


def optimal_tree(game: Game, progress: Progress | None = None) -> Tree:
    """The tree of the fewest guesses in total over every secret (searched once a process).

    `progress` is called as the search goes (with 0 done until it ends), so a caller can
    stop it by raising from there."""
    if game not in _optima:
        n = len(game.targets)
        cancel = None if progress is None else (lambda: progress(0, n) or False)
        search = OptimalSearch(game, UNBOUNDED, cancel)
        search.solve()
        _optima[game] = _read(search, np.arange(n, dtype=np.int32))
        if progress is not None:
            progress(n, n)
    return _optima[game]


@dataclass(frozen=True)
class Solution:
    """A strategy over every secret: guesses in total, the worst case, and how it was found."""

    colours: int
    pegs: int
    strategy: str
    max_guesses: int | None
    tree: Tree
    total: int
    worst: int
    codes: int
    proven: bool  # the total is the least any strategy can reach (within max_guesses)
    seconds: float
    nodes: int = 0  # positions the exact search explored (0 for knuth)
    cpu_seconds: float = 0.0
    lower_bound: int | None = None  # optimal: the least total not ruled out (= total if proven)
    resumed: int = 0  # optimal with `resume`: the sets an earlier run's search had saved
    saved: int = 0  # optimal: the sets this run's search saved for a later `resume`

    @property
    def mean(self) -> float:
        """Guesses per secret, on average."""
        return self.total / self.codes

    @property
    def first(self) -> str:
        """The first guess."""
        return first_guess(self.tree)

    def histogram(self) -> dict[int, int]:
        """How many secrets take each number of guesses."""
        return dict(sorted(Counter(depths(self.tree)).items()))

    def as_dict(self) -> dict[str, object]:
        """The figures, for JSON."""
        return {
            "colours": self.colours,
            "pegs": self.pegs,
            "strategy": self.strategy,
            "max_guesses": self.max_guesses,
            "codes": self.codes,
            "total": self.total,
            "worst": self.worst,
            "mean": round(self.mean, 5),
            "proven": self.proven,
            "first_guess": self.first,
            "histogram": {str(k): v for k, v in self.histogram().items()},
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "nodes": self.nodes,
            "lower_bound": self.lower_bound,
            "resumed": self.resumed,
            "saved": self.saved,
        }


def solve(
    strategy: str = "knuth",
    colours: int = 6,
    pegs: int = 4,
    max_guesses: int | None = None,
    cancel: Callable[[], bool] | None = None,
    timeout: float | None = None,
    workers: int = 1,
    resume: bool = False,
    status: Status | None = None,
) -> Solution:
    """Play `strategy` against every secret of the game (`optimal` searches for the best).

    `optimal` with a `timeout` (seconds) that runs out returns the best tree found so far
    (`proven` False) and the least total it had not ruled out (`lower_bound`). `workers` > 1
    spreads the optimum's search over that many threads (`parallel`): the same total. Its
    memo is saved as it goes (`state`); `resume` starts from what an earlier run saved.
    `status(done, total, line)` is told every second how the search stands."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose: {', '.join(STRATEGIES)}")
    game = make_mastermind(colours, pegs)
    start, cpu = time.perf_counter(), time.process_time()
    targets = np.arange(len(game.targets), dtype=np.int32)
    nodes, lower, kept = 0, None, Kept()
    if strategy == "knuth":
        tree, proven = knuth_tree(game), False
    else:
        search = OptimalSearch(game, max_guesses or UNBOUNDED, cancel)
        kept = Kept(state_path(colours, pegs, search.max_guesses), status)
        if resume:
            kept.resumed = kept.load(search)
        tree, proven, lower = _optimum(search, targets, timeout, workers, kept)
        nodes = search.nodes + int(search.stop[0])
    found = depths(tree)
    if max_guesses is not None and max(found) > max_guesses and strategy == "knuth":
        proven = False
    return Solution(
        colours,
        pegs,
        strategy,
        max_guesses,
        tree,
        sum(found),
        max(found),
        len(found),
        proven,
        time.perf_counter() - start,
        nodes,
        time.process_time() - cpu,
        sum(found) if proven else lower,
        kept.resumed,
        kept.saved,
    )


@dataclass
class Kept:
    """Where an optimal search keeps its memo between runs, and who hears how it stands."""

    path: Path | None = None
    status: Status | None = None
    resumed: int = 0
    saved: int = 0
    last_save: float = field(default_factory=time.monotonic)
    last_status: float = 0.0

    def load(self, search: OptimalSearch) -> int:
        """Hand the search what an earlier run saved; how many sets that was."""
        saved = load_memo(self.path, len(search.game.targets))
        if saved is None:
            return 0
        search.memo.update(saved.memo)
        search.first_order = saved.firsts
        return len(saved.memo)

    def save(self, search: OptimalSearch) -> None:
        """Save the search's memo now."""
        codes = len(search.game.targets)
        self.saved = save_memo(self.path, search.memo, codes, search.first_order)
        self.last_save = time.monotonic()

    def tick(self, search: OptimalSearch) -> None:
        """Called while the search runs: save every `SAVE_EVERY_S`, tell the status every second."""
        now = time.monotonic()
        if now - self.last_save >= SAVE_EVERY_S:
            self.save(search)
        if self.status is not None and now - self.last_status >= 1:
            self.last_status = now
            self.status(search.firsts[0], search.firsts[1], describe(search))


def describe(search: OptimalSearch) -> str:
    """How the search stands, in a line: the first guess searched, the best, the bound."""
    done, count, guess = search.firsts
    if guess < 0:
        return "building the quick tree"
    best = "" if math.isinf(search.best_found) else f", best {int(search.best_found):,}"
    nodes = search.nodes + int(search.stop[0])
    stage = f"; {search.stage}" if search.stage else ""
    return (
        f"first guess {search.game.guesses[guess]} ({done + 1} of {count}{stage}){best}, "
        f"none below {int(search.lower_bound):,}, {nodes:,} nodes"
    )


def _optimum(
    search: OptimalSearch,
    targets: np.ndarray,
    timeout: float | None,
    workers: int = 1,
    kept: Kept | None = None,
) -> tuple[Tree, bool, int]:
    """(tree, proven, lower bound): a quick tree first (when there is a time limit, or the game
    is large: it bounds the search and is the answer if time runs out), then the exact search
    below it, in a thread of its own so that a time limit or a Ctrl-C can stop the kernel;
    its memo saved (`kept`) as it goes and when it ends."""
    kept = kept or Kept()
    outcome: dict[str, Any] = {}  # what the search thread found: trees, totals, flags, an error

    def work() -> None:
        try:
            outcome["greedy"], upper = None, math.inf
            if timeout is not None or len(targets) > QUICK_TREE_FROM:
                try:
                    outcome["greedy"] = quick_tree(search, targets)
                    upper = sum(depths(outcome["greedy"]))
                except SearchError:  # the quick tree missed the guess limit: search without
                    outcome["greedy"] = None
            outcome["searching"] = True
            if workers > 1:
                total = solve_parallel(search, upper + 1, workers)[0]
            else:
                total = search.solve(upper + 1)[0]
            if not math.isinf(total):
                outcome["tree"] = _read(search, targets)
            outcome["total"] = total
        except SearchInterrupted:
            outcome["stopped"] = True
        except BaseException as error:  # handed to the caller's thread
            outcome["error"] = error

    worker = threading.Thread(target=work, name="mastermind-optimum", daemon=True)
    deadline = math.inf if timeout is None else time.monotonic() + timeout
    worker.start()
    try:
        while worker.is_alive():
            worker.join(min(0.05, max(0.0, deadline - time.monotonic())))
            late = time.monotonic() >= deadline and "searching" in outcome  # quick tree built
            if late or (search.cancel is not None and search.cancel()):
                search.stop[1] = 1
            kept.tick(search)
    except KeyboardInterrupt:
        search.stop[1] = 1
        worker.join()
        kept.save(search)
        raise
    worker.join()
    kept.save(search)
    if "error" in outcome:
        raise outcome["error"]
    if "total" not in outcome:
        if not outcome.get("greedy") or (search.cancel is not None and search.cancel()):
            raise SearchInterrupted("the search was stopped before it found a tree")
        tree = outcome["greedy"]
        if search.best_found < sum(depths(tree)):  # a first guess searched through beat it
            search.stop[1] = 0
            tree = _read(search, targets)
        return tree, False, int(min(search.lower_bound, sum(depths(tree))))
    if math.isinf(outcome["total"]):
        raise SearchError(
            f"no strategy finds every code within {plural(search.max_guesses, 'guess', 'guesses')}"
        )
    return outcome["tree"], True, int(outcome["total"])


def _read(search: OptimalSearch, targets: np.ndarray) -> Tree:
    """The tree the search found, rebuilt from its memo."""
    return search.best_tree if search.best_tree is not None else search.read(targets)
