"""How likely each allowed word is to be the answer of NYT puzzle N, learnt from the answers
the record holds before N only (never from N itself or later).

Each part is there for something the record shows:

- **Fresh words and repeats.** Until #1688 the NYT never picked a word twice; from #1689
  (CIGAR again) it reuses past answers. So the answer is a repeat with a chance `repeat_share`:
  almost none before #1689, and from then on the repeats seen among the puzzles of the policy,
  counted with a weak Beta prior (`REPEAT_PRIOR`, a sixth before any evidence), so the first
  repeat days do not swing it. A repeat is drawn from the past answers by the same taste for
  common words as a fresh pick.
- **Kinds of fresh word.** A word never an answer is `core` (on the NYT's answer list of 2023
  and on Wordle's original list), `added` (on the 2023 list only: words the NYT added) or
  `other` (any other allowed word). The NYT picks almost always from `core`, `added` words
  appear from 2023 on, `other` words very rarely (LORIS, KEFIR). Each kind has an *appeal*,
  the chance of one of its words against one `core` word: fitted by maximum likelihood on
  the fresh picks before N, each against the words then left of each kind, recent puzzles
  weighing more (a half-life of `HALF_LIFE` days, since the newspaper's choices drift), with
  `PSEUDO` puzzles' worth of pull towards equal appeal, so a kind never seen keeps a small
  chance. A kind's share is its appeal times the words it has left: as the `core` words run
  out, the other kinds' shares grow (counting past wins alone lagged behind them, and the
  last `core` candidates got chances of 95 % that came true 80 % of the time).
- **Common words first.** Inside a kind, the NYT favours common words: a word's weight grows
  as exp(beta * Zipf frequency) (wordfreq), beta fitted by maximum likelihood on the fresh
  answers before N against the words then left in their kind (with a weak pull towards 0).
- **No plurals, no past tenses.** A word that is another word plus S, ES or ED is rarely
  picked: its weight is multiplied by how much rarer such words were among the answers
  before N than among all allowed words.
- **A record that stops before N.** When the record ends `behind` puzzles before N, those
  puzzles' answers are unknown, and the likelier a word, the likelier it was already used in
  them: a fresh word's weight is multiplied by its chance to have been left unpicked over
  those puzzles, (1 - q)^behind, q its chance on one day. So the prior flattens, and its
  confidence falls, as N moves past the end of the record.

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
from .history import AnswerHistory, Puzzle, todays_number

KINDS = ("core", "added", "other", "answered")
HALF_LIFE = 365.0  # days: a year-old answer counts half as much as yesterday's
PSEUDO = 2.0  # puzzles' worth of evidence for equal appeal, shared out by the kinds' sizes
APPEALS = np.exp(np.linspace(np.log(1e-4), np.log(10.0), 51))  # a kind's appeals tried
BETAS = np.linspace(0.0, 2.0, 41)  # the frequency slopes tried
BETA_SPREAD = 1.0  # the weak pull towards 0: a normal prior of this deviation
REPEATS_FROM = 1689  # the first puzzle of the NYT's reuse of past answers (CIGAR again)
REPEAT_PRIOR = (1.0, 5.0)  # Beta(a, b): the repeat rate believed before any puzzle of the policy
REPEAT_FLOOR = 1e-4  # the past answers' share before the policy: never quite impossible
AGE_SLOPES = np.linspace(-6.0, 12.0, 73)  # a past answer's weight: exp(slope * its relative age)
AGE_SPREAD = 3.0  # the weak pull of the age slope towards 0: a normal prior of this deviation
NYT_2023_FILE = "nyt-answers-2023.txt"
ORIGINAL_FILE = "wordle-answers-2315.txt"
STEMS_FILE = "enable1.txt"
FEATURES_VERSION = 1  # the cached features' format and rules (kinds, inflection)


@dataclass(frozen=True)
class PriorModel:
    """What the prior for one puzzle learnt: each kind's share, the slope, the inflection
    factor, the repeat rate and how far the record stops short of the puzzle."""

    puzzle: int
    answers_seen: int  # puzzles before this one in the history
    shares: dict[str, float]  # chance that the answer is of each kind (`answered`: a repeat)
    beta: float  # weight of a word: exp(beta * zipf)
    inflected_factor: float  # weight multiplier of plurals and past tenses
    repeats_seen: int = 0  # repeats among the known puzzles of the reuse policy
    policy_seen: int = 0  # known puzzles of the reuse policy (from REPEATS_FROM on)
    behind: int = 0  # puzzles between the record's last one and this one, answers unknown
    age_slope: float = 0.0  # a past answer's weight: exp(age_slope * its age / puzzle)

    @property
    def repeat_share(self) -> float:
        """The chance that the answer is a past answer."""
        return self.shares["answered"]

    def as_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "puzzle": self.puzzle,
            "answers_seen": self.answers_seen,
            "shares": {k: round(v, 6) for k, v in self.shares.items()},
            "beta": round(self.beta, 3),
            "inflected_factor": round(self.inflected_factor, 5),
            "repeats_seen": self.repeats_seen,
            "policy_seen": self.policy_seen,
            "behind": self.behind,
            "age_slope": round(self.age_slope, 3),
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


def model_for(words: Sequence[str], puzzle: int | None, history: AnswerHistory) -> PriorModel:
    """The prior's parts for `puzzle` (None: today's), learnt from the answers before it."""
    return _fit(tuple(words), _number(puzzle), history)[0]


def nyt_weights(words: Sequence[str], puzzle: int | None, history: AnswerHistory) -> np.ndarray:
    """The probability that each word is the answer of `puzzle` (None: today's), summing to 1."""
    return _fit(tuple(words), _number(puzzle), history)[1]


def _number(puzzle: int | None) -> int:
    """The puzzle's number: today's for None."""
    return todays_number() if puzzle is None else puzzle


def repeat_share(puzzle: int, past: Sequence[Puzzle]) -> tuple[float, int, int]:
    """The chance that `puzzle`'s answer is a past answer, with the repeats and the puzzles of
    the reuse policy it was counted from (`past`: the known puzzles before it, oldest first)."""
    if puzzle < REPEATS_FROM:
        return REPEAT_FLOOR, 0, 0
    seen: set[str] = set()
    repeats = policy = 0
    for p in past:
        if p.number >= REPEATS_FROM:
            policy += 1
            repeats += p.word in seen
        seen.add(p.word)
    a, b = REPEAT_PRIOR
    return (repeats + a) / (policy + a + b), repeats, policy


def _ages(puzzle: int, last_use: dict[str, int]) -> tuple[list[str], np.ndarray]:
    """The past answers before `puzzle` and their ages as a share of `puzzle` (0 new, 1 old)."""
    words = list(last_use)
    ages = np.array([(puzzle - last_use[w]) / max(puzzle, 1) for w in words])
    return words, ages


def age_slope(past: Sequence[Puzzle], weight: dict[str, float]) -> float:
    """How much older past answers are favoured by the NYT's repeats: the slope of
    exp(slope * relative age) fitted by maximum likelihood on the repeats among `past`
    (each against the past answers of its day, weighted by `weight`), pulled towards 0."""
    loglik = -(AGE_SLOPES**2) / (2 * AGE_SPREAD**2)
    last_use: dict[str, int] = {}
    for p in past:
        if p.word in last_use and p.number >= REPEATS_FROM:
            words, ages = _ages(p.number, last_use)
            w = np.array([weight.get(x, 1.0) for x in words])
            mine = (p.number - last_use[p.word]) / p.number
            pool = (w[None, :] * np.exp(np.outer(AGE_SLOPES, ages))).sum(axis=1)
            loglik = loglik + AGE_SLOPES * mine + np.log(weight.get(p.word, 1.0)) - np.log(pool)
        last_use[p.word] = p.number
    return float(AGE_SLOPES[int(np.argmax(loglik))])


def kind_shares(picks: Sequence[tuple[int, np.ndarray, float]], sizes: np.ndarray) -> np.ndarray:
    """Each fresh kind's share of the next pick: its appeal (a word of it against a `core`
    word, fitted on `picks`: each pick's kind, the words then left of each kind and its
    weight) times the words it has left (`sizes`)."""
    grid = np.stack(np.meshgrid(APPEALS, APPEALS, indexing="ij"), axis=-1).reshape(-1, 2)
    appeal = np.concatenate([np.ones((len(grid), 1)), grid], axis=1)  # core's appeal is 1
    kinds = np.array([k for k, _, _ in picks], dtype=np.intp)
    lefts = np.array([n for _, n, _ in picks]).reshape(-1, 3)
    weights = np.array([w for _, _, w in picks])
    loglik = np.zeros(len(grid))
    if len(picks):
        mass = lefts @ appeal.T  # (picks, grid): the appeal-weighted words left at each pick
        mine = np.log(
            appeal[:, kinds].T * np.maximum(lefts[np.arange(len(kinds)), kinds], 1)[:, None]
        )
        loglik = weights @ (mine - np.log(mass))
    spread = PSEUDO * sizes / max(sizes.sum(), 1)  # the pull towards equal appeal
    now = appeal * sizes[None, :]
    loglik = loglik + (
        np.log(np.maximum(now, 1e-300) / now.sum(axis=1, keepdims=True)) * spread
    ).sum(axis=1)
    best: np.ndarray = now[int(np.argmax(loglik))]
    total = float(best.sum())
    return best / total if total > 0 else best


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
    left = np.bincount(kind, minlength=3).astype(float)  # fresh words of each kind left
    picks: list[tuple[int, np.ndarray, float]] = []  # (kind, words left, weight) of each pick
    answered = np.zeros(len(words), dtype=bool)
    seen: set[str] = set()
    inflected_picks = 0
    for p in past:
        i = index.get(p.word)
        inflected_picks += is_inflected(p.word) if i is None else bool(inflected[i])
        if p.word in seen:
            continue  # a repeat: counted by `repeat_share`
        seen.add(p.word)
        k = static_kind(p.word) if i is None else int(kind[i])
        picks.append((k, left.copy(), 0.5 ** (max(0, puzzle - 1 - p.number) / HALF_LIFE)))
        if i is not None:  # a fresh pick, against the words then left of its kind
            loglik = loglik + BETAS * zipf[i] - np.log(pools[:, k])
            pools[:, k] -= e[:, i]
            answered[i] = True
            left[k] -= 1
    beta = float(BETAS[int(np.argmax(loglik))])
    repeat, repeats, policy = repeat_share(puzzle, past)
    sizes = np.bincount(kind[~answered], minlength=3).astype(float)
    shares = kind_shares(picks, sizes)
    shares = shares / shares.sum() * (1.0 - repeat) if shares.sum() > 0 else shares
    if not answered.any():
        shares = shares / shares.sum()
        repeat = 0.0
    base_rate = max(float(inflected.mean()), 1e-9)
    factor = min(1.0, ((inflected_picks + 0.5) / (len(past) + 1)) / base_rate)
    g = np.exp(beta * zipf) * np.where(inflected, factor, 1.0)
    now = np.where(answered, 3, kind)
    all_shares = np.append(shares, repeat)
    totals = np.bincount(now, weights=g, minlength=len(KINDS))
    p = all_shares[now] * g / np.where(totals[now] > 0, totals[now], 1.0)
    slope = 0.0
    if answered.any() and repeat > REPEAT_FLOOR:  # past answers weighed by their age too
        slope = age_slope(past, {w: float(g[i]) for w, i in index.items() if answered[i]})
        last_use = {q.word: q.number for q in past if q.word in index}
        olds, ages = _ages(puzzle, last_use)
        at = np.array([index[w] for w in olds])
        aged = g[at] * np.exp(slope * ages)
        p[at] = repeat * aged / aged.sum()
    behind = max(0, puzzle - 1 - past[-1].number) if past else 0
    if behind:  # each fresh word's chance to be still unpicked after the unknown puzzles
        fresh = ~answered
        p[fresh] *= np.exp(behind * np.log1p(-np.minimum(p[fresh], 0.5)))
        p[fresh] *= (1.0 - repeat) / p[fresh].sum()
    p /= p.sum()
    model = PriorModel(
        puzzle,
        len(past),
        dict(zip(KINDS, all_shares.tolist(), strict=True)),
        beta,
        factor,
        repeats,
        policy,
        behind,
        slope,
    )
    return model, p
