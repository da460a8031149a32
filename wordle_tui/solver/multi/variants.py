"""The multi-board games by name: how many boards, how many guesses (no NumPy here)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Variant:
    """A multi-board game: `boards` Wordles solved at once within `limit` guesses."""

    name: str
    boards: int
    limit: int

    @property
    def title(self) -> str:
        """The game's name as players write it (Quordle)."""
        return self.name.capitalize()


VARIANTS = {
    "dordle": Variant("dordle", 2, 7),
    "quordle": Variant("quordle", 4, 9),
    "octordle": Variant("octordle", 8, 13),
    "sedecordle": Variant("sedecordle", 16, 21),
    "duotrigordle": Variant("duotrigordle", 32, 37),
}
MULTI_NAMES = tuple(VARIANTS)  # the solver's and the command line's (`report -g`, `suggest -g`)
# The multi-board assistant's games (F3): every variant is played in the app, but a row of 16
# or 32 colourings is typed more easily on the command line (`suggest -g sedecordle`).
ON_SCREEN = ("dordle", "quordle", "octordle")


def variant(name: str) -> Variant:
    """The variant of this name (ValueError naming the choices if there is none)."""
    try:
        return VARIANTS[name.lower()]
    except KeyError:
        raise ValueError(
            f"unknown multi-board game {name!r}; choose one of: {', '.join(MULTI_NAMES)}"
        ) from None
