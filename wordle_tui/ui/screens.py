"""The screen each entry of the catalog opens, keyed by the entry's id.

A game or a tool (`gameplay.catalog`, opened by a `GameRequest`) has a maker here: given the
request and the app, it returns the screen, handed what it needs. A game of its own folder
(`wordle_tui.games`) keeps its maker there, named by its catalog entry (`Entry.screen`). The
other screens of the catalog are opened by the app's action of the same name
(`WordleTuiApp.action_daily`, ...).
`tests/ui/test_catalog.py` checks that every entry has its screen.

The screens are imported when first opened: they bring NumPy and the solver, which the home
screen does not need, so the app is ready in half the time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from ..gameplay.catalog import CATALOG, GameRequest, find

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..history import History
    from ..solver.listsets import WordListSet


class Host(Protocol):
    """What a screen is handed by the app that opens it."""

    @property
    def history(self) -> History:
        """The game history."""
        ...

    @property
    def word_lists(self) -> WordListSet:
        """The word-list set in use."""
        ...


ScreenMaker = Callable[[GameRequest, "Host"], "Screen"]


def on_lists(request: GameRequest, host: Host) -> GameRequest:
    """The request with a word-list set: its own, else the app's."""
    return request if request.lists is not None else replace(request, lists=host.word_lists)


def on_five_letters(request: GameRequest, host: Host) -> GameRequest:
    """The request on its word-list set, or on the NYT's when that set's words are not five
    letters long (Jotto is a game of five different letters; the multi-board boards are five
    tiles wide)."""
    return replace(request, lists=five_letter_lists(request, host))


def five_letter_lists(request: GameRequest, host: Host) -> WordListSet:
    """The request's word-list set (else the app's), or the NYT's when its words are not five
    letters long."""
    from ..solver.listsets import default_set

    lists = request.lists or host.word_lists
    return lists if lists.length == 5 else default_set()


def wordle_board(request: GameRequest, host: Host) -> Screen:
    """Wordle, Evil Wordle or Antiwordle: the Wordle board."""
    from .boards.wordle import WordleScreen

    return WordleScreen(on_lists(request, host), host.history)


def nyt_board(request: GameRequest, host: Host) -> Screen:
    """A real NYT puzzle: the Wordle board, on the NYT's lists whatever the app's are."""
    from ..solver.listsets import DEFAULT, load_set
    from .boards.wordle import WordleScreen

    return WordleScreen(replace(request, lists=load_set(DEFAULT)), host.history)


def adversary_board(request: GameRequest, host: Host) -> Screen:
    """Wordle against the adversary: the Wordle board, on the app's lists when they have an
    adversary, else on the NYT's (whose adversary is shipped)."""
    from ..gameplay.roles import has_adversary
    from ..solver.listsets import DEFAULT, load_set
    from .boards.wordle import WordleScreen

    request = on_lists(request, host)
    if request.lists is None or not has_adversary(request.lists):
        request = replace(request, lists=load_set(DEFAULT))
    return WordleScreen(request, host.history)


def jotto_board(request: GameRequest, host: Host) -> Screen:
    """Jotto (or Jotto with positions): you guess the computer's word."""
    from .boards.jotto import JottoScreen

    return JottoScreen(on_five_letters(request, host), host.history)


def computer_jotto_board(request: GameRequest, host: Host) -> Screen:
    """Jotto (or Jotto with positions) the other way: the computer guesses yours."""
    from .boards.jotto import COMPUTER, ComputerJottoScreen

    kind = request.game.removesuffix(COMPUTER)
    return ComputerJottoScreen(host.history, on_five_letters(request, host).lists, kind)


def multi_board(request: GameRequest, host: Host) -> Screen:
    """A multi-board game, Dordle to Duotrigordle: the boards side by side, or a line each."""
    from .multi.screen import MultiScreen

    return MultiScreen(on_five_letters(request, host), host.history)


def multi_assistant_screen(request: GameRequest, host: Host) -> Screen:
    """The multi-board assistant (Quordle first; F3 switches)."""
    from .multi.assistant import MultiAssistantScreen

    return MultiAssistantScreen(five_letter_lists(request, host))


def assistant_screen(request: GameRequest, host: Host) -> Screen:
    """The NYT assistant, with the request's prior (None: the engine's for the lists) and
    puzzle."""
    from ..gameplay.assisted import kept_path
    from .assistant.screen import AssistantScreen

    request = on_lists(request, host)
    kept = kept_path(host.history.path.parent)  # beside the history: the data folder
    return AssistantScreen(request.hard, request.prior, request.lists, request.day, kept)


def reports_screen(request: GameRequest, host: Host) -> Screen:
    """The strategy reports."""
    from .reports.screen import ReportsScreen

    return ReportsScreen(lists=on_lists(request, host).lists)


SCREENS: dict[str, ScreenMaker] = {
    "wordle": wordle_board,
    "nyt": nyt_board,
    "adversary": adversary_board,
    "evil": wordle_board,
    "antiwordle": wordle_board,
    "jotto": jotto_board,
    "jotto-computer": computer_jotto_board,
    "dordle": multi_board,
    "quordle": multi_board,
    "octordle": multi_board,
    "sedecordle": multi_board,
    "duotrigordle": multi_board,
    "jotto-positions": jotto_board,
    "jotto-positions-computer": computer_jotto_board,
    "assistant": assistant_screen,
    "reports": reports_screen,
    "multi-assistant": multi_assistant_screen,
    # the games of their own folders (`wordle_tui.games`): the makers their entries name
    **{entry.id: entry.screen for entry in CATALOG if entry.screen is not None},
}


def screen_for(request: GameRequest, host: Host) -> Screen:
    """The screen that plays a request's game, handed what it needs, and told its help topic
    (F1 shows that topic's rules first)."""
    screen = SCREENS[request.game](request, host)
    entry = find(request.game)
    if entry is not None and entry.topic is not None:
        # an attribute of this instance, whatever its class: `help.topic_of` reads it
        setattr(screen, "help_topic", entry.topic)  # noqa: B010
    return screen
