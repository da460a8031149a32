"""The multi-board assistant: type (or paste) the rows of a Dordle, Quordle or Octordle game
being played elsewhere, and see each board's answers left and the solver's next guesses.

A row is `word:colours,colours,...`, a colouring per board in board order (`g`/`y`/`.` or any
form the NYT assistant takes), empty for a board solved before; several rows may be typed or
pasted at once, separated by spaces. The position and the ranking are the solver's
(`solver/multi/`: `from_rows`, `MultiSolver.rank`), computed in a worker whose message carries
the rows it was computed for: a stale one is dropped. F3 switches between Dordle, Quordle and
Octordle (the rows are cleared), ctrl+z takes back the last row.
"""

from __future__ import annotations

import threading
from typing import ClassVar

from rich import box
from rich.table import Table
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Input, Static

from ...plural import plural
from ...solver.assistant.patterns import parse_pattern
from ...solver.listsets import WordListSet
from ...solver.multi.variants import ON_SCREEN, Variant, variant
from ...solver.words import ascii_lower
from ..typing import InOrderScreen
from ..widgets import Footer, Note
from ..worker_errors import WorkFailed, reports_errors

SOLVERS: dict = {}  # the multi-board solver of the lists last used (its matrix is big)
SOLVER_LOCK = threading.Lock()
Row = tuple[str, tuple[str | None, ...]]  # a word and each board's colouring (None: solved)
PLACEHOLDER = "a row: word:colours,colours,… (a colouring per board)"
TOP = 8  # next guesses shown
SHOWN_WORDS = 5  # answers listed per board


def parse_rows(text: str, boards: int) -> list[Row]:
    """Rows typed or pasted (`word:colours,...`, separated by spaces); ValueError says which
    one is wrong and why."""
    rows = []
    for part in text.split():
        word, colon, rest = part.partition(":")
        shown = part if len(part) <= 40 else part[:40] + "…"
        if not colon:
            raise ValueError(f"{shown!r}: write a row as word:colours,colours,…")
        fields = rest.split(",")
        if len(fields) != boards:
            raise ValueError(f"{shown!r}: {plural(len(fields), 'colouring')} for {boards} boards")
        colours = tuple(parse_pattern(f) if f.strip() else None for f in fields)
        rows.append((ascii_lower(word.strip()), colours))
    return rows


class MultiAssistantScreen(InOrderScreen):
    """Each board's answers left and the next guesses, for a game played elsewhere; ctrl+z and
    F3 change the rows in typing order (`InOrderScreen`)."""

    HELP_TOPIC = "multi-assistant"
    DEFAULT_CSS = """
    MultiAssistantScreen #ma-title { height: 1; padding: 0 1; }
    MultiAssistantScreen #ma-input { margin: 0 1; }
    MultiAssistantScreen #ma-body { height: 1fr; }
    MultiAssistantScreen #ma-left { width: 38; padding: 0 1; }
    MultiAssistantScreen #ma-right { width: 1fr; padding: 0 1; }
    MultiAssistantScreen #ma-message { height: auto; color: $warning; padding: 0 1; }
    """
    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo"),
        Binding("f3", "switch", "Variant"),
        Binding("escape", "app.pop_screen", "Back"),
        Binding("f1", "app.help", "Help"),  # `?` is typed into the row box here
    ]
    IN_ORDER: ClassVar[dict[str, str]] = {"ctrl+z": "undo", "f3": "switch"}

    class Ranked(Message):
        """The solver's view of `rows`: each board, and the next guesses (or what is wrong)."""

        def __init__(self, rows: tuple[Row, ...], name: str, data: dict) -> None:
            self.rows, self.name, self.data = rows, name, data
            super().__init__()

    def __init__(self, lists: WordListSet, name: str = "quordle") -> None:
        super().__init__()
        self.lists = lists
        self.variant: Variant = variant(name)
        self.rows: list[Row] = []
        self.busy = False

    def compose(self) -> ComposeResult:
        yield Static(id="ma-title")
        yield Input(
            placeholder="a row: word:colours,colours,… (a colouring per board)", id="ma-input"
        )
        yield Note(id="ma-message")
        with Horizontal(id="ma-body"):
            with VerticalScroll(id="ma-left"):
                yield Static(id="ma-rows")
                yield Static(id="ma-boards")
            with Vertical(id="ma-right"):
                yield Static(id="ma-suggestions")
        yield Footer()

    def on_mount(self) -> None:
        self.show_title()
        self.think()

    def say(self, text: str) -> None:
        self.query_one(Note).text = text

    def show_title(self) -> None:
        rules = self.variant
        self.query_one("#ma-title", Static).update(
            f"[b]Multi-board assistant: {rules.title}[/b] · {rules.boards} boards, "
            f"{rules.limit} guesses · F3 another game"
        )
        shown = [f"{w.upper()}  {' '.join(c or '-----' for c in cs)}" for w, cs in self.rows]
        self.query_one("#ma-rows", Static).update("\n".join(shown) or "No rows yet.")

    # Rows typed or pasted, and the keys that change them

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            added = parse_rows(event.value, self.variant.boards)
        except ValueError as problem:
            self.say(str(problem))
            return
        if not added:
            return
        if len(self.rows) + len(added) > self.variant.limit:
            self.say(f"{self.variant.title} allows {self.variant.limit} guesses")
            return
        self.rows += added
        event.input.value = ""
        self.say("")
        self.think()

    def action_undo(self) -> None:
        if self.rows:
            self.rows.pop()
            self.say("")
            self.think()

    def action_switch(self) -> None:
        """The next game of Dordle, Quordle and Octordle; its rows start empty."""
        names = list(ON_SCREEN)
        self.variant = variant(names[(names.index(self.variant.name) + 1) % len(names)])
        self.rows = []
        self.say(f"{self.variant.title}: {self.variant.boards} boards.")
        self.think()

    # The solver, in a worker

    def think(self) -> None:
        self.show_title()
        self.busy = True
        self.query_one("#ma-suggestions", Static).update("The solver is thinking…")
        self.rank(tuple(self.rows), self.variant.name)

    @work(thread=True, exclusive=True)
    @reports_errors
    def rank(self, rows: tuple[Row, ...], name: str) -> None:
        from ...solver.games import make_game
        from ...solver.multi.state import from_rows
        from ...solver.multi.strategy import MultiSolver
        from ...solver.replies import reply_code

        with SOLVER_LOCK:  # one solver per word lists, kept for the next position
            solver = SOLVERS.get(self.lists.fingerprint)
            if solver is None:
                SOLVERS.clear()
                solver = SOLVERS[self.lists.fingerprint] = MultiSolver(
                    make_game("wordle", lists=self.lists)
                )
        game, rules = solver.game, variant(name)
        coded = [(w, [None if c is None else reply_code(c) for c in cs]) for w, cs in rows]
        try:
            state = from_rows(
                game.index, solver.matrix, len(game.targets), rules.boards, rules.limit, coded
            )
        except ValueError as problem:
            self.post_message(self.Ranked(rows, name, {"problem": str(problem)}))
            return
        ranked = [] if state.over else solver.rank(state, TOP)
        boards = [
            (state.solved_at[b], [game.targets[t] for t in state.candidates[b]])
            for b in range(rules.boards)
        ]
        guesses = [
            (game.guesses[r.guess], r.exact.chance if r.exact else None, r.score, r.forced)
            for r in ranked
        ]
        data = {"boards": boards, "guesses": guesses, "won": state.won, "left": state.left}
        self.post_message(self.Ranked(rows, name, data))

    def on_multi_assistant_screen_ranked(self, message: Ranked) -> None:
        if message.rows != tuple(self.rows) or message.name != self.variant.name:
            return  # computed for rows since changed
        self.busy = False
        problem = message.data.get("problem")
        if problem is not None:  # the last rows do not fit: taken back, with the reason
            self.say(f"{problem}; the row was taken back.")
            self.rows.pop() if self.rows else None
            self.think()
            return
        self.query_one("#ma-boards", Static).update(boards_text(message.data["boards"]))
        self.query_one("#ma-suggestions", Static).update(suggestions_view(message.data))

    def on_work_failed(self, message: WorkFailed) -> None:
        message.stop()
        self.busy = False
        self.query_one("#ma-suggestions", Static).update(message.shown)


def boards_text(boards: list[tuple[int | None, list[str]]]) -> str:
    """Each board: solved on which guess, or its answers left (the first few)."""
    lines = []
    for number, (solved, words) in enumerate(boards, start=1):
        if solved is not None:
            lines.append(f"Board {number}: solved on guess {solved}")
            continue
        shown = " ".join(w.upper() for w in words[:SHOWN_WORDS])
        more = " …" if len(words) > SHOWN_WORDS else ""
        lines.append(f"Board {number}: {plural(len(words), 'answer')} left\n  {shown}{more}")
    return "\n".join(lines)


def suggestions_view(data: dict) -> Table | str:
    """The ranked next guesses as a table (the chance to finish when searched to the end)."""
    if data["won"]:
        return "Every board is solved."
    if not data["guesses"]:
        return "No guesses left."
    exact = data["guesses"][0][1] is not None
    title = "Next guesses: " + (
        "searched to the end" if exact else ("forced" if data["guesses"][0][3] else "summed")
    )
    view = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    view.add_column("#", justify="right")
    view.add_column("guess")
    if exact:
        view.add_column("finish", justify="right")
    view.add_column("score", justify="right")
    for rank, (word, chance, score, _forced) in enumerate(data["guesses"], start=1):
        cells = [str(rank), word.upper()]
        if exact:
            cells.append(f"{100 * chance:.1f}%")
        view.add_row(*cells, f"{score:.3f}")
    return view
