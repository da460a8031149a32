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
  `raise:..Y.G`, or the NYT's emoji share, fills it in one go; **F5** pastes a whole game
  (its share text and the words played). **ctrl+z** takes back the last row, **ctrl+l**
  clears every row.
* **The columns**: *#* the place (equal values share it); *guess* the suggested word
  (★ the optimal tree's move, ◆ the most informative guess, always shown); *bits* the
  information it gives on average; *left* the answers expected to remain after it; *worst*
  the most that could remain; *win%* the chance it is the answer; *ans?* whether it could be
  the answer; *hard* whether hard mode allows it; *guesses* the expected number of guesses to
  finish with it, this one included (`=` when proven exact).
* **Proven best**: after the first estimates, every allowed guess is searched exactly and
  the best is marked ✓ proven; typing stops the search. **F6** ranks by fewest guesses, most
  bits or best worst case. **F3** hard mode; **F4** who picks the answer: the NYT (its
  past answers), the answer list (all equally likely) or any word by frequency; **F7** the
  puzzle's number (the NYT's chances are learnt from the answers before it).
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
