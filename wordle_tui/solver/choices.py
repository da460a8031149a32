"""The choices the command line, the screens and the engine share, as types.

Each closed set of names is a `StrEnum`: a member is its name (`Prior.NYT == "nyt"`), so it
compares with a string, is written to JSON as that string, and a bad name is refused once,
where it is read (`Prior("x")` raises ValueError). What the engine needs to know about a
member is a property of it (`Prior.exact`), not a string compared at each place.

Word-list sets are not here: users add their own, so a set's name stays a `str`
(`listsets`). No default is decided here either: the engine decides each
(`assistant.engine.choose_prior`); a caller hands `None` on, never a default of its own.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

__all__ = [
    "GameName",
    "Measure",
    "Metric",
    "Mode",
    "Policy",
    "Prior",
    "Rank",
    "Ties",
    "UnknownChoice",
    "WordleGame",
    "member",
    "names",
]

Choice = TypeVar("Choice", bound=StrEnum)


class Prior(StrEnum):
    """How likely each word is to be the answer, for the assistant."""

    NYT = "nyt"  # any allowed word, as likely as the NYT's record of answers makes it
    UNIFORM = "uniform"  # every word of the answer list, equally likely
    FREQUENCY = "frequency"  # any allowed word, weighted by how common it is

    @property
    def exact(self) -> bool:
        """Whether the chances are uniform over an answer list, so a move can be proven best
        (exhaustive searches, the shipped trees, the review's exact values)."""
        return self is Prior.UNIFORM

    @property
    def weighted(self) -> bool:
        """Whether every allowed word may be the answer, each with its own chance."""
        return not self.exact

    @property
    def label(self) -> str:
        """What the prior is, in a few words, for the screen."""
        return PRIOR_LABELS[self]

    def following(self) -> Prior:
        """The next prior in order (the screen's F4 cycles through them)."""
        return following(self)


class Rank(StrEnum):
    """How the assistant ranks its suggestions."""

    GUESSES = "guesses"  # fewest guesses expected to finish
    ENTROPY = "entropy"  # most bits of information
    WORST = "worst"  # the smallest worst case

    @property
    def label(self) -> str:
        """The ranking in a few words, for the screen."""
        return RANK_LABELS[self]

    def following(self) -> Rank:
        """The next ranking in order (the screen's F6 cycles through them)."""
        return following(self)


class Mode(StrEnum):
    """Wordle's two modes: normal, or hard (every hint revealed must be used)."""

    NORMAL = "normal"
    HARD = "hard"

    @property
    def hard(self) -> bool:
        """Whether this is hard mode."""
        return self is Mode.HARD

    @classmethod
    def of(cls, hard: bool) -> Mode:
        """The mode of a hard-mode flag."""
        return cls.HARD if hard else cls.NORMAL


class GameName(StrEnum):
    """The games of words `games.make_game` builds (Mastermind is its own feature's)."""

    WORDLE = "wordle"
    JOTTO = "jotto"
    ANTIWORDLE = "antiwordle"
    JOTTO_POSITIONS = "jotto-positions"


class WordleGame(StrEnum):
    """The Wordle family's games as the catalog, `play` and the history name them. A round's
    `mode` is WORDLE, EVIL or ANTIWORDLE (an NYT puzzle is played as WORDLE, with its number)."""

    WORDLE = "wordle"
    NYT = "nyt"  # a real NYT puzzle, with its real answer
    EVIL = "evil"  # the computer commits to no answer
    ANTIWORDLE = "antiwordle"  # every guess must be possible; you try not to find the answer
    ADVERSARY = "adversary"  # Wordle, the word drawn by the equilibrium's chooser


class Metric(StrEnum):
    """What a greedy strategy minimises at each guess (the commands' --metric); `random` is the
    random consistent guesser, which grows no tree."""

    MAX = "max"
    EXPECTATION = "expectation"
    NEG_ENTROPY = "neg_entropy"
    ENTROPY = "entropy"
    PARTITIONS = "partitions"
    LEARNED = "learned"  # the guesses still needed, estimated (solver/learned.py)
    RANDOM = "random"

    @property
    def greedy(self) -> bool:
        """Whether a guess tree is grown with it, a guess at a time (all but `random`)."""
        return self is not Metric.RANDOM


class Policy(StrEnum):
    """Which guesses a greedy strategy may play (--guesses)."""

    CONSISTENT = "consistent"  # only words that could still be the answer
    HARD = "hard"  # NYT hard mode
    NORVIG = "norvig"  # any word while 3 < answers left <= 125, else consistent ones
    INCONSISTENT = "inconsistent"  # any word while more than 3 answers are left
    ALL = "all"  # any allowed word


class Ties(StrEnum):
    """How a greedy strategy breaks ties between guesses scored alike (--ties)."""

    ALPHA = "alpha"  # a possible answer, more groups, smaller groups, then alphabetical
    A_Z = "a-z"  # the alphabetically first (the original notebooks', on alphabetical lists)
    LIST = "list"  # the first in the lists' order


class Measure(StrEnum):
    """How the multi-board solver scores a guess over its boards (`report -g quordle
    --metric`)."""

    ENTROPY = "entropy"
    WEIGHTED = "weighted"  # each board's entropy over what it has left to learn
    AMBIGUOUS = "ambiguous"


PRIOR_LABELS = {
    Prior.NYT: "the NYT's picks",
    Prior.UNIFORM: "the answer list",
    Prior.FREQUENCY: "by word frequency",
}
RANK_LABELS = {
    Rank.GUESSES: "fewest guesses",
    Rank.ENTROPY: "most bits",
    Rank.WORST: "best worst case",
}


def following(member: Choice) -> Choice:
    """The member after `member` in its enum's order, the first after the last."""
    members = list(type(member))
    return members[(members.index(member) + 1) % len(members)]


def names(choice: type[StrEnum]) -> tuple[str, ...]:
    """The names of an enum's members, in order (for messages and help)."""
    return tuple(member.value for member in choice)


class UnknownChoice(ValueError):
    """A name that is none of a choice's members; the message names them."""


def member(
    kind: type[Choice], name: str, what: str, error: type[Exception] = UnknownChoice
) -> Choice:
    """The member of `kind` named `name` (any case); `error` naming the members if none is:
    `unknown prior 'x'; choose one of: nyt, uniform, frequency`."""
    if isinstance(name, kind):
        return name
    try:
        return kind(name.lower())
    except ValueError:
        shown = name.lower()
        raise error(f"unknown {what} {shown!r}; choose one of: {', '.join(kind)}") from None
