"""Mastermind, whole: `solver/` (codes, pegs, Knuth's strategy, the optimum), `gameplay/` (both
ways round), `ui/` (its screens), `cli/` (`wordle-tui mastermind solve`)."""
