"""The optimum's search spread over threads: the groups of each first guess, in parallel.

The first guesses are taken as the one-thread search takes them (one per class alike, by
lower bound, each against the best total found so far). For each, this thread splits the
codes by its replies and bounds every group (`OptimalSearch.estimate`); the groups still open
go to the workers by rounds, as `OptimalSearch._settle` takes them: smallest first, no more at
once than there are workers, each searched for its share (by size) of the room left as it
starts (`best` less the totals found and the bounds of the groups not yet settled); a group
that cannot fit its share raises its bound by it and goes to the next round, and once the
bounds reach `best` the first guess is no better. Once a first
guess is ruled out, its groups still running stop at their next node (a round number), and
the next first guess starts.

Threads, not processes: the workers share the search and its memo (a set alike to one already
searched by the other worker is not searched again: with a memo of its own each process
did about twice the work), and the compiled kernel, where most of the time goes, runs
without Python's lock. The total is the one-thread search's: every group is searched exactly
or shown to need at least its room, and ties between first guesses go to the earlier one.
"""

from __future__ import annotations

import math
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait

import numpy as np

from ....solver.search.shared import SearchInterrupted, first_order
from ....solver.tree import Node, Tree
from .bounds import Ranking
from .search import OptimalSearch, share_of_room

POLL_S = 0.05  # how often this thread checks for a stop while the workers search
# The workers: their pool, how many there are, and the guesses the groups below may use.
Threads = tuple[ThreadPoolExecutor, int, np.ndarray]


def solve_parallel(search: OptimalSearch, upper: float, workers: int) -> tuple[float, int]:
    """The least total and its first guess, searched below `upper` by `workers` threads; the
    tree is left in `search.best_tree`, and `lower_bound` kept as `solve` keeps it."""
    targets = np.arange(len(search.game.targets), dtype=np.int32)
    left = search.max_guesses
    ranking = search.splits.rank(targets, left)
    if isinstance(ranking, tuple) or left <= 2 or len(targets) < search.kernel_below:
        return search.solve(upper)
    search.lower_bound = ranking.lower
    root = search._pool_below(targets)
    search._pools.append(root)
    try:
        with ThreadPoolExecutor(workers, thread_name_prefix="mastermind-worker") as pool:
            try:
                return _first_guesses(search, ranking, targets, upper, (pool, workers, root))
            except BaseException:
                search.stop[1] = 1  # the kernels stop; the threads' searches raise
                raise
    finally:
        search._pools.pop()


def _first_guesses(
    search: OptimalSearch,
    ranking: Ranking,
    targets: np.ndarray,
    upper: float,
    threads: Threads,
) -> tuple[float, int]:
    """Each first guess in turn (`OptimalSearch.try_first_guesses`), its groups in parallel."""

    def total_of(column: int, best: float, least: int) -> float:
        guess = int(ranking.ids[column])
        search.stage = ""
        total = _one_first_guess(search, guess, targets, best, least, threads)
        search.round += 1  # this first guess's groups still running stop
        return total

    def found(best: float, guess: int) -> None:
        search.best_tree = _assemble(search, guess, targets)

    return search.try_first_guesses(ranking, targets, upper, total_of, found)


def _one_first_guess(
    search: OptimalSearch,
    guess: int,
    targets: np.ndarray,
    best: float,
    least: int,
    threads: Threads,
) -> float:
    """The total of one first guess (or a bound >= best), its groups searched in parallel
    (`threads`: the pool, how many workers, the guesses the groups may use)."""
    pool, workers, root = threads
    row = search.splits.rows[guess, targets]
    groups = search._groups(row, targets)
    if search.max_guesses - 1 < 2 and any(len(g) >= 2 for g in groups):
        return math.inf
    if search._quick_rules_out(groups, least, best, 1):
        return best
    total: float = least
    pending: list[tuple[np.ndarray, float]] = []  # (group, its bound)
    for group in groups:
        if len(group) <= 2:
            continue
        base = int(search.splits.least[len(group)])
        known = max(base, search.estimate(group, 1))
        total += known - base
        if total >= best:
            return total
        pending.append((group, known))
    queue = sorted(pending, key=lambda item: -len(item[0]))  # the smallest last: popped first
    again: list[tuple[np.ndarray, float]] = []  # groups whose bound rose: the next round
    running: dict[Future[float], tuple[np.ndarray, float, float]] = {}  # -> (codes, bound, room)
    count, weight, rounds = len(pending), sum(len(g) for g, _ in queue), 1
    while queue or running or again:
        if not queue and not running:  # a new round: what is left shares the room again
            queue, again = sorted(again, key=lambda item: -len(item[0])), []
            weight, rounds = sum(len(g) for g, _ in queue), rounds + 1
        while queue and len(running) < workers:  # each gets its share of the room left
            group, known = queue.pop()
            room = share_of_room(best, total, known, len(group), weight)
            weight -= len(group)
            job = pool.submit(_work, search, group, room, search.round, root)
            running[job] = (group, known, room)
        sizes = ", ".join(f"{len(g):,}" for g, _, _ in running.values())
        done = count - len(queue) - len(running) - len(again)
        search.stage = f"round {rounds}: groups {done} of {count} done, searching {sizes} codes"
        finished = wait(running, timeout=POLL_S, return_when=FIRST_COMPLETED).done
        if search.stop[1] or (search.cancel is not None and search.cancel()):
            raise SearchInterrupted("the search was stopped")
        for future in finished:
            group, known, room = running.pop(future)
            found = future.result()
            total += found - known
            if found >= room:  # a bound only: searched again next round, if need be
                again.append((group, found))
        if total >= best:
            return total
    return total


def _assemble(search: OptimalSearch, guess: int, targets: np.ndarray) -> Tree:
    """The tree of a first guess, its groups read from the shared memo."""
    game = search.game
    node = Node(game.guesses[guess], len(targets))
    row = search.matrix[guess, targets]
    for value in first_order(row):
        if value == search.win:
            node.branches[value] = game.guesses[guess]
        else:
            node.branches[value] = search.read(targets[row == value], 1)
    return node


def _work(
    search: OptimalSearch, group: np.ndarray, room: float, round_: int, root: np.ndarray
) -> float:
    """One group searched in a worker thread: its total, or a bound >= room."""
    local = search.local
    if not local.pools:
        local.pools.append(root)
    local.round = round_
    try:
        return search.cost(group, None, room, 1)
    except SearchInterrupted:
        if search.stop[1]:
            raise
        return room  # its first guess was ruled out meanwhile
    finally:
        local.round = None
