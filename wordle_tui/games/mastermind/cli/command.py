"""`wordle-tui mastermind solve`: Knuth's strategy or the optimum, over every secret code."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from ....cli.boundary import BoundaryGroup
from ....cli.common import JsonOpt, choose, emit_json, err, fail, out, progress
from ....cli.interrupts import terminate_as_interrupt

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

ResumeOpt = Annotated[
    bool,
    typer.Option(
        help="optimal: go on from what an earlier search of this size saved (it saves every "
        "5 minutes and when it stops)."
    ),
]
OutOpt = Annotated[
    Path | None, typer.Option("--out", help="Save the tree here (check it with `check`).")
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
    resume: ResumeOpt = False,
    out_file: OutOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Knuth's strategy or the optimum over every secret code.

    Prints the guesses in total and in the worst case, and how long the search took.
    """
    from ....cli.search.command import check_writable
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
    if resume and strategy != "optimal":
        fail("--resume goes on from an optimal search; knuth has nothing to resume")
    if out_file is not None:
        check_writable(out_file)
    if strategy == "optimal":
        terminate_as_interrupt()  # `kill` saves the search, as Ctrl-C does
    name = f"mastermind {colours}x{pegs}: {strategy}"
    with progress(name) as bar:

        def status(done: int, total: int, line: str) -> None:
            bar.describe(f"{name}: {line}; first guesses settled")
            bar(done, total)

        result = solve(
            strategy, colours, pegs, max_guesses, timeout=timeout, workers=workers,
            resume=resume, status=status,
        )  # fmt: skip
    if resume and not result.resumed:
        err.print("nothing saved to resume from: the search started afresh", markup=False)
    if out_file is not None:
        save_solution(out_file, result)
    data = {**result.as_dict(), "out": str(out_file) if out_file else None}
    if as_json:
        emit_json(data)
        return
    print_solution(data)


def save_solution(path: Path, result) -> None:
    """Save the solution's tree, its figures beside it (`trees.save`: atomic, gzipped)."""
    from ....solver.trees import save
    from ..solver.strategies import make_mastermind

    meta = {k: v for k, v in result.as_dict().items() if k not in ("histogram",)}
    try:
        save(result.tree, make_mastermind(result.colours, result.pegs), path, **meta)
    except ValueError as error:  # TreeError
        fail(str(error))


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
    if data.get("resumed"):
        out.print(f"resumed from {data['resumed']:,} sets an earlier search saved")
    if data.get("out"):
        out.print(f"tree saved to {data['out']}")


SizeOpt = Annotated[
    int | None, typer.Option(help="Needed only if the file does not say (solve --out does).")
]


@mastermind_app.command("check")
def mastermind_check(
    tree_file: Annotated[Path, typer.Argument(help="A tree file (from `solve --out`).")],
    colours: SizeOpt = None,
    pegs: SizeOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play every secret code down a saved tree and print its figures.

    Each code is played down the tree with the rule's own scoring: it must be found, once.
    """
    from ....solver.search.shared import depths
    from ....solver.trees import load, read_meta
    from ..solver.codes import check_size
    from ..solver.strategies import make_mastermind

    meta = read_meta(tree_file)
    colours = colours if colours is not None else meta.get("colours")
    pegs = pegs if pegs is not None else meta.get("pegs")
    if not isinstance(colours, int) or not isinstance(pegs, int):
        fail(f"{tree_file}: the file does not say its size; give --colours and --pegs")
    try:
        check_size(colours, pegs)
    except ValueError as error:
        fail(str(error))
    tree, _ = load(tree_file, make_mastermind(colours, pegs))  # TreeError: one line, exit 2
    found = depths(tree)
    total = sum(found)
    if isinstance(meta.get("total"), int) and meta["total"] != total:
        says = f"{tree_file}: the file says {meta['total']:,} guesses in total"
        fail(f"{says}; its tree takes {total:,}")
    counts = {str(k): v for k, v in sorted(Counter(found).items())}
    data = {
        "colours": colours,
        "pegs": pegs,
        "codes": len(found),
        "total": total,
        "mean": round(total / len(found), 5),
        "worst": max(found),
        "histogram": counts,
        "proven": meta.get("proven") is True,
    }
    if as_json:
        emit_json(data)
        return
    out.print(
        f"{tree_file}: every one of the {len(found):,} codes of {colours} colours and {pegs} "
        f"pegs is found, once"
    )
    out.print(f"total {total:,}, mean {total / len(found):.5f}, worst {max(found)}")
    out.print("codes by guesses: " + ", ".join(f"{k}: {v}" for k, v in counts.items()))
