"""A multi-board position: each board's answers left and whether it is solved.

Answers are target positions (columns of the reply matrix). A board is solved when a guess
gets all green on it; solved boards take no more replies. The boards' answers differ, so a
board with one answer left rules it out on the others (`known_apart`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...plural import plural

WIN = 242


@dataclass(frozen=True, eq=False)
class MultiState:
    """Where a game stands: candidates per board, the guess that solved each, guesses used."""

    candidates: tuple[np.ndarray, ...]  # target positions still possible, per board
    solved_at: tuple[int | None, ...]  # the guess number (1-based) that solved each board
    used: int
    limit: int

    @classmethod
    def start(cls, n_targets: int, boards: int, limit: int) -> MultiState:
        """A fresh game: every answer possible on every board."""
        every = np.arange(n_targets, dtype=np.intp)
        return cls(tuple(every for _ in range(boards)), (None,) * boards, 0, limit)

    @property
    def unsolved(self) -> list[int]:
        """The boards not solved yet."""
        return [b for b, at in enumerate(self.solved_at) if at is None]

    @property
    def left(self) -> int:
        """Guesses still allowed."""
        return self.limit - self.used

    @property
    def won(self) -> bool:
        """Whether every board is solved."""
        return all(at is not None for at in self.solved_at)

    @property
    def over(self) -> bool:
        """Whether the game has ended (won, or out of guesses)."""
        return self.won or self.used >= self.limit

    def after(self, guess: int, matrix: np.ndarray, codes: dict[int, int]) -> MultiState:
        """The position after guess number `guess` got reply `codes[b]` on each unsolved board."""
        candidates, solved = list(self.candidates), list(self.solved_at)
        if sum(codes[b] == WIN for b in self.unsolved) > 1:
            raise ValueError("a guess solves one board at most: the boards' answers differ")
        row = matrix[guess]
        for b in self.unsolved:
            code = codes[b]
            kept = candidates[b][row[candidates[b]] == code]
            if len(kept) == 0:
                raise ValueError(f"no answer of board {b + 1} fits that reply")
            candidates[b] = kept
            if code == WIN:
                solved[b] = self.used + 1
        known_apart(candidates, solved)
        return MultiState(tuple(candidates), tuple(solved), self.used + 1, self.limit)

    def play(self, guess: int, matrix: np.ndarray, answers: np.ndarray) -> MultiState:
        """The position after `guess` when the boards' answers are `answers` (target positions)."""
        row = matrix[guess]
        return self.after(guess, matrix, {b: int(row[answers[b]]) for b in self.unsolved})


def known_apart(candidates: list[np.ndarray], solved: list[int | None]) -> None:
    """Rule out, on every other unsolved board, the answer of a board that has one left (the
    boards' answers differ), until nothing changes; ValueError if a board is left with none."""
    changed = True
    while changed:
        changed = False
        known = {b: int(c[0]) for b, c in enumerate(candidates) if len(c) == 1}
        twice = [b for b in known if solved[b] is None and list(known.values()).count(known[b]) > 1]
        if twice:
            raise ValueError(f"no answer of board {twice[-1] + 1} fits: the others take them")
        for b, at in enumerate(solved):
            if at is not None or len(candidates[b]) == 1:
                continue
            taken = [t for other, t in known.items() if other != b]
            kept = candidates[b][~np.isin(candidates[b], taken)]
            if len(kept) == 0:
                raise ValueError(f"no answer of board {b + 1} fits: the others take them")
            if len(kept) < len(candidates[b]):
                candidates[b], changed = kept, True


def from_rows(
    guesses: dict[str, int],
    matrix: np.ndarray,
    n_targets: int,
    boards: int,
    limit: int,
    rows: list[tuple[str, list[int | None]]],
) -> MultiState:
    """The position after `rows`: each a word and every board's reply code (None for a board
    solved before). ValueError says which row does not fit the rules or any answer."""
    if len(rows) > limit:
        raise ValueError(f"{len(rows)} rows: the game allows {limit} guesses")
    state = MultiState.start(n_targets, boards, limit)
    for turn, (word, codes) in enumerate(rows, start=1):
        if word not in guesses:
            raise ValueError(f"row {turn}: {word!r} is not an allowed guess")
        if len(codes) != boards:
            found = plural(len(codes), "colouring")
            raise ValueError(f"row {turn}: {found} for {boards} boards")
        replies = {}
        for b, code in enumerate(codes):
            done = state.solved_at[b] is not None
            if done != (code is None):
                what = "solved before: leave its colouring empty" if done else "needs a colouring"
                raise ValueError(f"row {turn}: board {b + 1} {what}")
            if code is not None:
                replies[b] = code
        try:
            state = state.after(guesses[word], matrix, replies)
        except ValueError as error:
            raise ValueError(f"row {turn}: {error}") from None
    return state
