"""The shared solver: replies, reply matrices, partitions, metrics, guess trees and reports.

Pure logic over NumPy; it never imports Textual, so every game can be played and tested
without a screen.
"""

from .games import GAME_NAMES, Game, make_game
from .metrics import METRICS, information_gain, metric_value, partition, partition_counts
from .play import EvilReplier, GreedyGuesser, HonestReplier, RandomGuesser, Step, TreeGuesser, play
from .replies import jotto_reply, reply_code, reply_for, reply_string
from .report import STRATEGY_METRICS, Summary, first_guess_table, run_strategy, summarize
from .tree import POLICIES, Node, Solver, Tree, evil_path, tree_path, tree_scores
from .words import WordListError, jotto_allowable, read_words

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
