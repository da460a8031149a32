"""The assistant's advice in stages, each as soon as it is known: the one way to ask for it.

`staged` (`Assistant.advice`) yields the look-ahead's suggestions at once (`ESTIMATE`), then
the proven-best guess first, found by an exhaustive search (`PROVEN`), then every row's exact
value (`EXACT`). With a weighted prior there is nothing to prove: with few likely answers left,
ranked by guesses (`runs_endgame_search`), the estimate is followed by the suggestions valued by
a search to the end of the game (`SEARCHED`), else the estimate is all. For a solved game it
yields the review instead (`REVIEW`, as `reviewed` does for any rows).

The caller says when to stop: `stop`, checked at every node of the searches, ends the stages
quietly, the last one yielded being the best known. A `StopRule`'s clock starts when the first
search does, so its seconds are the search's, not the estimate's (but for the endgame search,
whose estimate is quick and whose clock starts with it). A review always finishes,
the rows it has no time for estimated: within a `StopRule`'s seconds, else `REVIEW_BUDGET`; a
cancel (any other stop, or a rule's `cancel`) ends it with nothing yielded.

The stages are computed on a snapshot taken when the first is asked for, so the caller may
change the assistant meanwhile. (The assistant is not imported: it imports this module.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from ..choices import Rank
from ..matrix import Cancelled, cancellable
from ..search.position import ProvenMove
from ..search.shared import SearchInterrupted, StopRule
from .ranking import Suggestion
from .review import GameReview, review_game
from .review import Helper as ReviewHelper

Stop = Callable[[], bool]  # True: stop the search now (a `StopRule`, or any callable)


class Helper(ReviewHelper, Protocol):
    """What the advice asks of the assistant (`engine.Assistant`, not imported: it imports
    this module), besides what a review reads."""

    @property
    def solved(self) -> bool: ...
    @property
    def searched(self) -> bool: ...

    def snapshot(self) -> Helper: ...
    def suggest(
        self, top: int = 10, rank: str = "guesses", use_cache: bool = True, search: bool = True
    ) -> list[Suggestion]: ...
    def endgame_suggestions(self, top: int = 10, stop: Stop | None = None) -> list[Suggestion]: ...
    def proven_move(self, cancel: Callable[[], bool] | None = None) -> ProvenMove | None: ...
    def prove(
        self, found: list[Suggestion], move: ProvenMove, rank: str = "guesses", top: int = 10
    ) -> list[Suggestion]: ...
    def value_rows(
        self,
        found: list[Suggestion],
        cancel: Callable[[], bool] | None = None,
        rank: str = "guesses",
    ) -> list[Suggestion]: ...


ESTIMATE, PROVEN, EXACT, REVIEW = "estimate", "proven", "exact", "review"
SEARCHED = "searched"  # a weighted prior's suggestions valued by the endgame search
REVIEW_BUDGET = 20.0  # seconds of exact search in a review whose stop sets no time


@dataclass(frozen=True)
class Advice:
    """One stage of the advice: the suggestions (with the proven-best move once known), or the
    review of a finished game."""

    stage: str  # ESTIMATE, PROVEN, EXACT, SEARCHED or REVIEW
    suggestions: list[Suggestion] = field(default_factory=list)
    move: ProvenMove | None = None  # the proven-best move (PROVEN and EXACT)
    review: GameReview | None = None  # the review (REVIEW)


def runs_endgame_search(helper: Helper, rank: str) -> bool:
    """Whether the advice by `rank` comes from the endgame search: a `searched` position (a
    weighted prior, normal mode, few likely answers left) ranked by guesses."""
    return helper.searched and rank == Rank.GUESSES


def staged(
    helper: Helper, top: int = 10, rank: str = Rank.GUESSES, stop: Stop | None = None
) -> Iterator[Advice]:
    """The advice on the helper's rows, stage by stage, until `stop` says so (see the module)."""
    if helper.solved:
        yield from reviewed(helper, stop)
        return
    helper = helper.snapshot()
    if runs_endgame_search(helper, rank):
        yield from searched_stages(helper, top, stop)
        return
    try:
        with cancellable(stop.cancelled if isinstance(stop, StopRule) else None):
            found = helper.suggest(top, rank)  # the replies it computes stop when cancelled
    except Cancelled:
        return  # a newer request took over
    yield Advice(ESTIMATE, found)
    if isinstance(stop, StopRule):
        stop.start()  # the seconds are the search's
    try:
        move = helper.proven_move(stop)
        if move is None:
            return  # nothing to prove: a weighted prior
        found = helper.prove(found, move, rank, top)
        yield Advice(PROVEN, found, move)
        yield Advice(EXACT, helper.value_rows(found, stop, rank), move)
    except SearchInterrupted:
        return  # stopped: the last stage yielded stands


def searched_stages(helper: Helper, top: int, stop: Stop | None) -> Iterator[Advice]:
    """A weighted prior's advice with few answers left: the look-ahead's estimate, then the
    suggestions valued by the endgame search, unless `stop` ends it first."""
    if isinstance(stop, StopRule):
        stop.start()  # the seconds cover the estimate too: the search has what is left
    yield Advice(ESTIMATE, helper.suggest(top, Rank.GUESSES, search=False))
    try:
        yield Advice(SEARCHED, helper.endgame_suggestions(top, stop))
    except SearchInterrupted:
        return  # stopped: the estimate stands


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
