"""Playing a game with three separate roles: who chooses the target, who guesses, who replies.

A guesser sees the history and the targets still possible, and names a word. A replier sees the
guess and the targets still possible, and answers with a reply code. The honest replier answers
for a fixed target; the evil replier has no target and keeps as many words possible as it can.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from .choices import GameName
from .games import Game
from .matrix import reply_matrix
from .tree import Node, Solver, Tree


@dataclass(frozen=True)
class Step:
    """One turn: the guess, the reply it got, and how many targets were still possible after."""

    guess: str
    reply: int
    remaining: int


class Guesser(Protocol):
    """Names the next guess, given the game so far and the targets still possible."""

    def __call__(self, history: Sequence[Step], candidates: np.ndarray) -> str: ...


class Replier(Protocol):
    """Answers a guess, given the targets still possible (as target positions)."""

    def __call__(self, guess: str, candidates: np.ndarray) -> int: ...


@dataclass
class HonestReplier:
    """Replies truthfully for a fixed target."""

    game: Game
    target: str

    def __call__(self, guess: str, candidates: np.ndarray) -> int:
        return self.game.reply(guess, self.target)


@dataclass
class EvilReplier:
    """Gives the reply that keeps the most targets possible (Evil Wordle's greedy rule).

    The winning reply counts as keeping none, so it is given only when nothing else is left.
    Ties go to the group holding the alphabetically first word.
    """

    game: Game

    def __call__(self, guess: str, candidates: np.ndarray) -> int:
        return evil_reply(self.game, guess, candidates)


def evil_choice(codes: np.ndarray, win: int, rank: np.ndarray | None = None) -> int:
    """The reply code keeping the most candidates, given each candidate's reply code.

    The winning reply counts as keeping none; ties go to the group holding the candidate of
    lowest `rank` (by default the one met first in `codes` order).
    """
    values, inverse, counts = np.unique(codes, return_inverse=True, return_counts=True)
    counts = np.where(values == win, 0, counts)
    best = counts.max()
    if best == 0:
        return win
    lowest = np.full(len(values), np.iinfo(np.intp).max, dtype=np.intp)
    np.minimum.at(lowest, inverse, np.arange(len(codes)) if rank is None else rank)
    tied = np.flatnonzero(counts == best)
    return int(values[tied[np.argmin(lowest[tied])]])


def evil_reply(game: Game, guess: str, candidates: np.ndarray) -> int:
    """The greedy evil reply to `guess` when `candidates` (target positions) are possible."""
    codes = reply_matrix(game)[game.index[guess], candidates]
    return evil_choice(codes, game.rules.win, game.alpha_rank[candidates])


@dataclass
class TreeGuesser:
    """Follows a guess tree, branch by branch."""

    tree: Tree
    game: Game

    def __call__(self, history: Sequence[Step], candidates: np.ndarray) -> str:
        subtree = self.tree
        for step in history:
            if not isinstance(subtree, Node) or step.reply not in subtree.branches:
                raise ValueError("the game has left this tree")
            subtree = subtree.branches[step.reply]
        return subtree.guess if isinstance(subtree, Node) else subtree


@dataclass
class GreedyGuesser:
    """Chooses each guess on the fly by a metric and policy (no tree needed)."""

    solver: Solver

    def __call__(self, history: Sequence[Step], candidates: np.ndarray) -> str:
        legal = None
        for step in history:
            legal = self.solver.hard_legal(legal, self.solver.game.index[step.guess], step.reply)
        return self.solver.game.guesses[self.solver.best_guess(candidates, legal)]


@dataclass
class OpenerGuesser:
    """Plays a chosen first guess, then lets another guesser play on."""

    opener: str
    then: Guesser

    def __call__(self, history: Sequence[Step], candidates: np.ndarray) -> str:
        return self.opener if not history else self.then(history, candidates)


@dataclass
class RandomGuesser:
    """Guesses a random word that could still be the target."""

    game: Game
    seed: int | None = None
    rng: np.random.Generator = field(init=False)

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(self.seed)

    def __call__(self, history: Sequence[Step], candidates: np.ndarray) -> str:
        return self.game.targets[int(self.rng.choice(candidates))]


def consistent(game: Game, candidates: np.ndarray, guess: str, reply: int) -> np.ndarray:
    """The candidates (target positions) that would give `reply` to `guess`."""
    left: np.ndarray = candidates[reply_matrix(game)[game.index[guess], candidates] == reply]
    return left


def play(
    game: Game,
    guesser: Guesser,
    replier: Replier,
    max_turns: int | None = None,
) -> list[Step]:
    """Play one game to the winning reply (or `max_turns`); return the steps."""
    candidates = np.arange(len(game.targets))
    history: list[Step] = []
    limit = max_turns or len(game.targets) + 1
    while len(history) < limit:
        guess = guesser(history, candidates).lower()
        if guess not in game.index:
            raise ValueError(f"{guess!r} is not in the guess list")
        reply = replier(guess, candidates)
        candidates = consistent(game, candidates, guess, reply)
        history.append(Step(guess, reply, len(candidates)))
        if reply == game.rules.win:
            break
    return history


ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")


def times(count: int) -> str:
    """'' for once, ' twice', ' 3 times', for messages."""
    return "" if count == 1 else " twice" if count == 2 else f" {count} times"


def wordle_hard_mode_problem(rows: Sequence[tuple[str, str]], word: str) -> str | None:
    """Why `word` breaks NYT hard mode after these (guess, reply string) rows, or None.

    Greens must stay in place ("2nd letter must be A"); letters found must be used at least
    as often as they were found ("Guess must contain E").
    """
    word = word.lower()
    for guess, shown in rows:
        for i, (letter, mark) in enumerate(zip(guess, shown, strict=True)):
            if mark == "G" and word[i] != letter:
                return f"{ORDINALS[i]} letter must be {letter.upper()}"
        found = Counter(c for c, m in zip(guess, shown, strict=True) if m in "GY")
        have = Counter(word)
        for letter, count in found.items():
            if have[letter] < count:
                return f"Guess must contain {letter.upper()}{times(count)}"
    return None


def hard_mode_problem(game: Game, history: Sequence[Step], word: str) -> str | None:
    """Why `word` breaks hard mode given the game so far, or None.

    Wordle follows the NYT rule; Jotto, whose hints are counts, asks that the word be
    consistent with every reply.
    """
    if game.rules.name == GameName.WORDLE:
        return wordle_hard_mode_problem([(s.guess, game.show(s.reply)) for s in history], word)
    for step in history:
        if game.reply(step.guess, word.lower()) != step.reply:
            return f"Guess must agree with {step.guess.upper()} = {game.show(step.reply)}"
    return None


def hard_mode_ok(game: Game, history: Sequence[Step], word: str) -> bool:
    """Whether `word` keeps every hint revealed so far (NYT hard mode)."""
    return word.lower() in game.index and hard_mode_problem(game, history, word) is None
