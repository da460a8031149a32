"""The end of a Wordle-family game: the answer, the distribution, the share block, the solver."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ..gameplay.wordle import MAX_GUESSES, WordleRound
from ..history import History
from .widgets import Histogram

SOLVER_STRATEGY = {False: ("neg_entropy", "all"), True: ("neg_entropy", "hard")}
EVIL_STRATEGY = ("max", "norvig")  # the seeds' tree against the evil replier


def headline(game: WordleRound) -> str:
    """One line saying how the game ended."""
    n, answer = len(game.rows), (game.answer or "?").upper()
    if game.mode == "wordle":
        return f"You found {answer} in {n}/6." if game.won else f"The word was {answer}."
    if game.mode == "evil":
        return f"You cornered the evil computer: {answer} in {n} guesses."
    verdict = "a win: you lasted beyond six" if game.won else "six or fewer"
    return f"You hit {answer} on guess {n} ({verdict})."


def solver_lines(game: WordleRound) -> list[str]:
    """How the solver plays the same game (solver work: call from a worker)."""
    from ..solver import make_game
    from ..solver.play import EvilReplier, GreedyGuesser, HonestReplier, play
    from ..solver.tree import Solver

    wordle = make_game("wordle", lists=game.lists)
    if game.mode == "evil":
        metric, policy = EVIL_STRATEGY
        steps = play(wordle, GreedyGuesser(Solver(wordle, metric, policy)), EvilReplier(wordle))
        intro = f"Against the same evil replier, the solver ({metric}/{policy}) needs:"
    else:
        metric, policy = SOLVER_STRATEGY[game.hard]
        steps = play(
            wordle,
            GreedyGuesser(Solver(wordle, metric, policy)),
            HonestReplier(wordle, game.answer),
        )
        intro = f"The solver ({metric}, {policy} guesses) would have played:"
    lines = [intro]
    for i, step in enumerate(steps, start=1):
        lines.append(
            f"{i}. {step.guess.upper()}  {wordle.show(step.reply)}  {step.remaining:,} left"
        )
    return lines


class ResultScreen(ModalScreen[str | None]):
    """Shown when a game ends; dismisses with 'new', 'watch' or None."""

    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("s", "solver", "Solver's play"),
        Binding("w", "choose('watch')", "Watch"),
        Binding("c", "copy", "Copy"),
        Binding("escape", "choose(None)", "Close"),
    ]

    class SolverPlayed(Message):
        def __init__(self, lines: list[str]) -> None:
            self.lines = lines
            super().__init__()

    def __init__(self, game: WordleRound, history: History, high_contrast: bool = False) -> None:
        super().__init__()
        self.game = game
        self.history = history
        self.high_contrast = high_contrast

    def compose(self) -> ComposeResult:
        stats = self.history.stats(self.game.mode)
        highlight = len(self.game.rows) if self.game.mode != "wordle" or self.game.won else None
        bins = range(1, MAX_GUESSES + 1) if self.game.mode == "wordle" else None
        with VerticalScroll(id="result"):
            yield Static(f"[b]{headline(self.game)}[/b]", id="headline")
            yield Static(
                f"Played {stats.played} · win {stats.win_percent}% · "
                f"streak {stats.current_streak} · best {stats.max_streak}",
                id="stats-line",
            )
            yield Histogram(
                stats.distribution, highlight=highlight, bins=bins, id="result-histogram"
            )
            yield Static(self.game.share_text(self.high_contrast), id="share")
            yield Static("", id="copied")
            if self.game.mode == "evil":
                yield Static("Finding the shortest possible win…", id="best-possible")
            yield Static("Press s to see how the solver plays this word.", id="solver")
        yield Footer()

    def on_mount(self) -> None:
        self.action_copy()
        if self.game.mode == "evil":
            self.find_best()

    class BestFound(Message):
        def __init__(self, best: dict) -> None:
            self.best = best
            super().__init__()

    @work(thread=True, exclusive=True, group="best")
    def find_best(self) -> None:
        from ..solver import make_game
        from ..solver.search import cached_shortest_evil_win

        wordle = make_game("wordle", lists=self.game.lists)
        self.post_message(self.BestFound(cached_shortest_evil_win(wordle)))

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
        self.app.copy_to_clipboard(self.game.share_text(self.high_contrast))
        self.query_one("#copied", Static).update(
            "[dim]Copied to the clipboard where the terminal allows it (c to copy again).[/dim]"
        )

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)

    def action_solver(self) -> None:
        self.query_one("#solver", Static).update("The solver is playing…")
        self.play_solver()

    @work(thread=True, exclusive=True)
    def play_solver(self) -> None:
        self.post_message(self.SolverPlayed(solver_lines(self.game)))

    def on_result_screen_solver_played(self, message: SolverPlayed) -> None:
        self.query_one("#solver", Static).update("\n".join(message.lines))
        self.query_one("#result", VerticalScroll).scroll_end(animate=False)
