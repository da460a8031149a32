"""Searching for the best guess trees: fewest guesses in total, then the shallowest worst case.

At each node the K most promising guesses (ranked by `ranked_guesses`: the expected number of
targets left, answers first on ties) are tried, each scored by searching its groups, with:

- memoised target sets (and, in hard mode, the hints that limit the guesses);
- lower bounds to prune: a group of n targets needs at least 2n - 1 guesses in total
  (2n if no answer in it splits it into single words), and more when a guess makes few
  groups (`least_totals`: Jotto's five replies besides the win); a branch stops as soon as
  the sum of what is known and what is bounded reaches the best found so far;
- a memo shared across depths once the guesses left cannot bind (at least one per target:
  every guess tried splits its targets, so no path is longer than that);
- exact answers for small groups (one or two words; a word that tells all the others apart);
- optionally, every guess (one per distinct reply row) for groups of at most `every_up_to`
  targets, and `widths`: how many guesses to try at each depth before `top_k`.

The cost of a tree over n targets is the total number of guesses its targets need. Evil
Wordle's shortest forced win lives in `evil`, Antiwordle's search in `survival`; both
are importable from here too.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass, field
from itertools import accumulate

import numpy as np

from ...plural import plural
from ..games import Game
from ..matrix import reply_matrix, rows_for
from ..metrics import group_stats
from ..tree import Node, Progress, Tree
from .evil import cached_shortest_evil_win, shortest_evil_win
from .hints import CompiledHints
from .rows import split
from .shared import (
    SearchError,
    SearchInterrupted,
    SearchResult,
    depths,
    first_order,
    least_totals,
)
from .survival import SurvivalSearch

__all__ = [
    "SearchError",
    "SearchInterrupted",
    "SearchResult",
    "SurvivalSearch",
    "TreeSearch",
    "cached_shortest_evil_win",
    "promising_openers",
    "ranked_guesses",
    "read_tree",
    "shortest_evil_win",
]

WIN = 242
SHARE_FROM = 80  # at the top, groups this large share the room left (`share_room`)
LEGAL_KEY = 32  # bytes of a hard-mode memo key that stand for its legal guesses (`legal_digest`)
RANKINGS = ("bound", "squares", "entropy")
Memo = dict[bytes, tuple[float, bool, int]]  # key -> (value, exact, best guess)


class Split:
    """A guess's groups at a node: the targets grouped by reply (`grouped`, each group from
    `starts[reply]`); called with a reply, a group's targets and hard-mode legal guesses
    (None in normal mode), made when first asked for."""

    def __init__(
        self,
        search: TreeSearch,
        guess: int,
        legal: np.ndarray | None,
        grouped: np.ndarray,
        replies: list[int],
        sizes: list[int],
    ) -> None:
        self.search, self.guess, self.legal, self.grouped = search, guess, legal, grouped
        self.starts = dict(zip(replies, accumulate([0, *sizes[:-1]]), strict=True))
        self.sizes = dict(zip(replies, sizes, strict=True))
        self._made: dict[int, tuple[np.ndarray, np.ndarray | None]] = {}
        self._packed: np.ndarray | None = None  # `legal`, packed, once a key needs it

    def __call__(self, reply: int) -> tuple[np.ndarray, np.ndarray | None]:
        """The group's targets and legal guesses (computed once)."""
        made = self._made.get(reply)
        if made is None:
            start = self.starts[reply]
            targets = self.grouped[start : start + self.sizes[reply]]
            made = self._made[reply] = (
                targets,
                self.search.sub_legal(self.legal, self.guess, reply),
            )
        return made

    def known(self, reply: int, depth: int) -> tuple[float, bool, int] | None:
        """What the memo knows of the group (`TreeSearch.key`), in hard mode from the legal
        guesses packed, without making them (most groups only need looking up), and only
        once some entry holds its targets (most groups have none: no key is made then)."""
        made = self._made.get(reply)
        search = self.search
        if self.legal is None or made is not None:
            return search.memo.get(search.key(*(made or self(reply)), depth))
        start = self.starts[reply]
        targets = self.grouped[start : start + self.sizes[reply]]
        base = search.packed_key(targets, None, depth)
        if base not in search.bases:
            return None
        if self._packed is None:
            self._packed = np.packbits(self.legal)
        packed = search.hinted().kept_packed(self._packed, self.guess, reply)
        return search.memo.get(base + legal_digest(packed))


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
    widths: tuple[int, ...] = ()  # guesses tried at depth 0, 1, ... (top_k deeper down)
    every_up_to: int = 0  # groups this small try every guess (one per distinct reply row)
    memo: Memo = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.matrix = reply_matrix(self.game)
        self.win = self.game.rules.win
        if not 1 <= self.max_guesses <= 255:
            raise ValueError("max_guesses must be between 1 and 255")
        self.nodes = self.done = 0
        self.first: int | None = None
        self.least = least_totals(len(self.game.targets), self.game.rules.n_replies - 1)
        self.least_list: list[int] = self.least.tolist()  # the same, read faster by size
        self._every_bounds: np.ndarray | None = None
        self.hints: CompiledHints | None = None  # made when hard mode first needs it
        self.bases: set[bytes] = set()  # hard mode: the keys' targets and rows, legal left out

    def run(self, first: str | None = None) -> SearchResult:
        """Search the whole target list (optionally with a fixed first guess)."""
        start = time.perf_counter()
        targets = np.arange(len(self.game.targets), dtype=np.int32)
        legal = np.ones(len(self.game.guesses), dtype=bool) if self.hard else None
        self.first = None if first is None else self.game.index[first.lower()]
        total = self.cost(targets, legal, math.inf, depth=0)
        if math.isinf(total):
            raise SearchError(
                f"no tree finds every target within {plural(self.max_guesses, 'guess', 'guesses')} "
                f"using the top {plural(self.top_k, 'guess', 'guesses')} at each step; "
                "try a larger --top-k"
            )
        tree = read_tree(self, targets, legal)
        seconds = time.perf_counter() - start
        return SearchResult(
            tree, int(total), max(depths(tree)), seconds, self.nodes, self.top_k, self.hard
        )

    def fixed(self, depth: int) -> bool:
        """Whether the guess at `depth` is fixed (the first guess, when `run` was given one)."""
        return depth == 0 and self.first is not None

    def key(self, targets: np.ndarray, legal: np.ndarray | None, depth: int) -> bytes:
        """The memo key of a position: its targets, guesses left and (hard) legal guesses.

        The guesses left count only up to one per target: no searched path is longer.
        """
        return self.packed_key(targets, None if legal is None else np.packbits(legal), depth)

    def packed_key(self, targets: np.ndarray, packed: np.ndarray | None, depth: int) -> bytes:
        """`key` with the legal guesses given packed (`np.packbits`), or None in normal mode."""
        left = min(self.max_guesses - depth, len(targets), 255)
        base = targets.tobytes() + bytes([left])
        return base if packed is None else base + legal_digest(packed)

    def cost(
        self, targets: np.ndarray, legal: np.ndarray | None, bound: float, depth: int
    ) -> float:
        """The least total guesses for `targets`, or a number >= bound if it cannot beat it.

        `depth` guesses have been made; the rest must fit within max_guesses (inf if not).
        """
        n, left = len(targets), self.max_guesses - depth
        if n == 1 and not self.fixed(depth):
            return 1 if left >= 1 else math.inf
        if n == 2 and not self.fixed(depth):
            return 3 if left >= 2 else math.inf
        if left < 2:
            return math.inf
        key = self.key(targets, legal, depth)
        known = self.memo.get(key)
        if known is not None and (known[1] or known[0] >= bound):
            return known[0]
        self.nodes += 1
        value, guess, exact = self._search(targets, legal, bound, depth)
        previous = self.memo.get(key)
        if exact or previous is None or value > previous[0]:
            self.remember(key, (value, exact, guess), legal)
        return value

    def remember(
        self, key: bytes, entry: tuple[float, bool, int], legal: np.ndarray | None
    ) -> None:
        """Keep `entry` in the memo under `key` (and in hard mode its targets and rows)."""
        self.memo[key] = entry
        if legal is not None:
            self.bases.add(key[:-LEGAL_KEY])

    def forget(self) -> None:
        """Empty the memo."""
        self.memo.clear()
        self.bases.clear()

    def _search(
        self, targets: np.ndarray, legal: np.ndarray | None, bound: float, depth: int
    ) -> tuple[float, int, bool]:
        """(least total, its guess, exact) over the ranked guesses, or a bound if pruned."""
        n = len(targets)
        pool, codes = self.ranked(targets, legal, depth)
        least = self._every_bounds  # each guess's lower bound, when every guess is tried
        if pool.size == 0:
            return math.inf, -1, True
        # A guess that tells every target apart is optimal: 2n - 1 if it could be the answer,
        # else 2n (perfect answers are ranked first, so none exists then).
        if _distinct(codes[0]):
            perfect = 2 * n - 1 if np.isin(pool[0], self.game.target_ids[targets]) else 2 * n
            return perfect, int(pool[0]), True
        if self.max_guesses - depth <= 2:  # only a guess telling all apart could finish
            return math.inf, -1, True
        # No answer splits them all: at least 2n, and at least what so few replies allow.
        best, best_guess, lower = bound, -1, max(2 * n, self.least_total(n))
        if lower >= best:
            return lower, -1, False
        for k, (guess, row) in enumerate(zip(pool, codes, strict=True)):
            if least is not None and least[k] >= best:
                break  # taken by bound: no guess left can beat the best
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
        values, counts, by_reply = split(row, targets, self.game.rules.n_replies)
        if len(values) == 1 and values[0] != self.win:
            return math.inf  # splits nothing
        replies, sizes = values.tolist(), counts.tolist()
        groups = [(c, v) for v, c in zip(replies, sizes, strict=True) if v != self.win]
        if self.max_guesses - depth - 1 < 2 and any(c >= 2 for c, _ in groups):
            return math.inf  # a pair or more with one guess left cannot be finished
        sub = Split(self, guess, legal, by_reply, replies, sizes)
        bounds = self.group_bounds(groups, sub, depth + 1)
        total = len(targets) + sum(bounds.values())
        if total < best:
            total = self.tighten(groups, bounds, sub, total, best, depth + 1)
        # Smallest group first: small groups are cheap to settle exactly, and a large one is
        # then searched with the least room left, where its bound prunes the most. At the
        # top, the largest groups share the room instead (`share_room`).
        large = []
        for count, value in sorted(groups):
            if total >= best:
                return total
            if count <= 2:
                continue
            if depth == 0 and count >= SHARE_FROM:
                large.append((count, value))
                continue
            room = best - (total - bounds[value])
            total += self.cost(*sub(value), room, depth + 1) - bounds[value]
        total = self.share_room(large, bounds, sub, total, best, depth)
        if total < best and depth == 0:
            self._report()
        return total

    def share_room(
        self,
        large: list[tuple[int, int]],
        bounds: dict[int, float],
        sub: Split,
        total: float,
        best: float,
        depth: int,
    ) -> float:
        """Settle the `large` groups (smallest first) by rounds: each is searched only for its
        share of the room left, by its size, and raises its bound by that or is settled
        exactly; the new total (>= best, or exact once every group is settled).

        Proving a group needs a few more guesses than its bound is far cheaper than proving
        its exact value (after SCALE, 152 answers: 453 nodes to prove 480 or more, 11,093 to
        prove 530), and a first guess that cannot beat `best` seldom needs the exact values.
        """
        while large and total < best:
            weight, asked_again = sum(count for count, _ in large), []
            for count, value in large:
                if total >= best:
                    break
                share = 1 if best == math.inf else -(-(best - total) * count // weight)  # ceil
                weight -= count
                room = min(best - (total - bounds[value]), bounds[value] + max(1, share))
                found = self.cost(*sub(value), room, depth + 1)
                total += found - bounds[value]
                bounds[value] = found
                if found >= room:  # a bound only: its exact value may be needed yet
                    asked_again.append((count, value))
            large = asked_again
        return total

    def group_bounds(
        self, groups: list[tuple[int, int]], sub: Split, depth: int
    ) -> dict[int, float]:
        """The least total each (size, reply) group can need: 1 for one target, 3 for two,
        2n - 1 beyond, more when the replies are few (`sub(reply)` gives a group's targets
        and legal guesses, if needed)."""
        least, beyond = self.least_list, len(self.least_list)
        return {v: least[c] if c < beyond else least_total(c) for c, v in groups}

    def least_total(self, size: int) -> int:
        """The least total guesses a group of `size` targets can need in this game."""
        return int(self.least[size]) if size < len(self.least) else least_total(size)

    def tighten(
        self,
        groups: list[tuple[int, int]],
        bounds: dict[int, float],
        sub: Split,
        total: float,
        best: float,
        depth: int,
    ) -> float:
        """Tighter group bounds before any group is searched (none here); the new total."""
        return total

    def hinted(self) -> CompiledHints:
        """The hard-mode hints' masks (made on first use)."""
        if self.hints is None:
            self.hints = CompiledHints(self.game)
        return self.hints

    def sub_legal(self, legal: np.ndarray | None, guess: int, reply: int) -> np.ndarray | None:
        """The hard-mode legal guesses after `guess` got `reply` (None in normal mode)."""
        if legal is None:
            return None
        return self.hinted().kept(legal, guess, reply)

    def _report(self) -> None:
        """One more first guess fully searched."""
        self.done += 1
        if self.progress:
            self.progress(self.done, self.width(0))

    def ranked(
        self, targets: np.ndarray, legal: np.ndarray | None, depth: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """The guesses to try here, best first, and their reply codes (and, when every guess
        is tried, each one's lower bound in `_every_bounds`, by which they are ordered)."""
        self._every_bounds = None
        if depth == 0 and self.first is not None:
            pool = np.array([self.first])
            return pool, self.matrix[np.ix_(pool, targets)]
        if len(targets) > self.every_up_to:
            width = self.width(depth)
            return ranked_guesses(self.game, self.matrix, targets, legal, self.rank, width)
        every = len(self.game.guesses)
        pool, codes = ranked_guesses(self.game, self.matrix, targets, legal, self.rank, every)
        if legal is None:  # (in hard mode, alike replies may leave unlike hints)
            # Two guesses giving every target the same reply lead to the same tree.
            keep = np.sort(np.unique(codes, axis=0, return_index=True)[1])
            pool, codes = pool[keep], codes[keep]
        bounds = self.split_bounds(codes)
        order = np.argsort(bounds, kind="stable")  # by bound, then in ranked order
        self._every_bounds = bounds[order]
        return pool[order], codes[order]

    def split_bounds(self, codes: np.ndarray) -> np.ndarray:
        """Each guess's lower bound on the total: n + the least total of each group it leaves."""
        rows, n = codes.shape
        replies = self.game.rules.n_replies
        flat = codes.astype(np.intp) + (np.arange(rows, dtype=np.intp) * replies)[:, None]
        counts = np.bincount(flat.ravel(), minlength=rows * replies).reshape(rows, replies)
        counts[:, self.win] = 0
        bounds: np.ndarray = n + self.least[counts].sum(axis=1)
        return bounds

    def width(self, depth: int) -> int:
        """How many guesses are tried at `depth`: root_k first, then `widths`, then top_k."""
        if depth == 0 and self.root_k:
            return self.root_k
        return self.widths[depth] if depth < len(self.widths) else self.top_k


def ranked_guesses(
    game: Game,
    matrix: np.ndarray,
    targets: np.ndarray,
    legal: np.ndarray | None,
    rank: str,
    width: int,
) -> tuple[np.ndarray, np.ndarray]:
    """The `width` most promising guesses for `targets` (answers first on ties), and codes.

    Perfect splitters among the answers come first; then, by `rank`: "bound" (the lower bound
    on the total, 3n - groups - [could be the answer], then expected targets left), "squares"
    (expected targets left) or "entropy". Guesses that split nothing and cannot win are left out.
    """
    pool = np.flatnonzero(legal) if legal is not None else None
    ids = np.arange(len(game.guesses)) if pool is None else pool
    codes = rows_for(matrix, ids, targets)  # in rows (`matrix[:, targets]` is by column)
    stats = group_stats(codes, game.rules.n_replies)
    is_cand = np.isin(ids, game.target_ids[targets])
    useful = (stats.groups > 1) | is_cand
    perfect = (stats.groups == len(targets)) & is_cand
    bound = -(stats.groups + is_cand)
    keys = {
        "bound": (ids, ~is_cand, stats.sum_squares, bound, ~perfect, ~useful),
        "squares": (ids, ~is_cand, stats.sum_squares, ~perfect, ~useful),
        "entropy": (ids, ~is_cand, stats.sum_clog, ~perfect, ~useful),
    }
    keep = np.lexsort(keys[rank])[:width]
    keep = keep[useful[keep]]
    return ids[keep], codes[keep]


def read_tree(
    search: TreeSearch, targets: np.ndarray, legal: np.ndarray | None, depth: int = 0
) -> Tree:
    """The best tree a search found for `targets`, rebuilt from its memo."""
    game = search.game
    if len(targets) == 1 and not search.fixed(depth):
        return game.targets[int(targets[0])]
    guess = best_guess(search, targets, legal, depth)
    node = Node(game.guesses[guess], len(targets))
    row = search.matrix[guess, targets]
    for value in first_order(row):
        if value == search.win:
            node.branches[value] = game.guesses[guess]
            continue
        sub = search.sub_legal(legal, guess, value)
        node.branches[value] = read_tree(search, targets[row == value], sub, depth + 1)
    return node


def best_guess(
    search: TreeSearch, targets: np.ndarray, legal: np.ndarray | None, depth: int
) -> int:
    """The guess the search chose for `targets` (searched again if it was cut off)."""
    if len(targets) == 2 and not search.fixed(depth):
        return int(search.game.target_ids[targets[0]])
    key = search.key(targets, legal, depth)
    known = search.memo.get(key)
    if known is None or not known[1] or known[2] < 0:
        search.cost(targets, legal, math.inf, depth)  # not searched exactly: search it now
        known = search.memo[key]
    return known[2]


def legal_digest(packed: np.ndarray) -> bytes:
    """The legal guesses' part of a hard-mode memo key: a 256-bit BLAKE2b digest of them packed
    (`np.packbits`), not the 1,857 bytes that the NYT's 14,855 guesses pack into, so a memo
    holds six times the positions in the same memory; two sets alike by chance would take
    about 2**128 of them."""
    return hashlib.blake2b(packed.data, digest_size=LEGAL_KEY).digest()


def least_total(size: int) -> int:
    """The least total guesses a group of `size` targets can need."""
    return 1 if size == 1 else 3 if size == 2 else 2 * size - 1


def _distinct(row: np.ndarray) -> bool:
    return len(np.unique(row)) == len(row)


def promising_openers(game: Game, count: int) -> list[str]:
    """First guesses worth searching: the best by the search's own ranking at the start."""
    targets = np.arange(len(game.targets), dtype=np.int32)
    pool, _ = ranked_guesses(game, reply_matrix(game), targets, None, "bound", count)
    return [game.guesses[int(g)] for g in pool]
