"""`python -m wordle_tui` runs the same command line as `wordle-tui`."""

from .cli import main

main()
