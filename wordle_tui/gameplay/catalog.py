"""The games on offer: their titles; `GameRequest` (in `request`) names which game to open."""

from __future__ import annotations

from .request import GameRequest

__all__ = ["GHOST_MODES", "GHOST_VARIANTS", "TITLES", "GameRequest"]

TITLES = {
    "wordle": "Wordle",
    "nyt": "NYT Wordle",
    "evil": "Evil Wordle",
    "antiwordle": "Antiwordle",
    "jotto": "Jotto",
    "jotto-computer": "Jotto: the computer guesses",
    "assistant": "the NYT assistant",
    "ghost": "Ghost",
}
GHOST_VARIANTS = ("ghost", "super", "superduper")
GHOST_MODES = ("computer", "watch", "hotseat-2", "hotseat-3", "hotseat-4")
