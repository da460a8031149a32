"""The NYT Wordle assistant: what is left after the colours you got, and the best next guess.

Rows are (word, pattern) pairs: the word you played and the colours the NYT gave. Patterns
are read in many forms (see `parse_pattern`). Suggestions score every allowed guess by the
partition it makes of the answers still possible, weighted by a prior:

- `uniform`: every word of the answer list is equally likely (the default);
- `frequency`: every allowed word may be the answer, weighted by how common it is in English
  (wordfreq's Zipf frequency through a logistic curve), for when the NYT picks a word outside
  the list.

The best guess minimises the expected number of guesses to finish, with a one-step look-ahead:
each group a guess leaves is scored by the best follow-up guess inside it, and that follow-up's
own groups by a fitted cost of their size (`group_cost`).
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from functools import cache

import numpy as np

from ..errors import WordleTuiError
from ..paths import cache_dir
from .games import WORDLE_RULES, Game, make_game
from .matrix import matrix_key, reply_matrix
from .replies import reply_code
from .tree import hard_mode_mask

PRIORS = ("uniform", "frequency")
WIN = 242
GREEN_MARKS = {"g", "2", "🟩", "🟧"}
YELLOW_MARKS = {"y", "1", "🟨", "🟦"}
MISS_MARKS = {".", "-", "_", "x", "k", "b", "0", "⬛", "⬜"}
# Group cost: mean guesses still needed for a group of s answers, measured on the greedy
# entropy tree over the 2,309 answers (scripts/fit_group_cost.py): 1.77 at 3, 3.46 at 2,309.
COST_BASE, COST_PER_BIT = 1.484, 0.1773
LOOK_AHEAD = 10  # guesses refined by the one-step look-ahead
FOLLOW_UPS = 60  # follow-up guesses tried inside each group (plus the answers, when few)
COUNT_ABOVE = 96  # score by counting replies above this many candidates, else by sorting


class AssistantError(WordleTuiError, ValueError):
    """Input the assistant cannot use; the message says what and why."""


def parse_pattern(text: str) -> str:
    """A colouring as a string over G, Y and '.', from any accepted form.

    Accepted marks: G/g/2/🟩/🟧 right spot; Y/y/1/🟨/🟦 wrong spot; . - _ x k b 0 ⬛ ⬜ miss.
    Spaces and commas between marks are ignored.
    """
    marks = [c for c in text.strip() if not c.isspace() and c not in ",\ufe0f"]
    pattern = []
    for mark in marks:
        low = mark.lower()
        if low in GREEN_MARKS:
            pattern.append("G")
        elif low in YELLOW_MARKS:
            pattern.append("Y")
        elif low in MISS_MARKS:
            pattern.append(".")
        else:
            raise AssistantError(
                f"{mark!r} is not a colour: use G/Y/. (or g y - _ x k b, 2 1 0, or the squares)"
            )
    if len(pattern) != 5:
        raise AssistantError(f"a colouring has 5 marks; {text.strip()!r} has {len(pattern)}")
    return "".join(pattern)


def pattern_problem(word: str, pattern: str) -> str | None:
    """Why the NYT could never colour `word` this way, whatever the answer; or None."""
    if pattern.count("G") == 4 and pattern.count("Y") == 1:
        return "four letters in the right spot and one in the wrong spot cannot happen"
    for i, (letter, mark) in enumerate(zip(word, pattern, strict=True)):
        if mark != "Y":
            continue
        for j in range(i):
            if word[j] == letter and pattern[j] == ".":
                return (
                    f"the NYT colours repeated letters left to right, so a grey "
                    f"{letter.upper()} cannot come before a yellow one"
                )
    return None


def parse_row(text: str) -> tuple[str, str]:
    """A `word:pattern` row (also `word pattern` or `word=pattern`) as (word, pattern)."""
    for separator in (":", "=", " "):
        if separator in text.strip():
            word, _, pattern = text.strip().partition(separator)
            return word.strip().lower(), parse_pattern(pattern)
    raise AssistantError(f"{text!r}: write a row as word:pattern, e.g. raise:..Y.G")


@cache
def frequency_weights(words: tuple[str, ...]) -> np.ndarray:
    """How likely each word is to be the answer under the frequency prior (not normalised)."""
    from wordfreq import zipf_frequency

    zipf = np.array([zipf_frequency(w, "en") for w in words])
    return 1.0 / (1.0 + np.exp(-(zipf - 3.0) / 0.4))


@cache
def _threads() -> ThreadPoolExecutor:
    """A small pool for NumPy work that releases the GIL (one thread per core)."""
    return ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1))


def group_cost(sizes: np.ndarray) -> np.ndarray:
    """Estimated guesses still needed to finish groups of these sizes (1 for a single word)."""
    sizes = np.asarray(sizes, dtype=np.float64)
    cost = COST_BASE + COST_PER_BIT * np.log2(np.maximum(sizes, 1))
    return np.where(sizes <= 1, 1.0, np.where(sizes == 2, 1.5, cost))


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
class Scores:
    """Partition numbers for a pool of guesses against weighted candidates."""

    pool: np.ndarray
    entropy: np.ndarray
    expected_remaining: np.ndarray
    worst: np.ndarray
    groups: np.ndarray
    win: np.ndarray
    cost: np.ndarray  # expected guesses to finish, one step deep


@dataclass(frozen=True)
class Runs:
    """The groups of each row of a key array: one entry per (row, key) run."""

    row: np.ndarray
    key: np.ndarray
    size: np.ndarray
    mass: np.ndarray
    row_start: np.ndarray  # index of each row's first run (every row has one)


def runs(keys: np.ndarray, p: np.ndarray) -> Runs:
    """Group each row of `keys` (rows x candidates) by value; sizes and probability masses."""
    rows, n = keys.shape
    order = np.argsort(keys, axis=1, kind="stable")
    ordered = np.take_along_axis(keys, order, axis=1)
    starts = np.ones((rows, n), dtype=bool)
    np.not_equal(ordered[:, 1:], ordered[:, :-1], out=starts[:, 1:])
    first = np.flatnonzero(starts.ravel())
    size = np.diff(np.append(first, rows * n))
    mass = np.add.reduceat(p[order].ravel(), first)
    row = first // n
    row_start = np.flatnonzero(np.r_[True, row[1:] != row[:-1]])
    return Runs(row, ordered.ravel()[first], size, mass, row_start)


def score_pool(codes: np.ndarray, weights: np.ndarray, pool: np.ndarray) -> Scores:
    """Score each row of `codes` (pool x candidates) against candidates with these weights."""
    p = weights / weights.sum()
    k, n = codes.shape
    chunk = 1024 if n >= COUNT_ABOVE else max(1, 8_000_000 // max(n, 1))
    parts = list(_threads().map(lambda i: _score_rows(codes[i : i + chunk], p), range(0, k, chunk)))
    joined = [np.concatenate(column) for column in zip(*parts, strict=True)]
    return Scores(pool, *joined)


def _score_rows(codes: np.ndarray, p: np.ndarray) -> tuple[np.ndarray, ...]:
    if codes.shape[1] >= COUNT_ABOVE:
        return _score_by_counting(codes, p)
    r = runs(codes, p)
    at = r.row_start
    with np.errstate(divide="ignore"):
        entropy = -np.add.reduceat(r.mass * np.log2(r.mass), at)
    remaining = np.add.reduceat(r.mass * r.size, at)
    worst = np.maximum.reduceat(r.size, at)
    groups = np.diff(np.append(at, len(r.size)))
    won = r.key == WIN
    win = np.add.reduceat(np.where(won, r.mass, 0.0), at)
    cost = 1 + np.add.reduceat(np.where(won, 0.0, r.mass * group_cost(r.size)), at)
    return entropy, remaining, worst, groups, win, cost


def _score_by_counting(codes: np.ndarray, p: np.ndarray) -> tuple[np.ndarray, ...]:
    """The same scores from per-reply counts: faster when many candidates are left."""
    m, n = codes.shape
    index = (codes + np.arange(m, dtype=np.intp)[:, None] * 243).ravel()
    count = np.bincount(index, minlength=m * 243).reshape(m, 243)
    worst = count.max(axis=1)
    groups = np.count_nonzero(count, axis=1)
    cost_of = group_cost(np.arange(n + 1))
    if np.all(p == p[0]):  # uniform: everything follows from the counts, through tables
        sizes = np.arange(n + 1, dtype=np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            clog = np.where(sizes > 0, sizes * np.log2(sizes), 0.0)
        entropy = np.log2(n) - clog[count].sum(axis=1) / n
        remaining = (count * count).sum(axis=1) / n
        win = count[:, WIN] / n
        spent = (sizes * cost_of)[count].sum(axis=1) - (sizes * cost_of)[count[:, WIN]]
        return entropy, remaining, worst, groups, win, 1 + spent / n
    mass = np.bincount(index, weights=np.tile(p, m), minlength=m * 243).reshape(m, 243)
    with np.errstate(divide="ignore", invalid="ignore"):
        entropy = -np.where(mass > 0, mass * np.log2(mass), 0.0).sum(axis=1)
    remaining = (mass * count).sum(axis=1)
    win = mass[:, WIN]
    cost = 1 + (mass * cost_of[count]).sum(axis=1) - win * cost_of[count[:, WIN]]
    return entropy, remaining, worst, groups, win, cost


def look_ahead(first: np.ndarray, follow: np.ndarray, weights: np.ndarray) -> float:
    """Expected guesses to finish: play a guess with reply codes `first` over the candidates,
    then in each group it leaves the best of the `follow` guesses (codes: follow x candidates),
    whose own groups are costed by `group_cost`.
    """
    p = weights / weights.sum()
    values, group = np.unique(first, return_inverse=True)
    k, f = len(values), len(follow)
    group_mass = np.bincount(group, weights=p, minlength=k)
    group_size = np.bincount(group, minlength=k)
    r = runs(group[None, :].astype(np.int32) * 256 + follow, p)
    code = r.key % 256
    contrib = np.where(code == WIN, 0.0, r.mass * group_cost(r.size))
    inner = np.bincount(r.row * k + r.key // 256, weights=contrib, minlength=f * k)
    best = (1 + inner.reshape(f, k) / group_mass).min(axis=0)
    best[group_size == 1] = 1.0
    for g in np.flatnonzero(group_size == 2):  # guess the likelier word first
        w = p[group == g]
        best[g] = 1 + w.min() / w.sum()
    won = values == WIN
    return float(1 + (group_mass[~won] * best[~won]).sum())


@dataclass
class Assistant:
    """The state of one NYT game being helped: rows entered, mode, prior."""

    hard: bool = False
    prior: str = "uniform"
    answers: str | None = None  # custom answer list file
    guess_list: str | None = None  # custom guess list file
    rows: list[tuple[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.prior not in PRIORS:
            raise AssistantError(f"unknown prior {self.prior!r}; choose uniform or frequency")
        base = make_game("wordle", self.answers, self.guess_list)
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
        if self.solved:
            raise AssistantError("the game is solved: the last row is all green (undo it first)")
        if len(word) != 5 or not word.isalpha():
            raise AssistantError(f"{word!r} is not a five-letter word")
        if word not in self.game.index:
            raise AssistantError(f"{word.upper()} is not in the guess list")
        pattern = parse_pattern(pattern)
        why = pattern_problem(word, pattern)
        if why:
            raise AssistantError(f"{word.upper()} {pattern}: {why}")
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
        self.rows.clear()
        del self._states[1:]

    @property
    def solved(self) -> bool:
        return bool(self.rows) and self.rows[-1][1] == "GGGGG"

    def pool(self) -> np.ndarray:
        """The guesses to consider: all allowed ones, or the hard-mode legal ones."""
        return np.flatnonzero(self.legal) if self.hard else np.arange(len(self.game.guesses))

    def codes(self, pool: np.ndarray, cands: np.ndarray) -> np.ndarray:
        """Reply codes of the guesses in `pool` against the candidates."""
        if len(pool) == len(self.game.guesses):
            return np.take(self.matrix, cands, axis=1)
        return self.matrix[np.ix_(pool, cands)]

    def suggest(self, top: int = 10) -> list[Suggestion]:
        """The best next guesses, best first (the opening ones come from a disk cache).

        While the rows follow the searched optimal tree, its move comes first, marked optimal.
        """
        found = opening(self, top) if not self.rows else self.compute_suggestions(top)
        move = self.tree_move()
        if move is None or len(self.candidates) == 1:
            return found
        word, expected = move
        mine = next((s for s in found if s.word == word), None) or self._scored(word)
        mine = replace(mine, optimal=True, expected_guesses=expected)
        return [mine, *[s for s in found if s.word != word]][:top]

    def tree_move(self) -> tuple[str, float] | None:
        """The optimal tree's next guess and its exact expected guesses, if the rows follow it."""
        from .tree import Node, tree_scores
        from .trees import TreeError, shipped

        if self.prior != "uniform" or self.answers or self.guess_list:
            return None
        try:
            node, _ = shipped("optimal-hard" if self.hard else "optimal")
        except TreeError:
            return None
        for word, pattern in self.rows:
            if not isinstance(node, Node) or node.guess != word:
                return None
            node = node.branches.get(reply_code(pattern))
            if node is None:
                return None
        if not isinstance(node, Node):
            return None
        scores = tree_scores(node)
        return node.guess, sum(scores.values()) / len(scores)

    def _scored(self, word: str) -> Suggestion:
        """The suggestion figures for one word."""
        cands = self.candidates
        pool = np.array([self.game.index[word]])
        scores = score_pool(self.codes(pool, cands), self.weights[cands], pool)
        names = set(self.game.target_ids[cands].tolist())
        return self._suggestion(scores, 0, float(scores.cost[0]), names)

    def compute_suggestions(self, top: int = 10) -> list[Suggestion]:
        """The best next guesses, computed now."""
        cands = self.candidates
        weights = self.weights[cands]
        if len(cands) == 1:
            return [self._single(cands[0])]
        pool = self.pool()
        scores = score_pool(self.codes(pool, cands), weights, pool)
        is_cand = np.isin(pool, self.game.target_ids[cands])
        order = np.lexsort((pool, ~is_cand, scores.cost))
        refine = order[: max(LOOK_AHEAD, top)]
        follow = pool[order[:FOLLOW_UPS]]
        if len(cands) <= 2 * FOLLOW_UPS:  # small sets: a group's own words are worth trying
            follow = np.union1d(follow, self.game.target_ids[cands])
        follow_codes = self.codes(follow, cands)
        firsts = self.codes(pool[refine], cands)
        costs = _threads().map(lambda row: look_ahead(row, follow_codes, weights), firsts)
        deep = dict(zip(refine.tolist(), costs, strict=True))
        ranked = sorted(deep, key=lambda i: (round(deep[i], 9), not is_cand[i], pool[i]))
        names = set(self.game.target_ids[cands].tolist())
        return [self._suggestion(scores, i, deep[i], names) for i in ranked[:top]]

    def _suggestion(self, scores: Scores, i: int, expected: float, is_cand: set) -> Suggestion:
        g = int(scores.pool[i])
        return Suggestion(
            word=self.game.guesses[g],
            entropy=float(scores.entropy[i]),
            expected_remaining=float(scores.expected_remaining[i]),
            worst=int(scores.worst[i]),
            groups=int(scores.groups[i]),
            win_chance=float(scores.win[i]),
            is_candidate=g in is_cand,
            hard_ok=bool(self.legal[g]),
            expected_guesses=expected,
        )

    def _single(self, target: int) -> Suggestion:
        word = self.game.targets[target]
        return Suggestion(
            word, 0.0, 1.0, 1, 1, 1.0, True, bool(self.legal[self.game.index[word]]), 1.0
        )

    def reason(self, best: Suggestion) -> str:
        """One line explaining the top suggestion."""
        n = len(self.candidates)
        if n == 1:
            return f"{best.word.upper()} is the only answer left."
        if best.optimal:
            return (
                f"{best.word.upper()} is the optimal tree's move: it splits the {n:,} answers "
                f"into {best.groups:,} groups (the largest {best.worst:,}) and finishes in "
                f"{best.expected_guesses:.2f} guesses on average."
            )
        return (
            f"{best.word.upper()} splits the {n:,} answers into {best.groups:,} groups; "
            f"the largest holds {best.worst:,}. Expected {best.expected_remaining:.1f} left, "
            f"{best.entropy:.2f} bits."
        )

    def analysis(self) -> list[RowReview]:
        """How each row went: information gained, against the best guess available then."""
        reviews: list[RowReview] = []
        for k, (word, pattern) in enumerate(self.rows):
            cands, legal = self._states[k]
            weights = self.weights[cands]
            pool = np.flatnonzero(legal) if self.hard else np.arange(len(self.game.guesses))
            scores = score_pool(self.codes(pool, cands), weights, pool)
            mine = int(np.flatnonzero(pool == self.game.index[word])[0])
            after = self._states[k + 1][0]
            p = weights / weights.sum()
            kept = p[np.isin(cands, after)].sum()
            reviews.append(
                RowReview(
                    word=word,
                    pattern=pattern,
                    before=len(cands),
                    after=len(after) if pattern != "GGGGG" else 0,
                    bits_gained=-math.log2(kept) if kept > 0 else 0.0,
                    expected_bits=float(scores.entropy[mine]),
                    best_bits=float(scores.entropy.max()),
                    best_word=self.game.guesses[int(pool[int(np.argmax(scores.entropy))])],
                    expected_left=float(scores.expected_remaining[mine]),
                )
            )
        return reviews


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


OPENING_VERSION = 1


def opening(assistant: Assistant, top: int) -> list[Suggestion]:
    """The suggestions before any row, cached on disk by word lists, prior and mode."""
    key = f"opening-v{OPENING_VERSION}-{matrix_key(assistant.game)}-{assistant.prior}"
    key += f"-{'hard' if assistant.hard else 'normal'}-{top}.json"
    try:
        path = cache_dir() / key
        rows = json.loads(path.read_text())
        return [Suggestion(**row) for row in rows]
    except (OSError, ValueError, TypeError):
        pass
    found = assistant.compute_suggestions(top)
    with contextlib.suppress(OSError):
        path.write_text(json.dumps([asdict(s) for s in found]))
    return found
