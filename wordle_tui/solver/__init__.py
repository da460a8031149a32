"""The shared solver: replies, reply matrices, partitions, metrics, guess trees and reports.

Pure logic over NumPy; it never imports Textual, so every game can be played and tested
without a screen. The names below are imported when first used (PEP 562), so importing one
module of the package (the command line's options, a Ghost cache read) does not load them all.
"""

import sys
from importlib import import_module
from types import ModuleType

_WHERE = {
    "GAME_NAMES": "games",
    "Game": "games",
    "make_game": "games",
    "METRICS": "metrics",
    "information_gain": "metrics",
    "metric_value": "metrics",
    "partition": "metrics",
    "partition_counts": "metrics",
    "EvilReplier": "play",
    "GreedyGuesser": "play",
    "HonestReplier": "play",
    "RandomGuesser": "play",
    "Step": "play",
    "TreeGuesser": "play",
    "play": "play",
    "jotto_reply": "replies",
    "reply_code": "replies",
    "reply_for": "replies",
    "reply_string": "replies",
    "STRATEGY_METRICS": "reports.scores",
    "Summary": "reports.scores",
    "first_guess_table": "reports.scores",
    "run_strategy": "reports.scores",
    "summarize": "reports.scores",
    "POLICIES": "tree",
    "Node": "tree",
    "Solver": "tree",
    "Tree": "tree",
    "evil_path": "tree",
    "tree_path": "tree",
    "tree_scores": "tree",
    "WordListError": "words",
    "jotto_allowable": "words",
    "read_words": "words",
}

__all__ = [
    "GAME_NAMES",
    "METRICS",
    "POLICIES",
    "STRATEGY_METRICS",
    "EvilReplier",
    "Game",
    "GreedyGuesser",
    "HonestReplier",
    "Node",
    "RandomGuesser",
    "Solver",
    "Step",
    "Summary",
    "Tree",
    "TreeGuesser",
    "WordListError",
    "evil_path",
    "first_guess_table",
    "information_gain",
    "jotto_allowable",
    "jotto_reply",
    "make_game",
    "metric_value",
    "partition",
    "partition_counts",
    "play",
    "read_words",
    "reply_code",
    "reply_for",
    "reply_string",
    "run_strategy",
    "summarize",
    "tree_path",
    "tree_scores",
]


def __getattr__(name: str) -> object:
    """Import a public name from its module on first use."""
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value
    return value


class _Solver(ModuleType):
    """The package, with `play` always the function (never the submodule of that name)."""

    @property
    def play(self) -> object:
        """`play.play`: imported on first use."""
        return import_module(".play", __name__).play

    @play.setter
    def play(self, value: object) -> None:
        """The import system sets the submodule here; the function keeps the name."""


sys.modules[__name__].__class__ = _Solver
