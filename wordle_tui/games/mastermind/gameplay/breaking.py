"""You break the computer's code: guess codes, each answered with black and white pegs."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ....gameplay.wordle import Refused
from ....plural import plural
from ..solver import Pegs, all_codes, colour_keys, colour_range, reply
from ..solver.codes import reply_matrix

if TYPE_CHECKING:
    from ....gameplay.request import GameRequest

ROWS = 10  # the board of the boxed game


@dataclass(frozen=True)
class CodeRow:
    """A guess and the pegs it got."""

    code: str
    pegs: Pegs


def code_problem(code: str, colours: int, pegs: int) -> str | None:
    """Why `code` is not a code of this game, or None."""
    if len(code) != pegs:
        return f"A code has {pegs} pegs"
    if any(c not in colour_keys(colours) for c in code):
        return f"Colours are {colour_range(colours)}"
    return None


@dataclass
class MastermindRound:
    """You guess the computer's code within `rows` guesses; each guess gets its pegs."""

    colours: int = 6
    pegs: int = 4
    secret: str = ""  # the code to break ("": drawn at random, from `seed` if given)
    seed: int | None = None
    rows: int = ROWS
    played: list[CodeRow] = field(default_factory=list)

    def __post_init__(self) -> None:
        codes = all_codes(self.colours, self.pegs)
        if not self.secret:
            self.secret = random.Random(self.seed).choice(codes)
        problem = code_problem(self.secret, self.colours, self.pegs)
        if problem:
            raise ValueError(f"{self.secret!r} is not a code: {problem}")
        replay, self.played = self.played, []
        for row in replay:
            self.guess(row.code)

    @property
    def won(self) -> bool:
        return bool(self.played) and self.played[-1].pegs.black == self.pegs

    @property
    def over(self) -> bool:
        return self.won or len(self.played) >= self.rows

    @property
    def score(self) -> int:
        """The guesses played."""
        return len(self.played)

    def problem(self, code: str) -> str | None:
        """Why `code` cannot be played now, or None."""
        if self.over:
            return "The game is over"
        return code_problem(code, self.colours, self.pegs)

    def guess(self, code: str) -> CodeRow:
        """Play `code`; raise Refused (nothing changes) if it is not a code of this game."""
        code = code.strip()
        why = self.problem(code)
        if why:
            raise Refused(why)
        row = CodeRow(code, reply(code, self.secret))
        self.played.append(row)
        return row

    def possible(self) -> int:
        """How many codes still fit every answer."""
        codes = all_codes(self.colours, self.pegs)
        fits = np.ones(len(codes), dtype=bool)
        for row in self.played:
            fits &= reply_matrix([row.code], codes)[0] == row.pegs.code(self.pegs)
        return int(fits.sum())

    def outcome(self) -> str:
        """Where the game stands, in one sentence."""
        if self.won:
            return f"You broke the code {self.secret} in {plural(self.score, 'guess', 'guesses')}."
        if self.over:
            return f"Out of guesses: the code was {self.secret}."
        return f"{plural(self.score, 'guess', 'guesses')} of {self.rows}"

    def moves(self) -> list[tuple[str, str]]:
        """The (code, pegs) pairs so far, as the history stores them."""
        return [(row.code, str(row.pegs)) for row in self.played]

    @property
    def variant(self) -> str:
        """The game's size, as the history stores it ("6x4")."""
        return f"{self.colours}x{self.pegs}"


def mastermind_round(request: GameRequest) -> MastermindRound:
    """A fresh Mastermind round: you break the computer's code (the request's target, or
    drawn): the round of Mastermind's catalog entry."""
    return MastermindRound(secret=request.target or "", seed=request.seed)
