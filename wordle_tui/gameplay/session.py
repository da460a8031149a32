"""Between game state and the history database: saving, resuming and recording rounds."""

from __future__ import annotations

from ..history import History, SavedGame, now
from .jotto import JottoRound, JottoRow
from .wordle import Row, WordleRound


def kind_of(game: WordleRound | JottoRound) -> str:
    """The history name of a round's game."""
    return "jotto" if isinstance(game, JottoRound) else game.mode


def to_saved(game: WordleRound | JottoRound, started: str) -> SavedGame:
    """A round as the history stores it."""
    if isinstance(game, JottoRound):
        moves = [(r.word, str(r.shared)) for r in game.rows]
        return SavedGame("jotto", "", game.target, moves, started)
    variant = "hard" if game.hard else "normal"
    return SavedGame(
        game.mode, variant, game.target, [(r.word, r.reply) for r in game.rows], started
    )


def from_saved(saved: SavedGame) -> WordleRound | JottoRound:
    """Rebuild a round from its saved moves (replayed through the rules)."""
    if saved.game == "jotto":
        return JottoRound(target=saved.target, rows=[JottoRow(w, int(r)) for w, r in saved.moves])
    return WordleRound(
        mode=saved.game,
        target=saved.target,
        hard=saved.variant == "hard",
        rows=[Row(w, r) for w, r in saved.moves],
    )


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


def resume(history: History, kind: str) -> tuple[WordleRound | JottoRound, str] | None:
    """The saved unfinished round of this kind, rebuilt, with its start time; or None."""
    saved = history.in_progress(kind)
    if saved is None:
        return None
    try:
        return from_saved(saved), saved.started
    except (ValueError, KeyError):
        history.drop_progress(kind)
        return None
