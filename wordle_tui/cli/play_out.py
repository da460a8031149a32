"""`wordle-tui play-out TARGET`: the solver playing one target, a line per guess."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ..plural import plural
from ..solver.choices import GameName, Ties
from .common import (
    AnswersOpt,
    GameOpt,
    GuessesOpt,
    GuessListOpt,
    JsonOpt,
    ListsOpt,
    MetricOpt,
    SeedOpt,
    TiesOpt,
    emit_json,
    fail,
    load_game,
    out,
    strategy_of,
)

if TYPE_CHECKING:
    from ..solver.games import Game


TargetArg = Annotated[str, typer.Argument(help="The answer the solver must find.")]
OpenerOpt = Annotated[
    str | None, typer.Option(help="The first guess (an allowed guess); the strategy plays on.")
]
PlayStrategyOpt = Annotated[
    str | None, typer.Option(help="A shipped searched tree: optimal or optimal-hard.")
]


def play_out(
    target: TargetArg,
    game: GameOpt = GameName.WORDLE,
    metric: MetricOpt = None,
    guesses: GuessesOpt = None,
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    seed: SeedOpt = 0,
    ties: TiesOpt = Ties.ALPHA,
    opener: OpenerOpt = None,
    strategy: PlayStrategyOpt = None,
    lists: ListsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Watch the solver play one target: a line per guess, with the reply and targets left."""
    from ..solver.reports.scores import replay
    from ..solver.words import ascii_lower

    the_game = load_game(game, answers, guess_list, lists)
    spec = play_out_spec(the_game, metric, guesses, ties.value, strategy)
    word = ascii_lower(target.strip())
    if word not in set(the_game.targets):
        targets = plural(len(the_game.targets), f"{the_game.name} target")
        fail(f"{target!r} is not one of the {targets}")
    first = None if opener is None else ascii_lower(opener.strip())
    if first is not None and first not in the_game.index:
        allowed = plural(len(the_game.guesses), "allowed guess", "allowed guesses")
        from ..solver.listsets import nyt_hint

        fail(f"--opener {opener!r} is not one of the {allowed}{nyt_hint(first)}")
    # The same game the report scores for this target (the random guesser too).
    try:
        steps = replay(the_game, spec, word, seed, first)
    except ValueError as error:  # an opener a tree does not play
        fail(str(error))
    metric, policy = spec.metric, spec.policy
    if as_json:
        emit_json(play_out_data(the_game, metric, policy, word, steps, first))
        return
    left = len(the_game.targets)
    how = "the random guesser" if metric == "random" else spec.name
    opened = f", opening with {first.upper()}" if first else ""
    out.print(f"{the_game.name}: {word.upper()} with {how}{opened}; {plural(left, 'target')}")
    for turn, step in enumerate(steps, start=1):
        reply = the_game.show(step.reply)
        out.print(f"{turn}. {step.guess.upper()}  {reply}  {step.remaining:,} left")


def play_out_spec(
    game: Game, metric: str | None, guesses: str | None, ties: str, strategy: str | None
):
    """The strategy `play-out` plays: a shipped tree (`--strategy`), else a metric and policy."""
    from ..solver.reports.scores import StrategySpec
    from ..solver.trees import SHIPPED, shipped_for

    if strategy is None:
        metric, policy = strategy_of(game, metric, guesses)
        return StrategySpec(metric, policy, ties)
    if metric is not None or guesses is not None:
        fail("--strategy plays a whole tree; leave out --metric and --guesses")
    if strategy not in SHIPPED:
        fail(f"unknown strategy {strategy!r}; choose optimal or optimal-hard")

    shipped_for(strategy, game)  # refused (TreeError) unless the lists are the tree's
    from ..solver.reports.scores import tree_policy

    return StrategySpec(strategy, tree_policy(strategy, game))


def play_out_data(
    game: Game, metric: str, policy: str, word: str, steps: list, opener: str | None = None
) -> dict:
    """A played-out game as JSON data."""
    return {
        "game": game.name,
        "metric": metric,
        "guesses": policy,
        "opener": opener,
        "target": word,
        "steps": [
            {"guess": s.guess, "reply": game.show(s.reply), "remaining": s.remaining} for s in steps
        ],
    }
