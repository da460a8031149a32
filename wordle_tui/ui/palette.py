"""The command palette's providers (ctrl+p): every game, screen and setting, and the actions of
the screen the palette was opened on.

The providers read the catalog and the app's own tables rather than lists of their own, so a
game, screen or key added there reaches the palette with nothing to change here:

- `GamesProvider` and `ScreensProvider`: the home menu's lines, from the catalog
  (`gameplay/catalog.py`: "Play" the games' lines, "Open" the tools' and other screens'),
  opened exactly as the home menu opens them, by posting `HomeScreen.Chosen` to the app.
- `AppearanceProvider`: the app actions in `APPEARANCE` that the app has (and that the home
  menu does not already offer): the contrast, the word lists, the settings, the help, and the
  statistics and Watch, which have keys on the home screen rather than menu lines.
- `ScreenActionsProvider`: the bindings of the screen the palette was opened on (new game,
  undo, export, ...), plus, in a guessing game, switching hard mode and sharing the result.

Textual's own system commands (theme, keys, screenshot, quit) stay in `App.COMMANDS` beside these.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any, NamedTuple

from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from ..gameplay.catalog import GameRequest, hard_mode, menu
from ..gameplay.catalog import title as title_of
from .home import HomeScreen

# Actions that only make sense on a key (they act on what was typed), kept out of the palette.
TYPING_ACTIONS = frozenset({"submit", "delete", "add_row"})
# Every screen's inherited keys (focus moves, copy): not the screen's own actions.
INHERITED_ACTIONS = frozenset(b.action for b in Screen.BINDINGS if isinstance(b, Binding))
# (title, help, app action): offered when the app has `action_<name>`.
APPEARANCE = (
    ("High-contrast tiles", "Orange for the right spot, blue for the wrong one", "toggle_contrast"),
    ("Word lists", "Choose the answers and guesses every game uses", "choose_lists"),
    ("Settings", "Theme, contrast, hard mode and the other settings", "settings"),
    ("Help", "The rules of every game and screen", "help"),
    ("Open Statistics", "Played, streaks, guess distributions", "stats"),
    ("Open Watch the computer play", "The solver plays a word, row by row", "watch"),
)


class Command(NamedTuple):
    """One palette command: what it is called, what it does, and the call that does it."""

    title: str
    help: str
    run: Callable[[], Any]


class TableProvider(Provider):
    """A provider whose commands are a list: fuzzy search on their titles, all of them shown
    before anything is typed."""

    def commands(self) -> Iterable[Command]:
        """The commands this provider offers now."""
        raise NotImplementedError

    async def discover(self) -> Hits:
        """Every command, for the palette opened with nothing typed."""
        for command in self.commands():
            yield DiscoveryHit(command.title, command.run, help=command.help)

    async def search(self, query: str) -> Hits:
        """The commands whose titles match `query` (fuzzily), best first."""
        matcher = self.matcher(query)
        for command in self.commands():
            score = matcher.match(command.title)
            if score > 0:
                yield Hit(score, matcher.highlight(command.title), command.run, help=command.help)

    def choose(self, key: str) -> None:
        """Open the home menu's entry `key`, as choosing it on the home screen does."""
        self.app.post_message(HomeScreen.Chosen(key))


class GamesProvider(TableProvider):
    """Every game of the home menu: `Play Wordle`, `Play Ghost`, ..."""

    def commands(self) -> Iterator[Command]:
        for entry, line in menu():
            if entry.kind == "game":
                yield Command(
                    f"Play {line.title}", line.what.capitalize(), partial(self.choose, line.key)
                )


class ScreensProvider(TableProvider):
    """Every other screen of the home menu: the assistant, watch, reports, statistics, help."""

    def commands(self) -> Iterator[Command]:
        for entry, line in menu():
            if entry.kind != "game":
                yield Command(
                    f"Open {line.title}", line.what.capitalize(), partial(self.choose, line.key)
                )


class AppearanceProvider(TableProvider):
    """How the app looks and which words it plays with (contrast, word lists, settings), and
    the help: the app's own screens that are not on the home menu."""

    def commands(self) -> Iterator[Command]:
        on_menu = {line.key for _, line in menu()}
        for title, what, action in APPEARANCE:
            method = getattr(self.app, f"action_{action}", None)
            if callable(method) and action not in on_menu:
                yield Command(title, what, method)


class ScreenActionsProvider(TableProvider):
    """The actions of the screen the palette was opened on, from its own key bindings."""

    def commands(self) -> Iterator[Command]:
        yield from binding_commands(self.screen)
        yield from game_commands(self.app, self.screen)


def own_action(action: str) -> bool:
    """Whether a screen's binding is its own action: not typing, not inherited, and not an
    app-wide one (those are the other providers'), but for going back."""
    if action in TYPING_ACTIONS or action in INHERITED_ACTIONS:
        return False
    return not action.startswith("app.") or action == "app.pop_screen"


def binding_commands(screen: Any) -> Iterator[Command]:
    """A command for each enabled key binding of `screen` itself (not the app's or widgets')."""
    seen: set[str] = set()
    for active in screen.active_bindings.values():
        binding = active.binding
        action = binding.action
        if active.node is not screen or not active.enabled or not binding.description:
            continue
        if not own_action(action) or action in seen:
            continue
        seen.add(action)
        key = binding.key_display or screen.app.get_key_display(binding)
        what = f"{screen_name(screen)}: {binding.description}"
        yield Command(f"{binding.description} ({key})", what, run_on(screen, action))


def run_on(screen: Any, action: str) -> Callable[[], Any]:
    """A callback that runs `action` on `screen` (an `app.` prefix runs it on the app)."""
    return lambda: screen.run_action(action)


def screen_name(screen: Any) -> str:
    """A short name for the screen, for the commands' help lines."""
    request = getattr(screen, "request", None)
    if isinstance(request, GameRequest):
        return title_of(request.game).capitalize()
    return type(screen).__name__.removesuffix("Screen") or "This screen"


def game_commands(app: Any, screen: Any) -> Iterator[Command]:
    """In a guessing game: play the same game in the other mode, and share a finished game."""
    request = getattr(screen, "request", None)
    open_game = getattr(app, "open_game", None)
    if isinstance(request, GameRequest) and callable(open_game) and hard_mode(request.game):
        mode = "normal" if request.hard else "hard"
        yield Command(
            f"Switch to {mode} mode",
            f"Play {title_of(request.game)} in {mode} mode (asks first if a round is under way)",
            lambda: switch_mode(app, screen, request),
        )
    game = getattr(screen, "game", None)
    if getattr(game, "over", False) and hasattr(game, "share_text"):
        what = "Copy the result's squares to the clipboard"
        yield Command("Share the result", what, lambda: share(app, game))


def switch_mode(app: Any, screen: Any, request: GameRequest) -> None:
    """Close the game and open the same game in the other mode (which asks before abandoning
    a round under way: a game keeps one unfinished round)."""
    again = GameRequest(
        request.game, hard=not request.hard, perfect=request.perfect, lists=request.lists
    )
    if app.screen is screen:
        app.pop_screen()
    app.open_game(again)


def share(app: Any, game: Any) -> None:
    """Copy a finished game's squares, as the result screen does, and say so."""
    text = game.share_text(app.has_class("-high-contrast"))
    app.copy_to_clipboard(text)
    app.notify(f"Copied to the clipboard where the terminal allows it:\n{text}", title="Share")


PROVIDERS = (GamesProvider, ScreensProvider, AppearanceProvider, ScreenActionsProvider)
