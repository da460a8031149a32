"""The assistant screen's parts: on the left the mode, the rows played and the row being
entered; on the right the summary, the suggestion or review table and the possible answers.
They show what the screen hands them (and what the summary says of the proof:
`proof_status`, `weighted_status`); the screen owns the assistant and the entry. At 80x24
every part fits: the review leaves out the columns it has no room for, the answers are packed
in whole entries. `PasteGameDialog` asks for a finished game's share squares and the words
played; `PuzzleDialog` for the puzzle's number."""

from __future__ import annotations

import asyncio
import time

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Button, DataTable, Input, Label, Static, TextArea

from ...gameplay.entry import RowEntry
from ...plural import plural
from ...render import SEVENTH_LEGEND, chance, review_cells, suggestion_cells
from ...solver.assistant.advice import EXACT, SEARCHED, runs_endgame_search
from ...solver.assistant.engine import Assistant, GameReview, ProvenMove, Suggestion
from ...solver.assistant.review import SKILL_DEFINITION
from ...solver.choices import Prior, Rank
from ..widgets import BoardRow, Footer, Note

SUGGESTION_COLUMNS = ("guess", "bits", "left", "worst", "win%", "ans?", "hard", "guesses")
RANK_COLUMN = {Rank.GUESSES: "guesses", Rank.ENTROPY: "bits", Rank.WORST: "worst"}
KEYS = {"puzzle": "F7", "hard": "F3", "prior": "F4", "rank": "F6"}  # the mode's keys, shown
REVIEW_COLUMNS = ("guess", "reply", "answers", "left", "yours", "best move", "lost", "luck")
SHOWN_ANSWERS = 300
HELP = (
    "Type the word you played, then its colours: g y . (or 2 1 0); Space cycles, ←→ move. "
    "Enter adds the row, ctrl+z takes it back, ctrl+l clears all; F5 pastes a game. "
    "F1 explains the columns, ★ and ◆."
)  # fits the column at 80x24; the full explanation is the help's (F1)
NARROW_DROPS = ("reply", "left")  # review columns left out, in turn, while it is too wide


class RowsColumn(Vertical):
    """The mode, the rows played so far, the row being entered, and a message line."""

    def __init__(self, length: int = 5, **kwargs) -> None:
        super().__init__(**kwargs)
        self.showing = asyncio.Lock()  # one `show_rows` at a time
        self.length = length  # letters a word has: the word-list set's

    def compose(self) -> ComposeResult:
        yield Static("[b]NYT assistant[/b]", id="assist-title")
        yield Static(id="assist-mode")
        yield VerticalScroll(BoardRow(self.length, id="entry-row"), id="assist-rows")
        yield Note(HELP, id="message")

    def on_mount(self) -> None:
        self.query_one("#entry-row", BoardRow).add_class("mini")

    def show_mode(
        self,
        hard: bool,
        prior: Prior,
        rank: Rank = Rank.GUESSES,
        puzzle: int | None = None,
        today: bool = True,
    ) -> None:
        mode = "hard mode" if hard else "normal mode"
        when = "" if puzzle is None else f"Wordle {puzzle:,}" + (" today" if today else "")
        lines = [(KEYS["puzzle"], when), (KEYS["hard"], mode), (KEYS["prior"], Prior(prior).label)]
        lines.append((KEYS["rank"], f"by {Rank(rank).label}"))
        self.query_one("#assist-mode", Static).update(
            "\n".join(f"[b]{key}[/b] {text}" for key, text in lines if text)
        )

    def show_entry(self, entry: RowEntry) -> None:
        row = self.query_one("#entry-row", BoardRow)
        row.show(entry.word, entry.pattern if entry.colouring else None)
        for i, tile in enumerate(row.tiles):
            tile.set_class(entry.colouring and i == entry.cursor, "-cursor")

    async def show_rows(self, rows: list[tuple[str, str]]) -> None:
        """Show these rows (calls wait for each other: interleaved, two would mix their rows)."""
        async with self.showing:
            box = self.query_one("#assist-rows", VerticalScroll)
            for row in list(box.query(BoardRow)):
                if row.id != "entry-row":
                    await row.remove()
            for word, pattern in rows:
                row = BoardRow(len(word), classes="mini played")
                await box.mount(row, before=self.query_one("#entry-row"))
                row.show(word, pattern)
            box.scroll_end(animate=False)


class SuggestionPanel(Vertical):
    """What is left and what to play (or, once solved, how each row went)."""

    def compose(self) -> ComposeResult:
        yield Static("Loading the word lists…", id="assist-summary")
        yield DataTable(id="suggestions", cursor_type="row", zebra_stripes=True, cell_padding=0)
        yield Static(id="candidates-title")
        with VerticalScroll(id="candidates-box"):
            yield Static(id="candidates")

    headline = ""
    shown: tuple[str, str, str] = ("", "", "")  # the summary's headline, status and reason
    reviewed: GameReview | None = None  # the review shown, if one is (shown again on resize)
    waiting: tuple[str, float] | None = None  # what is said while computing, and since when
    clock: Timer | None = None  # ticks the seconds waited
    entries: list[str] = []  # the possible answers shown, each with its chance and marks

    def on_mount(self) -> None:
        self.query_one("#suggestions", DataTable).can_focus = False
        self.query_one("#candidates-box").can_focus = False

    def on_resize(self) -> None:
        """The review's columns and the answers' lines depend on the width."""
        if self.reviewed is not None:
            self.show_review(self.reviewed)
        self.call_after_refresh(self.pack_candidates)  # once the box has its new width

    def show_summary(self, text: str) -> None:
        """Say `text` in the summary (what was said while waiting is over)."""
        self.waiting = None
        if self.clock is not None:
            self.clock.pause()
        self.query_one("#assist-summary", Static).update(text)

    def _table(self, columns: tuple[str, ...], rows: list[list[str]]) -> DataTable:
        """Fill the table: each column one cell wider than its widest cell, the only space
        between columns (the table adds none), so it fits 80 columns."""
        table = self.query_one("#suggestions", DataTable)
        table.clear(columns=True)
        for label, width in zip(columns, column_widths(columns, rows), strict=True):
            table.add_column(label, width=width)
        for line in rows:
            table.add_row(*line)
        return table

    def show_thinking(self, text: str = "Thinking…") -> None:
        """Empty the table while it is computed (it never shows advice for other rows) and
        say `text`, followed by the seconds waited once there is one."""
        self.reviewed = None
        self.query_one("#suggestions", DataTable).clear()
        self.show_summary(text)
        self.waiting = (text, time.monotonic())
        if self.clock is None:
            self.clock = self.set_interval(1.0, self.tick)
        else:
            self.clock.reset()
            self.clock.resume()

    def tick(self) -> None:
        """A second more of waiting: say how long it has been."""
        if self.waiting is not None:
            text, start = self.waiting
            seconds = time.monotonic() - start
            self.query_one("#assist-summary", Static).update(f"{text} {seconds:.0f} s")

    def show_suggestions(
        self,
        found: list[Suggestion],
        left: int,
        why: str,
        rank: Rank = Rank.GUESSES,
        status: str = "",
        possible: int | None = None,
    ) -> None:
        """The suggestion table (the ranking's column first), and a summary: `left` answers
        (with a weighted prior: the likely ones, of `possible`), `why` the best is best, and
        the proof's `status`."""
        self.reviewed = None
        first = RANK_COLUMN[rank]
        columns = ("#", "guess", first, *[c for c in SUGGESTION_COLUMNS[1:] if c != first])
        rows = []
        for s in found:
            cells = dict(zip(SUGGESTION_COLUMNS, suggestion_cells(s), strict=True))
            rows.append([str(s.rank), *[cells[c] for c in columns[1:]]])
        table = self._table(columns, rows)
        if found:
            table.move_cursor(row=0)
            noun = "answer" if left == 1 else "answers"
            if possible is not None and possible != left:
                noun = f"likely {noun} ({possible:,} possible)"
            proven = found[0].proven and rank == Rank.GUESSES
            mark = " ★ optimal" if found[0].optimal else " ✓ proven" if proven else ""
            top = "Best" if rank == Rank.GUESSES else f"Top by {Rank(rank).label}"
            self.headline = f"[b]{left:,} {noun} left.[/b] {top}: [b]{found[0].word.upper()}[/b]"
            self.shown = (f"{self.headline}{mark}", status, why)
            self.show_progress("")

    def show_progress(self, progress: str) -> None:
        """The summary again, its proof's status followed by the search's `progress`."""
        head, status, why = self.shown
        status = " ".join(filter(None, (status, progress)))
        status = f" [dim]({status})[/dim]" if status else ""
        self.show_summary(f"{head}{status}\n{why}")

    def show_stopped(self, proof: bool = True) -> None:
        """The search (the `proof`, else the endgame search) was stopped by a key press: the
        table's figures are estimates."""
        search = "for the proven best" if proof else "to the end of the game"
        self.show_summary(
            f"{self.headline}\n[dim]Search {search} stopped while you type; "
            "the figures are estimates.[/dim]"
        )

    def show_review(self, review: GameReview) -> None:
        """The review of a finished game: each row against the best move, skill and luck;
        on a narrow screen without the columns the table has no room for (`NARROW_DROPS`)."""
        self.reviewed = review
        rows = [review_cells(r, arrow="→") for r in review.rows]
        self._table(*narrowed(REVIEW_COLUMNS, rows, self.content_size.width))
        exact = "" if review.exact else " (~ estimated: the exact search ran out of time)"
        self.show_summary(
            f"[b]Solved in {len(review)}. Skill {review.skill}/99 · luck {review.luck}/99[/b]"
            f"{exact}\n{SKILL_DEFINITION}"
        )

    def show_candidates(
        self,
        words: list[tuple[str, float]],
        weighting: str,
        earlier: dict[str, list] | None = None,
    ) -> None:
        """The possible answers, most likely first with their chances (a weighted prior), each
        past NYT answer marked with its puzzle (`earlier`: word -> puzzles)."""
        earlier = earlier or {}
        top = words[:SHOWN_ANSWERS]
        weighted = Prior(weighting).weighted and len(words) > 1
        self.entries = [
            (f"{w.upper()} {chance(p)}" if weighted else w.upper()) + was(earlier.get(w))
            for w, p in top
        ]
        order = "most likely first" if weighted else "all equally likely"
        marked = "; ↺ an NYT answer before" if earlier else ""
        more = ""
        if len(words) > SHOWN_ANSWERS:
            more = f"; the first {SHOWN_ANSWERS:,} shown" + ("" if weighted else ", A-Z")
        self.query_one("#candidates-title", Static).update(
            f"[b]Possible answers[/b] ({len(words):,}, {order}{more}{marked})"
        )
        self.pack_candidates()
        self.query_one("#candidates-box").scroll_home(animate=False)  # new answers: the first

    def show_updating(self) -> None:
        """No possible answers while the assistant is rebuilt: the old ones may not be."""
        self.entries = []
        self.query_one("#candidates-title", Static).update("[b]Possible answers[/b] (updating…)")
        self.pack_candidates()

    def pack_candidates(self) -> None:
        """The possible answers in lines as wide as their box: never a word on one line and
        its chance or its earlier puzzles on the next."""
        width = self.query_one("#candidates-box").scrollable_content_region.width
        self.query_one("#candidates", Static).update(packed(self.entries, width))


def packed(entries: list[str], width: int, gap: str = "  ") -> str:
    """The entries in lines of at most `width` cells, each whole on one line (one wider than
    a line, alone on its own); with no width (not laid out yet), in one line."""
    lines: list[str] = []
    for entry in entries:
        if lines and (not width or cell_len(lines[-1] + gap + entry) <= width):
            lines[-1] += gap + entry
        else:
            lines.append(entry)
    return "\n".join(lines)


def column_widths(columns: tuple[str, ...], rows: list[list[str]]) -> list[int]:
    """Each column's width in the tables: one cell wider than its widest cell or heading."""
    lines = [list(columns), *rows]
    return [max(cell_len(line[i]) for line in lines) + 1 for i in range(len(columns))]


def narrowed(
    columns: tuple[str, ...], rows: list[list[str]], width: int
) -> tuple[tuple[str, ...], list[list[str]]]:
    """The columns and rows without those of `NARROW_DROPS`, in turn, until they fit `width`
    (a width of 0, not laid out yet: all of them)."""
    for dropped in NARROW_DROPS:
        if not width or sum(column_widths(columns, rows)) <= width:
            break
        keep = [i for i, name in enumerate(columns) if name != dropped]
        columns = tuple(columns[i] for i in keep)
        rows = [[row[i] for i in keep] for row in rows]
    return columns, rows


def was(puzzles: list | None) -> str:
    """A candidate's mark when it was an NYT answer before: ↺ and the puzzle and date."""
    if not puzzles:
        return ""
    return " ↺" + ",".join(f"#{p.number:,} {p.date:%Y-%m-%d}" for p in puzzles)


def proof_status(
    found: list[Suggestion], move: ProvenMove | None, stage: str, left: int, rank: str
) -> str:
    """What the summary says of the proof at this `stage` of the advice: searching, the
    proven best, or nothing."""
    if left <= 1 or not found:
        return ""
    if move is None:
        if found[0].proven:
            return "proven best: the optimal tree's move"
        return "searching every guess for the proven best…"
    if not move.within_six:
        return f"no guess finds every answer within six rows: {move.mean:.2f} guesses at best"
    if stage != EXACT:
        return f"proven best: {move.word.upper()}, {move.mean:.2f} guesses; valuing the others…"
    if rank != Rank.GUESSES:
        return f"proven best: {move.word.upper()}, {move.mean:.2f} guesses"
    if not all(s.proven for s in found):  # the opening: too big to value every row
        return f"{move.mean:.2f} guesses to finish, proven; the other rows are estimates"
    tied = sum(s.rank == 1 for s in found)
    also = f", as good as {plural(tied - 1, 'other')}" if tied > 1 else ""
    seventh = f"; {SEVENTH_LEGEND}" if any(not s.within_six for s in found) else ""
    return f"{move.mean:.2f} guesses to finish{also}; every row's figure is exact{seventh}"


def weighted_status(helper: Assistant, stage: str = SEARCHED, rank: str = Rank.GUESSES) -> str:
    """What the summary says of the figures with a weighted prior at this `stage` of the
    advice: estimates, searching to the end of the game, or searched to the end."""
    likely = len(helper.likely)
    if likely <= 1 or len(helper.candidates) <= 1:
        return ""
    if not runs_endgame_search(helper, rank):
        return f"estimates over the {likely:,} likely answers"
    if stage == SEARCHED:
        return f"searched to the end over the {likely:,} likely answers"
    return f"estimates over the {likely:,} likely answers; searching to the end of the game…"


class PuzzleDialog(ModalScreen[int | None]):
    """Which NYT puzzle the rows belong to: a number (empty: today's)."""

    HELP_TOPIC = "assistant"  # F1: the assistant's help, not the other games'
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("f1", "app.help", "Help")]
    DEFAULT_CSS = """
    PuzzleDialog { align: center middle; }
    #puzzle-box {
        width: 60; max-width: 100%; height: auto;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    #puzzle-box Static { width: 100%; }
    #puzzle-error { color: $warning; }
    """

    def __init__(self, puzzle: int, today: int) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.today = today

    def compose(self) -> ComposeResult:
        with Vertical(id="puzzle-box"):
            yield Static(
                f"[b]Which Wordle?[/b] The puzzle number (today's is {self.today:,}); the "
                "chances come from the answers before it.",
                id="puzzle-prompt",
            )
            yield Input(str(self.puzzle), placeholder=f"{self.today}", id="puzzle-number")
            yield Note("", id="puzzle-error")
        yield Footer()  # its own keys, not the assistant's beneath

    def on_input_submitted(self, event: Input.Submitted) -> None:
        from ...solver.nyt.history import NytHistoryError, parse_puzzle

        text = event.value.strip()
        if not text:
            self.dismiss(self.today)
            return
        try:
            self.dismiss(parse_puzzle(text, self.today))
        except NytHistoryError as error:
            self.query_one("#puzzle-error", Note).text = str(error)
            self.app.bell()

    def action_cancel(self) -> None:
        self.dismiss(None)


class PasteGameDialog(ModalScreen[tuple[str, str] | None]):
    """Paste a finished game: the share text (squares) and the words played, in order. Tab
    goes from the squares to the words; ctrl+s (or Enter in the words) loads, or says what is
    missing and keeps what was pasted. A paste the assistant refuses opens it again with what
    was pasted and the `error`, to be fixed."""

    HELP_TOPIC = "assistant"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "load", "Load"),
        Binding("f1", "app.help", "Help"),  # a modal screen hides the app's keys
        # Tab moves on before the next keys are delivered (they follow the focus, even fast)
        Binding("tab", "app.focus_next", "Next", show=False, priority=True),
        Binding("shift+tab", "app.focus_previous", "Previous", show=False, priority=True),
    ]
    DEFAULT_CSS = """
    PasteGameDialog { align: center middle; }
    #paste-game {
        width: 80; height: auto; max-height: 95%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    #paste-squares { height: 9; }
    #paste-error { color: $warning; }
    #paste-buttons { height: auto; align-horizontal: center; }
    #paste-buttons Button { margin: 0 1; }
    """

    def __init__(self, squares: str = "", words: str = "", error: str = "") -> None:
        super().__init__()
        self.squares, self.words, self.error = squares, words, error
        self.AUTO_FOCUS = "#paste-words" if squares else "#paste-squares"  # type: ignore[misc]

    def compose(self) -> ComposeResult:
        with Vertical(id="paste-game"):
            yield Label("[b]Paste a game[/b]: the share text (Wordle 1,234 4/6 and its squares)")
            yield TextArea(self.squares, id="paste-squares", soft_wrap=True, tab_behavior="focus")
            yield Label("The words you played, in order (spaces or commas between):")
            yield Input(self.words, placeholder="crane moist bilge hinge", id="paste-words")
            yield Label(self.error, id="paste-error", markup=False)
            with Horizontal(id="paste-buttons"):
                yield Button("Load (ctrl+s)", id="paste-load", variant="primary")
                yield Button("Cancel (Esc)", id="paste-cancel")
        yield Footer()  # its own keys, not the assistant's beneath

    def on_input_submitted(self) -> None:
        self.action_load()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "paste-load":
            self.action_load()
        else:
            self.action_cancel()

    def action_load(self) -> None:
        """Hand back the squares and the words; the assistant screen reads and checks them.
        With either missing the dialog stays open, what was pasted kept, and says so."""
        squares = self.query_one("#paste-squares", TextArea).text
        words = self.query_one("#paste-words", Input).value
        missing = (
            "Paste the share text first (the squares)."
            if not squares.strip()
            else "Type the words you played, in order, then ctrl+s or Enter."
            if not words.strip()
            else ""
        )
        if missing:
            self.query_one("#paste-error", Label).update(missing)
            self.query_one("#paste-squares" if not squares.strip() else "#paste-words").focus()
            self.app.bell()
            return
        self.dismiss((squares, words))

    def action_cancel(self) -> None:
        self.dismiss(None)
