"""Watch the computer play: the solver finds a word of your choice, one row at a time."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Footer, Input, Select, Static

from ..gameplay.wordle import random_target, word_lists
from ..solver.listsets import WordListSet
from .widgets import BoardRow, Note

STRATEGIES = (
    ("Entropy, any allowed word (strongest greedy)", "neg_entropy/all"),
    ("Entropy, hard mode", "neg_entropy/hard"),
    ("Entropy, the seeds' guesses", "neg_entropy/norvig"),
    ("Smallest worst case, the seeds' guesses", "max/norvig"),
    ("Expected group size, consistent guesses", "expectation/consistent"),
    ("Random consistent guesser", "random/consistent"),
)
ROW_SECONDS = 0.6


class WatchScreen(Screen):
    """Choose a word and a strategy; the solver plays it row by row."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+r", "start", "Play"),
        Binding("question_mark", "app.help", "Help", show=False),
    ]

    class Played(Message):
        def __init__(self, target: str, rows: list[tuple[str, str, int]]) -> None:
            self.target = target
            self.rows = rows
            super().__init__()

    def __init__(self, target: str | None = None, lists: WordListSet | None = None) -> None:
        super().__init__()
        self.target = target
        self.lists = lists  # the word-list set (None: the default NYT lists)
        self.pending: list[tuple[str, str, int]] = []
        self.rows: list[BoardRow] = []
        self.reveal_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="play-area"):
            yield VerticalScroll(id="board")
            with Vertical(id="side"):
                yield Static("[b]Watch the computer play[/b]", id="title")
                yield Input(self.target or "", placeholder="answer (blank: random)", id="target")
                yield Select(
                    ((label, value) for label, value in STRATEGIES),
                    value=STRATEGIES[0][1],
                    allow_blank=False,
                    id="strategy",
                )
                yield Button("Play", id="play", variant="primary")
                yield Note(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self) -> None:
        self.action_start()

    def on_button_pressed(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        answers = word_lists(self.lists)[0]
        word = self.query_one(Input).value.strip().lower() or random_target(answers=answers)
        if word not in answers:
            self.query_one(
                Note
            ).text = f"{word.upper()} is not one of the {len(answers):,} answers."
            return
        metric, policy = str(self.query_one(Select).value).split("/")
        self.query_one(Note).text = "Playing…"
        self.solve(word, metric, policy)

    @work(thread=True, exclusive=True)
    def solve(self, target: str, metric: str, policy: str) -> None:
        from ..solver import make_game
        from ..solver.play import GreedyGuesser, HonestReplier, RandomGuesser, play
        from ..solver.tree import Solver

        game = make_game("wordle", lists=self.lists)
        if metric == "random":
            guesser = RandomGuesser(game)
        else:
            guesser = GreedyGuesser(Solver(game, metric, policy))
        steps = play(game, guesser, HonestReplier(game, target))
        rows = [(s.guess, game.show(s.reply), s.remaining) for s in steps]
        self.post_message(self.Played(target, rows))

    def on_watch_screen_played(self, message: Played) -> None:
        if self.reveal_timer is not None:
            self.reveal_timer.stop()  # a new play replaces one still being revealed
        for row in self.rows:
            row.remove()
        self.rows = []
        self.pending = list(message.rows)
        self.target = message.target
        self.query_one(Note).text = f"Finding {message.target.upper()}…"
        self.reveal_timer = self.set_interval(ROW_SECONDS, self.reveal_next)
        self.reveal_next()

    def reveal_next(self) -> None:
        if not self.pending:
            return
        word, reply, left = self.pending.pop(0)
        row = BoardRow()
        row.show(word, reply, f"{left:,} left")
        self.rows.append(row)
        self.query_one("#board", VerticalScroll).mount(row)
        if not self.pending:
            n = len(self.rows)
            self.query_one(Note).text = f"Found {self.target.upper()} in {n} guesses."
            self.reveal_timer.stop()
