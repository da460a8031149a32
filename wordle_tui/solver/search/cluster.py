"""A proof's openers on a Dask cluster: the same work units as `proof`'s worker processes.

`Cluster.connect(address)` reaches a running Dask scheduler (the optional extra
`wordle-tui[dask]`: `distributed` is imported here, inside functions, so nothing else pays
for it). `Cluster.run` hands `proof.settle_units` a `submit` that sends one opener to the
cluster and waits on whichever finishes first, so the order of the openers, the best total
each is searched against, the progress, the saving and the "proven" rule are the proof's own.

A work unit is `settle_opener(game, hard, rows, guess, best, stop)`: the game (its two word
lists, so custom files need not exist on the workers) is scattered to every worker once;
each worker thread builds its `RootSearch` (reply matrix included) on its first opener and
keeps it for the next ones. A stop (Ctrl-C) sets a Dask `Event` the running searches check
about once a second, cancels the futures and closes the client.
"""

from __future__ import annotations

import contextlib
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..games import Game
from .shared import SearchError

if TYPE_CHECKING:
    from .proof import Progress, ProofState, Unit

INSTALL = 'the Dask extra is not installed: pip install "wordle-tui[dask]" (or ".[dask]")'
CONNECT_TIMEOUT_S = 10.0
STOP_CHECK_S = 1.0
TASKS_PER_THREAD = 8  # openers in hand per worker thread: a quick one costs ~5 ms of overhead


class ClusterError(SearchError):
    """The Dask extra is missing, or the scheduler cannot be reached or has no workers."""


def _distributed() -> Any:
    """The `distributed` package, or a one-line error saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(INSTALL) from None
    return distributed


def first_line(error: BaseException) -> str:
    """An error's message in one short line (its type's name if it has none)."""
    return (str(error).splitlines() or [type(error).__name__])[0][:200]


class Cluster:
    """A connection to a Dask scheduler that settles a proof's openers on its workers."""

    def __init__(self, client: Any, address: str) -> None:
        self.client = client
        self.address = address

    @classmethod
    def connect(cls, address: str, timeout: float | None = None) -> Cluster:
        """Reach the scheduler at `address` (one line and no traceback if it cannot)."""
        distributed = _distributed()
        wait = CONNECT_TIMEOUT_S if timeout is None else timeout
        try:
            client = distributed.Client(address, timeout=f"{wait}s", set_as_default=False)
        except Exception as error:  # OSError, TimeoutError, ValueError: all said in one line
            reason = first_line(error)
            raise ClusterError(f"cannot reach a Dask scheduler at {address}: {reason}") from None
        return cls(client, address)

    def close(self) -> None:
        """Close the client (the scheduler and its workers go on)."""
        self.client.close()

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def threads(self) -> int:
        """The worker threads the scheduler has now (workers may join or leave)."""
        return sum(self.client.nthreads().values())

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
        """Settle the units on the cluster's workers; True once every opener is settled."""
        from .proof import settle_units

        distributed, client = _distributed(), self.client
        if not self.threads():
            try:
                client.wait_for_workers(1, timeout=CONNECT_TIMEOUT_S)
            except Exception:
                raise ClusterError(f"the Dask scheduler at {self.address} has no workers") from None
        # a key of this run's own (not the game's hash): a stopped run's client, closing, must
        # not release the game a new run on the same scheduler is using ("lost dependencies")
        shared = client.scatter(game, broadcast=True, hash=False)
        stop = distributed.Event(f"wordle-tui-proof-stop-{uuid.uuid4().hex}", client=client)
        finished = distributed.as_completed(loop=client.loop)  # the openers, as they finish
        sent: set[Any] = set()  # the Dask futures in hand (a finished one's result is let go)

        def submit(guess: int, best: float) -> Any:  # a Dask future: `proof.Pending`
            future = client.submit(
                settle_opener, shared, hard, rows, guess, best, stop.name, pure=False
            )
            sent.add(future)
            finished.add(future)
            return future

        def first_done(_running: dict[Any, tuple[str, float]]) -> list[Any]:
            batch: list[Any] = finished.next_batch(block=True)
            sent.difference_update(batch)
            return batch

        width = lambda: max(1, TASKS_PER_THREAD * self.threads())  # noqa: E731
        try:
            return settle_units(units, state, submit, width, progress, path, first_done)
        except BaseException as error:
            with contextlib.suppress(Exception):  # the scheduler may be what failed
                stop.set()  # the running searches stop at their next check
                client.cancel(list(sent))
            if isinstance(error, Exception) and not isinstance(error, SearchError):
                raise ClusterError(f"the Dask cluster failed: {first_line(error)}") from error
            raise


_LOCAL = threading.local()  # each worker thread's search, kept between its openers


def settle_opener(
    game: Game, hard: bool, rows: int, guess: int, best: float, stop: str
) -> tuple[float, bool, int]:
    """One opener searched on a worker: (exact total or a lower bound >= best, exact, nodes)."""
    from .proof import RootSearch

    key = (game.name, game.fingerprint, hard, rows)
    if getattr(_LOCAL, "key", None) != key:
        _LOCAL.root = RootSearch(game, hard, rows)
        _LOCAL.key = key
    root = _LOCAL.root
    root.search.cancel = _stop_check(stop)
    outcome: tuple[float, bool, int] = root.value(guess, best)
    return outcome


def _stop_check(name: str) -> Callable[[], bool]:
    """True once the proof's stop event is set, asked of the scheduler at most once a second."""
    from distributed import Event

    event = Event(name)  # type: ignore[no-untyped-call]  # distributed's Event is not annotated
    due = [time.monotonic() + STOP_CHECK_S]

    def stopped() -> bool:
        now = time.monotonic()
        if now < due[0]:
            return False
        due[0] = now + STOP_CHECK_S
        try:
            is_set: bool = event.is_set()  # type: ignore[no-untyped-call]  # as above
            return is_set
        except Exception:  # the scheduler is gone: nobody waits for this opener any more
            return True

    return stopped
