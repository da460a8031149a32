"""The `wordle-tui` command: no arguments opens the app; subcommands print reports.

One module per command group, registered in `commands` in the order `--help` lists them:

- `launch`: the app with no command, and `--data-dir`; `play`: a game opened directly
- `reports`: report, first-guesses, play-out; `evil`; `suggest`; `stats`
- `search`: solve, openers; `ghost`: the `ghost` sub-app; `lists`: the word-list sets
- `serve`: the app in web browsers; `version`: `--version` (also answered here, before
  anything heavy is imported)
- `common`: consoles, shared options, word lists, JSON, progress; `boundary`: the one place
  errors become a line on stderr and an exit code

Data goes to stdout, progress and errors to stderr. Textual is imported only when the app is
launched, so the report commands start fast. This module imports nothing heavy itself, so that
Ctrl-C while the commands load is one line and exit 130 too.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any


def main() -> None:
    """Entry point for the `wordle-tui` script (and `python -m wordle_tui`)."""
    if sys.argv[1:] in (["--version"], ["-V"]):  # fast: no Typer, NumPy or Textual
        from .version import version_text

        print(version_text())
        return
    loading = signal.signal(signal.SIGINT, interrupted_while_loading)
    try:
        from .boundary import run
        from .commands import app

        signal.signal(signal.SIGINT, loading)  # from here on, Ctrl-C is the boundary's
        run(app)
    except KeyboardInterrupt:  # between loading and the boundary taking over
        os.write(2, b"wordle-tui: interrupted\n")
        raise SystemExit(130) from None


def interrupted_while_loading(signum: int, frame: object) -> None:
    """Ctrl-C while NumPy and the commands load: nothing to clean up, so one line and go."""
    os.write(2, b"wordle-tui: interrupted\n")
    os._exit(130)


def __getattr__(name: str) -> Any:
    """`from wordle_tui.cli import app`: the Typer app, loaded on first use."""
    if name == "app":
        from .commands import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["app", "main"]
