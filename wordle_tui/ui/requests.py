"""What a screen posts to ask the app to open another screen: the screens' features never
import each other, so the assistant or the reports ask the app for the explorer this way; and
how a game's screen asks the app to open it as it was left (Ghost's setup)."""

from __future__ import annotations

from textual.message import Message

from ..gameplay.request import GameRequest


class OpenRequest(Message):
    """Open the screen of `request` on top (the app handles it: `on_open_request`)."""

    def __init__(self, request: GameRequest) -> None:
        self.request = request
        super().__init__()


class KeepRequest(Message):
    """Open this request's game as `request` asks, the next time this session (the app handles
    it: `on_keep_request`), as Ghost's screen keeps its last setup."""

    def __init__(self, request: GameRequest) -> None:
        self.request = request
        super().__init__()
