"""The review of a finished assistant game: what each row was worth, against the best then."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .ranking import Ranker


@dataclass(frozen=True)
class RowReview:
    """One row of a finished game, reviewed."""

    word: str
    pattern: str
    before: int
    after: int
    bits_gained: float
    expected_bits: float
    best_bits: float
    best_word: str
    expected_left: float

    @property
    def luck(self) -> float:
        """Bits gained beyond what the guess was expected to give (positive: lucky)."""
        return self.bits_gained - self.expected_bits

    @property
    def skill(self) -> int:
        """0-100: the guess's expected bits as a share of the best available (100 if one left)."""
        if self.before <= 1 or self.best_bits <= 0:
            return 100
        return round(100 * max(0.0, self.expected_bits) / self.best_bits)


def skill_score(reviews: Sequence[RowReview]) -> int:
    """The game's skill: the mean of the rows' skill, 0-100."""
    return round(sum(r.skill for r in reviews) / len(reviews)) if reviews else 0


State = tuple[np.ndarray, np.ndarray]  # (candidates, hard-mode legal guesses)


def review_rows(
    ranker: Ranker, rows: Sequence[tuple[str, str]], states: Sequence[State]
) -> list[RowReview]:
    """How each row went: `states[k]` is the position before row k, `states[k + 1]` after."""
    return [
        review_row(ranker, word, pattern, states[k], states[k + 1][0])
        for k, (word, pattern) in enumerate(rows)
    ]


def review_row(
    ranker: Ranker, word: str, pattern: str, before: State, after: np.ndarray
) -> RowReview:
    """One row: information gained, against the best guess available then."""
    cands, legal = before
    scores = ranker.scores(cands, legal)
    at = np.flatnonzero(scores.pool == ranker.game.index[word])
    own, mine = (scores, int(at[0])) if at.size else (ranker.scores_of([word], cands), 0)
    weights = ranker.weights[cands]
    kept = (weights / weights.sum())[np.isin(cands, after)].sum()
    best = int(np.argmax(scores.entropy))
    return RowReview(
        word=word,
        pattern=pattern,
        before=len(cands),
        after=len(after) if pattern != "GGGGG" else 0,
        bits_gained=-math.log2(kept) if kept > 0 else 0.0,
        expected_bits=float(own.entropy[mine]),
        best_bits=float(scores.entropy.max()),
        best_word=ranker.game.guesses[int(scores.pool[best])],
        expected_left=float(own.expected_remaining[mine]),
    )
