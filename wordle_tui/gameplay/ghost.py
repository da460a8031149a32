"""Ghost as a game between players: a referee that holds the fragment and checks every play.

The rules of what a fragment may become come from the solved `Vocabulary`; the referee
decides who lost and why, and reviews the loser's game afterwards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..solver.ghost import GhostError, Vocabulary


@dataclass
class Move:
    player: int
    before: str
    after: str


@dataclass
class GhostMatch:
    """A referee: holds the fragment and checks every play itself.

    Strategies see a separate, read-only view of the vocabulary, so nothing they do to it can
    change the words or the rules the referee judges by.
    """

    vocab: Vocabulary
    fragment: str = ""
    moves: list[Move] = field(default_factory=list)
    loser: int | None = None
    reason: str = ""

    @property
    def to_move(self) -> int:
        return len(self.moves) % 2

    @property
    def over(self) -> bool:
        return self.loser is not None

    def public_view(self) -> Vocabulary:
        """A copy of the vocabulary whose arrays are read-only views (not re-writable)."""
        return self.vocab.read_only_view()

    def check(self, play: str) -> str | None:
        """Why `play` is not a move from the current fragment, or None."""
        if self.over:
            return "the game is over"
        play = play.strip().lower()
        if not self.vocab.is_play(self.fragment, play):
            where = {
                "ghost": "at the end",
                "super": "at either end",
                "superduper": "at either end, optionally reversing first",
            }
            return f"add exactly one letter {where[self.vocab.variant]}"
        return None

    def play(self, play: str) -> None:
        """Make a move for the player to move; raise GhostError if it is not a move at all."""
        why = self.check(play)
        if why:
            raise GhostError(why)
        play = play.strip().lower()
        player = self.to_move
        self.moves.append(Move(player, self.fragment, play))
        if not self.vocab.is_fragment(play):
            self.loser = player
            part = "starts" if self.vocab.variant == "ghost" else "contains"
            self.reason = f"no word {part} '{play}'"
        elif self.vocab.is_word_text(play):
            self.loser = player
            self.reason = f"'{play}' is a word of {len(play)} letters"
        self.fragment = play

    def run(self, strategies: Sequence, seed: int | None = None, limit: int = 200) -> int:
        """Play to the end with a strategy per player; return the loser."""
        rng = random.Random(seed)
        view = self.public_view()
        while not self.over and len(self.moves) < limit:
            player = self.to_move
            try:
                choice = strategies[player](view, self.fragment, rng)
                self.play(choice)
            except Exception as error:  # a broken or cheating strategy loses
                self.loser, self.reason = player, f"player {player} broke the rules ({error})"
        return self.loser

    def review(self) -> Review:
        """Where the loser went wrong: their first lost position and the wins they missed."""
        if self.loser is None:
            raise GhostError("the game is not over")
        missed: list[tuple[int, str, str, list[str]]] = []
        first_lost = None
        for number, move in enumerate(self.moves, start=1):
            if move.player != self.loser:
                continue
            if not self.vocab.wins(move.before):
                first_lost = number
                break
            missed.append((number, move.before, move.after, self.vocab.winning_plays(move.before)))
        return Review(self.loser, first_lost, missed)


@dataclass(frozen=True)
class Review:
    """The loser's game: the move from which they had no winning play, and wins they missed."""

    loser: int
    first_lost_move: int | None  # None: they could have won to the very end
    missed: list[tuple[int, str, str, list[str]]]  # (move, fragment, played, winning plays)
