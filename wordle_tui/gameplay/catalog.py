"""The catalog: every game, tool and screen of the app, each declared once.

An entry gives its id, its title, its line on the home menu, its help topic, how its round is
made, the names `wordle-tui play` knows it by and its statistics. The home menu, the command
palette, `play`, the help and the statistics (the screen and `wordle-tui stats`) read them
here; the screen each entry opens is in `ui/screens.py`, keyed by the entry's id (gameplay
never imports a screen). `tests/ui/test_catalog.py` checks that no entry lacks a part.

A game of its own folder (`wordle_tui/games/<game>/`) is named here by module paths, `Lazy`
("module:name", imported when first called): its round and its screen maker, its rules text.
The shared layers never import a game's modules themselves (contracts in `pyproject.toml`), so
a new game is its folder and its entry here.

Three kinds of entry:

- a *game* is played: opened by a `GameRequest` naming its id (the palette says "Play ..."),
  with a round made from that request, and statistics kept under its id in the history;
- a *tool* is opened by a request too, but not played: the assistant, the strategy reports;
- a *screen* is opened by the app's action of the same name (`action_daily`, ...), with no
  request: the daily puzzles, watching the computer, statistics, help and settings. Watch has
  a `play` name too: the app opens `play watch`'s request by its action, its target the
  answer to watch.

The catalog's order is the home menu's, and so the palette's, `play --help`'s and the help's
(whose games' and tools' rules come before the other screens').
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Literal

from . import rounds, rules
from .request import GameRequest

__all__ = [
    "CATALOG",
    "GHOST_MODES",
    "GHOST_VARIANTS",
    "Entry",
    "GameRequest",
    "Lazy",
    "MenuLine",
    "Stats",
]

Kind = Literal["game", "tool", "screen"]
RoundMaker = Callable[[GameRequest], Any]
ScreenMaker = Callable[[GameRequest, Any], Any]  # (request, host) -> a Textual screen


@dataclass(frozen=True)
class Lazy:
    """A function named by its path, "package.module:name", imported when first called: how
    the shared layers reach a game's folder (`wordle_tui.games`) without importing it."""

    path: str

    def load(self) -> Any:
        """The named object, its module imported now."""
        module, _, name = self.path.partition(":")
        return getattr(import_module(module), name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Call the named function."""
        return self.load()(*args, **kwargs)


GHOST_VARIANTS = ("ghost", "super", "superduper", "xghost", "spook")
GHOST_MODES = ("computer", "watch", "hotseat-2", "hotseat-3", "hotseat-4")


@dataclass(frozen=True)
class MenuLine:
    """A line of the home menu, and the palette's command for it."""

    key: str  # the option's id: the entry's own, or another way to open it ("wordle-hard")
    title: str
    what: str  # what it is, in a few words (the palette's help line, capitalised)
    hard: bool = False  # opens the game in hard mode


@dataclass(frozen=True)
class Stats:
    """A game's statistics, kept in the history under the game's id."""

    heading: str | None  # over its histogram on the statistics screen (None: only in `stats`)


@dataclass(frozen=True)
class Entry:
    """One game, tool or screen: everything the menu, palette, help, `play` and statistics
    need to know about it."""

    id: str  # the request's `game`, the history's name, the key of its screen in ui/screens
    title: str  # the menu's, the palette's and the statistics tab's
    kind: Kind
    what: str = ""  # its line on the home menu ("": not on the menu)
    more: tuple[MenuLine, ...] = ()  # other lines that open it another way (hard mode)
    rules: str | None = None  # its help topic (Markdown under a `## Title` line)
    help: str | None = None  # without rules of its own: the entry whose rules F1 shows first
    round: RoundMaker | None = None  # a game's fresh round, made from its request
    screen: ScreenMaker | None = None  # its screen maker, for a game of `wordle_tui.games`
    play: tuple[str, ...] = ()  # the names `wordle-tui play` opens it by
    stats: Stats | None = None  # a game's statistics
    hard_mode: bool = False  # the settings' hard mode applies; the palette switches it

    @property
    def menu(self) -> tuple[MenuLine, ...]:
        """Its lines on the home menu, in order."""
        own = (MenuLine(self.id, self.title, self.what),) if self.what else ()
        return (*own, *self.more)

    @property
    def topic(self) -> str | None:
        """The help topic F1 shows first on its screen: its own rules', or another entry's."""
        return self.id if self.rules is not None else self.help

    @property
    def opened_by_request(self) -> bool:
        """Whether a `GameRequest` opens it (a game or a tool), not an app action."""
        return self.kind != "screen"


CATALOG: tuple[Entry, ...] = (
    Entry(
        "wordle",
        "Wordle",
        "game",
        what="find the word in six guesses",
        more=(MenuLine("wordle-hard", "Wordle, hard mode", "every hint must be used", hard=True),),
        rules=rules.WORDLE,
        round=rounds.wordle_round,
        play=("wordle",),
        stats=Stats("Guess distribution"),
        hard_mode=True,
    ),
    Entry(  # a real NYT puzzle, opened by `play wordle --nyt N`; F1 shows every topic
        "nyt",
        "NYT Wordle",
        "game",
        round=rounds.wordle_round,
        stats=Stats(None),
    ),
    Entry(
        "daily",
        "Daily puzzle",
        "screen",
        what="one word a day for everyone, and past days",
        rules=rules.DAILY,
    ),
    Entry(
        "jotto",
        "Jotto",
        "game",
        what="each guess tells how many letters match",
        rules=rules.JOTTO,
        round=rounds.jotto_round,
        play=("jotto",),
        stats=Stats("Guesses to find the word"),
    ),
    Entry(
        "jotto-computer",
        "Jotto: the computer guesses",
        "game",
        what="think of a word; answer with numbers",
        help="jotto",
        round=rounds.computer_jotto_round,
        play=("jotto-computer",),
        stats=Stats("Guesses the computer took to find your word"),
    ),
    Entry(
        "jotto-positions",
        "Jotto with positions",
        "game",
        what="letters in common, and in the right place",
        rules=rules.JOTTO_POSITIONS,
        round=rounds.jotto_round,
        play=("jotto-positions",),
        stats=Stats("Guesses to find the word"),
    ),
    Entry(
        "jotto-positions-computer",
        "Jotto with positions: the computer guesses",
        "game",
        what="you answer two numbers",
        help="jotto-positions",
        round=rounds.computer_jotto_round,
        play=("jotto-positions-computer",),
        stats=Stats("Guesses the computer took to find your word"),
    ),
    Entry(
        "evil",
        "Evil Wordle",
        "game",
        what="the computer dodges your guesses",
        rules=rules.EVIL,
        round=rounds.wordle_round,
        play=("evil",),
        stats=Stats("Guesses to pin the word down"),
        hard_mode=True,
    ),
    Entry(  # Wordle from the menu with the *Against the adversary* setting on; play adversary
        "adversary",
        "Wordle against the adversary",
        "game",
        rules=rules.ADVERSARY,
        round=rounds.wordle_round,
        play=("adversary",),
        stats=Stats("Guess distribution against the adversary"),
        hard_mode=True,
    ),
    Entry(
        "antiwordle",
        "Antiwordle",
        "game",
        what="avoid the word for as long as you can",
        rules=rules.ANTIWORDLE,
        round=rounds.wordle_round,
        play=("antiwordle",),
        stats=Stats("The guess that hit the word"),
    ),
    Entry(
        "dordle",
        "Dordle",
        "game",
        what="two Wordles at once in seven guesses",
        rules=rules.DORDLE,
        round=rounds.multi_round,
        play=("dordle",),
        stats=Stats("Guesses to solve both boards"),
    ),
    Entry(
        "quordle",
        "Quordle",
        "game",
        what="four Wordles at once in nine guesses",
        rules=rules.QUORDLE,
        round=rounds.multi_round,
        play=("quordle",),
        stats=Stats("Guesses to solve all four boards"),
    ),
    Entry(
        "octordle",
        "Octordle",
        "game",
        what="eight Wordles at once in thirteen guesses",
        rules=rules.OCTORDLE,
        round=rounds.multi_round,
        play=("octordle",),
        stats=Stats("Guesses to solve all eight boards"),
    ),
    Entry(
        "sedecordle",
        "Sedecordle",
        "game",
        what="sixteen Wordles at once in twenty-one guesses",
        rules=rules.SEDECORDLE,
        round=rounds.multi_round,
        play=("sedecordle",),
        stats=Stats("Guesses to solve all sixteen boards"),
    ),
    Entry(
        "duotrigordle",
        "Duotrigordle",
        "game",
        what="thirty-two Wordles at once in thirty-seven guesses",
        rules=rules.DUOTRIGORDLE,
        round=rounds.multi_round,
        play=("duotrigordle",),
        stats=Stats("Guesses to solve all thirty-two boards"),
    ),
    Entry(
        "ghost",
        "Ghost",
        "game",
        what="add letters; don't be the one who ends a word",
        rules=Lazy("wordle_tui.games.ghost.gameplay.rules:help_text")(),
        round=Lazy("wordle_tui.games.ghost.gameplay.referee:ghost_round"),
        screen=Lazy("wordle_tui.games.ghost.ui.screen:ghost_screen"),
        play=("ghost",),
        stats=Stats("Moves per game, yours and the computer's"),
    ),
    Entry(
        "mastermind",
        "Mastermind",
        "game",
        what="break a code of four coloured pegs",
        rules=rules.MASTERMIND,
        round=Lazy("wordle_tui.games.mastermind.gameplay.breaking:mastermind_round"),
        screen=Lazy("wordle_tui.games.mastermind.ui.screen:mastermind_board"),
        play=("mastermind",),
        stats=Stats("Guesses to break the code"),
    ),
    Entry(
        "mastermind-computer",
        "Mastermind: the computer breaks",
        "game",
        what="set a code; answer with pegs",
        help="mastermind",
        round=Lazy("wordle_tui.games.mastermind.gameplay.computer:computer_mastermind_round"),
        screen=Lazy("wordle_tui.games.mastermind.ui.screen:computer_mastermind_board"),
        play=("mastermind-computer",),
        stats=Stats("Guesses the computer took to break your code"),
    ),
    Entry(
        "assistant",
        "NYT assistant",
        "tool",
        what="enter the colours you got; get the best next guess",
        rules=rules.ASSISTANT,
        play=("assistant",),
    ),
    Entry(
        "multi-assistant",
        "Multi-board assistant",
        "tool",
        what="each board's answers and the next guesses",
        rules=rules.MULTI_ASSISTANT,
        play=("multi-assistant",),
    ),
    Entry(  # w on the home screen (not on the menu: below)
        "watch",
        "Watch the computer play",
        "screen",
        rules=rules.WATCH,
        play=("watch",),  # `play watch [--target WORD]`: the app opens it by its action
    ),
    Entry(
        "explorer",
        "Strategy explorer",
        "tool",
        what="browse any strategy's guess tree, node by node",
        rules=rules.EXPLORER,
        screen=Lazy("wordle_tui.games.explorer.ui.screen:explorer_screen"),
        play=("explorer",),
    ),
    Entry(
        "reports",
        "Strategy reports",
        "tool",
        what="how every strategy scores over every word",
        rules=rules.REPORTS,
        play=("reports",),
    ),
    Entry("stats", "Statistics", "screen", rules=rules.STATS),
    # Statistics, Watch, Help and Settings are not on the menu: s, w, F1 (or ?) and o open
    # them from the home screen, its footer shows them, and the palette has them; the menu's
    # lines fit 80x24.
    Entry("help", "Help", "screen"),
    Entry("settings", "Settings", "screen", rules=rules.SETTINGS),
)

# Two lists keep the order they had before the catalog, so that nothing they print moves: the
# statistics (`wordle-tui stats`, its JSON, the statistics screen's tabs) and the names `play`
# offers when it refuses one. Entries not named here follow, in the catalog's order: a new
# game needs nothing added here.
STATS_ORDER = ("wordle", "nyt", "evil", "antiwordle", "jotto", "jotto-computer", "ghost")
PLAY_ORDER = ("wordle", "jotto", "evil", "antiwordle", "assistant", "ghost", "reports")


def find(key: str) -> Entry | None:
    """The entry with id `key`, or None."""
    return next((entry for entry in CATALOG if entry.id == key), None)


def title(key: str) -> str:
    """An entry's title (an unknown id is its own title)."""
    entry = find(key)
    return entry.title if entry is not None else key


def menu() -> list[tuple[Entry, MenuLine]]:
    """The home menu: every line with its entry, in order."""
    return [(entry, line) for entry in CATALOG for line in entry.menu]


def menu_line(key: str) -> tuple[Entry, MenuLine] | None:
    """The menu line whose option id is `key`, with its entry; None if there is none."""
    return next(((entry, line) for entry, line in menu() if line.key == key), None)


def new_round(request: GameRequest) -> Any:
    """A fresh round of the request's game, made as its entry says."""
    entry = find(request.game)
    if entry is None or entry.round is None:
        raise ValueError(f"{request.game!r} has no rounds")
    return entry.round(request)


def hard_mode(key: str) -> bool:
    """Whether the settings' hard mode (and the palette's switch) applies to game `key`."""
    entry = find(key)
    return entry is not None and entry.hard_mode


def help_topics() -> dict[str, str]:
    """Every entry's rules by topic: the games' and tools' first, then the other screens'."""
    ordered = sorted(CATALOG, key=lambda entry: not entry.opened_by_request)
    return {entry.id: entry.rules for entry in ordered if entry.rules is not None}


def help_topic(key: str) -> str | None:
    """The help topic for an entry's id or a menu line's key (an entry without one: None);
    any other key is taken as a topic itself."""
    entry = find(key)
    if entry is None:
        line = menu_line(key)
        entry = line[0] if line is not None else None
    return key if entry is None else entry.topic


def in_order(entries: Iterable[Entry], first: tuple[str, ...]) -> list[Entry]:
    """`entries` with the ids of `first` first, in its order; the others after them, as the
    catalog has them."""
    place = {key: i for i, key in enumerate(first)}
    return sorted(entries, key=lambda entry: place.get(entry.id, len(first)))


def play_names() -> tuple[str, ...]:
    """The names `wordle-tui play` accepts, in the order its refusal lists them."""
    playable = in_order((e for e in CATALOG if e.play), PLAY_ORDER)
    return tuple(name for entry in playable for name in entry.play)


def play_help() -> str:
    """`play`'s help for its GAME argument: every name it accepts, in the catalog's order."""
    names = [name for entry in CATALOG for name in entry.play]
    return f"{', '.join(names[:-1])}, or {names[-1]}." if len(names) > 1 else f"{names[0]}."


def played_as(name: str) -> Entry:
    """The entry `wordle-tui play NAME` opens (NAME one of `play_names()`)."""
    return next(entry for entry in CATALOG if name in entry.play)


def hard_mode_names() -> str:
    """The names of the games `play --hard` applies to, as a phrase ("wordle and evil")."""
    names = [name for entry in CATALOG if entry.hard_mode for name in entry.play]
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def with_stats() -> list[Entry]:
    """The games that keep statistics, in the statistics' order."""
    return in_order((entry for entry in CATALOG if entry.stats is not None), STATS_ORDER)


def stats_names() -> tuple[str, ...]:
    """The history's names of the games with statistics (`wordle-tui stats --game`)."""
    return tuple(entry.id for entry in with_stats())


def stats_tabs() -> list[Entry]:
    """The games the statistics screen shows, a tab each, in order."""
    return [entry for entry in with_stats() if entry.stats and entry.stats.heading is not None]
