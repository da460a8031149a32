"""The best trees shipped for Jotto and Antiwordle, and the search options that found them.

- the shipped trees load, are sound (every target reached once, every reply the target's,
  Antiwordle's guesses each a word that could still be the answer) and score exactly what the
  records table of docs/records-and-proofs.md says, figure by figure (computed from the trees
  here, never typed);
- they are the `optimal` strategy of those games in the reports, and nowhere else;
- the search options are exact where they say so, against brute force on small random lists:
  `TreeSearch(every_up_to=n)` and `SurvivalSearch(every_up_to=n)` with one guess otherwise;
  `widths` and a wide `every_up_to` below the top never claim better than the optimum.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from reference_solver import (
    game_from,
    longest_survival,
    optimal_total,
    property_settings,
    reference_for,
    time_limit,
    word_files,
)
from typer.testing import CliRunner

from wordle_tui.cli.commands import app
from wordle_tui.solver import make_game
from wordle_tui.solver.reports.scores import parse_strategy, run_spec, strategies_for
from wordle_tui.solver.search.best_tree import SurvivalSearch, TreeSearch
from wordle_tui.solver.search.shared import SearchError, depths, least_totals
from wordle_tui.solver.tree import tree_scores
from wordle_tui.solver.trees import (
    TreeError,
    from_data,
    load,
    save,
    shipped_for,
    to_data,
    validate,
)
from wordle_tui.solver.words import WordListError

RECORDS_PAGE = Path(__file__).resolve().parents[2] / "docs" / "records-and-proofs.md"
PROPERTY = property_settings(40)
LIMIT = 30


def page_records() -> dict[str, dict]:
    """The docs' records table, a dict per game: first guess, total, mean, worst, histogram."""
    text = RECORDS_PAGE.read_text()
    table = text.split("<!-- table:records -->")[1].split("<!-- /table:records -->")[0]
    found = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 7 or cells[0] not in ("Jotto", "Antiwordle"):
            continue
        histogram = dict(
            (int(g), int(n.replace(",", ""))) for g, n in re.findall(r"(\d+): ([\d,]+)", cells[5])
        )
        found[cells[0].lower()] = {
            "first": cells[1].lower(),
            "total": int(cells[2].replace(",", "")),
            "mean": cells[3],
            "worst": int(cells[4]),
            "histogram": histogram,
        }
    return found


@pytest.mark.parametrize("name", ["jotto", "antiwordle"])
def test_the_shipped_tree_is_sound_and_scores_what_the_docs_say(name) -> None:
    game = make_game(name)
    tree, meta = shipped_for("optimal", game)
    assert validate(tree, game, max_guesses=None, consistent=name == "antiwordle") == []
    scores = tree_scores(tree)
    assert sorted(scores) == sorted(game.targets)
    total = sum(scores.values())
    assert total == sum(depths(tree)) == meta["total"]
    record = page_records()[name]
    assert record["first"] == tree.guess
    assert record["total"] == total
    assert record["mean"] == f"{total / len(game.targets):.4f}"
    assert record["worst"] == max(scores.values())
    assert record["histogram"] == dict(sorted(Counter(scores.values()).items()))


def test_the_records_beat_six() -> None:
    jotto, anti = (
        sum(depths(shipped_for("optimal", make_game(n))[0])) for n in ("jotto", "antiwordle")
    )
    assert jotto < 6 * 1391 and anti > 6 * 2309


def test_an_antiwordle_tree_that_guesses_a_word_ruled_out_is_refused() -> None:
    game = make_game("antiwordle")
    tree = from_data(to_data(shipped_for("optimal", game)[0], game))  # a copy to spoil
    code, second = next((c, n) for c, n in tree.branches.items() if not isinstance(n, str))
    second.guess = next(t for t in game.targets if game.reply(tree.guess, t) != code)
    problems = validate(tree, game, max_guesses=None, consistent=True)
    assert any(f"{second.guess.upper()} cannot be the answer" in p for p in problems)
    assert not any("cannot be the answer" in p for p in validate(tree, game, max_guesses=None))


@pytest.mark.parametrize(("name", "policy"), [("jotto", "all"), ("antiwordle", "consistent")])
def test_the_record_is_the_games_optimal_strategy(name, policy) -> None:
    game = make_game(name)
    specs = {spec.name: spec for spec in strategies_for(game)}
    assert "optimal" in specs and "optimal-hard" not in specs
    assert specs["optimal"].policy == policy == parse_strategy("optimal", game).policy
    assert specs["optimal"].label == "searched tree, the best found"
    result = run_spec(game, specs["optimal"])
    assert sum(result.scores.values()) == sum(depths(shipped_for("optimal", game)[0]))
    assert result.first_guess == shipped_for("optimal", game)[0].guess


def test_no_tree_is_shipped_for_jotto_with_positions_or_other_lists(tmp_path) -> None:
    positions = make_game("jotto-positions")
    assert "optimal" not in {s.name for s in strategies_for(positions)}
    with pytest.raises(TreeError, match="no optimal tree is shipped for jotto-positions"):
        shipped_for("optimal", positions)
    (tmp_path / "a.txt").write_text("crane\nslate\nmoist\n")
    small = make_game("jotto", tmp_path / "a.txt", tmp_path / "a.txt")
    with pytest.raises(TreeError):
        shipped_for("optimal", small)


@pytest.mark.parametrize("name", ["jotto", "antiwordle"])
def test_report_strategy_optimal_prints_the_records_figures(name) -> None:
    result = CliRunner().invoke(app, ["report", "-g", name, "--strategy", "optimal", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    tree, _ = shipped_for("optimal", make_game(name))
    scores = tree_scores(tree)
    assert data["first_guess"] == tree.guess
    assert data["mean"] == pytest.approx(sum(scores.values()) / len(scores))
    assert data["worst"] == max(scores.values())


def test_a_jotto_tree_file_deeper_than_six_is_scored(tmp_path) -> None:
    game = make_game("jotto")
    tree, meta = shipped_for("optimal", game)
    save(tree, game, tmp_path / "t.json.gz", mode="normal", total=meta["total"])
    again, _ = load(tmp_path / "t.json.gz", game)
    assert max(depths(again)) > 6 and tree_scores(again) == tree_scores(tree)


@PROPERTY
@given(lines=word_files())
def test_every_guess_below_a_size_is_exact(lines) -> None:
    for name in ("wordle", "jotto", "jotto-positions"):
        try:
            game = game_from(name, *lines)
        except WordListError:
            continue
        ref, n = reference_for(game), len(game.targets)
        with time_limit(LIMIT):
            exact = TreeSearch(game, top_k=1, every_up_to=n, max_guesses=255).run()
            hard = TreeSearch(game, hard=True, top_k=1, every_up_to=n, max_guesses=255).run()
            shaped = TreeSearch(game, top_k=1, widths=(3, 1, 2), every_up_to=2).run
            try:
                narrow = shaped()
            except SearchError:  # no tree within six guesses, one guess a step
                narrow = None
        assert exact.total == optimal_total(ref) == sum(depths(exact.tree)), name
        first = game.guesses[-1]
        if first in ref.targets or len(ref.groups(first, ref.targets)) > 1:
            after = TreeSearch(game, top_k=1, every_up_to=n, max_guesses=255).run(first=first)
            assert after.total == optimal_total(ref, first=first), name
        assert hard.total == optimal_total(ref, hard=True), name
        assert validate(exact.tree, game, max_guesses=None) == []
        if narrow is not None:
            assert narrow.total >= optimal_total(ref, max_guesses=6)
            assert validate(narrow.tree, game) == []


@PROPERTY
@given(lines=word_files())
def test_survival_over_every_guess_below_a_size_is_exact(lines) -> None:
    game = game_from("antiwordle", *lines)
    ref, n = reference_for(game), len(game.targets)
    with time_limit(LIMIT):
        exact = SurvivalSearch(game, top_k=1, every_up_to=n).run()
        shaped = SurvivalSearch(game, top_k=1, widths=(2,), every_up_to=3).run()
        squares = SurvivalSearch(game, top_k=2, rank="squares").run()
    longest = longest_survival(ref)
    assert exact.total == longest == sum(depths(exact.tree))
    for result in (exact, shaped, squares):
        assert result.total <= longest and result.total == sum(depths(result.tree))
        assert validate(result.tree, game, max_guesses=None, consistent=True) == []


def test_least_totals_fill_each_level_of_replies() -> None:
    assert least_totals(8, 5).tolist() == [0, 1, 3, 5, 7, 9, 11, 14, 17]
    assert least_totals(4, 242)[4] == 7  # Wordle's many replies: 2n - 1


def test_search_widths_by_depth() -> None:
    search = TreeSearch(make_game("jotto"), top_k=3, root_k=9, widths=(20, 6))
    assert [search.width(d) for d in range(4)] == [9, 6, 3, 3]
    search.root_k = None
    assert search.width(0) == 20
    anti = SurvivalSearch(make_game("antiwordle"), top_k=2, widths=(7,))
    assert [anti.width(d) for d in range(3)] == [7, 2, 2]
    with pytest.raises(ValueError, match="rank"):
        SurvivalSearch(make_game("antiwordle"), rank="bound")


def test_solve_takes_a_rank_and_every_guess_for_small_groups(tmp_path) -> None:
    words = "crane slate moist bumpy caret trace react stare tears rates"
    (tmp_path / "a.txt").write_text(words.replace(" ", "\n"))
    base = ["solve", "--answers", str(tmp_path / "a.txt"), "--guess-list", str(tmp_path / "a.txt")]
    runner = CliRunner()
    anti = runner.invoke(app, [*base, "-g", "antiwordle", "--top-k", "1", "--every-up-to", "10"])
    ref = reference_for(make_game("antiwordle", tmp_path / "a.txt", tmp_path / "a.txt"))
    assert anti.exit_code == 0, anti.output
    assert f"{longest_survival(ref)} guesses to hit the word" in anti.stdout
    jotto = runner.invoke(app, [*base, "-g", "jotto", "--rank", "entropy", "--json"])
    assert jotto.exit_code == 0 and json.loads(jotto.stdout)["targets"] == 6  # one per letter set
    bad = runner.invoke(app, [*base, "-g", "antiwordle", "--rank", "bound"])
    assert bad.exit_code == 2 and "rank" in bad.stderr
