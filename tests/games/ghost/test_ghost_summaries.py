"""The memorised strategies of every variant, checked by play; the cached solve report."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.games.ghost.solver import cache as ghost_cache
from wordle_tui.games.ghost.solver import report as ghost_report
from wordle_tui.games.ghost.solver.cache import solved
from wordle_tui.games.ghost.solver.summary import Memorised, game_lengths, memorisable
from wordle_tui.games.ghost.solver.verify import strategy_tree, verify
from wordle_tui.games.ghost.solver.vocabulary import VARIANTS, build

SMALL_TEXT = "cat camel goat gecko gerbil gar gannet gnu emu eel ant anteater bat bee bear"
SMALL = SMALL_TEXT.split()
runner = CliRunner()


def brute_lengths(vocab, fragment: str) -> int:
    """Moves left with perfect play, by plain recursion (the definition)."""
    if vocab.is_word_text(fragment):
        return 0
    kids = [(vocab.wins(p), brute_lengths(vocab, p)) for p in vocab.legal_plays(fragment)]
    if vocab.wins(fragment):
        return 1 + min(n for w, n in kids if not w)
    return 1 + max(n for _, n in kids)


@pytest.mark.parametrize("variant", ["ghost", "super", "superduper"])
@pytest.mark.parametrize("min_length", [3, 4])
def test_small_summaries_win_every_game(variant: str, min_length: int) -> None:
    vocab = build(SMALL, variant, min_length)
    memo = memorisable(vocab)
    checked = verify(vocab, memo)
    assert checked.won and checked.games >= 1 and not checked.failure
    lines = strategy_tree(vocab, memo)
    assert len(lines) == memo.size  # one line per rule: transpositions are written once


def test_a_summary_missing_a_rule_or_with_a_bad_rule_fails_verification() -> None:
    vocab = build(SMALL, "super", 3)
    memo = memorisable(vocab)
    assert memo.rules, "the test needs a strategy with choices"
    fragment, play = memo.rules[0]
    missing = Memorised(memo.winner, memo.rules[1:], memo.positions)
    assert not verify(vocab, missing).won
    losing = [p for p in vocab.legal_plays(fragment) if vocab.wins(p)]
    if losing:
        bad = Memorised(memo.winner, ((fragment, losing[0]), *memo.rules[1:]), memo.positions)
        assert not verify(vocab, bad).won


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.text("abcd", min_size=1, max_size=6), min_size=1, max_size=9),
    st.sampled_from(["ghost", "super", "superduper"]),
    st.integers(1, 3),
)
def test_every_summary_wins_and_lengths_match_the_definition(words, variant, m) -> None:
    if not any(len(w) >= m for w in words):
        return
    vocab = build(words, variant, m)
    checked = verify(vocab, memorisable(vocab))
    assert checked.won, checked.failure
    steps = game_lengths(vocab)
    for node in random.Random(0).sample(range(vocab.fragments), min(12, vocab.fragments)):
        assert steps[node] == brute_lengths(vocab, vocab.text(node))


def test_the_report_is_cached_by_the_files_bytes(tmp_path: Path, home, monkeypatch) -> None:
    assert ghost_report.VARIANTS == VARIANTS  # kept apart so a cached answer starts fast
    words = tmp_path / "words.txt"
    words.write_text("\n".join(SMALL) + "\n")
    first = ghost_report.solve_report("superduper", 3, words)
    assert first["strategy"]["verified"]["won"] and first["strategy"]["tree"]
    calls = []
    real = ghost_cache.solved
    monkeypatch.setattr(ghost_cache, "solved", lambda *a, **k: calls.append(a) or real(*a, **k))
    assert ghost_report.solve_report("superduper", 3, words) == first
    assert calls == []  # from the cache: nothing solved, nothing loaded
    words.write_text("\n".join(SMALL[:-1]) + "\n")
    changed = ghost_report.solve_report("superduper", 3, words)
    assert len(calls) == 1 and changed["words"] == len(SMALL) - 1
    (cached,) = home.rglob(f"{ghost_report.report_key('superduper', 3, words)}.json")
    cached.write_text("{not json")  # a damaged report is rebuilt
    assert ghost_report.solve_report("superduper", 3, words) == changed


def test_solve_json_carries_the_verified_summary(tmp_path: Path, home) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(SMALL) + "\n")
    args = ["ghost", "solve", "--variant", "super", "--words", str(words), "--json"]
    data = json.loads(runner.invoke(cli, args).stdout)
    strategy = data["strategy"]
    assert strategy["verified"]["won"] and strategy["size"] == len(strategy["rules"])
    assert "key" not in data
    text = runner.invoke(cli, args[:-1] + ["--rules"]).stdout
    assert "verified: it wins all" in text
    assert all(line.strip() in text for line in strategy["tree"])


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["super", "superduper"])
@pytest.mark.parametrize("min_length", [3, 4])
def test_enable_super_summaries_win_every_game(variant: str, min_length: int) -> None:
    vocab = solved(variant, min_length)
    memo = memorisable(vocab)
    checked = verify(vocab, memo)
    assert checked.won and memo.winner == 0 and memo.size < 100


def test_very_long_words_are_verified_without_recursion() -> None:
    vocab = build(["ab" * 1500, "abc", "bab"], "super", 3)
    report = ghost_report.build_report(vocab)
    assert report["strategy"]["verified"]["won"] and report["strategy"]["verified"]["games"] > 1
