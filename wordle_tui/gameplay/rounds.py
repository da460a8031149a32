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
    from .roles import Roles
    from .wordle import WordleRound


def wordle_round(request: GameRequest) -> WordleRound:
    """A fresh round of the Wordle family (Wordle, NYT Wordle, Evil Wordle, Antiwordle, Wordle
    against the adversary): the three roles the request asks for, put together."""
    from ..solver.listsets import default_set
    from .wordle import WordleRound

    roles = request_roles(request)
    target = None if roles.game == WordleGame.NYT else request.target  # the NYT's own answer
    return WordleRound(roles=roles, target=target, lists=request.lists or default_set())


def request_roles(request: GameRequest) -> Roles:
    """The roles a game request asks for (`play`'s options, or the app's menu and settings)."""
    from .roles import roles_of

    game = WordleGame(request.game)
    day = request.day if game == WordleGame.NYT else request.daily_day
    return roles_of(
        game,
        request.hard,
        target=request.target,
        day=day,
        seed=request.seed,
        perfect=request.perfect,
    )


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
