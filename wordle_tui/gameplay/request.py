"""A request naming which game to open, and how.

Both the command line (`wordle-tui play ...`) and the app's home screen build a
`GameRequest`; the app turns it into a screen (`ui/screens.py`), and the game's round is made
from it (`catalog.new_round`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..solver.choices import Prior
    from ..solver.listsets import WordListSet


@dataclass(frozen=True)
class GameRequest:
    """Which game to open, and how (from `wordle-tui play` or the home screen)."""

    game: str = "wordle"  # the id of a catalog entry: wordle, nyt, evil, jotto, assistant, ...
    hard: bool = False
    perfect: bool = False  # Evil Wordle: the perfect replier, who looks ahead fully
    target: str | None = None
    seed: int | None = None
    daily: bool = False  # today's daily puzzle
    day: int | None = None  # a daily puzzle by number; for `nyt`, the NYT puzzle's number
    prior: Prior | None = None  # the assistant's word prior (None: the engine's choice)
    ghost_variant: str = "ghost"  # Ghost: ghost, super, superduper, xghost or spook
    min_length: int = 3
    first: str = "human"  # Ghost: who starts
    style: str = "perfect"  # Ghost: perfect, or exploit mistakes
    ghost_mode: str = "computer"  # Ghost: computer, watch, or hotseat-N (N people)
    words: str | None = None  # Ghost: a word list file instead of ENABLE
    lists: WordListSet | None = None  # the word-list set (None: the default NYT lists)
    strategy: str | None = None  # the explorer: the strategy whose tree to browse
    rows: tuple[tuple[str, str], ...] = ()  # the explorer: the position to open at

    @property
    def fresh(self) -> bool:
        """Whether the request names its own answer (and so does not resume a saved game)."""
        return self.target is not None or self.seed is not None or self.daily_day is not None

    @property
    def daily_day(self) -> int | None:
        """The daily puzzle's number this request asks for (`daily`: today's), or None."""
        if self.day is not None:
            return self.day
        if self.daily:
            from .daily import day_number

            return day_number()
        return None
