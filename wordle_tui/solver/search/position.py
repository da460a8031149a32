"""The proven-best next guess from any position: an exact search over every allowed guess.

A position is the answers still possible (and, in hard mode, the guesses still legal) after
some rows. `PositionSearch` finds the guess tree with the fewest total guesses over those
answers, within Wordle's six rows, trying *every* guess rather than the best few:

- the guesses are cut down to one per distinct reply row over the answers left (two guesses
  that colour every answer alike lead to the same tree); a group below inherits its parent's
  cut-down list, which stays complete for it;
- the guesses are tried in order of the lower bound 3n - groups - [could be the answer],
  and the loop stops at the first whose bound cannot beat the best total found, so what is
  left untried is proven no better;
- a group's lower bound is 2n - 1 if one of its answers tells the others apart, else 2n
  (any other guess leaves two together, or is not the answer; checked for groups of fewer
  than 32 answers, the probes below bound the larger ones), or the best the memo knows of it;
  a pruned search returns the tightest bound it saw, so the caller prunes sooner;
- an answer that tells the others apart settles a node at once (2n - 1, nothing does better);
- the screen: a group's bound 3n - (the most groups + [could be the answer] any guess makes
  of it) needs only the guesses whose groups over the parent's answers could beat the most
  found (a guess makes no more groups of a subset than of the whole), scored best first, so
  a node is usually cut without ranking every guess (`screened`); a node of FACTS_FROM
  answers or more caps them again by their groups over the smallest set its letters'
  facts give the group (`screen.Facts`: after BUCHU, 4 times fewer guesses scored);
- with three rows left, a guess leaving a group of three or more that no guess here tells
  apart cannot finish: such guesses are found for the whole node in one compiled pass
  (`unfinished`), not tried one by one (after ADIEU then BEGET's colours in hard mode,
  583,000 tries of 620,000); with four rows left in hard mode, a guess leaving a group three
  rows cannot finish (after MAZER's ...GG, 93,000 tries of 109,000);
- the probes: before any group of a guess is searched, its larger groups' bounds are raised
  by the screen, largest first, and remembered (`tighten`), so most guesses are cut without
  a search below them;
- in hard mode the screen and probes count only the guesses the hints still allow (a group's
  legal guesses are some of its parent's), so the same cuts serve both modes;
- a guess's groups are searched smallest first (`TreeSearch._try`): the small ones are cheap
  to settle exactly, and the large ones then get the least room, where the bound cuts most.

The result is exact: `ProvenMove.proven` is True. `cancel` (checked at every node) stops the
search with `SearchInterrupted`, for a worker whose position has moved on.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..games import Game
from .best_tree import Split, TreeSearch
from .rows import (
    UNFINISHED_UP_TO,
    answer_splits,
    distinct_rows,
    first_rows,
    row_keys,
    row_summary,
    unfinished_in_three,
    unfinished_in_two,
)
from .screen import Screen, count_groups
from .shared import SearchError, SearchInterrupted, answers_among, least_totals

ROWS = 6  # Wordle's board
SPLITS_BELOW = 32  # larger groups are left to the probes (`tighten`), which bound them better
PROBE_FROM = 8  # groups this large or larger are screened before any is searched
FACTS_FROM = 100  # a node of this many answers or more gives its screen `Facts`


class Valued(NamedTuple):
    """A guess's exact total in a position, and whether it finishes within six rows."""

    total: int
    within_six: bool


@dataclass(frozen=True)
class ProvenMove:
    """The best next guess of a position and the exact total it leads to."""

    word: str
    total: int  # guesses over all the answers left, this one included
    answers: int
    seconds: float
    nodes: int
    within_six: bool = True  # False when no tree finishes every answer in the rows left
    proven: bool = True

    @property
    def mean(self) -> float:
        """Expected guesses to finish, this one included (every answer equally likely)."""
        return self.total / self.answers


class PositionSearch(TreeSearch):
    """An exact search over every guess for a sub-game of answers left (see the module)."""

    def __init__(
        self,
        game: Game,
        matrix: np.ndarray,
        hard: bool,
        max_guesses: int,
        cancel: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(game, hard=hard, top_k=len(game.guesses), max_guesses=max_guesses)
        self.matrix = matrix
        self.by_answer = np.ascontiguousarray(matrix.T)  # a row per answer: cheap to gather
        self.cancel = cancel
        self._pools: list[np.ndarray] = []
        self._screens: list[Screen | None] = []  # beside each pool: its caps, for `screened`
        self._bounds = np.empty(0)
        self._answer = np.zeros(len(game.guesses), dtype=bool)  # `screened`'s, kept all False

    def __post_init__(self) -> None:  # the matrix is handed in, not loaded
        self.win = self.game.rules.win
        self.nodes = self.done = 0
        self.first = None
        self.least = least_totals(len(self.game.targets), self.game.rules.n_replies - 1)
        self.least_list = self.least.tolist()
        self.hints = None
        self.bases = set()

    def ranked(
        self, targets: np.ndarray, legal: np.ndarray | None, depth: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """Every useful guess here, one per distinct reply row, by lower bound (answers first)."""
        if legal is not None:
            ids = np.flatnonzero(legal)
        else:
            ids = self._pools[-1] if self._pools else np.arange(len(self.game.guesses))
        codes = self.replies(ids, targets)
        groups, squares, keys = row_summary(codes, self.game.rules.n_replies)
        signs = None if legal is None else self.hinted().signs(codes, ids)
        keep = first_rows(codes, keys, signs)  # one of each alike (in hard mode: and hints)
        ids, codes, groups, squares = ids[keep], codes[keep], groups[keep], squares[keep]
        is_cand = self.answers_among(ids, targets)
        useful = (groups > 1) | is_cand
        ids, codes, is_cand = ids[useful], codes[useful], is_cand[useful]
        bound = 3 * len(targets) - groups[useful] - is_cand
        order = np.lexsort((ids, ~is_cand, squares[useful], bound))
        self._bounds = bound[order]
        return ids[order], codes[order]

    def answers_among(self, ids: np.ndarray, targets: np.ndarray) -> np.ndarray:
        """Which guesses of `ids` are answers of `targets`."""
        return answers_among(self._answer, self.game.target_ids[targets], ids)

    def replies(self, ids: np.ndarray, targets: np.ndarray) -> np.ndarray:
        """The replies of guesses `ids` over `targets`, a row per guess (answers' rows first)."""
        return np.ascontiguousarray(self.by_answer[targets][:, ids].T)

    def _search(
        self, targets: np.ndarray, legal: np.ndarray | None, bound: float, depth: int
    ) -> tuple[float, int, bool]:
        """(least total, its guess, exact) over every guess, or a lower bound if pruned."""
        if self.cancel is not None and self.cancel():
            raise SearchInterrupted("the search was cancelled")
        n = len(targets)
        splitter = self.perfect_answer(targets, legal)
        if splitter >= 0:  # an answer that tells the others apart: nothing does better
            return 2 * n - 1, splitter, True
        enough = 3 * n - bound  # the most groups a guess may make here for the bound to hold
        if self._screens and self._screens[-1] is not None and enough >= 1:
            most = self.screened(targets, self._screens[-1], min(enough, n - 1), legal=legal)
            if most is not None:  # no guess tells every answer apart, nor makes `enough` groups
                if self.max_guesses - depth <= 2:
                    return math.inf, -1, True
                return max(2 * n, 3 * n - most), -1, False
        pool, codes = self.ranked(targets, legal, depth)
        bounds = self._bounds
        if pool.size == 0:
            return math.inf, -1, True
        if len(np.unique(codes[0])) == n:  # tells every answer apart: nothing does better
            perfect = 2 * n - 1 if np.isin(pool[0], self.game.target_ids[targets]) else 2 * n
            return perfect, int(pool[0]), True
        if self.max_guesses - depth <= 2:
            return math.inf, -1, True
        best, best_guess, floor = bound, -1, math.inf
        tight = self.unfinished(codes, targets, bounds, best, depth)
        lower = max(2 * n, float(tight.min()))  # no guess here can do better than its bound
        if lower >= best:
            return lower, -1, False
        self._pools.append(np.sort(pool))
        words = [self.game.targets[t] for t in targets] if n >= FACTS_FROM else ()
        self._screens.append(Screen.of(pool, bounds, n, codes, targets, words))
        try:
            for guess, row, least, tighter in zip(pool, codes, bounds, tight, strict=True):
                if least >= best:
                    floor = min(floor, least)
                    break
                if tighter >= best:
                    floor = min(floor, tighter)
                    continue
                if self.cancel is not None and self.cancel():  # a guess's probes take time too
                    raise SearchInterrupted("the search was cancelled")
                total = self._try(int(guess), row, targets, legal, best, depth)
                if total < best:
                    best, best_guess = total, int(guess)
                    if best <= lower:
                        break
                else:
                    floor = min(floor, total)
        finally:
            self._pools.pop()
            self._screens.pop()
        if best_guess < 0:
            return max(bound, lower, floor), -1, False
        return best, best_guess, True

    def unfinished(
        self, codes: np.ndarray, targets: np.ndarray, bounds: np.ndarray, best: float, depth: int
    ) -> np.ndarray:
        """The guesses' bounds (`ranked`'s, in order), infinite for a guess that cannot finish:
        with three rows left, one leaving a group of three or more no guess here tells apart;
        with four (hard mode), one leaving a group three rows cannot finish (`rows`'
        `unfinished_in_three`). Only those below `best` are checked."""
        below = int(np.searchsorted(bounds, best, side="left"))
        left = self.max_guesses - depth
        if below == 0 or left not in (3, 4) or len(targets) > UNFINISHED_UP_TO:
            return bounds
        if left == 4 and not self.hard:  # normal mode's nodes seldom have such groups
            return bounds
        n = len(targets)  # a guess telling k apart makes k groups: its bound is 3n - k or less
        capable = np.searchsorted(bounds, 3 * n - np.arange(n + 1), side="right")
        replies = self.game.rules.n_replies
        check = unfinished_in_two if left == 3 else unfinished_in_three
        tight: np.ndarray = bounds.astype(float)
        tight[:below][check(codes, below, replies, capable)] = math.inf
        return tight

    def tighten(
        self,
        groups: list[tuple[int, int]],
        bounds: dict[int, float],
        sub: Split,
        total: float,
        best: float,
        depth: int,
    ) -> float:
        """Raise the bounds of a guess's larger groups by screening (see `probe`), largest
        first, until the total reaches `best` or a group gains nothing; the new total."""
        for count, value in sorted(groups, reverse=True):
            if total >= best or count < PROBE_FROM:
                break
            targets, legal = sub(value)
            least = self.probe(targets, legal, depth, bounds[value], best - total)
            if least <= bounds[value]:
                break
            total += least - bounds[value]
            bounds[value] = least
        return total

    def probed(self) -> bool:
        """Whether this node's groups are bounded by its screen (see `probe`)."""
        return bool(self._screens) and self._screens[-1] is not None

    def probe(
        self, targets: np.ndarray, legal: np.ndarray | None, depth: int, known: float, gap: float
    ) -> float:
        """A group's bound 3n - (the most groups + [could be the answer] a guess makes), if it
        beats `known` (then remembered), else `known`; from the pool's screen, no search.
        It may stop short at `known + gap` or more."""
        n = len(targets)
        if not self._screens or self._screens[-1] is None:
            return known  # no screen (keep in step with `probed`)
        if self.max_guesses - depth <= 2:
            return known
        key = self.key(targets, legal, depth)
        entry = self.memo.get(key)
        if entry is not None:
            return max(known, entry[0])
        most = self.screened(
            targets, self._screens[-1], 3 * n - known - gap, 3 * n - known - 1, legal
        )
        if most is None:
            return known
        least = 3 * n - most
        self.remember(key, (least, False, -1), legal)
        return least

    def perfect_answer(self, targets: np.ndarray, legal: np.ndarray | None) -> int:
        """The first answer here (by guess id) that tells all the others apart, else -1."""
        ids = self.game.target_ids[targets]
        if legal is not None:
            ids = ids[legal[ids]]
        if ids.size == 0 or len(targets) > self.game.rules.n_replies:
            return -1
        codes = self.matrix[np.ix_(ids, targets)]
        perfect = ids[count_groups(codes, self.game.rules.n_replies) == len(targets)]
        return int(perfect.min()) if perfect.size else -1

    def group_bounds(
        self, groups: list[tuple[int, int]], sub: Split, depth: int
    ) -> dict[int, float]:
        """The least total each group can need: 2n - 1 if one of its answers tells the others
        apart, else 2n, or more if the memo knows better."""
        bounds = super().group_bounds(groups, sub, depth)
        unknown = []
        probed = self.probed()
        for size, value in groups:
            if size > 2 and (size < SPLITS_BELOW or not probed):
                known = sub.known(value, depth)
                if known is None:
                    unknown.append(value)
                else:
                    bounds[value] = max(bounds[value], known[0])
        if unknown:
            told = answer_splits(
                self.matrix,
                self.game.target_ids,
                sub.grouped,
                np.array([sub.starts[v] for v in unknown], dtype=np.int64),
                np.array([sub.sizes[v] for v in unknown], dtype=np.int64),
                self.game.rules.n_replies,
            )
            for value, found in zip(unknown, told.tolist(), strict=True):
                bounds[value] += not found
        return bounds

    def openers(
        self, targets: np.ndarray, legal: np.ndarray | None, depth: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """Every useful guess here (one per distinct reply row) and its lower bound, best first."""
        ids, _ = self.ranked(targets, legal, depth)
        return ids, self._bounds.copy()

    def bounded_value(
        self,
        guess: int,
        targets: np.ndarray,
        legal: np.ndarray | None,
        best: float,
        depth: int,
        pool: np.ndarray | None = None,
        screen: Screen | None = None,
    ) -> float:
        """The exact total if `guess` played here beats `best`, else a lower bound >= best.

        `pool` (sorted) is the guesses the groups below may need: this node's `openers`;
        `screen`, the same guesses with their caps (`Screen.of`), lets a group's bound skip most.
        """
        if pool is not None:
            self._pools.append(pool)
            self._screens.append(screen)
        try:
            return self._try(guess, self.matrix[guess, targets], targets, legal, best, depth)
        finally:
            if pool is not None:
                self._pools.pop()
                self._screens.pop()

    def screened(
        self,
        targets: np.ndarray,
        screen: Screen,
        enough: float,
        give_up: float | None = None,
        legal: np.ndarray | None = None,
    ) -> int | None:
        """A cap on the groups + [could be the answer] any guess of `screen` makes of
        `targets`: exact, or any cap of `enough` or less; None once a guess makes more than
        `give_up` (default: `enough`). In hard mode only the `legal` guesses count.

        A guess's groups over a subset are at most its groups over the whole, so the guesses
        are scored in order of that cap until no cap left is above `enough` and the most found.
        """
        give_up = enough if give_up is None else give_up
        answer, answers = self._answer, self.game.target_ids[targets]
        answer[answers] = True
        try:
            return screen.most_groups(
                self.matrix, targets, enough, give_up, answer, legal, self.game.rules.n_replies
            )
        finally:
            answer[answers] = False

    def value_of(
        self, guess: int, targets: np.ndarray, legal: np.ndarray | None, depth: int
    ) -> float:
        """The exact total if `guess` (a row of this search's matrix) is played here."""
        row = self.matrix[guess, targets]
        return self._try(guess, row, targets, legal, math.inf, depth)


def sub_game(
    game: Game, matrix: np.ndarray, cands: np.ndarray, legal: np.ndarray | None
) -> tuple[Game, np.ndarray, np.ndarray]:
    """The position as a game of its own: its answers, the guesses worth trying, their replies.

    Returns the game, its reply matrix, and for each of the full game's guesses the row of
    the sub-game's matrix with the same replies (-1 if it has none, in hard mode: illegal).
    """
    if legal is not None:
        pool = np.flatnonzero(legal)
        full = np.full(len(game.guesses), -1)
        full[pool] = np.arange(len(pool))
    else:
        codes = matrix[:, cands]
        keys = row_keys(codes)
        pool = distinct_rows(codes, keys)
        full = _same_row(codes, pool, keys)
    words = tuple(game.targets[c] for c in cands)
    local = Game(game.name, game.rules, words, tuple(game.guesses[g] for g in pool))
    return local, np.ascontiguousarray(matrix[np.ix_(pool, cands)]), full


def _same_row(codes: np.ndarray, pool: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """For each row of `codes`, the position in `pool` of the row equal to it (`pool`: the
    first of each distinct row, from `distinct_rows`; `keys`: the rows' hashes)."""
    order = np.argsort(keys[pool])
    at = np.searchsorted(keys[pool][order], keys)
    ordered: np.ndarray = order[np.minimum(at, len(pool) - 1)]
    if not np.array_equal(codes, codes[pool[ordered]]):  # a hash collision: match in full
        first = {codes[p].tobytes(): k for k, p in enumerate(pool)}
        ordered = np.array([first[line.tobytes()] for line in codes])
    return ordered


@dataclass
class Position:
    """An exact search of one position, kept so that later questions reuse its memo."""

    game: Game
    matrix: np.ndarray
    cands: np.ndarray
    legal: np.ndarray | None  # hard mode: the legal guesses of the full game
    played: int  # rows already played

    def __post_init__(self) -> None:
        self.local, self.local_matrix, self.row_of = sub_game(
            self.game, self.matrix, self.cands, self.legal
        )
        self.everything = np.arange(len(self.cands), dtype=np.int32)
        self.start = None if self.legal is None else np.ones(len(self.local.guesses), bool)
        self._searches: dict[int, PositionSearch] = {}
        self._lock = threading.Lock()  # one search at a time (a cancelled one may linger)

    def search(self, cancel: Callable[[], bool] | None, limit: int) -> PositionSearch:
        """The search of this position with `limit` rows in all (its memo kept between calls)."""
        search = self._searches.get(limit)
        if search is None:
            hard = self.legal is not None
            search = PositionSearch(self.local, self.local_matrix, hard, limit)
            self._searches[limit] = search
        search.cancel = cancel
        return search

    def best(self, cancel: Callable[[], bool] | None = None) -> ProvenMove:
        """The proven-best next guess (within six rows when that is possible at all)."""
        with self._lock:
            return self._best(cancel)

    def _best(self, cancel: Callable[[], bool] | None) -> ProvenMove:
        start = time.perf_counter()
        for limit in (ROWS, 255):
            search = self.search(cancel, limit)
            total = search.cost(self.everything, self.start, math.inf, self.played)
            if not math.isinf(total):
                break
        else:
            raise SearchError("no guess tells these answers apart")
        key = search.key(self.everything, self.start, self.played)
        guess = self.local.guesses[search.memo[key][2]] if key in search.memo else None
        guess = guess or self.local.targets[0]  # one or two answers: guess the first
        seconds = time.perf_counter() - start
        within = limit == ROWS
        return ProvenMove(guess, int(total), len(self.cands), seconds, search.nodes, within)

    def value(self, word: str, cancel: Callable[[], bool] | None = None) -> Valued | None:
        """The exact total if `word` is played here, and whether it finishes every answer
        within six rows (None if illegal in hard mode)."""
        with self._lock:
            return self._value(word, cancel)

    def _value(self, word: str, cancel: Callable[[], bool] | None) -> Valued | None:
        row = int(self.row_of[self.game.index[word]])
        if row < 0:
            return None
        if len(self.cands) == 1:
            return Valued(1 if self.local.guesses[row] == self.local.targets[0] else 2, True)
        codes = self.local_matrix[row, self.everything]
        wasted = bool(np.all(codes == codes[0]) and codes[0] != self.local.rules.win)
        for limit in (ROWS, 255):
            search = self.search(cancel, limit)
            if wasted:  # the same answers again, a row fewer (in hard mode, fewer guesses)
                legal = search.sub_legal(self.start, row, int(codes[0]))
                rest = search.cost(self.everything, legal, math.inf, self.played + 1)
                total = len(self.cands) + rest
            else:
                total = search.value_of(row, self.everything, self.start, self.played)
            if not math.isinf(total):
                return Valued(int(total), limit == ROWS)
        return None
