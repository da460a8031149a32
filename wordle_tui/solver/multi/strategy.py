"""Choosing a guess for a multi-board position.

In order: a board with one answer left is played (forced: it solves a board and informs the
others); a small position is searched exactly (`endgame`: the chance to finish within the
limit, then the expected guesses); otherwise every guess is scored by a measure summed over
the unsolved boards (`MEASURES`), and a guess that may solve a board now wins ties. With no
guess to spare (as many guesses left as boards unsolved), only answers left are played.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..choices import Measure, names
from ..games import Game
from ..matrix import reply_matrix
from .endgame import Endgame, TooBig, Valued
from .state import MultiState
from .stats import BoardStats, StatsCache

MEASURES = names(Measure)
DEFAULT_MEASURE = Measure.WEIGHTED.value
EXACT_ANSWERS = 10  # search exactly when at most this many answers are left in all
EXACT_EXTRA = 6  # heuristic guesses added to the answers left in the exact search
HIT_WEIGHT = 1.0  # bits a sure solve of a board is worth (a candidate's bonus)


@dataclass(frozen=True)
class Ranked:
    """A guess with its heuristic score and, when the position was searched, its exact value."""

    guess: int
    score: float
    exact: Valued | None = None
    forced: bool = False  # the answer of a board with one answer left


class MultiSolver:
    """Plays Dordle, Quordle or Octordle on a game's lists with one measure."""

    def __init__(
        self,
        game: Game,
        matrix: np.ndarray | None = None,
        measure: str = DEFAULT_MEASURE,
        exact_answers: int = EXACT_ANSWERS,
    ) -> None:
        if measure not in MEASURES:
            raise ValueError(f"unknown measure {measure!r}; choose one of: {', '.join(MEASURES)}")
        self.game = game
        self.matrix = reply_matrix(game) if matrix is None else matrix
        self.measure = measure
        self.exact_answers = exact_answers
        self.stats = StatsCache(self.matrix)
        self.order = np.argsort(np.array(game.guesses), kind="stable")  # alphabetical ties
        self._openers: dict[int, int] = {}

    def choose(self, state: MultiState) -> int:
        """The guess (its number in the guess list) to play from `state`."""
        boards = state.unsolved
        if all(len(state.candidates[b]) == len(self.game.targets) for b in boards):
            key = len(boards)
            if key not in self._openers:
                self._openers[key] = self.rank(state, 1)[0].guess
            return self._openers[key]
        return self.rank(state, 1, forced_first=True)[0].guess

    def rank(self, state: MultiState, top: int = 10, forced_first: bool = False) -> list[Ranked]:
        """The best `top` guesses from `state`, best first: searched exactly when few answers
        are left, else a forced play, else by the measure. `forced_first` (the player's
        choice) plays a forced word without searching."""
        stats = [self.stats(state.candidates[b]) for b in state.unsolved]
        scores = self.scores(stats, state.left)
        forced = self._forced(state)
        if forced is not None and forced_first:
            return self._forced_ranked(scores, top, forced)
        exact = self._exact(state, scores, top)
        if exact is not None:
            return exact
        if forced is not None:
            return self._forced_ranked(scores, top, forced)
        return self._best(scores, top)

    def _forced_ranked(self, scores: np.ndarray, top: int, forced: np.ndarray) -> list[Ranked]:
        """The forced words, the one telling the most about the other boards first."""
        return [Ranked(r.guess, r.score, forced=True) for r in self._best(scores, top, forced)]

    def scores(self, stats: list[BoardStats], left: int) -> np.ndarray:
        """Every guess's summed measure over the unsolved boards (higher is better)."""
        total = np.zeros(len(self.matrix))
        for s in stats:
            total += self._board_score(s)
        if left <= len(stats):  # no guess to spare: only a guess that may solve a board
            hit = np.zeros(len(self.matrix), dtype=bool)
            for s in stats:
                hit |= s.hits
            total[~hit] = -np.inf
        return total

    def _board_score(self, s: BoardStats) -> np.ndarray:
        """One board's share of the measure, for every guess."""
        hit = HIT_WEIGHT * s.hits / max(s.n, 1)
        if self.measure == "entropy":
            return s.entropy + hit
        if self.measure == "weighted":  # a board's entropy as a share of what is left to learn
            score: np.ndarray = s.entropy / np.log2(s.n + 1) + hit
            return score
        pinned = (s.singles + s.hits) / s.n  # ambiguous: boards pinned down (or solved)
        pinned_score: np.ndarray = pinned + 1e-3 * s.entropy
        return pinned_score

    def _forced(self, state: MultiState) -> np.ndarray | None:
        """The answers of boards with one answer left (guess numbers), if any."""
        ones = [state.candidates[b][0] for b in state.unsolved if len(state.candidates[b]) == 1]
        if not ones:
            return None
        return self.game.target_ids[np.array(ones, dtype=np.intp)]

    def _best(self, scores: np.ndarray, top: int, only: np.ndarray | None = None) -> list[Ranked]:
        """The highest-scoring guesses (ties: alphabetical), among `only` if given."""
        pool = np.arange(len(scores)) if only is None else np.unique(only)
        values = scores[pool]
        picked = pool[np.lexsort((self.order[pool], -values))][:top]
        return [Ranked(int(g), float(scores[g])) for g in picked]

    def _exact(self, state: MultiState, scores: np.ndarray, top: int) -> list[Ranked] | None:
        """The exact ranking when few answers are left (None when too many, or too slow)."""
        boards = tuple(tuple(int(t) for t in state.candidates[b]) for b in state.unsolved)
        answers = sorted({t for board in boards for t in board})
        if len(answers) > self.exact_answers:
            return None
        extra = [r.guess for r in self._best(scores, EXACT_EXTRA)]
        pool = sorted(set(self.game.target_ids[answers].tolist()) | set(extra))
        search = Endgame(self.matrix, pool, answers)
        try:
            valued = search.rank(boards, state.left)
        except TooBig:
            return None
        return [Ranked(v.guess, float(scores[v.guess]), v) for v in valued[:top]]
