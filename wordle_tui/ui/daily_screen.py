"""The daily puzzle and its archive: today's number, the last days played, any past day by number.

Dismisses with the chosen day's number (the app opens it) or None. A future day, a negative
number or text that is no number (ASCII digits only) gets a message here; nothing is opened.
A clock set before day 0 is said so: today's puzzle is then day 0.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Static

from ..gameplay.daily import (
    NoSuchDay,
    clock_note,
    daily_stats,
    date_of,
    day_number,
    parse_day,
    played_day,
)
from ..history import History
from ..plural import plural
from ..solver.listsets import DEFAULT
from .widgets import Note

RECENT = 7  # days shown in the archive list


def day_status(history: History, day: int, lists_name: str) -> str:
    """How puzzle `day` went on these lists: not played, won in N/6, lost or given up."""
    row = played_day(history, day, lists_name)
    if row is None:
        return "not played"
    if row["result"] == "won":
        return f"won in {row['score']}/6"
    return "lost" if row["result"] == "lost" else "given up"


class DailyScreen(ModalScreen[int | None]):
    """Choose a daily puzzle: Enter plays today's, or type a past day's number."""

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, history: History, lists_name: str = DEFAULT) -> None:
        super().__init__()
        self.history = history
        self.lists_name = lists_name
        self.today = day_number()

    def compose(self) -> ComposeResult:
        stats = daily_stats(self.history.finished("wordle"), self.today)
        with Vertical(id="daily"):
            yield Static(
                f"[b]Daily puzzle {self.today}[/b]  {date_of(self.today):%A %d %B %Y}",
                id="daily-title",
            )
            yield Static(
                f"{plural(stats.played, 'day')} played · {stats.wins} won · "
                f"streak {stats.current_streak} · best {stats.max_streak}",
                id="daily-stats",
            )
            yield Static(self.recent_lines(), id="daily-recent")
            yield Input(
                placeholder=f"Enter: today's ({self.today}), or a past day's number",
                id="daily-day",
            )
            yield Note(clock_note(), id="daily-message")
        yield Footer()

    def recent_lines(self) -> str:
        """The last days and how each went (the archive's most recent page)."""
        lines = ["[b]Recent days[/b]"]
        for day in range(self.today, max(-1, self.today - RECENT), -1):
            status = day_status(self.history, day, self.lists_name)
            lines.append(f"{day:>5}  {date_of(day):%a %d %b}  {status}")
        return "\n".join(lines)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            day = parse_day(event.value, self.today)
        except NoSuchDay as problem:
            self.query_one(Note).text = str(problem)
            self.app.bell()
            return
        self.dismiss(day)

    def action_cancel(self) -> None:
        self.dismiss(None)
