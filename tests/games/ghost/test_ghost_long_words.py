"""Ghost on very long words: the legal plays of a fragment are read from its id in one slice,
not by looking each of 26 (or 104) candidates up from the empty fragment.

One 1,000-letter word took 31 s to solve and summarise, fifty of them 124 s: every candidate
play walked the whole fragment again (some 9 million lookup steps). The tests count steps
rather than time them.
"""

from __future__ import annotations

import random

import pytest

from wordle_tui.games.ghost.solver.report import build_report
from wordle_tui.games.ghost.solver.spook import build_spook
from wordle_tui.games.ghost.solver.summary import game_lengths
from wordle_tui.games.ghost.solver.vocabulary import VARIANTS, build


def random_words(count: int, length: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choices("abcdefghijklmnopqrstuvwxyz", k=length)) for _ in range(count)]


@pytest.mark.parametrize(("count", "length"), [(1, 1000), (50, 1000)])
def test_solving_and_summarising_long_words_takes_few_lookup_steps(count: int, length: int) -> None:
    vocab = build(random_words(count, length), "ghost")
    game_lengths(vocab)  # what the app computes for hints and watched games
    report = build_report(vocab)  # and the strategy summary (F3), verified
    assert report["fragments"] == vocab.fragments and vocab.fragments > count * (length - 1)
    assert vocab.lookup_steps < 3 * vocab.fragments  # was about 9 million for one word


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_plays_are_the_candidates_that_are_fragments(variant: str) -> None:
    words = [*random_words(30, 7, seed=2), "abracadabra", "racecar", "level", "noon"]
    vocab = build_spook(words) if variant == "spook" else build(words, variant)
    fragments = {vocab.text(node) for node in range(vocab.fragments)}
    for fragment in sorted(fragments | {"zzq", "q", "arba"}):
        expected = sorted(p for p in vocab.candidate_plays(fragment) if p in fragments)
        assert vocab.legal_plays(fragment) == expected, fragment
        assert [vocab.find(p) for p in expected] == [n for _, n in vocab.plays(fragment)]
    for node in range(0, vocab.fragments, 7):
        assert vocab.child_nodes(node) == [
            vocab.find(p) for p in vocab.legal_plays(vocab.text(node))
        ]
