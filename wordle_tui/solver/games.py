"""One description of a guessing game, shared by Wordle, Jotto (with positions or without),
Evil Wordle and Antiwordle.

A `Game` holds the rules (reply function, winning reply, hard-mode rule) and the words (targets,
guesses). The solver takes a `Game` as a parameter; nothing in it is specific to one game.
Words are numbered by their place in `guesses` (sorted, de-duplicated, a superset of targets).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from . import replies
from .choices import GameName, member
from .names import GAME_NAMES as GAME_NAMES  # re-exported: the package and tests read it here
from .words import (
    ANSWERS,
    GUESSES,
    WordListError,
    bundled_words,
    jotto_allowable,
    read_words,
)

if TYPE_CHECKING:
    from .listsets import WordListSet

# A strategy of a game's own: (game, progress or None) -> its `tree.Tree` over every target,
# built or searched for the game (not imported: `tree` imports this module).
TreeBuilder = Callable[["Game", Callable[[int, int], None] | None], object]


@dataclass(frozen=True, eq=False)
class Rules:
    """How replies work in one family of games."""

    name: str
    reply: Callable[[str, str], int]  # (guess, target) -> reply code
    matrix: Callable[[Sequence[str], Sequence[str]], np.ndarray]
    win: int  # the reply code that means "you found it"
    n_replies: int  # codes lie in range(n_replies)
    show: Callable[[int], str]  # code -> what a player sees
    histogram_bins: int
    length: int = 5  # letters in each word (Wordle's, from the word-list set)
    dtype: type[np.unsignedinteger] = np.uint8  # of the reply matrix: holds every code


def _wordle_reply(guess: str, target: str) -> int:
    return replies.reply_code(replies.reply_for(guess, target))


@cache
def wordle_rules(length: int = 5) -> Rules:
    """Wordle's rules for words of `length` letters (one object per length).

    Every length is the game "wordle": what differs is the number of replies, the winning
    code, how a code is shown, and the matrix's type (uint16 past five letters).
    """
    return Rules(
        name="wordle",
        reply=_wordle_reply,
        matrix=replies.wordle_matrix,
        win=replies.wordle_win(length),
        n_replies=replies.wordle_replies(length),
        show=partial(replies.reply_string, length=length),
        histogram_bins=10,
        length=length,
        dtype=replies.reply_dtype(length),
    )


WORDLE_RULES = wordle_rules(5)

JOTTO_RULES = Rules(
    name="jotto",
    reply=replies.jotto_reply,
    matrix=replies.jotto_matrix,
    win=5,
    n_replies=6,
    show=str,
    histogram_bins=16,
)

JOTTO_POSITIONS_RULES = Rules(
    name="jotto-positions",
    reply=replies.jotto_positions_reply,
    matrix=replies.jotto_positions_matrix,
    win=replies.JOTTO_POSITIONS_WIN,
    n_replies=replies.JOTTO_POSITIONS_REPLIES,
    show=replies.jotto_positions_string,
    histogram_bins=10,
)
JOTTO_RULES_BY_NAME = {"jotto": JOTTO_RULES, "jotto-positions": JOTTO_POSITIONS_RULES}


@dataclass(frozen=True, eq=False)
class Game:
    """A game's rules and words: `targets` may be the answer; any of `guesses` may be played."""

    name: str
    rules: Rules
    targets: tuple[str, ...]
    guesses: tuple[str, ...]
    default_metric: str = "neg_entropy"
    default_policy: str = "norvig"
    # Strategies of the game's own beyond the greedy trees, by name (Mastermind's knuth and
    # optimal); the reports offer them beside the greedy ones.
    own_trees: Mapping[str, TreeBuilder] = field(default_factory=dict, repr=False)
    index: dict[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {w: i for i, w in enumerate(self.guesses)})
        missing = [t for t in self.targets if t not in self.index]
        if missing:
            raise WordListError(f"targets missing from the guess list: {', '.join(missing[:5])}")

    @cached_property
    def target_ids(self) -> np.ndarray:
        """Guess numbers of the targets, in target-list order."""
        return np.array([self.index[t] for t in self.targets], dtype=np.intp)

    @cached_property
    def is_target(self) -> np.ndarray:
        """For each guess number, whether that word is a possible target."""
        mask = np.zeros(len(self.guesses), dtype=bool)
        mask[self.target_ids] = True
        return mask

    @cached_property
    def list_rank(self) -> np.ndarray:
        """Each guess number's place in list order: the targets as listed, then the rest."""
        rank = np.arange(len(self.guesses), dtype=np.intp) + len(self.targets)
        rank[self.target_ids] = np.arange(len(self.targets))
        return rank

    @cached_property
    def alpha_rank(self) -> np.ndarray:
        """Each target position's place in alphabetical order (ties never follow list order)."""
        rank = np.empty(len(self.targets), dtype=np.intp)
        rank[np.argsort(np.array(self.targets), kind="stable")] = np.arange(len(self.targets))
        return rank

    @cached_property
    def letters(self) -> np.ndarray:
        """Guesses as an (n, length) array of letter numbers 0-25."""
        return replies._letters(self.guesses)

    @cached_property
    def letter_counts(self) -> np.ndarray:
        """How many of each letter every guess has: an (n, 26) uint8 array."""
        counts = np.zeros((len(self.guesses), 26), dtype=np.uint8)
        for k in range(self.letters.shape[1]):
            np.add.at(counts, (np.arange(len(self.guesses)), self.letters[:, k]), 1)
        return counts

    def reply(self, guess: str, target: str) -> int:
        """The reply code for one guess against one target."""
        return self.rules.reply(guess, target)

    def show(self, code: int) -> str:
        """A reply code as the player sees it."""
        return self.rules.show(code)

    def is_word(self, word: str) -> bool:
        """Whether `word` may be guessed."""
        return word.lower() in self.index

    @cached_property
    def fingerprint(self) -> str:
        """The content fingerprint of the game's two lists (as a word-list set's)."""
        from .listsets import fingerprint

        return fingerprint(self.targets, self.guesses)


def make_game(
    name: str = "wordle",
    answers: str | Path | None = None,
    guess_list: str | Path | None = None,
    lists: WordListSet | None = None,
) -> Game:
    """Build a game by name, from a word-list set (None: the set `classic`, the bundled NYT
    lists of 2022 every published figure is stated on; the NYT's of today is `default_set()`).

    `answers` and `guess_list` files, when given, replace that list of the set. Wordle's
    length is the set's (five without one); Jotto is played with five letters only.
    """
    name = member(GameName, name, "game")
    length = lists.length if lists else 5
    if answers:
        targets = read_words(answers, length)
    else:
        targets = list(lists.answers if lists else bundled_words(ANSWERS))
    if guess_list:
        guesses = read_words(guess_list, length)
    else:
        guesses = list(lists.guesses if lists else bundled_words(GUESSES))
    if name in JOTTO_RULES_BY_NAME:  # both Jottos play on the same list of words
        targets = jotto_allowable(targets)
        if not targets:
            source = answers or (f"the set {lists.name!r}" if lists else "the bundled answers")
            raise WordListError(f"no word of five different letters in {source}")
        rules = JOTTO_RULES_BY_NAME[name]
        return Game(name, rules, tuple(targets), tuple(jotto_guesses(targets, guesses)))
    everything = sorted(set(guesses) | set(targets))
    rules = wordle_rules(length)
    if name is GameName.ANTIWORDLE:
        return Game(
            GameName.ANTIWORDLE,
            rules,
            tuple(targets),
            tuple(everything),
            default_metric="entropy",
            default_policy="consistent",
        )
    return Game(GameName.WORDLE, rules, tuple(targets), tuple(everything))


def jotto_guesses(targets: Sequence[str], guesses: Sequence[str]) -> list[str]:
    """Jotto guesses: the targets, plus one word for each other set of five distinct letters.

    A word whose letters are an anagram of a target is left out, so that the reply 5 always
    means the target was found.
    """
    taken = {frozenset(t) for t in targets}
    extra = [w for w in jotto_allowable(guesses) if frozenset(w) not in taken]
    return sorted(set(targets) | set(extra))
