"""Ghost for 2 to 4 people at one keyboard, the computer as referee.

Players add letters in turn (where the variant allows). The referee refuses what is not a
move, and ends the round when a word is completed. A fragment of no word is not refused: it
is a bluff, and the next player may *challenge* it. The challenged player must then name a
word that contains the fragment (starts with it, in Ghost); the referee checks it, and the
loser of the challenge takes a letter. Five letters spell GHOST and put a player out; the
last one left wins.

Any of the players may be the computer (`computers`, 0-based). It never bluffs, challenges a
fragment of no word, answers a challenge with a word, and otherwise plays as the n-player
solution says (`solver.players`: the rational player with as many players as are still
in): it never loses a round it could push on someone else.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from ....plural import plural
from ....solver.words import ascii_lower
from ..solver.players import rational_play
from ..solver.solved import SolvedGame
from .referee import caret_moved, play_from

GHOST = "GHOST"
MIN_PLAYERS, MAX_PLAYERS = 2, 4


def extends(vocab: SolvedGame, fragment: str, word: str) -> bool:
    """Whether `word` is a word of the game that contains `fragment` as the variant needs."""
    if word not in vocab.words or len(word) <= len(fragment):
        return False
    if vocab.variant == "spook":
        return not Counter(fragment) - Counter(word)
    return word.startswith(fragment) if vocab.variant == "ghost" else fragment in word


@dataclass
class HotSeat:
    """The referee's state: letters per player, the round's fragment, an open challenge."""

    vocab: SolvedGame
    players: int = 2
    letters: list[int] = field(default_factory=list)
    fragment: str = ""
    to_move: int = 0
    last: int | None = None  # who made the round's last move
    challenger: int | None = None  # set while a challenge waits for the challenged's word
    at_front: bool = False
    reverse: bool = False
    at: int | None = None  # Xghost: where the next letter goes (None: at the end)
    results: list[str] = field(default_factory=list)  # one line per finished round
    computers: frozenset[int] = frozenset()  # the players (0-based) the computer plays

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"hot-seat Ghost is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if not self.computers <= set(range(self.players)):
            raise ValueError(f"the computer can only play players 1 to {self.players}")
        self.letters = self.letters or [0] * self.players

    def name(self, player: int) -> str:
        return f"Player {player + 1}" + (" (computer)" if player in self.computers else "")

    @property
    def acting(self) -> int | None:
        """Who must act now: the challenged player during a challenge, else the player to
        move (None once the game is over)."""
        if self.over:
            return None
        return self.last if self.challenger is not None else self.to_move

    @property
    def challenged(self) -> int | None:
        """The player challenged to name a word (the round's last mover), while a challenge is
        open; else None."""
        return self.last if self.challenger is not None else None

    @property
    def computer_acts(self) -> bool:
        """Whether the computer must act now (and people's keys wait)."""
        return self.acting in self.computers

    def ghost_of(self, player: int) -> str:
        """The letters of GHOST a player has taken so far."""
        return GHOST[: self.letters[player]]

    @property
    def active(self) -> list[int]:
        return [p for p in range(self.players) if self.letters[p] < len(GHOST)]

    @property
    def over(self) -> bool:
        return len(self.active) <= 1

    @property
    def winner(self) -> int | None:
        return self.active[0] if self.over else None

    def _next(self, player: int) -> int:
        """The next player still in, after `player`."""
        for step in range(1, self.players + 1):
            candidate = (player + step) % self.players
            if self.letters[candidate] < len(GHOST):
                return candidate
        return player

    def why_not(self) -> str | None:
        """Why no letter can be played now, or None."""
        winner, challenged = self.winner, self.challenged
        if winner is not None:
            return f"The game is over: {self.name(winner)} wins. ctrl+n for another."
        if challenged is not None:
            return f"{self.name(challenged)}: name a word with '{self.fragment}', then Enter."
        return None

    def play_letter(self, letter: str) -> str | None:
        """Play a letter for the player to move; None if played, else why not."""
        why = self.why_not()
        if why:
            return why
        play = play_from(self.fragment, ascii_lower(letter), self.at_front, self.reverse, self.at)
        return self.play(play)

    def play(self, play: str) -> str | None:
        """Make `play` (the whole new fragment) for the player to move; None, else why not."""
        why = self.why_not()
        if why:
            return why
        if not self.vocab.is_play(self.fragment, play):
            return "Add exactly one letter a-z."
        play = self.vocab.canonical(play)
        player, self.fragment, self.last = self.to_move, play, self.to_move
        self.reverse, self.at = False, None
        if self.vocab.is_word_text(play):
            self._lose(player, f"'{play}' is a word of {plural(len(play), 'letter')}")
        else:
            self.to_move = self._next(player)
        return None

    def toggle(self, choice: str) -> str | None:
        """Switch "at_front" or "reverse" for the next letter, where the variant allows."""
        allowed = {"at_front": self.vocab.variant in ("super", "superduper"), "reverse": False}
        allowed["reverse"] = self.vocab.variant == "superduper"
        if not allowed.get(choice):
            return "Not in this variant."
        why = self.why_not()
        if why is None:
            setattr(self, choice, not getattr(self, choice))
        return why

    def move_caret(self, where: str) -> str | None:
        """Move Xghost's caret ('left', 'right', 'home', 'end'); or say why not now."""
        if self.vocab.variant != "xghost":
            return "Not in this variant."
        why = self.why_not()
        if why is None:
            self.at = caret_moved(self.fragment, self.at, where)
        return why

    def challenge(self) -> str | None:
        """The player to move challenges the last move; None if opened, else why not."""
        why = self.why_not()
        if why:
            return why
        if self.last is None:
            return "Nothing to challenge yet: the round has no letter."
        self.challenger = self.to_move
        return None

    def answer(self, word: str) -> bool:
        """The challenged player's word ("" gives up); True if it stands. Ends the round."""
        challenger, challenged = self.challenger, self.challenged
        if challenger is None or challenged is None:
            raise ValueError("no challenge is open")
        word, fragment = ascii_lower(word.strip()), self.fragment
        self.challenger = None
        if extends(self.vocab, fragment, word):
            self._lose(challenger, f"'{word}' contains '{fragment}': the challenge fails")
            return True
        why = "no word given" if not word else f"'{word}' is not a word with '{fragment}'"
        example = self.vocab.example_word(fragment)
        known = f" (e.g. '{example}')" if example and example != fragment else " (there is none)"
        self._lose(challenged, f"{why}{known}: the challenge succeeds")
        return False

    def _lose(self, player: int, reason: str) -> None:
        """`player` takes a letter; a new round starts with them (or the next one still in)."""
        self.letters[player] += 1
        out = " and is out" if self.letters[player] == len(GHOST) else ""
        self.results.append(
            f"{reason}: {self.name(player)} takes {GHOST[self.letters[player] - 1]}{out}."
        )
        self.fragment, self.last, self.at_front, self.reverse = "", None, False, False
        self.at = None
        self.to_move = player if self.letters[player] < len(GHOST) else self._next(player)

    def scores(self) -> list[str]:
        """One line per player: name and letters."""
        return [
            f"{self.name(p)}: {self.ghost_of(p) or '-'}{' (out)' if p not in self.active else ''}"
            for p in range(self.players)
        ]


class Action(NamedTuple):
    """What the computer does for the player who must act: "play" a fragment, "challenge"
    the last play, or "answer" a challenge with a word."""

    kind: str
    text: str = ""


def computer_action(seat: HotSeat, rng: random.Random) -> Action:
    """The computer's action for the player who must act (one of `seat.computers`)."""
    vocab, fragment = seat.vocab, seat.fragment
    if seat.challenger is not None:
        return Action("answer", vocab.example_word(fragment) or "")
    if seat.last is not None and not vocab.is_fragment(fragment):
        return Action("challenge")
    return Action("play", rational_play(vocab, len(seat.active), fragment, rng))


def take_action(seat: HotSeat, action: Action) -> str | None:
    """Carry out the computer's action; None if done, else why not."""
    if action.kind == "answer":
        seat.answer(action.text)
        return None
    if action.kind == "challenge":
        return seat.challenge()
    return seat.play(action.text)
