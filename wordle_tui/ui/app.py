"""The Textual app: a home screen, the games, statistics and help.

Screens show state and forward keys to the game rounds in `wordle_tui.gameplay`; solver work
runs in thread workers that post messages back.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen

from ..crashlog import crash_message, write_crash_log
from ..gameplay.catalog import TITLES, GameRequest
from ..history import History
from .home import HomeScreen


class WordleTuiApp(App):
    """The wordle-tui application."""

    TITLE = "wordle-tui"
    CSS_PATH = Path(__file__).with_name("app.tcss")
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),
        Binding("f1", "help", "Help"),
        Binding("f2", "toggle_contrast", "Contrast", show=False),
    ]
    high_contrast: reactive[bool] = reactive(False)

    def __init__(self, request: GameRequest | None = None, history: History | None = None):
        super().__init__()
        self.request = request
        self._history = history
        self.crash_log: Path | None = None
        self.crashed = False
        self.owns_history = False

    def _handle_exception(self, error: Exception) -> None:
        """A bug: log the traceback to a file and say where, instead of a screen of locals."""
        first = not self.crashed
        self.crashed = True
        if first:
            self.crash_log = write_crash_log(error)
        shown = len(self._exit_renderables)
        super()._handle_exception(error)
        if first:
            del self._exit_renderables[shown:]
            self._exit_renderables.append(crash_message(error, self.crash_log))

    @property
    def history(self) -> History:
        """The game history (opened on first use)."""
        if self._history is None:
            self._history = History()
            self.owns_history = True
        return self._history

    def close_history(self) -> str | None:
        """Close a history this app opened; return a warning if results are still unsaved."""
        if not self.owns_history or self._history is None:
            return None
        self._history.close()
        return self._history.pop_warning()

    def on_mount(self) -> None:
        self.push_screen(HomeScreen())
        if self.history.notice:
            self.notify(self.history.notice, severity="warning", timeout=15)
        if self.request is not None:
            self.open_game(self.request)

    def screen_for(self, request: GameRequest) -> Screen:
        """The screen that plays a request's game, handed what it needs.

        Game screens are imported when first opened: they bring NumPy and the solver, which
        the home screen does not need, so the app is ready in half the time.
        """
        if request.game == "reports":
            from .reports_screen import ReportsScreen

            return ReportsScreen()
        if request.game == "ghost":
            from .ghost_screen import GhostScreen

            return GhostScreen(request, self.history)
        if request.game == "assistant":
            from .assistant_screen import AssistantScreen

            return AssistantScreen(hard=request.hard, prior=request.prior)
        if request.game in ("jotto", "jotto-computer"):
            from .jotto_screen import ComputerJottoScreen, JottoScreen

            if request.game == "jotto":
                return JottoScreen(request, self.history)
            return ComputerJottoScreen(self.history)
        from .wordle_screen import WordleScreen

        return WordleScreen(request, self.history)

    def open_game(self, request: GameRequest) -> None:
        """Open a game screen on top of the home screen."""
        self.push_screen(self.screen_for(request))

    def on_home_screen_chosen(self, message: HomeScreen.Chosen) -> None:
        actions = {
            "wordle-hard": lambda: self.action_open("wordle", True),
            "watch": self.action_watch,
            "stats": self.action_stats,
            "help": self.action_help,
        }
        actions.get(message.key, lambda: self.action_open(message.key))()

    def on_resize(self, event) -> None:
        """Use one-line tiles when the terminal is too short for the full board."""
        self.set_class(event.size.height < 24, "-compact")

    def action_open(self, game: str, hard: bool = False) -> None:
        self.open_game(GameRequest(game, hard=hard))

    def action_stats(self, game: str = "wordle") -> None:
        from .stats_screen import StatsScreen

        self.push_screen(StatsScreen(self.history, game))

    def action_help(self) -> None:
        from .help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_watch(self, target: str | None = None) -> None:
        from .watch import WatchScreen

        self.push_screen(WatchScreen(target))

    def action_go_home(self) -> None:
        """Close every screen above the home screen."""
        while len(self.screen_stack) > 2:
            self.pop_screen()

    def action_toggle_contrast(self) -> None:
        self.high_contrast = not self.high_contrast

    def watch_high_contrast(self, value: bool) -> None:
        self.set_class(value, "-high-contrast")

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for game, title in TITLES.items():
            yield SystemCommand(
                f"Play {title}", f"Start or resume {title}", lambda g=game: self.action_open(g)
            )
        yield SystemCommand(
            "Play Wordle (hard mode)",
            "NYT hard mode: keep every hint",
            lambda: self.action_open("wordle", True),
        )
        yield SystemCommand(
            "Watch the computer play", "The solver plays a word of your choice", self.action_watch
        )
        yield SystemCommand(
            "Statistics", "Games played, streaks and guess distributions", self.action_stats
        )
        yield SystemCommand(
            "Help: rules of each game", "How to play, and the tile legend", self.action_help
        )
        yield SystemCommand(
            "Toggle high-contrast tiles",
            "Orange for right spot, blue for wrong",
            self.action_toggle_contrast,
        )
        yield SystemCommand("Home", "Back to the home screen", self.action_go_home)


def run_app(request: GameRequest | None = None) -> int:
    """Open the app and run until it quits; return the exit code (1 after a crash)."""
    app = WordleTuiApp(request)
    try:
        app.run()
    finally:
        warning = app.close_history()
    if warning:
        print(f"wordle-tui: {warning}", file=sys.stderr)
    return app.return_code or 0
