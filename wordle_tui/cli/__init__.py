"""The `wordle-tui` command: no arguments opens the app; subcommands print reports.

One module per command group, registered in `commands` in the order `--help` lists them:

- `launch`: the app with no command, and `--data-dir`; `play`: a game opened directly
- `reports`: report, first-guesses, play-out; `evil`; `suggest`; `stats`
- `search`: solve, openers; `lists`: the word-list sets; the sub-apps `ghost`, `mastermind`
  and `tree` are their games' own (`wordle_tui/games/<game>/cli`)
- `serve`: the app in web browsers; `--version` is answered here (`version_text`), before
  anything heavy is imported
- `common`: consoles, shared options, word lists, JSON, progress; `boundary`: the one place
  errors become a line on stderr and an exit code

Data goes to stdout, progress and errors to stderr. Textual is imported only when the app is
launched, so the report commands start fast. This module imports nothing heavy itself, and
`main` hands SIGINT to `interrupts` before anything else: Ctrl-C at any moment, while the
commands load or as the process ends, is one line and exit code 130.
"""

from __future__ import annotations

from .interrupts import INTERRUPTED, finish, install, say_interrupted  # first: see `main`


def main() -> None:
    """Entry point for the `wordle-tui` script (and `python -m wordle_tui`)."""
    install()  # the very first thing: from here on, Ctrl-C is one line and exit code 130
    import sys

    try:
        if sys.argv[1:] in (["--version"], ["-V"]):  # fast: no Typer, NumPy or Textual
            print(version_text())
            finish(0)
        from .boundary import run
        from .commands import app

        run(app)  # never returns: it ends the process with the command's exit code
    except KeyboardInterrupt:  # a net only: while loading, the handler ends the process
        say_interrupted()
        finish(INTERRUPTED)


def version_text() -> str:
    """`wordle-tui X.Y.Z`: the installed distribution's version, else the package's own."""
    from importlib import metadata

    try:
        number = metadata.version("wordle-tui")
    except metadata.PackageNotFoundError:  # run from a source tree that is not installed
        from .. import __version__ as number
    return f"wordle-tui {number}"


def __getattr__(name: str) -> object:
    """`from wordle_tui.cli import app`: the Typer app, loaded on first use."""
    if name == "app":
        from .commands import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["app", "main", "version_text"]
