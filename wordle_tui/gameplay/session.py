"""Between game state and the history database: saving, resuming and recording rounds.

A round played on a word-list set other than the default is stored with the set's name in its
variant (`normal;lists=sgb`, `lists=sgb` for Jotto), so it is resumed on the same words; rows
stored before sets existed read as the default set. The schema is unchanged.
"""

from __future__ import annotations

from ..history import History, SavedGame, now
from ..solver.listsets import DEFAULT, WordListSet, load_set
from .jotto import JottoRound, JottoRow
from .wordle import Row, WordleRound

LISTS_TAG = "lists="


def with_lists(variant: str, lists: WordListSet | None) -> str:
    """A stored variant naming the word-list set too (unless it is the default)."""
    if lists is None or lists.name == DEFAULT:
        return variant
    return ";".join(p for p in (variant, LISTS_TAG + lists.name) if p)


def split_variant(variant: str) -> tuple[str, str]:
    """A stored variant as (the game's own variant, the word-list set's name)."""
    parts = variant.split(";")
    named = [p[len(LISTS_TAG) :] for p in parts if p.startswith(LISTS_TAG)]
    rest = ";".join(p for p in parts if not p.startswith(LISTS_TAG))
    return rest, (named[-1] if named else DEFAULT)


def lists_named(name: str, current: WordListSet | None) -> WordListSet:
    """The set a saved round was played on: `current` if it is that one, else loaded by name
    (ListSetError, a ValueError, if it is gone)."""
    if current is not None and current.name == name:
        return current
    return load_set(name)


def kind_of(game: WordleRound | JottoRound) -> str:
    """The history name of a round's game."""
    return "jotto" if isinstance(game, JottoRound) else game.mode


def to_saved(game: WordleRound | JottoRound, started: str) -> SavedGame:
    """A round as the history stores it."""
    if isinstance(game, JottoRound):
        moves = [(r.word, str(r.shared)) for r in game.rows]
        return SavedGame("jotto", with_lists("", game.lists), game.target, moves, started)
    variant = with_lists("hard" if game.hard else "normal", game.lists)
    return SavedGame(
        game.mode, variant, game.target, [(r.word, r.reply) for r in game.rows], started
    )


def from_saved(saved: SavedGame, lists: WordListSet | None = None) -> WordleRound | JottoRound:
    """Rebuild a round from its saved moves (replayed through the rules) on the set it was
    played on (`lists` when that is the one, so it is not read again)."""
    variant, name = split_variant(saved.variant)
    words = lists_named(name, lists)
    if saved.game == "jotto":
        rows = [JottoRow(w, int(r)) for w, r in saved.moves]
        return JottoRound(target=saved.target, rows=rows, lists=words)
    return WordleRound(
        mode=saved.game,
        target=saved.target,
        hard=variant == "hard",
        rows=[Row(w, r) for w, r in saved.moves],
        lists=words,
    )


def lists_name(game: WordleRound | JottoRound) -> str:
    """The name of the word-list set a round is played on."""
    return game.lists.name if game.lists is not None else DEFAULT


def result_of(game: WordleRound | JottoRound) -> str:
    return "won" if game.won else "lost"


class Keeper:
    """Saves a round after every move and records it once when it ends."""

    def __init__(
        self, history: History, game: WordleRound | JottoRound, started: str | None = None
    ):
        self.history = history
        self.game = game
        self.started = started or now()
        self.recorded = False

    def moved(self) -> None:
        """Call after each accepted move."""
        saved = to_saved(self.game, self.started)
        if self.game.over:
            if not self.recorded:
                self.history.record(saved, result_of(self.game), len(self.game.rows))
                self.recorded = True
        else:
            self.history.save_progress(saved)

    def abandon(self) -> None:
        """Record an unfinished round with moves as abandoned (a loss)."""
        if not self.game.over and self.game.rows and not self.recorded:
            self.history.record(to_saved(self.game, self.started), "abandoned", len(self.game.rows))
            self.recorded = True
        elif not self.game.rows:
            self.history.drop_progress(kind_of(self.game))


def resume(
    history: History, kind: str, lists: WordListSet | None = None
) -> tuple[WordleRound | JottoRound, str] | None:
    """The saved unfinished round of this kind, rebuilt on its own word-list set, with its
    start time; or None (a screen for another set abandons it, as for another mode)."""
    saved = history.in_progress(kind)
    if saved is None:
        return None
    try:
        return from_saved(saved, lists), saved.started
    except (ValueError, KeyError):
        history.drop_progress(kind)
        return None
