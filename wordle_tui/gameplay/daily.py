"""The daily puzzle: one numbered Wordle a calendar day, the same for everyone on the same lists.

Day N is `START + N days`. Its answer is the daily chooser's (`roles.answer_for`): the N-th
word of a fixed shuffle of the answer list, seeded by a constant and the lists' fingerprint (so
neither the list's order nor the user matters, and every set of lists has its own sequence).
Past days can be played from the archive; future days cannot. A day already played is shown,
not replayed: the history keeps which days were played (the variant tag `day=N`, see
`session`). No day before day 0 exists:
a clock set before the start date counts as day 0, and `clock_note` says so.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ..history import History
from .session import day_of, split_variant

START = dt.date(2025, 1, 1)  # day 0
LAST_DAY = (dt.date.max - START).days  # the last day a calendar date can be given for
DAY_TEXT = re.compile(r"-?[0-9]{1,12}")  # a typed day number: ASCII digits, a sane length


class NoSuchDay(ValueError):
    """A day number that cannot be played (in the future, or before day 0)."""


def clock_date() -> dt.date:
    """Today's date by the local clock."""
    return dt.date.today()


def day_number(date: dt.date | None = None) -> int:
    """The puzzle number of `date` (default: today, local time); 0 for a date before day 0."""
    return max(0, ((date or clock_date()) - START).days)


def clock_note(date: dt.date | None = None) -> str:
    """What to tell the player whose clock is set before day 0 ('' if it is not)."""
    date = date or clock_date()
    if date >= START:
        return ""
    return (
        f"Your clock says {date:%d %B %Y}, before the first daily puzzle "
        f"({START:%d %B %Y}): puzzle 0 is the latest there is."
    )


def date_of(day: int) -> dt.date:
    """The calendar date of puzzle `day` (0 to LAST_DAY; OverflowError beyond)."""
    return START + dt.timedelta(days=day)


def check_day(day: int, today: int | None = None) -> int:
    """`day` if it can be played now; else NoSuchDay saying why."""
    today = day_number() if today is None else today
    if day < 0:
        raise NoSuchDay(f"There is no puzzle {day}: the first is 0 ({START:%d %B %Y})")
    if day > today:
        when = f" ({date_of(day):%d %B %Y})" if day <= LAST_DAY else ""
        raise NoSuchDay(f"Puzzle {day} is in the future{when}; today's is {today}")
    return day


def parse_day(text: str, today: int | None = None) -> int:
    """A day number typed by the player (empty: today), checked; NoSuchDay if unusable."""
    text = text.strip().lstrip("#")
    today = day_number() if today is None else today
    if not text:
        return today
    if not DAY_TEXT.fullmatch(text):
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise NoSuchDay(f"{shown!r} is not a puzzle number: type a number from 0 to {today}")
    return check_day(int(text), today)


def played_day(history: History, day: int, lists_name: str, game: str = "wordle") -> dict | None:
    """The finished game of puzzle `day` of `game` (Wordle, or a multi-board game) on these
    lists, if it was played."""
    for row in reversed(history.finished(game)):
        if day_of(row["variant"]) == day and split_variant(row["variant"])[1] == lists_name:
            return row
    return None


@dataclass(frozen=True)
class DailyStats:
    """The daily puzzles: played, won, and streaks of days in a row won on their own day."""

    played: int = 0
    wins: int = 0
    current_streak: int = 0
    max_streak: int = 0


def daily_stats(rows: list[dict], today: int | None = None) -> DailyStats:
    """Daily statistics from finished Wordle rows (others are ignored).

    A streak counts consecutive days won on the day itself; playing a past day from the
    archive counts as played, but neither extends nor mends a streak. The current streak
    still stands if today's puzzle is not played yet.
    """
    today = day_number() if today is None else today
    results: dict[int, bool] = {}
    on_time: set[int] = set()
    for row in rows:
        day = day_of(row["variant"])
        if day is None or day > LAST_DAY:  # a foreign row: no date to compare with
            continue
        results[day] = results.get(day, False) or row["result"] == "won"
        if row["result"] == "won" and str(row["started"])[:10] == date_of(day).isoformat():
            on_time.add(day)
    best = run = 0
    for day in sorted(on_time):
        run = run + 1 if day - 1 in on_time else 1
        best = max(best, run)
    current, day = 0, today if today in results else today - 1  # today lost: no streak
    while day in on_time:
        current, day = current + 1, day - 1
    return DailyStats(len(results), sum(results.values()), current, best)
