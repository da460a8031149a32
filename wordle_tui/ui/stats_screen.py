"""Statistics: played, win %, streaks and the guess distribution for each game.

A tab per game of the catalog with a statistics heading (`gameplay/catalog.py`), in the
statistics' order, titled with the game's title.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static, TabbedContent, TabPane

from ..gameplay.catalog import stats_tabs
from ..gameplay.daily import DailyStats, daily_stats
from ..gameplay.statistics import (
    COMPUTER_GUESSES,
    board_tally,
    boards_line,
    empty_chart,
    unfinished,
)
from ..history import History, Stats
from ..plural import plural
from ..solver.choices import WordleGame
from ..solver.multi.variants import MULTI_NAMES
from .widgets import Footer, Histogram


def summary(stats: Stats) -> str:
    """Played, won (whose win, where it is not yours) and streaks."""
    if stats.game in COMPUTER_GUESSES:
        rest = f" ({unfinished(stats)})" if stats.played > stats.wins else ""
        return (
            f"[b]{stats.played:,}[/b] played   [b]{stats.win_percent}%[/b] of your words found "
            f"by the computer{rest}"
        )
    return (
        f"[b]{stats.played:,}[/b] played   [b]{stats.win_percent}%[/b] win   "
        f"[b]{stats.current_streak:,}[/b] current streak   [b]{stats.max_streak:,}[/b] max streak"
    )


def daily_summary(daily: DailyStats) -> str:
    """The daily puzzles' line: days played and won, and the streak of days won on the day."""
    return (
        f"Daily puzzle: [b]{plural(daily.played, 'day')}[/b] played, [b]{daily.wins:,}[/b] won   "
        f"daily streak [b]{plural(daily.current_streak, 'day')}[/b]   "
        f"[b]{daily.max_streak:,}[/b] best"
    )


class StatsScreen(Screen):
    """A tab per game."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back")]
    HELP_TOPIC = "stats"

    def __init__(self, history: History, game: str = "wordle") -> None:
        super().__init__()
        self.history = history
        self.first = game if game in {entry.id for entry in stats_tabs()} else "wordle"

    def compose(self) -> ComposeResult:
        history = self.history
        with TabbedContent(initial=f"tab-{self.first}"):
            for entry in stats_tabs():
                game = entry.id
                stats = history.stats(game)
                highlight = stats.last_score if stats.last_won else None
                with TabPane(entry.title, id=f"tab-{game}"):
                    yield Static(summary(stats), classes="stats-summary", id=f"summary-{game}")
                    if game == WordleGame.WORDLE:
                        yield Static(self.daily_line(), classes="stats-daily", id="summary-daily")
                    if game in MULTI_NAMES:
                        tally = board_tally(history.finished(game))
                        yield Static(boards_line(tally), classes="stats-daily", id=f"boards-{game}")
                    heading = entry.stats.heading if entry.stats else None  # a tab's has one
                    yield Static(heading or "", classes="stats-heading")
                    bins = range(1, 7) if game == WordleGame.WORDLE else None
                    yield Histogram(
                        stats.distribution,
                        highlight=highlight,
                        bins=bins,
                        empty=empty_chart(stats),
                        id=f"histogram-{game}",
                    )
        yield Footer()

    def daily_line(self) -> str:
        """The daily puzzles' statistics (their streak counts days, not games)."""
        return daily_summary(daily_stats(self.history.finished("wordle")))
