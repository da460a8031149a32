"""Jotto both ways round, as plain game state, in two kinds of reply.

`JottoRound`: you guess the computer's word; each guess gets the number of letters shared.
`ComputerJottoRound`: the computer guesses your word with the solver; you answer with numbers.
Both take a `kind`: `jotto`, a count of letters shared, or `jotto-positions`, two numbers, the
letters in common and the letters in the right place (`3/1`), on the same list of words.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from ..plural import plural
from ..solver.games import Game, make_game
from ..solver.listsets import WordListSet
from ..solver.play import GreedyGuesser, Step
from ..solver.replies import (
    POSITIONS_BASE,
    jotto_positions_pair,
    jotto_positions_reply,
    jotto_reply,
)
from ..solver.tree import Solver
from ..solver.words import ascii_lower
from .wordle import MISS, Refused, basic_problem, checked, word_lists

WIN = 5
CLASSIC, POSITIONS = "jotto", "jotto-positions"  # the kinds of reply: the solver's game names
KINDS = (CLASSIC, POSITIONS)
COMPUTER_STRATEGY = ("expectation", "norvig")  # 6.07 guesses a word (the notebooks' 6.13)
COMPUTER_STRATEGIES = {
    CLASSIC: COMPUTER_STRATEGY,
    POSITIONS: ("neg_entropy", "norvig"),  # 4.35 guesses a word, never more than 6
}


class Mark(Enum):
    """A notepad mark on a letter: the classic Jotto aid."""

    UNKNOWN = "unknown"
    IN = "in"
    OUT = "out"

    def next(self) -> Mark:
        """The mark a click moves to: unknown -> in -> out -> unknown."""
        order = [Mark.UNKNOWN, Mark.IN, Mark.OUT]
        return order[(order.index(self) + 1) % 3]


@lru_cache(maxsize=8)
def jotto_game(lists: WordListSet | None = None, kind: str = CLASSIC) -> Game:
    """Jotto (or Jotto with positions) on a word-list set: its answers of five different
    letters (1,391 for the default set) as targets, with every allowed Jotto word as a guess."""
    return make_game(kind, lists=lists)


@lru_cache(maxsize=8)
def _by_letters(lists: WordListSet | None = None) -> dict[frozenset[str], str]:
    return {frozenset(w): w for w in jotto_game(lists).guesses}


def anagram_in_list(word: str, lists: WordListSet | None = None) -> str | None:
    """The Jotto word with the same letters as `word`, if there is one."""
    return _by_letters(lists).get(frozenset(word))


@dataclass(frozen=True)
class JottoRow:
    """A guess and its reply: the letters shared, and (with positions) those in place."""

    word: str
    shared: int
    placed: int | None = None  # letters in the right place (None: classic Jotto)

    @property
    def reply(self) -> str:
        """The reply as the history stores it: `3`, or `3/1` with positions."""
        return str(self.shared) if self.placed is None else f"{self.shared}/{self.placed}"

    @property
    def code(self) -> int:
        """The reply as the solver's game codes it."""
        return self.shared if self.placed is None else self.shared * POSITIONS_BASE + self.placed

    def said(self) -> str:
        """The reply in a few words, beside the row (`3 in, 1 in place`: three letters in the
        word, one of them in its place)."""
        if self.placed is None:
            return f"{self.shared} shared"
        return f"{self.shared} in, {self.placed} in place"


def reply_row(kind: str, word: str, target: str) -> JottoRow:
    """The row `word` makes against `target` in Jotto of this kind."""
    if kind == POSITIONS:
        return JottoRow(word, *jotto_positions_pair(jotto_positions_reply(word, target)))
    return JottoRow(word, jotto_reply(word, target))


def read_reply(kind: str, text: str) -> tuple[int, int | None]:
    """A reply as stored (`3`, or `3/1` with positions) as (shared, placed); ValueError if it
    is not one of this kind."""
    parts = text.split("/")
    if len(parts) != (2 if kind == POSITIONS else 1) or not all(
        p.isascii() and p.isdigit() and len(p) == 1 for p in parts
    ):
        raise ValueError(f"not a reply of {kind}")
    numbers = [int(p) for p in parts]
    return numbers[0], (numbers[1] if len(numbers) == 2 else None)


@dataclass
class JottoRound:
    """You guess; the computer tells you how many letters each guess shares with its word."""

    target: str = ""  # empty: drawn with `seed`
    seed: int | None = None
    rows: list[JottoRow] = field(default_factory=list)
    marks: dict[str, Mark] = field(default_factory=dict)
    lists: WordListSet | None = None  # the word-list set (None: the default NYT lists)
    kind: str = CLASSIC  # the reply: a count (jotto), or a count and places (jotto-positions)
    _possible: tuple[int, int] | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind of Jotto {self.kind!r}")
        game = jotto_game(self.lists, self.kind)
        if not self.target:
            self.target = random.Random(self.seed).choice(game.targets)
        if self.target not in game.targets:
            raise ValueError(f"{self.target!r} is not a Jotto word")
        replay, self.rows = self.rows, []
        for row in replay:
            self.guess(row.word)

    @property
    def over(self) -> bool:
        return bool(self.rows) and self.rows[-1].shared == WIN

    @property
    def won(self) -> bool:
        return self.over

    @property
    def score(self) -> int:
        """The game's one score: the guesses played (the history, result and share text)."""
        return len(self.rows)

    def outcome(self) -> str:
        """Where the game stands, in one sentence."""
        if self.over:
            return f"You found {self.target.upper()} in {plural(self.score, 'guess', 'guesses')}."
        return f"{plural(self.score, 'guess', 'guesses')} so far"

    def share_text(self, high_contrast: bool = False, light: bool = False) -> str:
        """The result to share: a title line, then a guess a row, a square per shared letter
        (the word found: five green or orange; with positions, a letter in place is green
        and one elsewhere yellow), then the reply, without giving away the letters."""
        hit = "🟧" if high_contrast else "🟩"
        share = "🟦" if high_contrast else "🟨"
        lines = []
        for r in self.rows:
            placed = WIN if r.shared == WIN else (r.placed or 0)
            squares = hit * placed + share * (r.shared - placed) + MISS[light] * (5 - r.shared)
            lines.append(f"{squares} {r.reply}")
        return "\n".join([f"wordle-tui {self.kind} {self.score}", "", *lines])

    def problem(self, word: str) -> str | None:
        """Why `word` cannot be guessed, or None."""
        word = ascii_lower(word.strip())
        basic = basic_problem(word, self.over)
        if basic:
            return basic
        if len(set(word)) < len(word):
            return "Jotto words have five different letters"
        if self.played_as(word) is None:
            return "Not in the Jotto word list"
        return None

    def played_as(self, word: str) -> str | None:
        """The Jotto word `word` is played as: itself, or the listed word with its letters
        (Jotto keeps one word per set of letters), if `word` is a word of the lists."""
        if word in jotto_game(self.lists, self.kind).index:
            return word
        if word not in word_lists(self.lists)[1]:
            return None
        return anagram_in_list(word, self.lists)

    def guess(self, word: str) -> JottoRow:
        """Play `word` (an anagram of a listed word as that word); raise Refused if it is not
        allowed."""
        played = self.played_as(checked(word, self.problem))
        if played is None:  # `problem` refuses a word not played as a Jotto word
            raise Refused("Not in the Jotto word list")
        row = reply_row(self.kind, played, self.target)
        self.rows.append(row)
        return row

    def mark(self, letter: str) -> Mark:
        """Cycle the notepad mark of `letter`; return the new mark."""
        new = self.marks.get(letter, Mark.UNKNOWN).next()
        if new is Mark.UNKNOWN:
            self.marks.pop(letter, None)
        else:
            self.marks[letter] = new
        return new

    def mark_of(self, letter: str) -> Mark:
        return self.marks.get(letter, Mark.UNKNOWN)

    def possible(self) -> int:
        """How many Jotto words still fit every reply."""
        game = jotto_game(self.lists, self.kind)
        return sum(all(game.reply(r.word, t) == r.code for r in self.rows) for t in game.targets)


class Impossible(ValueError):
    """The answers given fit no word in the list."""


@dataclass
class ComputerJottoRound:
    """You think of a Jotto word; the computer guesses, and you answer how many letters match
    (with positions: how many, and how many of those are in the right place)."""

    steps: list[Step] = field(default_factory=list)
    pending: str | None = None  # the computer's guess awaiting your answer
    lists: WordListSet | None = None  # the word-list set (None: the default NYT lists)
    kind: str = CLASSIC  # the reply: a count (jotto), or a count and places (jotto-positions)

    def __post_init__(self) -> None:
        import numpy as np

        if self.kind not in KINDS:
            raise ValueError(f"unknown kind of Jotto {self.kind!r}")
        self._np = np
        self.game = jotto_game(self.lists, self.kind)
        self.candidates = np.arange(len(self.game.targets))
        self.solver = Solver(self.game, *COMPUTER_STRATEGIES[self.kind])

    @property
    def positions(self) -> bool:
        """Whether answers are two numbers: letters in common, and in the right place."""
        return self.kind == POSITIONS

    @property
    def over(self) -> bool:
        return bool(self.steps) and self.steps[-1].reply == self.game.rules.win

    def compute_guess(self) -> str:
        """The computer's next guess, changing nothing (solver work: run it off the UI thread)."""
        return GreedyGuesser(self.solver)(list(self.steps), self.candidates)

    def offer(self, guess: str) -> None:
        """Put a guess to the player; it waits for their answer."""
        self.pending = guess

    def next_guess(self) -> str:
        """Compute and offer the next guess."""
        guess = self.compute_guess()
        self.offer(guess)
        return guess

    def answer(self, shared: int, placed: int | None = None) -> Step:
        """Record your answer to the pending guess (with positions, `placed` too: how many of
        the shared letters are in the right place); raise Impossible if no word fits any more."""
        if self.pending is None:
            raise ValueError("there is no guess to answer")
        code = self.code_of(shared, placed)
        game = self.game
        codes = self.solver.matrix[game.index[self.pending], self.candidates]
        if code == game.rules.win and self.pending not in game.targets:
            raise Impossible(f"{self.pending.upper()} is not in the list, so it cannot be yours")
        left = self.candidates[codes == code]
        if left.size == 0:
            places = "" if placed is None else f", {placed} in the right place,"
            raise Impossible(
                f"No word in the list shares {plural(shared, 'letter')}{places} with "
                f"{self.pending.upper()} and fits your earlier answers"
            )
        self.candidates = left
        step = Step(self.pending, code, int(left.size))
        self.steps.append(step)
        self.pending = None
        return step

    def code_of(self, shared: int, placed: int | None) -> int:
        """An answer as the game's reply code; ValueError if it is not an answer of this kind."""
        if not 0 <= shared <= 5:
            raise ValueError("an answer is a number from 0 to 5")
        if not self.positions:
            if placed is not None:
                raise ValueError("classic Jotto's answer is one number")
            return shared
        if placed is None or not 0 <= placed <= shared:
            raise ValueError("the letters in place are some of the letters in common")
        return shared * POSITIONS_BASE + placed

    def undo(self) -> Step | None:
        """Take back the last answer; the computer will guess again from there."""
        if not self.steps:
            return None
        step = self.steps.pop()
        game = self.game
        self.candidates = self._np.arange(len(game.targets))
        for s in self.steps:
            codes = self.solver.matrix[game.index[s.guess], self.candidates]
            self.candidates = self.candidates[codes == s.reply]
        self.pending = None
        return step

    @classmethod
    def replay(
        cls, moves: list[tuple[str, str]], lists: WordListSet | None = None, kind: str = CLASSIC
    ) -> ComputerJottoRound:
        """Rebuild a round from saved (guess, answer) moves."""
        game = cls(lists=lists, kind=kind)
        for guess, answer in moves:
            game.offer(guess)
            game.answer(*read_reply(kind, answer))
        return game

    def moves(self) -> list[tuple[str, str]]:
        """The (guess, answer) pairs so far, as the history stores them (`3`, or `3/1`)."""
        return [(s.guess, self.game.show(s.reply)) for s in self.steps]

    @property
    def remaining(self) -> int:
        return int(self.candidates.size)

    @property
    def found(self) -> str | None:
        """Your word, once the computer has guessed it."""
        return self.steps[-1].guess if self.over else None
