"""A round of the Wordle family as three roles: who chooses the word, who guesses, who replies.

The seeds ask for play "to accommodate three roles: a chooser, a guesser, a replier". Every
game of the family is the three put together (`roles_of` builds each game's):

| game | chooser | guesser | replier |
|---|---|---|---|
| Wordle | a word drawn, the daily puzzle's, or one given | a person (hard: keep hints) | honest |
| NYT Wordle | the NYT's answer to the puzzle | a person | honest |
| against the adversary | the equilibrium's chooser | a person | honest |
| Evil Wordle | nobody: no word is ever chosen | a person | greedy evil, or perfect evil |
| Antiwordle | a word drawn | a person, who may guess only words still possible | honest |
| the NYT assistant | the newspaper, unseen | a person | the person, typing the NYT's colours |
| watch | a word of your choice | a strategy | honest |

`WordleRound` (gameplay/wordle.py) plays any three: the chooser picks its word, the guesser's
rule says which words it may play, and the replier colours them. `rival_roles` gives the
result screen the same chooser and replier with a strategy as the guesser (solver/play.py plays
a strategy against a replier the same way).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING

from ..solver.choices import WordleGame

if TYPE_CHECKING:
    from ..solver.chooser.adversary import Adversary
    from ..solver.games import Game
    from ..solver.listsets import WordListSet
    from ..solver.play import Guesser as Guesser_
    from ..solver.play import Replier as Replier_


@dataclass(frozen=True)
class RandomWord:
    """An answer drawn at random (the same one for the same seed)."""

    seed: int | None = None

    def pick(self, lists: WordListSet) -> str | None:
        return random_target(self.seed, lists.answers)


@dataclass(frozen=True)
class DailyWord:
    """The daily puzzle's answer: the same word for everyone on day `day`."""

    day: int

    def pick(self, lists: WordListSet) -> str | None:
        return answer_for(self.day, lists)


@dataclass(frozen=True)
class NytWord:
    """The NYT's answer to puzzle `day`, when the record of answers has it (None: unseen, as
    the newspaper's word is to the assistant)."""

    day: int | None = None

    def pick(self, lists: WordListSet) -> str | None:
        from ..solver.nyt.history import load_history

        return None if self.day is None else load_history().word_of(self.day)


@dataclass(frozen=True)
class GivenWord:
    """A word given: a fixed one (`play --target`), or one you chose for someone (watch)."""

    word: str

    def pick(self, lists: WordListSet) -> str | None:
        return self.word


@dataclass(frozen=True)
class AdversaryWord:
    """A word drawn by the adversary: the equilibrium's chooser of the lists."""

    seed: int | None = None

    def pick(self, lists: WordListSet) -> str | None:
        return adversary_target(lists, self.seed)


@dataclass(frozen=True)
class NoWord:
    """Nobody chooses: the replier commits to no word (Evil Wordle)."""

    def pick(self, lists: WordListSet) -> str | None:
        return None


Chooser = RandomWord | DailyWord | NytWord | GivenWord | AdversaryWord | NoWord


class Rule(StrEnum):
    """Which words a guesser may play, besides their being allowed guesses."""

    ANY = "any"  # any allowed word
    HARD = "hard"  # NYT hard mode: every hint kept
    POSSIBLE = "possible"  # only a word that could still be the answer (Antiwordle)


@dataclass(frozen=True)
class Person:
    """A person at the keyboard, keeping to `rule`."""

    rule: Rule = Rule.ANY


@dataclass(frozen=True)
class Strategy:
    """A solver strategy (a metric and the words it may play) guessing by `rule`."""

    metric: str
    policy: str
    rule: Rule = Rule.ANY

    @property
    def spec(self) -> tuple[str, str]:
        """The metric and policy, as the solver takes them."""
        return self.metric, self.policy


Guesser = Person | Strategy

# The solver in a person's place (`rival`): its strategies, how the result screen names them
SOLVER_STRATEGY = {False: Strategy("neg_entropy", "all"), True: Strategy("neg_entropy", "hard")}
SOLVER_WORDS = {False: "most information, any word", True: "most information, hard mode's words"}
EVIL_STRATEGY = Strategy("max", "norvig")  # the seeds' tree against the evil replier
EVIL_WORDS = "smallest worst case, answer words first"
SURVIVAL_TOP = 2  # guesses the survival search tries a node (a second or two on the NYT lists)
PERFECT_BUDGET = 600_000_000  # the perfect replier's search, a reply: 10 to 30 s of one core


class Replier(StrEnum):
    """Who colours each guess."""

    HONEST = "honest"  # the truth about the chooser's word
    GREEDY = "greedy"  # greedy evil: the reply keeping the most words
    PERFECT = "perfect"  # perfect evil: the reply keeping the words needing the most guesses
    TYPED = "typed"  # the person types the colours the newspaper gave

    @property
    def evil(self) -> bool:
        """Whether the replier commits to no word."""
        return self in (Replier.GREEDY, Replier.PERFECT)


@dataclass(frozen=True)
class Roles:
    """The three roles of a round, and hard mode (which Antiwordle keeps only as a label:
    its own rule is stricter)."""

    chooser: Chooser
    guesser: Guesser = Person()
    replier: Replier = Replier.HONEST
    hard: bool = False

    def __post_init__(self) -> None:
        if self.replier.evil != isinstance(self.chooser, NoWord):
            raise ValueError("an evil replier, and only an evil one, goes with no chooser")

    @property
    def game(self) -> WordleGame:
        """The game these roles make, as the history names it."""
        if isinstance(self.chooser, NoWord):
            return WordleGame.EVIL
        if self.guesser.rule is Rule.POSSIBLE:
            return WordleGame.ANTIWORDLE
        if isinstance(self.chooser, NytWord):
            return WordleGame.NYT
        if isinstance(self.chooser, AdversaryWord):
            return WordleGame.ADVERSARY
        return WordleGame.WORDLE

    @property
    def mode(self) -> WordleGame:
        """The rules' game: WORDLE, EVIL or ANTIWORDLE (the NYT's puzzles and the
        adversary's words are Wordle with another chooser)."""
        game = self.game
        return WordleGame.WORDLE if game in (WordleGame.NYT, WordleGame.ADVERSARY) else game

    @property
    def day(self) -> int | None:
        """The puzzle's number, for a daily or NYT puzzle."""
        return getattr(self.chooser, "day", None)

    @property
    def rule(self) -> Rule:
        """The guesser's rule."""
        return self.guesser.rule


def person_rule(game: WordleGame, hard: bool) -> Rule:
    """A person's rule in a game: Antiwordle's own, else hard mode's or none."""
    if game == WordleGame.ANTIWORDLE:
        return Rule.POSSIBLE
    return Rule.HARD if hard else Rule.ANY


def roles_of(
    game: WordleGame,
    hard: bool = False,
    *,
    target: str | None = None,
    day: int | None = None,
    seed: int | None = None,
    perfect: bool = False,
) -> Roles:
    """The roles of a game of the family as a person plays it. The chooser is the game's: the
    NYT's puzzle, the adversary, the daily puzzle of `day`, a word given (`target`), else a word
    drawn with `seed`."""
    guesser = Person(person_rule(game, hard))
    if game == WordleGame.EVIL:
        replier = Replier.PERFECT if perfect else Replier.GREEDY
        return Roles(NoWord(), guesser, replier, hard)
    chooser: Chooser
    if game == WordleGame.NYT:
        chooser = NytWord(day)
    elif game == WordleGame.ADVERSARY:
        chooser = AdversaryWord(seed)
    elif day is not None and game == WordleGame.WORDLE:
        chooser = DailyWord(day)
    elif target:
        chooser = GivenWord(target)
    else:
        chooser = RandomWord(seed)
    return Roles(chooser, guesser, Replier.HONEST, hard)


def assistant_roles(hard: bool = False) -> Roles:
    """The NYT assistant's roles: the newspaper chose a word unseen, and the person types the
    colours it gave to each guess."""
    return Roles(NytWord(), Person(Rule.HARD if hard else Rule.ANY), Replier.TYPED, hard)


@dataclass(frozen=True)
class Rival:
    """The solver in a person's place: a strategy playing against the round's own replier
    (solver/play.py's roles), and how to introduce its play."""

    game: Game
    guesser: Guesser_
    replier: Replier_
    intro: str


def rival(roles: Roles, lists: WordListSet, answer: str | None) -> Rival | None:
    """How the solver plays a round of these roles whose word was `answer`: against the same
    evil replier (greedy or perfect; the perfect one's hard mode too), or the same word with
    its own strategy (Antiwordle's: the survival search's, lasting as long as it can). None
    when nobody can say what the word was (typed colours, the game not over)."""
    from ..solver.games import make_game
    from ..solver.play import EvilReplier, GreedyGuesser, HonestReplier, TreeGuesser
    from ..solver.tree import Solver

    possible = roles.rule is Rule.POSSIBLE
    game = make_game("antiwordle" if possible else "wordle", lists=lists)
    if roles.replier is Replier.PERFECT:  # the solver keeps to hard mode's hints if asked
        from ..solver.search.minimax import PerfectReplier

        strategy = Strategy(EVIL_STRATEGY.metric, "hard" if roles.hard else EVIL_STRATEGY.policy)
        intro = f"Against the same perfect replier, the solver ({EVIL_WORDS}) needs:"
        perfect = PerfectReplier(game, roles.hard, PERFECT_BUDGET)
        return Rival(game, GreedyGuesser(Solver(game, *strategy.spec)), perfect, intro)
    if roles.replier is Replier.GREEDY:
        intro = f"Against the same evil replier, the solver ({EVIL_WORDS}) needs:"
        guesser = GreedyGuesser(Solver(game, *EVIL_STRATEGY.spec))
        return Rival(game, guesser, EvilReplier(game), intro)
    if answer is None:
        return None
    if possible:
        from ..solver.search.survival import SurvivalSearch

        tree = SurvivalSearch(game, top_k=SURVIVAL_TOP).run().tree
        intro = "The survival search (lasting as long as it can) would have played:"
        return Rival(game, TreeGuesser(tree, game), HonestReplier(game, answer), intro)
    strategy = SOLVER_STRATEGY[roles.hard]
    intro = f"The solver ({SOLVER_WORDS[roles.hard]}) would have played:"
    guesser = GreedyGuesser(Solver(game, *strategy.spec))
    return Rival(game, guesser, HonestReplier(game, answer), intro)


DAILY_SEED = "wordle-tui daily puzzle v1"  # the daily puzzles' shuffle: a change moves every day


def random_target(seed: int | None = None, answers: tuple[str, ...] | None = None) -> str:
    """A random answer (the same one for the same seed; default: the NYT lists')."""
    from ..solver.listsets import default_set

    return random.Random(seed).choice(answers or default_set().answers)


@lru_cache(maxsize=8)
def _daily_order(answers: tuple[str, ...], fingerprint: str) -> tuple[str, ...]:
    words = sorted(set(answers))
    random.Random(f"{DAILY_SEED}:{fingerprint}").shuffle(words)
    return tuple(words)


def answer_for(day: int, lists: WordListSet | None = None) -> str:
    """The answer of daily puzzle `day` on these lists (default: the NYT lists)."""
    from ..solver.listsets import default_set

    lists = lists or default_set()
    order = _daily_order(lists.answers, lists.fingerprint)
    return order[day % len(order)]


class NoAdversary(ValueError):
    """No adversary is kept for a round's word lists."""


def adversary_for(lists: WordListSet) -> Adversary:
    """The adversary of these lists (the user's own run's, else the shipped one); NoAdversary
    when there is none."""
    from ..solver.chooser.adversary import load_adversary

    found = load_adversary(lists.fingerprint, frozenset(lists.answers))
    if found is None:
        raise NoAdversary(
            f"no adversary for the word lists {lists.name!r}: run `wordle-tui equilibrium "
            f"--lists {lists.name}` first (the classic and nyt lists have theirs)"
        )
    return found


def has_adversary(lists: WordListSet) -> bool:
    """Whether an adversary is kept for these lists."""
    try:
        adversary_for(lists)
    except NoAdversary:
        return False
    return True


def adversary_target(lists: WordListSet, seed: int | None = None) -> str:
    """A word the adversary of these lists picks (the same one for the same seed)."""
    return adversary_for(lists).draw(random.Random(seed))
