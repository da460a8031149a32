"""A finished NYT game pasted as share text, read against the record: when its puzzle number
is known, so is its answer, which need not be typed and against which every row is checked."""

from __future__ import annotations

from dataclasses import dataclass

from ..nyt.history import AnswerHistory
from ..replies import reply_for
from .share import SharedGame, ShareError, pair_rows

# On these days of 2022 the NYT changed the answer during the day: an early player's share
# fits the first word.
EARLIER_ANSWERS = {241: "agora", 284: "harry", 324: "fetus", 325: "butch"}


@dataclass(frozen=True)
class KnownGame:
    """The rows of a pasted game, and its answer when the record knows it."""

    rows: list[tuple[str, str]]
    answer: str | None  # the puzzle's answer, from the record
    note: str  # what to tell the player ('' when there is nothing to say)


def read_known(shared: SharedGame, words: list[str], history: AnswerHistory) -> KnownGame:
    """Pair the share's rows with the words played; the answer of a won game in the record
    may be left out. Raise ShareError when a row does not fit the puzzle's answer."""
    number = shared.number
    answers = _answers_of(number, history)
    if number is None or not answers:
        return KnownGame(pair_rows(shared.patterns, words), None, "")
    if shared.won and len(words) == len(shared.patterns) - 1:
        words = [*words, answers[0]]  # the answer is known: it need not be typed
    rows = pair_rows(shared.patterns, words)
    for answer in answers:
        if all(reply_for(w, answer) == p for w, p in rows):
            return KnownGame(rows, answer, _note(number, answer, answers))
    answer = answers[0]
    for i, (word, pattern) in enumerate(rows, start=1):
        if reply_for(word, answer) != pattern:
            raise ShareError(
                f"row {i} ({word.upper()} {pattern}) does not fit Wordle {number:,}, whose "
                f"answer is {answer.upper()} ({word.upper()} gives {reply_for(word, answer)}): "
                "check the words, in the order played"
            )
    raise ShareError(f"the rows do not fit Wordle {number:,}")  # pragma: no cover


def _answers_of(number: int | None, history: AnswerHistory) -> list[str]:
    """The answers puzzle `number` had: the record's, then the earlier one of that day."""
    if number is None:
        return []
    answer = history.word_of(number)
    if answer is None:
        return []
    earlier = EARLIER_ANSWERS.get(number)
    return [answer, earlier] if earlier else [answer]


def _note(number: int, answer: str, answers: list[str]) -> str:
    if answer != answers[0]:
        return (
            f"Wordle {number:,}: the rows fit {answer.upper()}, the answer the NYT served "
            f"first that day (it became {answers[0].upper()})."
        )
    return f"Wordle {number:,} is in the record: its answer is {answer.upper()}."
