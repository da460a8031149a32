"""The help screen: each game's rules in a few lines, the assistant's, and how to read the tiles.

F1 (or ?) opens it with the rules of the game on screen first. The topics are the catalog's
(`gameplay/catalog.py`: each entry's `rules`, in its order), so a game's rules reach the help
before any of its screens is opened. A screen names its topic with a `HELP_TOPIC` class
attribute (or a `help_topic` attribute, set per instance: the app sets it on each screen it
opens for a catalog entry); a game screen without one is known by its request's game. A topic
may be an entry's or a menu line's id: each leads to the rules its entry shows. A screen whose
rules live beside it may also set `HELP_TEXT`, Markdown starting with a `## Title` line: it is
added as its topic when the help opens from that screen. `add_topic` adds one from anywhere.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Markdown

from ..gameplay import rules as screen_rules
from ..gameplay.catalog import help_topic, help_topics
from .widgets import Footer

TILES = """\
# Reading the tiles

| state | tile | key |
|---|---|---|
| right spot | heavy border, green (orange in high contrast) | `[A]` |
| wrong spot | dashed border, yellow (blue in high contrast) | `(A)` |
| not in word | thin square border, grey, lower case (bold) | `a`, dimmed |

# Keys

Type letters, Backspace and Enter, or click the on-screen keys. Escape goes back,
ctrl+n starts a new game, ctrl+w watches the computer play, F2 switches high-contrast tiles,
F9 opens the settings, ctrl+p lists every command (themes too). F1 or ? opens this help with
the current screen's rules first; Escape closes it.
"""

ADDED: dict[str, str] = {}  # topics added by `add_topic` (and screens' HELP_TEXT)
DIALOGS = {"lists": screen_rules.LISTS}  # dialogs outside the catalog (the lists chooser)


def topics() -> dict[str, str]:
    """Every help topic, by name: the catalog's, in its order, the dialogs', those added."""
    return {**help_topics(), **DIALOGS, **ADDED}


def add_topic(name: str, text: str) -> None:
    """Add (or replace) a topic: Markdown starting with a `## Title` line."""
    ADDED[name] = text


def topic_of(screen: Screen | None) -> str | None:
    """The help topic of a screen: its `help_topic`/`HELP_TOPIC`, else its request's game
    (Wordle, Evil Wordle and Antiwordle share a screen), as the catalog leads it to a topic."""
    topic = getattr(screen, "help_topic", None) or getattr(screen, "HELP_TOPIC", None)
    text = getattr(screen, "HELP_TEXT", None)
    if isinstance(topic, str) and isinstance(text, str):
        add_topic(topic, text)  # a screen that brings its own rules
    if topic is None:
        request = getattr(screen, "request", None)
        topic = getattr(request, "game", None)
    topic = help_topic(topic) if isinstance(topic, str) else None
    return topic if topic in topics() else None


def rules(topic: str | None = None) -> str:
    """The help text: the topic's rules first (if any), then every other one, then the tiles."""
    every = topics()
    if topic not in every:
        return "# How to play\n\n" + "\n".join(every.values()) + "\n" + TILES
    rest = "\n".join(text for name, text in every.items() if name != topic)
    return f"{every[topic]}\n# The other games\n\n{rest}\n{TILES}"


class HelpScreen(ModalScreen):
    """Rules and keys, the current game's first."""

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "dismiss", "Close"),
        Binding("up", "scroll('scroll_up')", "Scroll", show=False),
        Binding("down", "scroll('scroll_down')", "Scroll", show=False),
        Binding("pageup", "scroll('page_up')", "Scroll", show=False),
        Binding("pagedown,space", "scroll('page_down')", "Scroll", show=False),
        Binding("home", "scroll('scroll_home')", "Scroll", show=False),
        Binding("end", "scroll('scroll_end')", "Scroll", show=False),
    ]

    def __init__(self, topic: str | None = None) -> None:
        super().__init__()
        self.topic = topic if topic in topics() else None

    def compose(self) -> ComposeResult:
        # Not focusable: focusing a container restyles everything in it, and the rules are
        # hundreds of widgets (F1 took 0.90 s of CPU with it, 0.72 s without). The screen
        # scrolls it instead.
        with VerticalScroll(id="help", can_focus=False):
            yield Markdown(rules(self.topic))
        yield Footer()  # its own keys, not those of the screen beneath

    def action_scroll(self, action: str) -> None:
        """Scroll the rules from the keyboard (the container never takes the focus)."""
        getattr(self.query_one("#help", VerticalScroll), f"action_{action}")()
