"""Mastermind both ways round, as plain game state: `breaking` (you break the computer's code)
and `computer` (the computer breaks yours with Knuth's strategy; you answer with pegs)."""
