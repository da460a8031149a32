"""`wordle-tui chooser`: the word a chooser who knows the strategy should commit to."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich import box
from rich.table import Table

from ...plural import plural
from ...solver.choices import GameName, Ties
from ..common import (
    AnswersOpt,
    GameOpt,
    GuessListOpt,
    JsonOpt,
    ListsOpt,
    TiesOpt,
    emit_json,
    fail,
    load_game,
    out,
    progress,
    strategy_of,
)

if TYPE_CHECKING:
    from ...solver.chooser import ChooserReport
    from ...solver.games import Game
    from ...solver.reports.model import StrategyResult

StrategyOpt = Annotated[
    str | None,
    typer.Option(
        "--strategy",
        "-s",
        metavar="NAME",
        help="optimal, optimal-hard, tree:FILE, or METRIC/POLICY (neg_entropy/all); "
        "default: the game's greedy strategy.",
    ),
]
HardestOpt = Annotated[
    int, typer.Option("--hardest", min=1, max=10_000, help="How many of the hardest words.")
]


def chooser(
    strategy: StrategyOpt = None,
    game: GameOpt = GameName.WORDLE,
    lists: ListsOpt = None,
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    ties: TiesOpt = Ties.ALPHA,
    hardest: HardestOpt = 20,
    as_json: JsonOpt = False,
) -> None:
    """The words a strategy needs most guesses for: a chooser who knows the strategy commits
    to one of them, and every report's mean (a word drawn at random) no longer holds."""
    from ...solver.chooser import against

    the_game = load_game(game, answers, guess_list, lists)
    name, result = strategy_result(the_game, strategy, ties.value)
    report = against(name, result.scores, hardest)
    if as_json:
        played = {"guesses": result.policy, "first_guess": result.first_guess}
        emit_json({"game": the_game.name, **report.as_dict(), **played, **histogram(result)})
    else:
        print_report(the_game, result, report)


def histogram(result: StrategyResult) -> dict[str, dict[int, int]]:
    """The strategy's histogram: number of guesses -> number of words."""
    return {"histogram": result.summary.histogram}


def strategy_result(game: Game, strategy: str | None, ties: str) -> tuple[str, StrategyResult]:
    """The strategy's name and its per-word scores: a searched tree (shipped, the game's own
    or a file) or a greedy METRIC/POLICY (from the cache when there)."""
    from ...solver.reports.scores import TREE_STRATEGIES, StrategySpec, cached_spec
    from ..reports import tree_result

    if strategy is not None and (strategy in TREE_STRATEGIES or strategy.startswith("tree:")):
        with progress(f"{game.name}: {strategy}"):
            return strategy, tree_result(game, strategy)
    metric, _, policy = (strategy or "").partition("/")
    if strategy is not None and not policy:
        fail(
            f"unknown strategy {strategy!r}; choose optimal, optimal-hard, tree:FILE or "
            "METRIC/POLICY (neg_entropy/all)"
        )
    metric, policy = strategy_of(game, metric or None, policy or None)
    if metric == "random":
        fail(
            "the random guesser has no word it always needs most guesses for; choose a tree "
            "or a metric"
        )
    spec = StrategySpec(metric, policy, ties)
    with progress(f"{game.name}: {spec.name}") as bar:
        return spec.name, cached_spec(game, spec, 0, bar)


def print_report(game: Game, result: StrategyResult, report: ChooserReport) -> None:
    """The committed chooser's best choice beside the uniform chooser's mean, and the table
    of the hardest words."""
    first = f", first guess {result.first_guess.upper()}" if result.first_guess else ""
    out.print(
        f"{game.name}: {report.strategy} (guesses: {result.policy}{first}) over "
        f"{plural(report.targets, 'word')}",
        soft_wrap=True,
    )
    out.print(f"a word drawn at random: {report.uniform_mean:.4f} guesses on average")
    words = ", ".join(w.upper() for w in report.best_choices[:8])
    more = len(report.best_choices) - 8
    words += f" and {more:,} more" if more > 0 else ""
    out.print(
        f"a chooser who knows the strategy: {plural(report.worst, 'guess', 'guesses')} "
        f"(+{report.gain:.2f}), by choosing {report.best_choice.upper()}; "
        f"{plural(len(report.best_choices), 'word')} "
        f"{'forces' if len(report.best_choices) == 1 else 'force'} that many: {words}",
        soft_wrap=True,
    )
    view = Table(title=f"the {plural(len(report.hardest), 'hardest word')}", box=box.SIMPLE_HEAD)
    view.add_column("#", justify="right")
    view.add_column("word")
    view.add_column("guesses", justify="right")
    for rank, (word, guesses) in enumerate(report.hardest, start=1):
        view.add_row(str(rank), word.upper(), str(guesses))
    out.print(view)
