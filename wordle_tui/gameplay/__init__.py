"""Every game's rules and state, free of any screen: whose turn, what is legal, what is won.

`wordle` (Wordle, Evil Wordle, Antiwordle rounds), `jotto` (both ways), `daily` (the daily
puzzle), `entry` (typing a row into the assistant), `session` (saving, resuming and recording
rounds in the history), `catalog` (every game, tool and screen declared once, read by the
menu, the palette, `play`, the help and the statistics), `request` (the `GameRequest` that
opens one), `rounds` (a fresh round of each game), `rules` (each game's help text) and
`statistics` (what the statistics say in words). Nothing here imports Textual, so every game
can be played and tested without a screen. Ghost's and Mastermind's rules and state are in
their folders (`wordle_tui/games/`).
"""
