"""Reports on strategies: `report` and `first-guesses`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich import box
from rich.table import Table

from ..gameplay.catalog import Lazy
from ..plural import plural
from ..solver.choices import GameName, Prior, Ties, names
from ..solver.multi.variants import MULTI_NAMES
from .common import (
    AnswersOpt,
    GameOpt,
    GuessesOpt,
    GuessListOpt,
    JsonOpt,
    ListsOpt,
    ReportMetricOpt,
    SeedOpt,
    TiesOpt,
    choice_option,
    choose,
    emit_json,
    fail,
    load_game,
    names_option,
    out,
    progress,
    strategy_of,
    write_stdout,
)
from .multi.command import multi_report
from .nyt import WorkersOpt, assistant_report

if TYPE_CHECKING:
    from ..solver.games import Game

FORMATS = ("text", "markdown", "csv", "json")
StrategyOpt = Annotated[
    str | None,
    typer.Option(
        help="A searched tree (optimal, optimal-hard, tree:FILE), or assistant: the NYT "
        "assistant replayed over the puzzles of --history."
    ),
]
HistoryOpt = Annotated[
    Path | None,
    typer.Option(
        "--history",
        metavar="FILE",
        help="With --strategy assistant: the NYT puzzles to play (number, date, word TSV).",
    ),
]
PriorOpt = Annotated[
    Prior | None, choice_option(Prior, "prior", help="With --strategy assistant (default: nyt).")
]
HardOpt = Annotated[bool, typer.Option("--hard", help="With --strategy assistant: hard mode.")]
FrozenOpt = Annotated[
    bool,
    typer.Option(
        "--frozen",
        help="With --strategy assistant: the record stays as it was before the first puzzle "
        "(not learnt day by day).",
    ),
]
LastOpt = Annotated[
    int, typer.Option(min=0, help="With --strategy assistant: also the last N puzzles alone.")
]
AllOpt = Annotated[bool, typer.Option("--all", help="Every strategy: the whole comparison table.")]
FormatOpt = Annotated[str, typer.Option("--format", help="text, markdown, csv or json.")]
GamesOpt = Annotated[
    int | None,
    typer.Option(
        "--games",
        help="With -g dordle ... duotrigordle: seeded games to play (default 1,000).",
    ),
]
MASTERMIND = "mastermind"
REPORT_GAMES = (*names(GameName), MASTERMIND, *MULTI_NAMES)
ReportGameOpt = Annotated[
    str,
    names_option(
        REPORT_GAMES,
        "game",
        "--game",
        "-g",
        help="wordle, jotto, antiwordle, jotto-positions, mastermind, or dordle, quordle, "
        "octordle, sedecordle (16 boards), duotrigordle (32).",
    ),
]
ColoursOpt = Annotated[
    int | None, typer.Option("--colours", help="With -g mastermind: colours, 2-10 (default 6).")
]
PegsOpt = Annotated[
    int | None, typer.Option("--pegs", help="With -g mastermind: pegs in a code (default 4).")
]
# Mastermind has a folder of its own (`wordle_tui.games`), reached by path
MAKE_MASTERMIND = Lazy("wordle_tui.games.mastermind.solver:make_mastermind")
CHECK_MASTERMIND_SIZE = Lazy("wordle_tui.games.mastermind.solver.codes:check_size")
MAX_MASTERMIND_CODES = 10_000  # 9 colours x 4 pegs, 6 x 5, 3 x 8: every code scored at each node
HardestOpt = Annotated[
    int, typer.Option(min=0, help="Also list the N targets needing the most guesses.")
]


def report(
    game: ReportGameOpt = "wordle",
    metric: ReportMetricOpt = None,
    guesses: GuessesOpt = None,
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    seed: SeedOpt = 0,
    ties: TiesOpt = Ties.ALPHA,
    strategy: StrategyOpt = None,
    everything: AllOpt = False,
    fmt: FormatOpt = "text",
    hardest: HardestOpt = 0,
    lists: ListsOpt = None,
    history: HistoryOpt = None,
    prior: PriorOpt = None,
    hard: HardOpt = False,
    frozen: FrozenOpt = False,
    workers: WorkersOpt = None,
    last: LastOpt = 200,
    games: GamesOpt = None,
    colours: ColoursOpt = None,
    pegs: PegsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Score a strategy over every target word: summary, cumulative line and histogram.

    With -g dordle ... duotrigordle: the multi-board solver over --games seeded games.
    With -g mastermind: every code of --colours and --pegs is a target and may be guessed.
    """
    from ..solver.reports.scores import export_result

    if (colours is not None or pegs is not None) and game.lower() != MASTERMIND:
        fail("--colours and --pegs go with -g mastermind")
    if (workers is not None or hard) and strategy != "assistant":
        fail("--workers and --hard go with --strategy assistant")
    if game.lower() in MULTI_NAMES:
        one_board = fmt.lower() not in ("text", "json") or ties != Ties.ALPHA
        if strategy or everything or hardest or history or guesses or one_board or prior:
            fail(
                f"{game.lower()} takes --games, --seed, --metric, --lists and --json "
                "(--format text or json) only"
            )
        the_game = load_game("wordle", answers, guess_list, lists)
        multi_report(game.lower(), the_game, games, seed, metric, as_json or fmt == "json")
        return
    if games is not None:
        fail(f"--games goes with -g {', '.join(MULTI_NAMES)}")

    if strategy == "assistant":
        if game.lower() != GameName.WORDLE:
            fail("--strategy assistant replays wordle's NYT puzzles")
        shown_json = as_json or fmt == "json"
        assistant_report(history, prior, lists, hard, frozen, workers, last, shown_json)
        return
    if history is not None or frozen or prior is not None:
        given = "--history" if history is not None else "--frozen" if frozen else "--prior"
        fail(f"{given} goes with --strategy assistant")
    fmt = "json" if as_json else choose(fmt, FORMATS, "format")
    if game.lower() == MASTERMIND:
        if answers or guess_list or lists:
            fail("mastermind plays every code: it takes no word lists")
        the_game = mastermind_game(colours, pegs)
    else:
        the_game = load_game(game, answers, guess_list, lists)
    if everything:
        if hardest:
            fail("--hardest applies to one strategy, not --all")
        write_stdout(compare_all(the_game, seed, fmt, ties.value).rstrip("\n") + "\n")
        return
    if strategy is not None:
        result = tree_result(the_game, strategy)
    else:
        result = strategy_result(the_game, metric, guesses, seed, ties.value)
    from ..solver.chooser.adversary import adversary_mean

    adversary = adversary_mean(the_game, result.scores)
    if fmt == "json":
        emit_json({**report_data(result, hardest), "adversary": adversary})
    elif fmt != "text":
        if hardest:
            fail("--hardest is shown in the text and json formats")
        write_stdout(export_result(result, fmt, adversary).rstrip("\n") + "\n")
    else:
        print_report(the_game, result, adversary)
        if hardest:
            out.print(hardest_table(result, hardest))


def report_data(result, hardest: int) -> dict:
    """A strategy's report as JSON data; with `hardest`, its hardest targets too."""
    from ..solver.chooser import against
    from ..solver.reports.scores import hardest as hardest_targets

    data = result.as_dict()
    data["worst_words"] = list(against(result.metric, result.scores, 0).best_choices)
    if hardest:
        picked = hardest_targets(result, hardest)
        data["hardest"] = [{"target": word, "guesses": score} for word, score in picked]
    return data


def hardest_table(result, count: int) -> Table:
    """The targets needing the most guesses, hardest first."""
    from ..solver.reports.scores import hardest as hardest_targets

    picked = hardest_targets(result, count)
    view = Table(title=f"the {plural(len(picked), 'hardest target')}", box=box.SIMPLE_HEAD)
    view.add_column("#", justify="right")
    view.add_column("target")
    view.add_column("guesses", justify="right")
    for rank, (word, score) in enumerate(picked, start=1):
        view.add_row(str(rank), word.upper(), str(score))
    return view


def compare_all(game: Game, seed: int, fmt: str, ties: str = "alpha") -> str:
    """Every strategy for `game` (greedy trees breaking ties by `ties`), as one comparison
    table in `fmt`."""
    from dataclasses import replace

    from ..solver.reports.scores import (
        TREE_STRATEGIES,
        cached_spec,
        export_comparison,
        strategies_for,
    )

    specs = strategies_for(game)
    results = {}
    with progress(f"{game.name}: {len(specs)} strategies") as bar:
        for done, spec in enumerate(specs, start=1):
            greedy = spec.metric not in (*TREE_STRATEGIES, "random")
            spec = replace(spec, ties=ties) if greedy else spec
            results[replace(spec, ties="alpha").name] = cached_spec(game, spec, seed)
            bar(done, len(specs))
    from ..solver.chooser.adversary import adversary_means

    against = adversary_means(game, {name: r.scores for name, r in results.items()})
    return export_comparison(game, results, fmt, against)


def mastermind_game(colours: int | None, pegs: int | None) -> Game:
    """Mastermind of `colours` and `pegs` (6 and 4 by default), refused past
    MAX_MASTERMIND_CODES codes."""
    colours, pegs = colours or 6, pegs or 4
    try:
        CHECK_MASTERMIND_SIZE(colours, pegs)
    except ValueError as error:
        fail(str(error))
    if colours**pegs > MAX_MASTERMIND_CODES:
        fail(
            f"mastermind {colours}x{pegs} has {colours**pegs:,} codes; "
            f"the reports take at most {MAX_MASTERMIND_CODES:,}"
        )
    return MAKE_MASTERMIND(colours, pegs)


def tree_result(game: Game, strategy: str):
    """The result of a searched tree (the game's own, shipped, or from a file)."""
    from ..solver.reports.scores import TREE_STRATEGIES, cached_spec, strategies_for

    if game.own_trees:
        offered = [s.name for s in strategies_for(game) if s.metric in TREE_STRATEGIES]
        if strategy not in offered:
            fail(f"{game.name}'s searched strategies: {', '.join(offered)}")
        spec = next(s for s in strategies_for(game) if s.name == strategy)
        with progress(f"{game.name}: {strategy}") as bar:
            return cached_spec(game, spec, 0, bar)
    from ..solver.reports.scores import run_tree

    if strategy not in TREE_STRATEGIES and not strategy.startswith("tree:"):
        fail(f"unknown strategy {strategy!r}; choose optimal, optimal-hard, tree:FILE or assistant")
    if strategy == "knuth":
        fail("knuth is a strategy for mastermind (-g mastermind)")
    if not strategy.startswith("tree:"):
        from ..solver.trees import shipped_for

        shipped_for(strategy, game)  # refused (TreeError) unless the lists are the tree's
    return run_tree(game, strategy)


def strategy_result(
    game: Game, metric: str | None, guesses: str | None, seed: int, ties: str = "alpha"
):
    """The result of a greedy metric (or the random guesser), from the cache when there."""
    from ..solver.reports.scores import StrategySpec, cached_spec

    metric, policy = strategy_of(game, metric, guesses)
    spec = StrategySpec(metric, policy, ties)
    with progress(f"{game.name}: {spec.name}") as bar:
        return cached_spec(game, spec, seed, bar)


def print_report(game: Game, result, adversary: float | None = None) -> None:
    """A strategy's result as text: what was played, summary, cumulative line, histogram."""
    from ..render import chooser_line, cumulative_line, histogram_table, summary_line
    from ..solver.reports.export import adversary_text

    how = {
        "random": "random consistent guesser",
        "optimal": "the searched optimal tree",
        "optimal-hard": "the searched optimal hard-mode tree",
        "knuth": "Knuth's minimax (ties: a possible code, then the lowest)",
    }.get(result.metric, f"minimising {result.metric}")
    searched = result.metric == "optimal" and "optimal" not in game.own_trees
    if searched and game.name != GameName.WORDLE:
        how = "the best tree found by search (not proven optimal)"
    if result.metric.startswith("tree:"):
        how = f"the tree in {result.metric[5:]}"
    ties = {"list": "; ties in list order", "a-z": "; ties a-z"}.get(result.ties, "")
    out.print(
        f"{game.name}: {how} over {plural(result.summary.targets, 'target')}; "
        f"guesses: {result.policy}{ties}",
        soft_wrap=True,
    )
    if result.first_guess:
        out.print(f'first guess: "{result.first_guess.upper()}"')
    out.print(summary_line(result.summary), soft_wrap=True)
    out.print(chooser_line(result), soft_wrap=True)
    if adversary is not None:
        out.print(f"{adversary_text(adversary)} (see `wordle-tui equilibrium`)", soft_wrap=True)
    out.print(cumulative_line(result.summary), soft_wrap=True)
    out.print(histogram_table(result.summary.histogram))


# JSON name: (metric to rank by, value shown, format, table heading)
FIRST_GUESS_COLUMNS = {
    "max": ("max", lambda r: r.max, "{:,}", "max"),
    "expectation": ("expectation", lambda r: r.expectation, "{:.1f}", "exp."),
    "entropy": ("neg_entropy", lambda r: -r.neg_entropy, "{:.3f}", "bits"),
    "partitions": ("partitions", lambda r: r.partitions, "{:,}", "grps"),
    "learned": ("learned", lambda r: 1 + r.learned, "{:.3f}", "est."),
}
TopOpt = Annotated[int, typer.Option(min=0, help="How many of the best to show.")]
WorstOpt = Annotated[int, typer.Option(min=0, help="How many of the worst to show.")]
PoolOpt = Annotated[
    str, typer.Option(help="Rank the target words ('targets') or every guess ('all').")
]


def first_guesses(
    game: GameOpt = GameName.WORDLE,
    top: TopOpt = 10,
    worst: WorstOpt = 5,
    pool: PoolOpt = "targets",
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    lists: ListsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The best and worst first guesses by each metric."""
    from ..solver.reports.scores import first_guess_table, ranked

    the_game = load_game(game, answers, guess_list, lists)
    pool = choose(pool, ("targets", "all"), "pool")
    table = first_guess_table(the_game, pool)
    orders = {name: ranked(table, spec[0]) for name, spec in FIRST_GUESS_COLUMNS.items()}
    n = len(table)
    top, worst = min(top, n), min(worst, max(0, n - min(top, n)))
    if as_json:
        emit_json(first_guess_data(the_game, pool, orders, top, worst))
        return
    out.print(first_guess_view(the_game, pool, orders, top, worst))


def first_guess_data(game: Game, pool: str, orders: dict, top: int, worst: int) -> dict:
    """The best `top` and worst `worst` first guesses by each metric, as JSON data."""

    def rows(name: str, picked: list) -> list[dict]:
        return [{"word": r.word, "score": FIRST_GUESS_COLUMNS[name][1](r)} for r in picked]

    return {
        "game": game.name,
        "pool": pool,
        "targets": len(game.targets),
        "best": {name: rows(name, order[:top]) for name, order in orders.items()},
        "worst": {name: rows(name, order[len(order) - worst :]) for name, order in orders.items()},
    }


def first_guess_view(game: Game, pool: str, orders: dict, top: int, worst: int) -> Table:
    """The best and worst first guesses side by side, a column pair per metric."""
    view = Table(
        title=f"{game.name} first guesses ({pool}) over {len(game.targets):,} targets",
        caption="max: biggest group left; exp.: expected group size; bits: information "
        "(entropy); grps: number of groups; est.: guesses expected (the learned estimate)",
        box=box.SIMPLE_HEAD,
        padding=(0, 0, 0, 1),
    )
    view.add_column("#", justify="right")
    for _, _, _, heading in FIRST_GUESS_COLUMNS.values():
        view.add_column("word")
        view.add_column(heading, justify="right")
    n = len(next(iter(orders.values())))
    ranks = [*range(top), *range(n - worst, n)]
    for k, rank in enumerate(ranks):
        if k == top and worst and top and ranks[k - 1] + 1 != rank:
            view.add_row("…", *[""] * (2 * len(FIRST_GUESS_COLUMNS)))
        cells = [str(rank + 1)]
        for name, (_, value, fmt, _) in FIRST_GUESS_COLUMNS.items():
            r = orders[name][rank]
            cells += [r.word.upper(), fmt.format(value(r))]
        view.add_row(*cells)
    return view
