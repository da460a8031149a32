"""How a round of each game is made from its request: the `round` of the catalog's games.

The games' modules (and with them the solver and NumPy) are imported when a round is first
made, so the catalog, which the command line reads as it starts, stays light. A game of its
own folder (`wordle_tui/games/`) makes its round there, named in its catalog entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..solver.choices import WordleGame

if TYPE_CHECKING:
    from .jotto import ComputerJottoRound, JottoRound
    from .multi import MultiRound
    from .request import GameRequest
    from .wordle import WordleRound


def wordle_round(request: GameRequest) -> WordleRound:
    """A fresh Wordle, NYT Wordle, Evil Wordle or Antiwordle round as the request asks."""
    from ..solver.listsets import default_set
    from .daily import answer_for
    from .wordle import WordleRound, adversary_target, random_target

    lists = request.lists or default_set()
    if request.game == WordleGame.ADVERSARY:  # the word drawn by the equilibrium's chooser
        target = request.target or adversary_target(lists, request.seed)
        return WordleRound(target=target, hard=request.hard, lists=lists, adversary=True)
    if request.game == WordleGame.EVIL:
        return WordleRound(mode="evil", hard=request.hard, lists=lists, perfect=request.perfect)
    if request.game == WordleGame.NYT:  # a real NYT puzzle: its real answer, on the NYT's lists
        from ..solver.nyt.history import load_history

        answer = load_history().word_of(request.day) if request.day is not None else None
        return WordleRound(target=answer, hard=request.hard, lists=lists, day=request.day, nyt=True)
    answers = lists.answers
    day = request.daily_day if request.game == WordleGame.WORDLE else None
    if request.target:
        target = request.target
    elif day is not None:
        target = answer_for(day, lists)
    else:
        target = random_target(request.seed, answers)
    return WordleRound(mode=request.game, target=target, hard=request.hard, lists=lists, day=day)


def jotto_round(request: GameRequest) -> JottoRound:
    """A fresh Jotto round (with positions: `jotto-positions`): you guess the computer's word
    (the request's target, or drawn)."""
    from .jotto import JottoRound

    target, kind = request.target or "", request.game
    return JottoRound(target=target, seed=request.seed, lists=request.lists, kind=kind)


def computer_jotto_round(request: GameRequest) -> ComputerJottoRound:
    """A fresh round of Jotto the other way (`jotto-computer`, `jotto-positions-computer`):
    the computer guesses the player's word."""
    from .jotto import ComputerJottoRound

    return ComputerJottoRound(lists=request.lists, kind=request.game.removesuffix("-computer"))


def multi_round(request: GameRequest) -> MultiRound:
    """A fresh multi-board round, Dordle to Duotrigordle (the request's game): the request's
    answers (its target, comma separated), the daily puzzle's for `daily`/`day` (today's number
    from the date), else drawn with `seed`."""
    from ..solver.listsets import default_set
    from .multi import MultiRound

    answers = tuple(request.target.split(",")) if request.target else ()
    day = None if answers else request.daily_day
    lists = request.lists or default_set()
    return MultiRound(request.game, answers, lists=lists, day=day, seed=request.seed)
