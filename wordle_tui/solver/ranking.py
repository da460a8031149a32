"""Ranking the next guesses of an assistant's position: the suggestions and their figures.

A `Ranker` scores every guess of the pool (all allowed guesses, or the hard-mode legal ones)
against the answers still possible, refines the most promising ones with a one-step
look-ahead, and returns them best first as `Suggestion`s. `optimal_move` reads the shipped
optimal tree's move while the rows follow it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .games import Game
from .matrix import rows_for
from .replies import reply_code
from .scoring import FOLLOW_UPS, LOOK_AHEAD, Scores, look_ahead, score_pool, threads
from .tree import Node, tree_scores


@dataclass(frozen=True)
class Suggestion:
    """One guess, scored against the answers still possible."""

    word: str
    entropy: float  # expected information, bits
    expected_remaining: float  # expected number of answers left afterwards
    worst: int  # answers left in the largest group
    groups: int  # number of groups (distinct replies)
    win_chance: float  # probability it is the answer
    is_candidate: bool
    hard_ok: bool
    expected_guesses: float  # estimated guesses to finish, this one included
    optimal: bool = False  # the move of the searched optimal tree (exact expected_guesses)

    def as_dict(self) -> dict:
        """Plain data for JSON, rounded."""
        return {
            "word": self.word,
            "entropy": round(self.entropy, 4),
            "expected_remaining": round(self.expected_remaining, 3),
            "worst": self.worst,
            "groups": self.groups,
            "win_chance": round(self.win_chance, 4),
            "is_candidate": self.is_candidate,
            "hard_ok": self.hard_ok,
            "expected_guesses": round(self.expected_guesses, 4),
            "optimal": self.optimal,
        }


@dataclass(frozen=True)
class Ranker:
    """Scores and ranks guesses for one game, prior (weights) and mode."""

    game: Game
    matrix: np.ndarray
    weights: np.ndarray
    hard: bool

    def pool(self, legal: np.ndarray) -> np.ndarray:
        """The guesses to consider: all allowed ones, or the hard-mode legal ones."""
        return np.flatnonzero(legal) if self.hard else np.arange(len(self.game.guesses))

    def codes(self, pool: np.ndarray, cands: np.ndarray) -> np.ndarray:
        """Reply codes of the guesses in `pool` against the candidates."""
        return rows_for(self.matrix, pool, cands)

    def scores(self, cands: np.ndarray, legal: np.ndarray) -> Scores:
        """The partition figures of every guess in the pool."""
        pool = self.pool(legal)
        return score_pool(self.codes(pool, cands), self.weights[cands], pool)

    def scores_of(self, words: list[str], cands: np.ndarray) -> Scores:
        """The partition figures of these words (outside the pool, too)."""
        pool = np.array([self.game.index[w] for w in words])
        return score_pool(self.codes(pool, cands), self.weights[cands], pool)

    def suggestions(self, cands: np.ndarray, legal: np.ndarray, top: int) -> list[Suggestion]:
        """The best `top` guesses, best first, the first few refined by the look-ahead."""
        if len(cands) == 1:
            return [self.single(cands[0], legal)]
        weights = self.weights[cands]
        scores = self.scores(cands, legal)
        pool = scores.pool
        is_cand = np.isin(pool, self.game.target_ids[cands])
        order = np.lexsort((pool, ~is_cand, scores.cost))
        refine = order[: max(LOOK_AHEAD, top)]
        follow_codes = self.codes(self._follow_ups(pool[order[:FOLLOW_UPS]], cands), cands)
        firsts = self.codes(pool[refine], cands)
        costs = threads().map(lambda row: look_ahead(row, follow_codes, weights), firsts)
        deep = dict(zip(refine.tolist(), costs, strict=True))
        ranked = sorted(deep, key=lambda i: (round(deep[i], 9), not is_cand[i], pool[i]))
        names = set(self.game.target_ids[cands].tolist())
        return [self.suggestion(scores, i, deep[i], names, legal) for i in ranked[:top]]

    def _follow_ups(self, best: np.ndarray, cands: np.ndarray) -> np.ndarray:
        """The follow-up guesses tried inside each group: the best, and the answers if few."""
        if len(cands) <= 2 * FOLLOW_UPS:  # small sets: a group's own words are worth trying
            return np.union1d(best, self.game.target_ids[cands])
        return best

    def scored(self, word: str, cands: np.ndarray, legal: np.ndarray) -> Suggestion:
        """The suggestion figures for one word (its cost one step deep)."""
        scores = self.scores_of([word], cands)
        names = set(self.game.target_ids[cands].tolist())
        return self.suggestion(scores, 0, float(scores.cost[0]), names, legal)

    def suggestion(
        self, scores: Scores, i: int, expected: float, cands: set, legal: np.ndarray
    ) -> Suggestion:
        """Row `i` of the scores as a Suggestion."""
        g = int(scores.pool[i])
        return Suggestion(
            word=self.game.guesses[g],
            entropy=float(scores.entropy[i]),
            expected_remaining=float(scores.expected_remaining[i]),
            worst=int(scores.worst[i]),
            groups=int(scores.groups[i]),
            win_chance=float(scores.win[i]),
            is_candidate=g in cands,
            hard_ok=bool(legal[g]),
            expected_guesses=expected,
        )

    def single(self, target: int, legal: np.ndarray) -> Suggestion:
        """The suggestion when one answer is left: guess it."""
        word = self.game.targets[target]
        ok = bool(legal[self.game.index[word]])
        return Suggestion(word, 0.0, 1.0, 1, 1, 1.0, True, ok, 1.0)


def reason(best: Suggestion, left: int) -> str:
    """One line explaining the top suggestion when `left` answers remain."""
    if left == 1:
        return f"{best.word.upper()} is the only answer left."
    if best.optimal:
        return (
            f"{best.word.upper()} is the optimal tree's move: it splits the {left:,} answers "
            f"into {best.groups:,} groups (the largest {best.worst:,}) and finishes in "
            f"{best.expected_guesses:.2f} guesses on average."
        )
    return (
        f"{best.word.upper()} splits the {left:,} answers into {best.groups:,} groups; "
        f"the largest holds {best.worst:,}. Expected {best.expected_remaining:.1f} left, "
        f"{best.entropy:.2f} bits."
    )


def optimal_move(hard: bool, rows: Sequence[tuple[str, str]]) -> tuple[str, float] | None:
    """The shipped optimal tree's next guess after `rows` and its exact expected guesses,
    or None once the rows leave the tree (bundled word lists, uniform prior only)."""
    from .trees import TreeError, shipped

    try:
        node, _ = shipped("optimal-hard" if hard else "optimal")
    except TreeError:
        return None
    for word, pattern in rows:
        if not isinstance(node, Node) or node.guess != word:
            return None
        node = node.branches.get(reply_code(pattern))
        if node is None:
            return None
    if not isinstance(node, Node):
        return None
    scores = tree_scores(node)
    return node.guess, sum(scores.values()) / len(scores)
