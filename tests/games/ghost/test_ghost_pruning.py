"""Ghost's vocabulary pruned of the fragments no game reaches: the same outcomes on ENABLE
and on random small lists, the reachable fragments against a search over strings, and what
`ghost solve` says about them."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.games.ghost.solver.cache import format_version, read_words, solved
from wordle_tui.games.ghost.solver.players import solve_players
from wordle_tui.games.ghost.solver.reach import fragment_counts, prefix_count, reachable
from wordle_tui.games.ghost.solver.report import build_report
from wordle_tui.games.ghost.solver.spook import build_spook
from wordle_tui.games.ghost.solver.summary import game_lengths
from wordle_tui.games.ghost.solver.vocabulary import build

VARIANTS = ("ghost", "super", "superduper", "xghost")
small_lists = st.lists(st.text(alphabet="abc", min_size=1, max_size=6), min_size=1, max_size=8)


def same_outcomes(pruned, full) -> None:
    """Every fragment kept has the value it had unpruned, for two players and for three."""
    ids = np.array([full.find(pruned.text(node)) for node in range(pruned.fragments)])
    assert (ids >= 0).all()
    assert (pruned.win == full.win[ids]).all() and (pruned.is_word == full.is_word[ids]).all()
    assert (game_lengths(pruned) == game_lengths(full)[ids]).all()
    for players in (3, 4):
        assert (
            solve_players(pruned, players).loser == solve_players(full, players).loser[ids]
        ).all()
    assert pruned.winning_plays("") == full.winning_plays("")


@pytest.mark.parametrize("min_length", [pytest.param(3, marks=pytest.mark.slow), 4])
def test_enable_ghost_pruned_has_the_same_results(min_length: int) -> None:
    words = read_words()
    pruned, full = build(words, "ghost", min_length), build(words, "ghost", min_length, False)
    assert pruned.fragments < full.fragments / 2
    same_outcomes(pruned, full)
    report, before = build_report(pruned), build_report(full)
    assert report["fragments"] == pruned.fragments == report["fragments_reachable"]
    assert report["fragments_before_pruning"] == full.fragments == before["fragments"]
    for name in ("first_player_wins", "winning_first_plays", "outcomes", "strategy"):
        assert report[name] == before[name], name
    past = "them" if min_length == 3 else "theme"  # past 'the', or past 'them'
    assert not pruned.is_fragment(past) and full.is_fragment(past)
    assert pruned.legal_plays("th") == full.legal_plays("th")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=small_lists, min_length=st.integers(1, 3))
def test_small_ghost_lists_pruned_keep_their_outcomes(words: list[str], min_length: int):
    if not any(len(w) >= min_length for w in words):
        return
    pruned = build(words, "ghost", min_length)
    full = build(words, "ghost", min_length, prune=False)
    same_outcomes(pruned, full)
    assert reachable(pruned).all()  # nothing kept is out of reach
    assert pruned.fragments == int(reachable(full).sum())
    assert prefix_count(pruned.words) == full.fragments


def reached_by_search(vocab) -> set[str]:
    """Every fragment some game reaches, by a search over strings from the empty one."""
    seen, todo = {""}, [""]
    while todo:
        fragment = todo.pop()
        if vocab.is_word_text(fragment):
            continue
        for play in vocab.legal_plays(fragment):
            if play not in seen:
                seen.add(play)
                todo.append(play)
    return seen


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=small_lists, variant=st.sampled_from(VARIANTS), min_length=st.integers(1, 3))
def test_the_reachable_fragments_are_those_a_search_finds(words, variant, min_length):
    if not any(len(w) >= min_length for w in words):
        return
    vocab = build(words, variant, min_length, prune=False)
    marked = {vocab.text(node) for node in np.flatnonzero(reachable(vocab))}
    assert marked == reached_by_search(vocab)
    counts = fragment_counts(build(words, variant, min_length))
    assert counts["reachable"] == len(marked) and counts["before"] == vocab.fragments


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=st.lists(st.text(alphabet="abc", min_size=1, max_size=6), min_size=1, max_size=8))
def test_spooks_reachable_bags_are_those_a_search_finds_with_any_shortest_word(words):
    """Spook's bags with words of 3 letters or 4 (docs/ghost.md's two rows), and 2."""
    for min_length in (2, 3, 4):
        if not any(len(w) >= min_length for w in words):
            continue
        spook = build_spook(words, min_length)
        marked = {spook.text(node) for node in np.flatnonzero(reachable(spook))}
        assert marked == reached_by_search(spook)
        assert fragment_counts(spook)["reachable"] == len(marked)


def test_a_fragment_past_a_word_may_be_reached_around_it_in_superghost() -> None:
    vocab = build(["cat", "cats", "them", "the", "hem"], "super", 3)
    reached = {vocab.text(n) for n in np.flatnonzero(reachable(vocab))}
    assert "cats" in reached  # s, ts, ats, cats: 'cat' is never made
    assert "them" not in reached  # only through 'the' or 'hem', both words
    spook = build_spook(["aa", "ab", "aab"], 2)  # the bag aab: only through two words
    assert [spook.text(n) for n in np.flatnonzero(~reachable(spook))] == ["aab"]


def test_the_cache_format_of_pruned_ghost_is_new() -> None:
    assert format_version("ghost") > format_version("super") == format_version("spook")


def test_ghost_solve_reports_the_fragments_before_and_after_pruning(tmp_path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("the\nthem\ntheme\ncat\ncats\n")
    runner = CliRunner()
    result = runner.invoke(cli, ["ghost", "solve", "--words", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    full = build(read_words(path), "ghost", 3, prune=False)
    assert data["fragments_before_pruning"] == full.fragments == 10  # '' t th the them theme ...
    assert data["fragments"] == data["fragments_reachable"] == 7  # ... c ca cat; not them, cats
    result = runner.invoke(cli, ["ghost", "solve", "--words", str(path)])
    assert "10 before pruning, 7 reachable in play, 7 kept" in result.stdout
    cached = solved("ghost", 3, path)
    assert cached.fragments == 7 and solved("ghost", 3, path).fragments == 7
