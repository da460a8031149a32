"""Walking a guess tree: a position typed as rows, the path to an answer, and each node's
figures (answers left, expected guesses and worst case from there)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ....errors import WordleTuiError
from ....solver.assistant.patterns import AssistantError, parse_row
from ....solver.games import Game
from ....solver.replies import reply_code
from ....solver.tree import Tree, first_guess, tree_path, tree_scores

Row = tuple[str, str]  # a guess and its colouring as G/Y/.


class PositionError(WordleTuiError, ValueError):
    """A position or an answer that the tree does not have."""


@dataclass(frozen=True)
class Totals:
    """A subtree's figures, counting the guesses from its own first guess."""

    answers: int
    total: int  # guesses over every answer under it
    worst: int

    @property
    def mean(self) -> float:
        """Expected guesses from here: the mean over the answers under it."""
        return self.total / self.answers


@dataclass(frozen=True)
class Branch:
    """A subtree as a browser shows it: the guess, the reply that led there, its figures."""

    guess: str  # the node's guess, or the answer of a leaf
    reply: str | None  # the colouring (G/Y/.) that led here; None at the top
    subtree: Tree = field(repr=False)
    totals: Totals

    @property
    def leaf(self) -> bool:
        """Whether one answer is left: the guess is it."""
        return isinstance(self.subtree, str)


def totals(tree: Tree) -> Totals:
    """The answers under a subtree, their guesses in total from it, and the worst case."""
    scores = tree_scores(tree)
    return Totals(len(scores), sum(scores.values()), max(scores.values()))


def branch(tree: Tree, reply: str | None = None) -> Branch:
    """A subtree with its figures."""
    guess = tree if isinstance(tree, str) else tree.guess
    return Branch(guess, reply, tree, totals(tree))


def children(tree: Tree, game: Game) -> list[Branch]:
    """A node's branches, the biggest first (then by colouring); a leaf has none.

    The all-green branch (the guess was the answer) is left out: it is the node itself.
    """
    if isinstance(tree, str):
        return []
    found = [
        branch(child, game.show(code))
        for code, child in tree.branches.items()
        if code != game.rules.win
    ]
    return sorted(found, key=lambda b: (-b.totals.answers, b.reply))


def parse_rows(texts: Sequence[str], length: int = 5) -> list[Row]:
    """Rows typed as `word:pattern` (or `word pattern`) in any colour form the assistant
    takes, a mark a letter (`length`: the game's); a bad row is a PositionError."""
    rows = []
    for text in texts:
        try:
            rows.append(parse_row(text, length))
        except AssistantError as error:
            raise PositionError(str(error)) from None
    return rows


def parse_search(text: str, length: int = 5) -> str | list[Row]:
    """What a search box holds: an answer (one word), or rows (`salet .y..g crony gg.gg`,
    `salet:.y..g, crony:gg.gg`)."""
    tokens = text.replace(",", " ").replace(";", " ").split()
    if len(tokens) == 1 and not any(sep in tokens[0] for sep in ":="):
        return tokens[0].lower()
    rows: list[str] = []
    pending: str | None = None
    for token in tokens:
        if pending is not None:
            rows.append(f"{pending}:{token}")
            pending = None
        elif any(sep in token for sep in ":="):
            rows.append(token)
        else:
            pending = token
    if pending is not None:
        raise PositionError(f"the row {pending!r} has no colouring; write it as word:pattern")
    return parse_rows(rows, length)


def descend(tree: Tree, game: Game, rows: Sequence[Row]) -> Tree:
    """The subtree the tree reaches after `rows`; a PositionError names the first row it does
    not play."""
    subtree = tree
    for number, (word, pattern) in enumerate(rows, start=1):
        shown = f"row {number} ({word.upper()} {pattern})"
        guess = subtree if isinstance(subtree, str) else subtree.guess
        if word != guess:
            raise PositionError(f"{shown} is not in the tree: it plays {guess.upper()} there")
        code = reply_code(pattern)
        if isinstance(subtree, str) or code == game.rules.win:
            if code != game.rules.win:
                raise PositionError(f"{shown} is not in the tree: {guess.upper()} is the answer")
            if number != len(rows):
                raise PositionError(f"row {number} found the answer; nothing comes after it")
            return guess
        if code not in subtree.branches:
            raise PositionError(f"{shown} is not in the tree: no answer left gets that reply")
        subtree = subtree.branches[code]
    return subtree


def path_to(tree: Tree, game: Game, answer: str) -> list[Row]:
    """The rows the tree plays when the answer is `answer` (its last row all green)."""
    answer = answer.strip().lower()
    missing = PositionError(f"{answer.upper()[:20]} is not an answer in this tree")
    if len(answer) != len(first_guess(tree)) or not answer.isascii() or not answer.isalpha():
        raise missing
    try:
        path = tree_path(tree, game, answer)
    except KeyError:
        raise missing from None
    return [(guess, game.show(reply)) for guess, reply in path]


def rows_text(rows: Sequence[Row]) -> str:
    """Rows as typed: `salet:.Y..G crony:GG.GG`."""
    return " ".join(f"{word}:{pattern}" for word, pattern in rows)
