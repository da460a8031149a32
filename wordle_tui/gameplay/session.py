"""Between game state and the history database: saving, resuming and recording rounds.

A round played on a word-list set other than `classic` is stored with the set's name in its
variant (`normal;lists=nyt`, `lists=sgb` for Jotto), so it is resumed on the same words; rows
stored without a name (before sets existed, or on `classic`, the default until `nyt`) read as
`classic`. A real NYT puzzle (`play --nyt N`) is stored as the game `nyt`, its number in
`day=N`. A daily puzzle carries its number too (`normal;day=412`) and is saved, unfinished, in
a slot of its own (`wordle;day=412`): opening it never abandons an ordinary game, nor opening
an ordinary game it. A fresh game (one that names its own answer: --target, --seed) is tagged
`fresh` (`normal;fresh`) and saved in its kind's fresh slot (`wordle;fresh`), which ordinary
games never read: it is never resumed, and the next fresh game of its kind replaces it
(recording it as abandoned if it had moves). A multi-board round (Dordle to Duotrigordle) is
stored under its game's name, its answers comma separated as the target, each move its word
and every board's reply (comma separated, empty for a board solved before). The schema is
unchanged.
"""

from __future__ import annotations

from ..history import History, SavedGame, now, slot_of
from ..plural import plural
from ..solver.choices import WordleGame
from ..solver.listsets import CLASSIC, WordListSet, canonical, load_set
from .jotto import KINDS, ComputerJottoRound, JottoRound, JottoRow, read_reply
from .multi import MULTI_NAMES, MultiRound
from .roles import roles_of
from .wordle import Refused, Row, WordleRound

Round = WordleRound | JottoRound | MultiRound

COMPUTER = "-computer"  # `jotto-computer`, `jotto-positions-computer`: replayed by their round
LISTS_TAG = "lists="
DAY_TAG = "day="
FRESH_TAG = "fresh"
PERFECT_TAG = "perfect"  # Evil Wordle against the perfect replier
UNNAMED = CLASSIC  # the set of a stored variant without a name: the default until `nyt`


def with_lists(variant: str, lists: WordListSet | None) -> str:
    """A stored variant naming the word-list set too (unless it is `classic`, which rows
    stored without a name were played on)."""
    name = UNNAMED if lists is None else lists.name
    if name == UNNAMED:
        return variant
    return ";".join(p for p in (variant, LISTS_TAG + name) if p)


def split_variant(variant: str) -> tuple[str, str]:
    """A stored variant as (the game's own variant, the word-list set's name)."""
    parts = variant.split(";")
    named = [p[len(LISTS_TAG) :] for p in parts if p.startswith(LISTS_TAG)]
    rest = ";".join(p for p in parts if not p.startswith(LISTS_TAG))
    return rest, (canonical(named[-1]) if named else UNNAMED)


def day_of(variant: str) -> int | None:
    """The daily puzzle number a stored variant names, or None (not a daily puzzle)."""
    for part in variant.split(";"):
        number = part[len(DAY_TAG) :]
        if part.startswith(DAY_TAG) and number.isascii() and number.isdigit() and len(number) < 10:
            return int(number)
    return None


def lists_named(name: str, current: WordListSet | None) -> WordListSet:
    """The set a saved round was played on: `current` if it is that one, else loaded by name
    (ListSetError, a ValueError, if it is gone)."""
    if current is not None and current.name == name:
        return current
    return load_set(name)


def kind_of(game: Round) -> str:
    """The history name of a round's game (a real NYT puzzle's is `nyt`: statistics apart)."""
    if isinstance(game, JottoRound):
        return game.kind
    if isinstance(game, MultiRound):
        return game.name
    return game.game_name  # its roles' name


def slot_for(kind: str, day: int | None = None, fresh: bool = False) -> str:
    """The unfinished-game slot of a game of this kind (a daily puzzle's: of its day; a fresh
    game's: its kind's fresh slot)."""
    tag = FRESH_TAG if fresh else ("" if day is None else f"{DAY_TAG}{day}")
    return slot_of(kind, tag)


def slot_of_round(game: Round, fresh: bool = False) -> str:
    """The unfinished-game slot a round is saved in."""
    return slot_for(kind_of(game), getattr(game, "day", None), fresh)


def to_saved(game: Round, started: str, fresh: bool = False) -> SavedGame:
    """A round as the history stores it (`fresh`: tagged as a game that named its answer)."""
    if isinstance(game, MultiRound):
        return multi_to_saved(game, started, fresh)
    if isinstance(game, JottoRound):
        moves = [(r.word, r.reply) for r in game.rows]
        variant = with_lists(FRESH_TAG if fresh else "", game.lists)
        return SavedGame(game.kind, variant, game.target, moves, started)
    variant = "hard" if game.hard else "normal"
    if game.perfect:  # the replier, so a resumed game goes on against the same one
        variant += f";{PERFECT_TAG}"
    if game.day is not None:
        variant += f";{DAY_TAG}{game.day}"
    elif fresh:
        variant += f";{FRESH_TAG}"
    return SavedGame(
        kind_of(game),
        with_lists(variant, game.lists),
        game.target,
        [(r.word, r.reply) for r in game.rows],
        started,
    )


def from_saved(saved: SavedGame, lists: WordListSet | None = None) -> Round:
    """Rebuild a round from its saved moves (replayed through the rules) on the set it was
    played on (`lists` when that is the one, so it is not read again)."""
    variant, name = split_variant(saved.variant)
    words = lists_named(name, lists)
    if saved.game in MULTI_NAMES:
        return multi_from_saved(saved, words, day_of(variant))
    if saved.game in KINDS:
        rows = [JottoRow(w, *read_reply(saved.game, r)) for w, r in saved.moves]
        return JottoRound(target=saved.target or "", rows=rows, lists=words, kind=saved.game)
    return wordle_from_saved(saved, words)


def wordle_from_saved(saved: SavedGame, lists: WordListSet | None = None) -> WordleRound:
    """A Wordle-family round rebuilt from its saved moves, as `from_saved` rebuilds any."""
    variant, name = split_variant(saved.variant)
    words = lists_named(name, lists)
    parts = variant.split(";")
    game = WordleGame(saved.game)
    roles = roles_of(game, "hard" in parts, day=day_of(variant), perfect=PERFECT_TAG in parts)
    rows = [Row(w, r) for w, r in saved.moves]
    return WordleRound(roles=roles, target=saved.target, rows=rows, lists=words)


def multi_to_saved(game: MultiRound, started: str, fresh: bool = False) -> SavedGame:
    """A multi-board round as stored: its answers, and each word with every board's reply."""
    tag = f"{DAY_TAG}{game.day}" if game.day is not None else (FRESH_TAG if fresh else "")
    shown = [[r.reply for r in game.rows_of(b)] for b in range(len(game.answers))]
    moves = [
        (word, ",".join(rows[turn] if turn < len(rows) else "" for rows in shown))
        for turn, word in enumerate(game.words)
    ]
    return SavedGame(game.name, with_lists(tag, game.lists), ",".join(game.answers), moves, started)


def multi_from_saved(saved: SavedGame, lists: WordListSet, day: int | None) -> MultiRound:
    """A multi-board round replayed from its words (ValueError if they cannot be played)."""
    if not saved.target:
        raise ValueError(f"a saved {saved.game} game without its answers")
    answers = tuple(saved.target.split(","))
    try:
        return MultiRound(saved.game, answers, [w for w, _ in saved.moves], lists, day)
    except Refused as refused:
        raise ValueError(f"a saved word cannot be played: {refused}") from None


def lists_name(game: Round) -> str:
    """The name of the word-list set a round is played on."""
    return game.lists.name if game.lists is not None else UNNAMED


def abandoned_note(game: Round) -> str:
    """What to tell the player of a round just abandoned: its answer, if one was fixed."""
    if isinstance(game, MultiRound):
        return f"Abandoned: the words were {', '.join(a.upper() for a in game.answers)}."
    answer = game.target if isinstance(game, JottoRound) else game.answer
    if answer:
        return f"Abandoned: the word was {answer.upper()}."
    assert isinstance(game, WordleRound)  # a Jotto round always has its word
    return f"Abandoned with {plural(len(game.candidates), 'word')} still possible."


def result_of(game: Round) -> str:
    return "won" if game.won else "lost"


class Keeper:
    """Saves a round after every move and records it once when it ends (a fresh round: in its
    kind's fresh slot, so the ordinary saved game is never touched)."""

    def __init__(
        self,
        history: History,
        game: Round,
        started: str | None = None,
        fresh: bool = False,
    ):
        self.history = history
        self.game = game
        self.started = started or now()
        self.fresh = fresh
        self.recorded = False

    def moved(self) -> None:
        """Call after each accepted move."""
        saved = to_saved(self.game, self.started, self.fresh)
        if self.game.over:
            if not self.recorded:
                self.history.record(saved, result_of(self.game), self.game.score)
                self.recorded = True
        else:
            self.history.save_progress(saved)

    def abandon(self) -> None:
        """Record an unfinished round with moves as abandoned (a loss)."""
        if not self.game.over and self.game.rows and not self.recorded:
            saved = to_saved(self.game, self.started, self.fresh)
            self.history.record(saved, "abandoned", self.game.score)
            self.recorded = True
        elif not self.game.rows:
            self.history.drop_progress(slot_of_round(self.game, self.fresh))


def replace_fresh(history: History, kind: str) -> None:
    """Make room for a new fresh game of this kind: the last one (never resumed) is recorded as
    abandoned if it had moves (its score: the guesses played, as `Keeper.abandon` scores it),
    and its slot is emptied. The ordinary saved game is left alone."""
    slot = slot_for(kind, fresh=True)
    saved = history.in_progress(slot)
    if saved is None:
        return
    if saved.moves:
        history.record(saved, "abandoned", len(saved.moves))
    else:
        history.drop_progress(slot)


def resume(
    history: History, kind: str, lists: WordListSet | None = None, day: int | None = None
) -> tuple[Round, str] | None:
    """The saved unfinished round of this kind (of daily puzzle `day`: its own slot), rebuilt
    on its own word-list set, with its start time; or None (a screen for another set abandons
    it, as for another mode)."""
    slot = slot_for(kind, day)
    saved = history.in_progress(slot)
    if saved is None:
        return None
    try:
        return from_saved(saved, lists), saved.started
    except (ValueError, KeyError):  # its set is gone or changed: kept as abandoned, not lost
        give_up([saved], history)
        return None


def on_set(history: History, name: str) -> list[SavedGame]:
    """The unfinished games saved on the word-list set `name`."""
    return [s for s in history.unfinished() if split_variant(s.variant)[1] == name]


def goes_on(saved: SavedGame, lists: WordListSet | None) -> bool:
    """Whether a saved game can be rebuilt on `lists` (None: its set is gone)."""
    if lists is None:
        return False
    try:
        kind = saved.game.removesuffix(COMPUTER)
        if saved.game.endswith(COMPUTER) and kind in KINDS:
            ComputerJottoRound.replay(saved.moves, lists, kind)
        else:
            from_saved(saved, lists)
    except (ValueError, KeyError):
        return False
    return True


def stranded(history: History, name: str, lists: WordListSet | None) -> list[SavedGame]:
    """The unfinished games on set `name` that cannot go on with `lists` (None: without it)."""
    return [saved for saved in on_set(history, name) if not goes_on(saved, lists)]


def give_up(games: list[SavedGame], history: History) -> int:
    """Record these unfinished games as abandoned (those without a move are just dropped, as
    `Keeper.abandon` does); how many were recorded."""
    recorded = 0
    for saved in games:
        if saved.moves:
            history.record(saved, "abandoned", len(saved.moves))
            recorded += 1
        else:
            history.drop_progress(slot_of(saved.game, saved.variant))
    return recorded
