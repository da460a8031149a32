"""The games that stand alone, each in a folder of its own: its engine, rules, screens, command.

`ghost/` (Ghost and its variants), `mastermind/` (Mastermind both ways) and `explorer/` (the
strategy explorer, `wordle-tui tree`) share nothing with each other: each holds a `solver/`
(pure logic), a `gameplay/` (rules and state, no screen), a `ui/` (its Textual screens) and its
command (`cli`), layered as the package is. The shared layers find a game through its catalog
entry (`gameplay/catalog.py`) and the registration points named there; no game imports another.
"""
