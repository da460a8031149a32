"""Dordle, Quordle and Octordle solved: several Wordle boards at once, every guess on each.

`variants` names the games (boards and guesses, no NumPy), `state` holds a position (each
board's answers left, which are solved), `stats` scores every guess on one board (cached by
the board's answers left), `strategy` chooses a guess (forced plays, a summed measure, the
exact search of `endgame` when few answers are left), and `simulate` plays seeded games.
"""
