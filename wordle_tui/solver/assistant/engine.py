"""The NYT Wordle assistant: what is left after the colours you got, and the best next guess.

Rows are (word, pattern) pairs: the word you played and the colours the NYT gave. Patterns
are read in many forms (`patterns.parse_pattern`). Suggestions score every allowed guess by
the partition it makes of the answers still possible, weighted by a prior:

- `nyt`: every allowed word may be the answer, with the chance the NYT's record gives it for
  the puzzle the rows belong to (`nyt.prior`: learnt from the answers before that puzzle);
- `uniform`: every word of the answer list is equally likely;
- `frequency`: every allowed word may be the answer, weighted by how common it is in English
  (wordfreq's Zipf frequency through a logistic curve), for an answer outside the list.

With a weighted prior, words with less than `LIKELY` of the chance left are still possible
answers but are not scored (they change no choice, and cost time).

The best guess minimises the expected guesses to finish by a one-step look-ahead (`ranking`);
`prove` refines it to the proven-best (`search.position`); with a weighted prior in normal mode
and at most `DEEP` likely answers, a search to the end of the game values them (`searched`).
When no listed answer fits, the uniform prior widens to the frequency prior (`widened`). The
`Assistant` holds the rows, what is left and the hard-mode legal guesses after each; `review`
judges a finished game; `advice` asks for all of it in stages until a stop rule says enough.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..choices import Prior, Rank, member
from ..games import Game, make_game
from ..listsets import DEFAULT, nyt_hint
from ..matrix import replies, whole
from ..nyt.history import AnswerHistory, Puzzle, load_history, todays_number
from ..nyt.prior import PriorModel, model_for, nyt_weights
from ..replies import reply_code
from ..scoring import COUNT_ABOVE, frequency_weights, group_cost, score_pool, scored_matrix
from ..search.endgame import DEEP
from ..search.position import Position, ProvenMove
from ..search.shared import SearchInterrupted, StopRule
from ..tree import hard_mode_mask
from ..trees import fits_shipped
from ..words import ascii_lower, letters_name
from . import ranking
from .advice import Advice, Stop, reviewed, runs_endgame_search, staged
from .opening import cached_opening, weights_key
from .patterns import AssistantError, parse_pattern, parse_row, pattern_problem
from .ranking import Ranker, Suggestion, exact_splits, optimal_move, reason, rerank, sensible
from .review import GameReview, RowReview, review_game, skill_score

if TYPE_CHECKING:
    from ..listsets import WordListSet

__all__ = [
    "COUNT_ABOVE",
    "MAX_ROWS",
    "Prior",
    "Rank",
    "Assistant",
    "GameReview",
    "ProvenMove",
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

LIKELY = 1e-5  # a smaller share of the chance left is not scored
MAX_ROWS = 6
WIDENED = (
    "No listed answer fits these rows: every allowed word is considered now, "
    "the more common ones more likely."
)


@dataclass
class Assistant:
    """The state of one NYT game being helped: rows entered, mode, prior."""

    hard: bool = False
    prior: Prior | None = None  # None: the lists' own (`choose_prior`)
    answers: str | Path | None = None  # custom answer list file
    guess_list: str | Path | None = None  # custom guess list file
    rows: list[tuple[str, str]] = field(default_factory=list)
    lists: WordListSet | None = None  # the word-list set (None: the classic set, as make_game)
    puzzle: int | None = None  # the NYT puzzle the rows belong to (None: today's)
    history: AnswerHistory | None = None  # the NYT's answers (None: shipped and the user's)
    max_rows: int = MAX_ROWS  # Wordle's six (a replay of real games may go on)

    def __post_init__(self) -> None:
        self.prior = choose_prior(self.prior, self.lists, self.answers)
        if self.puzzle is None:
            self.puzzle = todays_number()
        self.base = make_game("wordle", self.answers, self.guess_list, lists=self.lists)
        self.length = self.base.rules.length  # letters a word has: the word-list set's
        self.tree_fits = fits_shipped(self.base)  # the shipped trees are for one pair of lists
        self.widened = False  # the uniform prior widened to the frequency prior by itself
        self._positions: dict[tuple[tuple[str, str], ...], Position] = {}
        self._use(self.weighting)  # not widened yet: the prior chosen
        given, self.rows = list(self.rows), []
        for word, pattern in given:
            self.add(word, pattern)

    @property
    def weighting(self) -> Prior:
        """The prior in use: the one chosen, or `frequency` once widened."""
        return Prior.FREQUENCY if self.widened else choose_prior(self.prior, self.lists)

    @property
    def answer_history(self) -> AnswerHistory:
        """The NYT's answers known to this assistant (read when first needed)."""
        if self.history is None:
            self.history = load_history()
        return self.history

    def _use(self, prior: Prior) -> None:
        """Set up the game, weights and matrix of a prior, with no rows."""
        if prior.weighted:  # any allowed word may be the answer
            self.game = Game("wordle", self.base.rules, self.base.guesses, self.base.guesses)
            if prior is Prior.FREQUENCY:
                self.weights = frequency_weights(self.game.targets)
            else:
                self.weights = nyt_weights(self.game.targets, self.puzzle, self.answer_history)
        else:
            self.game = self.base
            self.weights = np.ones(len(self.base.targets))
        self.matrix = replies(self.game) if prior.weighted else scored_matrix(self.game)
        self._ranker: Ranker | None = None
        self._states: list[tuple[np.ndarray, np.ndarray]] = [self._start()]
        self._positions = {}

    def _start(self) -> tuple[np.ndarray, np.ndarray]:
        return np.arange(len(self.game.targets)), np.ones(len(self.game.guesses), dtype=bool)

    @property
    def ranker(self) -> Ranker:
        """Scores guesses for this game, prior and mode (kept until `_use` changes them)."""
        if self._ranker is None or self._ranker.hard != self.hard:
            self._ranker = Ranker(self.game, self.matrix, self.weights, self.hard)
        return self._ranker

    @property
    def candidates(self) -> np.ndarray:
        """Target positions still possible."""
        return self._states[-1][0]

    @property
    def legal(self) -> np.ndarray:
        """Which guesses keep every hint (hard mode)."""
        return self._states[-1][1]

    @property
    def likely(self) -> np.ndarray:
        """The candidates the suggestions are scored on (see `likely_before`)."""
        return self.likely_before(-1)

    def likely_before(self, row: int) -> np.ndarray:
        """The candidates the suggestions are (were) scored on before row `row`: with a
        weighted prior, those with at least `LIKELY` of the chance left (never none)."""
        cands = self._states[row][0]
        if self.weighting.exact or len(cands) <= 1:
            return cands
        w = self.weights[cands]
        kept = cands[w >= LIKELY * w.sum()]
        return kept if kept.size else cands[[int(np.argmax(w))]]

    def prior_model(self) -> PriorModel | None:
        """What the NYT prior learnt for this puzzle (None with another prior)."""
        if self.weighting is not Prior.NYT:
            return None
        return model_for(self.game.targets, self.puzzle, self.answer_history)

    def answered_before(self, word: str) -> list[Puzzle]:
        """The NYT puzzles before this one whose answer was `word`."""
        return self.answer_history.answered(word, before=self.puzzle)

    def candidate_words(self) -> list[tuple[str, float]]:
        """The answers still possible with their probabilities, most likely first."""
        cands = self.candidates
        w = self.weights[cands]
        p = w / w.sum() if w.sum() > 0 else w
        order = sorted(range(len(cands)), key=lambda i: (-p[i], self.game.targets[cands[i]]))
        return [(self.game.targets[cands[i]], float(p[i])) for i in order]

    def add(self, word: str, pattern: str) -> int:
        """Add a row; return how many answers remain. Nothing changes if the row is refused.

        When no listed answer fits, the uniform prior widens to every allowed word, weighted
        by how common it is (`widened`); a row that no allowed word fits is refused.
        """
        word = ascii_lower(word.strip())
        pattern = self.check_row(word, pattern)
        left = self._left_after(word, pattern)
        if left.size == 0 and self.needs_widening(word, pattern):
            self._widen()
            left = self._left_after(word, pattern)
        if left.size == 0:
            raise AssistantError(
                f"no allowed word fits row {len(self.rows) + 1} ({word.upper()} {pattern}) "
                "after the rows before it: check the colours"
            )
        legal = self.legal & hard_mode_mask(self.game, word, reply_code(pattern))
        self._states.append((left, legal))
        self.rows.append((word, pattern))
        return int(left.size)

    def needs_widening(self, word: str, pattern: str) -> bool:
        """Whether this row fits no listed answer but some allowed word (checked cheaply,
        without the frequency prior's big matrix)."""
        if not self.weighting.exact or self._left_after(word, pattern).size:
            return False
        words = self.base.guesses
        fits = np.ones(len(words), dtype=bool)
        for played, colours in [*self.rows, (word, pattern)]:
            fits &= self.base.rules.matrix([played], words)[0] == reply_code(colours)
        return bool(fits.any())

    def _left_after(self, word: str, pattern: str) -> np.ndarray:
        """The candidates that would be left after one more row."""
        codes = self.matrix[self.game.index[word], self.candidates]
        left: np.ndarray = self.candidates[codes == reply_code(pattern)]
        return left

    def _widen(self) -> None:
        """Switch to the frequency prior, the rows so far played again (undone if none fits)."""
        rows = list(self.rows)
        self.rows.clear()
        self._use(Prior.FREQUENCY)
        self.widened = True
        try:
            for word, pattern in rows:
                self.add(word, pattern)
        except AssistantError:  # cannot happen for rows that fitted a smaller list
            self._narrow(rows)
            raise

    def _narrow(self, rows: list[tuple[str, str]]) -> None:
        """Back to the chosen prior with these rows (they must fit it)."""
        self.rows.clear()
        self.widened = False
        self._use(self.weighting)
        for word, pattern in rows:
            self.add(word, pattern)

    @property
    def notice(self) -> str:
        """One line to show above the suggestions ('' when there is nothing to say)."""
        return WIDENED if self.widened else ""

    def check_row(self, word: str, pattern: str) -> str:
        """The row's pattern, parsed; raise AssistantError if the row cannot be added."""
        if self.solved:
            raise AssistantError("the game is solved: the last row is all green (undo it first)")
        if len(self.rows) >= self.max_rows:
            raise AssistantError(
                f"Wordle has six rows; this game has {len(self.rows)} and none is all green "
                "(undo a row to change one)"
            )
        if len(word) != self.length or not word.isascii() or not word.isalpha():
            raise AssistantError(f"{word[:20]!r} is not a {letters_name(self.length)}-letter word")
        if word not in self.game.index:
            raise AssistantError(f"{word.upper()} is not in the guess list{nyt_hint(word)}")
        pattern = parse_pattern(pattern, self.length)
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
        """Take back the last row (and the widening, if the rows left fit the list again)."""
        if not self.rows:
            return None
        self._states.pop()
        row = self.rows.pop()
        if self.widened:
            self._narrow_if_fits()
        return row

    def _narrow_if_fits(self) -> None:
        """Undo the widening when the listed answers fit the rows again."""
        rows = list(self.rows)
        try:
            self._narrow(rows)
        except AssistantError:
            self.rows.clear()
            self._use(Prior.FREQUENCY)
            self.widened = True
            for word, pattern in rows:
                self.add(word, pattern)

    def clear(self) -> None:
        """Take back every row."""
        self.rows.clear()
        if self.widened:
            self.widened = False
            self._use(self.weighting)
        del self._states[1:]

    @property
    def solved(self) -> bool:
        """Whether the last row is all green."""
        return bool(self.rows) and set(self.rows[-1][1]) == {"G"}

    def pool(self) -> np.ndarray:
        """The guesses to consider: all allowed ones, or the hard-mode legal ones."""
        return self.ranker.pool(self.legal)

    def codes(self, pool: np.ndarray, cands: np.ndarray) -> np.ndarray:
        """Reply codes of the guesses in `pool` against the candidates."""
        return self.ranker.codes(pool, cands)

    def suggest(
        self, top: int = 10, rank: str = Rank.GUESSES, use_cache: bool = True, search: bool = True
    ) -> list[Suggestion]:
        """The best next guesses by `rank`, best first (the opening ones from a cache, unless
        `use_cache` is off: the same suggestions, computed; `search` as `compute_suggestions`).

        While the rows follow the searched optimal tree, its move comes first when ranking by
        guesses, marked optimal and proven.
        """
        rank = member(Rank, rank, "ranking", AssistantError)
        if not self.rows and rank == Rank.GUESSES and use_cache:
            found = self._opening(top)
        else:
            found = self.tidy(self.compute_suggestions(top, rank, search=search), rank)
        move = self.tree_move()
        if move is None or len(self.candidates) == 1 or rank != Rank.GUESSES:
            return found
        word, expected = move
        return self._first(found, word, expected, top)

    def _first(
        self, found: list[Suggestion], word: str, expected: float, top: int, within: bool = True
    ) -> list[Suggestion]:
        """The suggestions with `word` first, its expected guesses exact (proven; `within`:
        it finishes every answer within six rows)."""
        mine = next((s for s in found if s.word == word), None)
        mine = mine or self.ranker.estimate(word, self.candidates, self.legal)
        tree = self.tree_move()
        optimal = tree is not None and tree[0] == word
        mine = replace(
            mine, optimal=optimal, rank=1, proven=True, expected_guesses=expected, within_six=within
        )
        return ranking.first_of(mine, found, top)

    def _opening(self, top: int) -> list[Suggestion]:
        return cached_opening(
            self.game, self.prior_key, self.hard, top, lambda: self.compute_suggestions(top)
        )

    @property
    def prior_key(self) -> str:
        """Names the prior's weights exactly (the NYT prior's change with the puzzle)."""
        if self.weighting is not Prior.NYT:
            return self.weighting
        return "nyt-" + weights_key(self.weights)

    def tree_move(self) -> tuple[str, float] | None:
        """The optimal tree's next guess and its exact expected guesses, if the rows follow it."""
        if not self.weighting.exact or not self.tree_fits:
            return None  # the shipped trees are for the default lists
        return optimal_move(self.hard, self.rows, self.base.fingerprint)

    def compute_suggestions(
        self, top: int = 10, rank: str = Rank.GUESSES, stop: Stop | None = None, search: bool = True
    ) -> list[Suggestion]:
        """The best next guesses, computed now (with a weighted prior and few answers left,
        the best by a search to the end of the game: `search.endgame`; the look-ahead's if
        `stop` ends that search first, or without `search`)."""
        found = self.ranker.suggestions(self.likely, self.legal, top, rank)
        if not search or not runs_endgame_search(self, rank):
            return found
        try:
            return self.ranker.searched(found, self.likely, self.legal, top, stop)
        except SearchInterrupted:
            return found

    def endgame_suggestions(self, top: int = 10, stop: Stop | None = None) -> list[Suggestion]:
        """The suggestions by guesses valued by the endgame search (`searched` positions):
        `suggest`'s, but SearchInterrupted if `stop` ends the search."""
        found = self.ranker.suggestions(self.likely, self.legal, top, Rank.GUESSES)
        valued = self.ranker.searched(found, self.likely, self.legal, top, stop)
        return self.tidy(valued, Rank.GUESSES)

    @property
    def searched(self) -> bool:
        """Whether the suggestions are valued by the endgame search (a weighted prior in
        normal mode, with at most `DEEP` likely answers left)."""
        n = len(self.likely)
        return self.weighting.weighted and not self.hard and 2 < n <= DEEP

    def position(self) -> Position:
        """The exact search of the position after the rows (kept, so later questions reuse it)."""
        return self.position_before(len(self.rows))

    def proven_move(self, cancel: Callable[[], bool] | None = None) -> ProvenMove | None:
        """The proven-best next guess, by exhaustive search or the optimal tree.

        None with the frequency prior (the search minimises guesses over equally likely
        answers). `cancel` stops the search with SearchInterrupted.
        """
        if not self.weighting.exact or self.solved:
            return None
        tree = self.tree_move()
        n = len(self.candidates)
        if tree is not None:
            return ProvenMove(tree[0], round(tree[1] * n), n, 0.0, 0)
        return self.position().best(cancel)

    def prove(
        self, found: list[Suggestion], move: ProvenMove, rank: str = Rank.GUESSES, top: int = 10
    ) -> list[Suggestion]:
        """The suggestions with the proven-best guess first (when ranking by guesses)."""
        if not found or len(self.candidates) == 1 or rank != Rank.GUESSES:
            return found
        return self._first(found, move.word, move.mean, top, move.within_six)

    def value_rows(
        self,
        found: list[Suggestion],
        cancel: Callable[[], bool] | None = None,
        rank: str = Rank.GUESSES,
    ) -> list[Suggestion]:
        """Every row's expected guesses searched exactly (ranking by guesses: re-sorted by
        them). `cancel` stops the search with SearchInterrupted."""
        if not found or not self.rows or not self.weighting.exact or len(self.candidates) == 1:
            return found  # the opening position is too big to value every row exactly
        n, position = len(self.candidates), self.position()
        exact = []
        for s in found:
            exact.append(s if s.proven else ranking.exactly(s, position.value(s.word, cancel), n))
        return self.tidy(rerank(exact) if rank == Rank.GUESSES else exact, rank)

    def tidy(self, found: list[Suggestion], rank: str) -> list[Suggestion]:
        """Perfect splitters' figures marked exact (equally likely answers), no filler rows."""
        n = len(self.likely)
        if self.weighting.exact:
            found = exact_splits(found, n, MAX_ROWS - len(self.rows))
        return sensible(found, n, rank)

    def reason(self, best: Suggestion) -> str:
        """One line on the top suggestion (over the likely answers, so called if fewer)."""
        likely = len(self.likely)
        return reason(best, likely, "likely" if likely != len(self.candidates) else "")

    def advice(
        self, top: int = 10, rank: str = Rank.GUESSES, stop: Stop | None = None
    ) -> Iterator[Advice]:
        """The advice in stages until `stop()` says so (`advice.staged`): the estimate, the
        proven best, every row exact; or, the game solved, its review."""
        return staged(self, top, rank, stop)

    def review_stages(self, stop: Stop | None = None) -> Iterator[Advice]:
        """The review of the rows as one stage (`advice.reviewed`), none if `stop` cancels it."""
        return reviewed(self, stop)

    def analysis(self, cancel: Callable[[], bool] | None = None, budget: float = 20) -> GameReview:
        """The review of the rows: each against the best move then, skill and luck."""
        return review_game(self, StopRule(budget, cancel))

    def state_before(self, row: int) -> tuple[np.ndarray, np.ndarray]:
        """The candidates and hard-mode legal guesses before row `row` (0-based)."""
        return self._states[row]

    def position_before(self, row: int) -> Position:
        """The exact search of the position before row `row` (0-based), kept."""
        key = tuple(self.rows[:row])
        found = self._positions.get(key)
        if found is None:
            cands, legal_now = self._states[row]
            legal = legal_now if self.hard else None
            found = Position(self.game, whole(self.matrix), cands, legal, row)
            self._positions[key] = found
        return found


def choose_prior(prior: str | None, lists: WordListSet | None, answers: object = None) -> Prior:
    """The prior named, or when none is (None) the one decided here, once: every listed answer
    equally likely with an answer file or lists other than the NYT's, else the NYT's picks."""
    if prior is not None:
        return member(Prior, prior, "prior", AssistantError)
    nyt_lists = lists is not None and lists.name == DEFAULT
    return Prior.NYT if nyt_lists and answers is None else Prior.UNIFORM
