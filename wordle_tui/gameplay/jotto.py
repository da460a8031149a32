"""Jotto both ways round, as plain game state.

`JottoRound`: you guess the computer's word; each guess gets the number of letters shared.
`ComputerJottoRound`: the computer guesses your word with the solver; you answer with numbers.
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
from ..solver.replies import jotto_reply
from ..solver.tree import Solver
from ..solver.words import ascii_lower
from .wordle import MISS, basic_problem, checked

WIN = 5
COMPUTER_STRATEGY = ("expectation", "norvig")  # 6.07 guesses a word (the notebooks' 6.13)


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
def jotto_game(lists: WordListSet | None = None) -> Game:
    """Jotto on a word-list set: its answers of five different letters (1,391 for the
    default set) as targets, with every allowed Jotto word as a guess."""
    return make_game("jotto", lists=lists)


@lru_cache(maxsize=8)
def _by_letters(lists: WordListSet | None = None) -> dict[frozenset[str], str]:
    return {frozenset(w): w for w in jotto_game(lists).guesses}


def anagram_in_list(word: str, lists: WordListSet | None = None) -> str | None:
    """The Jotto word with the same letters as `word`, if there is one."""
    return _by_letters(lists).get(frozenset(word))


@dataclass(frozen=True)
class JottoRow:
    word: str
    shared: int


@dataclass
class JottoRound:
    """You guess; the computer tells you how many letters each guess shares with its word."""

    target: str | None = None
    seed: int | None = None
    rows: list[JottoRow] = field(default_factory=list)
    marks: dict[str, Mark] = field(default_factory=dict)
    lists: WordListSet | None = None  # the word-list set (None: the default NYT lists)
    _possible: tuple[int, int] | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        game = jotto_game(self.lists)
        if self.target is None:
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
        (the word found: five green or orange), without giving away the letters."""
        hit = "🟧" if high_contrast else "🟩"
        share = "🟦" if high_contrast else "🟨"
        lines = [
            (hit * WIN if r.shared == WIN else share * r.shared + MISS[light] * (5 - r.shared))
            + f" {r.shared}"
            for r in self.rows
        ]
        return "\n".join([f"wordle-tui jotto {self.score}", "", *lines])

    def problem(self, word: str) -> str | None:
        """Why `word` cannot be guessed, or None."""
        word = ascii_lower(word.strip())
        basic = basic_problem(word, self.over)
        if basic:
            return basic
        if len(set(word)) < len(word):
            return "Jotto words have five different letters"
        if word not in jotto_game(self.lists).index:
            same = anagram_in_list(word, self.lists)
            if same:
                return f"Jotto keeps one word per set of letters: play {same.upper()} instead"
            return "Not in the Jotto word list"
        return None

    def guess(self, word: str) -> JottoRow:
        """Play `word`; raise Refused if it is not allowed."""
        word = checked(word, self.problem)
        row = JottoRow(word, jotto_reply(word, self.target))
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
        game = jotto_game(self.lists)
        return sum(all(jotto_reply(r.word, t) == r.shared for r in self.rows) for t in game.targets)


class Impossible(ValueError):
    """The answers given fit no word in the list."""


@dataclass
class ComputerJottoRound:
    """You think of a Jotto word; the computer guesses, and you answer how many letters match."""

    steps: list[Step] = field(default_factory=list)
    pending: str | None = None  # the computer's guess awaiting your answer
    lists: WordListSet | None = None  # the word-list set (None: the default NYT lists)

    def __post_init__(self) -> None:
        import numpy as np

        self._np = np
        self.game = jotto_game(self.lists)
        self.candidates = np.arange(len(self.game.targets))
        self.solver = Solver(self.game, *COMPUTER_STRATEGY)

    @property
    def over(self) -> bool:
        return bool(self.steps) and self.steps[-1].reply == WIN

    def compute_guess(self) -> str:
        """The computer's next guess, changing nothing (solver work: run it off the UI thread)."""
        return GreedyGuesser(self.solver)(list(self.steps), self.candidates)

    def offer(self, guess: str) -> None:
        """Put a guess to the player; it waits for their answer."""
        self.pending = guess

    def next_guess(self) -> str:
        """Compute and offer the next guess."""
        self.offer(self.compute_guess())
        return self.pending

    def answer(self, shared: int) -> Step:
        """Record your answer to the pending guess; raise Impossible if no word fits any more."""
        if self.pending is None:
            raise ValueError("there is no guess to answer")
        if not 0 <= shared <= 5:
            raise ValueError("an answer is a number from 0 to 5")
        game = self.game
        codes = self.solver.matrix[game.index[self.pending], self.candidates]
        if shared == WIN and self.pending not in game.targets:
            raise Impossible(f"{self.pending.upper()} is not in the list, so it cannot be yours")
        left = self.candidates[codes == shared]
        if left.size == 0:
            raise Impossible(
                f"No word in the list shares {plural(shared, 'letter')} with "
                f"{self.pending.upper()} and fits your earlier answers"
            )
        self.candidates = left
        step = Step(self.pending, shared, int(left.size))
        self.steps.append(step)
        self.pending = None
        return step

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
        cls, moves: list[tuple[str, str]], lists: WordListSet | None = None
    ) -> ComputerJottoRound:
        """Rebuild a round from saved (guess, answer) moves."""
        game = cls(lists=lists)
        for guess, shared in moves:
            game.offer(guess)
            game.answer(int(shared))
        return game

    def moves(self) -> list[tuple[str, str]]:
        """The (guess, answer) pairs so far, as the history stores them."""
        return [(s.guess, str(s.reply)) for s in self.steps]

    @property
    def remaining(self) -> int:
        return int(self.candidates.size)

    @property
    def found(self) -> str | None:
        """Your word, once the computer has guessed it."""
        return self.steps[-1].guess if self.over else None
