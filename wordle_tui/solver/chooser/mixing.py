"""The chooser-guesser game on lists too large for an exact best response: bounds that hold,
found within a time budget and resumable.

- **Upper bound.** The guesser's trees grow round by round. Each round a linear program over
  every tree found so far gives the guesser's best mixture of them (`solve_matrix_game`);
  its value is checked word by word, so whatever word the chooser picks, the mixture needs
  at most `upper` guesses on average.
- **New trees.** Each round the chooser leans on the words the current mixture needs most
  guesses for: word w gets weight exp(SHARPNESS * (its expected guesses - the most)), and a
  weighted top-k search (`WeightedTreeSearch`) answers an even blend of that chooser and the
  linear program's own. The program's chooser alone puts all its weight on a handful of words
  and gets trees that help only them; the soft one alone may never lift the one word that
  holds the bound. Blended, the trees are good on many words at once and still move the
  bound.
- **Lower bound.** A chooser whose best response is *proven*: the uniform chooser, answered
  by the exact search over every guess (`Position.best`, the proof of the optimal tree).
  No guesser does better than `lower` against it, so no mixture does better in the game.
  The last tenth of the time tries the linear program's chooser too (`prove_chooser`, every
  guess tried over the words it weighs); when its proven best beats the uniform one's, that
  chooser certifies `lower` instead.

`MixState` holds the trees and what was proven, so a later run goes on where this one
stopped (`to_data`, `from_data`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..games import Game
from ..matrix import reply_matrix
from ..search.position import Position
from ..search.shared import SearchInterrupted
from ..tree import Tree
from ..trees import from_data as tree_from_data
from ..trees import to_data as tree_to_data
from .equilibrium import SLACK, Equilibrium, depths, solve_matrix_game
from .weighted import WeightedTreeSearch

SHARPNESS = 4.0  # how hard the soft chooser leans on the words the mixture needs most for
BLEND = 0.5  # the program's own chooser's share in the chooser each round's search answers
FLOOR = 1e-6  # every word's least weight in a search, so no word is left to chance
ROUNDS_SHARE = 0.9  # of the time given; the rest goes to proving the last chooser's best
TOP_K, ROOT_K = 3, 6  # guesses tried per node and at the root by each round's search
FORMAT = 1


@dataclass
class MixState:
    """What the rounds found: each tree and its guesses per answer, and the proven bound."""

    trees: list[Tree] = field(default_factory=list)
    columns: list[np.ndarray] = field(default_factory=list)  # guesses per answer, a tree each
    lower: float = 0.0  # proven: the uniform chooser's least expected guesses
    lower_proven: bool = False
    rounds: int = 0
    seconds: float = 0.0
    hard: bool = False  # the guesser keeps every hint

    def to_data(self, game: Game) -> dict[str, object]:
        """As JSON data (trees in the tree-file format)."""
        return {
            "format": FORMAT,
            "fingerprint": game.fingerprint,
            "trees": [tree_to_data(t, game) for t in self.trees],
            "lower": self.lower,
            "lower_proven": self.lower_proven,
            "rounds": self.rounds,
            "seconds": self.seconds,
            "hard": self.hard,
        }

    @classmethod
    def from_data(cls, data: object, game: Game, hard: bool = False) -> MixState | None:
        """The state saved for these lists and mode, or None if it is not one (or not
        theirs)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        if data.get("fingerprint") != game.fingerprint or data.get("hard", False) is not hard:
            return None
        try:
            trees = [tree_from_data(t) for t in data["trees"]]
            columns = [depths(game, t) for t in trees]
            return cls(
                trees,
                columns,
                float(data["lower"]),
                bool(data["lower_proven"]),
                int(data["rounds"]),
                float(data["seconds"]),
                hard,
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            return None  # damaged, or a tree that misses an answer


def soft_chooser(expected: np.ndarray, sharpness: float = SHARPNESS) -> np.ndarray:
    """A chooser leaning on the words with the most expected guesses (sums to 1)."""
    weights = np.exp(sharpness * (expected - expected.max()))
    normalised: np.ndarray = weights / weights.sum()
    return normalised


def prove_uniform(
    game: Game, matrix: np.ndarray, cancel: Callable[[], bool], hard: bool = False
) -> float | None:
    """The uniform chooser's least expected guesses, proven by the exact search (None if
    cancelled first); `hard`: every guess keeping the hints."""
    everything = np.arange(len(game.targets), dtype=np.int32)
    legal = np.ones(len(game.guesses), dtype=bool) if hard else None
    try:
        move = Position(game, matrix, everything, legal, 0).best(cancel)
    except SearchInterrupted:
        return None
    return move.total / len(game.targets)


def prove_chooser(
    game: Game,
    matrix: np.ndarray,
    chooser: np.ndarray,
    stop: Callable[[], bool],
    hard: bool = False,
) -> float | None:
    """The least expected guesses against `chooser`, proven by trying every guess (None if
    `stop` says so first). Only the words with weight are searched: a tree for all the
    answers is one for them, so this is no more than its best."""
    support = np.flatnonzero(chooser > SLACK)
    words = tuple(game.targets[i] for i in support)
    sub = Game(game.name, game.rules, words, game.guesses)
    columns = np.ascontiguousarray(matrix[:, support])
    search = WeightedTreeSearch(sub, columns, chooser[support], every=True, stop=stop, hard=hard)
    try:
        return search.tree()[0]
    except TimeoutError:
        return None


def mix(
    game: Game,
    seconds: float,
    state: MixState | None = None,
    start: Tree | None = None,
    progress: Callable[[MixState, float], None] | None = None,
    save: Callable[[MixState], None] | None = None,
    prove: bool = True,
    hard: bool = False,
) -> tuple[Equilibrium, MixState]:
    """Bounds on the game's value after `seconds` more of work (see the module).

    `start` is a first tree (the shipped optimal one, say); `progress(state, upper)` hears
    each round, `save(state)` is handed the state after each round to keep. Without `prove`
    every second goes to the rounds, and the lower bound is the trivial one: for lists whose
    proofs take hours, when the guesser's mixture and the chooser are what is wanted."""
    clock = time.monotonic()
    end = clock + seconds
    deadline = clock + ROUNDS_SHARE * seconds if prove else end  # the rest: proving
    state = state or MixState(hard=hard)
    matrix = reply_matrix(game)

    def time_up() -> bool:
        return time.monotonic() > deadline

    def add(tree: Tree) -> None:
        state.trees.append(tree)
        state.columns.append(depths(game, tree))

    if not state.trees:
        uniform = np.ones(len(game.targets))
        add(start if start is not None else _search(game, matrix, uniform, None, hard)[1])
    if not state.lower_proven:
        proven = prove_uniform(game, matrix, time_up, hard) if prove else None
        if proven is not None:
            state.lower, state.lower_proven = proven, True
        else:  # each answer takes a guess, and all but one a second
            state.lower = max(state.lower, 2 - 1 / len(game.targets))
        if save:
            save(state)  # the proof is kept even if the rounds are interrupted
    upper, chooser, guesser = solve_matrix_game(np.array(state.columns).T)
    while not time_up() and upper - state.lower > SLACK:
        expected = np.array(state.columns).T @ guesser
        try:
            leaning = (1 - BLEND) * soft_chooser(expected) + BLEND * chooser
            _, tree = _search(game, matrix, leaning, time_up, hard)
        except (TimeoutError, ArithmeticError):  # out of time, or no tree within six rows
            break
        add(tree)
        state.rounds += 1
        upper, chooser, guesser = solve_matrix_game(np.array(state.columns).T)
        state.seconds += time.monotonic() - clock
        clock = time.monotonic()
        if save:
            save(state)
        if progress:
            progress(state, upper)
    against = None
    if prove:
        against = prove_chooser(game, matrix, chooser, lambda: time.monotonic() > end, hard)
    state.seconds += time.monotonic() - clock
    if save:
        save(state)
    mixture = [(t, float(q)) for t, q in zip(state.trees, guesser, strict=True) if q > SLACK]
    words = {w: float(p) for w, p in zip(game.targets, chooser, strict=True) if p > SLACK}
    lower = state.lower
    lower_by: str | None = (
        "the uniform chooser, whose best response the exact search proves"
        if state.lower_proven
        else "the uniform chooser (not proven"
        + (" within the time" if prove else ", no proof asked")
        + ": each answer takes a guess, all but one a second)"
    )
    if against is not None and against > lower:
        lower, lower_by = against, None  # the chooser given is its own certificate
    found = Equilibrium(
        min(lower, upper), upper, words, mixture, state.rounds, state.seconds, lower_by
    )
    return found, state


def _search(
    game: Game,
    matrix: np.ndarray,
    weights: np.ndarray,
    stop: Callable[[], bool] | None,
    hard: bool = False,
) -> tuple[float, Tree]:
    """A good tree for these weights (every answer kept in play by FLOOR)."""
    search = WeightedTreeSearch(
        game, matrix, weights + FLOOR, top_k=TOP_K, root_k=ROOT_K, stop=stop, hard=hard
    )
    return search.tree()
