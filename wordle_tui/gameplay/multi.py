"""The multi-board games as plain game state: Dordle, Quordle, Octordle, Sedecordle and
Duotrigordle, 2, 4, 8, 16 or 32 boards, one guess for them all.

Every guess goes to every unsolved board; a board is solved by the guess that gets all green
on it, and shows no rows after that; the game is won when every board is solved within the
limit (7, 9, 13, 21 or 37 guesses). The answers are distinct words of the answer list: the daily
puzzle's are chosen from its number (the same for everyone on the same lists), a free game's
from a seed. No Textual here: a screen shows `boards()` and `keyboard(b)` and forwards the
typed words to `guess`, showing a refusal's message. `session` saves and resumes a round (its
answers, comma separated, and its words), and `session.Keeper` keeps it as it keeps the others.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..plural import plural
from ..solver.listsets import WordListSet, default_set
from ..solver.multi.variants import MULTI_NAMES, Variant, variant
from ..solver.replies import reply_for
from ..solver.words import ascii_lower
from .wordle import (
    HIGH_CONTRAST_SQUARES,
    MISS,
    SQUARES,
    LetterState,
    Refused,
    Row,
    Status,
    basic_problem,
    checked,
    letter_states,
)

__all__ = ["MULTI_NAMES", "MultiRound", "Refused", "daily_answers", "seeded_answers"]

DAILY_SEED = "wordle-tui multi-board daily v1"
FAILED = "🟥"
# Emoji numbers as the multi-board games share them (Octordle's clocks for 11 to 13).
NUMBERS = {n: f"{n}\ufe0f\u20e3" for n in range(1, 10)} | {10: "🔟", 11: "🕚", 12: "🕛", 13: "🕐"}
KEYCAPS = {str(n): f"{n}\ufe0f\u20e3" for n in range(10)}  # a digit as an emoji key
MANY = 8  # more boards than this: the share text's numbers are two keys, four boards a line


def _pool(lists: WordListSet) -> list[str]:
    return sorted(set(lists.answers))


def daily_answers(day: int, name: str, lists: WordListSet | None = None) -> tuple[str, ...]:
    """The answers of daily puzzle `day` of this game: distinct, fixed by the day and lists."""
    lists = lists or default_set()
    rng = random.Random(f"{DAILY_SEED}:{name}:{lists.fingerprint}:{day}")
    return tuple(rng.sample(_pool(lists), variant(name).boards))


def seeded_answers(name: str, seed: int | None, lists: WordListSet | None = None):
    """A free game's answers: distinct, drawn with `seed` (None: at random)."""
    lists = lists or default_set()
    return tuple(random.Random(seed).sample(_pool(lists), variant(name).boards))


@dataclass(frozen=True)
class Board:
    """One board as a screen shows it: its rows (none after the solving one), and its result."""

    number: int  # 1-based
    rows: tuple[Row, ...]
    solved_at: int | None  # the guess that solved it
    answer: str | None  # shown once the game is over or the board solved


@dataclass
class MultiRound:
    """One game of a multi-board game (`name`: dordle ... duotrigordle), on a word-list set."""

    name: str = "quordle"
    answers: tuple[str, ...] = ()  # none given: the day's, else drawn with `seed`
    words: list[str] = field(default_factory=list)  # the guesses played
    lists: WordListSet = field(default_factory=default_set)
    day: int | None = None  # the daily puzzle's number, if it is one
    seed: int | None = None

    def __post_init__(self) -> None:
        self.lists = self.lists or default_set()
        self.variant: Variant = variant(self.name)
        self.name = self.variant.name
        if not self.answers and self.day is not None:
            self.answers = daily_answers(self.day, self.name, self.lists)
        elif not self.answers:
            self.answers = seeded_answers(self.name, self.seed, self.lists)
        self.answers = tuple(ascii_lower(a) for a in self.answers)
        self._check_answers()
        replay, self.words = self.words, []
        for word in replay:  # resuming a saved game replays it through the rules
            self.guess(word)

    def _check_answers(self) -> None:
        answers = set(self.lists.answers)
        if len(self.answers) != self.variant.boards or len(set(self.answers)) != len(self.answers):
            raise ValueError(f"{self.variant.title} needs {self.variant.boards} different answers")
        wrong = [a for a in self.answers if a not in answers]
        if wrong:
            raise ValueError(f"{wrong[0]!r} is not a possible answer")

    @property
    def limit(self) -> int:
        """The guesses allowed."""
        return self.variant.limit

    @property
    def guesses_left(self) -> int:
        return self.limit - len(self.words)

    def solved_at(self, board: int) -> int | None:
        """The guess (1-based) that solved board `board` (0-based), or None."""
        answer = self.answers[board]
        for turn, word in enumerate(self.words, start=1):
            if word == answer:
                return turn
        return None

    def results(self) -> list[int | None]:
        """Each board's result: the guess that solved it, or None."""
        return [self.solved_at(b) for b in range(self.variant.boards)]

    @property
    def status(self) -> Status:
        if all(r is not None for r in self.results()):
            return Status.WON
        if len(self.words) >= self.limit:
            return Status.LOST
        return Status.PLAYING

    @property
    def over(self) -> bool:
        return self.status is not Status.PLAYING

    @property
    def won(self) -> bool:
        return self.status is Status.WON

    @property
    def score(self) -> int:
        """The guesses played (the history's score)."""
        return len(self.words)

    @property
    def rows(self) -> list[Row]:
        """The guesses played as rows (their reply left empty: each board has its own)."""
        return [Row(w, "") for w in self.words]

    def rows_of(self, board: int) -> list[Row]:
        """Board `board`'s rows: every guess up to the one that solved it."""
        end = self.solved_at(board) or len(self.words)
        answer = self.answers[board]
        return [Row(w, reply_for(w, answer)) for w in self.words[:end]]

    def boards(self) -> list[Board]:
        """Every board as a screen shows it."""
        shown, over = [], self.over
        for b, answer in enumerate(self.answers):
            at = self.solved_at(b)
            reveal = answer if at is not None or over else None
            shown.append(Board(b + 1, tuple(self.rows_of(b)), at, reveal))
        return shown

    def keyboard(self, board: int) -> dict[str, LetterState]:
        """Each letter's best known state on board `board`."""
        return letter_states((r.word, r.reply) for r in self.rows_of(board))

    def problem(self, word: str) -> str | None:
        """Why `word` cannot be played now, or None if it can."""
        word = ascii_lower(word.strip())
        basic = basic_problem(word, self.over)
        if basic:
            return basic
        if len(word) > 5 or word not in self.lists.allowed:
            return "Not in word list"
        return None

    def guess(self, word: str) -> dict[int, str]:
        """Play `word` on every unsolved board: their replies by board (0-based); Refused
        (nothing changes) if the word cannot be played."""
        word = checked(word, self.problem)
        open_boards = [b for b, r in enumerate(self.results()) if r is None]
        self.words.append(word)
        return {b: reply_for(word, self.answers[b]) for b in open_boards}

    def outcome(self, missed: bool = True) -> str:
        """Where the game stands, in one sentence (a lost game's `missed` answers named)."""
        solved = sum(r is not None for r in self.results())
        boards = self.variant.boards
        if not self.over:
            return (
                f"Guess {len(self.words) + 1} of {self.limit}: "
                f"{solved} of {plural(boards, 'board')} solved"
            )
        if self.won:
            return f"All {boards} boards solved in {self.score}/{self.limit}."
        if not missed:
            return f"Out of guesses: {solved} of {boards} solved."
        names = [a.upper() for a, r in zip(self.answers, self.results(), strict=True) if not r]
        return f"Out of guesses: {solved} of {boards} solved; missed {', '.join(names)}."

    @property
    def puzzle_name(self) -> str:
        """The game's name as shared: "Daily Quordle 412", or "Practice Quordle"."""
        title = self.variant.title
        return f"Daily {title} {self.day}" if self.day is not None else f"Practice {title}"

    def share_text(self, squares: bool = False, high_contrast: bool = False, light: bool = False):
        """The result as players post it: the name, then each board's guess count as an emoji
        number (🟥 for a board not solved), two boards a line; past eight boards, the guesses
        used (`20/21`, `X/21` lost) and four boards a line, each count two digit keys. `squares`
        adds each board's coloured rows."""
        lines = [self.puzzle_name, *self.share_grid()]
        if squares:
            colours = {**(HIGH_CONTRAST_SQUARES if high_contrast else SQUARES), ".": MISS[light]}
            for b in range(self.variant.boards):
                rows = ["".join(colours[m] for m in r.reply) for r in self.rows_of(b)]
                lines += ["", f"Board {b + 1}", *rows]
        return "\n".join(lines)

    def share_grid(self) -> list[str]:
        """The share text's lines under the name: each board's mark, in board order."""
        results = self.results()
        if self.variant.boards <= MANY:
            marks = [NUMBERS[r] if r is not None else FAILED for r in results]
            return ["".join(marks[k : k + 2]) for k in range(0, len(marks), 2)]
        marks = [two_keys(r) for r in results]
        score = f"{self.score if self.won else 'X'}/{self.limit}"
        return [score, *(" ".join(marks[k : k + 4]) for k in range(0, len(marks), 4))]


def two_keys(solved_at: int | None) -> str:
    """A board's guess count as two digit keys (07, 21), or two red squares if not solved:
    every mark as wide as the others, so that the boards line up in columns."""
    if solved_at is None:
        return FAILED * 2
    return "".join(KEYCAPS[digit] for digit in f"{solved_at:02d}")
