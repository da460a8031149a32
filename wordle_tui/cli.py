"""The `wordle-tui` command: no arguments opens the app; subcommands print reports.

Data goes to stdout, progress and errors to stderr. Textual is imported only when the app is
launched, so the report commands start fast.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from .paths import HOME_VARIABLE
from .solver.games import GAME_NAMES, Game, make_game
from .solver.metrics import METRICS
from .solver.words import WordListError

app = typer.Typer(
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    help="Word games in the terminal, and the strongest offline Wordle assistant.",
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

STRATEGIES = (*METRICS, "random")
POLICY_NAMES = ("consistent", "hard", "norvig", "all")


def fail(message: str) -> NoReturn:
    """Print a one-line error and exit with code 2."""
    err.print(f"wordle-tui: error: {message}", markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(2)


def choose(value: str, options: tuple[str, ...], what: str) -> str:
    """Check a named choice, case-insensitively."""
    value = value.lower()
    if value not in options:
        fail(f"unknown {what} {value!r}; choose one of: {', '.join(options)}")
    return value


def load_game(name: str, answers: Path | None, guess_list: Path | None) -> Game:
    """The game with its word lists, or a clean error."""
    name = choose(name, GAME_NAMES, "game")
    try:
        return make_game(name, answers, guess_list)
    except WordListError as error:
        fail(str(error))


def emit_json(data: object) -> None:
    """Print one JSON document to stdout."""
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


class LazyProgress:
    """A progress callback that shows a Rich bar on stderr once work has run for a second."""

    def __init__(self, description: str, delay: float = 1.0) -> None:
        self.description = description
        self.delay = delay
        self.started = time.monotonic()
        self.bar: Progress | None = None
        self.task = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            if time.monotonic() - self.started < self.delay:
                return
            self.bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=err,
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task(self.description, total=total)
        self.bar.update(self.task, completed=done, total=total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


@contextmanager
def progress(description: str) -> Iterator[LazyProgress]:
    """A LazyProgress that is always closed."""
    bar = LazyProgress(description)
    try:
        yield bar
    finally:
        bar.close()


GameOpt = Annotated[str, typer.Option("--game", "-g", help="wordle, jotto or antiwordle.")]
MetricOpt = Annotated[
    str | None,
    typer.Option(help="max, expectation, neg_entropy, entropy, partitions or random."),
]
GuessesOpt = Annotated[
    str | None, typer.Option("--guesses", help="Guess policy: consistent, hard, norvig or all.")
]
AnswersOpt = Annotated[Path | None, typer.Option(help="Target words file, one a line.")]
GuessListOpt = Annotated[Path | None, typer.Option(help="Allowed guesses file, one a line.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]
SeedOpt = Annotated[int, typer.Option(help="Seed for the random guesser.")]


def strategy_of(game: Game, metric: str | None, guesses: str | None) -> tuple[str, str]:
    """The metric and policy asked for, defaulting to the game's own."""
    metric = choose(metric or game.default_metric, STRATEGIES, "metric")
    policy = choose(guesses or game.default_policy, POLICY_NAMES, "guess policy")
    return metric, policy


@app.callback(invoke_without_command=True)
def main_callback(
    ctx: typer.Context,
    data_dir: Annotated[
        Path | None,
        typer.Option(help=f"Keep history and caches here (or set {HOME_VARIABLE})."),
    ] = None,
) -> None:
    """With no command, open the game app."""
    if data_dir is not None:
        os.environ[HOME_VARIABLE] = str(data_dir.expanduser().resolve())
    if ctx.invoked_subcommand is None:
        from .ui.app import run_app

        run_app()


@app.command()
def report(
    game: GameOpt = "wordle",
    metric: MetricOpt = None,
    guesses: GuessesOpt = None,
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    seed: SeedOpt = 0,
    strategy: Annotated[
        str | None, typer.Option(help="A searched tree: optimal, optimal-hard, or tree:FILE.")
    ] = None,
    everything: Annotated[
        bool, typer.Option("--all", help="Every strategy: the whole comparison table.")
    ] = False,
    fmt: Annotated[str, typer.Option("--format", help="text, markdown, csv or json.")] = "text",
    as_json: JsonOpt = False,
) -> None:
    """Score a strategy over every target word: summary, cumulative line and histogram."""
    from .render import cumulative_line, histogram_table, summary_line
    from .solver.report import (
        TREE_STRATEGIES,
        StrategySpec,
        cached_spec,
        export_comparison,
        export_result,
        run_tree,
        strategies_for,
    )
    from .solver.trees import TreeError

    fmt = "json" if as_json else choose(fmt, ("text", "markdown", "csv", "json"), "format")
    the_game = load_game(game, answers, guess_list)
    if everything:
        specs = strategies_for(the_game)
        results = {}
        with progress(f"{the_game.name}: {len(specs)} strategies") as bar:
            for done, spec in enumerate(specs, start=1):
                results[spec.name] = cached_spec(the_game, spec, seed)
                bar(done, len(specs))
        text = export_comparison(the_game, results, fmt)
        sys.stdout.write(text.rstrip("\n") + "\n")
        return
    if strategy is not None:
        if strategy not in TREE_STRATEGIES and not strategy.startswith("tree:"):
            fail(f"unknown strategy {strategy!r}; choose optimal, optimal-hard or tree:FILE")
        if the_game.name != "wordle":
            fail("the searched trees are for wordle")
        try:
            result = run_tree(the_game, strategy)
        except TreeError as error:
            fail(str(error))
    else:
        metric, policy = strategy_of(the_game, metric, guesses)
        with progress(f"{the_game.name}: {metric}/{policy}") as bar:
            result = cached_spec(the_game, StrategySpec(metric, policy), seed, bar)
    if fmt != "text":
        sys.stdout.write(export_result(result, fmt).rstrip("\n") + "\n")
        return
    how = {
        "random": "random consistent guesser",
        "optimal": "the searched optimal tree",
        "optimal-hard": "the searched optimal hard-mode tree",
    }.get(result.metric, f"minimising {result.metric}")
    if result.metric.startswith("tree:"):
        how = f"the tree in {result.metric[5:]}"
    out.print(
        f"{the_game.name}: {how} over {result.summary.targets:,} targets; guesses: {result.policy}"
    )
    if result.first_guess:
        out.print(f'first guess: "{result.first_guess.upper()}"')
    out.print(summary_line(result.summary), soft_wrap=True)
    out.print(cumulative_line(result.summary), soft_wrap=True)
    out.print(histogram_table(result.summary.histogram))


@app.command("first-guesses")
def first_guesses(
    game: GameOpt = "wordle",
    top: Annotated[int, typer.Option(min=0, help="How many of the best to show.")] = 10,
    worst: Annotated[int, typer.Option(min=0, help="How many of the worst to show.")] = 5,
    pool: Annotated[
        str, typer.Option(help="Rank the target words ('targets') or every guess ('all').")
    ] = "targets",
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The best and worst first guesses by each metric."""
    from .solver.report import first_guess_table, ranked

    the_game = load_game(game, answers, guess_list)
    pool = choose(pool, ("targets", "all"), "pool")
    table = first_guess_table(the_game, pool)
    columns = {  # JSON name: (metric to rank by, value shown, format, table heading)
        "max": ("max", lambda r: r.max, "{:,}", "largest"),
        "expectation": ("expectation", lambda r: r.expectation, "{:.2f}", "expected"),
        "entropy": ("neg_entropy", lambda r: -r.neg_entropy, "{:.3f}", "bits"),
        "partitions": ("partitions", lambda r: r.partitions, "{:,}", "groups"),
    }
    orders = {name: ranked(table, spec[0]) for name, spec in columns.items()}
    n = len(table)
    top, worst = min(top, n), min(worst, max(0, n - min(top, n)))
    if as_json:

        def rows(name: str, picked: list) -> list[dict]:
            return [{"word": r.word, "score": columns[name][1](r)} for r in picked]

        emit_json(
            {
                "game": the_game.name,
                "pool": pool,
                "targets": len(the_game.targets),
                "best": {name: rows(name, order[:top]) for name, order in orders.items()},
                "worst": {name: rows(name, order[n - worst :]) for name, order in orders.items()},
            }
        )
        return
    view = Table(
        title=f"{the_game.name} first guesses ({pool}) over {len(the_game.targets):,} targets",
        caption="largest: biggest group left; expected: expected group size; "
        "bits: information (entropy); groups: number of groups",
        box=box.SIMPLE_HEAD,
    )
    view.add_column("#", justify="right")
    for _, _, _, heading in columns.values():
        view.add_column("word")
        view.add_column(heading, justify="right")
    ranks = [*range(top), *range(n - worst, n)]
    for k, rank in enumerate(ranks):
        if k == top and worst and top and ranks[k - 1] + 1 != rank:
            view.add_row("…", *[""] * (2 * len(columns)))
        cells = [str(rank + 1)]
        for name, (_, value, fmt, _) in columns.items():
            r = orders[name][rank]
            cells += [r.word.upper(), fmt.format(value(r))]
        view.add_row(*cells)
    out.print(view)


@app.command()
def evil(
    metric: MetricOpt = "max",
    guesses: GuessesOpt = "norvig",
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    shortest: Annotated[
        bool, typer.Option("--shortest", help="The shortest forced win, proved by search.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """The game the greedy evil replier forces through a greedy tree (default: the seeds')."""
    from .solver.tree import Solver, evil_path

    the_game = load_game("wordle", answers, guess_list)
    if shortest:
        from .solver.search import cached_shortest_evil_win

        with progress("searching for the shortest forced win") as bar:
            found = cached_shortest_evil_win(the_game, bar)
        if as_json:
            emit_json(
                {
                    "guesses": found["guesses"],
                    "bound": found["bound"],
                    "proof": found["proof"],
                    "path": [{"guess": g, "reply": r} for g, r in found["sequence"]],
                }
            )
            return
        out.print(f"The shortest forced win against the evil replier: {found['guesses']} guesses.")
        for turn, (guess, reply) in enumerate(found["sequence"], start=1):
            out.print(f"{turn}. {guess.upper()}  {reply}")
        out.print(found["proof"], soft_wrap=True)
        return
    metric, policy = strategy_of(the_game, metric, guesses)
    if metric == "random":
        fail("the evil path needs a tree; choose a metric other than random")
    with progress("building the tree") as bar:
        tree = Solver(the_game, metric, policy).tree(bar)
    path = evil_path(tree, the_game)
    if as_json:
        emit_json(
            {
                "metric": metric,
                "guesses": policy,
                "path": [{"guess": g, "reply": the_game.show(r)} for g, r in path],
                "length": len(path),
            }
        )
        return
    out.print(f"the evil replier against the tree minimising {metric} (guesses: {policy}):")
    for turn, (guess, reply) in enumerate(path, start=1):
        out.print(f"{turn}. {guess.upper()}  {the_game.show(reply)}")
    out.print(f"{len(path)} guesses")


@app.command("play-out")
def play_out(
    target: Annotated[str, typer.Argument(help="The answer the solver must find.")],
    game: GameOpt = "wordle",
    metric: MetricOpt = None,
    guesses: GuessesOpt = None,
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    seed: SeedOpt = 0,
    as_json: JsonOpt = False,
) -> None:
    """Watch the solver play one target: a line per guess, with the reply and targets left."""
    from .solver.play import GreedyGuesser, HonestReplier, RandomGuesser, play
    from .solver.tree import Solver

    the_game = load_game(game, answers, guess_list)
    metric, policy = strategy_of(the_game, metric, guesses)
    word = target.strip().lower()
    if word not in set(the_game.targets):
        fail(f"{target!r} is not one of the {len(the_game.targets):,} {the_game.name} targets")
    if metric == "random":
        guesser = RandomGuesser(the_game, seed)
    else:
        guesser = GreedyGuesser(Solver(the_game, metric, policy))
    steps = play(the_game, guesser, HonestReplier(the_game, word))
    if as_json:
        emit_json(
            {
                "game": the_game.name,
                "metric": metric,
                "guesses": policy,
                "target": word,
                "steps": [
                    {"guess": s.guess, "reply": the_game.show(s.reply), "remaining": s.remaining}
                    for s in steps
                ],
            }
        )
        return
    left = len(the_game.targets)
    out.print(f"{the_game.name}: {word.upper()} with {metric}/{policy}; {left:,} targets")
    for turn, step in enumerate(steps, start=1):
        out.print(
            f"{turn}. {step.guess.upper()}  {the_game.show(step.reply)}  {step.remaining:,} left"
        )


@app.command()
def suggest(
    rows: Annotated[
        list[str] | None,
        typer.Argument(help="Rows played, as word:pattern (raise:..Y.G, raise:00102, ...)."),
    ] = None,
    hard: Annotated[
        bool, typer.Option("--hard", help="Suggest hard-mode legal words only.")
    ] = False,
    prior: Annotated[
        str, typer.Option(help="uniform (answer list) or frequency (any word, by how common).")
    ] = "uniform",
    top: Annotated[int, typer.Option(min=1, max=100, help="How many suggestions.")] = 10,
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The answers still possible after your rows, and the best next guesses."""
    from .render import suggestion_cells
    from .solver.assistant import Assistant, AssistantError, parse_row, skill_score

    prior = choose(prior, ("uniform", "frequency"), "prior")
    try:
        helper = Assistant(hard=hard, prior=prior, answers=answers, guess_list=guess_list)
        for text in rows or []:
            helper.add(*parse_row(text))
    except (AssistantError, WordListError) as error:
        fail(str(error))
    words = helper.candidate_words()
    reviews = helper.analysis() if helper.solved else []
    found = [] if helper.solved else helper.suggest(top)
    if as_json:
        emit_json(
            {
                "rows": [{"word": w, "pattern": p} for w, p in helper.rows],
                "hard": hard,
                "prior": prior,
                "candidates": len(words),
                "candidate_words": [w for w, _ in words],
                "candidate_probabilities": [round(p, 6) for _, p in words],
                "suggestions": [s.as_dict() for s in found],
                "reason": helper.reason(found[0]) if found else None,
                "analysis": [review_dict(r) for r in reviews],
                "skill": skill_score(reviews) if reviews else None,
            }
        )
        return
    if reviews:
        print_analysis(reviews, skill_score(reviews))
        return
    shown = ", ".join(w.upper() for w, _ in words[:12]) + (" …" if len(words) > 12 else "")
    noun = "answer" if len(words) == 1 else "answers"
    out.print(f"{len(words):,} {noun} possible: {shown}", soft_wrap=True)
    table = Table(
        box=box.SIMPLE_HEAD,
        caption="bits: information expected; exp. left: answers expected to remain; "
        "guesses: expected guesses to finish, this one included",
    )
    headings = (
        "#",
        "guess",
        "bits",
        "exp. left",
        "worst",
        "win %",
        "answer?",
        "hard ok",
        "guesses",
    )
    for heading in headings:
        table.add_column(heading, justify="left" if heading == "guess" else "right")
    for rank, s in enumerate(found, start=1):
        table.add_row(str(rank), *suggestion_cells(s), style="bold" if rank == 1 else "")
    out.print(table)
    out.print(helper.reason(found[0]), soft_wrap=True)


def review_dict(review) -> dict:
    """A reviewed row as JSON data."""
    return {
        "word": review.word,
        "pattern": review.pattern,
        "before": review.before,
        "after": review.after,
        "bits_gained": round(review.bits_gained, 3),
        "expected_bits": round(review.expected_bits, 3),
        "best_bits": round(review.best_bits, 3),
        "best_word": review.best_word,
        "expected_left": round(review.expected_left, 2),
        "luck": round(review.luck, 3),
        "skill": review.skill,
    }


def print_analysis(reviews, skill: int) -> None:
    """The after-game table: information per row against the best guess available."""
    table = Table(title="Your game, row by row", box=box.SIMPLE_HEAD)
    for heading in (
        "guess",
        "colours",
        "answers",
        "bits got",
        "bits expected",
        "best (bits)",
        "exp. left",
        "luck",
        "skill",
    ):
        table.add_column(heading, justify="left" if heading in ("guess", "colours") else "right")
    for r in reviews:
        table.add_row(
            r.word.upper(),
            r.pattern,
            f"{r.before:,} → {r.after:,}",
            f"{r.bits_gained:.2f}",
            f"{r.expected_bits:.2f}",
            f"{r.best_word.upper()} ({r.best_bits:.2f})",
            f"{r.expected_left:.1f}",
            f"{r.luck:+.2f}",
            str(r.skill),
        )
    out.print(table)
    out.print(
        f"Skill {skill}/100: the mean, over your rows, of each guess's expected bits as a "
        "share of the best guess's (100 when one answer was left).",
        soft_wrap=True,
    )


PLAYABLE = ("wordle", "jotto", "evil", "antiwordle", "assistant", "ghost", "reports")


@app.command()
def play(
    game: Annotated[
        str,
        typer.Argument(help="wordle, jotto, evil, antiwordle, ghost, assistant, or reports."),
    ] = "wordle",
    hard: Annotated[bool, typer.Option("--hard", help="NYT hard mode (Wordle, Evil).")] = False,
    target: Annotated[str | None, typer.Option(help="The answer (for practice and tests).")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the random answer.")] = None,
    daily: Annotated[
        bool, typer.Option("--daily", help="Today's answer, the same for all.")
    ] = False,
    prior: Annotated[str, typer.Option(help="Assistant prior: uniform or frequency.")] = "uniform",
    variant: Annotated[str, typer.Option(help="Ghost: ghost, super or superduper.")] = "ghost",
    min_length: Annotated[int, typer.Option(help="Ghost: shortest word that counts.")] = 3,
    first: Annotated[str, typer.Option(help="Ghost: who starts, human or computer.")] = "human",
    style: Annotated[str, typer.Option(help="Ghost: the computer plays perfect or exploit.")] = (
        "perfect"
    ),
    words: Annotated[Path | None, typer.Option(help="Ghost: a word list file.")] = None,
) -> None:
    """Open a game (or the NYT assistant) directly."""
    from .gameplay.jotto import jotto_game
    from .gameplay.wordle import word_lists

    game = choose(game, PLAYABLE, "game")
    prior = choose(prior, ("uniform", "frequency"), "prior")
    if game == "ghost":
        from .gameplay.catalog import GameRequest
        from .ui.app import run_app

        variant = choose(variant, VARIANT_NAMES, "variant")
        first = choose(first, ("human", "computer"), "first player")
        style = choose(style, ("perfect", "exploit"), "style")
        if min_length < 1:
            fail("--min-length must be at least 1")
        run_app(
            GameRequest(
                "ghost", ghost_variant=variant, min_length=min_length, first=first, style=style
            )
        )
        return
    if game == "assistant" and (target or daily or seed is not None):
        fail("the assistant helps with the real game; --target, --seed and --daily do not apply")
    if target is not None:
        target = target.strip().lower()
        if game == "evil":
            fail("Evil Wordle has no fixed answer; --target does not apply")
        allowed = jotto_game().targets if game == "jotto" else word_lists()[0]
        if target not in allowed:
            fail(f"{target!r} is not a possible {game} answer")
    if daily and game == "evil":
        fail("Evil Wordle has no fixed answer; --daily does not apply")
    if hard and game in ("jotto", "antiwordle"):
        fail(f"--hard applies to wordle and evil, not {game}")
    from .gameplay.catalog import GameRequest
    from .ui.app import run_app

    run_app(GameRequest(game, hard=hard, target=target, seed=seed, daily=daily, prior=prior))


@app.command()
def stats(
    game: Annotated[str | None, typer.Option("--game", "-g", help="Only this game.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Your statistics: played, win %, streaks and the guess distribution."""
    from .history import GAMES, History
    from .render import histogram_table

    games = (choose(game, GAMES, "game"),) if game else GAMES
    history = History()
    if history.notice:
        err.print(history.notice, markup=False)
    found = [history.stats(g) for g in games]
    if as_json:
        emit_json(found[0].as_dict() if game else [s.as_dict() for s in found])
        return
    shown = [s for s in found if s.played] or found[:1]
    for s in shown:
        out.print(
            f"[b]{s.game}[/b]: played {s.played}, win {s.win_percent}%, "
            f"current streak {s.current_streak}, max streak {s.max_streak}"
        )
        if s.distribution:
            highlight = s.last_score if s.last_won else None
            out.print(histogram_table(s.distribution, highlight=highlight, width=30))
        out.print()


@app.command()
def solve(
    game: GameOpt = "wordle",
    mode: Annotated[str, typer.Option(help="normal or hard (NYT hard mode).")] = "normal",
    first: Annotated[str | None, typer.Option(help="Fix the first guess.")] = None,
    top_k: Annotated[int | None, typer.Option(help="Guesses tried at each step.")] = None,
    root_k: Annotated[int | None, typer.Option(help="First guesses tried.")] = None,
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    out_file: Annotated[Path | None, typer.Option("--out", help="Save the tree here.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Search for the guess tree with the fewest guesses in total (then the shallowest)."""
    from .solver.search import SearchError, SurvivalSearch, TreeSearch
    from .solver.trees import save, validate

    mode = choose(mode, ("normal", "hard"), "mode")
    the_game = load_game(game, answers, guess_list)
    if mode == "hard" and the_game.name != "wordle":
        fail("hard mode applies to wordle")
    if first is not None and not the_game.is_word(first):
        fail(f"{first!r} is not in the guess list")
    defaults = {"wordle": 80 if mode == "hard" else 12, "jotto": 3, "antiwordle": 5}
    top_k = top_k or defaults[the_game.name]
    root_k = root_k or (8 if mode == "hard" else top_k)
    if top_k < 1 or root_k < 1:
        fail("--top-k and --root-k must be at least 1")
    if the_game.name == "antiwordle":
        search = SurvivalSearch(the_game, top_k=top_k)
    else:
        limit = 6 if the_game.name == "wordle" else 255  # Jotto has no guess limit
        search = TreeSearch(
            the_game, hard=mode == "hard", top_k=top_k, root_k=root_k, max_guesses=limit
        )
    try:
        with progress(f"searching {the_game.name} ({mode})") as bar:
            search.progress = bar
            result = search.run() if the_game.name == "antiwordle" else search.run(first)
    except SearchError as error:
        fail(str(error))
    problems = validate(
        result.tree,
        the_game,
        hard=mode == "hard",
        max_guesses=6 if the_game.name == "wordle" else 10**6,
    )
    if problems:  # pragma: no cover - a search bug, reported rather than hidden
        fail("the search built a broken tree: " + "; ".join(problems[:3]))
    if out_file is not None:
        save(
            result.tree,
            the_game,
            out_file,
            mode=mode,
            total=result.total,
            worst=result.worst,
            targets=len(the_game.targets),
            top_k=top_k,
        )
    data = {
        "game": the_game.name,
        "mode": mode,
        "first_guess": result.tree.guess,
        "total": result.total,
        "mean": result.total / len(the_game.targets),
        "worst": result.worst,
        "targets": len(the_game.targets),
        "top_k": top_k,
        "root_k": root_k,
        "seconds": round(result.seconds, 2),
        "nodes": result.nodes,
        "out": str(out_file) if out_file else None,
    }
    if as_json:
        emit_json(data)
        return
    out.print(
        f"{the_game.name}, {mode} mode: {result.tree.guess.upper()} first; {result.total:,} "
        f"{'guesses survived' if the_game.name == 'antiwordle' else 'guesses'} over "
        f"{len(the_game.targets):,} targets (mean {data['mean']:.4f}), worst "
        f"{result.worst}; {result.seconds:.1f} s, {result.nodes:,} nodes searched "
        f"(top {top_k}, first {root_k}).",
        soft_wrap=True,
    )
    if out_file:
        out.print(f"saved to {out_file}")


@app.command()
def openers(
    mode: Annotated[str, typer.Option(help="normal or hard.")] = "normal",
    count: Annotated[int, typer.Option(min=1, help="How many openers to list.")] = 20,
    tried: Annotated[int, typer.Option(min=1, help="How many promising openers to search.")] = 30,
    top_k: Annotated[int | None, typer.Option(help="Guesses tried at each later step.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Rank first guesses by searching the best tree after each (slow: a search per word)."""
    from .solver.search import SearchError, TreeSearch, promising_openers

    mode = choose(mode, ("normal", "hard"), "mode")
    the_game = load_game("wordle", None, None)
    top_k = top_k or (80 if mode == "hard" else 12)
    rows = []
    with progress(f"searching {tried} openers") as bar:
        candidates = promising_openers(the_game, tried)
        for done, word in enumerate(candidates, start=1):
            try:
                result = TreeSearch(the_game, hard=mode == "hard", top_k=top_k).run(word)
            except SearchError:
                continue  # no tree within six guesses after this opener
            rows.append(
                {
                    "word": word,
                    "total": result.total,
                    "mean": result.total / len(the_game.targets),
                    "worst": result.worst,
                }
            )
            bar(done, tried)
    rows.sort(key=lambda r: (r["total"], r["worst"], r["word"]))
    rows = rows[:count]
    if as_json:
        emit_json({"mode": mode, "top_k": top_k, "tried": tried, "openers": rows})
        return
    table = Table(title=f"Best first guesses ({mode} mode), by searched tree", box=box.SIMPLE_HEAD)
    for heading in ("#", "opener", "total", "mean", "worst"):
        table.add_column(heading, justify="left" if heading == "opener" else "right")
    for rank, row in enumerate(rows, start=1):
        table.add_row(
            str(rank),
            row["word"].upper(),
            f"{row['total']:,}",
            f"{row['mean']:.4f}",
            str(row["worst"]),
        )
    out.print(table)


ghost_app = typer.Typer(help="Ghost, SuperGhost and SuperDuperGhost.", rich_markup_mode=None)
app.add_typer(ghost_app, name="ghost")
VARIANT_NAMES = ("ghost", "super", "superduper")


@ghost_app.command("solve")
def ghost_solve(
    variant: Annotated[str, typer.Option(help="ghost, super or superduper.")] = "ghost",
    min_length: Annotated[int, typer.Option(help="Shortest word that ends the game.")] = 3,
    words: Annotated[Path | None, typer.Option(help="Word list file (default: ENABLE).")] = None,
    rules: Annotated[bool, typer.Option("--rules", help="Print every rule to remember.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Who wins with perfect play, the winning first plays, and what to memorize."""
    from .solver.ghost import GhostError
    from .solver.ghost_cache import solved
    from .solver.ghost_summary import memorizable, outcomes

    variant = choose(variant, VARIANT_NAMES, "variant")
    if min_length < 1:
        fail("--min-length must be at least 1")
    try:
        with progress(f"solving {variant}"):
            vocab = solved(variant, min_length, words)
    except (GhostError, WordListError) as error:
        fail(str(error))
    first = vocab.winning_plays("")
    sets = {p: outcomes(vocab, p) for p in (0, 1)} if variant == "ghost" else None
    memo = memorizable(vocab)
    if as_json:
        emit_json(
            {
                "variant": variant,
                "min_length": min_length,
                "fragments": vocab.fragments,
                "words": len(vocab.words),
                "first_player_wins": bool(vocab.win[0]),
                "winning_first_plays": first,
                "outcomes": None
                if sets is None
                else {
                    str(p): {"winners": list(o.winners), "losers": list(o.losers)}
                    for p, o in sets.items()
                },
                "strategy": {
                    "winner": memo.winner,
                    "size": memo.size,
                    "positions": memo.positions,
                    "rules": [list(r) for r in memo.rules],
                },
            }
        )
        return
    who = "first" if vocab.win[0] else "second"
    out.print(
        f"{variant}, words of {min_length}+ letters: {vocab.fragments:,} fragments; "
        f"the {who} player wins with perfect play.",
        soft_wrap=True,
    )
    out.print("Winning first plays: " + (", ".join(first) if first else "none"))
    for player, found in (sets or {}).items():
        losers = f"; losers ({len(found.losers)}): {' '.join(found.losers)}" if found.losers else ""
        total = len(found.winners) + len(found.losers)
        out.print(
            f"Outcomes for player {player} ({total}): winners ({len(found.winners)}): "
            f"{' '.join(found.winners)}{losers}",
            soft_wrap=True,
        )
    out.print(
        f"Player {memo.winner}'s winning strategy needs {memo.size} rules "
        f"({memo.positions} positions reachable):",
        soft_wrap=True,
    )
    shown = memo.rules if rules else memo.rules[:12]
    out.print(
        "  "
        + ", ".join(f"{f or '(start)'} → {p}" for f, p in shown)
        + ("" if rules or len(memo.rules) <= 12 else " … (--rules for all)"),
        soft_wrap=True,
    )


def main() -> None:
    """Entry point for the `wordle-tui` script."""
    try:
        app()
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)
