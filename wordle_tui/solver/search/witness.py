"""Lower bounds on the minimax value from a witness: a small set of words no strategy solves fast.

A strategy that always finds every word of a set within k guesses finds every word of any part
of it within k too. So if some part F of the answers cannot be solved within k, neither can the
whole game: its value is more than k. `Refuter.unsolvable(F, k)` proves that by exhausting every
guess (normal mode): within k >= 3 guesses, every guess must leave some group of F that cannot
be solved within k - 1; within 2, no guess tells F's words apart. It is exact, memoised by set,
and fast when F is small, since the groups of F repeat across guesses. The witness files
shipped in the package's trees folder only name F: the proof is the check, run again each time.
A normal-mode bound holds in hard mode too, since hard mode only takes guesses away.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import numpy as np

from ..games import Game
from ..matrix import reply_matrix

WITNESS_PREFIX = "minimax-witness-"  # the shipped witnesses: minimax-witness-<lists>-<mode>.json
PAIRWISE = 5  # sets this small are told apart pair by pair, larger ones on the matrix
Ranked = tuple[np.ndarray, np.ndarray]  # guesses by the groups they make of a set, and the counts
EARLY = 40  # guesses tried one by one, the most promising first, before all are weighed at once


class Refuter:
    """Proves, in normal mode, that sets of words cannot be solved within k guesses."""

    def __init__(self, game: Game) -> None:
        self.matrix = reply_matrix(game)
        self.columns = np.ascontiguousarray(self.matrix.T)  # each word's replies to every guess
        self.win, self.replies = game.rules.win, game.rules.n_replies
        self.pairs: dict[tuple[int, int], np.ndarray] = {}
        self.apart: dict[bytes, bool] = {}
        self.beyond: dict[tuple[bytes, int], bool] = {}
        self.cores: list[np.ndarray] = []  # sets no guess tells apart, each with no word to spare

    def unsolvable(self, targets: np.ndarray, k: int) -> bool:
        """Whether no strategy finds every word of `targets` (target numbers) within k guesses."""
        words = np.unique(np.asarray(targets, dtype=np.int32))
        return self._beyond(words, k)

    def _beyond(self, words: np.ndarray, k: int) -> bool:
        """`unsolvable` on a sorted set, memoised by set."""
        if len(words) <= 1:
            return k < len(words)
        if k <= 2:
            return k < 2 or not self.told_apart(words)
        if len(words) <= k:  # guess the words one by one
            return False
        key = (words.tobytes(), k)
        if key not in self.beyond:
            found = self._no_third(words) if k == 3 else self._every_guess_fails(words, k)
            self.beyond[key] = found
        return self.beyond[key]

    def _every_guess_fails(self, words: np.ndarray, k: int) -> bool:
        """Whether every guess leaves some group that cannot be solved within k - 1."""
        return all(self.leaves_hard_group(words, guess, k) for guess in range(len(self.matrix)))

    def leaves_hard_group(self, words: np.ndarray, guess: int, k: int) -> bool:
        """Whether `guess` leaves a group of `words` not solvable within k - 1, largest first."""
        codes = self.matrix[guess, words]
        values, counts = np.unique(codes, return_counts=True)
        for value in values[np.argsort(-counts, kind="stable")]:
            if value != self.win and self._beyond(words[codes == value], k - 1):
                return True
        return False

    def told_apart(self, words: np.ndarray, within: Ranked | None = None) -> bool:
        """Whether one guess gives every word a reply of its own (the winning reply included).
        `within`: every guess by the groups it makes of a set holding `words`, most first; a
        guess makes no more groups of a part, so only those with enough groups are tried."""
        key = words.tobytes()
        if key not in self.apart:
            if within is None or len(words) <= PAIRWISE:
                self.apart[key] = self._pairwise(words)
            else:
                self.apart[key] = self._slice(words, within)
        return self.apart[key]

    def _pairwise(self, words: np.ndarray) -> bool:
        """`told_apart` of a few words: some guess tells every pair apart."""
        ids = words.tolist()
        common = self.pair(ids[0], ids[1]).copy()
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                common &= self.pair(a, b)
        return bool(common.any())

    def _slice(self, words: np.ndarray, within: Ranked) -> bool:
        """`told_apart` of many words, trying only the guesses with enough groups above."""
        guesses, groups = within
        candidates = guesses[: int(np.searchsorted(-groups, -len(words), side="right"))]
        if len(candidates) == 0:
            return False
        return bool(all_distinct(self.matrix[np.ix_(candidates, words)]).any())

    def pair(self, a: int, b: int) -> np.ndarray:
        """The guesses telling two words apart, as packed bits."""
        if (a, b) not in self.pairs:
            self.pairs[a, b] = np.packbits(self.columns[a] != self.columns[b])
        return self.pairs[a, b]

    def group_sizes(self, codes: np.ndarray) -> np.ndarray:
        """For each guess (row of `codes`), how many words get each reply."""
        guesses = codes.shape[0]
        index = (codes.astype(np.int64) + np.arange(guesses)[:, None] * self.replies).ravel()
        sizes: np.ndarray = np.bincount(index, minlength=guesses * self.replies)
        return sizes.reshape(guesses, self.replies)

    def _no_third(self, words: np.ndarray) -> bool:
        """Whether every guess leaves some group that no one guess tells apart."""
        return self.second_guess(words) is None

    def second_guess(self, words: np.ndarray) -> int | None:
        """A guess after which one more guess tells apart the words of every group (None if
        there is none). A guess makes no more groups of a set than of the whole, so a group
        larger than the most groups any guess makes of `words` rules its guess out at once."""
        codes = np.take(self.matrix, words, axis=1)  # in rows: `[:, words]` is by column
        sizes = self.group_sizes(codes)
        groups = (sizes > 0).sum(axis=1)
        most = int(groups.max())
        if most == len(words):
            return int(groups.argmax())  # it tells them all apart itself
        sizes[:, self.win] = 0
        largest = sizes.max(axis=1)
        rows = np.flatnonzero(largest <= most)
        rows = rows[np.lexsort((-groups[rows], largest[rows]))]
        ranked = np.argsort(-groups, kind="stable")
        within = ranked, groups[ranked]
        for row in rows[:EARLY]:
            if self._second_works(words, codes[row], within):
                return int(row)
        return self._first_working(words, codes, rows, within)

    def _second_works(self, words: np.ndarray, codes: np.ndarray, within: Ranked) -> bool:
        """Whether one guess's groups (their `codes`) are each told apart by some guess."""
        values, counts = np.unique(codes, return_counts=True)
        return all(
            self.told_apart(words[codes == value], within)
            for value, count in zip(values, counts, strict=True)
            if value != self.win and count > 1
        )

    def _first_working(
        self, words: np.ndarray, codes: np.ndarray, rows: np.ndarray, within: Ranked
    ) -> int | None:
        """`second_guess` among the guesses `rows`: each untold group found is cut down to a
        core no guess tells apart, and every guess leaving a whole core in one group is out."""
        rows = self._without_known_cores(words, codes, rows)
        while len(rows):
            core = self._untold_core(words, codes[rows[0]], within)
            if core is None:
                return int(rows[0])  # a guess whose groups are all told apart
            self.cores.append(core)
            rows = rows[~self._keep_together(words, codes[rows], core)]
        return None

    def _without_known_cores(
        self, words: np.ndarray, codes: np.ndarray, rows: np.ndarray
    ) -> np.ndarray:
        """The guesses `rows` leaving no core found so far, all within `words`, in one group."""
        inside = np.zeros(self.columns.shape[0], dtype=bool)
        inside[words] = True
        for core in self.cores:
            if inside[core].all():
                rows = rows[~self._keep_together(words, codes[rows], core)]
        return rows

    def _keep_together(self, words: np.ndarray, codes: np.ndarray, core: np.ndarray) -> np.ndarray:
        """Which guesses (rows of `codes`, replies to `words`) leave all of `core` in one group
        (not the winning one): such a group is never told apart, as its core is not."""
        of_core = codes[:, np.searchsorted(words, core)]
        together: np.ndarray = (of_core == of_core[:, :1]).all(axis=1) & (of_core[:, 0] != self.win)
        return together

    def _untold_core(
        self, words: np.ndarray, codes: np.ndarray, within: Ranked
    ) -> np.ndarray | None:
        """A small set no guess tells apart inside a group of one guess's `codes` (None if
        every group is told apart): the largest such group, less every word it can lose."""
        values, counts = np.unique(codes, return_counts=True)
        for value in values[np.argsort(-counts, kind="stable")]:
            group = words[codes == value]
            if value != self.win and len(group) > 1 and not self.told_apart(group, within):
                return self._core_of(group)
        return None

    def _core_of(self, group: np.ndarray) -> np.ndarray:
        """A small part of `group` (which no guess tells apart) that no guess tells apart:
        from one word, add the word colliding with it under the most guesses that still tell
        the part apart, until none does; then drop each word not needed."""
        codes = self.columns[group].T  # every guess's replies to the group
        chosen, tellers = [0], np.arange(len(codes))
        while len(tellers):
            rows = codes[tellers]
            mine = rows[:, chosen]
            collide = (rows[:, :, None] == mine[:, None, :]).any(axis=2).sum(axis=0)
            collide[chosen] = -1
            chosen.append(int(collide.argmax()))
            tellers = tellers[all_distinct(rows[:, chosen])]
        core: np.ndarray = group[np.sort(chosen)]
        for word in core.tolist():
            fewer = core[core != word]
            if len(fewer) > 1 and not self._pairwise(fewer):
                core = fewer
        return core


def all_distinct(rows: np.ndarray) -> np.ndarray:
    """Which rows hold no value twice."""
    ordered = np.sort(rows, axis=1).astype(np.int16)
    distinct: np.ndarray = (np.diff(ordered, axis=1) != 0).all(axis=1)
    return distinct


def read_witness(game: Game, hard: bool = False) -> dict[str, Any] | None:
    """The shipped witness for these lists and mode, unchecked (None when there is none)."""
    folder = resources.files("wordle_tui").joinpath("trees")
    for entry in folder.iterdir():
        if not entry.name.startswith(WITNESS_PREFIX):
            continue
        try:
            data = json.loads(entry.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # a damaged file names nothing, and so proves nothing
        if not _well_formed(data):
            continue
        if data["fingerprint"] == game.fingerprint and data["hard"] == hard:
            return dict(data)
    return None


def _well_formed(data: object) -> bool:
    """Whether a witness file's content has the fields the check reads, of the right types."""
    return (
        isinstance(data, dict)
        and isinstance(data.get("words"), list)
        and all(isinstance(word, str) for word in data["words"])
        and type(data.get("within")) is int
        and 1 <= data["within"] <= 64
        and "fingerprint" in data
        and "hard" in data
    )


_checked: dict[tuple[str, bool], int] = {}  # this process's checks, by lists and mode


def witness_lower_bound(game: Game, hard: bool = False) -> int:
    """The least value the shipped witness proves for these lists, checked once a process (0
    when there is no witness or the check fails: nothing is trusted unchecked). Hard mode
    takes normal mode's: a strategy that keeps to the hints is a normal-mode strategy too, so
    a bound that no normal-mode strategy beats holds in hard mode."""
    key = (game.fingerprint, False)
    if key not in _checked:
        _checked[key] = _check_witness(game)
    return _checked[key]


def _check_witness(game: Game) -> int:
    """The value the shipped normal-mode witness proves, by running the check on the words
    it names."""
    data = read_witness(game, False)
    if data is None:
        return 0
    index = {word: n for n, word in enumerate(game.targets)}
    if not all(word in index for word in data["words"]):
        return 0
    targets = np.array([index[word] for word in data["words"]], dtype=np.int32)
    within = int(data["within"])
    return within + 1 if Refuter(game).unsolvable(targets, within) else 0
