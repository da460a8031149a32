"""Ctrl-C from the entry point's first statement to the process's end: one line, exit code 130.

`install` is the first thing `main` does, before Typer, Rich or NumPy load; it also unblocks
SIGINT (a parent may have left it blocked: a Ctrl-C sent before then is delivered now, to this
handler). An inherited "ignore" (a background job of a script) is kept. Then three phases:

- *loading* (until the boundary runs the command) and *finishing* (once the exit code is
  known): there is nothing to clean up, so Ctrl-C says `wordle-tui: interrupted` (once) and
  ends the process at once, with 130;
- *running*: the first Ctrl-C raises KeyboardInterrupt where the command is, so it can clean
  up (temporary files, the best found so far) and the boundary says the line; a second one
  ends the process at once.

A KeyboardInterrupt raised where Python cannot pass it on (a ctypes callback: Numba compiling
its kernels calls back into Python from LLVM) is only printed as "Exception ignored" and the
command would go on. `install` hooks `sys.unraisablehook` for that one case: the line is not
printed, and the Ctrl-C is delivered again a moment later, back in the command's own code. The
callback it cut short may leave its library broken (Numba: "no compiled object yet"), so until
then an error the command meets is taken for the interrupt (`swallowed`).

The process ends through `finish`: its output flushed, then `os._exit`, so there is no
interpreter shutdown for a Ctrl-C to land in (where it could escape as a traceback, or find
SIGINT reset to its default and kill the process by the signal).

This module imports only what the interpreter has loaded already (the built-in `_signal`, not
`signal`, which loads `enum`): it runs before anything else, and every millisecond before it
is a moment when Ctrl-C would be Python's traceback.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # not `typing`: it takes longer to load than everything else here
if TYPE_CHECKING:
    from typing import NoReturn

try:
    # the built-in behind `signal`: no `enum` to load first (typeshed has no stub for it)
    import _signal as signal  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - another interpreter
    import signal  # type: ignore[no-redef]

INTERRUPTED = 130
LINE = b"wordle-tui: interrupted\n"
LOADING, RUNNING, FINISHING = "loading", "running", "finishing"


class _State:
    phase = LOADING
    raised = False  # a Ctrl-C was turned into KeyboardInterrupt in the running command
    said = False  # the line was printed
    ignored = False  # SIGINT was ignored when the process started: it stays ignored
    swallowed = False  # a Ctrl-C was lost in a callback: an error from here is its doing


def install() -> None:
    """Handle SIGINT from now on (unless it was ignored when the process started)."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        _State.ignored = True
        return
    signal.signal(signal.SIGINT, on_interrupt)
    _Swallowed.passed_on = sys.unraisablehook
    sys.unraisablehook = on_unraisable
    try:  # noqa: SIM105 - contextlib is not loaded yet: see the module's docstring
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    except (AttributeError, OSError, ValueError):  # no signal masks here
        pass


def on_interrupt(signum: int, frame: object) -> None:
    """The SIGINT handler: KeyboardInterrupt for a running command (once), else end now."""
    if _State.phase == RUNNING and not _State.raised:
        _State.raised = True
        raise KeyboardInterrupt
    try:  # noqa: SIM105 - a second Ctrl-C must not interrupt the line being said
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    except (AttributeError, OSError, ValueError):
        pass
    say_interrupted()
    os._exit(INTERRUPTED)


class _Swallowed:
    passed_on = sys.__unraisablehook__  # the hook for every other unraisable exception
    delay = 0.02  # seconds: time for the callback that swallowed it to return


def on_unraisable(unraisable: sys.UnraisableHookArgs) -> None:
    """Deliver again a Ctrl-C that Python could only ignore; report anything else as before."""
    if not isinstance(unraisable.exc_value, KeyboardInterrupt):
        _Swallowed.passed_on(unraisable)
        return
    if _State.phase == RUNNING and _State.raised:
        _State.raised = False  # it never reached the command: this Ctrl-C is still the first
        _State.swallowed = True
        import _thread  # built in

        _thread.start_new_thread(_interrupt_again, ())


def _interrupt_again() -> None:
    """From another thread: SIGINT for the main thread, once the swallowing callback is over."""
    import _thread
    import time

    time.sleep(_Swallowed.delay)
    _thread.interrupt_main()


def terminate_as_interrupt() -> None:
    """From now on SIGTERM (`kill`, a shutdown) is taken as a Ctrl-C: a long search keeps what
    it found (saved, one line, 130) instead of losing what it did since its last save."""
    if _State.phase == RUNNING and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        signal.signal(signal.SIGTERM, on_interrupt)


def running() -> None:
    """A command runs: the first Ctrl-C raises KeyboardInterrupt, for it to clean up."""
    _State.phase = RUNNING


def finishing() -> None:
    """The exit code is being settled: a Ctrl-C ends the process at once."""
    _State.phase = FINISHING


def was_interrupted() -> bool:
    """Whether a Ctrl-C reached the running command (however it was reported since)."""
    return _State.raised


def swallowed() -> bool:
    """Whether a Ctrl-C was lost in a callback (what failed after it may be its doing)."""
    return _State.swallowed


def mark_said() -> None:
    """The boundary printed the line itself."""
    _State.said = True


def say_interrupted() -> None:
    """Print `wordle-tui: interrupted` on stderr, unless it was printed already."""
    if _State.said:
        return
    _State.said = True
    flush(sys.stderr)  # what was printed before comes first
    try:  # noqa: SIM105
        os.write(2, LINE)
    except OSError:  # stderr is gone: nothing more can be said
        pass


def flush(stream: object) -> None:
    """Flush a standard stream, if it is there and still open."""
    try:  # noqa: SIM105
        stream.flush()  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):  # closed, replaced or gone
        pass


def finish(code: int) -> NoReturn:
    """End the process with `code` now: output flushed, no interpreter shutdown."""
    finishing()
    flush(sys.stdout)
    flush(sys.stderr)
    os._exit(code)
