"""The review of a finished assistant game: each row against the best move then, skill and luck.

Every row is valued in expected guesses to finish (this guess included), yours against the
best move's. With the uniform prior the values are exact (an exhaustive search of the position,
`search.position`), within a time budget; after it, or with the frequency prior, both come from the
same one-step look-ahead estimate, so equal moves still score equal.

- **Skill 0-99**: 99 minus 99 points for every expected guess lost against the best move,
  summed over your rows after the first (the opener is not scored), never below 0. In hard
  mode the best move is the best hard-mode legal one. Playing a best move loses nothing.
- **Luck 0-99**: for each row, the chance that its colours would have left more answers than
  they did (half the chance of leaving as many), averaged over the rows that had more than
  one answer to find, times 99. About 50 is average luck.

Each row is judged under the chances the assistant showed before it: the prior for the
game's puzzle, given the rows before (`likely_before`), never the answer found.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from ..choices import Prior
from ..games import Game
from ..matrix import ReplyColumns
from ..replies import reply_code
from ..search.position import Position
from ..search.shared import SearchInterrupted, StopRule
from .ranking import Ranker, optimal_move


class Helper(Protocol):
    """What a review reads of the assistant (`engine.Assistant`, not imported: it imports this
    module): its rows, its game and prior, and the position before each row."""

    @property
    def rows(self) -> list[tuple[str, str]]: ...
    @property
    def hard(self) -> bool: ...
    @property
    def game(self) -> Game: ...
    @property
    def base(self) -> Game: ...
    @property
    def matrix(self) -> np.ndarray | ReplyColumns: ...
    @property
    def weights(self) -> np.ndarray: ...
    @property
    def tree_fits(self) -> bool: ...
    @property
    def weighting(self) -> Prior: ...
    @property
    def ranker(self) -> Ranker: ...

    def position_before(self, row: int) -> Position: ...
    def state_before(self, row: int) -> tuple[np.ndarray, np.ndarray]: ...
    def likely_before(self, row: int) -> np.ndarray: ...


WIN = 242
SKILL_MAX = 99
SKILL_DEFINITION = (
    "Skill: 99 minus 99 points per expected guess lost against the best move, over every row "
    "but the first. Luck: how often a row's colours would have left more answers, 50 on "
    "average."
)
EPSILON = 1e-9


@dataclass(frozen=True)
class RowReview:
    """One row of a finished game, reviewed."""

    word: str
    pattern: str
    before: int  # answers possible before the row
    after: int  # answers left after it (0 once solved)
    expected_left: float  # answers your guess was expected to leave
    your_value: float  # expected guesses to finish with your guess, this one included
    best_word: str  # the best move then
    best_value: float  # its expected guesses to finish
    luck: float  # 0-1: the chance of a worse outcome (half of an equal one)
    bits_gained: float
    expected_bits: float
    exact: bool  # the values are exact, not estimated
    scored: bool  # counts towards skill (every row but the opener)

    @property
    def loss(self) -> float:
        """Expected guesses lost against the best move (0 for a best move)."""
        lost = self.your_value - self.best_value
        return lost if lost > EPSILON else 0.0

    @property
    def skill(self) -> int:
        """This row's skill, 0-99 (99 minus 99 per expected guess lost)."""
        return skill_of(self.loss)


@dataclass(frozen=True)
class GameReview:
    """A finished game, reviewed: its rows, skill and luck."""

    rows: list[RowReview]
    skill: int
    luck: int
    exact: bool  # every value is exact

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[RowReview]:
        return iter(self.rows)


def skill_of(loss: float) -> int:
    """Skill 0-99 for a total expected-guess loss."""
    return max(0, round(SKILL_MAX * (1 - min(loss, 1.0))))


def skill_score(rows: list[RowReview]) -> int:
    """The game's skill from its scored rows (99 when none is scored)."""
    return skill_of(sum(r.loss for r in rows if r.scored))


def luck_score(rows: list[RowReview]) -> int:
    """The game's luck: the rows' mean luck times 99 (rows with one answer left skipped)."""
    lucks = [r.luck for r in rows if r.before > 1]
    return round(SKILL_MAX * sum(lucks) / len(lucks)) if lucks else SKILL_MAX // 2


def review_game(helper: Helper, stop: StopRule) -> GameReview:
    """Review every row of the assistant's game: exact values until `stop`'s time is up (its
    clock starts now), estimates after; its cancel raises SearchInterrupted."""
    stop.start()
    exact_ok = helper.weighting.exact
    rows = []
    for k, (word, pattern) in enumerate(helper.rows):
        values = None
        if exact_ok and k > 0:
            try:
                values = _exact_values(helper, k, word, stop)
            except SearchInterrupted:
                if stop.cancelled():
                    raise
                exact_ok = False  # out of time: estimate the rest
        values = values or _estimated_values(helper, k, word)
        rows.append(_row(helper, k, word, pattern, values))
    exact = all(r.exact for r in rows if r.scored)
    return GameReview(rows, skill_score(rows), luck_score(rows), exact)


Values = tuple[float, str, float, float, bool]  # yours, best word, best, expected left, exact


def _exact_values(helper: Helper, k: int, word: str, stop: Callable[[], bool]) -> Values | None:
    """Your value and the best move's, exactly, before row `k`."""
    position = helper.position_before(k)
    n = len(position.cands)
    if n == 1:
        answer = position.local.targets[0]
        return (1.0 if word == answer else 2.0), answer, 1.0, 1.0, True
    best = position.best(stop)
    yours = position.value(word, stop)
    if yours is None:  # not a hard-mode legal guess: estimated like the frequency prior
        return None
    left = _expected_left(helper, k, word)
    comparable = yours.within_six >= best.within_six  # else yours risks a seventh guess
    return yours.total / n, best.word, best.mean, left, comparable


def _estimated_values(helper: Helper, k: int, word: str) -> Values:
    """Your value and the best move's by the look-ahead estimate (the tree's, if it knows)."""
    cands, legal = helper.state_before(k)
    ranker = helper.ranker
    if len(cands) == 1:
        answer = helper.game.targets[cands[0]]
        return (1.0 if word == answer else 2.0), answer, 1.0, 1.0, True
    likely = helper.likely_before(k)  # what the suggestions were scored on, as they were
    mine = ranker.estimate(word, likely, legal)
    left = _expected_left(helper, k, word)
    fits = helper.weighting.exact and helper.tree_fits
    tree = optimal_move(helper.hard, helper.rows[:k], helper.base.fingerprint) if fits else None
    if tree is not None:  # the optimal tree's move and exact value
        if tree[0] == word:
            return tree[1], word, tree[1], left, True
        return mine.expected_guesses, tree[0], tree[1], left, False
    best = ranker.suggestions(likely, legal, 1)[0]
    if best.word == word or best.expected_guesses > mine.expected_guesses:
        best = mine
    return mine.expected_guesses, best.word, best.expected_guesses, left, False


def _expected_left(helper: Helper, k: int, word: str) -> float:
    """The answers `word` was expected to leave before row `k`: of the likely ones, as the
    suggestions' *left* counts them."""
    return float(helper.ranker.scores_of([word], helper.likely_before(k)).expected_remaining[0])


def _row(helper: Helper, k: int, word: str, pattern: str, values: Values) -> RowReview:
    """One reviewed row from its values and its outcome."""
    mine, best_word, best, left, exact = values
    cands, _ = helper.state_before(k)
    after = helper.state_before(k + 1)[0]
    weights = helper.weights[cands]
    p = weights / weights.sum()
    codes = helper.matrix[helper.game.index[word], cands]
    own = reply_code(pattern)
    kept = float(p[codes == own].sum())
    scores = helper.ranker.scores_of([word], helper.likely_before(k))  # as the suggestions'
    return RowReview(
        word=word,
        pattern=pattern,
        before=len(cands),
        after=0 if set(pattern) == {"G"} else len(after),
        expected_left=left,
        your_value=mine,
        best_word=best_word,
        best_value=best,
        luck=row_luck(codes, p, own, helper.game.rules.win),
        bits_gained=-math.log2(kept) if kept > 0 else 0.0,
        expected_bits=float(scores.entropy[0]),
        exact=exact,
        scored=k > 0,
    )


def row_luck(codes: np.ndarray, p: np.ndarray, own: int, win: int = WIN) -> float:
    """The chance that a reply would have left more answers than `own` did (half as many)."""
    values, group, sizes = np.unique(codes, return_inverse=True, return_counts=True)
    left = np.where(values == win, 0, sizes)  # the answer found leaves none
    mine = left[np.flatnonzero(values == own)[0]]
    mass = np.bincount(group, weights=p, minlength=len(values))
    return float(mass[left > mine].sum() + 0.5 * mass[left == mine].sum())
