"""Proving that no guesser beats a threshold against a chooser, or finding the tree that does.

A chooser's distribution certifies a lower bound on the game's value once the guesser's best
response to it is proven: no tree needs fewer expected guesses against it. `WeightedProof` is
the exact search over every guess (`search.position`'s) with each answer weighing its chance:

- the weights are whole numbers (each chance times 2**40, rounded down): every sum is exact,
  and a chooser whose chances were rounded down certifies no more than the real one;
- the guesses are cut down to one per distinct reply row over the answers left, and a group
  below inherits its parent's list;
- each guess's bound: each answer takes a guess, all but the guess itself a second, and all
  but the heaviest of each group it leaves a third (a compiled pass, `kernels.weighted_rows`);
  the guesses are tried in order of it, and the loop stops at the first that cannot beat the
  best found, so what is left untried is proven no better;
- a group's bound: 2W - (its heaviest answer), and its lightest more if none of its answers
  tells the others apart (whichever guess comes first, one more answer takes a third), or
  what the memo knows; a larger group's is raised by the screen (`Screen`) to the least of
  the bounds above over the guesses of its parent (`screened_bound`, compiled): a guess
  making at most m groups + [could be the answer] has a bound of at least 3W - (the
  heaviest answer twice and the m - 2 next), so they are scored best cap first and stop once
  that reaches the least found;
- a search is given a threshold (`below`): it either finds the best tree under it, or proves
  none is, so the chooser certifies the threshold, or more. Each first guess proven no better
  is told to `heard` as it is, and a later search of the same chooser and threshold skips the
  `settled` ones: a proof of hours goes on where it stopped. Once `hurry` says so, a search
  that has found a tree under the threshold stops there: a column for the guesser's program,
  found long before the proof that it is the best.

There is no row limit: the game of issue 41 lets the guesser take as many rows as it needs.
In hard mode each node carries the guesses the hints allow, part of its memo key; guesses are
merged only when their replies and their hints agree (`CompiledHints.signs`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from ..games import Game
from ..search.hints import CompiledHints
from ..search.rows import (
    answer_splits,
    call,
    compiled,
    first_rows,
    gather,
    split,
    weighted_summary,
)
from ..search.screen import NO_LEGAL, Screen, count_groups
from ..search.shared import SearchInterrupted, answers_among
from ..tree import Node, Tree

SCALE = float(1 << 40)  # a chance of 1 as a whole number: sums stay exact below 2**53
SPLITS_BELOW = 32  # groups this small are checked for an answer that tells the others apart
PROBE_FROM = 8  # groups this large or larger are screened before any is searched
FACTS_FROM = 100  # a node of this many answers or more gives its screen letter facts
Memo = dict[bytes, tuple[float, bool, int]]  # key -> (weighted total, exact, best guess)


@dataclass(frozen=True)
class Verdict:
    """What a threshold search found: a tree under the threshold, or a proven bound."""

    value: float  # expected guesses: the tree's, or the least any tree can need
    tree: Tree | None  # the best tree, if one beats the threshold
    nodes: int
    best: bool = True  # the tree is the best there is (False: the search hurried)

    @property
    def proven(self) -> bool:
        """Whether the threshold holds: no tree beats it."""
        return self.tree is None


def whole_weights(chances: np.ndarray) -> np.ndarray:
    """Chances as whole numbers (times SCALE, rounded down), kept as floats."""
    weights: np.ndarray = np.floor(np.asarray(chances, dtype=float) * SCALE)
    return weights


def proven_chooser(chances: np.ndarray, game: Game) -> dict[str, float]:
    """The chooser a proof of these chances answered: their whole numbers, normalised, for
    each word with weight."""
    weights = whole_weights(chances)
    pairs = zip(game.targets, weights / weights.sum(), strict=True)
    return {word: float(p) for word, p in pairs if p > 0}


class WeightedProof:
    """The exact weighted search over every guess, cut off at a threshold (see the module)."""

    def __init__(
        self,
        game: Game,
        matrix: np.ndarray,
        chances: np.ndarray,
        hard: bool = False,
        cancel: Callable[[], bool] | None = None,
        settled: Iterable[int] = (),
        heard: Callable[[int], None] | None = None,
        hurry: Callable[[], bool] | None = None,
    ) -> None:
        self.game, self.matrix = game, matrix
        self.settled = set(settled)  # first guesses already proven no better than the threshold
        self.heard = heard  # told each first guess proven so, as it is
        self.hurry = hurry  # once it says so, stop at the best tree found under the threshold
        self.hurried = False
        self.weights = whole_weights(chances)
        self.win, self.replies = game.rules.win, game.rules.n_replies
        self.cancel = cancel
        self.hints = CompiledHints(game) if hard else None
        self.memo: Memo = {}
        self.nodes = 0
        self._pools: list[np.ndarray] = []
        self._screens: list[Screen] = []
        self._answer = np.zeros(len(game.guesses), dtype=bool)  # `answers_among`'s, all False

    def below(self, threshold: float) -> Verdict:
        """The best tree if one needs fewer than `threshold` expected guesses (once `hurry`
        says so, the best found so far), else the least any tree needs, proven (at least the
        threshold)."""
        targets = np.arange(len(self.game.targets), dtype=np.int32)
        legal = None if self.hints is None else np.ones(len(self.game.guesses), dtype=bool)
        total = float(self.weights.sum())
        bound = threshold * total if math.isinf(threshold) else math.ceil(threshold * total)
        found = self.cost(targets, legal, bound)
        if found >= bound:
            return Verdict(found / total, None, self.nodes)
        tree = self.tree(targets, legal)
        return Verdict(found / total, tree, self.nodes, not self.hurried)

    def key(self, targets: np.ndarray, legal: np.ndarray | None) -> bytes:
        """The memo key: the answers left and, in hard mode, the legal guesses."""
        key = targets.tobytes()
        return key if legal is None else key + np.packbits(legal).tobytes()

    def cost(self, targets: np.ndarray, legal: np.ndarray | None, bound: float) -> float:
        """The least weighted total for `targets` (this node's guess and all below), or a
        number >= bound if no tree beats it."""
        w = self.weights[targets]
        if len(targets) == 1:
            return float(w[0])
        if len(targets) == 2:  # the heavier first
            return float(w.sum() + w.min())
        key = self.key(targets, legal)
        known = self.memo.get(key)
        if known is not None and (known[1] or known[0] >= bound):
            return known[0]
        if self.cancel is not None and self.cancel():
            raise SearchInterrupted("the search was cancelled")
        self.nodes += 1
        value, guess, exact = self._search(targets, w, legal, bound)
        previous = self.memo.get(key)
        if exact or previous is None or value > previous[0]:
            self.memo[key] = (value, exact, guess)
        return value

    def ranked(
        self, targets: np.ndarray, w: np.ndarray, legal: np.ndarray | None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Every useful guess here (one per distinct reply row in normal mode) by bound, their
        replies, bounds, and caps (groups + [could be the answer])."""
        if legal is not None:
            ids = np.flatnonzero(legal)
        else:
            ids = self._pools[-1] if self._pools else np.arange(len(self.game.guesses))
        codes = gather(self.matrix, ids, targets)
        groups, bounds, masses, keys = weighted_summary(codes, w, self.win, self.replies)
        signs = None if self.hints is None else self.hints.signs(codes, ids)
        keep = first_rows(codes, keys, signs)  # one of each alike (in hard mode: and hints)
        ids, codes, groups, bounds, masses = (
            ids[keep],
            codes[keep],
            groups[keep],
            bounds[keep],
            masses[keep],
        )
        is_answer = self.answers_among(ids, targets)
        useful = (groups > 1) | is_answer
        ids, codes, bounds = ids[useful], codes[useful], bounds[useful]
        caps = groups[useful] + is_answer[useful]
        order = np.lexsort((ids, ~is_answer[useful], masses[useful], bounds))
        return ids[order], codes[order], bounds[order], caps[order]

    def answers_among(self, ids: np.ndarray, targets: np.ndarray) -> np.ndarray:
        """Which guesses of `ids` are answers of `targets`."""
        return answers_among(self._answer, self.game.target_ids[targets], ids)

    def _search(
        self, targets: np.ndarray, w: np.ndarray, legal: np.ndarray | None, bound: float
    ) -> tuple[float, int, bool]:
        """(least weighted total, its guess, exact), or a lower bound if cut off."""
        total = float(w.sum())
        lower = 2 * total - float(w.max())
        if lower >= bound:
            return lower, -1, False
        if self._screens:
            splitter, value = self.splitting_answer(targets, w, legal)
            needed = min(bound, value)
            lower = self.screened_bound(targets, w, legal, needed, lower)
            if lower >= bound:
                return lower, -1, False
            if lower >= value:  # no guess's bound is below the splitting answer's total
                return value, splitter, True
        pool, codes, bounds, caps = self.ranked(targets, w, legal)
        if pool.size == 0:
            return math.inf, -1, True
        lower = max(lower, float(bounds[0]))
        if lower >= bound:
            return lower, -1, False
        best, best_guess, floor = bound, -1, math.inf
        self._pools.append(np.sort(pool))
        self._screens.append(self.screen(targets, pool, codes, caps))
        root = len(targets) == len(self.game.targets)
        try:
            for guess, row, least in zip(pool.tolist(), codes, bounds.tolist(), strict=True):
                if least >= best:
                    floor = min(floor, least)
                    break
                if root and guess in self.settled and best == bound:
                    floor = min(floor, bound)  # proven no better by an earlier run
                    continue
                if self.cancel is not None and self.cancel():
                    raise SearchInterrupted("the search was cancelled")
                if root and best < bound and self.hurry is not None and self.hurry():
                    self.hurried = True  # a tree under the threshold is found: it will do
                    break
                value = self._try(guess, row, targets, legal, best)
                if value < best:
                    best, best_guess = value, guess
                    if best <= lower:
                        break
                else:
                    floor = min(floor, value)
                    if root and best == bound and self.heard is not None:
                        self.heard(guess)
        finally:
            self._pools.pop()
            self._screens.pop()
        if best_guess < 0:
            return max(bound, lower, floor), -1, False
        return best, best_guess, True

    def splitting_answer(
        self, targets: np.ndarray, w: np.ndarray, legal: np.ndarray | None
    ) -> tuple[int, float]:
        """The heaviest answer here that tells all the others apart (as a guess) and its total
        2W - (its weight), or (-1, inf): an incumbent the screen may prove best."""
        if len(targets) > self.replies:
            return -1, math.inf
        ids = self.game.target_ids[targets]
        allowed = np.ones(len(ids), dtype=bool) if legal is None else legal[ids]
        groups = count_groups(gather(self.matrix, ids, targets), self.replies)
        splitters = np.flatnonzero(allowed & (groups == len(targets)))
        if splitters.size == 0:
            return -1, math.inf
        heaviest = int(splitters[np.argmax(w[splitters])])
        return int(ids[heaviest]), 2 * float(w.sum()) - float(w[heaviest])

    def screen(
        self, targets: np.ndarray, pool: np.ndarray, codes: np.ndarray, caps: np.ndarray
    ) -> Screen:
        """This node's screen for the groups below: its guesses by caps, with letter facts for
        a node of FACTS_FROM answers or more."""
        by_caps = np.argsort(-caps, kind="stable")
        n = len(targets)
        words = [self.game.targets[t] for t in targets.tolist()] if n >= FACTS_FROM else ()
        return Screen.of(pool[by_caps], 3 * n - caps[by_caps], n, codes[by_caps], targets, words)

    def _try(
        self,
        guess: int,
        row: np.ndarray,
        targets: np.ndarray,
        legal: np.ndarray | None,
        best: float,
    ) -> float:
        """The weighted total with `guess` played here (>= best if it cannot beat best)."""
        values, counts, grouped = split(row, targets, self.replies)
        lose = values != self.win
        if not lose.any() or (lose.sum() == 1 and counts[lose][0] == len(targets)):
            return math.inf if lose.any() else float(self.weights[targets].sum())
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
        ordered = self.weights[grouped]
        sums = np.add.reduceat(ordered, starts)
        lows = np.minimum.reduceat(ordered, starts)
        tops = np.maximum.reduceat(ordered, starts)
        least = np.where(counts == 1, sums, np.where(counts == 2, sums + lows, 2 * sums - tops))
        total = float(ordered.sum()) + float(least[lose].sum())
        if total >= best:
            return total  # cut by the groups' plain bounds: nothing else is made
        groups = [
            (c, s, v)
            for v, c, s, lost in zip(
                values.tolist(), counts.tolist(), starts.tolist(), lose.tolist(), strict=True
            )
            if lost
        ]
        floors: dict[int, float] = dict(
            zip(values[lose].tolist(), least[lose].tolist(), strict=True)
        )
        members, legals = {}, {}
        unknown = []
        for c, s, v in groups:
            group = members[v] = grouped[s : s + c]
            if c >= 3:  # (one or two answers need no legal guesses: their totals are known)
                legals[v] = self.sub_legal(legal, guess, v)
                known = self.memo.get(self.key(group, legals[v]))
                if known is not None and known[0] > floors[v]:
                    total += known[0] - floors[v]
                    floors[v] = known[0]
                elif known is None and c < SPLITS_BELOW:
                    unknown.append(v)
        if total >= best:
            return total
        if unknown:
            told = answer_splits(
                self.matrix,
                self.game.target_ids,
                grouped,
                np.array([starts_of(values, starts, v) for v in unknown], dtype=np.int64),
                np.array([len(members[v]) for v in unknown], dtype=np.int64),
                self.replies,
            )
            for v, found in zip(unknown, told.tolist(), strict=True):
                if not found:  # whichever guess comes first, one more answer takes a third
                    gw = self.weights[members[v]]
                    raised = 2 * float(gw.sum()) - float(gw.max()) + float(gw.min())
                    total += raised - floors[v]
                    floors[v] = raised
            if total >= best:
                return total
        for c, _, v in sorted(groups, reverse=True):  # probes: the large groups' screens
            if c < PROBE_FROM or total >= best:
                break
            group = members[v]
            key = self.key(group, legals[v])
            if key in self.memo:
                continue
            room = best - total + floors[v]
            raised = self.screened_bound(group, self.weights[group], legals[v], room, floors[v])
            if raised <= floors[v]:
                break
            self.memo[key] = (raised, False, -1)
            total += raised - floors[v]
            floors[v] = raised
        for c, _, v in sorted(groups):  # smallest first
            if total >= best:
                return total
            if c <= 2:
                continue
            room = best - (total - floors[v])
            child = self.cost(members[v], legals[v], room)
            if child >= room:
                return max(best, total - floors[v] + child)
            total += child - floors[v]
        return total

    def screened_bound(
        self,
        targets: np.ndarray,
        w: np.ndarray,
        legal: np.ndarray | None,
        needed: float,
        known: float,
    ) -> float:
        """A group's bound from the parent's screen, if it beats `known` (else `known`): the
        least over the screen's guesses of each one's bound on the group (`weighted_rows`'s),
        found best cap first. A guess making at most m groups + [could be the answer] finds
        at most one answer at once and m - 1 at the next guess, so its bound is at least 3W -
        (the heaviest) - (the m - 1 next heaviest): once that reaches the least found, no
        guess left matters. It may stop short once it reaches `needed`."""
        n = len(targets)
        screen = self._screens[-1]
        if screen.block is None or screen.among is None:
            return known
        ordered = np.sort(w)[::-1]
        heaviest = np.concatenate([[0.0], np.cumsum(ordered)])  # heaviest[k]: the k heaviest
        places = np.clip(np.arange(int(screen.caps[0]) + 2) - 1, 0, n)
        reach = 3 * float(heaviest[n]) - float(ordered[0]) - heaviest[places]  # by cap
        found: float = call(
            compiled().least_weighted_bound,
            screen.block,
            screen.rows,
            np.searchsorted(screen.among, targets),
            screen.ids,
            screen.caps,
            NO_LEGAL if legal is None else legal,
            w,
            reach,
            known,
            needed,
            self.win,
            self.replies,
        )
        return found

    def sub_legal(self, legal: np.ndarray | None, guess: int, reply: int) -> np.ndarray | None:
        """The hard-mode legal guesses after `guess` got `reply` (None in normal mode)."""
        if legal is None or self.hints is None:
            return None
        return self.hints.kept(legal, guess, reply)

    def tree(self, targets: np.ndarray, legal: np.ndarray | None) -> Tree:
        """The best tree the memo holds for `targets` (searched again where it was cut off)."""
        game = self.game
        if len(targets) == 1:
            return game.targets[int(targets[0])]
        if len(targets) == 2:
            guess = int(game.target_ids[targets[int(np.argmax(self.weights[targets]))]])
        else:
            known = self.memo.get(self.key(targets, legal))
            if known is None or not known[1] or known[2] < 0:
                self.cost(targets, legal, math.inf)
                known = self.memo[self.key(targets, legal)]
            guess = known[2]
        row = self.matrix[guess, targets]
        node = Node(game.guesses[guess], len(targets))
        for reply in np.unique(row).tolist():
            if reply == self.win:
                node.branches[reply] = game.guesses[guess]
            else:
                below = self.sub_legal(legal, guess, reply)
                node.branches[reply] = self.tree(targets[row == reply], below)
        return node


def starts_of(values: np.ndarray, starts: np.ndarray, reply: int) -> int:
    """Where the group of `reply` starts among a split's grouped targets."""
    return int(starts[int(np.searchsorted(values, reply))])
