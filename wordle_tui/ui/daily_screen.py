"""The daily puzzle and its archive: today's number, the last days played, any past day by number.

Dismisses with the chosen day's number (the app opens it) or None: Enter in the box plays the
day typed (blank: today's), Enter in the list of recent days plays the one highlighted (Down
goes from the box to the list; a digit typed in the list goes back to the box). A future day, a
negative number or text that is no number (ASCII digits only) gets a message here; nothing is
opened. A clock set before day 0 is said so: today's puzzle is then day 0.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

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
from .widgets import Footer, Note

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

    BINDINGS = [
        Binding("escape", "cancel", "Back"),
        Binding("f1", "app.help", "Help"),  # a dialog: the app's own keys do not reach it
        Binding("question_mark", "app.help", "Help", show=False),  # typed in the box, text
    ]
    HELP_TOPIC = "daily"
    AUTO_FOCUS = "#daily-day"  # type a number at once; Down goes to the recent days

    def __init__(self, history: History, lists_name: str = DEFAULT) -> None:
        super().__init__()
        self.history = history
        self.lists_name = lists_name
        self.today = day_number()
        self.chosen = False

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
            yield Static("[b]Recent days[/b]  (Down, then Enter plays one)", id="daily-recent")
            yield OptionList(*self.recent_days(), id="daily-days")
            yield Input(
                placeholder=f"Enter: today's ({self.today}), or a past day's number",
                id="daily-day",
                select_on_focus=False,  # a digit typed in the list goes on after the others
            )
            yield Note(clock_note(), id="daily-message")
        yield Footer()

    def recent_days(self) -> list[Option]:
        """The last days and how each went (the archive's most recent page), a line each."""
        options = []
        for day in range(self.today, max(-1, self.today - RECENT), -1):
            status = day_status(self.history, day, self.lists_name)
            options.append(Option(f"{day:>5}  {date_of(day):%a %d %b}  {status}", id=str(day)))
        return options

    def on_key(self, event: events.Key) -> None:
        """Down in the box goes to the list; a digit typed in the list goes to the box."""
        box = self.query_one("#daily-day", Input)
        days = self.query_one(OptionList)
        if event.key == "down" and self.focused is box:
            event.stop()
            days.focus()
            days.highlighted = days.highlighted or 0
        elif event.character and event.character.isdigit() and self.focused is days:
            event.stop()
            box.focus()
            box.insert_text_at_cursor(event.character)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.choose(int(str(event.option.id)))

    def choose(self, day: int | None) -> None:
        """Dismiss with `day` (None: nothing), once only: keys typed fast arrive after it."""
        if not self.chosen:
            self.chosen = True
            self.dismiss(day)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            day = parse_day(event.value, self.today)
        except NoSuchDay as problem:
            self.query_one(Note).text = str(problem)
            self.app.bell()
            return
        self.choose(day)

    def action_cancel(self) -> None:
        self.choose(None)
