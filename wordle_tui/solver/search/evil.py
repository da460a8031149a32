"""The shortest forced win against Evil Wordle's greedy replier, proved by search when it can be.

The greedy evil replier keeps the largest group of words (never the winning reply while
another is left), so a win at guess m needs one word left after m - 1 replies. The search:

1. an upper bound at once: the seeds' greedy tree (max, norvig guesses) played against the
   replier always wins, in U guesses;
2. a lower bound by counting: no guess makes more than P groups on the answer list, so the
   replier keeps at least |R| / P words of a set R; that bounds the words left after each guess;
3. depth by depth from the lower bound up to U - 1, a depth-first search for a forced win,
   within a budget of work (so no list can run for minutes). A win found, or every depth below
   U ruled out, is proved the shortest; otherwise the best found is returned, not proved.
4. among wins of that length, one guessing answer-list words only (common words, not the big
   guess list's obscure ones), if a search of those alone finds one within a tenth of the
   budget (PREFER_SHARE); the win is never made longer.
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from ..cache import cache_path, read_json, write_json
from ..games import Game
from ..matrix import matrix_key, reply_matrix, rows_for
from ..metrics import group_stats
from ..play import EvilReplier, GreedyGuesser, evil_choice, play
from ..tree import Progress, Solver
from .shared import SearchInterrupted

# Work is counted in reply-matrix cells examined (plus a fixed charge per NumPy call), about
# 200 to 700 million a second on one core: the default budget is 30 to 90 seconds.
BUDGET = 20_000_000_000
NODE_CHARGE, REPLY_CHARGE = 60, 6_000  # a node costs (targets + 60) cells per guess
EVIL_VERSION = 3  # 2: proved / budget fields, replayed; 3: answer-list words preferred
PAIR_CHARGE, FEW_LEFT = 20, 32  # what ruling out by pairs costs; when the full check starts
PREFER_SHARE = 10  # the answer-list words' search gets budget / 10 more work
FAILED_MEMO = 200_000  # sets remembered as having no forced win in so many replies
TRANSPOSE_BELOW = 512 * 2**20  # matrices up to this size get a copy by target

Move = tuple[int, int]  # (guess number, reply code)


class _OutOfBudget(Exception):
    """The search used its budget of work."""


class EvilSearch:
    """Depth-first search for a sequence that leaves one word after a number of evil replies."""

    def __init__(self, game: Game, budget: int, progress: Progress | None) -> None:
        self.game, self.matrix = game, reply_matrix(game)
        small = self.matrix.nbytes <= TRANSPOSE_BELOW  # a copy by target, for column reads
        self.columns = np.ascontiguousarray(self.matrix.T) if small else self.matrix.T
        self.budget, self.used, self.progress = budget, 0, progress
        self.root_stats = group_stats(self.matrix, game.rules.n_replies)
        self.most_groups = int(self.root_stats.groups.max())
        self.smallest_first = int(self.root_stats.largest.min())
        self.failed: dict[bytes, int] = {}
        self.last_report = time.monotonic()
        self.pool: np.ndarray | None = None  # the guess numbers tried (None: every guess)

    def answers_only(self, budget: int) -> None:
        """Search with answer-list guesses only from now, within `budget` more work (no
        progress reports: the bar stays full). What had no win with every guess has none with
        fewer: the sets that failed are kept."""
        self.pool = np.sort(self.game.target_ids)
        self.budget, self.progress = self.used + budget, None

    def spend(self, work: int) -> None:
        """Count work; report progress now and then; stop when the budget is spent."""
        self.used += work
        if self.used > self.budget:
            raise _OutOfBudget
        if self.progress and time.monotonic() - self.last_report >= 0.25:
            self.last_report = time.monotonic()
            self.progress(min(self.used, self.budget), self.budget)

    def evil(self, left: np.ndarray, guess: int) -> tuple[np.ndarray, int]:
        """The words the replier keeps after `guess`, and its reply."""
        self.spend(len(left) + REPLY_CHARGE)
        codes = self.matrix[guess, left]
        reply = evil_choice(codes, self.game.rules.win, self.game.alpha_rank[left])
        return left[codes == reply], reply

    def find(self, replies: int) -> list[Move] | None:
        """Moves leaving one word after `replies` evil replies; None if there are none.

        Raises _OutOfBudget when the budget runs out first.
        """
        return self.search(np.arange(len(self.game.targets)), replies)

    def search(self, left: np.ndarray, need: int) -> list[Move] | None:
        """Moves leaving one word of `left` after `need` more replies, or None."""
        if need == 0 or len(left) == 1:  # one word left sooner is a shorter win, found before
            return [] if need == 0 and len(left) == 1 else None
        key = left.tobytes()
        if self.failed.get(key, 0) >= need:
            return None
        found = self._try_guesses(left, need)
        if found is None:
            if len(self.failed) >= FAILED_MEMO:
                self.failed.clear()
            self.failed[key] = need
        return found

    def _try_guesses(self, left: np.ndarray, need: int) -> list[Move] | None:
        """Try the guesses whose largest group could still be finished, smallest first."""
        order = self._splitters(left) if need == 1 else self._ordered(left, need)
        for guess in order:
            rest, reply = self.evil(left, int(guess))
            found = ([] if len(rest) == 1 else None) if need == 1 else self.search(rest, need - 1)
            if found is not None:
                return [(int(guess), reply), *found]
        return None

    def _splitters(self, left: np.ndarray) -> np.ndarray:
        """The guesses that tell every word of `left` apart (the only ones that can finish).

        Pairs of words first rule out most guesses cheaply (a splitter splits every pair);
        the survivors are checked on all the words.
        """
        if len(left) > self.most_groups:
            return np.empty(0, dtype=np.intp)
        first, second = self.columns[left[0]], self.columns[left[1]]
        if self.pool is None:
            self.spend(len(self.game.guesses) * PAIR_CHARGE)
            found = np.flatnonzero(first != second)
        else:
            self.spend(len(self.pool) * PAIR_CHARGE)
            found = self.pool[first[self.pool] != second[self.pool]]
        for a, b in zip(left[1:-1], left[2:], strict=True):
            if found.size <= FEW_LEFT:
                break
            found = found[self.columns[a][found] != self.columns[b][found]]
        self.spend(len(found) * (len(left) + NODE_CHARGE))
        codes = np.sort(self.matrix[np.ix_(found, left)], axis=1)
        distinct: np.ndarray = found[(codes[:, 1:] != codes[:, :-1]).all(axis=1)]
        return distinct

    def _ordered(self, left: np.ndarray, need: int) -> np.ndarray:
        """Guesses by the size of their largest group, leaving out those too big to finish."""
        pool = np.arange(len(self.game.guesses)) if self.pool is None else self.pool
        if len(left) == len(self.game.targets):  # the start: computed once
            largest = self.root_stats.largest[pool]
        else:
            self.spend(len(pool) * (len(left) + NODE_CHARGE))
            rows = rows_for(self.matrix, pool, left)  # in rows: `[:, left]` is by column
            largest = group_stats(rows, self.game.rules.n_replies).largest
        order = np.lexsort((pool, largest))
        cap = self.most_groups ** (need - 1)  # what need - 1 replies can bring down to one
        return pool[order[: np.searchsorted(largest[order], cap, side="right")]]

    def moves(self, path: list[Move]) -> list[tuple[str, str]]:
        """A path as (word, reply) pairs, with the final winning guess."""
        left = np.arange(len(self.game.targets))
        for guess, reply in path:
            left = left[self.matrix[guess, left] == reply]
        shown = [(self.game.guesses[g], self.game.show(r)) for g, r in path]
        return [*shown, (self.game.targets[int(left[0])], self.game.show(self.game.rules.win))]


def counting_bound(targets: int, most_groups: int, smallest_first: int) -> list[int]:
    """The fewest words the replier can be held to after each guess, until one is left."""
    left, lengths = smallest_first, [targets, smallest_first]
    while left > 1:
        left = math.ceil(left / most_groups)
        lengths.append(left)
    return lengths


def greedy_win(game: Game) -> list[tuple[str, str]]:
    """The game the notebooks' greedy tree (max, norvig guesses, ties a-z) plays against the
    evil replier."""
    steps = play(game, GreedyGuesser(Solver(game, "max", "norvig", "a-z")), EvilReplier(game))
    return [(s.guess, game.show(s.reply)) for s in steps]


def shortest_evil_win(
    game: Game, progress: Progress | None = None, budget: int = BUDGET
) -> dict[str, Any]:
    """The fewest guesses that force a win against the greedy evil replier, with a proof.

    Returns guesses, sequence ((word, reply) pairs), bound (the counting bound), proved, and
    proof (what was shown). Ctrl-C raises SearchInterrupted carrying the best result so far.
    """
    if len(game.targets) == 1:
        return _one_word(game)
    best: dict[str, Any] | None = None
    try:
        search = EvilSearch(game, budget, progress)
        bound = counting_bound(len(game.targets), search.most_groups, search.smallest_first)
        best = _result(game, greedy_win(game), bound, len(bound), search)
        if progress:
            progress(0, budget)
        best = _deepen(game, search, bound, best)
        best = _prefer_answers(game, search, best, budget)
    except KeyboardInterrupt:
        so_far = f"; the best found is {best['guesses']} guesses" if best else ""
        message = f"the search for the shortest forced win was stopped{so_far}"
        raise SearchInterrupted(message, best) from None
    if progress:
        progress(budget, budget)
    return best


def _deepen(
    game: Game, search: EvilSearch, bound: list[int], best: dict[str, Any]
) -> dict[str, Any]:
    """Search each depth from the counting bound up for a win shorter than `best`."""
    lower = len(bound)
    for guesses in range(lower, best["guesses"]):
        try:
            path = search.find(guesses - 1)
        except _OutOfBudget:
            return _result(game, best["sequence"], bound, lower, search)
        if path is not None:
            return _result(game, search.moves(path), bound, guesses, search)
        lower = guesses + 1  # none at this depth
    return _result(game, best["sequence"], bound, lower, search)


def _prefer_answers(
    game: Game, search: EvilSearch, best: dict[str, Any], budget: int
) -> dict[str, Any]:
    """`best`, or a win as short guessing answer-list words only, if one is found in time."""
    if all(game.is_target[game.index[word]] for word, _ in best["sequence"]):
        return best
    search.answers_only(budget // PREFER_SHARE)
    try:
        path = search.find(best["guesses"] - 1)
    except _OutOfBudget:
        return best
    return best if path is None else {**best, "sequence": search.moves(path)}


def _result(
    game: Game,
    sequence: list[tuple[str, str]],
    bound: list[int],
    lower: int,
    search: EvilSearch,
) -> dict[str, Any]:
    """The answer as plain data: `lower` is the proven fewest guesses any win needs."""
    n = len(sequence)
    proved = n <= lower
    counted = (
        f"No guess makes more than {search.most_groups} groups on the "
        f"{len(game.targets):,} answers, and the evil replier keeps at least {bound[1]} after "
        f"any first guess; so at least {' → '.join(map(str, bound))} words remain after "
        f"each guess, and no win takes fewer than {len(bound)} guesses."
    )
    return {
        "guesses": n,
        "sequence": sequence,
        "proof": f"{counted} {_verdict(n, len(bound), lower)}",
        "bound": bound,
        "proved": proved,
    }


def _verdict(n: int, counted: int, lower: int) -> str:
    """What the search showed: a win in n, and that none is shorter (or not)."""
    if n > lower:
        return (
            f"The best found is {n} guesses; a shorter one was not ruled out within the search "
            f"budget (no win in fewer than {lower} guesses is proved)."
        )
    shown = f"no win in fewer than {n} guesses; found one in {n}."
    if n == counted:
        return f"The sequence above wins in {n}: {shown}"
    searched = f"{counted}" if counted == n - 1 else f"{counted} to {n - 1}"
    return f"A search of every guess ruled out wins in {searched} guesses: {shown}"


def _one_word(game: Game) -> dict[str, Any]:
    """With one answer, the first guess wins."""
    word = game.targets[0]
    return {
        "guesses": 1,
        "sequence": [(word, game.show(game.rules.win))],
        "proof": "There is one answer: no win in fewer than 1 guess; found one in 1.",
        "bound": [1],
        "proved": True,
    }


def evil_cache_key(game: Game, budget: int) -> str:
    """What a cached shortest win is for: format, word lists and search budget."""
    return f"evil-shortest-v{EVIL_VERSION}-{matrix_key(game)}-{budget}"


def cached_shortest_evil_win(
    game: Game, progress: Progress | None = None, budget: int = BUDGET
) -> dict[str, Any]:
    """`shortest_evil_win`, remembered on disk by word lists; a cache that does not replay
    as a forced win against the replier is ignored and replaced."""
    key = evil_cache_key(game, budget)
    path = cache_path(f"{key}.json")
    data = read_json(path)
    if isinstance(data, dict) and data.get("key") == key and sound_evil_result(data, game):
        return {k: data[k] for k in RESULT_FIELDS}
    found = shortest_evil_win(game, progress, budget)
    found["sequence"] = [list(step) for step in found["sequence"]]
    write_json(path, {"key": key, **found})
    return found


RESULT_FIELDS = {"guesses": int, "sequence": list, "proof": str, "bound": list, "proved": bool}


def sound_evil_result(data: dict[str, Any], game: Game) -> bool:
    """Whether data is a result of the right shape whose sequence replays as claimed."""
    if any(not isinstance(data.get(k), kind) for k, kind in RESULT_FIELDS.items()):
        return False
    steps = data["sequence"]
    if not all(isinstance(b, int) for b in data["bound"]):
        return False
    if len(steps) != data["guesses"] or not all(_pair(step) for step in steps):
        return False
    if any(s[0] not in game.index for s in steps):
        return False
    replayed = play(game, lambda history, _: steps[len(history)][0], EvilReplier(game), len(steps))
    return [game.show(s.reply) for s in replayed] == [s[1] for s in steps] and (
        replayed[-1].reply == game.rules.win
    )


def _pair(step: object) -> bool:
    return isinstance(step, list) and len(step) == 2 and all(isinstance(x, str) for x in step)
