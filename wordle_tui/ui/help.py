"""The help screen: each game's rules in a few lines, the assistant's, and how to read the tiles.

F1 (or ?) opens it with the rules of the game on screen first. A screen names its topic with a
`HELP_TOPIC` class attribute (or `help_topic` attribute, set per instance: a key of `TOPICS`);
a game screen without one is known by its request's game. A screen whose rules live beside it
may also set `HELP_TEXT`, Markdown starting with a `## Title` line: it is added as its topic
when the help opens from that screen. `add_topic` adds one from anywhere. Ghost's rules come
from `gameplay.ghost.rules`, so the help lists them before any Ghost screen is opened.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Markdown

from ..gameplay.ghost.rules import help_text as ghost_help

WORDLE = """\
## Wordle

Find the five-letter word in six guesses. After each guess every letter shows whether it is
in the right spot, in the word but in the wrong spot, or not in the word.
*Hard mode*: letters found must be used in every later guess, greens in place.
"""

JOTTO = """\
## Jotto

Find the computer's word (five different letters). Each guess gets the number of letters it
shares with the word, nothing more. Press Tab to switch to notepad mode and mark letters in or
out; the marks show on every row. In *the computer guesses*, you think of a word and answer
each guess with a number from 0 to 5.
"""

EVIL = """\
## Evil Wordle

The computer has no word. After each guess it gives the reply that leaves the most words
possible. No guess limit: you win when only your guess is left.
"""

ANTIWORDLE = """\
## Antiwordle

Avoid the hidden word for as long as you can, but every guess must fit every reply so far.
Your score is the number of guesses; lasting beyond six counts as a win.
"""

ASSISTANT = """\
## NYT assistant

Play the real Wordle elsewhere and tell the assistant what happened; it ranks the best next
guesses, then proves the best.

* **Entering a row**: type the five letters you played; then each key colours the next tile,
  left to right: `g` (or `2`) green, right spot; `y` (or `1`) yellow, wrong spot; `.` `-` or
  `x` (or `0`) grey, not in the word. Space or Up/Down cycle the colour under the cursor,
  Left/Right move it, Backspace steps back; Enter adds the row. A pasted row such as
  `raise:..Y.G`, or the NYT's emoji share, fills it in one go; F5 pastes a whole game.
* **The columns**: *#* the place (equal values share it); *guess* the suggested word
  (★ the optimal tree's move, ◆ the most informative guess, always shown); *bits* the
  information it gives on average; *left* the answers expected to remain after it; *worst*
  the most that could remain; *win%* the chance it is the answer; *ans?* whether it could be
  the answer; *hard* whether hard mode allows it; *guesses* the expected number of guesses to
  finish with it (`=` when proven exact).
* **Proven best**: after the first estimates, every allowed guess is searched exactly and
  the best is marked ✓ proven; typing stops the search. **F6** ranks by fewest guesses, most
  bits or best worst case. **F3** hard mode, **F4** any word by frequency.
* A colouring no allowed word fits is refused, with why; the row stays to be fixed. When no
  listed answer fits but other words do, the assistant widens to every word by itself.
* **The review** (after the green row): each row against the best move then. *Skill* is 99
  minus 99 points per expected guess lost (the opener is not scored); *luck* is how often
  the colours would have left more answers (50 is average).
"""

REPORTS = """\
## Strategy reports

Every strategy played over every answer. *Summary*: the mean number of guesses (and the
worst) under each guess policy; ctrl+r runs every strategy, each row showing its progress.
*Compare*: two strategies side by side. *First guesses*: every allowed guess ranked three
ways; type to find a word. *Hardest*: the answers that took the most guesses; Enter replays one.
"""

WATCH = """\
## Watch the computer play

Type an answer (blank: a random one), choose a strategy and, if you like, the first guess;
Enter or ctrl+r plays it row by row. The answer must be one of the answers, the opener one of
the allowed guesses. The optimal trees follow their own opener.
"""

SETTINGS = """\
## Settings

Theme, high contrast, hard mode for new games, animations, compact tiles and the word lists.
Every change applies at once and is kept in `settings.json` in the data folder.
"""

TILES = """\
# Reading the tiles

| state | tile | key |
|---|---|---|
| right spot | heavy border, green (orange in high contrast) | `[A]` |
| wrong spot | dashed border, yellow (blue in high contrast) | `(A)` |
| not in word | no border, dim lower case | `a` |

# Keys

Type letters, Backspace and Enter, or click the on-screen keys. Escape goes back,
ctrl+n starts a new game, ctrl+w watches the computer play, F2 switches high-contrast tiles,
F9 opens the settings, ctrl+p lists every command (themes too). F1 or ? opens this help with
the current screen's rules first; Escape closes it.
"""

TOPICS: dict[str, str] = {
    "wordle": WORDLE,
    "jotto": JOTTO,
    "evil": EVIL,
    "antiwordle": ANTIWORDLE,
    "ghost": ghost_help(),
    "assistant": ASSISTANT,
    "reports": REPORTS,
    "watch": WATCH,
    "settings": SETTINGS,
}
ALIASES = {"jotto-computer": "jotto", "wordle-hard": "wordle", "daily": "wordle"}
# Screens that name no topic themselves, by class name (help imports no screen).
SCREEN_TOPICS = {"AssistantScreen": "assistant", "ComputerJottoScreen": "jotto"}


def add_topic(name: str, text: str) -> None:
    """Add (or replace) a topic: Markdown starting with a `## Title` line."""
    TOPICS[name] = text


def topic_of(screen: Screen | None) -> str | None:
    """The help topic of a screen: its `help_topic`/`HELP_TOPIC`, else SCREEN_TOPICS, else
    its request's game (Wordle, Evil Wordle and Antiwordle share a screen)."""
    topic = getattr(screen, "help_topic", None) or getattr(screen, "HELP_TOPIC", None)
    topic = topic or SCREEN_TOPICS.get(type(screen).__name__)
    text = getattr(screen, "HELP_TEXT", None)
    if isinstance(topic, str) and isinstance(text, str):
        add_topic(topic, text)  # a screen that brings its own rules
    if topic is None:
        request = getattr(screen, "request", None)
        topic = getattr(request, "game", None)
    topic = ALIASES.get(topic, topic) if isinstance(topic, str) else None
    return topic if topic in TOPICS else None


def rules(topic: str | None = None) -> str:
    """The help text: the topic's rules first (if any), then every other one, then the tiles."""
    if topic not in TOPICS:
        return "# How to play\n\n" + "\n".join(TOPICS.values()) + "\n" + TILES
    rest = "\n".join(text for name, text in TOPICS.items() if name != topic)
    return f"{TOPICS[topic]}\n# The other games\n\n{rest}\n{TILES}"


RULES = rules()  # everything, no topic first (kept for the tour and older callers)


class HelpScreen(ModalScreen):
    """Rules and keys, the current game's first."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "dismiss", "Close")]

    def __init__(self, topic: str | None = None) -> None:
        super().__init__()
        self.topic = topic if topic in TOPICS else None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Markdown(rules(self.topic))
