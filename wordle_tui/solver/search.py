"""Searching for the best guess trees: fewest guesses in total, then the shallowest worst case.

At each node the K most promising guesses (ranked by the expected number of targets left,
answers first on ties) are tried, each scored by searching its groups, with:

- memoised target sets (and, in hard mode, the hints that limit the guesses);
- lower bounds to prune: a group of n targets needs at least 2n - 1 guesses in total
  (2n if no answer in it splits it into single words); a branch stops as soon as the sum of
  what is known and what is bounded reaches the best found so far;
- exact answers for small groups (one or two words; a word that tells all the others apart).

The cost of a tree over n targets is the total number of guesses its targets need.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..errors import WordleTuiError
from .games import Game
from .matrix import reply_matrix
from .metrics import group_stats
from .play import evil_choice
from .tree import Node, Tree, hard_mode_mask

WIN = 242
Progress = Callable[[int, int], None]


class SearchError(WordleTuiError, RuntimeError):
    """The search found no tree within its limits."""


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


@dataclass
class TreeSearch:
    """Finds a guess tree minimising the total number of guesses over a game's targets."""

    game: Game
    hard: bool = False
    top_k: int = 10
    progress: Progress | None = None
    rank: str = "bound"
    max_guesses: int = 6  # every target must be found within this many guesses
    root_k: int | None = None  # how many first guesses to try (default: top_k)
    memo: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.matrix = reply_matrix(self.game)
        self.is_target = self.game.is_target
        self.win = self.game.rules.win
        self.replies = self.game.rules.n_replies
        if not 1 <= self.max_guesses <= 255:
            raise ValueError("max_guesses must be between 1 and 255")
        self.nodes = 0
        self.done = 0

    # The search

    def run(self, first: str | None = None) -> SearchResult:
        """Search the whole target list (optionally with a fixed first guess)."""
        start = time.perf_counter()
        targets = np.arange(len(self.game.targets), dtype=np.int32)
        legal = np.ones(len(self.game.guesses), dtype=bool) if self.hard else None
        self.first = None if first is None else self.game.index[first.lower()]
        total = self.cost(targets, legal, math.inf, depth=0)
        if math.isinf(total):
            raise SearchError(
                f"no tree finds every target within {self.max_guesses} guesses using the top "
                f"{self.top_k} guesses at each step; try a larger --top-k"
            )
        tree = self.tree(targets, legal)
        worst = max(_depths(tree))
        return SearchResult(
            tree, int(total), worst, time.perf_counter() - start, self.nodes, self.top_k, self.hard
        )

    def key(self, targets: np.ndarray, legal: np.ndarray | None, depth: int) -> bytes:
        base = targets.tobytes() + bytes([self.max_guesses - depth])
        return base if legal is None else base + np.packbits(legal).tobytes()

    def cost(
        self, targets: np.ndarray, legal: np.ndarray | None, bound: float, depth: int
    ) -> float:
        """The least total guesses for `targets`, or a number >= bound if it cannot beat it.

        `depth` guesses have been made; the rest must fit within max_guesses (inf if not).
        """
        n, left = len(targets), self.max_guesses - depth
        if n == 1:
            return 1 if left >= 1 else math.inf
        if n == 2:
            return 3 if left >= 2 else math.inf
        if left < 2:
            return math.inf
        key = self.key(targets, legal, depth)
        known = self.memo.get(key)
        if known is not None:
            value, exact, _ = known
            if exact or value >= bound:
                return value
        self.nodes += 1
        value, guess, exact = self._search(targets, legal, bound, depth)
        previous = self.memo.get(key)
        if exact or previous is None or value > previous[0]:
            self.memo[key] = (value, exact, guess)
        return value

    def _search(
        self, targets: np.ndarray, legal: np.ndarray | None, bound: float, depth: int
    ) -> tuple[float, int, bool]:
        n = len(targets)
        pool, codes = self._ranked(targets, legal, depth)
        if pool.size == 0:
            return math.inf, -1, True
        # A guess that tells every target apart is optimal: 2n - 1 if it could be the answer,
        # else 2n (perfect answers are ranked first, so none exists then).
        if _distinct(codes[0]):
            perfect = 2 * n - 1 if np.isin(pool[0], self.game.target_ids[targets]) else 2 * n
            return perfect, int(pool[0]), True
        if self.max_guesses - depth <= 2:  # only a guess telling all apart could finish
            return math.inf, -1, True
        best, best_guess, lower = bound, -1, 2 * n  # no answer splits them all: at least 2n
        if lower >= best:
            return lower, -1, False
        for guess, row in zip(pool, codes, strict=True):
            total = self._try(int(guess), row, targets, legal, best, depth)
            if total < best:
                best, best_guess = total, int(guess)
                if best <= lower:
                    break
        if best_guess < 0:
            return max(bound, lower), -1, False
        return best, best_guess, True

    def _try(
        self,
        guess: int,
        row: np.ndarray,
        targets: np.ndarray,
        legal: np.ndarray | None,
        best: float,
        depth: int,
    ) -> float:
        """Total guesses if `guess` is played here (>= best if it cannot beat best)."""
        n = len(targets)
        values, inverse, counts = np.unique(row, return_inverse=True, return_counts=True)
        if len(values) == 1 and values[0] != self.win:
            return math.inf  # splits nothing
        groups = [(int(c), int(v)) for v, c in zip(values, counts, strict=True) if v != self.win]
        bounds = {v: (1 if c == 1 else 3 if c == 2 else 2 * c - 1) for c, v in groups}
        if self.max_guesses - depth - 1 < 2 and any(c >= 2 for c, _ in groups):
            return math.inf  # a pair or more with one guess left cannot be finished
        total = n + sum(bounds.values())
        if total >= best:
            return total
        order = sorted(groups, reverse=True)
        for count, value in order:
            if count <= 2:
                continue
            members = targets[row == value]
            sub_legal = None
            if legal is not None:
                sub_legal = legal & hard_mode_mask(self.game, self.game.guesses[guess], value)
            room = best - (total - bounds[value])
            got = self.cost(members, sub_legal, room, depth + 1)
            total += got - bounds[value]
            if total >= best:
                return total
        if depth == 0:
            self.done += 1
            if self.progress:
                self.progress(self.done, self.root_k or self.top_k)
        return total

    def _ranked(
        self, targets: np.ndarray, legal: np.ndarray | None, depth: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """The top-k guesses here (answers first on ties) and their reply codes."""
        if depth == 0 and self.first is not None:
            pool = np.array([self.first])
            return pool, self.matrix[np.ix_(pool, targets)]
        pool = np.flatnonzero(legal) if legal is not None else None
        codes = self.matrix[:, targets] if pool is None else self.matrix[np.ix_(pool, targets)]
        stats = group_stats(codes, self.replies)
        ids = np.arange(len(self.game.guesses)) if pool is None else pool
        is_cand = np.isin(ids, self.game.target_ids[targets])
        useful = (stats.groups > 1) | is_cand
        # perfect splitters among the answers first; then by the lower bound on the total
        # (3n - groups - [could be the answer]), then by expected targets left
        perfect = (stats.groups == len(targets)) & is_cand
        bound = -(stats.groups + is_cand)
        keys = {
            "bound": (ids, ~is_cand, stats.sum_squares, bound, ~perfect, ~useful),
            "squares": (ids, ~is_cand, stats.sum_squares, ~perfect, ~useful),
            "entropy": (ids, ~is_cand, stats.sum_clog, ~perfect, ~useful),
        }
        order = np.lexsort(keys[self.rank])
        width = self.root_k if depth == 0 and self.root_k else self.top_k
        keep = order[:width]
        keep = keep[useful[keep]]
        return ids[keep], codes[keep]

    # Reading the tree back

    def tree(self, targets: np.ndarray, legal: np.ndarray | None, depth: int = 0) -> Tree:
        """The best tree found, rebuilt from the memo."""
        if len(targets) == 1:
            return self.game.targets[targets[0]]
        guess = self._best_guess(targets, legal, depth)
        node = Node(self.game.guesses[guess], len(targets))
        row = self.matrix[guess, targets]
        for value in _first_order(row):
            members = targets[row == value]
            if value == self.win:
                node.branches[int(value)] = self.game.guesses[guess]
                continue
            sub = None
            if legal is not None:
                sub = legal & hard_mode_mask(self.game, self.game.guesses[guess], int(value))
            node.branches[int(value)] = self.tree(members, sub, depth + 1)
        return node

    def _best_guess(self, targets: np.ndarray, legal: np.ndarray | None, depth: int) -> int:
        if len(targets) == 2:
            return int(self.game.target_ids[targets[0]])
        known = self.memo.get(self.key(targets, legal, depth))
        if known is not None and known[1] and known[2] >= 0:
            return known[2]
        # Not searched exactly (cut off elsewhere): search it now with no bound.
        self.cost(targets, legal, math.inf, depth)
        return self.memo[self.key(targets, legal, depth)][2]


def _distinct(row: np.ndarray) -> bool:
    return len(np.unique(row)) == len(row)


def _first_order(row: np.ndarray) -> list[int]:
    values, first = np.unique(row, return_index=True)
    return [int(v) for v in values[np.argsort(first)]]


def _depths(tree: Tree, depth: int = 1) -> list[int]:
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


def shortest_evil_win(game: Game, progress: Progress | None = None) -> dict:
    """The fewest guesses that force a win against the greedy evil replier, with a proof.

    A win at guess m needs one word left after m - 1 replies. The evil replier keeps a group
    of at least |R| / P words from a set R, where P is the most groups any guess makes on the
    whole answer list (a subset cannot have more). From the smallest first group this bounds
    how many words must be left after each guess; depths the bound excludes are impossible,
    and the first depth it allows is searched until a sequence is found.
    """
    matrix = reply_matrix(game)
    everything = np.arange(len(game.targets))
    stats = group_stats(matrix, 243)
    most_groups = int(stats.groups.max())
    smallest_first = int(stats.largest.min())
    left, bound_lengths = smallest_first, [len(game.targets), smallest_first]
    while left > 1:
        left = math.ceil(left / most_groups)
        bound_lengths.append(left)
    shortest_possible = len(bound_lengths)  # guesses needed by the bound alone
    sequence = _evil_search(game, matrix, everything, shortest_possible - 1, progress)
    if sequence is None:
        raise RuntimeError("no forced win found at the depth the bound allows")
    return {
        "guesses": len(sequence),
        "sequence": sequence,
        "proof": (
            f"No guess makes more than {most_groups} groups on the {len(game.targets):,} "
            f"answers, and the evil replier keeps at least {smallest_first} after any first "
            f"guess; so at least {' → '.join(map(str, bound_lengths))} words remain after "
            f"each guess, and no win takes fewer than {shortest_possible} guesses. The "
            f"sequence above wins in {len(sequence)}."
        ),
        "bound": bound_lengths,
    }


def _evil_search(
    game: Game, matrix: np.ndarray, everything: np.ndarray, replies: int, progress: Progress | None
) -> list[tuple[str, str]] | None:
    """A sequence leaving one word after `replies` evil replies, then guessing it."""

    def evil(left: np.ndarray, guess: int) -> tuple[np.ndarray, int]:
        codes = matrix[guess, left]
        reply = evil_choice(codes, WIN)
        return left[codes == reply], reply

    def search(left: np.ndarray, depth: int) -> list[tuple[int, int]] | None:
        if depth == replies:
            return [] if len(left) == 1 else None
        stats = group_stats(matrix[:, left], 243)
        need = replies - depth  # replies still to come
        if need == 1:  # the next guess must leave one word: it must split all apart
            hits = np.flatnonzero(stats.groups == len(left))
            for guess in hits:
                rest, reply = evil(left, int(guess))
                if len(rest) == 1:
                    return [(int(guess), reply)]
            return None
        order = np.lexsort((np.arange(len(stats.largest)), stats.largest))
        for count, guess in enumerate(order, start=1):
            if depth == 0 and progress:
                progress(count, len(order))
            rest, reply = evil(left, int(guess))
            found = search(rest, depth + 1)
            if found is not None:
                return [(int(guess), reply), *found]
        return None

    path = search(everything, 0)
    if path is None:
        return None
    left = everything
    for guess, reply in path:
        left = left[matrix[guess, left] == reply]
    moves = [(game.guesses[g], game.show(r)) for g, r in path]
    last = game.targets[int(left[0])]
    return [*moves, (last, "GGGGG")]


def promising_openers(game: Game, count: int) -> list[str]:
    """First guesses worth searching: the best by the search's own ranking at the start."""
    search = TreeSearch(game, top_k=count)
    search.first = None
    pool, _ = search._ranked(np.arange(len(game.targets), dtype=np.int32), None, depth=1)
    return [game.guesses[int(g)] for g in pool]


def cached_shortest_evil_win(game: Game, progress: Progress | None = None) -> dict:
    """`shortest_evil_win`, remembered on disk by word lists (it takes a few seconds)."""
    import json

    from ..paths import cache_dir
    from .matrix import matrix_key

    path = None
    with contextlib.suppress(OSError, ValueError):
        path = cache_dir() / f"evil-shortest-v1-{matrix_key(game)}.json"
        return json.loads(path.read_text())
    found = shortest_evil_win(game, progress)
    found["sequence"] = [list(step) for step in found["sequence"]]
    if path is not None:
        with contextlib.suppress(OSError):
            path.write_text(json.dumps(found))
    return found


@dataclass
class SurvivalSearch:
    """Antiwordle: a tree of consistent guesses that keeps the player alive longest.

    The score of a target is the guess at which the player hits it; the search maximises the
    total over all targets, trying at each node the `top_k` guesses that leave the biggest
    groups (smallest entropy), with memoised target sets.
    """

    game: Game
    top_k: int = 3
    progress: Progress | None = None
    memo: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.matrix = reply_matrix(self.game)
        self.win = self.game.rules.win

    def run(self) -> SearchResult:
        start = time.perf_counter()
        targets = np.arange(len(self.game.targets), dtype=np.int32)
        total = self.value(targets)
        tree = self.tree(targets)
        scores = _depths(tree)
        return SearchResult(
            tree,
            int(total),
            max(scores),
            time.perf_counter() - start,
            len(self.memo),
            self.top_k,
            False,
        )

    def value(self, targets: np.ndarray) -> int:
        n = len(targets)
        if n <= 2:
            return 1 if n == 1 else 3
        key = targets.tobytes()
        if key in self.memo:
            return self.memo[key][0]
        ids = self.game.target_ids[targets]
        codes = self.matrix[np.ix_(ids, targets)]
        stats = group_stats(codes, self.game.rules.n_replies)
        order = np.lexsort((ids, stats.sum_clog * -1))[: self.top_k]
        best, best_guess = -1, -1
        for k in order:
            row = codes[k]
            total = n
            for value in np.unique(row):
                if value != self.win:
                    total += self.value(targets[row == value])
            if total > best:
                best, best_guess = total, int(ids[k])
        self.memo[key] = (best, best_guess)
        return best

    def tree(self, targets: np.ndarray) -> Tree:
        if len(targets) == 1:
            return self.game.targets[targets[0]]
        guess = (
            self.memo[targets.tobytes()][1]
            if len(targets) > 2
            else int(self.game.target_ids[targets[0]])
        )
        node = Node(self.game.guesses[guess], len(targets))
        row = self.matrix[guess, targets]
        for value in _first_order(row):
            members = targets[row == value]
            node.branches[value] = (
                self.game.guesses[guess] if value == self.win else self.tree(members)
            )
        return node
