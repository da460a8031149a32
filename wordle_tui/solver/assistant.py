"""The NYT Wordle assistant: what is left after the colours you got, and the best next guess.

Rows are (word, pattern) pairs: the word you played and the colours the NYT gave. Patterns
are read in many forms (`patterns.parse_pattern`). Suggestions score every allowed guess by
the partition it makes of the answers still possible, weighted by a prior:

- `uniform`: every word of the answer list is equally likely (the default);
- `frequency`: every allowed word may be the answer, weighted by how common it is in English
  (wordfreq's Zipf frequency through a logistic curve), for when the NYT picks a word outside
  the list.

The best guess minimises the expected number of guesses to finish, with a one-step look-ahead
(`scoring`, `ranking`). The `Assistant` holds the state: the rows, the answers still possible
and the hard-mode legal guesses after each, with add, undo and clear; `review` judges a
finished game.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from .games import WORDLE_RULES, Game, make_game
from .matrix import reply_matrix
from .opening import cached_opening
from .patterns import AssistantError, parse_pattern, parse_row, pattern_problem
from .ranking import Ranker, Suggestion, optimal_move, reason
from .replies import reply_code
from .review import RowReview, review_rows, skill_score
from .scoring import COUNT_ABOVE, frequency_weights, group_cost, score_pool
from .tree import hard_mode_mask
from .trees import fits_shipped

if TYPE_CHECKING:
    from .listsets import WordListSet

__all__ = [
    "COUNT_ABOVE",
    "MAX_ROWS",
    "PRIORS",
    "Assistant",
    "AssistantError",
    "RowReview",
    "Suggestion",
    "frequency_weights",
    "group_cost",
    "parse_pattern",
    "parse_row",
    "pattern_problem",
    "score_pool",
    "skill_score",
]

PRIORS = ("uniform", "frequency")
MAX_ROWS = 6


@dataclass
class Assistant:
    """The state of one NYT game being helped: rows entered, mode, prior."""

    hard: bool = False
    prior: str = "uniform"
    answers: str | None = None  # custom answer list file
    guess_list: str | None = None  # custom guess list file
    rows: list[tuple[str, str]] = field(default_factory=list)
    lists: WordListSet | None = None  # the word-list set (default: the NYT lists)

    def __post_init__(self) -> None:
        if self.prior not in PRIORS:
            raise AssistantError(f"unknown prior {self.prior!r}; choose uniform or frequency")
        base = make_game("wordle", self.answers, self.guess_list, lists=self.lists)
        self.tree_fits = fits_shipped(base)  # the shipped trees are for one pair of lists
        if self.prior == "frequency":  # any allowed word may be the answer
            self.game = Game("wordle", WORDLE_RULES, base.guesses, base.guesses)
            self.weights = frequency_weights(self.game.targets)
        else:
            self.game = base
            self.weights = np.ones(len(base.targets))
        self.matrix = reply_matrix(self.game)
        self._states: list[tuple[np.ndarray, np.ndarray]] = [self._start()]
        for word, pattern in list(self.rows):
            self.rows.pop(0)
            self.add(word, pattern)

    def _start(self) -> tuple[np.ndarray, np.ndarray]:
        return np.arange(len(self.game.targets)), np.ones(len(self.game.guesses), dtype=bool)

    @property
    def ranker(self) -> Ranker:
        """Scores guesses for this game, prior and mode."""
        return Ranker(self.game, self.matrix, self.weights, self.hard)

    @property
    def candidates(self) -> np.ndarray:
        """Target positions still possible."""
        return self._states[-1][0]

    @property
    def legal(self) -> np.ndarray:
        """Which guesses keep every hint (hard mode)."""
        return self._states[-1][1]

    def candidate_words(self) -> list[tuple[str, float]]:
        """The answers still possible with their probabilities, most likely first."""
        cands = self.candidates
        w = self.weights[cands]
        p = w / w.sum() if w.sum() > 0 else w
        order = sorted(range(len(cands)), key=lambda i: (-p[i], self.game.targets[cands[i]]))
        return [(self.game.targets[cands[i]], float(p[i])) for i in order]

    def add(self, word: str, pattern: str) -> int:
        """Add a row; return how many answers remain. Nothing changes if the row is refused."""
        word = word.strip().lower()
        pattern = self._check_row(word, pattern)
        codes = self.matrix[self.game.index[word], self.candidates]
        left = self.candidates[codes == reply_code(pattern)]
        if left.size == 0:
            hint = "" if self.prior == "frequency" else "; try the frequency prior (any word)"
            raise AssistantError(
                f"no answer fits row {len(self.rows) + 1} ({word.upper()} {pattern}) "
                f"after the rows before it{hint}"
            )
        legal = self.legal & hard_mode_mask(self.game, word, reply_code(pattern))
        self._states.append((left, legal))
        self.rows.append((word, pattern))
        return int(left.size)

    def _check_row(self, word: str, pattern: str) -> str:
        """The row's pattern, parsed; raise AssistantError if the row cannot be added."""
        if self.solved:
            raise AssistantError("the game is solved: the last row is all green (undo it first)")
        if len(self.rows) >= MAX_ROWS:
            raise AssistantError(
                f"Wordle has six rows; this game has {len(self.rows)} and none is all green "
                "(undo a row to change one)"
            )
        if len(word) != 5 or not word.isascii() or not word.isalpha():
            raise AssistantError(f"{word[:20]!r} is not a five-letter word")
        if word not in self.game.index:
            raise AssistantError(f"{word.upper()} is not in the guess list")
        pattern = parse_pattern(pattern)
        why = pattern_problem(word, pattern)
        if why:
            raise AssistantError(f"{word.upper()} {pattern}: {why}")
        return pattern

    def snapshot(self) -> Assistant:
        """A copy that later rows and undos do not change (for a worker to read)."""
        other = copy.copy(self)
        other.rows = list(self.rows)
        other._states = list(self._states)
        return other

    def undo(self) -> tuple[str, str] | None:
        """Take back the last row."""
        if not self.rows:
            return None
        self._states.pop()
        return self.rows.pop()

    def clear(self) -> None:
        """Take back every row."""
        self.rows.clear()
        del self._states[1:]

    @property
    def solved(self) -> bool:
        """Whether the last row is all green."""
        return bool(self.rows) and self.rows[-1][1] == "GGGGG"

    def pool(self) -> np.ndarray:
        """The guesses to consider: all allowed ones, or the hard-mode legal ones."""
        return self.ranker.pool(self.legal)

    def codes(self, pool: np.ndarray, cands: np.ndarray) -> np.ndarray:
        """Reply codes of the guesses in `pool` against the candidates."""
        return self.ranker.codes(pool, cands)

    def suggest(self, top: int = 10) -> list[Suggestion]:
        """The best next guesses, best first (the opening ones come from a disk cache).

        While the rows follow the searched optimal tree, its move comes first, marked optimal.
        """
        found = self.compute_suggestions(top) if self.rows else self._opening(top)
        move = self.tree_move()
        if move is None or len(self.candidates) == 1:
            return found
        word, expected = move
        mine = next((s for s in found if s.word == word), None)
        mine = mine or self.ranker.scored(word, self.candidates, self.legal)
        mine = replace(mine, optimal=True, expected_guesses=expected)
        return [mine, *[s for s in found if s.word != word]][:top]

    def _opening(self, top: int) -> list[Suggestion]:
        return cached_opening(
            self.game, self.prior, self.hard, top, lambda: self.compute_suggestions(top)
        )

    def tree_move(self) -> tuple[str, float] | None:
        """The optimal tree's next guess and its exact expected guesses, if the rows follow it."""
        if self.prior != "uniform" or not self.tree_fits:
            return None  # the shipped trees are for the default lists
        return optimal_move(self.hard, self.rows)

    def compute_suggestions(self, top: int = 10) -> list[Suggestion]:
        """The best next guesses, computed now."""
        return self.ranker.suggestions(self.candidates, self.legal, top)

    def reason(self, best: Suggestion) -> str:
        """One line explaining the top suggestion."""
        return reason(best, len(self.candidates))

    def analysis(self) -> list[RowReview]:
        """How each row went: information gained, against the best guess available then."""
        return review_rows(self.ranker, self.rows, self._states)
