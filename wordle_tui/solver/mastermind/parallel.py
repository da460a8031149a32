"""The optimum's search spread over processes: the groups of each first guess, in parallel.

The first guesses are taken as the one-process search takes them (one per class alike, by
lower bound, each against the best total found so far). For each, this process splits the
codes by its replies and bounds every group (`OptimalSearch.estimate`); the groups still open
go to the workers, largest first, each with the room the others' bounds leave it (`best` less
their bounds), so a group that cannot fit proves the first guess no better. A worker keeps
its search (and memo) between groups and hands back the group's total, whether it is exact,
and its tree. Once a first guess is ruled out, its groups still running are stopped (a round
number the workers check at every node), and the next first guess starts.

The total is the same as one process's: every group is searched exactly or shown to need at
least its room, as one process does, and ties between first guesses go to the earlier one.
"""

from __future__ import annotations

import math
import signal
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing import get_context

import numpy as np

from ..search.shared import SearchInterrupted, first_order
from ..tree import Node, Tree
from .search import OptimalSearch

POLL_S = 0.05  # how often the parent checks for a stop while the workers search

_WORKER: list = []  # a worker process's (search, stop event, round), kept between groups


def solve_parallel(search: OptimalSearch, upper: float, workers: int) -> tuple[float, int]:
    """The least total and its first guess, searched below `upper` with `workers` processes;
    the tree is left in `search.best_tree`, and `lower_bound` kept as `solve` keeps it."""
    targets = np.arange(len(search.game.targets), dtype=np.int32)
    left = search.max_guesses
    ranking = search.splits.rank(targets, left)
    if isinstance(ranking, tuple) or left <= 2 or len(targets) < search.kernel_below:
        return search.solve(upper)
    search.lower_bound = ranking.lower
    context = get_context("spawn")
    stop, current = context.Event(), context.Value("i", 0)
    colours, pegs = search.dimensions
    args = (colours, pegs, left, stop, current)
    search._pools.append(search._pool_below(targets))
    try:
        with ProcessPoolExecutor(workers, context, initializer=_start, initargs=args) as pool:
            try:
                return _first_guesses(search, ranking, targets, upper, pool, current)
            except BaseException:
                stop.set()
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    finally:
        search._pools.pop()


def _first_guesses(search, ranking, targets, upper, pool, current) -> tuple[float, int]:
    """Each first guess in turn (as `OptimalSearch._first_guesses`), its groups in parallel."""
    bounds = ranking.bounds
    order = np.lexsort((ranking.ids, ~ranking.is_code, bounds))
    best, best_guess, done = upper, -1, {}
    for column in order.tolist():
        least = int(bounds[column])
        search.lower_bound = min([best, least, *done.values()])
        if least >= best:
            break
        guess = int(ranking.ids[column])
        total, tree = _one_first_guess(search, guess, targets, best, least, pool, current.value)
        current.value += 1  # a new round: this first guess's groups still running stop
        done[column] = total
        if total < best:
            best, best_guess, search.best_tree = total, guess, tree
            search.best_found = best
    search.lower_bound = best
    return best, best_guess


def _one_first_guess(search, guess, targets, best, least, pool, round_) -> tuple[float, Tree]:
    """The total of one first guess and its tree (or a bound >= best and no tree)."""
    row = search.splits.rows[guess, targets]
    groups = search._groups(row, targets)
    if search.max_guesses - 1 < 2 and any(len(g) >= 2 for g in groups):
        return math.inf, None
    if search._quick_rules_out(groups, least, best, 1):
        return best, None
    total, pending = least, []
    for group in groups:
        if len(group) <= 2:
            continue
        base = int(search.splits.least[len(group)])
        known = max(base, search.estimate(group, 1))
        total += known - base
        if total >= best:
            return total, None
        pending.append((group, known))
    pending.sort(key=lambda item: -len(item[0]))
    running: dict[Future, tuple[np.ndarray, int]] = {}
    for group, known in pending:
        room = best - (total - known)
        running[pool.submit(_work, group, room, round_)] = (group, known)
    trees: dict[bytes, Tree] = {}
    while running:
        finished = wait(running, timeout=POLL_S, return_when=FIRST_COMPLETED).done
        if search.stop[1] or (search.cancel is not None and search.cancel()):
            raise SearchInterrupted("the search was stopped")
        for future in finished:
            group, known = running.pop(future)
            value, exact, nodes, tree = future.result()
            search.nodes += nodes
            total += value - known
            if exact and tree is not None:
                trees[group.tobytes()] = tree
        if total >= best:
            return total, None
    return total, _assemble(search, guess, targets, trees)


def _assemble(search: OptimalSearch, guess: int, targets: np.ndarray, trees: dict) -> Tree:
    """The tree of a first guess from its groups' trees (the small groups read here)."""
    game = search.game
    node = Node(game.guesses[guess], len(targets))
    row = search.matrix[guess, targets]
    for value in first_order(row):
        group = targets[row == value]
        if value == search.win:
            node.branches[value] = game.guesses[guess]
        else:
            found = trees.get(group.astype(np.int32).tobytes())
            node.branches[value] = found if found is not None else search.read(group, 1)
    return node


def _start(colours: int, pegs: int, max_guesses: int, stop, current) -> None:
    """A worker's start: its own search; Ctrl-C is the parent's to handle."""
    from .strategies import make_mastermind

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    search = OptimalSearch(make_mastermind(colours, pegs), max_guesses)
    everything = np.arange(len(search.game.targets), dtype=np.int32)
    search._pools.append(search._pool_below(everything))
    _WORKER[:] = [search, stop, current]


def _work(group: np.ndarray, room: float, round_: int) -> tuple[float, bool, int, Tree | None]:
    """One group searched in a worker: (total or a bound >= room, exact, nodes, its tree)."""
    search, stop, current = _WORKER
    search.cancel = lambda: stop.is_set() or current.value != round_
    before = search.nodes + int(search.stop[0])
    try:
        value = search.cost(group, None, room, 1)
    except SearchInterrupted:
        return room, False, search.nodes + int(search.stop[0]) - before, None
    nodes = search.nodes + int(search.stop[0]) - before
    if math.isinf(value) or value >= room:
        return value, False, nodes, None
    return value, True, nodes, search.read(group, 1)
