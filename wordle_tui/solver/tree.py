"""Guess trees: which word to guess after every possible sequence of replies.

A tree is either a leaf word (the one target left) or a `Node` with a guess and a branch for
every reply that guess can get. Greedy trees pick, at each node, the guess that minimises a
metric of the partition it makes, among the guesses a policy allows:

- `consistent`: only words that could still be the target;
- `hard`: NYT hard mode: any word keeping every revealed hint;
- `norvig`: words of the target list; non-consistent ones only while 3 < remaining <= 125;
- `inconsistent`: any word of the guess list while more than 3 targets remain, else only words
  that could still be the target (the seeds' first notebook, `inconsistent=True`);
- `all`: any word of the guess list.

Ties (scores within 1e-9) are broken by the `ties` rule:
- `alpha` (the default), under every policy: by these keys in turn, the same for every metric
  (`TIE_ORDER`):
  1. a word that can still be the target (it may win at once);
  2. more groups;
  3. a smaller expected group size (sum of the squared group sizes);
  4. a smaller largest group;
  5. the alphabetically first.
  A key that is the metric itself (groups for `partitions`, the largest group for `max`, the
  expected size for `expectation`) decides nothing new. Every key is an exact count, so no
  rounding enters the order, and the order of the word lists never changes a tree.
- `a-z`: the alphabetically first word, and nothing else: the original notebooks' rule on
  their alphabetical lists, which reproduces their published figures.
- With one or two targets left, any rule but `list` guesses the first of them a-z (nothing
  does better).
- `list`: the first word in list order (the targets as listed, then the other guesses
  alphabetically), with no shortcut: the seeds' `min(guesses, key=metric)` on their lists.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from .choices import GameName, Policy, Ties, names
from .games import Game
from .matrix import reply_matrix, rows_for
from .metrics import METRICS, SPLITTING_METRICS, TIE, GroupStats, group_stats

POLICIES = names(Policy)
TIE_RULES = names(Ties)
TIE_ORDER = ("possible", "more groups", "smaller expected size", "smaller largest", "a-z")
NORVIG_INCONSISTENT = (3, 125)  # inconsistent guesses allowed while 3 < remaining <= 125
SEED_INCONSISTENT = 3  # `inconsistent`: any guess while more than 3 targets remain
BLOCK_CELLS = 2**26  # reply codes copied at once while scoring (64 MB)
STATS_FIELDS = ("groups", "largest", "sum_squares", "sum_clog")


def block_rows(targets: int) -> int:
    """How many guesses' codes against `targets` are copied at once (at least one)."""
    return max(1, BLOCK_CELLS // max(targets, 1))


Progress = Callable[[int, int], None]  # (targets placed so far, all targets)


@dataclass
class Node:
    """An interior node: the guess to make, how many targets it covers, and the subtrees."""

    guess: str
    size: int
    branches: dict[int, Tree] = field(default_factory=dict)


Tree = Node | str


@dataclass
class Solver:
    """Picks guesses for one game, metric and policy; shares the reply matrix across calls."""

    game: Game
    metric: str = "neg_entropy"
    policy: str = "norvig"
    ties: str = "alpha"

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise ValueError(f"unknown policy {self.policy!r}; choose: {', '.join(POLICIES)}")
        if self.ties not in TIE_RULES:
            raise ValueError(f"unknown tie rule {self.ties!r}; choose: {', '.join(TIE_RULES)}")
        if self.metric not in METRICS:
            raise ValueError(f"unknown metric {self.metric!r}; choose one of: {', '.join(METRICS)}")
        self.matrix = reply_matrix(self.game)

    def allowed(self, targets: np.ndarray, legal: np.ndarray | None) -> np.ndarray:
        """Guess numbers the policy allows when `targets` (target positions) remain."""
        game = self.game
        n = len(targets)
        if self.policy == "consistent" or n <= 1:
            consistent: np.ndarray = game.target_ids[targets]
            return consistent
        if self.policy == "norvig":
            low, high = NORVIG_INCONSISTENT
            return game.target_ids if low < n <= high else game.target_ids[targets]
        if self.policy == "inconsistent" and n <= SEED_INCONSISTENT:
            consistent = game.target_ids[targets]
            return consistent
        if self.policy == "hard" and legal is not None:
            return np.flatnonzero(legal)
        return np.arange(len(game.guesses))

    def best_guess(self, targets: np.ndarray, legal: np.ndarray | None = None) -> int:
        """The guess number the strategy plays when `targets` remain."""
        consistent = self.game.target_ids[targets]
        if len(targets) <= 2:  # guess one of them: nothing does better
            return int(consistent[0] if self.ties == "list" else consistent.min())
        if self.shortcut and self.metric in SPLITTING_METRICS:
            perfect = self._perfect_split(consistent, targets)
            if perfect is not None:
                return perfect
        pool = self.allowed(targets, legal)
        values, stats = self._scored(pool, targets)
        guess = self._pick(pool, values, stats, consistent)
        return guess if self._progresses(guess, targets, consistent) else int(consistent[0])

    def _progresses(self, guess: int, targets: np.ndarray, consistent: np.ndarray) -> bool:
        """Whether playing `guess` can win or splits the targets (else a tree never ends)."""
        if guess in consistent:
            return True
        codes = self.matrix[guess, targets]
        return bool((codes != codes[0]).any())

    def scores(self, pool: np.ndarray, targets: np.ndarray) -> np.ndarray:
        """The metric of every guess in `pool` against `targets`; useless guesses score inf."""
        return self._scored(pool, targets)[0]

    def _scored(self, pool: np.ndarray, targets: np.ndarray) -> tuple[np.ndarray, GroupStats]:
        """The metric of every guess in `pool` (as `scores`), and the partitions' statistics."""
        stats = self._stats(pool, targets)
        wins = np.isin(pool, self.game.target_ids[targets])
        values = stats.value(self.metric, wins)
        # A guess that splits nothing and cannot win makes no progress: never choose it.
        stuck = (stats.groups == 1) & ~wins
        values[stuck] = np.inf
        return values, stats

    def _stats(self, pool: np.ndarray, targets: np.ndarray) -> GroupStats:
        """The partitions of `pool` over `targets`, a block of rows at a time: never a copy
        of pool x targets (a 100,000-word list's is 9.3 GiB)."""
        replies, rows = self.game.rules.n_replies, block_rows(len(targets))
        if len(pool) <= rows:
            return group_stats(rows_for(self.matrix, pool, targets), replies)
        parts = [
            group_stats(rows_for(self.matrix, pool[i : i + rows], targets), replies)
            for i in range(0, len(pool), rows)
        ]
        return GroupStats(
            len(targets),
            *(np.concatenate([getattr(p, f) for p in parts]) for f in STATS_FIELDS),
        )

    def _perfect_split(self, consistent: np.ndarray, targets: np.ndarray) -> int | None:
        """The first candidate that tells every target apart, if any (nothing can beat it)."""
        hits = []
        for i in range(0, len(consistent), rows := block_rows(len(targets))):
            block = consistent[i : i + rows]
            ordered = np.sort(self.matrix[np.ix_(block, targets)], axis=1)
            hits.append(block[(ordered[:, 1:] != ordered[:, :-1]).all(axis=1)])
        found = np.concatenate(hits) if hits else consistent[:0]
        return int(found.min()) if found.size else None

    @property
    def shortcut(self) -> bool:
        """Whether a consistent perfect split may be taken without scoring the whole pool: it
        is what the tie order picks (a possible answer first), and what `a-z` picks when only
        possible answers are guesses."""
        return self.ties == "alpha" or (self.ties == "a-z" and self.policy == "consistent")

    def _pick(
        self, pool: np.ndarray, values: np.ndarray, stats: GroupStats, consistent: np.ndarray
    ) -> int:
        """The best-scoring guess of `pool`, ties broken by the tie rule (see the module)."""
        near = values <= values.min() + TIE
        tied = pool[near]
        if self.ties == "list":
            return int(tied[np.argmin(self.game.list_rank[tied])])
        if tied.size == 1 or self.ties == "a-z":
            return int(tied.min())
        # np.lexsort sorts by its last key first: the keys of TIE_ORDER, read backwards.
        order = np.lexsort(
            (
                tied,
                stats.largest[near],
                stats.sum_squares[near],
                -stats.groups[near],
                ~np.isin(tied, consistent),
            )
        )
        return int(tied[order[0]])

    def hard_legal(self, legal: np.ndarray | None, guess: int, reply: int) -> np.ndarray | None:
        """The hard-mode legal guesses after `guess` got `reply` (None unless policy is hard)."""
        if self.policy != "hard":
            return None
        keep = hard_mode_mask(self.game, self.game.guesses[guess], reply)
        return keep if legal is None else legal & keep

    def tree(self, progress: Progress | None = None) -> Tree:
        """The greedy guess tree over all the game's targets."""
        return build_tree(self, np.arange(len(self.game.targets)), progress)


def hard_mode_mask(game: Game, guess: str, reply: int) -> np.ndarray:
    """Which guesses keep every hint of one (guess, reply): greens in place, found letters used.

    For Jotto, where hints are counts, a guess keeps them when it is consistent with the reply.
    """
    if game.rules.name != GameName.WORDLE:
        keeps: np.ndarray = game.rules.matrix(game.guesses, [guess])[:, 0] == reply
        return keeps
    shown = game.show(reply)
    letters = game.letters
    keep = np.ones(len(game.guesses), dtype=bool)
    needed: dict[int, int] = {}
    for i, (letter, mark) in enumerate(zip(guess, shown, strict=True)):
        number = ord(letter) - ord("a")
        if mark == "G":
            keep &= letters[:, i] == number
        if mark in "GY":
            needed[number] = needed.get(number, 0) + 1
    for number, count in needed.items():
        keep &= game.letter_counts[:, number] >= count
    return keep


MASKS_KEPT_BYTES = 256 << 20  # about how much `HintMasks` keeps of whole masks, then forgets


class HintMasks:
    """`hard_mode_mask` for one game's guesses by id, fast: each hint's mask made once, and
    each (guess, reply)'s whole mask kept (up to MASKS_KEPT_BYTES, then made afresh)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.wordle = game.rules.name == GameName.WORDLE
        self._masks: dict[tuple[str, int, int], np.ndarray] = {}
        self._shown: dict[int, str] = {}
        self._made: dict[tuple[int, int], np.ndarray] = {}
        self._packed: dict[tuple[int, int], np.ndarray] = {}
        self._bits: dict[tuple[str, int, int], np.ndarray] = {}  # `_masks`, packed
        self._room = max(1024, MASKS_KEPT_BYTES // max(1, len(game.guesses)))

    def __call__(self, guess: int, reply: int) -> np.ndarray:
        """Which guesses keep every hint of guess `guess` getting `reply` (read-only: shared
        between calls)."""
        made = self._made.get((guess, reply))
        if made is not None:
            return made
        keep = self._make(guess, reply)
        keep.setflags(write=False)
        if len(self._made) >= self._room:
            self._made.clear()
        self._made[guess, reply] = keep
        return keep

    def packed(self, guess: int, reply: int) -> np.ndarray:
        """`__call__`'s mask packed 8 guesses a byte (`np.packbits`), made from the hints'
        masks packed (kept 8 times as many as the whole masks)."""
        packed = self._packed.get((guess, reply))
        if packed is None:
            hints = self._hints(guess, reply)
            if hints is None:
                packed = np.packbits(self(guess, reply))
            else:
                packed = self._join([self._mask(*hint, packed=True) for hint in hints], True)
            packed.setflags(write=False)
            if len(self._packed) >= 8 * self._room:
                self._packed.clear()
            self._packed[guess, reply] = packed
        return packed

    def _make(self, guess: int, reply: int) -> np.ndarray:
        """`__call__`'s mask, made from the hints' masks."""
        hints = self._hints(guess, reply)
        if hints is None:
            return hard_mode_mask(self.game, self.game.guesses[guess], reply)
        return self._join([self._mask(*hint) for hint in hints], False)

    def _hints(self, guess: int, reply: int) -> list[tuple[str, int, int]] | None:
        """The hints `guess` getting `reply` gives a hard-mode player, as `_mask`'s keys (None
        for a game other than Wordle: its hints are not per letter)."""
        if not self.wordle:
            return None
        shown = self._shown.get(reply)
        if shown is None:
            shown = self._shown[reply] = self.game.show(reply)
        hints = []
        needed: dict[int, int] = {}
        for i, (letter, mark) in enumerate(zip(self.game.guesses[guess], shown, strict=True)):
            number = ord(letter) - ord("a")
            if mark == "G":
                hints.append(("green", i, number))
            if mark in "GY":
                needed[number] = needed.get(number, 0) + 1
        return hints + [("count", number, count) for number, count in needed.items()]

    def _join(self, masks: list[np.ndarray], packed: bool) -> np.ndarray:
        """The guesses every mask keeps (a new array)."""
        if not masks:
            every = np.ones(len(self.game.guesses), dtype=bool)
            return np.packbits(every) if packed else every
        keep = masks[0].copy()
        for mask in masks[1:]:
            keep &= mask
        return keep

    def _mask(self, kind: str, a: int, b: int, packed: bool = False) -> np.ndarray:
        """The guesses with letter `b` at place `a` ("green"), or `b` or more of letter `a`
        (`packed`: packed 8 a byte)."""
        key = (kind, a, b)
        mask = self._masks.get(key)
        if mask is None:
            if kind == "green":
                mask = self.game.letters[:, a] == b
            else:
                mask = self.game.letter_counts[:, a] >= b
            self._masks[key] = mask
        if not packed:
            return mask
        bits = self._bits.get(key)
        if bits is None:
            bits = self._bits[key] = np.packbits(mask)
        return bits


def build_tree(
    solver: Solver,
    targets: np.ndarray,
    progress: Progress | None = None,
    legal: np.ndarray | None = None,
) -> Tree:
    """Build a greedy tree over `targets` (target positions), without recursion; `legal`:
    the hard-mode legal guesses at its root, when earlier rows constrain them."""
    game, matrix = solver.game, solver.matrix
    total, placed = len(targets), 0
    root_holder: dict[int, Tree] = {}
    # Work items: (targets left, hard-mode legal mask, parent branches dict, reply key)
    stack: list[tuple[np.ndarray, np.ndarray | None, dict[int, Tree], int]] = [
        (targets, legal, root_holder, 0)
    ]
    while stack:
        left, legal, parent, key = stack.pop()
        if len(left) == 1:
            parent[key] = game.targets[left[0]]
            placed += 1
            if progress and (placed % 16 == 0 or placed == total):
                progress(placed, total)
            continue
        guess = solver.best_guess(left, legal)
        node = Node(game.guesses[guess], len(left))
        parent[key] = node
        codes = matrix[guess, left]
        children = [(int(c), left[codes == c]) for c in _in_first_order(codes)]
        node.branches = dict.fromkeys((reply for reply, _ in children), "")  # first-seen order
        for reply, group in reversed(children):
            stack.append((group, solver.hard_legal(legal, guess, reply), node.branches, reply))
    return root_holder[0]


def _in_first_order(codes: np.ndarray) -> np.ndarray:
    """The distinct codes in order of first appearance."""
    values, first = np.unique(codes, return_index=True)
    return values[np.argsort(first)]


def iter_nodes(tree: Tree) -> Iterator[tuple[Node, int]]:
    """Every interior node with its depth (the root at depth 0)."""
    stack: list[tuple[Tree, int]] = [(tree, 0)]
    while stack:
        subtree, depth = stack.pop()
        if isinstance(subtree, Node):
            yield subtree, depth
            stack.extend((child, depth + 1) for child in subtree.branches.values())


def first_guess(tree: Tree) -> str:
    """The first guess a tree plays: its root's guess, or the word of a one-word tree."""
    return tree if isinstance(tree, str) else tree.guess


def tree_scores(tree: Tree) -> dict[str, int]:
    """The number of guesses the tree needs for each of its targets."""
    if isinstance(tree, str):
        return {tree: 1}
    scores: dict[str, int] = {}
    for node, depth in iter_nodes(tree):
        for child in node.branches.values():
            if isinstance(child, str):
                scores[child] = depth + 1 if child == node.guess else depth + 2
    return scores


def tree_path(tree: Tree, game: Game, target: str) -> list[tuple[str, int]]:
    """The (guess, reply) pairs the tree plays when the answer is `target`."""
    path: list[tuple[str, int]] = []
    subtree = tree
    while isinstance(subtree, Node):
        reply = game.reply(subtree.guess, target)
        path.append((subtree.guess, reply))
        if reply == game.rules.win:
            return path
        if reply not in subtree.branches:
            raise KeyError(f"{target!r} is not covered by this tree")
        subtree = subtree.branches[reply]
    if subtree != target:
        raise KeyError(f"{target!r} is not covered by this tree")
    path.append((target, game.rules.win))
    return path


def evil_path(tree: Tree, game: Game) -> list[tuple[str, int]]:
    """The game an evil replier forces through `tree`: always the biggest branch.

    A branch's size is its number of targets (the winning reply counts 0, so the replier never
    concedes while it can avoid it); ties go to the branch holding the alphabetically first word.
    """
    path: list[tuple[str, int]] = []
    subtree = tree
    while isinstance(subtree, Node):
        node = subtree

        def size(reply: int, node: Node = node) -> tuple[int, tuple[int, ...]]:
            child = node.branches[reply]
            if reply == game.rules.win:
                return 0, ()
            count = 1 if isinstance(child, str) else child.size
            first = child if isinstance(child, str) else min(tree_scores(child))
            return count, tuple(-ord(c) for c in first)  # `max` prefers the first word

        reply = max(node.branches, key=size)
        path.append((node.guess, reply))
        subtree = node.branches[reply]
    if not path or path[-1][1] != game.rules.win:
        path.append((subtree, game.rules.win))
    return path
