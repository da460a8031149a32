"""The NYT Wordle assistant: what is left after the colours you got, and what to play next.

`engine` holds `Assistant`, the one object the command line and the app ask for advice, in
one call (`Assistant.advice`; `advice` yields its stages: the estimate, the proven best, every
row exact, or a finished game's review); `patterns` reads the colours of a row, `ranking`
orders the next guesses and explains them, `opening` serves the first guess, `review` judges
a finished game, `share` and `puzzles` read the NYT's share text (against the known answer
when the puzzle number says it), `replay` plays the record of real puzzles.
"""
