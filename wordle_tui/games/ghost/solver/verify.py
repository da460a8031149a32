"""A memorised Ghost strategy checked by play, and laid out as a tree a person can learn.

`verify` plays the summary alone (its rules, and the only legal play where it has no rule)
against every defence the opponent has, and says whether every game is won. `strategy_tree`
writes the rules in the order they are met, one line per rule, indented by how many rules
came before it on the way; a position reached in several orders (a transposition) is one
fragment, so it is written once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .solved import SolvedGame
from .summary import Memorised


@dataclass(frozen=True)
class Verified:
    """The outcome of playing a summary against every defence."""

    won: bool  # every game is won
    games: int  # distinct games (move sequences) played to their end
    positions: int  # distinct fragments met
    failure: str = ""  # the first position where the summary did not win, and why


Plays = Callable[[str], list[str]]  # a fragment's legal plays (cached by the caller, if wanted)


def summary_move(rules: dict[str, str], fragment: str, plays: Plays) -> str | None:
    """What the summary says to play from `fragment`: its rule, else the only legal play."""
    if fragment in rules:
        return rules[fragment]
    legal = plays(fragment)
    return legal[0] if len(legal) == 1 else None


def verify(vocab: SolvedGame, memo: Memorised, plays: Plays | None = None) -> Verified:
    """Play `memo` alone, as its winner, against every sequence of legal replies.

    Depth first without recursion (a word list may hold very long words); each fragment's
    games are counted once, however many orders of play reach it."""
    rules, plays = dict(memo.rules), plays or vocab.legal_plays
    games: dict[str, int] = {}
    after: dict[str, list[str] | str] = {}  # the positions that follow, or why none can
    stack = [""]
    while stack:
        fragment = stack[-1]
        if fragment not in after:
            after[fragment] = _next_positions(vocab, memo.winner, rules, plays, fragment)
        nexts = after[fragment]
        if isinstance(nexts, str):
            return Verified(False, 0, len(games), nexts)
        waiting = [n for n in nexts if n not in games]
        if waiting:
            stack.extend(waiting)
            continue
        stack.pop()
        games[fragment] = sum(games[n] for n in nexts) if nexts else 1
    return Verified(True, games[""], len(games))


def _next_positions(
    vocab: SolvedGame, winner: int, rules: dict[str, str], plays: Plays, fragment: str
) -> list[str] | str:
    """The fragments a game goes on to from `fragment` ([] at a word), or why the summary
    fails there."""
    if vocab.is_word_text(fragment):
        return []
    if len(fragment) % 2 != winner:
        return plays(fragment)
    move = summary_move(rules, fragment, plays)
    if move is None or not vocab.is_play(fragment, move) or not vocab.is_fragment(move):
        return f"no usable rule after {fragment or '(start)'!r}"
    if vocab.is_word_text(move):
        return f"after {fragment!r} the summary completes the word {move!r}"
    return [move]


def strategy_tree(vocab: SolvedGame, memo: Memorised, plays: Plays | None = None) -> list[str]:
    """The rules in the order the game meets them, indented by the rules before each one."""
    rules, plays = dict(memo.rules), plays or vocab.legal_plays
    lines: list[str] = []
    written: set[str] = set()
    stack: list[tuple[str, int]] = [("", 0)]
    while stack:
        fragment, depth = stack.pop()
        if fragment in written or vocab.is_word_text(fragment):
            continue
        written.add(fragment)
        if len(fragment) % 2 == memo.winner:
            move = summary_move(rules, fragment, plays)
            if fragment in rules:
                lines.append(f"{'  ' * depth}{fragment or '(start)'} → {move}")
            if move is not None:
                stack.append((move, depth + (fragment in rules)))
        else:
            stack.extend((r, depth) for r in reversed(plays(fragment)))
    return lines
