"""The end of a game (the Wordle family and Jotto): the answer, the distribution, the share
block, and for the Wordle family the solver's play (`s` switches between it and the
distribution; Antiwordle's is the survival search's). Laid out in two columns so it fits an
80x24 terminal.

Keys typed before the dialog was on screen, or in the `GRACE` after (the rest of a fast
typist's burst after the winning Enter), are dropped: `n` starts a new game only once the
dialog can have been seen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Static

from ...gameplay.jotto import JottoRound
from ...gameplay.session import kind_of
from ...gameplay.wordle import MAX_GUESSES, WordleRound
from ...history import History
from ...solver.choices import WordleGame
from ..widgets import Footer, Histogram
from ..worker_errors import WorkFailed, reports_errors

if TYPE_CHECKING:
    from ...solver.search.minimax import Value

GRACE = 0.3  # seconds after the dialog shows in which keys are still taken as typed before it
GRACE_HEADLESS = False  # tests set it to see the grace in a headless app (else none there)
VALUE_BUDGET = 300_000_000  # the perfect replier's game value, once a run: 16 to 20 s of a core
SHARE_ROWS = 6  # lines of share rows at most; more rows go side by side


def headline(game: WordleRound | JottoRound) -> str:
    """One line saying how the game ended (the daily puzzle's number first)."""
    name = getattr(game, "puzzle_name", None)
    return (f"{name}: " if name else "") + game.outcome()


def shown_share(text: str) -> str:
    """The share text as shown: at most six lines of rows, so a long game stays short; more
    rows go side by side, in reading order (left to right, then down)."""
    title, _, *rows = text.splitlines()
    per_line = max(1, -(-len(rows) // SHARE_ROWS))
    width = max((cell_len(r) for r in rows), default=0)
    lines = [
        "  ".join(r + " " * (width - cell_len(r)) for r in rows[k : k + per_line]).rstrip()
        for k in range(0, len(rows), per_line)
    ]
    return "\n".join([title, "", *lines])


def solver_lines(game: WordleRound) -> list[str]:
    """How the solver plays the same game (solver work: call from a worker): the round's roles
    with a strategy in the guesser's place (`roles.rival`)."""
    from ...gameplay.roles import rival
    from ...solver.play import play

    found = rival(game.the_roles, game.lists, game.answer)
    if found is None:
        return []
    steps = play(found.game, found.guesser, found.replier)
    end = "hit it" if game.mode == WordleGame.ANTIWORDLE else "solved"
    lines = [found.intro]
    for i, step in enumerate(steps, start=1):
        left = end if step.reply == found.game.rules.win else f"{step.remaining:,} left"
        lines.append(f"{i}. {step.guess.upper()}  {found.game.show(step.reply)}  {left}")
    return lines


def perfect_verdict(value: Value, yours: int) -> str:
    """Your guesses against the game's value when the replier is perfect (or its bounds)."""
    if value.proved:
        verdict = "the best possible!" if yours <= value.lower else f"{yours - value.lower} more"
        return (
            f"You took {yours}; against the perfect replier the best possible is "
            f"{value.lower}: {verdict}"
        )
    most = "" if value.upper is None else f", and the optimal tree always wins within {value.upper}"
    return (
        f"You took {yours}; against the perfect replier no one can win in fewer than "
        f"{value.lower}{most} (not settled within the search's budget)"
    )


class ResultScreen(ModalScreen[str | None]):
    """Shown when a game ends; dismisses with 'new', 'watch' or None."""

    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("n", "ordinary", "Ordinary Wordle"),  # after a numbered puzzle: what n opens
        Binding("s", "solver", "Solver's play"),
        Binding("s", "distribution", "Distribution"),
        Binding("w", "choose('watch')", "Watch"),
        Binding("c", "copy", "Copy"),
        Binding("escape", "choose(None)", "Close"),
    ]

    class SolverPlayed(Message):
        def __init__(self, lines: list[str]) -> None:
            self.lines = lines
            super().__init__()

    def __init__(
        self,
        game: WordleRound | JottoRound,
        history: History,
        high_contrast: bool = False,
        light: bool = False,
    ) -> None:
        super().__init__()
        self.game = game
        self.history = history
        self.high_contrast = high_contrast
        self.light = light  # a light theme: white squares for misses, as the NYT shares them

    @property
    def mode(self) -> str:
        """The game's history name: wordle, evil, antiwordle, jotto or jotto-positions."""
        return kind_of(self.game)

    @property
    def jotto(self) -> bool:
        """Whether the game is a Jotto (with positions or without): no solver's play."""
        return isinstance(self.game, JottoRound)

    @property
    def share(self) -> str:
        return self.game.share_text(self.high_contrast, light=self.light)

    def compose(self) -> ComposeResult:
        stats = self.history.stats(self.mode)
        won_or_scored = self.mode != WordleGame.WORDLE or self.game.won
        highlight = self.game.score if won_or_scored else None
        bins = range(1, MAX_GUESSES + 1) if self.mode == WordleGame.WORDLE else None
        with VerticalScroll(id="result"):
            yield Static(f"[b]{headline(self.game)}[/b]", id="headline")
            yield Static(
                f"Played {stats.played:,} · win {stats.win_percent}% · "
                f"streak {stats.current_streak} · best {stats.max_streak}",
                id="stats-line",
            )
            with Horizontal(id="result-body"):
                yield Static(shown_share(self.share), id="share")
                with Vertical(id="result-side"):
                    yield Histogram(
                        stats.distribution,
                        highlight=highlight,
                        bins=bins,
                        width=16,
                        id="result-histogram",
                    )
                    yield Static("", id="solver")
            yield Static("", id="copied")
            if self.mode == WordleGame.EVIL:
                finding = (
                    "Finding the game's value against the perfect replier…"
                    if getattr(self.game, "looks_ahead", False)
                    else "Finding the shortest possible win…"
                )
                yield Static(finding, id="best-possible")
        yield Footer()

    shown_at: float | None = None  # when the dialog was first drawn (the events' clock)

    def on_mount(self) -> None:
        self.action_copy()
        if self.mode == WordleGame.EVIL:
            self.find_best()
        self.call_after_refresh(self.mark_shown)

    def mark_shown(self) -> None:
        self.shown_at = Message().time  # a new message's time: now, on the keys' clock

    def on_key(self, event: events.Key) -> None:
        """Drop a key typed before the dialog showed (or just after): it was meant for the game."""
        grace = GRACE if GRACE_HEADLESS or not self.app.is_headless else 0.0
        if self.shown_at is None or event.time < self.shown_at + grace:
            event.stop()
            event.prevent_default()

    solver_shown = False  # whether the solver's play is shown in the distribution's place
    solver_asked = False  # whether the solver's play was asked for (it is computed once)

    @property
    def daily(self) -> bool:
        """Whether the game was a numbered puzzle, daily or NYT (n opens an ordinary Wordle)."""
        return getattr(self.game, "day", None) is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The solver is for the Wordle family, not Jotto, and `s` switches between it and the
        distribution; Watch (the Wordle solver finding the word) is not for Antiwordle; n is
        labelled for what it opens."""
        if action == "choose" and parameters == ("watch",):
            return not self.jotto and self.mode != WordleGame.ANTIWORDLE
        if action in ("solver", "distribution"):
            return not self.jotto and (action == "distribution") == self.solver_shown
        if action == "choose" and parameters == ("new",):
            return not self.daily
        if action == "ordinary":
            return self.daily
        return True

    class BestFound(Message):
        def __init__(self, best: dict) -> None:
            self.best = best
            super().__init__()

    class ValueFound(Message):
        """The game's value against the perfect replier (or bounds), found by a worker."""

        def __init__(self, value: Value) -> None:
            self.value = value
            super().__init__()

    @work(thread=True, exclusive=True, group="best")
    @reports_errors
    def find_best(self) -> None:
        from ...solver.games import make_game
        from ...solver.search.best_tree import cached_shortest_evil_win
        from ...solver.search.minimax import game_value

        wordle = make_game("wordle", lists=self.game.lists)
        if getattr(self.game, "looks_ahead", False):
            hard = getattr(self.game, "hard", False)
            self.post_message(self.ValueFound(game_value(wordle, hard, VALUE_BUDGET)))
            return
        self.post_message(self.BestFound(cached_shortest_evil_win(wordle)))

    def on_result_screen_value_found(self, message: ValueFound) -> None:
        value, yours = message.value, len(self.game.rows)
        self.query_one("#best-possible", Static).update(perfect_verdict(value, yours))

    def on_result_screen_best_found(self, message: BestFound) -> None:
        best, yours = message.best, len(self.game.rows)
        words = ", ".join(g.upper() for g, _ in best["sequence"])
        verdict = (
            "the best possible!"
            if yours <= best["guesses"]
            else (f"{yours - best['guesses']} more than the best possible")
        )
        self.query_one("#best-possible", Static).update(
            f"You took {yours}; the shortest forced win takes {best['guesses']} "
            f"({words}): {verdict}"
        )

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.share)
        solver = "; s: the solver's play" if not self.jotto else ""
        self.query_one("#copied", Static).update(
            f"[dim]Copied where the terminal allows it (c: again{solver}).[/dim]"
        )

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)

    def action_ordinary(self) -> None:
        """After a daily (or NYT) puzzle, n: a new game of ordinary Wordle."""
        self.dismiss("new")

    def action_solver(self) -> None:
        """Show the solver's play in the distribution's place (computed the first time)."""
        if self.jotto:
            return
        self.show_solver(True)
        if not self.solver_asked:
            self.solver_asked = True
            self.query_one("#solver", Static).update("The solver is playing…")
            self.play_solver()

    def action_distribution(self) -> None:
        """Show the distribution again in the solver's play's place."""
        self.show_solver(False)

    def show_solver(self, shown: bool) -> None:
        """Show the solver's play or the distribution, and offer the other in the footer."""
        self.solver_shown = shown
        self.query_one("#result-histogram").display = not shown
        self.query_one("#solver").display = shown
        self.refresh_bindings()

    @work(thread=True, exclusive=True)
    @reports_errors
    def play_solver(self) -> None:
        if isinstance(self.game, WordleRound):  # Jotto's dialog offers no solver
            self.post_message(self.SolverPlayed(solver_lines(self.game)))

    def on_work_failed(self, message: WorkFailed) -> None:
        """The shortest win or the solver's play could not be computed: say so in its place."""
        message.stop()
        where = "#best-possible" if message.work == "find_best" else "#solver"
        self.query_one(where, Static).update(message.shown)

    def on_result_screen_solver_played(self, message: SolverPlayed) -> None:
        self.query_one("#solver", Static).update("\n".join(message.lines))
