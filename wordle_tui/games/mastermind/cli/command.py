"""`wordle-tui mastermind solve`: Knuth's strategy or the optimum, over every secret code."""

from __future__ import annotations

from typing import Annotated

import typer

from ....cli.boundary import BoundaryGroup
from ....cli.common import JsonOpt, choose, emit_json, fail, out, progress

mastermind_app = typer.Typer(
    cls=BoundaryGroup, help="Mastermind: codes of coloured pegs.", rich_markup_mode=None
)
STRATEGY_NAMES = ("knuth", "optimal")
MAX_WORKERS = 64
StrategyOpt = Annotated[
    str, typer.Option(help="knuth (minimax, as Knuth played it) or optimal (fewest in total).")
]
ColoursOpt = Annotated[
    int, typer.Option("--colours", help="Colours, 2-10 (the tenth is the key 0).")
]
PegsOpt = Annotated[int, typer.Option(help="Pegs in a code, 1-8.")]
MaxGuessesOpt = Annotated[
    int | None,
    typer.Option(help="optimal: every code found within this many guesses (default: no limit)."),
]
TimeoutOpt = Annotated[
    float | None,
    typer.Option(
        help="optimal: stop after this many seconds with the best tree found and the least "
        "total not yet ruled out (default: no limit)."
    ),
]

WorkersOpt = Annotated[
    int,
    typer.Option(
        help=f"optimal: threads to spread the search over, 1-{MAX_WORKERS} (the same total)."
    ),
]


@mastermind_app.command("solve")
def mastermind_solve(
    strategy: StrategyOpt = "knuth",
    colours: ColoursOpt = 6,
    pegs: PegsOpt = 4,
    max_guesses: MaxGuessesOpt = None,
    timeout: TimeoutOpt = None,
    workers: WorkersOpt = 1,
    as_json: JsonOpt = False,
) -> None:
    """Knuth's strategy or the optimum over every secret code.

    Prints the guesses in total and in the worst case, and how long the search took.
    """
    from ..solver.codes import check_size
    from ..solver.strategies import solve

    strategy = choose(strategy, STRATEGY_NAMES, "strategy")
    try:
        check_size(colours, pegs)
    except ValueError as error:
        fail(str(error))
    if max_guesses is not None and not 1 <= max_guesses <= 255:
        fail("--max-guesses must be between 1 and 255")
    if timeout is not None and not timeout > 0:
        fail("--timeout must be a positive number of seconds")
    if not 1 <= workers <= MAX_WORKERS:
        fail(f"--workers must be between 1 and {MAX_WORKERS}")
    with progress(f"mastermind {colours}x{pegs}: {strategy}"):
        result = solve(strategy, colours, pegs, max_guesses, timeout=timeout, workers=workers)
    if as_json:
        emit_json(result.as_dict())
        return
    print_solution(result.as_dict())


def print_solution(data: dict) -> None:
    """The figures of a solution, one per line."""
    limit = data["max_guesses"]
    within = f", every code within {limit}" if limit else ""
    out.print(
        f"Mastermind, {data['colours']} colours, {data['pegs']} pegs ({data['codes']:,} codes): "
        f"{data['strategy']}{within}"
    )
    out.print(f"first guess {data['first_guess']}")
    out.print(f"total {data['total']:,}, mean {data['mean']:.4f}, worst {data['worst']}")
    counts = ", ".join(f"{k}: {v}" for k, v in data["histogram"].items())
    out.print(f"codes by guesses: {counts}")
    proven = "proven optimal" if data["proven"] else "not a proof of the optimum"
    if not data["proven"] and data.get("lower_bound") is not None:
        proven += f" (no strategy does better than {data['lower_bound']:,} in total)"
    out.print(f"{proven}; {data['seconds']:.2f} s ({data['cpu_seconds']:.2f} s of CPU)")
