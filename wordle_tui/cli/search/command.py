"""The searches: `solve` (the best guess tree) and `openers` (first words ranked by search)."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich import box
from rich.table import Table

from ...files import kind_of
from ...solver.choices import GameName, Mode
from ..common import (
    AnswersOpt,
    GameOpt,
    GuessListOpt,
    JsonOpt,
    ListsOpt,
    SetOpt,
    choice_option,
    choose,
    emit_json,
    fail,
    load_game,
    out,
    progress,
    refuse,
)

if TYPE_CHECKING:
    from ...solver.games import Game

MAX_TOP_K = 1000
MAX_TRIED = 500  # each opener is a whole search of seconds to minutes
ModeOpt = Annotated[Mode, choice_option(Mode, "mode", help="normal or hard (NYT hard mode).")]
FirstOpt = Annotated[str | None, typer.Option(help="Fix the first guess.")]
TopKOpt = Annotated[
    int | None, typer.Option(min=1, max=MAX_TOP_K, help="Guesses tried at each step.")
]
RootKOpt = Annotated[int | None, typer.Option(min=1, max=MAX_TOP_K, help="First guesses tried.")]
OutOpt = Annotated[Path | None, typer.Option("--out", help="Save the tree here.")]
RankOpt = Annotated[
    str | None,
    typer.Option(
        help="How the guesses to try are ranked: bound (the default), squares or entropy; "
        "Antiwordle: entropy (the default) or squares."
    ),
]
EveryOpt = Annotated[
    int,
    typer.Option(
        "--every-up-to",
        min=0,
        max=5000,
        help="Groups of at most this many targets try every guess (Jotto, Antiwordle: slow).",
    ),
]
PositionRowsArg = Annotated[
    list[str] | None,
    typer.Argument(
        help="Rows played in a real Wordle game (word:pattern, as for suggest): search from "
        "there for the proven-best next guess."
    ),
]
SecondsOpt = Annotated[
    float | None,
    typer.Option(min=0, help="With rows: give up after this many seconds (an estimate then)."),
]
ProveOpt = Annotated[
    bool,
    typer.Option(
        "--prove",
        help="Prove the optimum: every first guess valued exactly or cut by a lower bound.",
    ),
]
WorkersOpt = Annotated[
    int, typer.Option(min=1, max=64, help="With --prove: processes to spread the openers over.")
]
SchedulerOpt = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="ADDRESS",
        help="With --prove: a Dask scheduler (tcp://HOST:8786) whose workers search the "
        'openers (pip install "wordle-tui[dask]").',
    ),
]
EditOpt = Annotated[
    str | None,
    typer.Option(
        "--edit",
        metavar="STRATEGY",
        help="Improve this tree node by node (optimal, tree:FILE, METRIC/POLICY such as "
        "neg_entropy/all) for --seconds.",
    ),
]
EDIT_SECONDS = 60.0
EditSecondsOpt = Annotated[
    float | None,
    typer.Option("--seconds", min=1, max=86_400, help="With --edit: the time to take (60)."),
]
ResumeOpt = Annotated[
    bool, typer.Option("--resume", help="With --prove: go on from what an earlier run proved.")
]


def solve(
    rows: PositionRowsArg = None,
    game: GameOpt = GameName.WORDLE,
    mode: ModeOpt = Mode.NORMAL,
    first: FirstOpt = None,
    top_k: TopKOpt = None,
    root_k: RootKOpt = None,
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    out_file: OutOpt = None,
    rank: RankOpt = None,
    every_up_to: EveryOpt = 0,
    lists: ListsOpt = None,
    budget: SecondsOpt = None,
    prove: ProveOpt = False,
    workers: WorkersOpt = 1,
    scheduler: SchedulerOpt = None,
    resume: ResumeOpt = False,
    edit: EditOpt = None,
    seconds: EditSecondsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Search for the guess tree with the fewest guesses in total (then the shallowest).

    With rows, search every guess from that position of a real game instead (exact).
    With --prove, prove the optimum of the whole game (every first guess, exactly).
    With --edit, improve a strategy's tree node by node for --seconds.
    """
    searching = {  # the options of the tree search, which neither rows nor --prove run
        "--first": first is not None,
        "--top-k": top_k is not None,
        "--root-k": root_k is not None,
        "--rank": rank is not None,
        "--every-up-to": every_up_to != 0,
        "--out": out_file is not None,
    }
    if edit is not None:
        others = {"--prove": prove, "--resume": resume, "--scheduler": scheduler is not None}
        others |= {"--budget": budget is not None, "--workers": workers != 1}
        tree_search = {name: given for name, given in searching.items() if name != "--out"}
        refuse(tree_search | others, "does not apply with --edit")
        if rows:
            fail("--edit improves a whole tree; rows search a position")
        if out_file is not None:
            check_writable(out_file)
        from .edit import edited

        the_game = load_game(game, answers, guess_list, lists)
        edited(the_game, mode, edit, seconds or EDIT_SECONDS, out_file, as_json)
        return
    if seconds is not None:
        fail("--seconds goes with --edit")
    if prove or resume or scheduler:
        if rows:
            fail("--prove is for the whole game; with rows the search is exact already")
        refuse(searching | {"--budget": budget is not None}, "does not apply with --prove")
        if scheduler and workers > 1:
            fail("--workers is for this machine; with --scheduler the cluster's workers search")
        from .position import solve_proof

        the_game = load_game(game, answers, guess_list, lists)
        solve_proof(the_game, mode, workers, resume, as_json, scheduler)
        return
    if rows:
        if game != GameName.WORDLE:
            fail("rows are for wordle")
        refuse(searching | {"--workers": workers != 1}, "does not apply with rows")
        from .position import solve_position

        solve_position(rows, mode.hard, budget, lists, answers, guess_list, as_json)
        return
    refuse({"--budget": budget is not None}, "goes with rows (a search from a position)")
    refuse({"--workers": workers != 1}, "goes with --prove")
    if out_file is not None:
        check_writable(out_file)  # before the search, so a bad path costs no time
    the_game = load_game(game, answers, guess_list, lists)
    if mode.hard and the_game.name != GameName.WORDLE:
        fail("hard mode applies to wordle")
    if first is not None and not the_game.is_word(first):
        from ...solver.listsets import nyt_hint

        fail(f"{first!r} is not in the guess list{nyt_hint(first)}")
    defaults = {"wordle": 80 if mode.hard else 12, "antiwordle": 5}
    defaults |= {"jotto": 3, "jotto-positions": 3}
    top_k = top_k if top_k is not None else defaults[the_game.name]
    root_k = root_k if root_k is not None else (8 if mode.hard else top_k)
    rank = choose_rank(the_game, rank)
    result = run_search(the_game, mode, top_k, root_k, first, rank, every_up_to)
    if out_file is not None:
        save_tree(out_file, result, the_game, mode, top_k)
    data = solve_data(the_game, mode, result, top_k, root_k, out_file)
    if as_json:
        emit_json(data)
        return
    print_solved(data, result.seconds)


def choose_rank(game: Game, rank: str | None) -> str:
    """The search's ranking of guesses: the one asked for, if the game's search has it."""
    from ...solver.search.best_tree import RANKINGS
    from ...solver.search.survival import SURVIVAL_RANKINGS

    names = SURVIVAL_RANKINGS if game.name == GameName.ANTIWORDLE else RANKINGS
    return names[0] if rank is None else choose(rank, names, "rank")


def check_writable(path: Path) -> None:
    """Refuse an --out path the tree could not be saved to: checked without opening it."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        fail(f"--out {path}: {error.strerror or error}")
    if mode is not None and not stat.S_ISREG(mode):
        fail(f"--out {path} is {kind_of(mode)}; the tree can only be saved to a regular file")
    folder = path.parent
    if not folder.is_dir():
        fail(f"--out {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        fail(f"--out {path}: the folder {folder} is not writable")


def run_search(
    game: Game,
    mode: Mode,
    top_k: int,
    root_k: int,
    first: str | None,
    rank: str = "bound",
    every_up_to: int = 0,
):
    """The searched tree, checked (a search bug is reported, not hidden)."""
    from ...solver.search.best_tree import SurvivalSearch, TreeSearch
    from ...solver.trees import validate

    if game.name == GameName.ANTIWORDLE:
        rank = "entropy" if rank == "bound" else rank
        search: SurvivalSearch | TreeSearch = SurvivalSearch(
            game, top_k=top_k, rank=rank, every_up_to=every_up_to
        )
    else:
        limit = 6 if game.name == GameName.WORDLE else 255  # the Jottos have no guess limit
        search = TreeSearch(
            game,
            hard=mode.hard,
            top_k=top_k,
            root_k=root_k,
            max_guesses=limit,
            rank=rank,
            every_up_to=every_up_to,
        )
    with progress(f"searching {game.name} ({mode})") as bar:
        search.progress = bar
        result = search.run() if isinstance(search, SurvivalSearch) else search.run(first)
    most = 6 if game.name == GameName.WORDLE else 10**6
    anti = game.name == GameName.ANTIWORDLE
    problems = validate(result.tree, game, mode.hard, most, consistent=anti)
    if problems:  # pragma: no cover - a search bug, reported rather than hidden
        fail("the search built a broken tree: " + "; ".join(problems[:3]))
    return result


def save_tree(path: Path, result, game: Game, mode: Mode, top_k: int) -> None:
    """Save the tree: written to a temporary file beside `path`, then moved into place."""
    from ...solver.trees import save

    check_writable(path)  # again: the search may have taken minutes
    meta = {"total": result.total, "worst": result.worst, "targets": len(game.targets)}
    save(result.tree, game, path, mode=mode, top_k=top_k, **meta)


def solve_data(
    game: Game, mode: Mode, result, top_k: int, root_k: int, out_file: Path | None
) -> dict:
    """A search's outcome as JSON data."""
    return {
        "game": game.name,
        "mode": mode,
        "first_guess": result.first_guess,
        "total": result.total,
        "mean": result.total / len(game.targets),
        "worst": result.worst,
        "targets": len(game.targets),
        "top_k": top_k,
        "root_k": root_k,
        "seconds": round(result.seconds, 2),
        "nodes": result.nodes,
        "out": str(out_file) if out_file else None,
    }


def print_solved(data: dict, seconds: float) -> None:
    """A search's outcome in a sentence (and where the tree went)."""
    what = "guesses to hit the word" if data["game"] == GameName.ANTIWORDLE else "guesses"
    out.print(
        f"{data['game']}, {data['mode']} mode: {data['first_guess'].upper()} first; "
        f"{data['total']:,} {what} over {data['targets']:,} targets (mean {data['mean']:.4f}), "
        f"worst {data['worst']}; {seconds:.1f} s, {data['nodes']:,} nodes searched "
        f"(top {data['top_k']}, first {data['root_k']}).",
        soft_wrap=True,
    )
    if data["out"]:
        out.print(f"saved to {data['out']}", soft_wrap=True)


CountOpt = Annotated[int, typer.Option(min=1, max=MAX_TOP_K, help="How many openers to list.")]
TriedOpt = Annotated[
    int, typer.Option(min=1, max=MAX_TRIED, help="How many promising openers to search.")
]
LaterTopKOpt = Annotated[
    int | None, typer.Option(min=1, max=MAX_TOP_K, help="Guesses tried at each later step.")
]
NormalOrHardOpt = Annotated[Mode, choice_option(Mode, "mode", help="normal or hard.")]


def openers(
    mode: NormalOrHardOpt = Mode.NORMAL,
    count: CountOpt = 20,
    tried: TriedOpt = 30,
    top_k: LaterTopKOpt = None,
    lists: SetOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Rank first guesses by searching the best tree after each (slow: a search per word)."""
    the_game = load_game("wordle", None, None, lists)
    top_k = top_k if top_k is not None else (80 if mode.hard else 12)
    rows = ranked_openers(the_game, mode.hard, tried, top_k)[:count]
    if as_json:
        emit_json({"mode": mode, "top_k": top_k, "tried": tried, "openers": rows})
        return
    out.print(openers_table(rows, mode))


def ranked_openers(game: Game, hard: bool, tried: int, top_k: int) -> list[dict]:
    """The `tried` most promising first guesses, each scored by the best tree after it."""
    from ...solver.search.best_tree import SearchError, TreeSearch, promising_openers

    rows = []
    with progress(f"searching {tried} openers") as bar:
        candidates = promising_openers(game, tried)
        for done, word in enumerate(candidates, start=1):
            try:
                result = TreeSearch(game, hard=hard, top_k=top_k).run(word)
            except SearchError:
                result = None  # no tree within six guesses after this opener
            bar(done, len(candidates))
            if result is not None:
                mean = result.total / len(game.targets)
                rows.append(
                    {"word": word, "total": result.total, "mean": mean, "worst": result.worst}
                )
    rows.sort(key=lambda r: (r["total"], r["worst"], r["word"]))
    return rows


def openers_table(rows: list[dict], mode: Mode) -> Table:
    """The ranked openers as a table."""
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
    return table
