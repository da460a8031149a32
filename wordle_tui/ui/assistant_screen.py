"""The NYT assistant: enter the rows the real game gave you; see what is left and what to play.

The screen keeps the rows and the entry; a thread worker computes suggestions from a snapshot
of the assistant and posts them back; stale results (rows changed meanwhile) are dropped.
"""

from __future__ import annotations

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ..gameplay.entry import RowEntry
from ..gameplay.wordle import letter_states
from ..render import suggestion_cells
from ..solver.assistant import Assistant, AssistantError, RowReview, Suggestion, skill_score
from .widgets import BoardRow, Key, Keyboard, Note, Tile

HELP = (
    "Type the word you played, then its colours: g y . (or 2 1 0), Space cycles, ←→ move; "
    "or click the tiles. Enter adds the row. Paste a share row for the colours. "
    "left: answers expected to remain; guesses: expected guesses to finish."
)
SUGGESTION_COLUMNS = ("guess", "bits", "left", "worst", "win%", "ans?", "hard", "guesses")
REVIEW_COLUMNS = ("guess", "bits got", "expected", "best", "luck", "skill")


class AssistantScreen(Screen):
    """Help with the real NYT game, row by row."""

    BINDINGS = [
        Binding("enter", "add_row", "Add row"),
        Binding("ctrl+z", "undo", "Undo row"),
        Binding("ctrl+l", "clear", "Clear"),
        Binding("f3", "toggle_hard", "Hard mode"),
        Binding("f4", "toggle_prior", "Prior"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    class Ready(Message):
        """A worker finished: the assistant (when new), suggestions or a review, for rows."""

        def __init__(
            self,
            mode: tuple,
            rows: tuple,
            assistant: Assistant | None,
            suggestions=None,
            reviews=None,
            error: str | None = None,
        ) -> None:
            self.mode = mode
            self.rows = rows
            self.assistant = assistant
            self.suggestions = suggestions or []
            self.reviews = reviews or []
            self.error = error
            super().__init__()

    def __init__(self, hard: bool = False, prior: str = "uniform") -> None:
        super().__init__()
        self.hard = hard
        self.prior = prior
        self.assistant: Assistant | None = None
        self.previous: tuple[Assistant, bool, str] | None = None  # restored if a switch fails
        self.entry = RowEntry()
        self.suggestions: list[Suggestion] = []

    def compose(self) -> ComposeResult:
        with Horizontal(id="assist-area"):
            with Vertical(id="assist-left"):
                yield Static("[b]NYT assistant[/b]", id="assist-title")
                yield Static(id="assist-mode")
                yield VerticalScroll(BoardRow(id="entry-row"), id="assist-rows")
                yield Note(HELP, id="message")
            with Vertical(id="assist-right"):
                yield Static("Loading the word lists…", id="assist-summary")
                yield DataTable(id="suggestions", cursor_type="row", zebra_stripes=True)
                yield Static(id="candidates-title")
                with VerticalScroll(id="candidates-box"):
                    yield Static(id="candidates")
        yield Keyboard(id="keyboard")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#entry-row", BoardRow).add_class("mini")
        self.query_one("#suggestions", DataTable).can_focus = False
        self.query_one("#candidates-box").can_focus = False
        self.show_entry()
        self.show_mode()
        self.load(self.hard, self.prior, [])

    # Workers: they compute and post; handlers own the state

    @work(thread=True, exclusive=True, group="assistant")
    def load(self, hard: bool, prior: str, rows: list[tuple[str, str]]) -> None:
        try:
            helper = Assistant(hard=hard, prior=prior, rows=list(rows))
        except AssistantError as error:
            self.post_message(self.Ready((hard, prior), tuple(rows), None, error=str(error)))
            return
        self.post_message(self.result(helper))

    @work(thread=True, exclusive=True, group="assistant")
    def think(self, snapshot: Assistant) -> None:
        self.post_message(self.result(snapshot, keep=True))

    def result(self, helper: Assistant, keep: bool = False) -> Ready:
        rows, mode, new = tuple(helper.rows), (helper.hard, helper.prior), None if keep else helper
        if helper.solved:
            return self.Ready(mode, rows, new, reviews=helper.analysis())
        return self.Ready(mode, rows, new, suggestions=helper.suggest(10))

    def on_assistant_screen_ready(self, message: Ready) -> None:
        if message.mode != (self.hard, self.prior):
            return  # computed for a mode since switched away from
        if message.error:
            self.query_one(Note).text = message.error
            if self.previous is not None:  # the switch failed: back to what worked
                self.assistant, self.hard, self.prior = self.previous
                self.previous = None
                self.show_mode()
                self.think(self.assistant.snapshot())
            return
        if message.assistant is not None:
            self.assistant = message.assistant
            self.previous = None
        if self.assistant is None or message.rows != tuple(self.assistant.rows):
            return  # rows changed while this was computed; a newer result is coming
        if message.reviews:
            self.show_review(message.reviews)
        else:
            self.show_suggestions(message.suggestions)
        self.show_candidates()

    # Showing state

    def show_mode(self) -> None:
        prior = "any word, by frequency" if self.prior == "frequency" else "the answer list"
        mode = "hard mode" if self.hard else "normal mode"
        self.query_one("#assist-mode", Static).update(f"{mode} · {prior}\n[dim]F3 · F4[/dim]")

    def show_entry(self) -> None:
        row = self.query_one("#entry-row", BoardRow)
        row.show(self.entry.word, self.entry.pattern if self.entry.colouring else None)
        for i, tile in enumerate(row.tiles):
            tile.set_class(self.entry.colouring and i == self.entry.cursor, "-cursor")

    def show_suggestions(self, found: list[Suggestion]) -> None:
        self.suggestions = found
        table = self.query_one("#suggestions", DataTable)
        table.clear(columns=True)
        table.add_columns(*SUGGESTION_COLUMNS)
        for s in found:
            table.add_row(*suggestion_cells(s))
        if found:
            table.move_cursor(row=0)
            n = len(self.assistant.candidates)
            noun = "answer" if n == 1 else "answers"
            self.query_one("#assist-summary", Static).update(
                f"[b]{n:,} {noun} left.[/b] Best: [b]{found[0].word.upper()}[/b]"
                f"{' ★ optimal' if found[0].optimal else ''}\n"
                f"{self.assistant.reason(found[0])}"
            )

    def show_review(self, reviews: list[RowReview]) -> None:
        table = self.query_one("#suggestions", DataTable)
        table.clear(columns=True)
        table.add_columns(*REVIEW_COLUMNS)
        for r in reviews:
            table.add_row(
                r.word.upper(),
                f"{r.bits_gained:.2f}",
                f"{r.expected_bits:.2f}",
                f"{r.best_word.upper()} {r.best_bits:.2f}",
                f"{r.luck:+.2f}",
                str(r.skill),
            )
        self.query_one("#assist-summary", Static).update(
            f"[b]Solved in {len(reviews)}. Skill {skill_score(reviews)}/100[/b]\n"
            "Skill: each guess's expected bits as a share of the best guess's, averaged."
        )

    def show_candidates(self) -> None:
        words = self.assistant.candidate_words()
        weighted = self.prior == "frequency"
        shown = [f"{w.upper()} {100 * p:.1f}%" if weighted else w.upper() for w, p in words[:300]]
        more = f" (+{len(words) - 300:,} more)" if len(words) > 300 else ""
        self.query_one("#candidates-title", Static).update(
            f"[b]Possible answers[/b] ({len(words):,}, most likely first){more}"
        )
        self.query_one("#candidates", Static).update("  ".join(shown))

    async def show_rows(self) -> None:
        box = self.query_one("#assist-rows", VerticalScroll)
        for row in list(box.query(BoardRow)):
            if row.id != "entry-row":
                await row.remove()
        for word, pattern in self.assistant.rows:
            row = BoardRow(classes="mini played")
            await box.mount(row, before=self.query_one("#entry-row"))
            row.show(word, pattern)
        box.scroll_end(animate=False)
        states = letter_states(self.assistant.rows)
        self.query_one(Keyboard).show({k: v.name.lower() for k, v in states.items()})

    # Input

    def on_key(self, event: events.Key) -> None:
        key = event.key if event.key in ("left", "right", "up", "down", "space") else None
        key = key or (
            event.character if event.character and event.character.isprintable() else None
        )
        if key and self.entry.key(key):
            event.stop()
            self.query_one(Note).text = ""
            self.show_entry()

    def on_paste(self, event: events.Paste) -> None:
        try:
            self.entry.paste(event.text)
        except AssistantError as error:
            self.query_one(Note).text = str(error)
        self.show_entry()

    async def on_key_pressed(self, message: Key.Pressed) -> None:
        if message.key == "enter":
            await self.action_add_row()
        else:
            self.entry.key(message.key)
            self.show_entry()

    def on_click(self, event: events.Click) -> None:
        tile = event.widget
        row = self.query_one("#entry-row", BoardRow)
        if isinstance(tile, Tile) and tile in row.tiles:
            self.entry.cycle(row.tiles.index(tile))
            self.show_entry()

    async def action_add_row(self) -> None:
        if self.assistant is None:
            self.query_one(Note).text = "Still loading the word lists…"
            return
        if not self.entry.colouring:
            self.query_one(Note).text = "Type the five letters of the word you played first."
            return
        try:
            left = self.assistant.add(self.entry.word, self.entry.pattern)
        except AssistantError as error:
            self.query_one(Note).text = str(error)
            self.app.bell()
            return
        self.entry.clear()
        self.show_entry()
        self.query_one(Note).text = f"{left:,} possible." if left > 1 else ""
        await self.show_rows()
        self.query_one("#assist-summary", Static).update("Thinking…")
        self.think(self.assistant.snapshot())

    async def action_undo(self) -> None:
        if self.assistant is None or self.assistant.undo() is None:
            self.query_one(Note).text = "No row to undo."
            return
        self.query_one(Note).text = "Took back the last row."
        await self.show_rows()
        self.think(self.assistant.snapshot())

    async def action_clear(self) -> None:
        if self.assistant is None:
            return
        self.assistant.clear()
        self.entry.clear()
        self.show_entry()
        await self.show_rows()
        self.think(self.assistant.snapshot())

    def action_toggle_hard(self) -> None:
        was = (self.hard, self.prior)
        self.hard = not self.hard
        self.reload(was)

    def action_toggle_prior(self) -> None:
        was = (self.hard, self.prior)
        self.prior = "frequency" if self.prior == "uniform" else "uniform"
        self.reload(was)

    def reload(self, was: tuple[bool, str]) -> None:
        """Rebuild the assistant for the new mode, keeping the rows (or go back if they fail)."""
        self.show_mode()
        rows = list(self.assistant.rows) if self.assistant else []
        if self.assistant is not None:
            self.previous = (self.assistant, *was)
        self.assistant = None
        note = "Loading every allowed word (the first time takes a few seconds)…"
        self.query_one("#assist-summary", Static).update(
            note if self.prior == "frequency" else "Thinking…"
        )
        self.load(self.hard, self.prior, rows)
