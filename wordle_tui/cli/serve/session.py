"""One browser tab's app for `wordle-tui serve`: its process, started and ended for sure.

textual-serve's `AppService` runs the command through a shell and, when the browser goes, asks
the app to quit and waits for the thread that reads its output; that thread stops at the first
write to the gone client, and an app blocked writing to its full output pipe never hears the
request (a `?width=5000&height=5000` tab outlived its client). Here:

- the app is run without a shell, told it is served (`WORDLE_TUI_SERVED=1`: it keeps to its
  data folder), at a size clamped to something sensible;
- its output is read to the end even after the client has gone (and thrown away), so it can
  always hear `quit`;
- `stop` asks it to quit, waits `grace` seconds, then kills it, and always returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
from asyncio.subprocess import PIPE, Process
from typing import Any

from textual_serve.app_service import AppService

from ...paths import SERVED_VARIABLE

WIDTHS = (20, 400)  # columns: a wide screen with a small font is about 300
HEIGHTS = (8, 150)  # rows
POLL_S = 0.05


def clamp(value: object, bounds: tuple[int, int], default: int) -> int:
    """`value` as a whole number within `bounds` (`default` if it is not a number)."""
    try:
        number = int(str(value).strip())
    except ValueError:
        number = default
    return min(max(number, bounds[0]), bounds[1])


def clamp_size(width: object, height: object) -> tuple[int, int]:
    """A terminal size asked for by a browser, clamped: no absurd screen for the app to draw."""
    return clamp(width, WIDTHS, 80), clamp(height, HEIGHTS, 24)


async def exited(process: Process, seconds: float) -> bool:
    """Whether `process` has exited within `seconds` (its output pipes need not be empty)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while process.returncode is None and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(POLL_S)
    return process.returncode is not None


class TabSession(AppService):
    """A browser tab's app process: `argv` run directly, ended by `stop` within `3 * grace` s."""

    def __init__(self, argv: list[str], *, grace: float = 3.0, **kwargs: Any) -> None:
        super().__init__(shlex.join(argv), **kwargs)
        self.argv = argv
        self.grace = grace
        self.client_gone = False  # nothing more is sent to the browser; output is drained
        self.stopped = False

    @property
    def process(self) -> Process | None:
        """The app's process, once started."""
        return self._process

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment[SERVED_VARIABLE] = "1"
        return environment

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        """Start the app itself (no shell between): its pid is the app's, to kill if need be."""
        environment = self._build_environment(width=width, height=height)
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=PIPE, stdout=PIPE, stderr=PIPE, env=environment
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def start(self, width: int, height: int) -> None:
        """Start the app at a clamped size."""
        await super().start(*clamp_size(width, height))

    async def set_terminal_size(self, width: int, height: int) -> None:
        """Pass a resize on, clamped."""
        await super().set_terminal_size(*clamp_size(width, height))

    async def on_data(self, payload: bytes) -> None:
        """Forward the app's output; once the client has gone, drop it (and keep reading)."""
        if self.client_gone:
            return
        try:
            await self.remote_write_bytes(payload)
        except (ConnectionError, RuntimeError):
            self.client_gone = True

    async def on_meta(self, data: bytes) -> None:
        """Handle a meta packet of the app; once the client has gone, drop it."""
        if self.client_gone:
            return
        try:
            await super().on_meta(data)
        except (ConnectionError, RuntimeError):
            self.client_gone = True

    def kill(self) -> None:
        """Kill the app now (the server is stopping)."""
        self.client_gone = True
        if self._process is not None and self._process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self._process.kill()

    async def stop(self) -> None:
        """Ask the app to quit, give it `grace` seconds, then kill it. Safe to call twice."""
        if self.stopped:
            return
        self.stopped = True
        self.client_gone = True
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        process = self._process
        if process is not None:
            if process.returncode is None:
                with contextlib.suppress(asyncio.TimeoutError):  # its input may be full too
                    await asyncio.wait_for(self.send_meta({"type": "quit"}), self.grace)
            if not await exited(process, self.grace):
                self.kill()
                await exited(process, self.grace)
        if self._task is not None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._task, self.grace)
            self._task = None
