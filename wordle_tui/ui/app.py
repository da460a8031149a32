"""The Textual app: a home screen, the games, statistics and help.

Screens show state and forward keys to the game rounds in `wordle_tui.gameplay`; solver work
runs in thread workers that post messages back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen

from ..history import History


@dataclass(frozen=True)
class GameRequest:
    """Which game to open, and how (from `wordle-tui play` or the home screen)."""

    game: str = "wordle"  # wordle, evil, antiwordle, jotto, jotto-computer
    hard: bool = False
    target: str | None = None
    seed: int | None = None
    daily: bool = False
    prior: str = "uniform"  # the assistant's word prior
    ghost_variant: str = "ghost"  # Ghost: ghost, super or superduper
    min_length: int = 3
    first: str = "human"  # Ghost: who starts
    style: str = "perfect"  # Ghost: perfect, or exploit mistakes
    words: str | None = None  # Ghost: a word list file instead of ENABLE

    @property
    def fresh(self) -> bool:
        """Whether the request names its own answer (and so does not resume a saved game)."""
        return self.target is not None or self.seed is not None or self.daily


TITLES = {
    "wordle": "Wordle",
    "evil": "Evil Wordle",
    "antiwordle": "Antiwordle",
    "jotto": "Jotto",
    "jotto-computer": "Jotto: the computer guesses",
    "assistant": "the NYT assistant",
    "ghost": "Ghost",
}


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

    @property
    def history(self) -> History:
        """The game history (opened on first use)."""
        if self._history is None:
            self._history = History()
        return self._history

    def on_mount(self) -> None:
        from .home import HomeScreen

        self.push_screen(HomeScreen())
        if self.history.notice:
            self.notify(self.history.notice, severity="warning", timeout=15)
        if self.request is not None:
            self.open_game(self.request)

    def open_game(self, request: GameRequest) -> None:
        """Open a game screen on top of the home screen."""
        screen: Screen
        if request.game == "reports":
            from .reports_screen import ReportsScreen

            screen = ReportsScreen()
        elif request.game == "ghost":
            from .ghost_screen import GhostScreen

            screen = GhostScreen(request)
        elif request.game == "assistant":
            from .assistant_screen import AssistantScreen

            screen = AssistantScreen(hard=request.hard, prior=request.prior)
        elif request.game == "jotto":
            from .jotto_screen import JottoScreen

            screen = JottoScreen(request)
        elif request.game == "jotto-computer":
            from .jotto_screen import ComputerJottoScreen

            screen = ComputerJottoScreen()
        else:
            from .wordle_screen import WordleScreen

            screen = WordleScreen(request)
        self.push_screen(screen)

    def on_resize(self, event) -> None:
        """Use one-line tiles when the terminal is too short for the full board."""
        self.set_class(event.size.height < 24, "-compact")

    def action_open(self, game: str, hard: bool = False) -> None:
        self.open_game(GameRequest(game, hard=hard))

    def action_stats(self, game: str = "wordle") -> None:
        from .stats_screen import StatsScreen

        self.push_screen(StatsScreen(game))

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


def run_app(request: GameRequest | None = None) -> None:
    """Open the app and run until it quits."""
    WordleTuiApp(request).run()
