"""The proof of a game's optimum: every first guess valued exactly or cut by a lower bound.

`prove` is `PositionSearch`'s own root loop, unrolled into work units of one first guess each
(one per distinct reply row over the answers; in hard mode, per distinct row and hints), so
the proof and the assistant's proven pick are the same search:

- the upper bound is a real tree's total: the shipped optimal tree on the lists it was
  searched for, else a top-k `TreeSearch`;
- the openers are taken in order of the admissible bound 3n - groups - [could be the answer];
  each is searched exactly with the best total so far as its bound (`bounded_value`), which
  either values it (a new best) or proves it cannot beat the best (a lower bound >= it);
- once the next opener's bound reaches the best, every opener left is cut untried.

`proven` is True only when every opener was settled one of those ways. What each opener
proved is saved to a file in the cache folder as it is proven, so an interrupted proof keeps
it and `resume=True` goes on from there; `workers` > 1 spreads the openers over processes,
`cluster` (a `cluster.Cluster`) over a Dask cluster's workers.
"""

from __future__ import annotations

import math
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from multiprocessing import get_context
from multiprocessing.synchronize import Event
from pathlib import Path
from typing import Protocol, TypeVar

import numpy as np

from ..cache import cache_path, read_json, write_json
from ..choices import Mode
from ..games import Game
from ..matrix import reply_matrix
from ..trees import fits_shipped, has_shipped, shipped_for
from .best_tree import LEGAL_KEY, TreeSearch
from .position import PositionSearch
from .screen import Screen
from .shared import SearchError, depths

FORMAT = 1
SAVE_EVERY_S = 2.0
PARENT_CHECK_S = 0.5  # how often a worker checks that the proof it works for is still there
MEMO_LIMIT = 3_000_000  # memo entries kept between openers (a full game's memo grows fast)
MEMO_BYTES = 1 << 30  # and about this much memory for them, each worker (hard-mode keys are big)
ENTRY_BYTES = 300  # a memo entry beside its key's hard-mode legal guesses: a few targets, a tuple
UPPER_TOP_K = {False: 12, True: 40}
RESUME_REFUSED = (
    "Saved progress in {} was not trusted (not signed by you, damaged, or impossible): "
    "what it could not vouch for is searched again."
)
Progress = Callable[["ProofState"], None]
Unit = tuple[str, int, float]  # an opener to settle: (word, guess number, its lower bound)
Outcome = tuple[float, bool, int]  # an opener's (total or lower bound, exact, nodes searched)


class Pending(Protocol):
    """An opener's search under way: a `concurrent.futures.Future`, or a Dask one."""

    def result(self) -> Outcome: ...


PendingT = TypeVar("PendingT", bound=Pending)


@dataclass
class ProofState:
    """How far a proof has come: the best total so far, and each opener's outcome."""

    best: float
    best_word: str | None
    openers: int  # first guesses to settle (one per distinct reply row, and hints in hard mode)
    known: dict[str, tuple[float, bool]] = field(default_factory=dict)  # word -> (value, exact)
    how: dict[str, int] = field(default_factory=dict)  # outcome -> count
    rest: float = 0.0  # the least bound of the openers not settled yet (inf: none left)
    nodes: int = 0

    @property
    def settled(self) -> int:
        """Openers valued, refuted or cut."""
        return len(self.known) + self.how.get("cut by the opener bound", 0)

    def record(self, word: str, value: float, exact: bool, how: str, nodes: int = 0) -> None:
        """An opener's outcome: its exact total, or a lower bound on it."""
        self.known[word] = (value, exact)
        self.nodes += nodes
        better = exact and value < self.best
        if better:
            self.best, self.best_word = value, word
        if how == "searched":
            how = (
                "valued: a new best"
                if better
                else "refuted by search"
                if nodes
                else ("cut by its groups' bounds")
            )
        self.how[how] = self.how.get(how, 0) + 1


@dataclass(frozen=True)
class ProofReport:
    """A proof's outcome: the optimum and its first guess, and how every opener was settled."""

    total: float
    first_guess: str
    proven: bool
    upper: float
    upper_from: str
    answers: int
    openers: int
    how: dict[str, int]
    rest_bound: float  # the least lower bound of the openers left unsettled (inf when proven)
    nodes: int
    seconds: float
    file: str | None
    note: str | None = None  # what resuming refused to trust, if anything


class Runner(Protocol):
    """Somewhere else to settle the openers (`cluster.Cluster`: a Dask cluster's workers)."""

    def run(
        self,
        game: Game,
        hard: bool,
        rows: int,
        units: list[Unit],
        state: ProofState,
        progress: Progress | None,
        path: Path | None,
    ) -> bool:
        """Settle the units; True once every opener is settled."""
        ...


class RootSearch:
    """One process's share of a proof: `PositionSearch` at the start, a first guess at a time."""

    def __init__(self, game: Game, hard: bool, max_guesses: int) -> None:
        self.search = PositionSearch(game, reply_matrix(game), hard, max_guesses)
        self.targets = np.arange(len(game.targets), dtype=np.int32)
        self.legal = np.ones(len(game.guesses), dtype=bool) if hard else None
        self.ids, self.bounds = self.search.openers(self.targets, self.legal, 0)
        self.pool = np.sort(self.ids)
        legal_bytes = LEGAL_KEY if hard else 0  # each key holds a digest of them
        self.memo_limit = min(MEMO_LIMIT, MEMO_BYTES // (ENTRY_BYTES + legal_bytes))
        self.screen = Screen.by_answers(self.ids, self.bounds, self.search.matrix)

    def value(self, guess: int, best: float) -> tuple[float, bool, int]:
        """An opener's (exact total or a lower bound >= best, exact, nodes searched)."""
        search = self.search
        if len(search.memo) > self.memo_limit:
            search.forget()
        before = search.nodes
        total = search.bounded_value(
            guess, self.targets, self.legal, best, 0, self.pool, self.screen
        )
        exact = total < best or math.isinf(best)
        return float(total), exact, search.nodes - before


def upper_bound(game: Game, hard: bool, max_guesses: int) -> tuple[float, str | None, str]:
    """A real tree's total and first guess, and where the tree came from (inf if none)."""
    name = "optimal-hard" if hard else "optimal"
    if max_guesses == 6 and fits_shipped(game) and has_shipped(name, game):
        tree, _ = shipped_for(name, game)
        first = tree if isinstance(tree, str) else tree.guess
        return float(sum(depths(tree))), first, "the shipped tree"
    top_k = UPPER_TOP_K[hard]
    try:
        result = TreeSearch(game, hard=hard, top_k=top_k, max_guesses=max_guesses).run()
    except SearchError:
        return math.inf, None, f"a top-{top_k} search (no tree found)"
    return float(result.total), result.first_guess, f"a top-{top_k} search"


def proof_file(game: Game, hard: bool, max_guesses: int) -> Path | None:
    """Where the proof of this game's lists, mode and rows keeps its openers' outcomes."""
    return cache_path(f"proof-{game.name}-{game.fingerprint}-{Mode.of(hard)}-{max_guesses}.json")


def plausible(value: object, exact: object, answers: int, max_guesses: int) -> bool:
    """Whether a saved outcome can be true of a first guess over `answers` answers: a total
    that is a whole number of at least 2n - 1 (one answer found at once, every other later),
    at most n x the rows if exact; or null (no tree within the rows)."""
    if not isinstance(exact, bool) or isinstance(value, bool):
        return False
    if value is None:
        return True
    if not isinstance(value, int | float) or not math.isfinite(value) or value != int(value):
        return False
    return 2 * answers - 1 <= value and (not exact or value <= answers * max_guesses)


def load_outcomes(
    path: Path | None, words: set[str], answers: int, max_guesses: int
) -> tuple[dict[str, tuple[float, bool]], bool]:
    """The outcomes an earlier run saved, and whether anything saved was refused (a file there
    but unsigned, damaged or of another format, or an entry no first guess can have)."""
    data = read_json(path)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return {}, path is not None and path.exists()
    openers = data.get("openers")
    if not isinstance(openers, dict):
        return {}, True
    out = {}
    for word, item in openers.items():
        if word in words and isinstance(item, list) and len(item) == 2:
            value, exact = item
            if plausible(value, exact, answers, max_guesses):
                out[word] = (math.inf if value is None else float(value), exact)
    return out, len(out) < len(openers)


def save_outcomes(path: Path | None, state: ProofState) -> None:
    """Save every opener's outcome so far (infinite values as null)."""
    openers = {w: [None if math.isinf(v) else v, e] for w, (v, e) in state.known.items()}
    write_json(path, {"format": FORMAT, "openers": openers})


def prove(
    game: Game,
    hard: bool = False,
    max_guesses: int = 6,
    workers: int = 1,
    resume: bool = False,
    progress: Progress | None = None,
    save: bool = True,
    upper: float | None = None,
    cluster: Runner | None = None,
) -> ProofReport:
    """Prove the least total guesses over `game`'s answers (see the module).

    `upper`, if given, is the total to beat instead of a tree's (no tree is searched);
    `cluster` (`cluster.Cluster`, connected), if given, runs the openers on its workers.
    """
    start = time.perf_counter()
    root = RootSearch(game, hard, max_guesses)
    if upper is None:
        upper, first, source = upper_bound(game, hard, max_guesses)
    else:
        first, source = None, "given"
    words = [game.guesses[int(g)] for g in root.ids]
    state = ProofState(upper, first, len(words))
    path = proof_file(game, hard, max_guesses) if save else None
    saved, refused = (
        load_outcomes(path, set(words), len(game.targets), max_guesses) if resume else ({}, False)
    )
    for word, (value, exact) in saved.items():
        state.record(word, value, exact, "resumed")
    note = RESUME_REFUSED.format(path) if refused else None
    units = [(w, int(g), float(b)) for w, g, b in zip(words, root.ids, root.bounds, strict=True)]
    units = [u for u in units if u[0] not in state.known]
    proven = False
    try:
        if cluster is not None:
            proven = cluster.run(game, hard, max_guesses, units, state, progress, path)
        else:
            proven = _run(root, game, units, state, workers, progress, path)
    finally:
        save_outcomes(path, state)
    seconds = time.perf_counter() - start
    return _report(game, state, proven, upper, source, seconds, path, note)


def _report(
    game: Game,
    state: ProofState,
    proven: bool,
    upper: float,
    source: str,
    seconds: float,
    path: Path | None,
    note: str | None = None,
) -> ProofReport:
    if proven and math.isinf(state.best):
        raise SearchError("no tree finds every answer within the rows")
    return ProofReport(
        state.best,
        state.best_word or game.targets[0],
        proven,
        upper,
        source,
        len(game.targets),
        state.openers,
        dict(state.how),
        math.inf if proven else state.rest,
        state.nodes,
        seconds,
        None if path is None else str(path),
        note,
    )


def _run(
    root: RootSearch,
    game: Game,
    units: list[Unit],
    state: ProofState,
    workers: int,
    progress: Progress | None,
    path: Path | None,
) -> bool:
    """Settle the units in order of bound; True once every opener is settled."""
    if workers <= 1:
        one = lambda g, b: _done(root.value(g, b))  # noqa: E731
        return settle_units(units, state, one, lambda: 1, progress, path, _first_done)
    context = get_context("spawn")
    stop = context.Event()
    args = (game, root.search.hard, root.search.max_guesses, stop)
    with ProcessPoolExecutor(workers, context, initializer=_start_worker, initargs=args) as pool:
        try:
            submit = lambda g, b: pool.submit(_work, g, b)  # noqa: E731
            return settle_units(units, state, submit, lambda: workers, progress, path, _first_done)
        except BaseException:
            stop.set()  # the workers' searches stop at their next node
            pool.shutdown(wait=True, cancel_futures=True)
            raise


def _first_done(futures: Iterable[Future[Outcome]]) -> set[Future[Outcome]]:
    """The futures finished so far, once at least one is."""
    return wait(futures, return_when=FIRST_COMPLETED).done


def settle_units(
    units: list[Unit],
    state: ProofState,
    submit: Callable[[int, float], PendingT],
    width: Callable[[], int],
    progress: Progress | None,
    path: Path | None,
    first_done: Callable[[dict[PendingT, tuple[str, float]]], Iterable[PendingT]],
) -> bool:
    """Keep `width()` openers in hand, each searched against the best so far; True once every
    opener is settled. `submit(guess, best)` returns a future; `first_done` waits on them."""
    queue, saved = list(reversed(units)), time.monotonic()
    running: dict[PendingT, tuple[str, float]] = {}  # each opener's search: (word, bound)
    while True:
        limit = width()
        while queue and len(running) < limit and queue[-1][2] < state.best:
            word, guess, bound = queue.pop()
            running[submit(guess, state.best)] = (word, bound)
        state.rest = min(
            [b for *_, b in queue[-1:]] + [b for _, b in running.values()], default=math.inf
        )
        if progress:
            progress(state)
        if not running:
            break
        for future in first_done(running):
            word, _ = running.pop(future)
            value, exact, nodes = future.result()
            state.record(word, value, exact, "searched", nodes)
        if time.monotonic() - saved > SAVE_EVERY_S:
            save_outcomes(path, state)
            saved = time.monotonic()
    state.how["cut by the opener bound"] = len(queue)
    state.rest = math.inf
    return True


def _done(result: Outcome) -> Future[Outcome]:
    """A result as a finished future (the one-process loop waits on the same thing)."""
    future: Future[Outcome] = Future()
    future.set_result(result)
    return future


_ROOT: list[RootSearch] = []  # a worker process's search, kept between its openers


def _start_worker(game: Game, hard: bool, max_guesses: int, stop: Event) -> None:
    """A worker's start: Ctrl-C is the parent's to handle; its search stops when told, and
    the worker ends if the parent is gone (killed: it could not tell the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    threading.Thread(target=_end_with, args=(parent,), daemon=True).start()
    root = RootSearch(game, hard, max_guesses)
    root.search.cancel = stop.is_set
    _ROOT.append(root)


def _end_with(parent: int, every_s: float = PARENT_CHECK_S) -> None:
    """End this process once its parent process `parent` is gone."""
    while os.getppid() == parent:
        time.sleep(every_s)
    os._exit(1)


def _work(guess: int, best: float) -> tuple[float, bool, int]:
    """One opener searched in a worker."""
    return _ROOT[0].value(guess, best)
