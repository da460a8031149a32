"""The chooser's side of a word game: who picks the word, and how hard they can make it.

`pure` answers the first question the seeds leave open: against a strategy the chooser knows,
which word should it commit to? (The word the strategy needs most guesses for.)
"""

from .pure import ChooserReport, against

__all__ = ["ChooserReport", "against"]
