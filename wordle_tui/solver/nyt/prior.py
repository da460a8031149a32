"""How likely each allowed word is to be the answer of NYT puzzle N, learnt from the answers
before N only (never from N itself or later).

Each part is there for something the record shows:

- **Kinds of word.** Words fall in four kinds: `core` (on the NYT's answer list of 2023 and on
  Wordle's original list), `added` (on the 2023 list only: words the NYT added), `other` (any
  other allowed word) and `answered` (already an answer before N). The NYT picks almost
  always from `core`; `added` words appear from 2023 on, `other` words very rarely (LORIS,
  KEFIR), and a past answer never before #1689, sometimes since. A kind's share of the next
  answer is how often it won before, counted with recent puzzles weighing more (a half-life of
  `HALF_LIFE` days, since the newspaper's choices drift) plus `PSEUDO` puzzles spread over the
  kinds by their sizes, so a kind never seen keeps a small chance.
- **Common words first.** Inside a kind, the NYT favours common words: a word's weight grows
  as exp(beta * Zipf frequency) (wordfreq), beta fitted by maximum likelihood on the answers
  before N against the words then left in their kind (with a weak pull towards 0).
- **No plurals, no past tenses.** A word that is another word plus S, ES or ED is rarely
  picked: its weight is multiplied by how much rarer such words were among the answers
  before N than among all allowed words.

The result is a probability for every word (they sum to 1), and a `PriorModel` that says what
it used, for the assistant to explain.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from ..cache import cache_path, read_cache, write_cache
from ..words import bundled_words
from .history import AnswerHistory

KINDS = ("core", "added", "other", "answered")
HALF_LIFE = 365.0  # days: a year-old answer counts half as much as yesterday's
PSEUDO = 2.0  # puzzles' worth of evidence shared out by the kinds' sizes
BETAS = np.linspace(0.0, 2.0, 41)  # the frequency slopes tried
BETA_SPREAD = 1.0  # the weak pull towards 0: a normal prior of this deviation
NYT_2023_FILE = "nyt-answers-2023.txt"
ORIGINAL_FILE = "wordle-answers-2315.txt"
STEMS_FILE = "enable1.txt"
FEATURES_VERSION = 1  # the cached features' format and rules (kinds, inflection)


@dataclass(frozen=True)
class PriorModel:
    """What the prior for one puzzle learnt: each kind's share, the slope, the inflection factor."""

    puzzle: int
    answers_seen: int  # puzzles before this one in the history
    shares: dict[str, float]  # chance that the answer is of each kind
    beta: float  # weight of a word: exp(beta * zipf)
    inflected_factor: float  # weight multiplier of plurals and past tenses

    def as_dict(self) -> dict:
        """Plain data for JSON."""
        return {
            "puzzle": self.puzzle,
            "answers_seen": self.answers_seen,
            "shares": {k: round(v, 6) for k, v in self.shares.items()},
            "beta": round(self.beta, 3),
            "inflected_factor": round(self.inflected_factor, 5),
        }


@cache
def _lists() -> tuple[frozenset[str], frozenset[str]]:
    """The NYT's 2023 answer list and Wordle's original answer list."""
    return frozenset(bundled_words(NYT_2023_FILE)), frozenset(bundled_words(ORIGINAL_FILE))


@cache
def _stems() -> frozenset[str]:
    return frozenset(bundled_words(STEMS_FILE, None))


def is_inflected(word: str) -> bool:
    """Whether `word` is another word plus S or ES (a plural) or ED (a past tense), a final Y
    turning to I before ES or ED."""
    stems = _stems()
    if word.endswith("ies") and word[:-3] + "y" in stems:
        return True
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1] in stems or (word.endswith("es") and word[:-2] in stems)
    if word.endswith("ied") and word[:-3] + "y" in stems:
        return True
    if word.endswith("ed") and not word.endswith("eed"):
        return word[:-2] in stems or word[:-1] in stems
    return False


def static_kind(word: str) -> int:
    """0 core, 1 added, 2 other: the kind of a word that was never an answer."""
    nyt, original = _lists()
    if word in nyt:
        return 0 if word in original else 1
    return 2


@cache
def _features(words: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per word: its kind when fresh, its Zipf frequency, whether it is inflected (kept in
    the cache folder, keyed by the words: computing them takes seconds)."""
    key = hashlib.sha256(f"v{FEATURES_VERSION}\n".encode() + "\n".join(words).encode())
    path = cache_path(f"nyt-prior-features-{key.hexdigest()[:24]}.npy")
    data = read_cache(path)
    if data is not None:
        try:
            table = np.load(io.BytesIO(data), allow_pickle=False)
            if table.shape == (3, len(words)) and table.dtype == np.float64:
                return table[0].astype(np.int8), table[1].copy(), table[2].astype(bool)
        except (ValueError, OSError, EOFError):
            pass  # a damaged cache is computed again
    from wordfreq import zipf_frequency

    kind = np.array([static_kind(w) for w in words], dtype=np.int8)
    zipf = np.array([zipf_frequency(w, "en") for w in words])
    inflected = np.array([is_inflected(w) for w in words], dtype=bool)
    buffer = io.BytesIO()
    np.save(buffer, np.stack([kind, zipf, inflected]).astype(np.float64), allow_pickle=False)
    write_cache(path, buffer.getvalue())
    return kind, zipf, inflected


def model_for(words: Sequence[str], puzzle: int, history: AnswerHistory) -> PriorModel:
    """The prior's parts for `puzzle`, learnt from the answers before it."""
    return _fit(tuple(words), puzzle, history)[0]


def nyt_weights(words: Sequence[str], puzzle: int, history: AnswerHistory) -> np.ndarray:
    """The probability that each word is the answer of `puzzle` (summing to 1)."""
    return _fit(tuple(words), puzzle, history)[1]


@cache
def _fit(
    words: tuple[str, ...], puzzle: int, history: AnswerHistory
) -> tuple[PriorModel, np.ndarray]:
    kind, zipf, inflected = _features(words)
    index = {w: i for i, w in enumerate(words)}
    past = history.before(puzzle)
    e = np.exp(np.outer(BETAS, zipf))  # each slope's weight of each word
    pools = np.stack([e[:, kind == k].sum(axis=1) for k in range(3)], axis=1)
    loglik = -(BETAS**2) / (2 * BETA_SPREAD**2)  # the weak pull towards 0
    counts = np.zeros(len(KINDS))
    answered = np.zeros(len(words), dtype=bool)
    inflected_picks = 0
    for p in past:
        weight = 0.5 ** (max(0, puzzle - 1 - p.number) / HALF_LIFE)
        i = index.get(p.word)
        fresh = i is None or not answered[i]
        k = static_kind(p.word) if i is None else int(kind[i])
        counts[k if fresh else 3] += weight
        inflected_picks += is_inflected(p.word) if i is None else bool(inflected[i])
        if fresh and i is not None:  # a fresh pick, against the words then left of its kind
            loglik = loglik + BETAS * zipf[i] - np.log(pools[:, k])
            pools[:, k] -= e[:, i]
            answered[i] = True
    beta = float(BETAS[int(np.argmax(loglik))])
    now = np.where(answered, 3, kind)
    sizes = np.bincount(now, minlength=len(KINDS)).astype(float)
    shares = (counts + PSEUDO * sizes / max(sizes.sum(), 1)) / (counts.sum() + PSEUDO)
    shares = np.where(sizes > 0, shares, 0.0)
    shares /= shares.sum()
    base_rate = max(float(inflected.mean()), 1e-9)
    factor = min(1.0, ((inflected_picks + 0.5) / (len(past) + 1)) / base_rate)
    g = np.exp(beta * zipf) * np.where(inflected, factor, 1.0)
    totals = np.bincount(now, weights=g, minlength=len(KINDS))
    p = shares[now] * g / np.where(totals[now] > 0, totals[now], 1.0)
    p /= p.sum()
    model = PriorModel(
        puzzle, len(past), dict(zip(KINDS, shares.tolist(), strict=True)), beta, factor
    )
    return model, p
