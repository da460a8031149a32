"""The Textual app: a home screen, the games, statistics and help.

Screens show state and forward keys to the game rounds in `wordle_tui.gameplay`; solver work
runs in thread workers that post messages back. The app holds the word-list set (from
`--lists`, else the settings) and hands it to every screen it opens.
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from textual.app import App, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.reactive import reactive
from textual.screen import Screen, ScreenResultCallbackType
from textual.worker import WorkerFailed

from ..crashlog import crash_message, write_crash_log
from ..gameplay.catalog import GameRequest, hard_mode, menu_line
from ..history import History
from ..settings import Settings
from ..solver.choices import WordleGame
from ..solver.listsets import DEFAULT
from .home import HomeScreen
from .palette import PROVIDERS
from .requests import KeepRequest, OpenRequest
from .screens import screen_for
from .worker_errors import WorkFailed

if TYPE_CHECKING:  # the solver (and NumPy) is imported when a game first needs it
    from ..solver.listsets import WordListSet


class WordleTuiApp(App):
    """The wordle-tui application."""

    TITLE = "wordle-tui"
    CSS_PATH = Path(__file__).with_name("app.tcss")
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),
        Binding("f1", "app.help", "Help"),  # "app.help", as the screens' "?": one footer key
        Binding("question_mark", "app.help", "Help", show=False),  # ? too, on every screen
        Binding("f2", "toggle_contrast", "Contrast", show=False),
        Binding("f9", "settings", "Settings", show=False),
    ]
    COMMANDS = App.COMMANDS | set(PROVIDERS)  # ctrl+p: every game, screen and setting
    high_contrast: reactive[bool] = reactive(False)

    def __init__(
        self,
        request: GameRequest | None = None,
        history: History | None = None,
        lists: WordListSet | None = None,
        settings: Settings | None = None,
    ):
        super().__init__()
        self.request = request
        self._history = history
        self._lists = lists  # this run's word-list set (from --lists); else the settings'
        self._settings = settings
        self.crash_log: Path | None = None
        self.crashed = False
        self.exiting = False  # quitting (or crashed): no screen is opened any more
        self.owns_history = False
        self.kept: dict[str, GameRequest] = {}  # a game's last setup, for its next opening

    def exit(
        self, result: object = None, return_code: int = 0, message: RenderableType | None = None
    ) -> None:
        """Quit; keys typed after it (`q` then `l`) open no screen while the app closes."""
        self.exiting = True
        super().exit(result, return_code, message)

    # Textual's overloads promise an AwaitMount (or a Future); quitting, this returns a no-op
    def push_screen(  # type: ignore[override]
        self,
        screen: Screen | str,
        callback: ScreenResultCallbackType[Any] | None = None,
        wait_for_dismiss: bool = False,
        *,
        mode: str | None = None,
    ) -> Awaitable:
        """Open `screen` on top, unless the app is quitting: a screen mounted while the app
        closes finds none of its widgets. Every screen is opened through here (the games,
        the home screen's keys, the palette, dialogs), so none can slip through."""
        if self.exiting:
            return AwaitComplete()
        if wait_for_dismiss:
            return super().push_screen(screen, callback, True, mode=mode)
        return super().push_screen(screen, callback, False, mode=mode)

    def switch_screen(self, screen: Screen | str) -> AwaitComplete:
        """Replace the top screen (refused like `push_screen` while quitting)."""
        if self.exiting:
            return AwaitComplete()
        return super().switch_screen(screen)

    def _handle_exception(self, error: Exception) -> None:
        """A bug: log the traceback to a file and say where, instead of a screen of locals.

        A worker's bug arrives as Textual's `WorkerFailed`, made without a traceback: the
        log and the message are of the error inside it, raised in the worker's thread.
        """
        first = not self.crashed
        self.crashed = self.exiting = True
        cause = error.error if isinstance(error, WorkerFailed) else error
        if first:
            self.crash_log = write_crash_log(cause)
        shown = len(self._exit_renderables)
        super()._handle_exception(error)
        if first:
            del self._exit_renderables[shown:]
            self._exit_renderables.append(crash_message(cause, self.crash_log))

    def on_work_failed(self, message: WorkFailed) -> None:
        """A worker's expected error that no screen showed (see `worker_errors`): a notice."""
        self.notify(message.text, severity="error", timeout=15)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A toast, as plain text: every notice here quotes paths, errors or typed text, whose
        brackets are not markup (a data folder named '[/x]' must not break the app)."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

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

    @property
    def settings(self) -> Settings:
        """The app's settings (read on first use)."""
        if self._settings is None:
            self._settings = Settings.load()
        return self._settings

    @property
    def lists_name(self) -> str:
        """The name of the word-list set in use."""
        return self._lists.name if self._lists is not None else self.settings.lists

    @property
    def word_lists(self) -> WordListSet:
        """The word-list set every screen is handed (loaded on first use)."""
        if self._lists is None:
            from ..solver.listsets import load_set

            self._lists = load_set(self.settings.lists)
        return self._lists

    def start_lists(self) -> None:
        """Check the set named in the settings: a set that cannot be used is one warning,
        and the default lists instead."""
        if self.settings.warning:
            self.notify(self.settings.warning, severity="warning", timeout=15)
        if self._lists is not None or self.settings.lists == DEFAULT:
            return  # the default set is read when a game first needs it
        from ..solver.listsets import ListSetError, default_set, load_set

        try:
            self._lists = load_set(self.settings.lists)
        except ListSetError as error:
            self._lists = default_set()
            self.notify(f"{error}. Playing with the default lists.", severity="warning")

    def on_mount(self) -> None:
        self.start_lists()
        self.restore_settings()
        self.push_screen(HomeScreen(self.lists_name))
        if self.history.notice:
            self.notify(self.history.notice, severity="warning", timeout=15)
        if self.request is not None:
            self.open_game(self.request)

    def screen_for(self, request: GameRequest) -> Screen:
        """The screen that plays a request's game, handed what it needs (`ui/screens.py`)."""
        return screen_for(request, self)

    def open_game(self, request: GameRequest) -> None:
        """Open a game screen on top of the home screen (`play watch`: the watch screen, on
        the request's answer)."""
        if request.game == "watch":
            self.action_watch(request.target)
            return
        self.push_screen(self.screen_for(request))

    def on_open_request(self, message: OpenRequest) -> None:
        """A screen asks for another (the assistant or the reports, for the explorer)."""
        self.open_game(message.request)

    def on_home_screen_chosen(self, message: HomeScreen.Chosen) -> None:
        """Open the catalog entry of a menu line: a game or tool by its request, another
        screen by the app's action of its name (`action_daily`, ...)."""
        chosen = menu_line(message.key)
        if chosen is None:
            self.action_open(message.key)
            return
        entry, line = chosen
        if entry.opened_by_request:
            self.action_open(entry.id, line.hard)
        else:
            getattr(self, f"action_{entry.id}")()

    def on_resize(self, event) -> None:
        """Use one-line tiles when the terminal is too short for the full board (or always,
        with the compact setting)."""
        self.set_class(self.settings.compact or event.size.height < 24, "-compact")

    def action_open(self, game: str, hard: bool = False) -> None:
        hard = hard or (self.settings.hard_mode and hard_mode(game))
        kept = self.kept.get(game)  # as it was last set up (Ghost)
        perfect = game == WordleGame.EVIL and self.settings.perfect_evil
        if game == WordleGame.WORDLE and self.settings.adversary:
            game = WordleGame.ADVERSARY  # the word drawn by the adversary, kept apart
        request = GameRequest(game, hard=hard) if kept is None else replace(kept, hard=hard)
        request = replace(request, perfect=perfect)
        self.open_game(request)

    def on_keep_request(self, message: KeepRequest) -> None:
        """Remember a game's setup for this session: reopened, it is as it was left."""
        self.kept[message.request.game] = message.request

    def restore_settings(self) -> None:
        """Apply the saved settings; keep the theme chosen anywhere (ctrl+p too) in them."""
        from .settings_screen import apply_settings

        for notice in apply_settings(self, self.settings):
            self.notify(notice, severity="warning")
        self.theme_changed_signal.subscribe(self, lambda theme: self.keep("theme", theme.name))

    def keep(self, attribute: str, value: object) -> None:
        """Change one setting, apply it at once and save it (a notice if it cannot be)."""
        from .settings_screen import apply_settings

        if getattr(self.settings, attribute) == value:
            return
        setattr(self.settings, attribute, value)
        apply_settings(self, self.settings)
        warning = self.settings.save()
        if warning:
            self.notify(warning, severity="warning")
        self.show_settings()

    def show_settings(self) -> None:
        """Show the settings as they are now on an open settings screen."""
        from .settings_screen import SettingsScreen

        for screen in self.screen_stack:
            if isinstance(screen, SettingsScreen):
                screen.show(self.settings, self.lists_name)

    def on_settings_screen_changed(self, message) -> None:
        self.keep(message.attribute, message.value)

    def action_settings(self) -> None:
        """Open the settings screen (theme, contrast, hard mode, animations, lists)."""
        from .settings_screen import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen(self.settings, self.available_themes, self.lists_name))

    def action_daily(self) -> None:
        """The daily puzzle: today's, or a past day's from the archive."""
        from .daily_screen import DailyScreen

        def play(day: int | None) -> None:
            if day is not None:
                self.open_game(GameRequest("wordle", hard=self.settings.hard_mode, day=day))

        self.push_screen(DailyScreen(self.history, self.lists_name), play)

    def action_stats(self, game: str = "wordle") -> None:
        from .stats_screen import StatsScreen

        self.push_screen(StatsScreen(self.history, game))

    def action_help(self) -> None:
        from .help import HelpScreen, topic_of

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(topic_of(self.screen)))

    def action_watch(self, target: str | None = None) -> None:
        from .boards.watch import WatchScreen

        self.push_screen(WatchScreen(target, self.word_lists))

    def action_choose_lists(self) -> None:
        """Open the word-list chooser; the set chosen is used from the next screen opened."""
        from .lists_screen import ListsScreen

        if not isinstance(self.screen, ListsScreen):
            self.push_screen(ListsScreen(self.lists_name), self.use_lists)

    def use_lists(self, name: str | None) -> None:
        """Play with the set `name` from now on, and keep it in the settings."""
        from ..solver.listsets import ListSetError, load_set

        if name is None or name == self.lists_name:
            return
        try:
            chosen = load_set(name)
        except ListSetError as error:
            self.notify(str(error), severity="error")
            return
        self._lists = chosen
        self.settings.lists = chosen.name
        warning = self.settings.save()
        for screen in self.screen_stack:
            if isinstance(screen, HomeScreen):
                screen.show_lists(chosen.name)
        self.show_settings()
        self.notify(f"Word lists: {chosen.summary()}", title="Word lists")
        if warning:
            self.notify(warning, severity="warning")

    def action_go_home(self) -> None:
        """Close every screen above the home screen."""
        while len(self.screen_stack) > 2:
            self.pop_screen()

    def action_toggle_contrast(self) -> None:
        """F2 (and the palette): switch the high-contrast tiles, and say so."""
        from .settings_screen import switched

        self.keep("high_contrast", not self.high_contrast)
        self.notify(switched("high_contrast", self.high_contrast), title="Settings")

    def watch_high_contrast(self, value: bool) -> None:
        self.set_class(value, "-high-contrast")

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's own commands (theme, keys, quit, ...) and Home; the games, screens and
        settings come from the providers in `palette`."""
        yield from super().get_system_commands(screen)
        yield SystemCommand("Home", "Back to the home screen", self.action_go_home)


def run_app(request: GameRequest | None = None, lists: WordListSet | None = None) -> int:
    """Open the app and run until it quits; return the exit code (1 after a crash).

    `lists`: the word-list set for this run (None: the one in the settings).
    """
    app = WordleTuiApp(request, lists=lists)
    try:
        app.run()
    finally:
        warning = app.close_history()
    if warning:
        print(f"wordle-tui: {warning}", file=sys.stderr)
    return app.return_code or 0
