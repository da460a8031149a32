"""Mastermind as a game of the shared solver: codes, pegs, the reply matrix, Knuth and the optimum.

`codes` holds the codes of P pegs over C colours and their replies; `strategies` makes them a
`Game` (`make_mastermind`), so metrics, trees, searches and reports work on it unchanged, plays
Knuth's minimax and searches for the optimum (`solve`, and the game's own trees).
"""

from .codes import (
    LETTERS,
    Pegs,
    all_codes,
    code_letters,
    mastermind_rules,
    pegs_of,
    reply,
)
from .strategies import make_mastermind

__all__ = [
    "LETTERS",
    "Pegs",
    "all_codes",
    "code_letters",
    "make_mastermind",
    "mastermind_rules",
    "pegs_of",
    "reply",
]
