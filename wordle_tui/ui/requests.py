"""What a screen posts to ask the app to open another screen: the screens' features never
import each other, so the assistant or the reports ask the app for the explorer this way."""

from __future__ import annotations

from textual.message import Message

from ..gameplay.request import GameRequest


class OpenRequest(Message):
    """Open the screen of `request` on top (the app handles it: `on_open_request`)."""

    def __init__(self, request: GameRequest) -> None:
        self.request = request
        super().__init__()
