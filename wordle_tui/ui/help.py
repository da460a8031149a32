"""The help screen: each game's rules in a few lines, and how to read the tiles."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

RULES = """\
# How to play

**Wordle**: find the five-letter word in six guesses. After each guess every letter shows
whether it is in the right spot, in the word but in the wrong spot, or not in the word.
*Hard mode*: letters found must be used in every later guess, greens in place.

**Jotto**: find the computer's word (five different letters). Each guess gets the number of
letters it shares with the word, nothing more. Press Tab to switch to notepad mode and mark
letters in or out; the marks show on every row. In *the computer guesses*, you think of a
word and answer each guess with a number from 0 to 5.

**Evil Wordle**: the computer has no word. After each guess it gives the reply that leaves
the most words possible. No guess limit: you win when only your guess is left.

**Antiwordle**: avoid the hidden word for as long as you can, but every guess must fit every
reply so far. Your score is the number of guesses; lasting beyond six counts as a win.

# Reading the tiles

| state | tile | key |
|---|---|---|
| right spot | heavy border, green (orange in high contrast) | `[A]` |
| wrong spot | dashed border, yellow (blue in high contrast) | `(A)` |
| not in word | no border, dim lower case | `a` |

# Keys

Type letters, Backspace and Enter, or click the on-screen keys. Escape goes back,
ctrl+n starts a new game, ctrl+w watches the computer play, F2 switches high-contrast tiles,
ctrl+p lists every command (themes too). Press Escape to close this help.
"""


class HelpScreen(ModalScreen):
    """Rules and keys."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Markdown(RULES)
