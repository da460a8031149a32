"""Ghost as a game between players: a referee that holds the fragment and checks every play.

The rules of what a fragment may become come from the solved `Vocabulary`; the referee
decides who lost and why, and reviews the loser's game afterwards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ....history import SavedGame, now
from ....plural import plural
from ....solver.words import ascii_lower
from ..solver.solved import SolvedGame
from ..solver.vocabulary import GhostError

if TYPE_CHECKING:
    from ....gameplay.request import GameRequest

Strategy = Callable[[SolvedGame, str, random.Random], str]  # a player's move from a fragment


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

    vocab: SolvedGame
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

    def public_view(self) -> SolvedGame:
        """A copy of the vocabulary whose arrays are read-only views (not re-writable)."""
        return self.vocab.read_only_view()

    def check(self, play: str) -> str | None:
        """Why `play` is not a move from the current fragment, or None."""
        if self.over:
            return "the game is over"
        play = ascii_lower(play.strip())
        if not self.vocab.is_play(self.fragment, play):
            return f"add exactly one letter {WHERE[self.vocab.variant]}"
        return None

    def play(self, play: str) -> None:
        """Make a move for the player to move; raise GhostError if it is not a move at all."""
        why = self.check(play)
        if why:
            raise GhostError(why)
        play = self.vocab.canonical(ascii_lower(play.strip()))
        player = self.to_move
        self.moves.append(Move(player, self.fragment, play))
        why = lost_by(self.vocab, play)
        if why:
            self.loser, self.reason = player, why
        self.fragment = play

    def run(
        self, strategies: Sequence[Strategy], seed: int | None = None, limit: int = 200
    ) -> int | None:
        """Play to the end with a strategy per player; return the loser (None if the game is
        still going after `limit` moves)."""
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


def lost_by(vocab: SolvedGame, play: str) -> str:
    """Why making `play` loses ('' if it does not): it is part of no word, or completes one."""
    if not vocab.is_fragment(play):
        part = {"ghost": "starts", "spook": "has the letters"}.get(vocab.variant, "contains")
        return f"no word {part} '{play}'"
    if not vocab.is_word_text(play):
        return ""
    if vocab.variant == "spook":
        word = vocab.example_word(play)
        return f"'{play}' are the letters of '{word}', a word of {plural(len(play), 'letter')}"
    return f"'{play}' is a word of {plural(len(play), 'letter')}"


@dataclass(frozen=True)
class Review:
    """The loser's game: the move from which they had no winning play, and wins they missed."""

    loser: int
    first_lost_move: int | None  # None: they could have won to the very end
    missed: list[tuple[int, str, str, list[str]]]  # (move, fragment, played, winning plays)


# Playing against the computer: the setup, and what the screen says about a match

HUMAN, COMPUTER = "you", "the computer"
VARIANT_TITLES = {
    "ghost": "Ghost",
    "super": "SuperGhost",
    "superduper": "SuperDuperGhost",
    "xghost": "Xghost",
    "spook": "Spook",
}
WHERE = {
    "ghost": "at the end",
    "super": "at either end",
    "superduper": "at either end, optionally reversing first",
    "xghost": "anywhere in the fragment",
    "spook": "to the bag",
}
MODES = {
    "computer": "you vs computer",
    "watch": "computer vs computer",
    "hotseat-2": "hot-seat, 2 players",
    "hotseat-3": "hot-seat, 3 players",
    "hotseat-4": "hot-seat, 4 players",
    "hotseat-3-c3": "hot-seat 3, player 3 computer",
    "hotseat-3-c23": "hot-seat 3, players 2, 3 computer",
    "hotseat-4-c4": "hot-seat 4, player 4 computer",
    "hotseat-4-c34": "hot-seat 4, players 3, 4 computer",
    "hotseat-4-c234": "hot-seat 4, players 2-4 computer",
}
HOTSEAT_PLAYERS = range(2, 5)


def hotseat_mode(players: int, computers: Sequence[int] = ()) -> str:
    """The mode string of hot-seat for `players`, the computer playing `computers` (1-based):
    `hotseat-3`, `hotseat-3-c23`. Raises GhostError if that is no such game."""
    if players not in HOTSEAT_PLAYERS:
        raise GhostError(f"hot-seat is for 2 to 4 players, not {players}")
    seats = sorted(set(computers))
    if any(not 1 <= seat <= players for seat in seats):
        raise GhostError(f"the computer can play players 1 to {players} of {players}")
    return f"hotseat-{players}" + (f"-c{''.join(map(str, seats))}" if seats else "")


def mode_computers(mode: str) -> frozenset[int]:
    """The players (0-based) the computer plays in a hot-seat mode string."""
    parts = mode.split("-")
    if len(parts) < 3 or not parts[2].startswith("c"):
        return frozenset()
    return frozenset(int(digit) - 1 for digit in parts[2][1:])


def is_mode(mode: str) -> bool:
    """Whether `mode` is a way to play: computer, watch, or hot-seat with the computer as any
    of its players (`hotseat-3-c13`)."""
    if mode in MODES:
        return True
    parts = mode.split("-")
    if len(parts) != 3 or parts[0] != "hotseat" or not parts[2].startswith("c"):
        return False
    digits = parts[2][1:]
    if not (parts[1].isdigit() and digits.isdigit() and digits.isascii()):
        return False
    try:
        return hotseat_mode(int(parts[1]), [int(d) for d in digits]) == mode
    except GhostError:
        return False


def mode_title(mode: str) -> str:
    """How the setup panel and the titles name a mode."""
    if mode in MODES:
        return MODES[mode]
    seats = sorted(seat + 1 for seat in mode_computers(mode))
    who = f"player {seats[0]}" if len(seats) == 1 else f"players {', '.join(map(str, seats))}"
    return f"hot-seat {mode.split('-')[1]}, {who} computer"


@dataclass(frozen=True)
class GhostSetup:
    """The choices a game against the computer is played with."""

    variant: str = "ghost"  # ghost, super, superduper, xghost or spook
    min_length: int = 3
    first: str = "human"  # who starts: human or computer
    style: str = "perfect"  # the computer's style: perfect or exploit
    mode: str = "computer"  # computer, watch, or hotseat-N for N people

    @property
    def players(self) -> int:
        """How many people play at the keyboard in hot-seat mode (0 in the other modes)."""
        return int(self.mode.split("-")[1]) if self.mode.startswith("hotseat-") else 0

    @property
    def computers(self) -> frozenset[int]:
        """The hot-seat players (0-based) the computer plays."""
        return mode_computers(self.mode)

    @property
    def key(self) -> tuple[str, int]:
        """What the vocabulary is solved for."""
        return self.variant, self.min_length

    @property
    def human_player(self) -> int:
        return 0 if self.first == "human" else 1

    def player_name(self, player: int) -> str:
        return HUMAN if player == self.human_player else COMPUTER


MIN_LENGTHS = range(1, 9)  # the shortest words that may count, as the setup panel offers them


def setup_from(request: GameRequest) -> GhostSetup:
    """The setup a request asks for (a minimum length or a mode the setup panel cannot show
    becomes 3, or you against the computer)."""
    length = request.min_length if request.min_length in MIN_LENGTHS else 3
    mode = request.ghost_mode if is_mode(request.ghost_mode) else "computer"
    return GhostSetup(request.ghost_variant, length, request.first, request.style, mode)


def play_from(
    fragment: str, letter: str, at_front: bool, reverse: bool, at: int | None = None
) -> str:
    """The play a letter makes: at the front or the end, after reversing the fragment or not;
    or (Xghost) inserted before the fragment's letter number `at`."""
    if at is not None:
        return fragment[:at] + letter + fragment[at:]
    base = fragment[::-1] if reverse else fragment
    return letter + base if at_front else base + letter


def caret_moved(fragment: str, at: int | None, where: str) -> int | None:
    """Xghost's caret (None: after the last letter) moved 'left', 'right', 'home' or 'end'."""
    spot = len(fragment) if at is None else at
    spot = {"left": spot - 1, "right": spot + 1, "home": 0}.get(where, len(fragment))
    spot = max(0, min(spot, len(fragment)))
    return None if spot == len(fragment) else spot


@dataclass
class GhostGame:
    """One game against the computer: its setup, the match once the vocabulary is solved (None
    until then, or if solving failed), and where the human's next letter goes."""

    setup: GhostSetup
    match: GhostMatch | None = None
    error: str = ""  # why the vocabulary could not be solved
    paused: str = ""  # no game until one is chosen (back from another mode): what to do
    at_front: bool = False
    reverse: bool = False
    at: int | None = None  # Xghost: where the next letter goes (None: at the end)
    started: str = field(default_factory=now)

    def begin(self, vocab: SolvedGame) -> None:
        self.match, self.started = GhostMatch(vocab), now()

    @property
    def solving(self) -> bool:
        return self.match is None and not self.error and not self.paused

    @property
    def in_progress(self) -> bool:
        """Whether stopping now abandons a game (one with moves, not over)."""
        return self.match is not None and bool(self.match.moves) and not self.match.over

    @property
    def computer_to_move(self) -> bool:
        m = self.match
        return m is not None and not m.over and m.to_move != self.setup.human_player

    def why_not_now(self) -> str | None:
        """Why the human cannot play (or choose where to play) now, or None."""
        if self.paused:
            return self.paused
        if self.solving:
            return f"Still solving {VARIANT_TITLES[self.setup.variant]}: wait a moment."
        if self.match is None:
            return f"No game ({self.error}): choose another setup."
        if self.computer_to_move:
            return "Wait: the computer is thinking."
        return None

    def play_letter(self, letter: str) -> str | None:
        """Play the human's letter; None if played, else why not ("" once the game is over)."""
        why = self.why_not_now()
        if why is not None:
            return why
        match = self.match
        assert match is not None  # why_not_now refuses when there is no game
        if match.over:
            return ""  # the message line says why it ended, and how to start another
        play = play_from(match.fragment, letter, self.at_front, self.reverse, self.at)
        why = match.check(play)
        if why is None:
            match.play(play)
            self.reverse, self.at = False, None
        return why

    def move_caret(self, where: str) -> str | None:
        """Move Xghost's caret ('left', 'right', 'home', 'end'); or say why not now."""
        why = self.why_not_now()
        if why is None and self.match is not None and not self.match.over:
            self.at = caret_moved(self.match.fragment, self.at, where)
        return why

    def toggle(self, choice: str) -> str | None:
        """Switch "at_front" or "reverse" for the next letter; or say why not now."""
        why = self.why_not_now()
        if why is None:
            setattr(self, choice, not getattr(self, choice))
        return why

    def computer_plays(self, match: GhostMatch, before: str, play: str) -> bool:
        """Make the computer's move, unless it is out of date (another game or position)."""
        if match is not self.match or not self.computer_to_move or before != match.fragment:
            return False
        match.play(play)
        return True

    def record(self, abandoned: bool) -> tuple[SavedGame, str, int]:
        """The game as the history records it: saved moves, result and score."""
        match, setup = self.match, self.setup
        if match is None:
            raise GhostError("there is no game to record")
        moves = [(m.after, setup.player_name(m.player)) for m in match.moves]
        variant = f"{setup.variant}-{setup.min_length}"
        saved = SavedGame("ghost", variant, match.fragment, moves, self.started)
        won = match.loser is not None and match.loser != setup.human_player
        result = "abandoned" if abandoned else ("won" if won else "lost")
        return saved, result, len(match.moves)


def ghost_round(request: GameRequest) -> GhostGame:
    """A game of Ghost against the computer, set up as the request asks (not yet begun): the
    round of Ghost's catalog entry."""
    return GhostGame(setup_from(request))
