"""wordle-tui: terminal word games and an offline Wordle solving assistant."""

__version__ = "0.1.0"
