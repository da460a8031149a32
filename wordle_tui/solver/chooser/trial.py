"""A threshold put to the proof against a chooser: the chooser, how far the proof went, and
how it ended, kept so that a proof of hours goes on where it stopped (`mixing.certify`)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..games import Game
from ..search.shared import SearchInterrupted
from .proof import Verdict, WeightedProof, proven_chooser


@dataclass
class Trial:
    """A threshold put to the proof (`certify`): the chooser (the program's, blended with the
    uniform one, or the climb's centre), the first guesses proven no better so far, and how
    it ended."""

    threshold: float
    blend: float  # the program's chooser's share; the rest is the uniform chooser
    chooser: np.ndarray  # a chance per answer
    settled: list[int] = field(default_factory=list)  # first guesses proven no better
    proven: bool | None = None  # None: not finished; False: a tree beat it
    value: float = 0.0  # proven: the least expected guesses; beaten: the tree's
    seconds: float = 0.0
    climbed: bool = False  # the chooser is the climb's centre (`climb.Climb`), not a blend

    def to_data(self) -> dict[str, object]:
        """As JSON data."""
        return {
            "threshold": self.threshold,
            "blend": self.blend,
            "chooser": self.chooser.tolist(),
            "settled": self.settled,
            "proven": self.proven,
            "value": self.value,
            "seconds": self.seconds,
            "climbed": self.climbed,
        }

    @classmethod
    def from_data(cls, data: object, game: Game) -> Trial | None:
        """The trial saved, or None (none, or damaged: a trial starts afresh then)."""
        if not isinstance(data, dict):
            return None
        try:
            chooser = np.array([float(p) for p in data["chooser"]])
            settled = [int(g) for g in data["settled"]]
            proven = data["proven"]
            trial = cls(
                float(data["threshold"]),
                float(data["blend"]),
                chooser,
                settled,
                None if proven is None else bool(proven),
                float(data["value"]),
                float(data["seconds"]),
                bool(data.get("climbed", False)),
            )
        except (KeyError, TypeError, ValueError):
            return None
        fits = len(chooser) == len(game.targets) and bool(np.all(chooser >= 0))
        fits = fits and all(0 <= g < len(game.guesses) for g in settled)
        return trial if fits and math.isclose(float(chooser.sum()), 1.0) else None

    @classmethod
    def of(cls, chooser: np.ndarray, threshold: float, blend: float) -> Trial:
        """A fresh trial of `threshold` against `chooser` blended with the uniform one."""
        mixed = blend * chooser + (1 - blend) / len(chooser)
        return cls(threshold, blend, mixed / mixed.sum())

    @classmethod
    def of_climb(cls, centre: np.ndarray, threshold: float) -> Trial:
        """A fresh trial of `threshold` against the climb's centre."""
        return cls(threshold, 1.0, centre / centre.sum(), climbed=True)

    def goes_on(self, threshold: float, blend: float, climbed: bool = False) -> bool:
        """Whether a run asking for this threshold and blend (or the climb's centre) goes on
        with this trial."""
        if self.proven is not None or self.climbed is not climbed:
            return False
        return self.threshold == threshold and (climbed or self.blend == blend)

    def prove(
        self,
        game: Game,
        matrix: np.ndarray,
        hard: bool,
        stop: Callable[[], bool],
        heard: Callable[[], None] | None = None,
    ) -> Verdict | None:
        """Go on with the proof until it ends or `stop` says so (None then); `heard` after
        each first guess settled. How it ended is kept in the trial. A climb's centre is
        beaten by the first tree found below the threshold (its cuts need no more)."""
        began = time.monotonic()

        def settled(guess: int) -> None:
            self.settled.append(guess)
            if heard is not None:
                heard()

        hurry = (lambda: True) if self.climbed else None  # a tree that beats it will do
        proof = WeightedProof(
            game, matrix, self.chooser, hard, stop, self.settled, settled, hurry=hurry
        )
        try:
            verdict = proof.below(self.threshold)
        except SearchInterrupted:
            return None
        finally:
            self.seconds += time.monotonic() - began
        self.proven, self.value = verdict.proven, verdict.value
        return verdict

    def certificate(self, game: Game) -> dict[str, float]:
        """The chooser the proof answered (its chances as whole numbers, normalised)."""
        return proven_chooser(self.chooser, game)
