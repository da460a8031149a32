"""Hints, and the computer against itself: a perfect game of Ghost, one move at a time, each
with a line on why it is played. No screen here; `games/ghost/ui/watch.py` shows it."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from ....plural import plural
from ..solver.solved import SolvedGame
from ..solver.summary import fastest_win, moves_left, slowest_loss
from ..solver.vocabulary import GhostError


def hint(vocab: SolvedGame, fragment: str) -> str:
    """What the player to move can do: the letters that win, else the one that loses slowest
    (each named as the letter to play, and where it goes in the super variants)."""
    if vocab.is_word_text(fragment) or not vocab.is_fragment(fragment):
        return ""
    good = vocab.winning_plays(fragment)
    if good:
        shown = ", ".join(placed(vocab, fragment, p) for p in good[:12])
        return f"A winning letter exists: {shown}" + (" …" if len(good) > 12 else "")
    slow = slowest_loss(vocab, fragment)
    if slow is None:
        return "Every letter loses at once: none keeps a word possible."
    letter = placed(vocab, fragment, slow)
    if vocab.is_word_text(slow):
        return (
            "Every letter loses at once (each completes a word or makes a fragment of none): "
            f"{letter} completes '{slow}'."
        )
    return (
        f"Every letter loses against perfect play; this one loses slowest: {letter} "
        f"({then_lasts(moves_left(vocab, slow))})"
    )


def placed(vocab: SolvedGame, fragment: str, play: str) -> str:
    """The letter `play` adds to `fragment`: 'm'; in the super variants with where it goes,
    'm at the end', 'x at the front', and ', reversed first' when the fragment is turned;
    in Xghost also 'b between r and a'; in Spook the letter alone."""
    if vocab.variant == "spook":
        return "".join((Counter(play) - Counter(fragment)).elements()) or play
    if vocab.variant == "xghost" and fragment:
        return inserted(fragment, play)
    for base, turned in ((fragment, ""), (fragment[::-1], ", reversed first")):
        if play[:-1] == base:
            letter, where = play[-1], "at the end"
        elif play[1:] == base:
            letter, where = play[0], "at the front"
        else:
            continue
        return letter if vocab.variant == "ghost" or not fragment else f"{letter} {where}{turned}"
    return play


def inserted(fragment: str, play: str) -> str:
    """Where Xghost's `play` puts its letter in `fragment`: 'x at the front', 'b between r
    and a', 'm at the end' (the first place that makes it)."""
    for i in range(len(play)):
        if play[:i] + play[i + 1 :] == fragment:
            if i == 0:
                return f"{play[0]} at the front"
            if i == len(fragment):
                return f"{play[i]} at the end"
            return f"{play[i]} between {fragment[i - 1]} and {fragment[i]}"
    return play


def best_line(vocab: SolvedGame, fragment: str) -> list[str]:
    """The rest of the game with perfect play: the winner wins soonest, the loser holds out."""
    line: list[str] = []
    while not vocab.is_word_text(fragment):
        fragment = fastest_win(vocab, fragment) or _holding_out(vocab, fragment)
        line.append(fragment)
    return line


@dataclass(frozen=True)
class Watched:
    """One move of a watched game: who, from what, to what, and why."""

    player: int
    before: str
    after: str
    reason: str


def reason_for(vocab: SolvedGame, before: str, after: str, line: list[str] | None = None) -> str:
    """Why `after` is the move to make from `before`, in one line; `line` is the rest of the
    game as it will be played (default: `best_line`), so the end it names is the real one."""
    if vocab.is_word_text(after):
        return f"every play completes a word; '{after}' is a word, so this player loses"
    replies = len(vocab.legal_plays(after))
    line = best_line(vocab, after) if line is None else line
    end, count = line[-1], len(line)
    left = moves(count)
    if not vocab.wins(after):
        every = "the only reply loses" if replies == 1 else f"all {replies} replies lose"
        return f"wins: {every}; with the best defence the game ends in '{end}' in {left}"
    return f"no play wins; this one holds out longest ({more_moves(count)}, towards '{end}')"


def _holding_out(vocab: SolvedGame, fragment: str) -> str:
    """The play that loses slowest; GhostError if there is no legal play at all."""
    play = slowest_loss(vocab, fragment)
    if play is None:
        raise GhostError(f"no legal play from '{fragment}'")
    return play


def perfect_play(vocab: SolvedGame, fragment: str, rng: random.Random) -> str:
    """A perfect move: one of the winning plays that win soonest (picked by `rng`), else the
    play that loses slowest."""
    good = vocab.winning_plays(fragment)
    if not good:
        return _holding_out(vocab, fragment)
    soonest = min(moves_left(vocab, p) for p in good)
    return rng.choice([p for p in good if moves_left(vocab, p) == soonest])


def moves(count: int) -> str:
    """'1 move', '3 moves'."""
    return plural(count, "move")


def more_moves(count: int) -> str:
    """'1 more move', '3 more moves'."""
    return plural(count, "more move")


def then_lasts(count: int) -> str:
    """How long the game lasts after a play: 'the game then lasts 3 more moves', or, when
    none follows, 'the game ends with this move' (never '0 more moves')."""
    if count <= 0:
        return "the game ends with this move"
    return f"the game then lasts {more_moves(count)}"


@dataclass
class PerfectGame:
    """The computer against itself: the winner picks among its winning plays that win soonest
    (by the seed), the loser the play that loses slowest. Each move's reason names the end the
    game then reaches, and when: the rest is played ahead on a copy of the random state."""

    vocab: SolvedGame
    seed: int | None = None
    moves: list[Watched] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    @property
    def fragment(self) -> str:
        return self.moves[-1].after if self.moves else ""

    @property
    def over(self) -> bool:
        return bool(self.moves) and self.vocab.is_word_text(self.fragment)

    @property
    def loser(self) -> int | None:
        return self.moves[-1].player if self.over else None

    def step(self) -> Watched | None:
        """Make the next move (None once the game is over)."""
        if self.over:
            return None
        before = self.fragment
        after = perfect_play(self.vocab, before, self.rng)
        reason = reason_for(self.vocab, before, after, self.rest(after))
        move = Watched(len(self.moves) % 2, before, after, reason)
        self.moves.append(move)
        return move

    def rest(self, fragment: str) -> list[str]:
        """The moves that will follow `fragment`, played on a copy of the random state."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        line: list[str] = []
        while not self.vocab.is_word_text(fragment):
            fragment = perfect_play(self.vocab, fragment, rng)
            line.append(fragment)
        return line

    def lines(self) -> list[str]:
        """One line per move so far."""
        return [
            f"{i}. player {m.player + 1}: {m.after.upper()} - {m.reason}"
            for i, m in enumerate(self.moves, start=1)
        ]
