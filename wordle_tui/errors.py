"""Expected errors: bad input or a hostile environment, each with a message meant for the user.

Every layer raises subclasses of `WordleTuiError` for problems a user can cause or fix (a bad
word list, an unknown word, an unusable folder). The command line's error boundary prints
their message on one line; the app shows it in the screen. Anything else is a bug.
"""

from __future__ import annotations


class WordleTuiError(Exception):
    """A problem the user can understand and fix; `str(error)` is the whole message."""


class DataDirError(WordleTuiError, OSError):
    """The data or cache folder cannot be used (a file in its place, no permission, ...)."""


class OutsideDataFolder(WordleTuiError, PermissionError):
    """A served app was asked for a file outside its data folder (see `paths.named_file`)."""
