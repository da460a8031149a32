"""The assistant's advice in stages, each as soon as it is known: the one way to ask for it.

`staged` (`Assistant.advice`) yields the look-ahead's suggestions at once (`ESTIMATE`), then
the proven-best guess first, found by an exhaustive search (`PROVEN`), then every row's exact
value (`EXACT`); with a weighted prior there is nothing to prove, and the estimate is all. For
a solved game it yields the review instead (`REVIEW`, as `reviewed` does for any rows).

The caller says when to stop: `stop`, checked at every node of the searches, ends the stages
quietly, the last one yielded being the best known. A `StopRule`'s clock starts when the first
search does, so its seconds are the search's, not the estimate's; with a weighted prior the
search is the estimate's own endgame search (`Assistant.searched`): the clock starts with the
estimate, and when the rule (or a cancel) stops that search the estimate is the look-ahead's.
A review always finishes, the rows it has no time for estimated: within a `StopRule`'s
seconds, else `REVIEW_BUDGET`; a cancel (any other stop, or a rule's `cancel`) ends it with
nothing yielded.

The stages are computed on a snapshot taken when the first is asked for, so the caller may
change the assistant meanwhile. (The assistant is not imported: it imports this module.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..search.position import ProvenMove
from ..search.shared import SearchInterrupted, StopRule
from .ranking import Suggestion
from .review import GameReview, review_game

Helper = Any  # an `engine.Assistant`
Stop = Callable[[], bool]  # True: stop the search now (a `StopRule`, or any callable)

ESTIMATE, PROVEN, EXACT, REVIEW = "estimate", "proven", "exact", "review"
REVIEW_BUDGET = 20.0  # seconds of exact search in a review whose stop sets no time


@dataclass(frozen=True)
class Advice:
    """One stage of the advice: the suggestions (with the proven-best move once known), or the
    review of a finished game."""

    stage: str  # ESTIMATE, PROVEN, EXACT or REVIEW
    suggestions: list[Suggestion] = field(default_factory=list)
    move: ProvenMove | None = None  # the proven-best move (PROVEN and EXACT)
    review: GameReview | None = None  # the review (REVIEW)


def staged(
    helper: Helper, top: int = 10, rank: str = "guesses", stop: Stop | None = None
) -> Iterator[Advice]:
    """The advice on the helper's rows, stage by stage, until `stop` says so (see the module)."""
    if helper.solved:
        yield from reviewed(helper, stop)
        return
    helper = helper.snapshot()
    rule = stop if isinstance(stop, StopRule) else None
    endgame = helper.searched and rank == "guesses"
    if endgame and rule is not None:
        rule.start()  # the endgame search is this position's search: the seconds are its
    found = helper.suggest(top, rank, stop=stop if endgame else None)
    yield Advice(ESTIMATE, found)
    if rule is not None and not endgame:
        rule.start()  # the seconds are the search's
    try:
        move = helper.proven_move(stop)
        if move is None:
            return  # nothing to prove: a weighted prior
        found = helper.prove(found, move, rank, top)
        yield Advice(PROVEN, found, move)
        yield Advice(EXACT, helper.value_rows(found, stop, rank), move)
    except SearchInterrupted:
        return  # stopped: the last stage yielded stands


def reviewed(helper: Helper, stop: Stop | None = None) -> Iterator[Advice]:
    """The review of the helper's rows as one stage; none if `stop` cancels it."""
    try:
        review = review_game(helper.snapshot(), review_rule(stop))
    except SearchInterrupted:
        return
    yield Advice(REVIEW, review=review)


def review_rule(stop: Stop | None) -> StopRule:
    """A review's stop rule: `stop` itself if it sets seconds, else `REVIEW_BUDGET` seconds
    with `stop` as the cancel."""
    if isinstance(stop, StopRule) and stop.seconds is not None:
        return stop
    return StopRule(REVIEW_BUDGET, stop)
