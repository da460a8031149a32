"""Scoring guesses by the partition they make of the answers still possible.

`score_pool` gives, for every guess of a pool, the entropy, expected answers left, largest
group, number of groups, win chance and a one-step cost estimate, weighted by a prior (by
sorting each row's replies, or by counting them when many candidates are left). `look_ahead`
refines a guess: each group it leaves is scored by the best follow-up guess inside it, and
that follow-up's own groups by the learned estimate of the guesses a set of their size needs
(`group_cost`, from `learned`).
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache

import numpy as np

from .games import Game
from .learned import WEIGHTS
from .matrix import matrix_bytes, reply_matrix
from .memory import check_memory

WIN, REPLIES = 242, 243  # five letters' all-green code and reply count (other lengths pass theirs)
LOOK_AHEAD = 10  # guesses refined by the one-step look-ahead
FOLLOW_UPS = 60  # follow-up guesses tried inside each group (plus the answers, when few)
COUNT_ABOVE = 96  # score by counting replies above this many candidates, else by sorting
SCORING_BYTES_PER_CELL = 24  # a code's index (8), its weight (8), the code and counts


@cache
def frequency_weights(words: tuple[str, ...]) -> np.ndarray:
    """How likely each word is to be the answer under the frequency prior (not normalised)."""
    from wordfreq import zipf_frequency

    zipf = np.array([zipf_frequency(w, "en") for w in words])
    return 1.0 / (1.0 + np.exp(-(zipf - 3.0) / 0.4))


@cache
def threads() -> ThreadPoolExecutor:
    """A small pool for NumPy work that releases the GIL (one thread per core)."""
    return ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1))


def group_cost(sizes: np.ndarray) -> np.ndarray:
    """Expected guesses per answer to finish groups of these sizes: exactly 1 for a single
    word and 1.5 for two, the learned estimate of a set's least total beyond."""
    sizes = np.asarray(sizes, dtype=np.float64)
    a, b, c = WEIGHTS  # the total a*s + b*s*log2(s) + c, divided by s (as cheap as a log)
    s = np.maximum(sizes, 1.0)
    cost = a + b * np.log2(s) + c / s
    return np.where(sizes <= 1, 1.0, np.where(sizes == 2, 1.5, cost))


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


def score_pool(
    codes: np.ndarray,
    weights: np.ndarray,
    pool: np.ndarray,
    win: int = WIN,
    replies: int = REPLIES,
) -> Scores:
    """Score each row of `codes` (pool x candidates) against candidates with these weights.

    `win` and `replies` are the game's all-green code and number of replies (`Rules`).
    """
    p = weights / weights.sum()
    k, n = codes.shape
    chunk = 1024 if n >= COUNT_ABOVE else max(1, 8_000_000 // max(n, 1))
    if k <= chunk:  # one chunk: the pool's hand-over would cost more than the work
        return Scores(pool, *_score_rows(codes, p, win, replies))
    parts = list(
        threads().map(
            lambda i: _score_rows(codes[i : i + chunk], p, win, replies), range(0, k, chunk)
        )
    )
    joined = [np.concatenate(column) for column in zip(*parts, strict=True)]
    return Scores(pool, *joined)


def scoring_bytes(guesses: int, candidates: int) -> int:
    """The most memory `score_pool` holds at once for a pool of `guesses` over `candidates`:
    each busy thread's chunk of reply codes as indices, weights and counts."""
    chunk = 1024 if candidates >= COUNT_ABOVE else max(1, 8_000_000 // max(candidates, 1))
    rows = min(chunk, max(guesses, 1))
    busy = min(max(1, os.cpu_count() or 1), -(-max(guesses, 1) // rows))
    return busy * rows * candidates * SCORING_BYTES_PER_CELL


def scored_matrix(game: Game) -> np.ndarray:
    """The game's reply matrix; TooBigError first, before anything is allocated, unless it and
    the scoring's working arrays fit together in the memory that can be spared."""
    guesses, targets = len(game.guesses), len(game.targets)
    need = matrix_bytes(guesses, targets) + scoring_bytes(guesses, targets)
    what = f"the reply matrix for {guesses:,} guesses × {targets:,} answers, and its scoring,"
    check_memory(need, what, "use shorter lists")
    return reply_matrix(game)


def _score_rows(codes: np.ndarray, p: np.ndarray, win: int, replies: int) -> tuple[np.ndarray, ...]:
    if codes.shape[1] >= COUNT_ABOVE:
        return _score_by_counting(codes, p, win, replies)
    r = runs(codes, p)
    at = r.row_start
    with np.errstate(divide="ignore"):
        entropy = -np.add.reduceat(r.mass * np.log2(r.mass), at)
    remaining = np.add.reduceat(r.mass * r.size, at)
    worst = np.maximum.reduceat(r.size, at)
    groups = np.diff(np.append(at, len(r.size)))
    won = r.key == win
    chance = np.add.reduceat(np.where(won, r.mass, 0.0), at)
    cost = 1 + np.add.reduceat(np.where(won, 0.0, r.mass * group_cost(r.size)), at)
    return entropy, remaining, worst, groups, chance, cost


def _score_by_counting(
    codes: np.ndarray, p: np.ndarray, win: int, replies: int
) -> tuple[np.ndarray, ...]:
    """The same scores from per-reply counts: faster when many candidates are left."""
    m, n = codes.shape
    index = (codes + np.arange(m, dtype=np.intp)[:, None] * replies).ravel()
    count = np.bincount(index, minlength=m * replies).reshape(m, replies)
    worst = count.max(axis=1)
    groups = np.count_nonzero(count, axis=1)
    cost_of = group_cost(np.arange(n + 1))
    if np.all(p == p[0]):  # uniform: everything follows from the counts, through tables
        sizes = np.arange(n + 1, dtype=np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            clog = np.where(sizes > 0, sizes * np.log2(sizes), 0.0)
        entropy = np.log2(n) - clog[count].sum(axis=1) / n
        remaining = (count * count).sum(axis=1) / n
        chance = count[:, win] / n
        spent = (sizes * cost_of)[count].sum(axis=1) - (sizes * cost_of)[count[:, win]]
        return entropy, remaining, worst, groups, chance, 1 + spent / n
    mass = np.bincount(index, weights=np.tile(p, m), minlength=m * replies).reshape(m, replies)
    with np.errstate(divide="ignore", invalid="ignore"):
        entropy = -np.where(mass > 0, mass * np.log2(mass), 0.0).sum(axis=1)
    remaining = (mass * count).sum(axis=1)
    chance = mass[:, win]
    cost = 1 + (mass * cost_of[count]).sum(axis=1) - chance * cost_of[count[:, win]]
    return entropy, remaining, worst, groups, chance, cost


def look_ahead(
    first: np.ndarray,
    follow: np.ndarray,
    weights: np.ndarray,
    win: int = WIN,
    replies: int = REPLIES,
) -> float:
    """Expected guesses to finish: play a guess with reply codes `first` over the candidates,
    then in each group it leaves the best of the `follow` guesses (codes: follow x candidates),
    whose own groups are costed by `group_cost`.
    """
    p = weights / weights.sum()
    values, group = np.unique(first, return_inverse=True)
    k, f = len(values), len(follow)
    group_mass = np.bincount(group, weights=p, minlength=k)
    group_size = np.bincount(group, minlength=k)
    base = max(256, replies)  # a group's number, then the follow-up's code, in one key
    r = runs(group[None, :].astype(np.int32) * base + follow, p)
    code = r.key % base
    contrib = np.where(code == win, 0.0, r.mass * group_cost(r.size))
    inner = np.bincount(r.row * k + r.key // base, weights=contrib, minlength=f * k)
    best = (1 + inner.reshape(f, k) / group_mass).min(axis=0)
    best[group_size == 1] = 1.0
    for g in np.flatnonzero(group_size == 2):  # guess the likelier word first
        w = p[group == g]
        best[g] = 1 + w.min() / w.sum()
    won = values == win
    return float(1 + (group_mass[~won] * best[~won]).sum())
