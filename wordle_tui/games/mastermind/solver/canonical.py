"""One set of codes for every set alike up to colours and places: the memo's key.

Renaming the colours and reordering the places maps a set of codes to another that needs the
same guesses in total (the guesses are renamed alike). So the search remembers each set under
the least image (sorted codes, compared in order) of all the sets alike to it, and a set met
again under other names, in another branch or after the same guesses in another order, is not
searched twice.

The least image is found without trying every renaming: each colour is counted per place; a
reordering of the places is kept only if it gives the least sorted table of those counts, and
a renaming only if it puts the colours in that table's order (colours with equal counts in
every order, colours absent from the set only once). Only sets with few such candidates
(`renaming.LIMIT`) get a shared key; the others keep their own (still exact: only sets
alike ever share a key). The renaming that gives the least image is kept too, so the guess found for
one set can be renamed back for another. The compiled part is `renaming`.
"""

from __future__ import annotations

import itertools
from types import ModuleType

import numpy as np

from .codes import colour_numbers


class Canonical:
    """The least image of sets of codes of one game, and the renamings between them."""

    def __init__(self, codes: tuple[str, ...], colours: int, pegs: int) -> None:
        self.digits = colour_numbers(codes).astype(np.int8)
        self.colours, self.pegs = colours, pegs
        self.perms = np.array(list(itertools.permutations(range(pegs))), dtype=np.int64)
        self.powers = colours ** np.arange(pegs - 1, -1, -1, dtype=np.int64)
        # the table of counts is packed in one int64 per colour: only for small games
        self.enabled = pegs <= 5 and (len(codes) + 1) ** pegs < 2**62

    def least(self, targets: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """(the least image of `targets`, the renaming to it), or (targets, None)."""
        if not self.enabled or len(targets) < 3:
            return targets, None
        out = np.empty(len(targets), dtype=np.int32)
        renaming = np.zeros(self.colours + self.pegs, dtype=np.int64)
        compiled = _compiled()
        found = compiled.least_image(
            self.digits, targets, self.colours, self.perms, self.powers, compiled.LIMIT, out,
            renaming,
        )  # fmt: skip
        return (out, renaming) if found else (targets, None)

    def rename(self, code: int, renaming: np.ndarray | None) -> int:
        """The image of one code under a renaming."""
        if renaming is None or code < 0:
            return code
        colours, places = renaming[: self.colours], renaming[self.colours :]
        return int(colours[self.digits[code][places]] @ self.powers)

    def restore(self, code: int, renaming: np.ndarray | None) -> int:
        """The code whose image under the renaming is `code`."""
        if renaming is None or code < 0:
            return code
        colours, places = renaming[: self.colours], renaming[self.colours :]
        back = np.argsort(colours)
        digits = np.empty(self.pegs, dtype=np.int64)
        digits[places] = back[self.digits[code]]
        return int(digits @ self.powers)


def _compiled() -> ModuleType:
    """The compiled least image, imported when first needed: Numba's import is slow."""
    from . import renaming

    return renaming
