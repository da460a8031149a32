"""The explorer's computing: a strategy resolved into a tree (a greedy one is built, a file
read and checked) in a thread worker that posts it back with the number it was asked as."""

from __future__ import annotations

from textual import work
from textual.message import Message
from textual.widget import Widget

from ....paths import served
from ....solver.games import Game, make_game
from ....solver.listsets import WordListSet
from ....solver.trees import TreeError
from ....ui.worker_errors import reports_errors
from ..solver.navigate import Row
from ..solver.strategy import Strategy, resolve, through


class ExplorerWorker(Widget):
    """Builds trees off the UI thread; not shown."""

    DEFAULT_CSS = "ExplorerWorker { display: none; }"

    class Built(Message):
        """The tree of request number `asked`, on `game`."""

        def __init__(self, asked: int, game: Game, strategy: Strategy) -> None:
            self.asked, self.game, self.strategy = asked, game, strategy
            super().__init__()

    @work(thread=True, exclusive=True, group="explorer-build")
    @reports_errors
    def build(
        self, asked: int, lists: WordListSet | None, spec: str, rows: tuple[Row, ...] = ()
    ) -> None:
        """Make the game on `lists` and resolve `spec` into its tree; one that does not play
        `rows` plays them first, then a greedy tree from there."""
        game = make_game("wordle", lists=lists)
        try:
            strategy = resolve(spec, game)
        except TreeError as error:
            raise TreeError(file_problem(spec, error)) from None
        self.post_message(self.Built(asked, game, through(strategy, game, rows)))


def file_problem(spec: str, error: TreeError) -> str:
    """What is wrong with a tree file, said without its words when the app is served (a
    message never shows a browser what a file of the data folder holds)."""
    if not served() or not spec.startswith("tree:"):
        return str(error)
    return f"{spec[5:]}: not a tree for these word lists (check it with `wordle-tui report`)"
