"""Wordle, Evil Wordle and Antiwordle as plain game state: what is legal, what was replied, who won.

No Textual here: a screen shows a `WordleRound` and forwards keys to it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from itertools import compress
from typing import TYPE_CHECKING

import numpy as np

from ..plural import plural
from ..solver.choices import WordleGame
from ..solver.listsets import WordListSet, default_set
from ..solver.play import ORDINALS, evil_choice, times, wordle_hard_mode_problem
from ..solver.replies import reply_code, reply_for, reply_string, wordle_matrix, wordle_win
from ..solver.words import ascii_lower
from .roles import (
    PERFECT_BUDGET,
    AdversaryWord,
    NytWord,
    Replier,
    Roles,
    Rule,
    random_target,
    roles_of,
)

if TYPE_CHECKING:
    from ..solver.search.minimax import Minimax, Value

MODES = (WordleGame.WORDLE, WordleGame.EVIL, WordleGame.ANTIWORDLE)
MAX_GUESSES = 6
WIN = "GGGGG"  # five letters' all-green reply (a round of another length: `WordleRound.win`)
SQUARES = {"G": "🟩", "Y": "🟨"}
HIGH_CONTRAST_SQUARES = {"G": "🟧", "Y": "🟦"}
MISS = {False: "⬛", True: "⬜"}  # dark and light themes, as the NYT shares them


class Status(Enum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class LetterState(Enum):
    """What the player knows of a letter, from worst to best (never downgraded)."""

    UNKNOWN = 0
    ABSENT = 1
    PRESENT = 2
    CORRECT = 3


MARK_STATE = {"G": LetterState.CORRECT, "Y": LetterState.PRESENT, ".": LetterState.ABSENT}


@dataclass(frozen=True)
class Row:
    """One guess and the reply it got (a string over G, Y and .)."""

    word: str
    reply: str


class Refused(ValueError):
    """A guess the rules do not accept; the message says why, as the NYT game would."""


def basic_problem(word: str, over: bool, length: int = 5) -> str | None:
    """The checks every guessing game makes first: is the game on, is the word long enough."""
    if over:
        return "The game is over"
    if len(word) < length:
        return "Not enough letters"
    return None


def checked(word: str, problem) -> str:
    """The word, tidied, if `problem(word)` finds nothing wrong; else raise Refused."""
    word = ascii_lower(word.strip())
    why = problem(word)
    if why:
        raise Refused(why)
    return word


def letter_states(rows) -> dict[str, LetterState]:
    """Each letter's best known state after (word, reply) rows (never downgraded)."""
    states = {chr(c): LetterState.UNKNOWN for c in range(ord("a"), ord("z") + 1)}
    for word, reply in rows:
        for letter, mark in zip(word, reply, strict=True):
            states[letter] = max(states[letter], MARK_STATE[mark], key=lambda s: s.value)
    return states


def word_lists(lists: WordListSet | None = None) -> tuple[tuple[str, ...], frozenset[str]]:
    """The answer list and the set of allowed guesses of a word-list set (default: NYT's)."""
    lists = lists or default_set()
    return lists.answers, lists.allowed


@lru_cache(maxsize=16)
def sorted_answers(lists: WordListSet) -> tuple[str, ...]:
    """A set's answers in alphabetical order (computed once per set)."""
    return tuple(sorted(lists.answers))


@lru_cache(maxsize=16)
def answer_set(lists: WordListSet) -> frozenset[str]:
    """A set's answers, to look one up at once."""
    return frozenset(lists.answers)


@lru_cache(maxsize=8192)
def after_rows(lists: WordListSet, rows: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """The answers (alphabetical) the (word, reply) rows leave: the same in every game on
    these lists, so a history import of 100,000 games narrows each opening once."""
    if not rows:
        return sorted_answers(lists)
    return tuple(narrowed(after_rows(lists, rows[:-1]), *rows[-1]))


def narrowed(candidates: Sequence[str], word: str, reply: str) -> list[str]:
    """The candidates that give `reply` to `word`, in their order."""
    if reply == "G" * len(word):  # all green: the word itself, and only it
        return [word] if word in candidates else []
    keep = wordle_matrix([word], candidates)[0] == reply_code(reply)
    return list(compress(candidates, keep))


def consistency_problem(history: list[Row], word: str) -> str | None:
    """Why `word` could not be the answer given the replies so far, or None if it could."""
    for row in history:
        if reply_for(row.word, word) == row.reply:
            continue
        wanted = Counter(c for c, m in zip(row.word, row.reply, strict=True) if m in "GY")
        for i, (letter, mark) in enumerate(zip(row.word, row.reply, strict=True)):
            spot, big = ORDINALS[i], letter.upper()
            if mark == "G" and word[i] != letter:
                return f"{spot} letter must be {big}"
            if mark == "Y" and word[i] == letter:
                return f"{spot} letter cannot be {big} ({row.word.upper()} showed it elsewhere)"
            if mark in "GY" and word.count(letter) < wanted[letter]:
                return f"Guess must contain {big}{times(wanted[letter])}"
            if mark == "." and word.count(letter) > wanted[letter]:
                if wanted[letter] == 0:
                    return f"{big} is not in the word"
                return f"The word has only {wanted[letter]} {big}"
            if mark == "." and word[i] == letter:
                return f"{spot} letter cannot be {big}"
        return f"Guess does not fit {row.word.upper()} = {row.reply}"
    return None


@dataclass(frozen=True)
class PerfectReply:
    """The perfect evil replier's reply to a word, and what the words it keeps still need."""

    word: str
    reply: str
    needs: Value  # the least guesses still needed to find every word kept (or bounds)


def rule_problem(rule: Rule, rows: list[Row], word: str) -> str | None:
    """Why the guesser's rule refuses `word` after `rows`, or None if it allows it."""
    if rule is Rule.POSSIBLE:
        return consistency_problem(rows, word)
    if rule is Rule.HARD:
        return wordle_hard_mode_problem([(r.word, r.reply) for r in rows], word)
    return None


def perfect_search(lists: WordListSet, hard: bool) -> Minimax:
    """The minimax search behind the perfect evil replier, on a round's word lists."""
    from ..solver.games import make_game
    from ..solver.search.minimax import Minimax

    return Minimax(make_game("wordle", lists=lists), hard=hard)


@dataclass
class WordleRound:
    """One game of the Wordle family: its three roles (gameplay/roles.py) put together.

    The chooser picks the word (`target`; Evil Wordle's has none, and the typed replier's is
    the newspaper's, unseen), the guesser's rule says which words may be played, and the
    replier colours each guess. A round is made from its `roles`, or, as the history and the
    tests describe it, from `mode` (`wordle`, `evil` or `antiwordle`), `hard`, `day`, `nyt`,
    `adversary` and `perfect`, which give the same roles. In `evil` the computer commits to no
    answer: every reply keeps as many answers possible as it can. In `antiwordle` you try *not*
    to find the answer, and every guess must be one that could still be the answer.
    """

    mode: str = "wordle"
    target: str | None = None
    hard: bool = False
    rows: list[Row] = field(default_factory=list)
    lists: WordListSet = field(default_factory=default_set)  # its words (None: the default)
    day: int | None = None  # the daily puzzle's number, if it is one (`nyt`: the NYT's)
    nyt: bool = False  # a real NYT puzzle, number `day`, with its real answer
    adversary: bool = False  # Wordle against the adversary: the word drawn by its chooser
    perfect: bool = False  # Evil Wordle: the perfect replier, who looks ahead fully
    roles: Roles | None = None  # given: the fields above are made from it
    candidates: list[str] = field(init=False)
    left: list[int] = field(init=False)  # words still possible after each row
    # the perfect replier: what the words each reply kept still need (None: not searched, as
    # for a resumed game's rows)
    needs: list[Value | None] = field(init=False)
    _search: Minimax | None = field(init=False, default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.roles is None:
            if self.mode not in MODES:
                raise ValueError(f"unknown mode {self.mode!r}; choose one of: {', '.join(MODES)}")
            self.roles = roles_of(
                self.game_name, self.hard, target=self.target, day=self.day, perfect=self.perfect
            )
        roles = self.roles
        self.mode, self.hard, self.day = roles.mode, roles.hard, roles.day
        self.nyt = isinstance(roles.chooser, NytWord)
        self.adversary = isinstance(roles.chooser, AdversaryWord)
        self.perfect = roles.replier is Replier.PERFECT
        self.lists = self.lists or default_set()
        if self.target is None and roles.replier is Replier.HONEST:
            # an NYT puzzle the record does not know yet is played with a word drawn at random
            drawn = roles.chooser.pick(self.lists)
            self.target = drawn or random_target(answers=self.lists.answers)
        if self.target is not None and self.target not in answer_set(self.lists):
            raise ValueError(f"{self.target!r} is not a possible answer")
        self.candidates = list(sorted_answers(self.lists))  # evil breaks ties alphabetically
        self.left, self.needs = [], []
        replay, self.rows = self.rows, []
        for row in replay:  # resuming a saved game replays it through the rules
            self._record(row.word, row.reply)

    @property
    def game_name(self) -> WordleGame:
        """The game as the history names it (`nyt` and `adversary` apart from `wordle`)."""
        if self.roles is not None:
            return self.roles.game
        if self.nyt:
            return WordleGame.NYT
        return WordleGame.ADVERSARY if self.adversary else WordleGame(self.mode)

    @property
    def length(self) -> int:
        """How many letters a word has: the word-list set's length (five, or 4, 6, 7)."""
        return self.lists.length

    @property
    def win(self) -> str:
        """The all-green reply."""
        return "G" * self.length

    @property
    def max_guesses(self) -> int | None:
        """The guess limit (only plain Wordle has one)."""
        return MAX_GUESSES if self.mode == WordleGame.WORDLE else None

    @property
    def status(self) -> Status:
        if self.rows and self.rows[-1].reply == self.win:
            return Status.LOST if self.mode == WordleGame.ANTIWORDLE else Status.WON
        if self.max_guesses is not None and len(self.rows) >= self.max_guesses:
            return Status.LOST
        return Status.PLAYING

    @property
    def over(self) -> bool:
        return self.status is not Status.PLAYING

    @property
    def won(self) -> bool:
        """Wordle and Evil: found the word. Antiwordle: lasted longer than six guesses."""
        if self.mode == WordleGame.ANTIWORDLE:
            return self.over and len(self.rows) > MAX_GUESSES
        return self.status is Status.WON

    @property
    def score(self) -> int:
        """The game's one score, used by the screen, the result, the share text and the history:
        the guesses played. Antiwordle: the guess that hit the word (higher is better; above
        six is a win), as the survival search counts it."""
        return len(self.rows)

    def outcome(self) -> str:
        """Where the game stands, in one sentence (the side panel, the result, the log)."""
        n, answer = self.score, (self.answer or "?").upper()
        if self.mode == WordleGame.WORDLE:
            if not self.over:
                return f"Guess {n + 1} of {MAX_GUESSES}"
            return (
                f"You found {answer} in {n}/{MAX_GUESSES}."
                if self.won
                else (f"Out of guesses: the word was {answer}.")
            )
        if self.mode == WordleGame.EVIL:
            if not self.over:
                return f"{plural(n, 'guess', 'guesses')} so far"
            return f"You cornered the evil computer: {answer} in {plural(n, 'guess', 'guesses')}."
        if not self.over:
            return f"{plural(n, 'guess', 'guesses')} played, none hit the word"
        verdict = "a win: you lasted beyond six" if self.won else "a loss: six or fewer"
        return f"You hit {answer} on guess {n} ({verdict})."

    @property
    def answer(self) -> str | None:
        """The answer, once it is fixed (Evil Wordle fixes it only when one word is left)."""
        if self.target is not None:
            return self.target
        return self.candidates[0] if len(self.candidates) == 1 else None

    def problem(self, word: str) -> str | None:
        """Why `word` cannot be played now, or None if it can."""
        word = ascii_lower(word.strip())
        basic = basic_problem(word, self.over, self.length)
        if basic:
            return basic
        if len(word) > self.length or word not in self.lists.allowed:
            return "Not in word list"
        return rule_problem(self.the_roles.rule, self.rows, word)

    @property
    def the_roles(self) -> Roles:
        """The round's roles (always set once the round is made)."""
        assert self.roles is not None
        return self.roles

    @property
    def looks_ahead(self) -> bool:
        """Whether the replies come from the perfect evil replier (slow: see `perfect_reply`)."""
        return self.the_roles.replier is Replier.PERFECT

    def perfect_reply(self, word: str, budget: int = PERFECT_BUDGET) -> PerfectReply:
        """The perfect evil replier's reply to `word` (checked first, raising Refused): the
        group of words needing the most guesses still. Seconds to a minute of search on the
        full lists, changing nothing but the search's memo: a screen runs it in a worker."""
        word = checked(word, self.problem)
        search = self._search = self._search or perfect_search(self.lists, self.hard)
        game = search.game
        place = {t: i for i, t in enumerate(game.targets)}
        targets = np.array(sorted(place[w] for w in self.candidates), dtype=np.int32)
        legal = search.start()
        for row in self.rows:
            legal = search.after(legal, game.index[row.word], reply_code(row.reply))
        search.budget = budget
        reply, needs = search.perfect_reply(targets, game.index[word], legal)
        return PerfectReply(word, game.show(reply), needs)

    def take(self, found: PerfectReply) -> Row:
        """Play the word of a perfect reply computed by `perfect_reply`, with that reply."""
        row = self._record(checked(found.word, self.problem), found.reply)
        self.needs[-1] = found.needs
        return row

    def fewest_guesses(self) -> int | None:
        """The perfect replier's promise: no one can win this game in fewer guesses than
        this (the rows played, and a proven least number of guesses still needed)."""
        last = self.needs[-1] if self.needs else None
        return None if last is None or self.over else len(self.rows) + last.lower

    def guess(self, word: str, colours: str | None = None) -> Row:
        """Play `word`, coloured by the round's replier (the typed replier: by `colours`, as
        the newspaper gave them); raise Refused (nothing changes) if the rules do not allow it."""
        word = checked(word, self.problem)
        replier = self.the_roles.replier
        if (colours is not None) != (replier is Replier.TYPED):
            raise ValueError("colours are typed for the typed replier, and only for it")
        if replier is Replier.PERFECT:
            return self.take(self.perfect_reply(word))
        if replier is Replier.GREEDY:
            codes = wordle_matrix([word], self.candidates)[0]
            reply = reply_string(evil_choice(codes, wordle_win(self.length)), self.length)
        elif replier is Replier.TYPED:
            reply = self.typed_reply(word, colours or "")
        else:
            assert self.target is not None  # an honest replier's chooser always picks a word
            reply = reply_for(word, self.target)
        return self._record(word, reply)

    def typed_reply(self, word: str, colours: str) -> str:
        """Colours typed for `word` (G, Y and '.'), checked: Refused if they are not colours,
        or if no answer still possible would get them."""
        reply = colours.strip().upper().replace("-", ".").replace("B", ".")
        if len(reply) != self.length or set(reply) - set("GY."):
            raise Refused(f"Colours are {self.length} of G, Y and . (not {colours!r})")
        if not narrowed(self.candidates, word, reply):
            raise Refused(f"No answer on these lists fits {word.upper()} = {reply}")
        return reply

    def _record(self, word: str, reply: str) -> Row:
        row = Row(word, reply)
        played = (*((r.word, r.reply) for r in self.rows), (word, reply))
        self.candidates = list(after_rows(self.lists, played))
        self.rows.append(row)
        self.left.append(len(self.candidates))
        self.needs.append(None)
        return row

    def keyboard(self) -> dict[str, LetterState]:
        """Each letter's best known state."""
        return letter_states((r.word, r.reply) for r in self.rows)

    @property
    def puzzle_name(self) -> str | None:
        """The puzzle's name (Daily puzzle 412, NYT Wordle 1,497), or None for an ordinary game."""
        if self.day is None:
            return None
        return f"NYT Wordle {self.day:,}" if self.nyt else f"Daily puzzle {self.day}"

    def share_title(self) -> str:
        """The share text's first line: "wordle-tui 4/6*" (* hard), "wordle-tui daily 412 4/6"
        for a daily puzzle, and the NYT's own "Wordle 1,497 4/6" for a real NYT puzzle."""
        hard = "*" if self.hard else ""
        if self.mode == WordleGame.WORDLE:
            score = str(self.score) if self.won else "X"
            name = "wordle-tui" if self.day is None else f"wordle-tui daily {self.day}"
            if self.adversary:
                name = "wordle-tui adversary"
            if self.nyt:
                name = f"Wordle {self.day:,}"  # the NYT's own header for its puzzle
            return f"{name} {score}/{MAX_GUESSES}{hard}"
        return f"wordle-tui {self.mode} {self.score}{hard}"

    def share_text(self, high_contrast: bool = False, light: bool = False) -> str:
        """The result in the NYT's share form: a title line, then a row of squares a guess.

        Misses are black squares on a dark theme and white ones on a light theme, as the NYT's.
        """
        squares = {**(HIGH_CONTRAST_SQUARES if high_contrast else SQUARES), ".": MISS[light]}
        title = self.share_title()
        lines = ["".join(squares[m] for m in row.reply) for row in self.rows]
        return "\n".join([title, "", *lines])
