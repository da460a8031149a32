"""What the screen tests share: an app on a folder of the test's own, waiting for it to settle,
and keys sent faster than the screen handles them. `conftest.py` makes fixtures of them."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual import events
from textual.screen import Screen
from textual.worker import WorkerCancelled

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.settings import Settings
from wordle_tui.ui.app import WordleTuiApp

CHARACTERS = {"enter": "\r", "backspace": "\x7f", "tab": "\t"}


def make_app(folder: Path, request: GameRequest | None = None, **options: Any) -> WordleTuiApp:
    """The app on `request`, its history (`history.sqlite3`) and settings (`settings.json`) in
    `folder` unless given; other options go to the app."""
    history = options.pop("history", None) or History(folder / "history.sqlite3")
    settings = options.pop("settings", None) or Settings.load(folder / "settings.json")
    return WordleTuiApp(request, history=history, settings=settings, **options)


async def settle(
    app: WordleTuiApp,
    pilot: Any,
    *,
    until: Callable[[Screen], bool] | None = None,
    rounds: int = 100,
    quiet: int = 1,
    pause: float | None = None,
) -> None:
    """Wait until no worker has run for `quiet` pauses in a row and, if given, `until` holds of
    the screen on top (else fail after `rounds` pauses). A worker replaced by another is
    cancelled: expected, not an error."""
    calm = 0
    for _ in range(rounds):
        with contextlib.suppress(WorkerCancelled):
            await app.workers.wait_for_complete()
        await pilot.pause(pause)
        calm = 0 if any(not w.is_finished for w in app.workers) else calm + 1
        if calm >= quiet and (until is None or until(app.screen)):
            return
    if until is not None:
        raise AssertionError(f"{type(app.screen).__name__} never settled")


def assistant_ready(screen: Screen) -> bool:
    """The assistant is built and no key is held for a rebuild."""
    return getattr(screen, "assistant", None) is not None and not getattr(screen, "waiting", None)


def ghost_ready(screen: Screen) -> bool:
    """A Ghost game is on and it is a person's move (or the game is over)."""
    match = getattr(screen, "match", None)
    return match is not None and (match.over or not getattr(screen, "computer_to_move", False))


def burst(app: WordleTuiApp, *keys: str) -> None:
    """Send keys (single letters or key names, words spelled out) without waiting."""
    for key in keys:
        named = key in CHARACTERS or "+" in key or (key[0] == "f" and key[1:].isdigit())
        for one in [key] if named else list(key):
            event = events.Key(one, CHARACTERS.get(one, one if len(one) == 1 else None))
            event.set_sender(app)
            app._driver.send_message(event)
