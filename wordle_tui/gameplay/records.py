"""Finished games in and out of the history, each imported game checked against its rules.

Export and import cover the guessing games whose rows are a word and the reply it got:
Wordle (daily puzzles included), NYT Wordle, Evil Wordle, Antiwordle, Jotto and Jotto with
positions (`IMPORTED`).
A record read from a file (`history.exchange`) is replayed through its game's round, on its
own word-list set and in its own mode: every guess must be one the rules accept then (a real
word of the set, hard mode's hints used, Antiwordle's consistency), every reply the one the
answer gives (Evil Wordle's: the one its replier gives), no row may follow the end of the game,
and the result must be the one the rows make. A daily puzzle's answer must be its day's, a NYT
puzzle's the NYT's (when the record of answers knows it). A game the history holds already
(the same game, date and time, answer and rows) is counted, not added again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..history import History, SavedGame
from ..history.exchange import (
    ExchangeError,
    Record,
    export_record,
    game_key,
    parse_date,
    parse_rows,
    stored_key,
)
from ..plural import plural
from ..solver.choices import GameName, WordleGame
from ..solver.listsets import MAX_LENGTH, MIN_LENGTH, WordListSet
from ..solver.words import ascii_lower
from .catalog import find, title
from .jotto import KINDS, JottoRound, read_reply
from .roles import roles_of
from .session import (
    DAY_TAG,
    FRESH_TAG,
    LISTS_TAG,
    PERFECT_TAG,
    UNNAMED,
    lists_named,
    result_of,
    to_saved,
)
from .wordle import Refused, WordleRound

IMPORTED = ("wordle", "nyt", "adversary", "evil", "antiwordle", "jotto", "jotto-positions")
RESULTS = ("won", "lost", "abandoned")
PROGRESS_EVERY = 500  # records checked between progress calls
MODE_TAGS = ("normal", "hard")


class BadRecord(ValueError):
    """A record that is not a game its rules allow; the message says what is wrong."""


@dataclass(frozen=True)
class Checked:
    """A record found to be a real game: as the history stores it, its result and score."""

    saved: SavedGame
    result: str
    score: int


@dataclass
class ImportPlan:
    """What an import would do: the new games, in the file's order, the games the history
    holds already, and one problem a bad record (nothing is imported if there is any)."""

    new: list[Checked] = field(default_factory=list)
    already: int = 0
    problems: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, object]:
        """The figures, as `--json` prints them."""
        return {"new": len(self.new), "already": self.already, "problems": self.problems}


@dataclass(frozen=True)
class Variant:
    """A stored variant, read: hard mode, a daily (or NYT) puzzle's number, fresh, the set."""

    hard: bool = False
    day: int | None = None
    fresh: bool = False
    lists: str = UNNAMED
    perfect: bool = False  # Evil Wordle against the perfect replier


def export_records(history: History, game: str | None = None) -> tuple[list[dict], list[str]]:
    """The finished games of `IMPORTED` (of `game`, if given) as records, oldest first, and
    the game of each finished game of another kind, left out."""
    rows = history.finished(game)
    kept = [row for row in rows if row["game"] in IMPORTED]
    left_out = [row["game"] for row in rows if row["game"] not in IMPORTED]
    return [export_record(row) for row in kept], left_out


def plan_import(
    records: list[Record], history: History, progress: Callable[[int, int], None] | None = None
) -> ImportPlan:
    """Every record checked, and the new ones told from those the history holds already;
    `progress(done, total)` is called as the records are checked."""
    plan = ImportPlan()
    seen = {stored_key(row) for row in history.finished()}
    sets: dict[str, WordListSet] = {}
    for done, record in enumerate(records):
        if progress is not None and done % PROGRESS_EVERY == 0:
            progress(done, len(records))
        try:
            checked = check_record(record, sets)
        except BadRecord as error:
            plan.problems.append(f"{record.where}: {error}")
            continue
        saved = checked.saved
        key = game_key(saved.game, saved.started, saved.target, saved.moves)
        if key in seen:
            plan.already += 1
        else:
            seen.add(key)
            plan.new.append(checked)
    return plan


def check_record(record: Record, sets: dict[str, WordListSet]) -> Checked:
    """The game a record describes, replayed through its rules; BadRecord if it breaks one.

    `sets` caches the word-list sets loaded so far, by name.
    """
    fields = record.fields
    game = known_game(fields["game"])
    try:
        started = parse_date(fields["date"])
        rows = parse_rows(fields["rows"])
    except ExchangeError as error:
        raise BadRecord(str(error)) from None
    result = fields["result"].strip().lower()
    if result not in RESULTS:
        raise BadRecord(f"the result must be one of {', '.join(RESULTS)}")
    variant = read_variant(game, fields["variant"])
    lists = word_set(variant.lists, sets)
    moves = [checked_row(game, number, word, reply) for number, (word, reply) in enumerate(rows, 1)]
    if not moves:
        raise BadRecord("no rows: a game has at least one guess")
    check_count(fields["guesses"].strip(), len(moves))
    answer = checked_answer(game, fields["answer"])
    round_ = new_round(game, answer, variant, lists)
    replay(round_, moves, answer)
    if (
        isinstance(round_, WordleRound)
        and game == WordleGame.EVIL
        and answer
        and round_.answer != answer
    ):
        found = round_.answer.upper() if round_.answer else "not fixed yet"
        raise BadRecord(f"Evil Wordle's word is {found} after these rows, not {answer.upper()}")
    made = result_of(round_) if round_.over else "abandoned"
    if made != result:
        why = "" if round_.over else " (the game was not over)"
        raise BadRecord(f"the rows make it {made}{why}, not {result}")
    return Checked(to_saved(round_, started, variant.fresh), result, round_.score)


def check_count(counted: str, rows: int) -> None:
    """The guesses column, if filled in, must count the rows."""
    if not counted or counted == str(rows):
        return
    if not (counted.isascii() and counted.isdigit() and len(counted) < 6):
        raise BadRecord("guesses is not a number (leave it empty, or count the rows)")
    raise BadRecord(f"guesses says {counted}, but the rows are {rows}")


def known_game(text: str) -> str:
    """The game's id, if its games can be imported; else BadRecord saying which can."""
    game = ascii_lower(text.strip())
    if game in IMPORTED:
        return game
    can = f"the games imported are {', '.join(IMPORTED)}"
    entry = find(game)
    if entry is not None and entry.stats is not None:
        raise BadRecord(f"{title(game)} games cannot be imported ({can})")
    shown = repr(game) if game.isascii() and game.isprintable() and len(game) <= 20 else "game"
    raise BadRecord(f"unknown game {shown} ({can})")


def read_variant(game: str, text: str) -> Variant:
    """The variant's parts: `normal` or `hard`, `day=N`, `fresh`, `lists=NAME`, and for Evil
    Wordle `perfect` (any order)."""
    hard, day, fresh, lists, perfect = False, None, False, UNNAMED, False
    modes = []
    for part in (p.strip() for p in ascii_lower(text).split(";")):
        number = part[len(DAY_TAG) :]
        if part in MODE_TAGS and game not in KINDS:
            modes.append(part)
            hard = part == "hard"
        elif part.startswith(DAY_TAG) and game in (WordleGame.WORDLE, WordleGame.NYT):
            if not (number.isascii() and number.isdigit() and len(number) < 10):
                raise BadRecord("the variant's day= is not a puzzle number")
            day = int(number)
        elif part == FRESH_TAG:
            fresh = True
        elif part == PERFECT_TAG and game == WordleGame.EVIL:
            perfect = True
        elif part.startswith(LISTS_TAG) and part[len(LISTS_TAG) :]:
            lists = part[len(LISTS_TAG) :]
        elif part:
            raise BadRecord(f"the variant's parts are {variant_help(game)}")
    if len(modes) > 1:
        raise BadRecord("the variant names more than one mode (normal, hard)")
    return Variant(hard, day, fresh, lists, perfect)


def variant_help(game: str) -> str:
    """The parts a game's variant may have, in words."""
    if game in KINDS:
        return "fresh and lists=NAME, apart by ;"
    day = "day=N, " if game in (WordleGame.WORDLE, WordleGame.NYT) else ""
    perfect = "perfect, " if game == WordleGame.EVIL else ""
    return f"normal or hard, {day}{perfect}fresh and lists=NAME, apart by ;"


def word_set(name: str, sets: dict[str, WordListSet]) -> WordListSet:
    """The word-list set of this name (loaded once); BadRecord if it cannot be used."""
    if name not in sets:
        try:
            sets[name] = lists_named(name, None)
        except ValueError as error:
            raise BadRecord(str(error)) from None
    return sets[name]


def is_word(text: str) -> bool:
    """True if `text` is 4 to 7 letters a-z (either case): Wordle's lengths (the replay
    checks it against the game's own word-list set)."""
    return MIN_LENGTH <= len(text) <= MAX_LENGTH and text.isascii() and text.isalpha()


def checked_row(game: str, number: int, word: str, reply: str) -> tuple[str, str]:
    """A row's guess (lower case) and reply (`..Y.G`, Jotto's count, or `3/1` with
    positions), if they look right."""
    if not is_word(word):
        raise BadRecord(
            f"row {number}: the guess is not a word of {MIN_LENGTH} to {MAX_LENGTH} letters"
        )
    reply = reply.upper()
    if game == GameName.JOTTO:
        if not (len(reply) == 1 and reply in "012345"):
            raise BadRecord(f"row {number}: a Jotto reply is a count from 0 to 5")
    elif game in KINDS:
        try:
            shared, placed = read_reply(game, reply)
        except ValueError:
            placed = shared = -1
        if placed is None or not 0 <= placed <= shared <= 5:
            raise BadRecord(f"row {number}: a reply is letters in common/in place, as 3/1")
    elif len(reply) != len(word) or set(reply) - set("GY."):
        raise BadRecord(f"row {number}: the reply is not a G, Y or . a letter (as ..Y.G)")
    return ascii_lower(word), reply


def checked_answer(game: str, text: str) -> str:
    """The answer in lower case ('' for an Evil Wordle game without one)."""
    answer = text.strip()
    if not answer and game == WordleGame.EVIL:
        return ""
    if not is_word(answer):
        raise BadRecord(f"the answer is not a word of {MIN_LENGTH} to {MAX_LENGTH} letters")
    return ascii_lower(answer)


def new_round(
    game: str, answer: str, variant: Variant, lists: WordListSet
) -> WordleRound | JottoRound:
    """A fresh round of the game, on its set, in its mode, with its answer checked."""
    try:
        if game in KINDS:
            return JottoRound(target=answer, lists=lists, kind=game)
        roles = roles_of(WordleGame(game), variant.hard, day=variant.day, perfect=variant.perfect)
        if game == WordleGame.EVIL:
            return WordleRound(roles=roles, lists=lists)
        check_puzzle(game, answer, variant, lists)
        return WordleRound(roles=roles, target=answer, lists=lists)
    except ValueError as error:
        if isinstance(error, BadRecord):
            raise
        kind = "a Jotto answer" if game in KINDS else "an answer"
        raise BadRecord(f"{answer.upper()} is not {kind} on the {lists.name} lists") from None


def check_puzzle(game: str, answer: str, variant: Variant, lists: WordListSet) -> None:
    """A daily puzzle's answer is its day's, a NYT puzzle's the NYT's (when it is known)."""
    if variant.day is None:
        return
    if game == WordleGame.NYT:
        from ..solver.nyt.history import load_history, todays_number

        today = todays_number()
        if variant.day > today + 1:
            raise BadRecord(f"NYT Wordle {variant.day:,} is not out yet: today's is {today:,}")
        known = load_history().word_of(variant.day)
        if known is not None and known != answer:
            raise BadRecord(f"{answer.upper()} is not the answer of NYT Wordle {variant.day:,}")
        return
    from .daily import NoSuchDay, check_day
    from .roles import answer_for

    try:
        check_day(variant.day)
    except NoSuchDay as error:
        raise BadRecord(str(error)) from None
    if answer_for(variant.day, lists) != answer:
        raise BadRecord(f"{answer.upper()} is not the answer of daily puzzle {variant.day}")


def replay(round_: WordleRound | JottoRound, moves: list[tuple[str, str]], answer: str) -> None:
    """Play each row through the rules; BadRecord at the first the game would not give."""
    for number, (word, reply) in enumerate(moves, 1):
        if round_.over:
            raise BadRecord(
                f"{plural(len(moves), 'row')}, but the game was over after row {number - 1}"
            )
        try:
            row = round_.guess(word)
        except Refused as error:
            raise BadRecord(f"row {number}, {word.upper()}: {error}") from None
        got = row.reply
        if got != reply:
            raise BadRecord(wrong_reply(round_, word, answer, got, reply))


def wrong_reply(
    round_: WordleRound | JottoRound, word: str, answer: str, got: str, given: str
) -> str:
    """The message for a reply the game would not have given."""
    if isinstance(round_, JottoRound) and round_.kind != GameName.JOTTO:
        return f"{word.upper()} against {answer.upper()} is {got}, not {given}"
    if isinstance(round_, JottoRound):
        shared = plural(int(got), "letter")
        return f"{word.upper()} shares {shared} with {answer.upper()}, not {given}"
    who = "Evil Wordle" if round_.mode == WordleGame.EVIL else answer.upper()
    return f"{who}'s reply to {word.upper()} is {got}, not {given}"
