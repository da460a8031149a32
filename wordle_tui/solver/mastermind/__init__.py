"""Mastermind as a game of the shared solver: codes, pegs, the reply matrix, Knuth and the optimum.

`codes` makes a `Game` of P pegs over C colours, so metrics, trees and searches work on it
unchanged; `strategies` plays Knuth's minimax and searches for the optimum (`solve`).
"""

from .codes import (
    LETTERS,
    Pegs,
    all_codes,
    code_letters,
    make_mastermind,
    mastermind_rules,
    pegs_of,
    reply,
)

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
