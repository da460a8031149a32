"""`wordle-tui mastermind`: Mastermind's command group (`command`: `solve`)."""
