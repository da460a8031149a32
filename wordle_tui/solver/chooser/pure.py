"""A chooser who knows the guesser's strategy and commits to one word: its best pure choice.

Every figure a report gives assumes the word is drawn at random (the uniform chooser). A
chooser who knows the strategy does better by committing to a word the strategy needs the
most guesses for; every word tied at that count is an equally good choice.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass


@dataclass(frozen=True)
class ChooserReport:
    """What a committed chooser can force on one strategy, beside the uniform chooser's mean."""

    strategy: str  # its name in the reports: 'optimal', 'neg_entropy/all', 'tree:FILE'
    targets: int
    uniform_mean: float  # the mean number of guesses when the word is drawn at random
    worst: int  # the guesses the chooser's best pure choice forces
    best_choices: tuple[str, ...]  # every word forcing `worst` guesses, alphabetically
    hardest: tuple[tuple[str, int], ...]  # the words needing most guesses, hardest first

    @property
    def best_choice(self) -> str:
        """The chooser's best pure choice: the alphabetically first word forcing `worst`."""
        return self.best_choices[0]

    @property
    def gain(self) -> float:
        """How many guesses the committed chooser adds to the uniform chooser's mean."""
        return self.worst - self.uniform_mean

    def as_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "strategy": self.strategy,
            "targets": self.targets,
            "uniform_mean": self.uniform_mean,
            "worst": self.worst,
            "best_choice": self.best_choice,
            "best_choices": list(self.best_choices),
            "hardest": [{"target": word, "guesses": guesses} for word, guesses in self.hardest],
        }


def against(strategy: str, scores: dict[str, int], count: int = 20) -> ChooserReport:
    """The committed chooser's view of a strategy (`strategy` names it) from the guesses it
    needs for each word: its best pure choices and the `count` words needing most guesses
    (ties alphabetically)."""
    if not scores:
        raise ValueError("a strategy with no scored words has no worst word")
    ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    worst = ranked[0][1]
    best = tuple(word for word, guesses in ranked if guesses == worst)
    mean = statistics.fmean(scores.values())
    return ChooserReport(strategy, len(scores), mean, worst, best, tuple(ranked[:count]))
