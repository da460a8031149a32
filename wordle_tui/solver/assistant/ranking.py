"""Ranking the next guesses of an assistant's position: the suggestions and their figures.

A `Ranker` scores every guess of the pool (all allowed guesses, or the hard-mode legal ones)
against the answers still possible and returns the best first as `Suggestion`s, by one of
three rankings (`choices.Rank`):

- `guesses`: fewest expected guesses to finish, the most promising (by a one-step estimate,
  and the most informative) refined by a one-step look-ahead and ranked by it (the default);
  with a weighted prior the engine values them by the endgame search instead
  (`endgame_valued`, or `deep_valued`: the look-ahead's best played out to the end);
- `entropy`: most information expected, in bits;
- `worst`: the smallest largest group (minimax).

Equal values share a rank, and among them a possible answer comes first. The entropy-best
guess is always among the suggestions, marked, even when the ranking puts it lower.
`optimal_move` reads the shipped optimal tree's move while the rows follow it.
"""

from __future__ import annotations

import hashlib
import math
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from ..choices import Rank, member
from ..games import Game
from ..matrix import ReplyColumns, rows_for
from ..replies import reply_code
from ..scoring import FOLLOW_UPS, LOOK_AHEAD, Scores, look_ahead, score_pool, threads
from ..search.endgame import ENDGAME, Endgame
from ..search.position import Valued
from ..search.shared import NodeLimit
from ..tree import Node, tree_scores

DEEP_ROOT = 10  # the look-ahead's best guesses the deep search values
DEEP_NODES = 10_000  # the deep search gives up past this many nodes (about 10 s)
MEMO_SIZE = 4  # positions whose scores a ranker keeps (a review asks twice for each)


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
    rank: int = 1  # place in the ranking; equal values share a place
    proven: bool = False  # expected_guesses is exact (an exhaustive search or the optimal tree)
    entropy_best: bool = False  # the most informative guess (ties: an answer, then A-Z)
    within_six: bool = True  # False: its exact value needs a seventh guess for some answer

    def as_dict(self) -> dict[str, object]:
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
            "rank": self.rank,
            "proven": self.proven,
            "entropy_best": self.entropy_best,
            "within_six": self.within_six,
        }


@dataclass(frozen=True)
class Ranker:
    """Scores and ranks guesses for one game, prior (weights) and mode."""

    game: Game
    matrix: np.ndarray | ReplyColumns  # a column store is read the same way
    weights: np.ndarray
    hard: bool
    memo: dict[bytes, Scores] = field(default_factory=dict, compare=False, repr=False)

    def pool(self, legal: np.ndarray) -> np.ndarray:
        """The guesses to consider: all allowed ones, or the hard-mode legal ones."""
        return np.flatnonzero(legal) if self.hard else np.arange(len(self.game.guesses))

    def codes(self, pool: np.ndarray, cands: np.ndarray) -> np.ndarray:
        """Reply codes of the guesses in `pool` against the candidates."""
        return rows_for(self.matrix, pool, cands)

    def scores(self, cands: np.ndarray, legal: np.ndarray) -> Scores:
        """The partition figures of every guess in the pool (the last few remembered)."""
        key = hashlib.blake2b(cands.tobytes() + (legal.tobytes() if self.hard else b"")).digest()
        if key not in self.memo:
            pool = self.pool(legal)
            codes = self.codes(pool, cands)
            if len(self.memo) >= MEMO_SIZE:
                self.memo.pop(next(iter(self.memo)))
            self.memo[key] = score_pool(codes, self.weights[cands], pool, *self.reply_range)
        return self.memo[key]

    def scores_of(self, words: list[str], cands: np.ndarray) -> Scores:
        """The partition figures of these words (outside the pool, too)."""
        pool = np.array([self.game.index[w] for w in words])
        return score_pool(self.codes(pool, cands), self.weights[cands], pool, *self.reply_range)

    @property
    def reply_range(self) -> tuple[int, int]:
        """The game's all-green code and number of replies, as the scoring takes them."""
        return self.game.rules.win, self.game.rules.n_replies

    def suggestions(
        self, cands: np.ndarray, legal: np.ndarray, top: int, rank: str = Rank.GUESSES
    ) -> list[Suggestion]:
        """The best `top` guesses by `rank`, best first, plus the entropy-best if not among them."""
        rank = member(Rank, rank, "ranking")
        if len(cands) == 1:
            return [replace(self.single(cands[0], legal), entropy_best=True)]
        scores = self.scores(cands, legal)
        is_cand = np.isin(scores.pool, self.game.target_ids[cands])
        follow = self._follow_codes(scores, is_cand, cands)
        by_bits = np.lexsort((scores.pool, ~is_cand, -np.round(scores.entropy, 9)))
        informative = int(by_bits[0])
        if rank is Rank.GUESSES:
            shortlist = by_bits[:LOOK_AHEAD].tolist()  # the entropy-best among them
            chosen, places, deep = self._by_guesses(scores, is_cand, cands, follow, top, shortlist)
        else:
            chosen, places = self._by_key(scores, is_cand, rank, top)
            deep = {}
        if informative not in chosen:
            chosen.append(informative)
        deep |= self._deep(scores, [i for i in chosen if i not in deep], cands, follow)
        names = set(self.game.target_ids[cands].tolist())
        return [
            replace(
                self.suggestion(scores, i, deep[i], names, legal),
                rank=places.get(i, len(places) + 1),
                entropy_best=i == informative,
            )
            for i in chosen
        ]

    def _by_guesses(
        self,
        scores: Scores,
        is_cand: np.ndarray,
        cands: np.ndarray,
        follow: np.ndarray,
        top: int,
        also: list[int],
    ) -> tuple[list[int], dict[int, int], dict[int, float]]:
        """The top rows by expected guesses (the look-ahead's), their places and values.

        The look-ahead values a shortlist: the best by the one-step cost, and `also` (the most
        informative), for the cost alone misjudges many; every row shown (the entropy-best
        too, when it is not among the top) is ranked against all of them, so none shown
        below another has a better value.
        """
        order = np.lexsort((scores.pool, ~is_cand, scores.cost))
        shortlist = dict.fromkeys([*order[: max(LOOK_AHEAD, top)].tolist(), *also])
        deep = self._deep(scores, list(shortlist), cands, follow)
        value = {i: round(v, 9) for i, v in deep.items()}
        ranked = sorted(value, key=lambda i: (value[i], not is_cand[i], scores.pool[i]))
        every = sorted(value.values())
        places = {i: bisect_left(every, value[i]) + 1 for i in ranked}
        return ranked[:top], places, deep

    def _by_key(
        self, scores: Scores, is_cand: np.ndarray, rank: str, top: int
    ) -> tuple[list[int], dict[int, int]]:
        """The top rows by entropy (most first) or largest group (smallest first), and places.

        Ties: a possible answer first, then the fewer expected guesses one step deep, then A-Z.
        """
        key = -np.round(scores.entropy, 9) if rank == "entropy" else scores.worst
        chosen = np.lexsort((scores.pool, scores.cost, ~is_cand, key))[:top].tolist()
        everyone = np.sort(key)  # places are counted over the whole pool
        places = {i: int(np.searchsorted(everyone, key[i], side="left")) + 1 for i in chosen}
        return chosen, places

    def _follow_codes(self, scores: Scores, is_cand: np.ndarray, cands: np.ndarray) -> np.ndarray:
        """Reply codes of the follow-up guesses the look-ahead tries inside each group."""
        order = np.lexsort((scores.pool, ~is_cand, scores.cost))
        return self.codes(self._follow_ups(scores.pool[order[:FOLLOW_UPS]], cands), cands)

    def _deep(
        self, scores: Scores, rows: list[int], cands: np.ndarray, follow: np.ndarray
    ) -> dict[int, float]:
        """Expected guesses to finish for these rows of the scores, by the look-ahead."""
        if not rows:
            return {}
        weights = self.weights[cands]
        firsts = self.codes(scores.pool[rows], cands)
        win, replies = self.reply_range
        costs = threads().map(lambda row: look_ahead(row, follow, weights, win, replies), firsts)
        return dict(zip(rows, costs, strict=True))

    def estimate(self, word: str, cands: np.ndarray, legal: np.ndarray) -> Suggestion:
        """One word's figures, its expected guesses by the same look-ahead as the suggestions."""
        if len(cands) == 1:
            if word == self.game.targets[cands[0]]:
                return self.single(cands[0], legal)
            return replace(self.scored(word, cands, legal), expected_guesses=2.0)
        scores = self.scores(cands, legal)
        is_cand = np.isin(scores.pool, self.game.target_ids[cands])
        follow = self._follow_codes(scores, is_cand, cands)
        mine = self.scores_of([word], cands)
        cost = self._deep(mine, [0], cands, follow)[0]
        names = set(self.game.target_ids[cands].tolist())
        return self.suggestion(mine, 0, cost, names, legal)

    def endgame_valued(
        self,
        found: list[Suggestion],
        likely: np.ndarray,
        legal: np.ndarray,
        top: int,
        stop: Callable[[], bool] | None = None,
    ) -> list[Suggestion]:
        """The suggestions valued by the endgame search, its best guess among them, re-ranked
        (SearchInterrupted if `stop` ends the search)."""
        likely = np.sort(likely)  # the search runs on their columns, numbered in this order
        columns = self.codes(np.arange(len(self.game.guesses)), likely)
        ids, here = self.game.target_ids[likely], np.arange(len(likely))
        search = Endgame(columns, self.weights[likely], ids, *self.reply_range, stop)
        _, best = search.value(here)
        word = self.game.guesses[best]
        if all(s.word != word for s in found):
            found = [*found, self.estimate(word, likely, legal)]
        valued = [
            replace(s, expected_guesses=float(search.value_of(self.game.index[s.word], here)))
            for s in found
        ]
        ranked = rerank(valued)
        return ranked[:top] + [s for s in ranked[top:] if s.entropy_best]

    def searched(
        self,
        found: list[Suggestion],
        likely: np.ndarray,
        legal: np.ndarray,
        top: int,
        stop: Callable[[], bool] | None = None,
    ) -> list[Suggestion]:
        """The suggestions valued by the endgame search: every first guess tried with at most
        `ENDGAME` likely answers (`endgame_valued`), else the look-ahead's best (`deep_valued`)."""
        if len(likely) <= ENDGAME:
            return self.endgame_valued(found, likely, legal, top, stop)
        return self.deep_valued(likely, legal, top, stop)

    def deep_valued(
        self,
        likely: np.ndarray,
        legal: np.ndarray,
        top: int,
        stop: Callable[[], bool] | None = None,
    ) -> list[Suggestion]:
        """The look-ahead's best `DEEP_ROOT` guesses valued by the endgame search (every group
        they leave played out to the end), re-ranked; SearchInterrupted if `stop` ends it or
        the search needs more than `DEEP_NODES` nodes."""
        found = self.suggestions(likely, legal, max(top, DEEP_ROOT), Rank.GUESSES)
        likely = np.sort(likely)
        columns = self.codes(np.arange(len(self.game.guesses)), likely)
        ids, here = self.game.target_ids[likely], np.arange(len(likely))
        limit = NodeLimit(DEEP_NODES, stop)
        search = Endgame(columns, self.weights[likely], ids, *self.reply_range, limit)
        valued = [
            replace(s, expected_guesses=float(search.value_of(self.game.index[s.word], here)))
            for s in found
        ]
        ranked = rerank(valued)
        return ranked[:top] + [s for s in ranked[top:] if s.entropy_best]

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
        self, scores: Scores, i: int, expected: float, cands: set[int], legal: np.ndarray
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


def reason(best: Suggestion, left: int, kind: str = "") -> str:
    """One line explaining the top suggestion when `left` answers remain (of the `kind` the
    suggestions were scored on: "likely" with a weighted prior when some are left out)."""
    answers = f"{kind} answers" if kind else "answers"
    if left == 1:
        return f"{best.word.upper()} is the only {answers[:-1]} left."
    if best.optimal:
        return (
            f"{best.word.upper()} is the optimal tree's move: it splits the {left:,} {answers} "
            f"into {best.groups:,} groups (the largest {best.worst:,}) and finishes in "
            f"{best.expected_guesses:.2f} guesses on average."
        )
    proven = (
        f" With it the game takes {best.expected_guesses:.2f} guesses on average (exact)."
        if best.proven
        else ""
    )
    return (
        f"{best.word.upper()} splits the {left:,} {answers} into {best.groups:,} groups; "
        f"the largest holds {best.worst:,}. Expected {best.expected_remaining:.1f} left, "
        f"{best.entropy:.2f} bits.{proven}"
    )


def optimal_move(
    hard: bool, rows: Sequence[tuple[str, str]], lists: str | None = None
) -> tuple[str, float] | None:
    """The shipped optimal tree's next guess after `rows` and its exact expected guesses,
    or None once the rows leave the tree (shipped word lists of fingerprint `lists`, default
    classic; uniform prior only)."""
    from ..trees import SHIPPED_LISTS, TreeError, shipped

    try:
        node, _ = shipped("optimal-hard" if hard else "optimal", lists or SHIPPED_LISTS)
    except TreeError:
        return None
    for word, pattern in rows:
        if not isinstance(node, Node) or node.guess != word:
            return None
        child = node.branches.get(reply_code(pattern))
        if child is None:
            return None
        node = child
    if not isinstance(node, Node):
        return None
    scores = tree_scores(node)
    return node.guess, sum(scores.values()) / len(scores)


def exactly(s: Suggestion, valued: Valued | None, answers: int) -> Suggestion:
    """`s` with its exact value over `answers` answers (`valued` None: illegal in hard mode)."""
    if valued is None:
        return replace(s, expected_guesses=math.inf, proven=True)
    mean = valued.total / answers
    return replace(s, expected_guesses=mean, proven=True, within_six=valued.within_six)


def exact_order(s: Suggestion) -> tuple[bool, float]:
    """Where an exactly valued suggestion sorts: within six rows first, then fewer guesses."""
    return not s.within_six, round(float(s.expected_guesses), 9)


def first_of(first: Suggestion, found: list[Suggestion], top: int) -> list[Suggestion]:
    """`first` (proven, ranked 1), then the other suggestions: ranked 1 too when their expected
    guesses tie its, else 2 or below; `top` in all, and the entropy-best always shown."""
    tie = exact_order(first)
    rest = [
        replace(s, rank=1 if exact_order(s) == tie else max(s.rank, 2))
        for s in found
        if s.word != first.word
    ]
    kept = rest[: top - 1]
    extra = [s for s in rest[top - 1 :] if s.entropy_best]  # always shown
    return [first, *kept, *extra]


def exact_splits(found: list[Suggestion], answers: int, spare_rows: int) -> list[Suggestion]:
    """The suggestions, those that tell all `answers` (equally likely) apart marked proven:
    their figure is exact (1 guess for the answer, 2 for the others; a guess that is no answer
    needs `spare_rows` >= 2, one for it and one for the answer)."""
    return [
        replace(s, proven=True)
        if s.groups == answers and (s.is_candidate or spare_rows >= 2)
        else s
        for s in found
    ]


SENSIBLE_KEYS: dict[str, Callable[[Suggestion], float]] = {
    Rank.GUESSES: lambda s: round(s.expected_guesses, 9),
    Rank.ENTROPY: lambda s: -round(s.entropy, 9),
    Rank.WORST: lambda s: s.worst,
}


def sensible(found: list[Suggestion], answers: int, rank: str = Rank.GUESSES) -> list[Suggestion]:
    """With fewer `answers` left than rows, only the rows worth playing: the answers, and a guess
    that is no answer only where it beats every answer shown by `rank` (never filler words that
    at best tie them). The entropy-best stays, as always."""
    listed = [s for s in found if s.is_candidate]
    if answers >= len(found) or not listed:
        return found
    key = SENSIBLE_KEYS[rank]
    bar = max(key(s) for s in listed)
    return [s for s in found if s.is_candidate or s.entropy_best or key(s) < bar]


def rerank(found: list[Suggestion]) -> list[Suggestion]:
    """Suggestions with exact values sorted by them, those finishing within six rows first;
    equal values share a place, answers first."""
    key = [exact_order(s) for s in found]
    order = sorted(
        range(len(found)), key=lambda i: (key[i], not found[i].is_candidate, found[i].word)
    )
    return [replace(found[i], rank=sum(k < key[i] for k in key) + 1) for i in order]
