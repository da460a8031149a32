"""The computer breaks your code with Knuth's strategy; you answer each guess with pegs.

Answers are checked: an answer no code of the game can get (3 black and 1 white), or one that
leaves no code fitting every answer so far, is refused ("No code fits your answers") and
changes nothing; `undo` takes back the last answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ..solver import Pegs, make_mastermind
from ..solver.strategies import KnuthSolver

if TYPE_CHECKING:
    from ....gameplay.request import GameRequest


class Impossible(ValueError):
    """The answers given fit no code."""


@dataclass(frozen=True)
class Answered:
    """A guess of the computer's, your answer, and how many codes it leaves."""

    code: str
    pegs: Pegs
    remaining: int


@dataclass
class ComputerMastermindRound:
    """You think of a code; the computer guesses, and you answer with black and white pegs."""

    colours: int = 6
    pegs: int = 4
    steps: list[Answered] = field(default_factory=list)
    pending: str | None = None  # the computer's guess awaiting your answer

    def __post_init__(self) -> None:
        self.game = make_mastermind(self.colours, self.pegs)
        self.solver = KnuthSolver(self.game)
        self.candidates = np.arange(len(self.game.targets))

    @property
    def over(self) -> bool:
        return bool(self.steps) and self.steps[-1].pegs.black == self.pegs

    @property
    def found(self) -> str | None:
        """Your code, once the computer has guessed it."""
        return self.steps[-1].code if self.over else None

    @property
    def remaining(self) -> int:
        return int(self.candidates.size)

    def compute_guess(self) -> str:
        """The computer's next guess, changing nothing (solver work: run it off the UI thread)."""
        return self.game.guesses[self.solver.best_guess(self.candidates)]

    def offer(self, code: str) -> None:
        """Put a guess to the player; it waits for their answer."""
        self.pending = code

    def answer_problem(self, black: int, white: int) -> str | None:
        """Why no code can get this answer at all, or None."""
        if black < 0 or white < 0 or black + white > self.pegs:
            return f"Black and white pegs add up to at most {self.pegs}"
        if black == self.pegs - 1 and white == 1:
            return f"No code gets {black} black and 1 white: the last peg would be right too"
        return None

    def answer(self, black: int, white: int) -> Answered:
        """Record your answer to the pending guess; raise Impossible if no code fits any more."""
        if self.pending is None:
            raise ValueError("there is no guess to answer")
        why = self.answer_problem(black, white)
        if why:
            raise Impossible(why)
        pegs = Pegs(black, white)
        row = self.solver.matrix[self.game.index[self.pending], self.candidates]
        left = self.candidates[row == pegs.code(self.pegs)]
        if left.size == 0:
            raise Impossible("No code fits your answers")
        self.candidates = left
        step = Answered(self.pending, pegs, int(left.size))
        self.steps.append(step)
        self.pending = None
        return step

    def undo(self) -> Answered | None:
        """Take back the last answer; the computer will guess again from there."""
        if not self.steps:
            return None
        step = self.steps.pop()
        self.candidates = np.arange(len(self.game.targets))
        for s in self.steps:
            row = self.solver.matrix[self.game.index[s.code], self.candidates]
            self.candidates = self.candidates[row == s.pegs.code(self.pegs)]
        self.pending = None
        return step

    def moves(self) -> list[tuple[str, str]]:
        """The (guess, answer) pairs so far, as the history stores them ("1122", "1 2")."""
        return [(s.code, f"{s.pegs.black} {s.pegs.white}") for s in self.steps]

    @classmethod
    def replay(
        cls, moves: list[tuple[str, str]], colours: int = 6, pegs: int = 4
    ) -> ComputerMastermindRound:
        """Rebuild a round from saved (guess, answer) moves."""
        game = cls(colours, pegs)
        for code, answer in moves:
            black, white = (int(n) for n in answer.split())
            game.offer(code)
            game.answer(black, white)
        return game


def computer_mastermind_round(request: GameRequest) -> ComputerMastermindRound:
    """A fresh round of Mastermind the other way, the computer breaking the player's code: the
    round of `mastermind-computer`'s catalog entry."""
    return ComputerMastermindRound()
