"""Each game's rules, and the other screens' help, as the help screen (F1) shows them.

Markdown, each under a `## Title` line; the catalog gives each to its entry (`rules`), and the
help screen lists them in the catalog's order. Ghost's rules are in `ghost/rules.py`, beside its
rules panel.
"""

from __future__ import annotations

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
out; the marks show on every row. In *Jotto: the computer guesses*, you think of a word and
answer each guess with a number from 0 to 5; `u` takes back your last answer.
"""

JOTTO_POSITIONS = """\
## Jotto with positions

Jotto on the same words, with a second number: each guess gets the letters it shares with the
computer's word *and* how many of those are in the right place. `3/1` means three letters in
common, one of them in its spot (the word found is `5/5`). Tab switches to the notepad, as in
Jotto. In *Jotto with positions: the computer guesses*, you think of a word and answer each
guess with two digits: the letters in common (0-5), then how many of them are in place;
Backspace takes back the first digit before the second, `u` your last answer.
"""

MASTERMIND = """\
## Mastermind

Break the computer's code of four pegs in six colours (repeats allowed: 1,296 codes) within
ten guesses. Each colour is a digit too: 1 red, 2 green, 3 blue, 4 yellow, 5 orange, 6 purple.
Type digits 1-6 (or click the colours), Backspace to take one back, Enter to guess. Each guess
gets a black peg (●) for every peg of the right colour in the right place, and a white peg (○)
for every other peg of a right colour in the wrong place. In *the computer breaks your code*,
think of a code and answer each guess: press b and w to add black and white pegs (Backspace
takes one back) and Enter; answers no code can fit are refused, and u undoes the last one.
The computer plays Knuth's strategy: never more than five guesses.
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
  `raise:..Y.G`, or the NYT's emoji share, fills it in one go; **F5** pastes a whole game
  (its share text and the words played). **ctrl+z** takes back the last row, **ctrl+l**
  clears every row (ctrl+z with no row left brings them back). **PageDown**, **PageUp** scroll
  the possible answers. The screen keeps your game: Escape, or quitting, and it is there
  next time.
* **The columns**: *#* the place (equal values share it); *guess* the suggested word
  (★ the optimal tree's move, ◆ the most informative guess, always shown); *bits* the
  information it gives on average; *left* the answers expected to remain after it (with the
  NYT's or frequency chances: of the *likely* ones, those scored; *possible* counts every
  word that fits); *worst*
  the most that could remain; *win%* the chance it is the answer; *ans?* whether it could be
  the answer; *hard* whether hard mode allows it; *guesses* the expected number of guesses to
  finish with it, this one included (`=` when proven exact).
* **Proven best**: with the answer list's equal chances, after the first estimates every
  allowed guess is searched exactly and the best is marked ✓ proven; typing stops the
  search. With the NYT's or frequency chances nothing is proven: with few likely answers
  left a search to the end values the guesses under those chances. **F6** ranks by fewest
  guesses, most bits or best worst case. **F3** hard mode; **F4** who picks the answer: the NYT (its
  past answers), the answer list (all equally likely) or any word by frequency; **F7** the
  puzzle's number (the NYT's chances are learnt from the answers before it). **F8** opens
  the strategy explorer at your rows: the optimal tree's moves from there (rows it does
  not play: a neg_entropy tree grown from them).
* A colouring no allowed word fits is refused, with why; the row stays to be fixed
  (Backspace edits its letters, the colour keys its colours). When no listed answer fits
  but other words do, the assistant widens to every word by itself.
* **The review** (after the green row): each row against the best move then: *answers*
  before→after it, *left* the answers it was expected to leave, *yours* and *best move* the
  expected guesses to finish (`~` estimated), *lost* the difference, *luck* below. On a
  narrow screen the *reply* column is left out: the rows on the left show it. *Skill* is 99
  minus 99 points per expected guess lost (the opener is not scored); *luck* is how often
  the colours would have left more answers (50 is average).
"""

REPORTS = """\
## Strategy reports

Every strategy played over every answer. *Summary*: the mean number of guesses (and the
worst) under each guess policy; ctrl+r runs every strategy, each row showing its progress.
*Compare*: two strategies side by side. *First guesses*: every allowed guess ranked three
ways; type to find a word. *Hardest*: the answers that took the strategy on Compare's left
side the most guesses; Enter replays one.

* **Keys**: 1-4 choose a tab (ctrl+Left/Right too, even in a text box; Left/Right on the tab
  bar). On *First guesses* a letter starts a search. ctrl+r runs every strategy, ctrl+x
  cancels, ctrl+e exports the table shown (on *Compare*, the left strategy) to the data
  folder's `exports/`, headed by the game, lists, strategies computed and date; an export
  made during a run says it is incomplete. ctrl+t opens the strategy explorer on the tree
  of Compare's left strategy.
* **Strategies**, the rows (their short names are the command line's: `report --metric`):
  each guess splits the words left into groups, one per reply; a strategy plays the guess
  whose split is best by its measure. `max`: the smallest largest group, the fewest words
  left if unlucky. `expectation`: the fewest words left on average. `neg_entropy`: the most
  information, in bits. `entropy`: the least information, keeping the most words (for
  Antiwordle). `partitions`: the most groups (distinct replies). `random`: a random word that
  could still be the answer. `optimal`: the searched tree with the fewest guesses in total;
  `optimal-hard` the same in hard mode. For Jotto and Antiwordle, `optimal` is the best tree
  the search has found (fewest guesses; longest survival), not proven optimal. `knuth`
  (Mastermind): Knuth's minimax, the smallest largest group over every code, ties to a code
  that could be the secret, then the lowest.
* **Guess policies**, the columns (`report --guesses`): `consistent`: only words that could
  still be the answer. `hard`: NYT hard mode, any word that keeps every hint. `norvig`: any
  answer word while 4 to 125 are left, else one that could still be it. `all`: any allowed
  word.
* **Mastermind** (6 colours, 4 pegs): every code is an answer and may be guessed, so `hard`
  (a guess that fits every reply so far) is `consistent`, `norvig` is any code while 4 to
  125 are left, and `all` any code. It has no answers file.
* **Cells**: the mean number of guesses over every answer, and the worst in brackets.
"""

EXPLORER = """\
## Strategy explorer

A strategy is a tree: its first guess, then a guess for every reply, down to the answers.
Browse one node by node: each line shows the reply that led there (the guess before it in
tiles, and its marks), the guess, the answers left, the guesses expected from there (the
mean over those answers, counting that guess) and the worst case.

* **Strategies** (F3): `optimal` and `optimal-hard`, the searched trees shipped for the
  lists they were searched on; `METRIC/POLICY`, a greedy tree built on the spot (see
  *Strategy reports*); type `tree:FILE` in the box for a tree file from `wordle-tui solve
  --out`.
* **Keys**: Up/Down move, Enter, Space or a click opens and closes a node, shift+Left goes to
  its parent. F4 goes to the box: type an answer (`vivid`) to see how the tree finds it, or
  rows (`salet .y..g crony gg.gg`) to jump to that position (rows the tree does not play
  are played as typed, and a neg_entropy tree is grown from there); F5 back to the tree;
  Escape goes back.
* **From other screens**: F8 in the NYT assistant opens the explorer at its rows; ctrl+t in
  the strategy reports opens the left strategy of *Compare*.
* The same from the command line: `wordle-tui tree show|path|export`.
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

DAILY = """\
## Daily puzzle

One Wordle a day, numbered from day 0 (1 January 2025): the same word for everyone on the
same word lists. Enter plays today's. Up/Down choose one of the recent days, and Enter plays
it; or type any past day's number. A day already played shows how it went instead of being
played again; days to come cannot be played. The daily streak counts days won on their own
day: a past day played from the archive counts as played, but neither extends nor mends a
streak. When a daily game ends, `n` opens an ordinary Wordle.
"""

STATS = """\
## Statistics

A tab per game (Left/Right switch them): games played, the share won, the current and the
longest streak of wins in a row, and how many guesses the games took, the last game's bar
highlighted when it was won. A game given up, or abandoned for a new one, counts as lost. On
Wordle's tab, the daily puzzles: days played and won, and the streak of days won on their own
day. `wordle-tui stats` prints the same.
"""

LISTS = """\
## Word lists

Every game, the assistant and the reports use one set of word lists: the answers (the words
that can be the hidden one) and the guesses (every word you may play). Up/Down and Enter
choose a set, Escape keeps the current one; the choice is kept in the settings and used by
every screen opened after it. Add your own with `wordle-tui lists add NAME --answers FILE`;
`wordle-tui lists` shows every set, with the fingerprint that tells their words apart.
`len4`, `len6` and `len7` play Wordle with words of 4, 6 or 7 letters (Jotto keeps five).
"""


def multi_board(title: str, boards: int, limit: int) -> str:
    """The rules of a multi-board game: `boards` Wordles at once within `limit` guesses."""
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


DORDLE = multi_board("Dordle", 2, 7)
QUORDLE = multi_board("Quordle", 4, 9)
OCTORDLE = multi_board("Octordle", 8, 13)

MULTI_ASSISTANT = """\
## Multi-board assistant

For a Dordle, Quordle or Octordle game played elsewhere: type each row as the word, a colon
and a colouring per board in board order, comma separated (`g` right spot, `y` wrong spot, `.`
not in the word), empty for a board solved before: `salet:.....,..y.y,g..gg,.y...`. Several
rows may be typed or pasted at once, separated by spaces. Each board shows its answers left,
and the solver ranks the next guesses: a board with one answer left is played first (forced);
with few answers left in all, guesses are searched to the end (the chance to solve every board
in time); otherwise a measure summed over the boards ranks them. F3 switches between Dordle,
Quordle and Octordle, ctrl+z takes back the last row, Escape goes back.
"""
