"""The assistant's counts agree with each other: "possible" is every word that fits the rows,
"likely" the ones the suggestions are scored on (with a weighted prior, those with a
noticeable chance); the summary, the explanation, the message line, `suggest` and the review
each say which they count, and count it alike."""

from __future__ import annotations

import re
from pathlib import Path

from test_assistant_kept import SIZE
from test_nyt_screen import settle
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.solver import reply_for
from wordle_tui.solver.assistant.engine import Assistant
from wordle_tui.solver.listsets import load_set
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.widgets import Note

NYT = load_set("nyt")
PUZZLE = 1500  # a puzzle in the shipped record: the figures never change with the date


def numbers(text: str, pattern: str) -> list[int]:
    """The counts `pattern` (with one group of digits and commas) finds in `text`."""
    return [int(m.replace(",", "")) for m in re.findall(pattern, text)]


async def test_the_summary_the_explanation_and_the_message_line_agree(tmp_path: Path) -> None:
    app = WordleTuiApp(
        GameRequest("assistant", day=PUZZLE), history=History(tmp_path / "h.sqlite3"), lists=NYT
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press(*"crane", *".....", "enter")  # 220 likely of 1,787 possible
        await settle(app, pilot)
        helper = app.screen.assistant
        likely, possible = len(helper.likely), len(helper.candidates)
        assert 1 < likely < possible  # the two counts differ here: each must say which it is
        summary = str(app.screen.query_one("#assist-summary").render())
        assert numbers(summary, r"([\d,]+) likely answers \(") == [likely]
        assert numbers(summary, r"\(([\d,]+) possible\)") == [possible]
        assert numbers(summary, r"splits the ([\d,]+) likely answers") == [likely]
        assert numbers(summary, r"over the ([\d,]+) likely answers") == [likely]
        assert not re.search(r"[\d,]+ answers", summary)  # never a count that says neither
        note = app.screen.query_one(Note).text
        assert note == f"{likely:,} likely, {possible:,} possible."
        title = str(app.screen.query_one("#candidates-title").render())
        assert numbers(title, r"Possible answers \(([\d,]+),") == [possible]


def test_suggest_says_which_answers_it_counts() -> None:
    result = CliRunner().invoke(cli, ["suggest", "--puzzle", str(PUZZLE), "--budget", "0"])
    assert result.exit_code == 0, result.output
    helper = Assistant(prior="nyt", lists=NYT, puzzle=PUZZLE)
    likely, possible = len(helper.likely), len(helper.candidates)
    text = " ".join(result.output.split())
    assert text.startswith(f"{possible:,} answers possible ({likely:,} likely), the most")
    assert f"splits the {likely:,} likely answers" in text


def test_the_review_counts_left_as_the_suggestions_do() -> None:
    helper = Assistant(prior="nyt", lists=NYT, puzzle=PUZZLE)
    first = helper.suggest(10)[0]
    answer = helper.candidate_words()[0][0]
    helper.add(first.word, reply_for(first.word, answer))
    helper.add(answer, "GGGGG")
    review = helper.analysis(budget=1)
    assert abs(review.rows[0].expected_left - first.expected_remaining) < 0.05
    assert abs(review.rows[0].expected_bits - first.entropy) < 0.005


async def test_with_the_nyt_chances_nothing_is_marked_proven(tmp_path: Path) -> None:
    """✓ proven is the exact search's, for equally likely answers; with the NYT's chances the
    endgame search values the guesses under them, and the summary says so, not "proven"."""
    app = WordleTuiApp(
        GameRequest("assistant", day=PUZZLE), history=History(tmp_path / "h.sqlite3"), lists=NYT
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        for word in ("crane", "moist"):
            await pilot.press(*word, *reply_for(word, "stalk").lower(), "enter")
            await settle(app, pilot)
        screen = app.screen
        helper = screen.assistant
        assert helper.prior == "nyt" and helper.searched  # 18 likely of 37 possible
        summary = str(screen.query_one("#assist-summary").render())
        assert f"searched to the end over the {len(helper.likely)} likely answers" in summary
        assert "proven" not in summary and not any(s.proven for s in screen.suggestions)
