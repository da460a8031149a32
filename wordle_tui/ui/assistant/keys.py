"""The assistant screen's keys in typing order: those that change the rows or the mode
(`IN_ORDER`) and the entry's run in `InOrderScreen`'s `on_key` (`ui/typing.py`), as bindings
they would run after the keys typed behind them (ARCHITECTURE.md). While the assistant is
rebuilt for a new mode (F3, F4, a widened row) such a key waits, with every entry key typed
behind it, and they run in order once it is loaded."""

from __future__ import annotations

from typing import ClassVar

from textual import events

from ...gameplay.entry import MARK_KEYS, RowEntry
from ..typing import InOrderScreen
from ..widgets import Note

LOADING = "Still loading the word lists…"
# Their bindings are the footer's (and the mode lines'); `on_key` runs them.
IN_ORDER = {
    "enter": "add_row",
    "ctrl+z": "undo",
    "ctrl+l": "clear",
    "f3": "toggle_hard",
    "f4": "toggle_prior",
    "f6": "next_rank",
}
NAMED = ("left", "right", "up", "down", "space", "backspace")


def entry_key(event: events.Key) -> str | None:
    """The key as the entry names it (a character, or a named key), or None."""
    if event.key == "ctrl+h":
        return "backspace"
    if event.key in NAMED:
        return event.key
    char = event.character
    return char if char and char.isprintable() else None


def for_the_entry(key: str) -> bool:
    """Whether the entry may take `key` (a letter, a colour, a move), so it may wait in line."""
    return key in NAMED or (len(key) == 1 and key.isascii() and key.isalpha()) or key in MARK_KEYS


class KeysInOrder(InOrderScreen):
    """A screen whose row and mode keys run in typing order, and wait for a rebuild."""

    IN_ORDER: ClassVar[dict[str, str]] = IN_ORDER
    entry: RowEntry  # the row being typed
    waiting: list[tuple[str | None, str]] | None = None  # (action, key): None, no rebuild

    def stop_search(self) -> None:
        """A key was pressed: stop the proven-best search, if one is running."""
        raise NotImplementedError

    def show_entry(self) -> None:
        """Show the row being typed."""
        raise NotImplementedError

    async def take_key(self, event: events.Key) -> bool:
        """Entry keys, and the `IN_ORDER` keys, in typing order; whether taken."""
        action = self.key_action(event.key)
        key = event.key if action else entry_key(event)
        return key is not None and await self.press(action, key)

    async def press(self, action: str | None, key: str) -> bool:
        """Run `action` (or type `key`), or put it in line behind a rebuild; whether taken."""
        if self.waiting is not None and (action or (self.waiting and for_the_entry(key))):
            self.waiting.append((action, key))
            if action:
                self.query_one(Note).text = LOADING
            return True
        if action is None:
            return self.type_key(key)
        await self.run_in_order(action)
        return True

    def type_key(self, key: str) -> bool:
        """A key for the entry (it stops the proof, even if it changes nothing)."""
        self.stop_search()
        if not self.entry.key(key):
            return False
        self.query_one(Note).text = ""
        self.show_entry()
        return True

    def action_answers_page(self, pages: int) -> None:
        """PageDown, PageUp: the possible answers a page on or back (no key of the entry's)."""
        box = self.query_one("#candidates-box")
        if pages > 0:
            box.scroll_page_down(animate=False)
        else:
            box.scroll_page_up(animate=False)

    def hold_keys(self) -> None:
        """A rebuild began: the row and mode keys wait for it (see `replay_keys`)."""
        if self.waiting is None:
            self.waiting = []

    async def replay_keys(self) -> None:
        """The rebuild is over: run the keys that waited, in order (until another rebuild)."""
        keys, self.waiting = self.waiting or [], None
        for done, (action, key) in enumerate(keys):
            if self.waiting is not None:  # rebuilt again (F3, a widened row): the rest wait
                self.waiting.extend(keys[done:])
                return
            await self.press(action, key)
