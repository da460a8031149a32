"""The error boundary: every error a command meets ends here as one line on stderr.

- An expected error (a `WordleTuiError`, an unusable path, database trouble, word lists too big
  for memory, a file nested too deeply, an engine `ValueError`) prints
  `wordle-tui: error: <message>` and exits 2.
- Ctrl-C prints `wordle-tui: interrupted` and exits 130 (`interrupts`: at any moment of the
  real process, its start-up and end included; typer's own silent 130 for a Ctrl-C while it
  parses is given its line too; an error after a Ctrl-C that a callback swallowed is the
  interrupt's doing, and is reported as the interrupt).
- A click usage error prints its usual message and exits 2.
- Anything else is a bug: its traceback goes to `crash-<time>.log` in the data folder (or the
  temp folder), and one line says where; exit code 1.

`BoundaryGroup.invoke` does this for every command, so typer's CliRunner sees the same as a
user; `run` does it for the real entry point, around click's parsing too, and ends the process
itself (`interrupts.finish`). No traceback ever reaches the terminal.
"""

from __future__ import annotations

import os
import re
import sqlite3
import sys
from typing import TYPE_CHECKING, Any, NoReturn

import typer
from typer.core import TyperGroup

from ..crashlog import write_crash_log
from ..errors import WordleTuiError
from . import interrupts

if TYPE_CHECKING:  # the classes behind typer's names, for their types only
    from typer._click.core import Context as ClickContext
    from typer._click.exceptions import ClickException

EXPECTED = 2
CRASHED = 1
INTERRUPTED = 130
# typer's own click errors (typer vendors click in newer releases, so no `import click`)
ClickError: type[ClickException] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)
PASS_THROUGH = (ClickError, typer.Exit, typer.Abort)


def one_line(text: object) -> str:
    """`text` without line breaks (a message must never spill onto a second line)."""
    return re.sub(r"\s*[\r\n]+\s*", " ", str(text)).strip()


def say(message: str) -> None:
    """Print `wordle-tui: <message>` on stderr, as one line however narrow the terminal.

    Written straight to the stream, not through Rich: a Ctrl-C that lands inside a Rich write
    (a progress line) can leave its console buffering, and this line must always appear.
    """
    try:
        sys.stderr.write(f"wordle-tui: {one_line(message)}\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr closed or gone: nothing more can be said
        pass


def os_message(error: OSError) -> str:
    """Which path, and why: `<path>: <reason>` (e.g. `/x/tree.json: Permission denied`)."""
    reason = error.strerror or str(error) or type(error).__name__
    paths = [p for p in (error.filename, error.filename2) if p is not None]
    where = " → ".join(os.fsdecode(p) if isinstance(p, str | bytes) else str(p) for p in paths)
    return f"{where}: {reason}" if where else f"cannot use a file or folder: {reason}"


def expected_message(error: BaseException) -> str | None:
    """The message for an error the user can cause or fix, or None for a bug."""
    if isinstance(error, WordleTuiError):
        return str(error) or type(error).__name__
    if isinstance(error, MemoryError):
        detail = f" ({error})" if str(error) else ""
        return f"out of memory{detail}: the word lists are too big for this machine"
    if isinstance(error, RecursionError):
        return "a file is nested too deeply to read (is it a tree or word list file?)"
    if isinstance(error, sqlite3.Error):
        return f"the history database cannot be used: {error or type(error).__name__}"
    if isinstance(error, OSError):
        return os_message(error)
    if isinstance(error, ValueError):
        return str(error) or type(error).__name__
    return None


def silence_stdout() -> None:
    """After a broken pipe (`wordle-tui report | head -1`), drop what is left to print."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def crash(error: BaseException) -> int:
    """A bug: log the traceback to a file, say where in one line; exit code 1."""
    try:
        log = write_crash_log(error)
    except Exception:  # the log is a courtesy; the line below must print
        log = None
    where = f"details in {log}" if log else "no crash log could be written"
    say(f"internal error: {type(error).__name__}: {error}; {where}")
    return CRASHED


def handle(error: BaseException) -> int:
    """Print the one line for `error`; the exit code."""
    if isinstance(error, KeyboardInterrupt | typer.Abort) or interrupts.swallowed():
        say("interrupted")
        interrupts.mark_said()
        return INTERRUPTED
    if isinstance(error, BrokenPipeError):
        silence_stdout()
        return CRASHED
    message = expected_message(error)
    if message is None:
        return crash(error)
    say(f"error: {message}")
    return EXPECTED


class BoundaryGroup(TyperGroup):
    """A typer group whose commands' errors become one line and an exit code."""

    def invoke(self, ctx: ClickContext) -> Any:
        try:
            return super().invoke(ctx)
        except PASS_THROUGH:
            raise
        except (Exception, KeyboardInterrupt) as error:
            raise typer.Exit(handle(error)) from None


def run(app: typer.Typer) -> NoReturn:
    """The real entry point: run `app` on sys.argv and end the process with its code, never
    a traceback; a Ctrl-C at any point of it is one line and 130."""
    try:
        try:
            interrupts.running()
            code = invoke(app)
        finally:
            interrupts.finishing()  # from here a Ctrl-C ends the process at once
    except KeyboardInterrupt:  # a Ctrl-C while an error or the result was being reported
        code = INTERRUPTED
    if interrupts.was_interrupted():  # however it was reported (typer: a silent 130)
        code = INTERRUPTED
    if code == INTERRUPTED:
        interrupts.say_interrupted()  # unless the boundary said it already
    interrupts.finish(code)


def invoke(app: typer.Typer) -> int:
    """Run `app` on sys.argv; its exit code, every error reported in one line."""
    try:
        result = app(standalone_mode=False)
    except ClickError as error:
        error.show()
        return error.exit_code
    except typer.Exit as error:
        return error.exit_code
    except (Exception, KeyboardInterrupt) as error:
        return handle(error)
    return result if isinstance(result, int) else 0
