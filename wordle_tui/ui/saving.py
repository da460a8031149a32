"""Telling the player, once, when results cannot be saved right now (they are kept, not lost)."""

from __future__ import annotations

from textual.widget import Widget

from ..history import History


def warn_if_unsaved(widget: Widget, history: History) -> None:
    """Show the history's newest saving trouble, if any, as a warning toast."""
    message = history.pop_warning()
    if message:
        widget.notify(message, title="Not saved yet", severity="warning", timeout=12)
