"""The NYT assistant: enter the rows the real game gave you; see what is left and what to play.

The screen keeps the rows and the entry; a thread worker (`AssistantWorker`) builds the
assistant (the reply matrix) and computes suggestions from a snapshot of it, and posts them
back; stale results (rows or mode changed meanwhile) are dropped. The `RowsColumn` and
`SuggestionPanel` show them. The first table, before any row, comes from the shipped opening
(`solver.opening.shipped_table`) so it shows at once; while the worker computes, the table is
empty, never another row's advice, while the rows and the answers left show at once (no
answers while the assistant is rebuilt) and the summary counts the seconds; the message line
says what was done and how many answers are left, kept up to date (`show_status`). A
finished game can be pasted (its share squares, and the words in `PasteGameDialog`): its
rows are loaded and the review shown.

Where things go: results arrive in `on_assistant_worker_ready` (a new worker's message gets
its own handler beside it); what the panel shows is chosen in `show_advice`.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from rich.markup import escape
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal

from ...gameplay.entry import RowEntry
from ...gameplay.request import GameRequest
from ...gameplay.wordle import letter_states
from ...plural import plural
from ...solver.assistant.advice import ESTIMATE, EXACT, runs_endgame_search
from ...solver.assistant.engine import Assistant, AssistantError, Suggestion, choose_prior
from ...solver.assistant.opening import shipped_table
from ...solver.assistant.puzzles import read_known
from ...solver.assistant.ranking import reason
from ...solver.assistant.share import has_squares, parse_share, split_words
from ...solver.choices import Prior, Rank
from ...solver.games import make_game
from ...solver.listsets import WordListSet
from ...solver.nyt.history import NytHistoryError, todays_number
from ...solver.words import letters_name
from ..requests import OpenRequest
from ..widgets import BoardRow, Footer, Key, Keyboard, Note, Tile
from ..worker_errors import WorkFailed
from .kept import KeepsGame
from .keys import IN_ORDER, LOADING
from .record import check_win, keep_win, say_staleness, tell
from .widgets import (
    SHOWN_ANSWERS,
    PasteGameDialog,
    PuzzleDialog,
    RowsColumn,
    SuggestionPanel,
    proof_status,
    weighted_status,
)
from .workers import BUILT, AssistantMode, AssistantWorker


class AssistantScreen(KeepsGame):
    """Help with the real NYT game, row by row."""

    HELP_TOPIC = "assistant"  # F1, however the screen was opened
    BINDINGS = [  # F3, F4, F6 and F7 head the mode's lines on the left; ctrl+l is in the help
        Binding("enter", "add_row", "Add row"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+l", "clear", "Clear", show=False),
        Binding("f3", "toggle_hard", "Hard mode", show=False),
        Binding("f4", "toggle_prior", "Prior", show=False),
        Binding("f5", "paste_game", "Paste"),
        Binding("f6", "next_rank", "Rank"),
        Binding("f7", "choose_puzzle", "Puzzle #", show=False),
        Binding("f8", "explore", "Explore the tree", show=False),
        Binding("pagedown", "answers_page(1)", "More answers", show=False),
        Binding("pageup", "answers_page(-1)", "Answers before", show=False),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(
        self,
        hard: bool = False,
        prior: Prior | None = None,  # None: the engine's choice for the lists
        lists: WordListSet | None = None,
        puzzle: int | None = None,
        kept: Path | None = None,
    ) -> None:
        super().__init__()
        self.kept_file = kept  # where the game is kept between visits (None: not kept)
        self.asked = puzzle  # the puzzle asked for (None: today's, or the kept game's)
        self.hard = hard
        self.prior = choose_prior(prior, lists)
        self.lists = lists  # the word-list set (None: the classic set, as the engine's)
        self.today = todays_number()
        self.puzzle = self.today if puzzle is None else puzzle  # the NYT puzzle being played
        self.assistant: Assistant | None = None
        self.previous: tuple | None = None  # (assistant, hard, prior, puzzle): if a switch fails
        self.length = lists.length if lists is not None else 5  # letters a word has
        self.entry = RowEntry(length=self.length)
        self.suggestions: list[Suggestion] = []
        self.rank = Rank.GUESSES  # guesses, entropy or worst (F6)
        self.searching = False  # the proven-best search is running
        self.failed: str | None = None  # why the assistant could not be built (F3/F4 retry)
        self.status = ("", "")  # the message line's last action and text (`show_status`)
        self.pasted: tuple[str, str] | None = None  # a pasted game loading in its own mode

    def compose(self) -> ComposeResult:
        with Horizontal(id="assist-area"):
            yield RowsColumn(self.length, id="assist-left")
            yield SuggestionPanel(id="assist-right")
        yield Keyboard(id="keyboard")
        yield Footer()
        yield AssistantWorker()

    def on_mount(self) -> None:
        rows = self.restore_kept(self.asked)
        self.show_entry()
        self.show_mode()
        if rows:
            self.call_later(self.show_rows, rows)
            self.hold_keys()  # F3, F4, ctrl+l wait for the kept rows (none of them is lost)
        else:
            self.show_opening()
            say_staleness(self.query_one(Note), self.puzzle, self.today, self.prior)
        self.load(rows)

    def show_opening(self) -> None:
        """The shipped first table (default lists, uniform prior), shown before any loading."""
        if not self.prior.exact:
            return
        try:
            game = make_game("wordle", lists=self.lists)
        except (OSError, ValueError):  # the worker will say what is wrong with the lists
            return
        found = shipped_table(game, self.hard, 10)
        if found:
            n = len(game.targets)
            panel = self.query_one(SuggestionPanel)
            panel.show_suggestions(found, n, reason(found[0], n))
            panel.show_candidates([(w, 1 / n) for w in sorted(game.targets)], Prior.UNIFORM)

    # Workers compute and post; the handler owns the state

    def load(self, rows: list[tuple[str, str]]) -> None:
        """Build the assistant for the current mode (the class is looked up here, late)."""
        make = partial(Assistant, lists=self.lists, puzzle=self.puzzle)
        self.failed = None
        self.searching = False  # a key stops a search, never the advice asked for now
        self.query_one(AssistantWorker).load(make, self.mode, rows, afresh=self.resuming)

    @property
    def mode(self) -> AssistantMode:
        """What a worker's result must have been computed for to be shown."""
        return AssistantMode(self.hard, self.prior, self.rank, self.puzzle)

    def think(self) -> None:
        """Advise on the rows, in the worker; the answers left are shown at once."""
        helper = self.built()
        self.searching = False  # a key stops a search, never the advice asked for now
        self.keep_game()
        thinking = "Reviewing…" if helper.solved else "Thinking…"
        self.query_one(SuggestionPanel).show_thinking(thinking)
        self.show_candidates()
        self.query_one(AssistantWorker).think(helper.snapshot(), self.rank)

    async def on_assistant_worker_ready(self, message: AssistantWorker.Ready) -> None:
        if message.mode != self.mode:
            return  # computed for a mode or ranking since switched away from
        if message.error and self.resuming:  # the kept rows are refused: start afresh
            self.kept_refused(message.error)
            return
        if message.error:
            self.refuse_paste(self.pasted, message.error)  # a pasted game's rows, or none
            if self.previous is not None:  # the switch failed: back to what worked
                self.assistant, self.hard, self.prior, self.puzzle = self.previous
                self.previous = None
                self.show_mode()
                self.call_later(self.show_rows)
                self.refresh_status()
                self.think()
            elif self.assistant is None:  # nothing to go back to: say why, keep saying it
                self.failed = message.error
                self.query_one(SuggestionPanel).show_summary(escape(message.error))
            await self.replay_keys()  # the keys typed during the rebuild, in the mode kept
            return
        if message.assistant is not None:
            self.assistant = message.assistant
            self.previous = None
            self.resuming, self.pasted = False, None
            self.keep_game()  # a new mode (not the first assistant: nothing changed then)
            self.keeping = True
            if self.query_one(Note).text == LOADING:  # said to a key that came too early
                self.query_one(Note).text = ""
            self.refresh_status()  # a switch of mode may change the count
            self.show_candidates()
            self.call_later(self.show_rows)  # a widened rebuild may have added a row
        fresh = self.assistant is not None and message.rows == tuple(self.assistant.rows)
        if fresh and message.stage != BUILT:
            self.show_advice(message)  # else rows changed meanwhile; a newer result is coming
        if message.assistant is not None:
            await self.replay_keys()  # the keys typed during the rebuild, in the new mode

    def on_assistant_worker_progress(self, message: AssistantWorker.Progress) -> None:
        """The proof is still searching: say how far it has gone, and for how long."""
        rows = tuple(self.assistant.rows) if self.assistant is not None else None
        if not self.searching or message.mode != self.mode or message.rows != rows:
            return
        self.query_one(SuggestionPanel).show_progress(
            f"{plural(message.nodes, 'position')}, {message.seconds:.0f} s"
        )

    async def on_work_failed(self, message: WorkFailed) -> None:
        """The advice could not be computed (the lists are too big for memory): say so."""
        message.stop()
        await self.replay_keys()  # a rebuild that failed: the keys that waited, refused
        self.searching = False
        self.query_one(Note).text = message.text
        self.query_one(SuggestionPanel).show_summary(message.shown)

    def show_advice(self, message: AssistantWorker.Ready) -> None:
        """The review of a finished game, or the suggestions; and the answers left."""
        panel = self.query_one(SuggestionPanel)
        helper = self.built()
        if helper.notice:
            self.query_one(Note).text = helper.notice
        if message.review is not None:
            self.searching = False
            panel.show_review(message.review)
        else:
            self.suggestions = found = message.suggestions
            left, possible = len(helper.likely), len(helper.candidates)
            exact = helper.weighting.exact
            to_the_end = runs_endgame_search(helper, self.rank)
            self.searching = left > 1 and (
                (exact and message.stage != EXACT) or (to_the_end and message.stage == ESTIMATE)
            )
            why = helper.reason(found[0]) if found else ""
            status = (
                proof_status(found, message.move, message.stage, left, self.rank)
                if exact
                else weighted_status(helper, message.stage, self.rank)
            )
            panel.show_suggestions(found, left, why, self.rank, status, possible)

    def show_candidates(self) -> None:
        """The answers still possible, each earlier NYT answer marked."""
        helper = self.built()
        words = helper.candidate_words()
        earlier = {w: helper.answered_before(w) for w, _ in words[:SHOWN_ANSWERS]}
        self.query_one(SuggestionPanel).show_candidates(
            words, helper.weighting, {w: e for w, e in earlier.items() if e}
        )

    # Showing state

    def show_mode(self) -> None:
        self.query_one(RowsColumn).show_mode(
            self.hard, self.prior, self.rank, self.puzzle, self.puzzle == self.today
        )

    def show_entry(self) -> None:
        self.query_one(RowsColumn).show_entry(self.entry)

    async def show_rows(self, rows: list[tuple[str, str]] | None = None) -> None:
        """The rows on the left and their letters' states on the keyboard (by default the
        assistant's; while one is built, the rows it is built with)."""
        if rows is None:
            if self.assistant is None:
                return  # a rebuild began meanwhile: it showed its rows
            rows = self.assistant.rows
        await self.query_one(RowsColumn).show_rows(rows)
        states = letter_states(rows)
        self.query_one(Keyboard).show({k: v.name.lower() for k, v in states.items()})

    def show_status(self, action: str = "") -> None:
        """The message line: what was just done, then how many answers are left."""
        helper, count = self.assistant, ""
        if helper is not None and helper.rows and not helper.solved:
            left, likely = len(helper.candidates), len(helper.likely)
            if left > 1 and likely != left:
                count = f"{likely:,} likely, {left:,} possible."
            elif left > 1:
                count = f"{left:,} left."
        self.status = (action, " ".join(filter(None, (action, count))))
        self.query_one(Note).text = self.status[1]

    def refresh_status(self) -> None:
        """The count again, while the message line still shows it (a switch changes it)."""
        action, text = self.status
        if self.query_one(Note).text == text:
            self.show_status(action)

    # Input

    def stop_search(self) -> None:
        """A key was pressed: stop the proven-best search (the estimates stay shown)."""
        if self.searching:
            self.searching = False
            self.query_one(AssistantWorker).stop()
            proof = self.assistant is None or self.assistant.weighting.exact
            self.query_one(SuggestionPanel).show_stopped(proof)

    def on_paste(self, event: events.Paste) -> None:
        """A share row fills the entry; a whole game's share opens the paste dialog."""
        if has_squares(event.text) and len(event.text.strip().splitlines()) > 1:
            self.action_paste_game(event.text.strip())
            return
        try:
            self.entry.paste(event.text)
        except AssistantError as error:
            self.query_one(Note).text = str(error)
        self.show_entry()

    def action_paste_game(self, squares: str = "") -> None:
        """Ask for a finished game's share text and words, then load its rows."""
        self.app.push_screen(PasteGameDialog(squares), self.load_shared)

    async def load_shared(self, answer: tuple[str, str] | None) -> None:
        """Replace the rows with a pasted game's (nothing changes if it is refused): its
        number sets the puzzle, its star hard mode, and a puzzle in the record its answer."""
        if answer is None:
            return
        if self.assistant is None:
            self.query_one(Note).text = self.failed or (
                "Still loading the word lists… paste the game again."
            )
            return
        try:
            shared = parse_share(answer[0])
            known = read_known(shared, split_words(answer[1]), self.assistant.answer_history)
        except AssistantError as error:
            self.refuse_paste(answer, str(error))
            return
        notes = [known.note] if known.note else []
        if shared.hard and not self.hard:
            notes.append("Hard mode is on: the share has the hard-mode star.")
        puzzle = self.puzzle if shared.number is None else shared.number
        if (shared.hard and not self.hard) or puzzle != self.puzzle:
            self.pasted = answer  # the dialog again if the new mode refuses its rows
            self.reload(self.hard or shared.hard, self.prior, known.rows, puzzle)
            self.query_one(Note).text = " ".join(notes)
            return
        try:
            self.replace_rows(known.rows)
        except AssistantError as error:
            self.refuse_paste(answer, str(error))
            return
        number = f" {shared.number:,}" if shared.number is not None else ""
        loaded = f"Loaded Wordle{number}: {plural(len(known.rows), 'row')}."
        self.query_one(Note).text = " ".join([loaded, *notes])
        await self.show_rows()
        self.think()

    def refuse_paste(self, answer: tuple[str, str] | None, error: str) -> None:
        """The paste dialog again, with what was pasted and why it was refused."""
        self.query_one(Note).text, self.pasted = error, None
        if answer is not None:
            self.app.bell()
            self.app.push_screen(PasteGameDialog(*answer, error=error), self.load_shared)

    async def on_key_pressed(self, message: Key.Pressed) -> None:
        """The on-screen keyboard: as typed (Enter waits behind a rebuild too)."""
        await self.press(IN_ORDER.get(message.key), message.key)

    def on_click(self, event: events.Click) -> None:
        tile = event.widget
        row = self.query_one("#entry-row", BoardRow)
        if isinstance(tile, Tile) and tile in row.tiles:
            self.entry.cycle(row.tiles.index(tile))
            self.show_entry()

    async def action_add_row(self) -> None:
        if self.assistant is None:
            self.query_one(Note).text = self.failed or LOADING
            return
        if not self.entry.colouring:
            letters = letters_name(self.length)
            self.query_one(Note).text = f"Type the {letters} letters of the word you played first."
            return
        try:
            word, pattern = self.entry.word, self.entry.pattern
            check_win(self.puzzle, self.today, word, pattern)  # a contradicted win: refused
            if self.assistant.needs_widening(word, self.assistant.check_row(word, pattern)):
                self.widen([*self.assistant.rows, (word, pattern)])
                tell(self.query_one(Note), keep_win(self.puzzle, self.today, word, pattern))
                return
            self.assistant.add(word, pattern)
        except (AssistantError, NytHistoryError) as error:
            self.entry.refuse()  # the row stays, to be fixed
            self.query_one(Note).text = f"{error}. Fix the row (Backspace, colours)."
            self.app.bell()
            return
        kept = keep_win(self.puzzle, self.today, word, pattern)  # a won row: its answer kept
        self.entry.clear()
        self.show_entry()
        self.show_status(kept)
        await self.show_rows()
        self.think()

    def widen(self, rows: list[tuple[str, str]]) -> None:
        """No listed answer fits the new row: rebuild over every allowed word, in the worker."""
        self.previous = (self.assistant, self.hard, self.prior, self.puzzle)
        self.assistant = None
        self.entry.clear()
        self.show_entry()
        self.call_later(self.show_rows, rows)
        self.refresh_status()
        panel = self.query_one(SuggestionPanel)
        panel.show_thinking("No listed answer fits: loading every allowed word…")
        panel.show_updating()
        self.hold_keys()
        self.load(rows)

    async def action_undo(self) -> None:
        if self.assistant is None:  # rebuilt for a new mode or a widening: say so, not lost
            self.query_one(Note).text = self.failed or LOADING
            return
        if not self.assistant.rows and self.cleared:
            action = self.bring_back()  # ctrl+z after ctrl+l
        elif self.assistant.undo() is None:
            self.query_one(Note).text = "No row to undo."
            return
        else:
            action = "Took back the last row."
        self.show_status(action)
        await self.show_rows()
        self.think()

    async def action_clear(self) -> None:
        if self.assistant is None:
            self.query_one(Note).text = self.failed or LOADING
            return
        action = self.remember_cleared()
        self.assistant.clear()
        self.entry.clear()
        self.show_entry()
        self.show_status(action)
        await self.show_rows()
        self.think()

    def action_next_rank(self) -> None:
        """Rank the suggestions by the next of: guesses, entropy, worst case."""
        self.rank = self.rank.following()
        self.show_mode()
        if self.assistant is not None:
            self.think()

    def action_toggle_hard(self) -> None:
        self.reload(not self.hard, self.prior)

    def action_toggle_prior(self) -> None:
        """The next prior: the NYT's picks, the answer list, any word by frequency."""
        self.reload(self.hard, self.prior.following())

    def action_explore(self) -> None:
        """Ask the app for the strategy explorer at these rows (the optimal tree of the mode)."""
        rows = tuple(self.assistant.rows) if self.assistant is not None else ()
        request = GameRequest("explorer", hard=self.hard, lists=self.lists, rows=rows)
        self.post_message(OpenRequest(request))

    def action_choose_puzzle(self) -> None:
        """Ask which NYT puzzle the rows belong to (the prior learns from the ones before)."""
        self.app.push_screen(PuzzleDialog(self.puzzle, self.today), self.set_puzzle)

    def set_puzzle(self, number: int | None) -> None:
        if number is not None and number != self.puzzle:
            self.reload(self.hard, self.prior, puzzle=number)
            say_staleness(self.query_one(Note), self.puzzle, self.today, self.prior)

    def reload(
        self,
        hard: bool,
        prior: Prior,
        rows: list[tuple[str, str]] | None = None,
        puzzle: int | None = None,
    ) -> None:
        """Rebuild the assistant for the new mode, keeping the rows (or go back if they fail)."""
        was = (self.hard, self.prior, self.puzzle)
        self.hard, self.prior = hard, prior
        self.puzzle = self.puzzle if puzzle is None else puzzle
        self.show_mode()
        if rows is None:
            rows = list(self.assistant.rows) if self.assistant else []
        if self.assistant is not None:
            self.previous = (self.assistant, *was)
        self.assistant = None
        self.call_later(self.show_rows, list(rows))  # at once: the rebuild takes a while
        self.refresh_status()
        panel = self.query_one(SuggestionPanel)
        panel.show_thinking("Loading every allowed word…" if self.prior.weighted else "Thinking…")
        panel.show_updating()
        self.hold_keys()
        self.load(rows)
