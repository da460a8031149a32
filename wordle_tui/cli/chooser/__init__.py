"""The chooser's commands: `chooser` (a word against a known strategy) and `equilibrium` (the
game's value when both sides mix)."""
