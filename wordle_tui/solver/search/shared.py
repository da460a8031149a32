"""What the searches share: their errors, their result, when to stop, and reading depths off
a tree."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ...errors import WordleTuiError
from ..tree import Tree, first_guess


class SearchError(WordleTuiError, RuntimeError):
    """The search found no tree within its limits."""


class SearchInterrupted(SearchError):
    """A search stopped by the user (Ctrl-C); `best` is the best result found so far."""

    def __init__(self, message: str, best: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.best = best


def answers_among(scratch: np.ndarray, answers: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """Which guesses of `ids` are among `answers` (guess ids), marked in `scratch` (a flag per
    guess, all False, and left so)."""
    scratch[answers] = True
    among: np.ndarray = scratch[ids]
    scratch[answers] = False
    return among


class StopRule:
    """When a long search gives up: `seconds` after its clock starts, when `cancel()` says so,
    either, or never. Called at every node of a search: True means stop now."""

    __slots__ = ("seconds", "cancel", "deadline", "stopped")

    def __init__(
        self, seconds: float | None = None, cancel: Callable[[], bool] | None = None
    ) -> None:
        self.seconds = seconds  # None: no time limit
        self.cancel = cancel
        self.stopped = False  # whether it has said stop
        self.deadline = math.inf
        self.start()

    def start(self) -> None:
        """Start the clock (again): the time is up `seconds` from now."""
        self.deadline = math.inf if self.seconds is None else time.monotonic() + self.seconds

    def cancelled(self) -> bool:
        """Whether `cancel()` says stop (the time being up is not a cancel)."""
        return self.cancel is not None and self.cancel()

    def __call__(self) -> bool:
        cancel = self.cancel
        if (cancel is not None and cancel()) or time.monotonic() > self.deadline:
            self.stopped = True
            return True
        return False


class NodeLimit:
    """A stop that says stop after `nodes` questions (nodes searched), or when `stop` does:
    a bound on a search's work that is the same on every machine."""

    __slots__ = ("nodes", "stop", "asked")

    def __init__(self, nodes: int, stop: Callable[[], bool] | None = None) -> None:
        self.nodes = nodes
        self.stop = stop
        self.asked = 0

    def __call__(self) -> bool:
        self.asked += 1
        return self.asked > self.nodes or (self.stop is not None and self.stop())


@dataclass
class SearchResult:
    """A searched tree and how it was found."""

    tree: Tree
    total: int
    worst: int
    seconds: float
    nodes: int
    top_k: int
    hard: bool

    @property
    def first_guess(self) -> str:
        """The tree's first guess (the only word, for a one-word list)."""
        return first_guess(self.tree)


def least_totals(n: int, replies: int) -> np.ndarray:
    """The least total guesses for groups of 0..n targets when a guess makes at most `replies`
    groups besides the win: one found with the first guess, `replies` with the second, ..."""
    out = np.zeros(n + 1, dtype=np.int64)
    depth, room, left_in_level, total = 1, 1, 1, 0
    for size in range(1, n + 1):
        if left_in_level == 0:
            depth, room = depth + 1, room * replies
            left_in_level = room
        total += depth
        left_in_level -= 1
        out[size] = total
    return out


def depths(tree: Tree) -> list[int]:
    """The number of guesses each target needs in `tree` (iteratively)."""
    out, stack = [], [(tree, 1)]
    while stack:
        sub, d = stack.pop()
        if isinstance(sub, str):
            out.append(d)
            continue
        for child in sub.branches.values():
            if isinstance(child, str):
                out.append(d if child == sub.guess else d + 1)
            else:
                stack.append((child, d + 1))
    return out


def first_order(row: np.ndarray) -> list[int]:
    """The distinct values of a row in order of first appearance."""
    values, first = np.unique(row, return_index=True)
    return [int(v) for v in values[np.argsort(first)]]
