"""`wordle-tui report -g dordle|quordle|octordle`: the multi-board solver over seeded games."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.table import Table

from ...plural import plural
from ..common import emit_json, fail, out, progress

if TYPE_CHECKING:
    from ...solver.games import Game

DEFAULT_GAMES = 1000
MAX_GAMES = 1_000_000


def games_checked(games: int | None) -> int:
    """The number of games asked for (default 1,000), refused outside 1 to 1,000,000."""
    games = DEFAULT_GAMES if games is None else games
    if not 1 <= games <= MAX_GAMES:
        fail(f"--games must be between 1 and {MAX_GAMES:,}; got {games:,}")
    return games


def multi_report(
    name: str, game: Game, games: int | None, seed: int, measure: str | None, as_json: bool
) -> None:
    """Play seeded games of a multi-board variant and print the result."""
    from ...solver.multi.simulate import simulate
    from ...solver.multi.strategy import DEFAULT_MEASURE, MEASURES, MultiSolver
    from ...solver.multi.variants import variant
    from ..common import choose

    count = games_checked(games)
    measure = choose(measure or DEFAULT_MEASURE, MEASURES, "measure")
    rules = variant(name)
    if len(game.targets) < rules.boards:
        fail(f"{rules.title} needs at least {rules.boards} answers")
    solver = MultiSolver(game, measure=measure)
    with progress(f"{rules.name}: {plural(count, 'game')}") as bar:
        result = simulate(solver, rules, count, seed, bar)
    if as_json:
        emit_json(result.as_dict())
        return
    print_result(result)


def print_result(result) -> None:
    """A simulation as text: the games, the wins, the mean, the distribution."""
    rules = result.variant
    won = 100 * result.wins / result.games
    mean = "-" if result.mean is None else f"{result.mean:.3f}"
    out.print(
        f"{rules.name}: {rules.boards} boards in {rules.limit} guesses, measure {result.measure}, "
        f"{plural(result.games, 'seeded game')} (seed {result.seed})",
        soft_wrap=True,
    )
    out.print(f"won {result.wins:,} of {result.games:,} ({won:.2f}%); mean {mean} guesses")
    view = Table(title="guesses used", box=box.SIMPLE_HEAD)
    view.add_column("guesses", justify="right")
    view.add_column("games", justify="right")
    for used, count in result.distribution.items():
        view.add_row(used, f"{count:,}")
    out.print(view)
