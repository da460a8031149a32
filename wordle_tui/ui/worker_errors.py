"""Expected errors in thread workers: a message to the screen, never a crash.

Every `@work` body is wrapped in `@reports_errors` (under `@work`). An expected error (a
`WordleTuiError`, such as word lists too big for memory, or a `MemoryError`) is posted as
`WorkFailed` from the worker's node; it bubbles to its screen, which shows the text in its
message line and leaves its busy state. A screen that does not handle it leaves it to the
app, which shows it as a notification. Anything else is a bug, for the crash log.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from rich.markup import escape
from textual.message import Message
from textual.message_pump import MessagePump

from ..errors import WordleTuiError

EXPECTED = (WordleTuiError, MemoryError)
Work = TypeVar("Work", bound=Callable[..., Any])


class WorkFailed(Message):
    """A worker stopped on an expected error: `text` is for the user, `work` names the worker
    (its method's name), `args` are what it was asked (so a handler can drop stale ones)."""

    def __init__(self, text: str, work: str, args: tuple = ()) -> None:
        self.text, self.work, self.args = text, work, args
        super().__init__()

    @property
    def shown(self) -> str:
        """The text for a widget that reads markup (a path's brackets stay brackets)."""
        return escape(self.text)


def expected_text(error: BaseException) -> str:
    """The one-line message for an expected error met by a worker."""
    if isinstance(error, WordleTuiError):
        return str(error) or type(error).__name__
    detail = f" ({error})" if str(error) else ""
    return f"Out of memory{detail}: the word lists are too big for this machine."


def reports_errors(method: Work) -> Work:
    """Wrap a worker's body: an expected error is posted as `WorkFailed`, never raised."""

    @wraps(method)
    def run(node: MessagePump, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(node, *args, **kwargs)
        except EXPECTED as error:
            node.post_message(WorkFailed(expected_text(error), method.__name__, args))
            return None

    return run  # type: ignore[return-value]
