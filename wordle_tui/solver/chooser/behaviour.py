"""The guesser who mixes at every step: a chance for each guess at each set of answers left.

A mixture of trees lets the guesser toss a coin once, before the game; a *behaviour* tosses
one at every position. For a guesser who remembers what it saw, the two are equally strong
(Kuhn's theorem), but a behaviour is far smaller to search: in normal mode what is left of
the game after some rows depends only on the answers still possible (and in hard mode on the
guesses the hints allow), and two ways of reaching the same set can share one mixture there,
since each word's expected guesses add up linearly over the ways. So the guesser's choices
form a graph whose nodes are sets of answers and whose edges are (set, guess), each edge
leading to the groups that guess leaves.

Over the edges found so far, the best behaviour is one linear program (`SetGraph.solve`):
each edge's flow r >= 0, each set's inflow equal to its outflow (one unit into the whole
game), and for each word w the sum of the flow through the sets holding it (one guess at each)
at most U; minimise U. Its duals on the word rows are the chooser's best distribution against
these edges. The flows, turned into chances per set, are played forward again from the root
(`Behaviour`) and every word's expected guesses summed set by set, so `upper` is checked word
by word, not taken from the solver.

The edges come from trees (a tree is one edge per set it reaches), from every answer of each
small set as a guess (`add_answers`: the orders in which a family like -ATCH is tried are
what the guesser mixes), and from searches answering the program's chooser at the sets it
reaches (`mixing`). Any tree added can be taken as a pure strategy, so the program's value is
never worse than the best mixture of the trees added.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from ..games import Game
from ..tree import HintMasks, Node, Tree

ROOT = 0
SMALL = 4  # every answer of a set this small, or smaller, is one of its guesses
IDLE = 3  # an edge without flow in this many solves in a row leaves the program
REPRICE = 4  # solves at most, putting back idle edges the program's chooser prices in
PRICED = 1e-7  # a tree must beat the upper bound by this much to put its edges back
DROP = 1e-12  # chances below this are taken as none (the program's rounding)
FORMAT = 1


@dataclass
class SetGraph:
    """Sets of answers (nodes) and the guesses tried at them (edges), for one game."""

    game: Game
    matrix: np.ndarray
    hard: bool = False
    members: list[np.ndarray] = field(default_factory=list)  # each set's answers, sorted
    legal: list[np.ndarray | None] = field(default_factory=list)  # hard mode: packed bits
    origins: list[tuple[int, int, int]] = field(default_factory=list)  # (set, guess, reply)
    index: dict[bytes, int] = field(default_factory=dict)
    edges: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    hints: HintMasks | None = None
    widths: dict[int, int] = field(default_factory=dict)  # guesses a set's search tries
    idle: dict[tuple[int, int], int] = field(default_factory=dict)  # solves without flow

    def __post_init__(self) -> None:
        if self.hard and self.hints is None:
            self.hints = HintMasks(self.game)
        if not self.members:
            every = np.packbits(np.ones(len(self.game.guesses), dtype=bool)) if self.hard else None
            self.node(np.arange(len(self.game.targets), dtype=np.int32), every, (-1, -1, -1))

    def node(
        self, targets: np.ndarray, legal: np.ndarray | None, origin: tuple[int, int, int]
    ) -> int:
        """The number of this set (and its legal guesses, packed), added if new; `origin`:
        the (set, guess, reply) it was first reached by."""
        key = targets.tobytes()
        if legal is not None:
            key += legal.tobytes()
        known = self.index.get(key)
        if known is None:
            known = self.index[key] = len(self.members)
            self.members.append(targets)
            self.legal.append(legal)
            self.origins.append(origin)
        return known

    def children(self, s: int, guess: int) -> tuple[int, ...] | None:
        """The sets `guess` leaves of set `s` (its winning reply left out), adding the edge;
        None if it splits nothing or the hints forbid it."""
        known = self.edges.get((s, guess))
        if known is not None:
            return known
        targets, legal = self.members[s], self.legal[s]
        if legal is not None and not self.allows(s)[guess]:
            return None
        row = self.matrix[guess, targets]
        order = np.argsort(row, kind="stable")
        values, starts = np.unique(row[order], return_index=True)
        win = self.game.rules.win
        if len(values) == 1 and values[0] != win:
            return None
        ends = [*starts[1:].tolist(), len(row)]
        kids = []
        for value, start, end in zip(values.tolist(), starts.tolist(), ends, strict=True):
            if value != win:
                below = None if legal is None else legal & self._hints(guess, value)
                group = np.sort(targets[order[start:end]])
                kids.append(self.node(group, below, (s, guess, value)))
        self.edges[s, guess] = found = tuple(kids)
        return found

    def _hints(self, guess: int, reply: int) -> np.ndarray:
        """The guesses keeping the hints of `guess` getting `reply`, packed."""
        assert self.hints is not None
        return self.hints.packed(guess, reply)

    def allows(self, s: int) -> np.ndarray:
        """Which guesses set `s` allows (all in normal mode)."""
        legal = self.legal[s]
        if legal is None:
            return np.ones(len(self.game.guesses), dtype=bool)
        allowed: np.ndarray = np.unpackbits(legal, count=len(self.game.guesses)).astype(bool)
        return allowed

    def add_tree(self, tree: Tree, s: int = ROOT) -> None:
        """Every (set, guess) of `tree` played from set `s`."""
        if not self._walk(tree, s, add=True):
            raise ValueError("a guess of the tree splits nothing of its set")

    def holds(self, tree: Tree, s: int = ROOT) -> bool:
        """Whether every (set, guess) of `tree` played from set `s` is an edge already."""
        return self._walk(tree, s, add=False)

    def _walk(self, tree: Tree, s: int, add: bool) -> bool:
        """Down `tree` from set `s`, each (set, guess) met added (`add`) or looked up; False
        at the first one that is not an edge (or, added, splits nothing)."""
        stack: list[tuple[Tree, int]] = [(tree, s)]
        index, win = self.game.index, self.game.rules.win
        while stack:
            sub, at = stack.pop()
            guess = index[sub if isinstance(sub, str) else sub.guess]
            kids = self.children(at, guess) if add else self.edges.get((at, guess))
            if kids is None:
                return False
            if add:
                self.idle.pop((at, guess), None)  # a search chose it: back in the program
            if isinstance(sub, Node):
                row = self.matrix[guess, self.members[at]]
                by_reply = dict(zip(np.unique(row[row != win]).tolist(), kids, strict=True))
                stack.extend((b, by_reply[r]) for r, b in sub.branches.items() if r in by_reply)
        return True

    def add_answers(self, limit: int = SMALL) -> None:
        """Each answer of every set of at most `limit` answers as one of its guesses, and so
        on below them: every order of trying a small group is then open to the guesser."""
        stack = [s for s, m in enumerate(self.members) if len(m) <= limit]
        done: set[int] = set()
        ids = self.game.target_ids
        while stack:
            s = stack.pop()
            if s in done:
                continue
            done.add(s)
            for t in self.members[s].tolist():
                stack.extend(k for k in self.children(s, int(ids[t])) or () if k not in done)

    def bare(self) -> list[int]:
        """The sets with no guess yet (a behaviour must have one at each set it reaches)."""
        has = np.zeros(len(self.members), dtype=bool)
        for s, _ in self.edges:
            has[s] = True
        return np.flatnonzero(~has).tolist()

    def best(self, weights: np.ndarray) -> float:
        """The least weighted total of guesses of any one tree the graph holds (a pure
        guesser's best against these weights)."""
        return self.best_tree(weights)[0]

    def best_tree(self, weights: np.ndarray) -> tuple[float, list[tuple[int, int]]]:
        """`best`, and the edges of that tree: each set's answers pay a guess there, plus
        the least over its guesses of what the groups left need."""
        by_set: dict[int, list[int]] = {}
        for s, g in self.edges:
            by_set.setdefault(s, []).append(g)
        value: dict[int, float] = {}
        choice: dict[int, int] = {}
        for s in sorted(by_set, key=lambda s: len(self.members[s])):
            below = {g: sum(value[k] for k in self.edges[s, g]) for g in by_set[s]}
            choice[s] = min(below, key=below.__getitem__)
            value[s] = float(weights[self.members[s]].sum()) + below[choice[s]]
        edges, stack = [], [ROOT]
        while stack:
            s = stack.pop()
            edges.append((s, choice[s]))
            stack.extend(self.edges[s, choice[s]])
        return value[ROOT], edges

    def solve(self) -> Behaviour:
        """The best behaviour over every edge, by the linear program over the edges in play
        (`in_play`): while the graph holds a tree that does better against the program's
        chooser than the behaviour's upper bound, its idle edges are put back in play and
        the program solved again."""
        kept: Behaviour | None = None
        for _ in range(REPRICE):
            behaviour, prices = self._solve()
            if kept is None or behaviour.upper < kept.upper:
                kept = behaviour  # dropping idle edges may cost a little: the best is kept
            value, tree = self.best_tree(behaviour.chooser)
            beats = value < behaviour.upper - PRICED
            back = [e for e in tree if beats and self.idle.get(e, 0) >= IDLE]
            back += self._priced_in(prices)
            if not back:
                break
            for edge in back:
                self.idle[edge] = 0
        assert kept is not None
        return kept

    def _priced_in(self, prices: dict[int, tuple[float, float]]) -> list[tuple[int, int]]:
        """The idle edges between sets of the last program whose reduced cost there, by its
        duals on each set's outflow and inflow (`prices`), is below zero: they would lower
        its bound."""
        found = []
        for edge, kids in self.edges.items():
            if self.idle.get(edge, 0) < IDLE or edge[0] not in prices:
                continue
            if all(k in prices for k in kids):
                cost = prices[edge[0]][0] + sum(prices[k][1] for k in kids)
                if cost < -PRICED:
                    found.append(edge)
        return found

    def _solve(self) -> tuple[Behaviour, dict[int, tuple[float, float]]]:
        """The best behaviour over the edges in play (`in_play`), by the linear program (see
        the module), and each set's duals on its outflow and inflow; each edge then counts
        the solves it has gone without flow."""
        import scipy.sparse as sparse
        from scipy.optimize import linprog

        if self.bare():
            raise ValueError("some sets have no guess: complete the graph first")
        edges, sets = self.in_play()
        local = {s: i for i, s in enumerate(sets)}
        n, e, words = len(sets), len(edges), len(self.game.targets)
        # columns: each edge's flow, each set's flow, then U; rows: out, in, then each word
        rows, cols = [], []
        for j, edge in enumerate(edges):
            rows.append(local[edge[0]])
            cols.append(j)
            kids = self.edges[edge]
            rows.extend(n + local[k] for k in kids)
            cols.extend([j] * len(kids))
        values = [-1.0] * len(rows) + [1.0] * (2 * n)
        rows.extend(range(2 * n))
        cols.extend(e + i for i in (*range(n), *range(n)))
        flow = sparse.csr_matrix((values, (rows, cols)), shape=(2 * n, e + n + 1))
        start = np.zeros(2 * n)
        start[n + local[ROOT]] = 1.0  # one unit enters the whole game
        members = [self.members[s] for s in sets]
        sizes = [len(m) for m in members]
        word_rows = np.concatenate([*members, np.arange(words)])
        word_cols = np.concatenate([np.repeat(e + np.arange(n), sizes), np.full(words, e + n)])
        word_values = np.concatenate([np.ones(sum(sizes)), -np.ones(words)])
        bound = sparse.csr_matrix((word_values, (word_rows, word_cols)), shape=(words, e + n + 1))
        cost = np.zeros(e + n + 1)
        cost[-1] = 1.0
        found = linprog(
            cost,
            A_ub=bound,
            b_ub=np.zeros(words),
            A_eq=flow,
            b_eq=start,
            bounds=[(0, None)] * (e + n) + [(None, None)],
            method="highs-ipm",  # faster than the simplex on these (a third, at 41,000 edges)
        )
        if found.status != 0:
            raise ArithmeticError(f"the linear program failed: {found.message}")
        chooser = np.clip(-found.ineqlin.marginals, 0, None)
        flows = dict(zip(edges, found.x[:e].tolist(), strict=True))
        for edge, r in flows.items():
            self.idle[edge] = 0 if r > 0 else self.idle.get(edge, 0) + 1
        duals = found.eqlin.marginals
        prices = {s: (float(duals[i]), float(duals[n + i])) for i, s in enumerate(sets)}
        return Behaviour.from_flows(self, flows, chooser / chooser.sum()), prices

    def in_play(self) -> tuple[list[tuple[int, int]], list[int]]:
        """The edges the program weighs, and the sets they reach from the whole game: at each
        set its edges that have had flow within the last IDLE solves (all of them if none
        has), so edges that keep going unused leave the program (the graph keeps them)."""
        by_set: dict[int, list[int]] = {}
        for s, g in self.edges:
            by_set.setdefault(s, []).append(g)
        edges, seen, stack = [], {ROOT}, [ROOT]
        while stack:
            s = stack.pop()
            guesses = by_set[s]
            fresh = [g for g in guesses if self.idle.get((s, g), 0) < IDLE] or guesses
            for g in fresh:
                edges.append((s, g))
                for k in self.edges[s, g]:
                    if k not in seen:
                        seen.add(k)
                        stack.append(k)
        return edges, sorted(seen)

    def to_data(self) -> dict[str, object]:
        """As JSON data: each set but the whole game's by the (set, guess, reply) it was first
        reached by, and each edge as (set, guess, solves it has gone without flow)."""
        return {
            "format": FORMAT,
            "sets": [list(origin) for origin in self.origins[1:]],
            "edges": [[s, g, self.idle.get((s, g), 0)] for s, g in self.edges],
        }

    def load(self, data: object) -> bool:
        """Add the sets and edges of `to_data`'s data to a new graph; False if it is not
        such data (the graph may then hold part of it: make a new one)."""
        if len(self.members) != 1 or not isinstance(data, dict) or data.get("format") != FORMAT:
            return False
        guesses, replies = len(self.game.guesses), self.game.rules.n_replies
        try:
            for number, (s, guess, reply) in enumerate(data["sets"], start=1):
                if not (0 <= s < number and 0 <= guess < guesses and 0 <= reply < replies):
                    return False
                targets = self.members[s]
                group = targets[self.matrix[guess, targets] == reply]
                legal = self.legal[s]
                below = None if legal is None else legal & self._hints(guess, reply)
                if group.size == 0 or self.node(group, below, (s, guess, reply)) != number:
                    return False  # a set made twice, or none
            for s, guess, idle in data["edges"]:
                if not (0 <= s < len(self.members) and 0 <= guess < guesses):
                    return False
                if self.children(s, guess) is None:
                    return False
                if int(idle) > 0:
                    self.idle[s, guess] = int(idle)
        except (KeyError, TypeError, ValueError):
            return False
        return True


@dataclass(frozen=True)
class Behaviour:
    """A chance for each guess at each set the guesser can reach, and what it costs each word."""

    graph: SetGraph
    chances: dict[int, list[tuple[int, float]]]  # set -> [(guess, chance)], at each set reached
    reach: dict[int, float]  # set -> the chance of reaching it
    expected: np.ndarray  # each answer's expected guesses, summed set by set
    chooser: np.ndarray  # the program's distribution over the answers

    @classmethod
    def from_flows(
        cls, graph: SetGraph, flows: dict[tuple[int, int], float], chooser: np.ndarray
    ) -> Behaviour:
        """The behaviour the flows describe, played forward from the root."""
        out: dict[int, list[tuple[int, float]]] = {}
        for (s, g), r in flows.items():
            if r > 0:
                out.setdefault(s, []).append((g, r))
        chances: dict[int, list[tuple[int, float]]] = {}
        reach = {ROOT: 1.0}
        expected = np.zeros(len(graph.game.targets))
        for s in sorted(reach_order(graph, out), key=lambda s: -len(graph.members[s])):
            if s not in reach:
                continue
            kept = [(g, r) for g, r in out.get(s, []) if r > DROP * max(r for _, r in out[s])]
            if not kept:  # reached only through rounding: the set's most used guess
                kept = [max(out.get(s) or [(_any_edge(graph, s), 1.0)], key=lambda x: x[1])]
            total = sum(r for _, r in kept)
            chances[s] = [(g, r / total) for g, r in kept]
            expected[graph.members[s]] += reach[s]
            for g, chance in chances[s]:
                for k in graph.edges[s, g]:
                    reach[k] = reach.get(k, 0.0) + reach[s] * chance
        return cls(graph, chances, reach, expected, chooser)

    @property
    def upper(self) -> float:
        """The expected guesses on the word that needs most: no chooser does better."""
        return float(self.expected.max())

    def first_guesses(self) -> list[tuple[str, float]]:
        """The opening guesses and their chances, likeliest first."""
        guesses = self.graph.game.guesses
        return sorted(((guesses[g], c) for g, c in self.chances[ROOT]), key=lambda x: -x[1])

    def values(self, weights: np.ndarray) -> dict[int, float]:
        """Each set reached: the weighted total of guesses its answers take from there on."""
        graph = self.graph
        below: dict[int, np.ndarray] = {}
        values: dict[int, float] = {}
        for s in sorted(self.chances, key=lambda s: len(graph.members[s])):
            targets = graph.members[s]
            expected = np.ones(len(targets))
            for g, chance in self.chances[s]:
                for k in graph.edges[s, g]:
                    expected[np.searchsorted(targets, graph.members[k])] += chance * below[k]
            below[s] = expected
            values[s] = float(weights[targets] @ expected)
        return values

    def longest(self) -> int:
        """The most guesses any word can take (the longest path of chosen guesses)."""
        graph = self.graph
        depth: dict[int, int] = {}
        for s in sorted(self.chances, key=lambda s: len(graph.members[s])):
            depth[s] = 1 + max(
                (depth[k] for g, _ in self.chances[s] for k in graph.edges[s, g]), default=0
            )
        return depth[ROOT]

    def to_data(self) -> dict[str, object]:
        """As JSON data: each set reached, largest first, its answers and guesses' chances."""
        game = self.graph.game
        sets = []
        for targets, picks in sorted(self.choices(), key=lambda x: -len(x[0])):
            words = [game.targets[t] for t in targets.tolist()]
            sets.append({"answers": words, "guesses": dict(picks)})
        return {
            "format": FORMAT,
            "fingerprint": game.fingerprint,
            "hard": self.graph.hard,
            "upper": self.upper,
            "sets": sets,
        }

    def choices(self) -> Iterator[tuple[np.ndarray, list[tuple[str, float]]]]:
        """Each set reached (its answers' numbers) with its guesses and their chances."""
        guesses = self.graph.game.guesses
        for s, picks in self.chances.items():
            yield self.graph.members[s], [(guesses[g], c) for g, c in picks]


def reach_order(graph: SetGraph, out: dict[int, list[tuple[int, float]]]) -> set[int]:
    """The sets the flows reach from the root."""
    seen, stack = {ROOT}, [ROOT]
    while stack:
        s = stack.pop()
        for g, _ in out.get(s, []):
            for k in graph.edges[s, g]:
                if k not in seen:
                    seen.add(k)
                    stack.append(k)
    return seen


def _any_edge(graph: SetGraph, s: int) -> int:
    return next(g for t, g in graph.edges if t == s)
