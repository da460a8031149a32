"""Each game's rules, and the other screens' help, as the help screen (F1) shows them.

Markdown, each under a `## Title` line, in a file of its own in `help/` (shipped in the
package, and copied into the docs pages by `scripts/readme_tables.py help`); the catalog gives
each to its entry (`rules`), and the help screen lists them in the catalog's order. The
multi-board games' rules are built here from their numbers. Ghost's rules are in its folder,
`games/ghost/gameplay/rules.py`, beside its rules panel.
"""

from __future__ import annotations

from importlib.resources import files

HELP_FILES = files(__package__) / "help"  # one Markdown file per topic: NAME.md


def read(name: str) -> str:
    """The help text in `help/NAME.md`, as written."""
    return (HELP_FILES / f"{name}.md").read_text(encoding="utf-8")


WORDLE = read("wordle")
JOTTO = read("jotto")
JOTTO_POSITIONS = read("jotto-positions")
MASTERMIND = read("mastermind")
EVIL = read("evil")
ADVERSARY = read("adversary")
ANTIWORDLE = read("antiwordle")
ASSISTANT = read("assistant")
REPORTS = read("reports")
EXPLORER = read("explorer")
WATCH = read("watch")
SETTINGS = read("settings")
DAILY = read("daily")
STATS = read("statistics")
LISTS = read("word-lists")


def multi_board(title: str, boards: int, limit: int) -> str:
    """The rules of a multi-board game: `boards` Wordles at once within `limit` guesses."""
    if boards > 8:
        return many_boards(title, boards, limit)
    return f"""\
## {title}

Solve {boards} Wordles at once within {limit} guesses. Every guess goes to every board not
solved yet, and each board colours it as Wordle does; a board is solved by the guess that gets
all five letters right, and takes no more rows. Each key of the keyboard is split in
{boards} segments, one per board, left to right: `=` right spot, `~` wrong spot, `.` not in the
word (a solved board's segment is blank). Opened from the menu it is today's daily puzzle, the
same for everyone on the same word lists; ctrl+n plays free games (and asks before abandoning
one under way). The result is shared as players post it: each board's guess count as an emoji
number, 🟥 for a board not solved.
"""


def many_boards(title: str, boards: int, limit: int) -> str:
    """The rules of a game of more boards than fit side by side: a line a board."""
    per_line = 4 if boards <= 16 else 8
    return f"""\
## {title}

Solve {boards} Wordles at once within {limit} guesses. Every guess goes to every board not
solved yet, and each board colours it as Wordle does; a board is solved by the guess that gets
all five letters right, and takes no more rows.

Each board is one line: its number, then its rows left to right, the latest last (the oldest
give way to `…` when the line is full). A solved board shows `✓` and the guess that solved it,
then only its answer; at the end a board not solved shows `✗` and its answer. The word you
type shows under the boards, over the message line and the keyboard. Each key is split in
{boards} segments, one per board, {per_line} a line (boards 1-{per_line} on the first): `=` right
spot, `~` wrong spot, `.` not in the word, blank for a board solved or a letter not tried. On a
terminal too small for that keyboard, each key is one letter, dimmed when no open board has it,
and the boards scroll when they do not fit.

Opened from the menu it is today's daily puzzle, the same for everyone on the same word lists;
ctrl+n plays free games (and asks before abandoning one under way). The result is shared with
the guesses used (`X/{limit}` when a board was not solved), then each board's guess count as two
digit keys (`0️⃣7️⃣`), four boards a line, 🟥🟥 for a board not solved.
"""


DORDLE = multi_board("Dordle", 2, 7)
QUORDLE = multi_board("Quordle", 4, 9)
OCTORDLE = multi_board("Octordle", 8, 13)
SEDECORDLE = multi_board("Sedecordle", 16, 21)
DUOTRIGORDLE = multi_board("Duotrigordle", 32, 37)

MULTI_ASSISTANT = read("multi-assistant")
