"""The assistant screen keeps your game: its rows, puzzle, hard mode, prior and ranking are
written (`gameplay/assisted`) at every change and brought back when the screen opens again,
on the same word lists, today or later. A game of an earlier day comes back with its own
puzzle number, and the message line says so; a solved game comes back without its rows; a
screen opened on another puzzle (`play assistant --nyt N`) starts afresh. A damaged file is
ignored, with one notice; rows the word lists no longer take are dropped, with a notice."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...gameplay.assisted import KeptGame, keep, read_kept
from ...plural import plural
from ...solver.assistant.patterns import AssistantError
from ...solver.listsets import DEFAULT
from ..widgets import Note
from .keys import KeysInOrder

if TYPE_CHECKING:
    from ...solver.assistant.engine import Assistant
    from ...solver.listsets import WordListSet


class KeepsGame(KeysInOrder):
    """A screen whose game is kept in a file, and brought back when it opens."""

    kept_file: Path | None = None  # where the game is kept (None: not kept)
    keeping = False  # the first assistant has arrived: changes from now on are kept
    resuming = False  # the rows being loaded are the kept ones (dropped if refused)
    warned = False  # said once that the game cannot be written
    cleared: list[tuple[str, str]] | None = None  # the rows ctrl+l took away (ctrl+z: back)
    # what it uses of the screen (`AssistantScreen` sets them)
    assistant: Assistant | None
    lists: WordListSet | None
    today: int

    def built(self) -> Assistant:
        """The screen's assistant, where one is needed (rows are taken only once it is built)."""
        if self.assistant is None:
            raise RuntimeError("the assistant is not built yet")
        return self.assistant

    def lists_name(self) -> str:
        """The name of the screen's word-list set."""
        return DEFAULT if self.lists is None else self.lists.name

    def restore_kept(self, asked: int | None) -> list[tuple[str, str]]:
        """The kept game's mode set on the screen, and its rows to load (say so); none when
        nothing is kept for these lists, or another puzzle was `asked` for."""
        if self.kept_file is None:
            return []
        game, notice = read_kept(self.kept_file)
        if notice:
            self.query_one(Note).text = notice
        if game is None or game.lists != self.lists_name():
            return []
        if asked is not None and asked != game.puzzle:
            return []
        self.hard, self.prior, self.rank = game.hard, game.prior, game.rank
        if not game.rows:
            self.puzzle = game.puzzle if game.today == self.today else self.today
            return []
        self.puzzle, self.resuming = game.puzzle, True
        self.query_one(Note).text = resumed(game, self.today)
        return list(game.rows)

    def kept_refused(self, error: str) -> None:
        """The kept rows are refused by the word lists: start afresh, and say why."""
        self.resuming = False  # the worker builds the assistant without them
        self.query_one(Note).text = f"Your kept rows cannot be resumed ({error}); starting afresh."

    def remember_cleared(self) -> str:
        """ctrl+l: keep the rows it clears for ctrl+z; what the message line says."""
        rows = list(self.built().rows)
        if not rows:
            return "No row to clear."
        self.cleared = rows
        them = "it" if len(rows) == 1 else "them"
        return f"Cleared {plural(len(rows), 'row')}; ctrl+z brings {them} back."

    def bring_back(self) -> str:
        """ctrl+z with no row left: the rows ctrl+l cleared come back; what is said."""
        rows, self.cleared = self.cleared or [], None
        try:
            self.replace_rows(rows)
        except AssistantError as error:  # a mode since switched refuses them
            return f"The cleared rows cannot come back ({error})."
        return f"Brought back {plural(len(rows), 'row')}."

    def replace_rows(self, rows: list[tuple[str, str]]) -> None:
        """Put `rows` in place of the assistant's, or raise AssistantError and keep the old."""
        helper = self.built()
        old = list(helper.rows)
        helper.clear()
        try:
            for word, pattern in rows:
                helper.add(word, pattern)
        except AssistantError:
            helper.clear()
            for word, pattern in old:
                helper.add(word, pattern)
            raise

    def keep_game(self) -> None:
        """Write the game as it is now (a solved one without its rows)."""
        helper = self.assistant
        if self.kept_file is None or helper is None or not self.keeping:
            return
        rows = () if helper.solved else tuple(helper.rows)
        game = KeptGame(
            self.lists_name(), self.puzzle, self.today, self.hard, self.prior, self.rank, rows
        )
        warning = keep(self.kept_file, game)
        if warning and not self.warned:
            self.warned = True
            self.query_one(Note).text = warning


def resumed(game: KeptGame, today: int) -> str:
    """What the message line says of a game brought back."""
    rows = plural(len(game.rows), "row")
    if game.today == today or game.puzzle == today:
        return f"Resumed your game of Wordle {game.puzzle:,}: {rows}."
    return (
        f"Resumed Wordle {game.puzzle:,} from an earlier day ({rows}; today's is {today:,}): "
        "F7 picks today's, ctrl+l clears."
    )
