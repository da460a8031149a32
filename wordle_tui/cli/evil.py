"""`wordle-tui evil`: the game the evil replier forces, greedy or proved shortest."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ..plural import plural
from ..solver.choices import Metric, Mode, Policy, Ties
from .common import (
    AnswersOpt,
    GuessesOpt,
    GuessListOpt,
    JsonOpt,
    ListsOpt,
    MetricOpt,
    TiesOpt,
    choice_option,
    emit_json,
    fail,
    load_game,
    out,
    progress,
    refuse,
    strategy_of,
)

if TYPE_CHECKING:
    from ..solver.games import Game

ShortestOpt = Annotated[
    bool, typer.Option("--shortest", help="The shortest forced win, proved by search.")
]

PerfectOpt = Annotated[
    bool,
    typer.Option(
        "--perfect",
        help="The perfect evil replier: the game's minimax value (the fewest guesses that win "
        "against any replies), proved when the search finishes within its budget.",
    ),
]
PlayOpt = Annotated[
    str | None,
    typer.Option(
        "--play",
        metavar="W1,W2,...",
        help="With --perfect: the replies the perfect replier gives to these guesses.",
    ),
]
WitnessOpt = Annotated[
    bool,
    typer.Option(
        "--witness",
        help="With --perfect: check the shipped witness first (a part of the answers no "
        "strategy solves fast; about 17 minutes of CPU on the classic lists), which proves the "
        "value beyond the search's budget.",
    ),
]
PerfectModeOpt = Annotated[
    Mode, choice_option(Mode, "mode", help="With --perfect: normal or hard (NYT hard mode).")
]


def evil(
    metric: MetricOpt = Metric.MAX,
    guesses: GuessesOpt = Policy.NORVIG,
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    shortest: ShortestOpt = False,
    perfect: PerfectOpt = False,
    play: PlayOpt = None,
    witness: WitnessOpt = False,
    mode: PerfectModeOpt = Mode.NORMAL,
    lists: ListsOpt = None,
    ties: TiesOpt = Ties.A_Z,
    as_json: JsonOpt = False,
) -> None:
    """The game the evil replier forces on a greedy tree (by default the original notebooks':
    minimax over the answer list, ties a-z)."""
    the_game = load_game("wordle", answers, guess_list, lists)
    if play is not None and not perfect:
        fail("--play goes with --perfect")
    if mode.hard and not perfect:
        fail("--mode goes with --perfect")
    if witness and not perfect:
        fail("--witness goes with --perfect")
    if perfect:
        greedy = {
            "--metric": metric is not None and metric != Metric.MAX,
            "--guesses": guesses is not None and guesses != Policy.NORVIG,
            "--ties": ties != Ties.A_Z,
            "--shortest": shortest,
        }
        refuse(greedy, "does not apply with --perfect")
        from .perfect import perfect_evil

        perfect_evil(the_game, play, as_json, mode.hard, witness)
        return
    if shortest:  # a search over every guess: no greedy tree's metric, policy or ties
        greedy = {
            "--metric": metric is not None and metric != Metric.MAX,
            "--guesses": guesses is not None and guesses != Policy.NORVIG,
        }
        refuse(greedy | {"--ties": ties != Ties.A_Z}, "does not apply with --shortest")
        shortest_win(the_game, as_json)
        return
    chosen, policy = strategy_of(the_game, metric, guesses)
    if chosen == Metric.RANDOM:
        fail("the evil path needs a tree; choose a metric other than random")
    greedy_path(the_game, chosen, policy, ties.value, as_json)


def shortest_win(game: Game, as_json: bool) -> None:
    """Search (or recall) the shortest forced win against the evil replier, and show it.

    Ctrl-C stops the search: the best win found so far is shown, then exit code 130.
    """
    from ..solver.search.best_tree import SearchInterrupted, cached_shortest_evil_win

    try:
        with progress("searching for the shortest forced win") as bar:
            found = cached_shortest_evil_win(game, bar)
    except SearchInterrupted as stopped:
        if stopped.best:
            show_win(stopped.best, as_json, interrupted=True)
        raise KeyboardInterrupt from None  # the boundary: one line, exit 130
    show_win(found, as_json)


def show_win(found: dict, as_json: bool, interrupted: bool = False) -> None:
    """A forced win against the evil replier: its guesses, and what was proved."""
    proved = bool(found.get("proved")) and not interrupted
    proof = found["proof"]
    if interrupted:
        proof = "Stopped before the search finished: a shorter win was not ruled out."
    if as_json:
        emit_json(
            {
                "guesses": found["guesses"],
                "proved": proved,
                "bound": found["bound"],
                "proof": proof,
                "path": [{"guess": g, "reply": r} for g, r in found["sequence"]],
            }
        )
        return
    what = "The shortest forced win" if proved else "The best forced win found"
    out.print(f"{what} against the evil replier: {plural(found['guesses'], 'guess', 'guesses')}.")
    for turn, (guess, reply) in enumerate(found["sequence"], start=1):
        out.print(f"{turn}. {guess.upper()}  {reply}")
    out.print(proof, soft_wrap=True)


def greedy_path(game: Game, metric: str, policy: str, ties: str, as_json: bool) -> None:
    """The evil replier's game against the greedy tree minimising `metric`."""
    from ..solver.tree import Solver, evil_path

    with progress("building the tree") as bar:
        tree = Solver(game, metric, policy, ties).tree(bar)
    path = evil_path(tree, game)
    if as_json:
        emit_json(
            {
                "metric": metric,
                "guesses": policy,
                "path": [{"guess": g, "reply": game.show(r)} for g, r in path],
                "length": len(path),
            }
        )
        return
    out.print(f"the evil replier against the tree minimising {metric} (guesses: {policy}):")
    for turn, (guess, reply) in enumerate(path, start=1):
        out.print(f"{turn}. {guess.upper()}  {game.show(reply)}")
    out.print(plural(len(path), "guess", "guesses"))
