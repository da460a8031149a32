"""Seeded multi-board games played by the solver: wins, mean guesses, the distribution.

Game k's answers are drawn, distinct, from the answer list in alphabetical order by NumPy's
`default_rng(seed)`, all games' answers up front, so the same seed always plays the same games,
whatever the order of the list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .state import MultiState
from .strategy import MultiSolver
from .variants import Variant

MAX_GAMES = 1_000_000


@dataclass(frozen=True)
class Simulation:
    """The outcome of `games` seeded games: guesses used by each (None for a loss)."""

    variant: Variant
    measure: str
    seed: int
    used: tuple[int | None, ...]

    @property
    def games(self) -> int:
        return len(self.used)

    @property
    def wins(self) -> int:
        return sum(u is not None for u in self.used)

    @property
    def mean(self) -> float | None:
        """Mean guesses of the games won (None if none was)."""
        won = [u for u in self.used if u is not None]
        return sum(won) / len(won) if won else None

    @property
    def distribution(self) -> dict[str, int]:
        """Games won in each number of guesses (ascending), then `lost`: the games lost."""
        counts = Counter(u for u in self.used if u is not None)
        shown = {str(k): counts[k] for k in sorted(counts)}
        shown["lost"] = self.games - self.wins
        return shown

    def as_dict(self) -> dict[str, object]:
        """The JSON of `report -g dordle|quordle|octordle`."""
        return {
            "games": self.games,
            "wins": self.wins,
            "mean": None if self.mean is None else round(self.mean, 4),
            "distribution": self.distribution,
        }


def draw_answers(targets: Sequence[str], boards: int, games: int, seed: int) -> np.ndarray:
    """Each game's answers (target positions, distinct within a game), reproducible by seed:
    drawn from the targets in alphabetical order, so the list's own order never matters."""
    if boards > len(targets):
        raise ValueError(f"{boards} boards need {boards} different answers")
    alphabetical = np.argsort(np.array(targets), kind="stable")
    rng = np.random.default_rng(seed)
    draws = [rng.choice(len(targets), boards, replace=False) for _ in range(games)]
    return alphabetical[np.array(draws)]


def play_one(solver: MultiSolver, variant: Variant, answers: np.ndarray) -> int | None:
    """One game: the guesses the solver used to solve every board, or None if it lost."""
    state = MultiState.start(len(solver.game.targets), variant.boards, variant.limit)
    while not state.over:
        state = state.play(solver.choose(state), solver.matrix, answers)
    return state.used if state.won else None


def simulate(
    solver: MultiSolver,
    variant: Variant,
    games: int,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Simulation:
    """Play `games` seeded games of `variant`; `progress(done, total)` after each."""
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be between 1 and {MAX_GAMES:,}")
    answers = draw_answers(solver.game.targets, variant.boards, games, seed)
    used = []
    for k in range(games):
        used.append(play_one(solver, variant, answers[k]))
        if progress:
            progress(k + 1, games)
    return Simulation(variant, solver.measure, seed, tuple(used))
