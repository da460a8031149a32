"""One review wherever it is asked for: the app's (a pasted share, F5) and `wordle-tui review`
give the same figures for the same game, each row judged under the chances the assistant
showed before it, and a prior that bet against the answer does not sink a sensible game.

No prior's value is typed in: figures are compared between paths, and the prior that bets
against the answer is made here, by hand.
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import apptest
import numpy as np
import pytest
from apptest import assistant_ready
from textual.widgets import Input, Static, TextArea
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.cli.suggest import review_dict
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.solver import reply_for
from wordle_tui.solver.assistant.engine import Assistant
from wordle_tui.solver.assistant.review import review_game
from wordle_tui.solver.listsets import load_set, make_set
from wordle_tui.solver.search.shared import StopRule
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.assistant.screen import AssistantScreen
from wordle_tui.ui.assistant.widgets import PasteGameDialog, SuggestionPanel

runner = CliRunner()
SQUARE = {"G": "🟩", "Y": "🟨", ".": "⬛"}
WORDS = ("crane", "moist", "shout", "stout")  # Wordle 1,850, after the record's end
ANSWER = "stout"  # an answer before, too: #65
ROWS = [(w, reply_for(w, ANSWER)) for w in WORDS]


def share_text(number: int = 1850) -> str:
    squares = ("".join(SQUARE[c] for c in p) for _, p in ROWS)
    return f"Wordle {number:,} {len(ROWS)}/6\n\n" + "\n".join(squares)


def cli_review(*args: str) -> dict:
    result = runner.invoke(cli, ["review", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


settle = partial(apptest.settle, until=assistant_ready, rounds=200)


async def app_review(tmp_path: Path):
    """The review the app shows for the pasted #1850 share, and the screen's assistant."""
    app = WordleTuiApp(GameRequest("assistant"), history=History(tmp_path / "h"))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(app, pilot)
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, PasteGameDialog)
        app.screen.query_one(TextArea).text = share_text()
        app.screen.query_one(Input).value = " ".join(WORDS)
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, AssistantScreen) and screen.assistant.solved
        reviewed = screen.query_one(SuggestionPanel).reviewed
        assert reviewed is not None
        summary = str(screen.query_one("#assist-summary", Static).render())
        assert f"Skill {reviewed.skill}/99" in summary
        return reviewed, screen.assistant


async def test_the_app_and_the_command_line_review_a_share_alike(home, tmp_path: Path) -> None:
    reviewed, helper = await app_review(tmp_path)
    (tmp_path / "share.txt").write_text(share_text(), encoding="utf-8")
    data = cli_review("--share", str(tmp_path / "share.txt"), *WORDS)
    # the same defaults (the NYT's lists and prior), the share's puzzle in both
    assert (helper.puzzle, helper.lists.name, helper.prior) == (1850, "nyt", "nyt")
    assert (data["puzzle"], data["lists"], data["prior"]) == (1850, "nyt", "nyt")
    assert data["prior_in_use"] == helper.weighting
    assert (data["skill"], data["luck"], data["exact"]) == (
        reviewed.skill,
        reviewed.luck,
        reviewed.exact,
    )
    assert data["analysis"] == [review_dict(r) for r in reviewed.rows]
    # the rows typed, with --puzzle and --prior named, are the same game
    typed = cli_review(*(f"{w}:{p}" for w, p in ROWS), "--puzzle", "1,850", "--prior", "nyt")
    assert typed["analysis"] == data["analysis"] and typed["skill"] == data["skill"]


def test_review_takes_the_prior_and_refuses_a_puzzle_the_share_contradicts(
    home, tmp_path: Path, monkeypatch
) -> None:
    from wordle_tui.cli import common

    # the lists taken by default made small (some 1,300 words, the game's among them): the
    # NYT's take two seconds of CPU a review, building their matrix or reading its columns
    nyt = load_set("nyt")
    answers = sorted({*nyt.answers[::8], *WORDS})
    few = make_set("few", answers, sorted({*nyt.guesses[::16], *answers}), "test", "test")
    monkeypatch.setattr(common, "default_set", lambda: few)
    share = tmp_path / "share.txt"
    share.write_text(share_text(), encoding="utf-8")
    uniform = cli_review("--share", str(share), *WORDS, "--prior", "uniform", "--budget", "0")
    assert (uniform["prior"], uniform["prior_in_use"], uniform["puzzle"]) == (
        "uniform",
        "uniform",
        1850,
    )
    for args, message in (
        (["--prior", "zipf"], "unknown prior 'zipf'"),
        (["--puzzle", "1,849"], "--puzzle 1,849 but the share is of Wordle 1,850"),
        (["--puzzle", "x"], "puzzle"),
    ):
        result = runner.invoke(cli, ["review", "--share", str(share), *WORDS, *args])
        assert result.exit_code == 2 and message in result.stderr, result.output
        assert "Traceback" not in result.output and len(result.stderr.strip().splitlines()) == 1
    headless = tmp_path / "headless.txt"
    headless.write_text(share_text().split("\n", 2)[2], encoding="utf-8")  # rows only
    data = cli_review("--share", str(headless), *WORDS, "--puzzle", "1850", "--prior", "nyt")
    assert data["puzzle"] == 1850


# The review's judgement, under a prior made here


def weighted(rows, weight_of: dict[str, float], k: int | None = None) -> Assistant:
    """An assistant whose chances are `weight_of`'s (1 for any other word), with the first
    `k` rows (all by default)."""
    helper = Assistant(prior="frequency", lists=load_set("nyt"))
    helper.weights = np.array([weight_of.get(w, 1.0) for w in helper.game.targets])
    for row in rows[:k]:
        helper.add(*row)
    return helper


def values_then(weight_of: dict[str, float], k: int) -> tuple[float, float]:
    """Row k's value and the best move's, as the assistant with these chances showed them
    before it (its look-ahead estimate, the way the review values a weighted prior's rows)."""
    then = weighted(ROWS, weight_of, k)
    mine = then.ranker.estimate(ROWS[k][0], then.likely, then.legal).expected_guesses
    best = then.compute_suggestions(1, search=False)[0].expected_guesses
    return mine, min(best, mine)


TRUSTS = {"shoot": 1e6, "stout": 1e6}  # the answer as likely as the decoy
BETS_AGAINST = {"shoot": 1e6, "shout": 1e-3, "stout": 1e-3, "spout": 1e-3}  # a decoy's prior


def test_each_row_is_judged_under_the_chances_shown_before_it() -> None:
    for chances in (TRUSTS, BETS_AGAINST):  # never the answer found: the chances shown
        game = review_game(weighted(ROWS, chances), StopRule(5))
        for k, row in enumerate(game.rows):
            assert (row.your_value, row.best_value) == pytest.approx(values_then(chances, k))
