"""The adversary: the equilibrium's chooser, kept for a set of word lists, to draw words from
and to score strategies against.

`wordle-tui equilibrium` keeps the chooser it finds in the cache folder
(`chooser-wordle-FINGERPRINT.json`: the words with weight, their chances, and the bounds of
the run that found them). A run replaces the kept chooser only when its bounds are at least as
close as the kept one's, so a short run does not undo a long one. The classic and NYT lists'
choosers are shipped in the package under the same names (`wordle_tui/trees/`), so a fresh
install has them; a chooser of the user's own run stands in front of the shipped one.

A game "against the adversary" draws its word from it (`draw`), and the reports score every
strategy against it (`expected`): how many guesses a strategy needs on average when the word
is chosen to hurt the guesser who mixes best, not drawn at random.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from ..cache import cache_path, read_json, shipped_cache, write_json
from ..choices import GameName
from ..games import Game
from .equilibrium import Equilibrium

FORMAT = 1
SLACK = 1e-9  # how far the chances may sum from 1 in a file


@dataclass(frozen=True)
class Adversary:
    """A chooser's mixture over words, and the bounds on the game's value it came with."""

    chances: dict[str, float]  # word -> probability (summing to 1), the words with weight
    lower: float  # the game's value is at least this (certified by the run)
    upper: float  # and at most this
    rounds: int  # the rounds (linear programs solved) of the run that found it

    @property
    def exact(self) -> bool:
        """Whether the run found the game's value exactly (small lists)."""
        return self.upper - self.lower <= SLACK

    @property
    def gap(self) -> float:
        """How far apart the run's bounds are."""
        return self.upper - self.lower

    def draw(self, rng: random.Random) -> str:
        """A word drawn with the adversary's chances."""
        words = sorted(self.chances)
        return rng.choices(words, weights=[self.chances[w] for w in words])[0]

    def expected(self, guesses: Mapping[str, int]) -> float:
        """A strategy's expected guesses against the adversary, from its guesses per word."""
        return math.fsum(p * guesses[word] for word, p in self.chances.items())

    def likeliest(self, count: int) -> list[tuple[str, float]]:
        """The `count` words the adversary picks most often, with their chances."""
        return sorted(self.chances.items(), key=lambda item: (-item[1], item[0]))[:count]

    def to_data(self, fingerprint: str) -> dict[str, object]:
        """As JSON data, for the lists of this fingerprint."""
        return {
            "format": FORMAT,
            "fingerprint": fingerprint,
            "lower": self.lower,
            "upper": self.upper,
            "rounds": self.rounds,
            "chances": dict(self.likeliest(len(self.chances))),
        }

    @classmethod
    def from_data(
        cls, data: object, fingerprint: str, answers: Collection[str]
    ) -> Adversary | None:
        """The adversary in `data` if it is one for these lists (their fingerprint, and only
        their answers picked), else None."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        if data.get("fingerprint") != fingerprint:
            return None
        chances, rounds = data.get("chances"), data.get("rounds")
        lower, upper = _number(data.get("lower")), _number(data.get("upper"))
        if not isinstance(chances, dict) or not chances or not isinstance(rounds, int):
            return None
        weights = {str(word): _number(p) for word, p in chances.items()}
        if lower is None or upper is None or not 1 <= lower <= upper:
            return None
        picked = {word: p for word, p in weights.items() if p is not None and p > 0}
        if len(picked) != len(chances) or any(word not in answers for word in picked):
            return None
        if abs(math.fsum(picked.values()) - 1) > SLACK:
            return None
        return cls(picked, lower, upper, rounds)


def _number(value: object) -> float | None:
    """A finite number from JSON data as a float, else None (a boolean is not a number)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def adversary_of(found: Equilibrium) -> Adversary:
    """The chooser of an equilibrium run as an adversary (its chances summing to 1)."""
    total = math.fsum(found.chooser.values())
    chances = {word: p / total for word, p in found.chooser.items()}
    return Adversary(chances, found.lower, found.upper, found.iterations)


def file_name(fingerprint: str) -> str:
    """The cache file (and shipped file) of the adversary for the lists of `fingerprint`."""
    return f"chooser-wordle-{fingerprint}.json"


def load_adversary(fingerprint: str, answers: Collection[str]) -> Adversary | None:
    """The adversary for these lists: the user's own run's, else the shipped one, else None
    (a damaged or foreign file of the user's gives way to the shipped one)."""
    name = file_name(fingerprint)
    own = Adversary.from_data(read_json(cache_path(name)), fingerprint, answers)
    if own is not None:
        return own
    shipped = shipped_cache(name)
    try:
        data = json.loads(shipped) if shipped is not None else None
    except (ValueError, RecursionError):
        return None
    return Adversary.from_data(data, fingerprint, answers)


def keep_adversary(fingerprint: str, answers: Collection[str], found: Adversary) -> bool:
    """Keep `found` for these lists unless the kept one's bounds are closer; whether kept."""
    kept = load_adversary(fingerprint, answers)
    if kept is not None and kept.gap < found.gap - SLACK:
        return False
    write_json(cache_path(file_name(fingerprint)), found.to_data(fingerprint))
    return True


def adversary_means(game: Game, results: Mapping[str, Mapping[str, int]]) -> dict[str, float]:
    """Each strategy's expected guesses against the adversary of the game's lists, from its
    guesses per word (`results`: name -> scores); empty for a game other than Wordle or
    lists without an adversary."""
    if game.name != GameName.WORDLE:
        return {}
    found = load_adversary(game.fingerprint, frozenset(game.targets))
    if found is None:
        return {}
    return {
        name: found.expected(scores)
        for name, scores in results.items()
        if all(word in scores for word in found.chances)
    }


def adversary_mean(game: Game, scores: Mapping[str, int]) -> float | None:
    """One strategy's expected guesses against the adversary of the game's lists, from its
    guesses per word (None: a game other than Wordle, or lists without an adversary)."""
    return adversary_means(game, {"it": scores}).get("it")
