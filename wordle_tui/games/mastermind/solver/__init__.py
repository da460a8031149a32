"""Mastermind as a game of the shared solver: codes, pegs, the reply matrix, Knuth and the optimum.

`codes` holds the codes of P pegs over C colours and their replies; `strategies` makes them a
`Game` (`make_mastermind`), so metrics, trees, searches and reports work on it unchanged, plays
Knuth's minimax and searches for the optimum (`solve`, and the game's own trees).
"""

from .codes import (
    LETTERS,
    SYMBOLS,
    Pegs,
    all_codes,
    code_letters,
    colour_keys,
    colour_number,
    colour_range,
    mastermind_rules,
    pegs_of,
    reply,
)
from .strategies import make_mastermind

__all__ = [
    "LETTERS",
    "SYMBOLS",
    "Pegs",
    "all_codes",
    "code_letters",
    "colour_keys",
    "colour_number",
    "colour_range",
    "make_mastermind",
    "mastermind_rules",
    "pegs_of",
    "reply",
]
