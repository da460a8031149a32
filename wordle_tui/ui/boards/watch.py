"""Watch the computer play: the solver finds a word of your choice, one row at a time.

The answer must be one of the answers and the opener (if any) an allowed guess: either is
refused with a message before anything is played. The game is the one `report.replay` plays
for that strategy, so it matches the reports (the optimal trees included, on their lists).
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.validation import Function
from textual.widgets import Button, Input, Select, Static

from ...gameplay.wordle import random_target, word_lists
from ...plural import plural
from ...solver.listsets import WordListSet
from ...solver.words import ascii_lower, letters_name
from ..widgets import BoardRow, Footer, Note
from ..worker_errors import WorkFailed, reports_errors

STRATEGIES = (  # short labels: the select is one line, cut with an ellipsis when narrow
    ("Entropy, any word", "neg_entropy/all"),
    ("Entropy, hard mode", "neg_entropy/hard"),
    ("Entropy, norvig", "neg_entropy/norvig"),
    ("Worst case, norvig", "max/norvig"),
    ("Expected, consistent", "expectation/consistent"),
    ("Random consistent", "random"),
)
TREES = (("Optimal tree", "optimal"), ("Optimal tree, hard", "optimal-hard"))
ROW_SECONDS = 0.6


def strategies(lists: WordListSet | None) -> tuple[tuple[str, str], ...]:
    """The strategies on offer: the greedy ones, and the shipped optimal trees on their lists."""
    from ...solver.games import make_game
    from ...solver.trees import has_shipped

    game = make_game("wordle", lists=lists)
    return (*[t for t in TREES if has_shipped(t[1], game)], *STRATEGIES)


def answer_problem(text: str, answers: tuple[str, ...]) -> str | None:
    """Why `text` cannot be the answer to find, or None (blank means a random answer)."""
    word = ascii_lower(text.strip())
    if not word or word in answers:
        return None
    length = len(answers[0]) if answers else 5
    if len(word) != length or not (word.isascii() and word.isalpha()):
        return f"The answer must be a {letters_name(length)}-letter word (blank: a random one)."
    return f"{word.upper()} is not one of the {plural(len(answers), 'answer')}; choose an answer."


def opener_problem(text: str, allowed: frozenset[str]) -> str | None:
    """Why `text` cannot be the first guess, or None (blank means the strategy's own)."""
    word = ascii_lower(text.strip())
    if not word or word in allowed:
        return None
    length = len(next(iter(allowed))) if allowed else 5
    if len(word) != length or not (word.isascii() and word.isalpha()):
        letters = letters_name(length)
        return f"The opener must be a {letters}-letter word (blank: the strategy's own)."
    return f"{word.upper()} is not an allowed guess."


class WatchScreen(Screen):
    """Choose a word, a strategy and an opener; the solver plays it row by row."""

    # One line of label, cut short rather than wrapped; the arrow keeps its own width (the
    # side panel's statics are 1fr wide, and the arrow is a static).
    CSS = """
    #strategy #label { text-wrap: nowrap; text-overflow: ellipsis; }
    #strategy .arrow { width: 1; }
    """
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+r", "start", "Play"),
        Binding("question_mark", "app.help", "Help", show=False),
    ]
    HELP_TOPIC = "watch"

    class Played(Message):
        def __init__(self, target: str, rows: list[tuple[str, str, int]]) -> None:
            self.target = target
            self.rows = rows
            super().__init__()

    class Refused(Message):
        """The strategy cannot play this game (a tree's own opener differs)."""

        def __init__(self, text: str) -> None:
            self.text = text
            super().__init__()

    def __init__(self, target: str | None = None, lists: WordListSet | None = None) -> None:
        super().__init__()
        self.target = target
        self.lists = lists  # the word-list set (None: the default NYT lists)
        self.answers, self.allowed = word_lists(lists)
        self.played: list[tuple[str, str, int]] = []  # the latest game, every row
        self.pending: list[tuple[str, str, int]] = []  # its rows not revealed yet
        self.rows: list[BoardRow] = []
        self.reveal_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        offered = strategies(self.lists)
        with Horizontal(id="play-area"):
            with Vertical(id="board-column"):  # as the game screens lay out their board
                yield VerticalScroll(id="board")
            with Vertical(id="side"):
                yield Static("[b]Watch the computer play[/b]", id="title")
                yield Input(
                    self.target or "",
                    placeholder="answer or random",
                    id="target",
                    validators=[Function(lambda v: not answer_problem(v, self.answers))],
                )
                yield Select(offered, value=offered[0][1], allow_blank=False, id="strategy")
                yield Input(
                    placeholder="opener or its own",
                    id="opener",
                    validators=[Function(lambda v: not opener_problem(v, self.allowed))],
                )
                yield Button("Play", id="play", variant="primary")
                yield Note(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#target", Input).focus()

    def on_input_submitted(self) -> None:
        self.action_start()

    def on_button_pressed(self) -> None:
        self.action_start()

    def say(self, text: str) -> None:
        self.query_one(Note).text = text

    def action_start(self) -> None:
        typed = self.query_one("#target", Input).value
        opener = ascii_lower(self.query_one("#opener", Input).value.strip()) or None
        problem = answer_problem(typed, self.answers) or opener_problem(opener or "", self.allowed)
        if problem:
            self.say(problem)
            return
        word = ascii_lower(typed.strip()) or random_target(answers=self.answers)
        self.say("Playing…")
        self.solve(word, str(self.query_one(Select).value), opener)

    @work(thread=True, exclusive=True)
    @reports_errors
    def solve(self, target: str, strategy: str, opener: str | None) -> None:
        from ...solver.games import make_game
        from ...solver.reports.scores import parse_strategy, replay

        game = make_game("wordle", lists=self.lists)
        try:
            steps = replay(game, parse_strategy(strategy, game), target, 0, opener)
        except ValueError as error:  # a tree has its own opener
            self.post_message(self.Refused(f"{str(error)[0].upper()}{str(error)[1:]}."))
            return
        rows = [(s.guess, game.show(s.reply), s.remaining) for s in steps]
        self.post_message(self.Played(target, rows))

    def on_watch_screen_refused(self, message: Refused) -> None:
        self.say(message.text)

    def on_work_failed(self, message: WorkFailed) -> None:
        """The solver could not play (the lists are too big for memory): say so."""
        message.stop()
        self.say(message.text)

    def on_watch_screen_played(self, message: Played) -> None:
        if self.reveal_timer is not None:
            self.reveal_timer.stop()  # a new play replaces one still being revealed
        for row in self.rows:
            row.remove()
        self.rows = []
        self.played, self.pending = list(message.rows), list(message.rows)
        self.target = message.target
        self.say(f"Finding {message.target.upper()}…")
        self.reveal_timer = self.set_interval(ROW_SECONDS, self.reveal_next)
        self.reveal_next()

    def reveal_next(self) -> None:
        if not self.pending:
            return
        word, reply, left = self.pending.pop(0)
        row = BoardRow(len(word))
        row.show(word, reply, "solved" if word == self.target else f"{left:,} left")
        self.rows.append(row)
        self.query_one("#board", VerticalScroll).mount(row)
        target, timer = self.target, self.reveal_timer
        if not self.pending and target is not None and timer is not None:  # set by the play
            n = len(self.rows)
            self.say(f"Found {target.upper()} in {plural(n, 'guess', 'guesses')}.")
            timer.stop()
