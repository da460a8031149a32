"""`wordle-tui --version`: the installed version, read without loading Typer, NumPy or Textual."""

from __future__ import annotations

from importlib import metadata


def version_text() -> str:
    """`wordle-tui X.Y.Z`: the installed distribution's version, else the package's own."""
    try:
        number = metadata.version("wordle-tui")
    except metadata.PackageNotFoundError:  # run from a source tree that is not installed
        from .. import __version__ as number
    return f"wordle-tui {number}"
