"""An independent reference for the solver's property tests, written from the definitions.

Nothing here uses the package's replies, metrics, matrices or trees: replies are computed one
word at a time, partitions are plain dicts, and every search is brute force over every guess.
It also holds the hypothesis strategy for small word-list files (unsorted, with duplicates,
mixed case, blank lines and comments, and guesses that are not answers) and the guards that
turn an endless loop into a failure.
"""

from __future__ import annotations

import math
import os
import signal
import tempfile
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from string import ascii_lowercase

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from wordle_tui.solver import make_game
from wordle_tui.solver.learned import WEIGHTS
from wordle_tui.solver.tree import Node, Solver

TIE = 1e-9

# Real words sharing many letters (and anagram sets, for Jotto), so replies vary.
POOL_TEXT = """
crane crate trace react caret slate stale least steal tales plate pleat leapt petal baker brake
break flake flame blame shame share shore store stare spare spear pears reaps parse spade grade
trade tread dealt delta bread beard bared debar eerie geese llama abbey mamma fuzzy jazzy
"""
POOL = tuple(POOL_TEXT.split())


# Replies, from the rules.


@lru_cache(maxsize=500_000)
def colours(guess: str, target: str) -> str:
    """Wordle's colouring: greens first, then yellows left to right while letters are left."""
    marks = ["G" if g == t else "." for g, t in zip(guess, target, strict=True)]
    spare = Counter(t for g, t in zip(guess, target, strict=True) if g != t)
    for i, letter in enumerate(guess):
        if marks[i] == "." and spare[letter]:
            marks[i] = "Y"
            spare[letter] -= 1
    return "".join(marks)


@cache
def colour_code(marks: str) -> int:
    """The documented code of a colouring: base 3, first letter most significant, G=2, Y=1."""
    return sum({"G": 2, "Y": 1, ".": 0}[m] * 3 ** (4 - i) for i, m in enumerate(marks))


@lru_cache(maxsize=500_000)
def shared(guess: str, target: str) -> int:
    """Jotto's reply: how many distinct letters the words share."""
    return len(set(guess) & set(target))


@lru_cache(maxsize=500_000)
def shared_and_placed(guess: str, target: str) -> int:
    """Jotto with positions: the letters shared and the letters in place, coded as documented
    (shared * 6 + in place), counted letter by letter of the alphabet and spot by spot."""
    common = sum(1 for letter in ascii_lowercase if letter in guess and letter in target)
    placed = sum(1 for spot in range(len(guess)) if guess[spot] == target[spot])
    return common * 6 + placed


@dataclass(frozen=True)
class Ref:
    """A game as the reference sees it: rules by name, and the words (checked elsewhere)."""

    rules: str  # "wordle", "jotto" or "jotto-positions"
    targets: tuple[str, ...]
    guesses: tuple[str, ...]

    @property
    def win(self) -> int:
        return {"wordle": 242, "jotto-positions": 35}.get(self.rules, 5)

    def reply(self, guess: str, target: str) -> int:
        if self.rules == "wordle":
            return colour_code(colours(guess, target))
        if self.rules == "jotto-positions":
            return shared_and_placed(guess, target)
        return shared(guess, target)

    def groups(self, guess: str, left: Sequence[str]) -> dict[int, list[str]]:
        """`left` split by reply, groups in order of first appearance, members in order."""
        out: dict[int, list[str]] = {}
        for target in left:
            out.setdefault(self.reply(guess, target), []).append(target)
        return out

    def keeps_hints(self, word: str, guess: str, target: str) -> bool:
        """Hard mode: Wordle's greens stay and found letters are used; Jotto's word agrees."""
        if self.rules != "wordle":  # the Jottos: the word agrees with the reply
            return self.reply(guess, word) == self.reply(guess, target)
        marks = colours(guess, target)
        if any(m == "G" and word[i] != guess[i] for i, m in enumerate(marks)):
            return False
        found = Counter(g for g, m in zip(guess, marks, strict=True) if m != ".")
        return all(word.count(letter) >= count for letter, count in found.items())


def reference_for(game) -> Ref:
    return Ref(game.rules.name, tuple(game.targets), tuple(game.guesses))


# Policies and metrics, from their definitions.

History = tuple[tuple[str, str], ...]  # (guess, a target that got the reply) pairs


def pool(ref: Ref, policy: str, left: Sequence[str], history: History) -> Sequence[str] | None:
    """The guesses a policy allows when `left` remain (None for a policy unknown here)."""
    n = len(left)
    if policy == "consistent":
        return left
    if policy == "hard":
        return [w for w in ref.guesses if all(ref.keeps_hints(w, g, t) for g, t in history)]
    if policy == "norvig":
        return ref.targets if 3 < n <= 125 else left
    if policy == "inconsistent":
        return ref.guesses if n > 3 else left
    if policy == "all":
        return ref.guesses
    return None


def learned_total(size: int) -> float:
    """The learned metric's estimate of the guesses a set of `size` answers needs in all."""
    a, b, c = WEIGHTS
    return a * size + b * size * math.log2(size) + c


def metric_of(metric: str, sizes: list[int], possible: bool = False) -> float | None:
    """A partition's score (lower is better) from its group sizes (None if unknown here);
    `possible`: the guess may be the answer (its group of one then needs no more guesses)."""
    n = sum(sizes)
    clog = sum(c * math.log2(c) for c in sizes) / n
    values = {
        "max": max(sizes),
        "expectation": sum(c * c for c in sizes) / n,
        "neg_entropy": clog - math.log2(n),
        "entropy": math.log2(n) - clog,
        "partitions": -len(sizes),
        "learned": (sum(map(learned_total, sizes)) - possible * learned_total(1)) / n,
    }
    return values.get(metric)


KNOWN_POLICIES = ("consistent", "hard", "norvig", "inconsistent", "all")
KNOWN_METRICS = ("max", "expectation", "neg_entropy", "entropy", "partitions", "learned")


def scored(ref: Ref, metric: str, guesses: Sequence[str], left: Sequence[str]) -> dict[str, float]:
    """The metric of each guess that makes progress (wins or splits `left`)."""
    out = {}
    for guess in guesses:
        sizes = [len(m) for m in ref.groups(guess, left).values()]
        if len(sizes) > 1 or guess in left:
            out[guess] = metric_of(metric, sizes, guess in left)
    return out


# The tie order, from its documentation (tree.py): among guesses scoring the best within TIE,
# under `alpha` (every policy): a word that can still be the target, then more groups, then
# the smaller sum of squared group sizes, then the smaller largest group, then the
# alphabetically first. Under `a-z`: simply the first a-z.


def tie_key(word: str, sizes: Sequence[int], possible: bool) -> tuple:
    """Where `word`, splitting the targets into groups of `sizes`, stands in the tie order."""
    return (not possible, -len(sizes), sum(c * c for c in sizes), max(sizes), word)


def documented_pick(
    metric: str,
    policy: str,
    sizes_of: dict[str, list[int]],
    possible: set[str],
    ties: str = "alpha",
) -> str:
    """The guess the documented rule plays, given every allowed guess that makes progress
    with the sizes of the groups it makes (the winning reply a group of one)."""
    values = {g: metric_of(metric, sizes, g in possible) for g, sizes in sizes_of.items()}
    best = min(values.values())
    tied = [g for g, v in values.items() if v <= best + TIE]
    if ties == "a-z":
        return min(tied)
    return min(tied, key=lambda g: tie_key(g, sizes_of[g], g in possible))


def reference_alpha_guesses(
    ref: Ref, metric: str, policy: str, ties: str = "alpha"
) -> dict[frozenset[str], str]:
    """The guess the `alpha` (or `a-z`) rule plays at every node of the greedy tree, built
    from the definitions: the policy's pool, the metric, and the documented tie order."""
    out: dict[frozenset[str], str] = {}
    stack: list[tuple[list[str], History]] = [(list(ref.targets), ())]
    while stack:
        left, history = stack.pop()
        if len(left) == 1:
            continue
        if len(left) == 2:  # guess one of them (tree.py): nothing does better
            guess = min(left)
        else:
            sizes_of = {
                g: [len(m) for m in ref.groups(g, left).values()]
                for g in pool(ref, policy, left, history)
            }
            sizes_of = {g: s for g, s in sizes_of.items() if len(s) > 1 or g in left}
            guess = documented_pick(metric, policy, sizes_of, set(left), ties)
        out[frozenset(left)] = guess
        for code, members in ref.groups(guess, left).items():
            if code != ref.win:
                stack.append((members, history + ((guess, members[0]),)))
    return out


# The greedy tree: checked node by node, and built independently.


def check_greedy(tree, ref: Ref, metric: str | None, policy: str | None) -> dict[str, int]:
    """Walk a tree with the reference replies; return each target's number of guesses.

    Every node must split its targets exactly as the reference does, with one branch per
    reply; with a policy, its guess must be allowed; with a metric too, it must score the
    best of the pool (ties allowed) and make progress.
    """
    scores: dict[str, int] = {}
    stack: list[tuple[object, list[str], History, int]] = [(tree, list(ref.targets), (), 0)]
    while stack:
        sub, left, history, depth = stack.pop()
        if isinstance(sub, str):
            assert left == [sub], (sub, left, history)
            scores[sub] = depth + 1
            continue
        assert isinstance(sub, Node), (sub, left)
        assert len(left) >= 2 or metric is None, (sub, left)  # greedy trees end in a leaf
        assert sub.size == len(left), (sub.guess, sub.size, left)
        allowed = pool(ref, policy, left, history) if policy else None
        if allowed is not None:
            assert sub.guess in allowed, (policy, sub.guess, left, history)
        if allowed is not None and metric in KNOWN_METRICS:
            values = scored(ref, metric, allowed, left)
            assert sub.guess in values, f"{sub.guess} makes no progress on {left}"
            assert values[sub.guess] <= min(values.values()) + TIE, (
                f"{metric}/{policy}: {sub.guess} scores {values[sub.guess]}, "
                f"the best of {left} is {min(values, key=values.get)} ({min(values.values())})"
            )
        groups = ref.groups(sub.guess, left)
        assert set(sub.branches) == set(groups), (sub.guess, left, sorted(sub.branches))
        for code, members in groups.items():
            if code == ref.win:
                assert members == [sub.guess] and sub.branches[code] == sub.guess
                scores[sub.guess] = depth + 1
            else:
                step = ((sub.guess, members[0]),)
                stack.append((sub.branches[code], members, history + step, depth + 1))
    assert sorted(scores) == sorted(ref.targets)
    return scores


def reference_greedy(
    ref: Ref, metric: str, policy: str, at_tie: Callable[[list[str], list[str]], str]
) -> dict[str, int]:
    """Each target's score in a greedy tree built from the definition.

    At each node the guesses of the policy's pool that make progress are scored by the
    metric; where several score the best (within TIE) and lead to different trees,
    `at_tie(left, tied)` names the one to play (the test asks the tree under test, and checks
    that its choice is one of them). Two words left are settled by guessing one of them.
    """
    scores: dict[str, int] = {}
    stack: list[tuple[list[str], History, int]] = [(list(ref.targets), (), 0)]
    while stack:
        left, history, depth = stack.pop()
        if len(left) == 1:
            scores[left[0]] = depth + 1
            continue
        if len(left) == 2:
            tied = left
        else:
            values = scored(ref, metric, pool(ref, policy, left, history), left)
            best = min(values.values())
            tied = [g for g, v in values.items() if v <= best + TIE]
        outcomes = {_outcome(ref, g, left, policy == "hard") for g in tied}
        guess = tied[0] if len(outcomes) == 1 else at_tie(left, tied)
        for code, members in ref.groups(guess, left).items():
            if code == ref.win:
                scores[guess] = depth + 1
            else:
                stack.append((members, history + ((guess, members[0]),), depth + 1))
    return scores


def _outcome(ref: Ref, guess: str, left: list[str], hard: bool) -> tuple:
    """What decides the rest of the tree: the groups, the word found, the hints (hard)."""
    rest = frozenset(frozenset(m) for c, m in ref.groups(guess, left).items() if c != ref.win)
    return rest, guess if guess in left or hard else None


def guesses_by_targets(tree, ref: Ref) -> dict[frozenset[str], str]:
    """The guess a tree plays for each set of targets reaching one of its nodes."""
    out: dict[frozenset[str], str] = {}
    stack = [(tree, list(ref.targets))]
    while stack:
        sub, left = stack.pop()
        if isinstance(sub, Node):
            out[frozenset(left)] = sub.guess
            for code, members in ref.groups(sub.guess, left).items():
                if code != ref.win and code in sub.branches:
                    stack.append((sub.branches[code], members))
    return out


# Exhaustive searches over every guess.


def optimal_total(
    ref: Ref, hard: bool = False, first: str | None = None, max_guesses: int = 255
) -> float:
    """The least total number of guesses over all trees (hard: keeping every hint) finding
    every target within `max_guesses` (inf if none does)."""
    best = _least_totals(ref)
    return best(ref.targets, frozenset(ref.guesses) if hard else None, first, max_guesses)


@lru_cache(maxsize=4)
def _least_totals(ref: Ref) -> Callable[..., float]:
    """`optimal_total`'s search on one game, remembering each position it values: the calls
    on the same game (with a first guess each, or another limit) share what they found."""

    @cache
    def best(left: tuple[str, ...], legal: frozenset[str] | None, fixed: str | None, room: int):
        n = len(left)
        if room < 1:
            return math.inf
        if n == 1:
            return 1
        result = math.inf
        candidates = [fixed] if fixed else ref.guesses if legal is None else sorted(legal)
        for guess in candidates:
            groups = ref.groups(guess, left)
            if len(groups) == 1 and guess not in left:
                continue
            total = n
            for code, members in groups.items():
                if code != ref.win:
                    sub = None
                    if legal is not None:
                        sub = frozenset(w for w in legal if ref.keeps_hints(w, guess, members[0]))
                    total += best(tuple(members), sub, None, room - 1)
                if total >= result:
                    break
            result = min(result, total)
        return result

    return best


def weighted_optimal(
    ref: Ref, weights: Mapping[str, float], hard: bool = False, max_guesses: int = 255
) -> float:
    """The least weighted total of guesses over all trees (hard: keeping every hint) finding
    every target within `max_guesses`: each target's guesses times its weight, summed."""

    @cache
    def best(left: tuple[str, ...], legal: frozenset[str] | None, room: int) -> float:
        if room < 1:
            return math.inf
        if len(left) == 1:
            return weights[left[0]]
        mass, result = math.fsum(weights[word] for word in left), math.inf
        for guess in ref.guesses if legal is None else sorted(legal):
            groups = ref.groups(guess, left)
            if len(groups) == 1 and guess not in left:
                continue
            total = mass
            for code, members in groups.items():
                if code != ref.win:
                    sub = None
                    if legal is not None:
                        sub = frozenset(w for w in legal if ref.keeps_hints(w, guess, members[0]))
                    total += best(tuple(members), sub, room - 1)
            result = min(result, total)
        return result

    return best(ref.targets, frozenset(ref.guesses) if hard else None, max_guesses)


def keeps_every_hint(ref: Ref, tree, played: tuple[tuple[str, str], ...] = ()) -> bool:
    """Whether every guess of `tree` keeps the hints of the guesses above it (hard mode)."""
    if isinstance(tree, str):
        return all(ref.keeps_hints(tree, guess, target) for guess, target in played)
    if not all(ref.keeps_hints(tree.guess, guess, target) for guess, target in played):
        return False
    for branch in tree.branches.values():
        target = branch if isinstance(branch, str) else next(iter(leaves(branch)))
        below = (*played, (tree.guess, target))
        if branch != tree.guess and not keeps_every_hint(ref, branch, below):
            return False
    return True


def leaves(tree) -> list[str]:
    """The answers a tree finds."""
    if isinstance(tree, str):
        return [tree]
    return [w for b in tree.branches.values() for w in leaves(b)]


def longest_survival(ref: Ref) -> int:
    """Antiwordle: the most guesses in total over all trees of consistent guesses."""

    @cache
    def best(left: tuple[str, ...]) -> int:
        if len(left) == 1:
            return 1
        return max(
            len(left)
            + sum(best(tuple(m)) for c, m in ref.groups(guess, left).items() if c != ref.win)
            for guess in left
        )

    return best(ref.targets)


def evil_keeps(ref: Ref, guess: str, left: tuple[str, ...]) -> tuple[str, ...]:
    """The greedy evil replier: the biggest group (the win counts none); on ties, the group
    holding the alphabetically first word."""
    groups = list(ref.groups(guess, left).items())
    most = max(0 if c == ref.win else len(m) for c, m in groups)
    tied = [m for c, m in groups if (0 if c == ref.win else len(m)) == most]
    return tuple(min(tied, key=min))


def shortest_evil_win(ref: Ref) -> int:
    """The fewest guesses forcing a win against the evil replier (breadth first)."""
    frontier, seen, made = [ref.targets], {ref.targets}, 0
    while frontier:
        if any(len(left) == 1 for left in frontier):
            return made + 1
        following = []
        for left in frontier:
            for guess in ref.guesses:
                kept = evil_keeps(ref, guess, left)
                if kept not in seen:
                    seen.add(kept)
                    following.append(kept)
        frontier, made = following, made + 1
    raise AssertionError("the evil replier can never be beaten")


# Word-list files.

SPACING = ("", "   ", "# a comment")

WORDS = st.one_of(st.sampled_from(POOL), st.text("abcde", min_size=5, max_size=5))


@st.composite
def cased(draw, word: str) -> str:
    """The word with any of its letters in upper case, maybe with spaces around it."""
    mask, pad = draw(st.integers(0, 31)), draw(st.sampled_from(("", "", " ", "\t")))
    return pad + "".join(c.upper() if mask >> i & 1 else c for i, c in enumerate(word)) + pad


@st.composite
def word_files(draw, answers: int = 12, extra: int = 10) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Lines of an answers file and a guess file (which may be the answers file reordered)."""
    words = draw(st.lists(WORDS, min_size=1, max_size=answers))
    again = draw(st.lists(st.sampled_from(words), max_size=3))  # duplicates
    extras = draw(st.lists(WORDS, max_size=extra))
    listed = draw(st.lists(st.sampled_from(words), max_size=3))  # answers also in guesses
    noise = draw(st.lists(st.sampled_from(SPACING), max_size=2))
    answer_lines = draw(st.permutations([*[draw(cased(w)) for w in words + again], *noise]))
    guess_lines = [draw(cased(w)) for w in extras + listed]
    if not guess_lines:
        guess_lines = draw(st.permutations(answer_lines))
    return tuple(answer_lines), tuple(draw(st.permutations(guess_lines)))


def words_of(lines: Sequence[str]) -> list[str]:
    """What a list means: lower case, stripped, first occurrences, no blanks or comments."""
    out: list[str] = []
    for line in lines:
        word = line.strip().lower()
        if word and not word.startswith("#") and word not in out:
            out.append(word)
    return out


@contextmanager
def files(answer_lines: Sequence[str], guess_lines: Sequence[str]) -> Iterator[tuple[Path, Path]]:
    with tempfile.TemporaryDirectory() as folder:
        answers, guesses = Path(folder, "answers.txt"), Path(folder, "guesses.txt")
        answers.write_text("\n".join(answer_lines) + "\n")
        guesses.write_text("\n".join(guess_lines) + "\n")
        yield answers, guesses


def game_from(name: str, answer_lines: Sequence[str], guess_lines: Sequence[str]):
    with files(answer_lines, guess_lines) as (answers, guesses):
        return make_game(name, answers, guesses)


def check_words(game, answer_lines: Sequence[str], guess_lines: Sequence[str]) -> None:
    """The game holds exactly the words the files mean (Jotto: one word per letter set)."""
    answers, extra = words_of(answer_lines), words_of(guess_lines)
    if not game.name.startswith("jotto"):
        assert game.targets == tuple(answers)
        assert game.guesses == tuple(sorted(set(answers) | set(extra)))
        return
    distinct = [w for w in answers if len(set(w)) == 5]
    assert set(game.targets) <= set(distinct)
    assert {frozenset(w) for w in game.targets} == {frozenset(w) for w in distinct}
    assert len(game.targets) == len({frozenset(w) for w in distinct})
    assert set(game.targets) <= set(game.guesses) <= set(answers) | set(extra)
    assert all(len(set(w)) == 5 for w in game.guesses)
    assert len({frozenset(w) for w in game.guesses}) == len(game.guesses)  # no anagrams
    every = {frozenset(w) for w in answers + extra if len(set(w)) == 5}
    assert {frozenset(w) for w in game.guesses} == every


# Guards: an endless loop fails the test instead of hanging the suite.


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise TimeoutError in the code under test if it runs longer than `seconds`."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame) -> None:
        raise TimeoutError(f"still running after {seconds} s: an endless loop?")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def step_bound(limit: int) -> Iterator[list[int]]:
    """Count `Solver.best_guess` calls; more than `limit` means a tree that never ends."""
    original: Callable = Solver.best_guess
    calls = [0]

    def counted(self, *args, **kwargs):
        calls[0] += 1
        if calls[0] > limit:
            raise AssertionError(f"more than {limit} guesses chosen for one tree")
        return original(self, *args, **kwargs)

    Solver.best_guess = counted
    try:
        yield calls
    finally:
        Solver.best_guess = original


def solvers(game, metrics: Sequence[str], policies: Sequence[str], ties: Sequence[str]):
    """A Solver for every metric, policy and tie rule (ties only if the Solver has them)."""
    for metric in metrics:
        for policy in policies:
            for tie in ties:
                extra = {"ties": tie} if tie else {}
                yield metric, policy, tie, Solver(game, metric, policy, **extra)


def evil_replay_ok(game, steps: Sequence[tuple[str, str]]) -> bool:
    """Whether (word, reply string) steps are what the reference evil replier answers."""
    ref = reference_for(game)
    left = ref.targets
    for word, shown in steps:
        kept = evil_keeps(ref, word, left)
        reply = ref.reply(word, kept[0])
        if game.show(reply) != shown:
            return False
        left = kept
    return bool(steps) and steps[-1][1] == game.show(ref.win) and left == (steps[-1][0],)


def property_settings(examples: int) -> settings:
    """Hypothesis settings for the property tests (CI runs the same examples every time)."""
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=bool(os.environ.get("CI")),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# Small word lists for the exact searches' tests: families a guess can rule out only a word
# at a time, and lists sampled from the classic ones.
ATCH = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]
OUND = ["bound", "found", "hound", "mound", "pound", "round", "sound", "wound"]


def listed_game(folder: Path, answers: Sequence[str], extra: Sequence[str] = ()):
    """Wordle on these answers, guessing them and `extra` (files written in `folder`)."""
    (folder / "a.txt").write_text("\n".join(answers) + "\n")
    (folder / "g.txt").write_text("\n".join([*answers, *extra]) + "\n")
    return make_game("wordle", folder / "a.txt", folder / "g.txt")


def sampled_lists(seed: int, n: int, extra: int) -> tuple[list[str], list[str]]:
    """`n` classic answers drawn by `seed`, and `extra` more guesses that are not among them."""
    import numpy as np

    full = make_game("wordle")
    rng = np.random.default_rng(seed)
    answers = sorted(rng.choice(full.targets, n, replace=False).tolist())
    others = rng.choice(full.guesses, extra, replace=False).tolist()
    return answers, sorted(set(others) - set(answers))


def sampled_game(folder: Path, seed: int, n: int, extra: int):
    """Wordle on `sampled_lists(seed, n, extra)`."""
    return listed_game(folder, *sampled_lists(seed, n, extra))


def minimax_brute(game):
    """The least worst case over every tree, by trying every guess at every node."""
    from wordle_tui.solver.matrix import reply_matrix

    matrix, win = reply_matrix(game), game.rules.win

    @lru_cache(None)
    def value(words: tuple[int, ...]) -> float:
        if len(words) == 1:
            return 1
        best = math.inf
        for guess in range(matrix.shape[0]):
            groups: dict[int, list[int]] = {}
            for t in words:
                groups.setdefault(int(matrix[guess, t]), []).append(t)
            if len(groups) == 1 and win not in groups:
                continue
            best = min(best, max(1 if r == win else 1 + value(tuple(g)) for r, g in groups.items()))
        return best

    return value
