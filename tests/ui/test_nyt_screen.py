"""The app on the NYT of today: the assistant's puzzle, prior and past answers, a pasted share
of a known puzzle, and a real NYT puzzle played (its statistics apart)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import apptest
from apptest import assistant_ready
from textual.widgets import Input, Static, TextArea

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.solver import reply_for
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.assistant.screen import AssistantScreen
from wordle_tui.ui.assistant.widgets import PasteGameDialog, PuzzleDialog
from wordle_tui.ui.boards.result import ResultScreen
from wordle_tui.ui.boards.wordle import WordleScreen
from wordle_tui.ui.widgets import Note

SIZE = (100, 32)
SQUARE = {"G": "🟩", "Y": "🟨", ".": "⬛"}


settle = partial(apptest.settle, until=assistant_ready)


def text_of(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_the_assistant_helps_with_a_given_puzzle_and_marks_past_answers(tmp_path) -> None:
    app = WordleTuiApp(GameRequest("assistant", day=1700), history=History(tmp_path / "h"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, AssistantScreen)
        helper = screen.assistant
        assert (helper.prior, helper.puzzle, helper.lists.name) == ("nyt", 1700, "nyt")
        assert "Wordle 1,700" in text_of(app, "#assist-mode")
        assert "the NYT's picks" in text_of(app, "#assist-mode")
        summary = text_of(app, "#assist-summary")
        assert "likely answers" in summary and "Loading" not in summary
        for word in ("crane", "moist"):
            await pilot.press(*word, *reply_for(word, "cigar").replace(".", "-").lower(), "enter")
            await settle(app, pilot)
        listed = text_of(app, "#candidates")
        assert "CIGAR" in listed and "↺#0 2021-06-19,#1,689 2026-02-02" in listed
        assert "an NYT answer before" in text_of(app, "#candidates-title")


async def test_f7_sets_the_puzzle_and_the_prior_follows(tmp_path) -> None:
    app = WordleTuiApp(GameRequest("assistant", day=1700), history=History(tmp_path / "h"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(app.screen, PuzzleDialog)
        box = app.screen.query_one(Input)
        box.value = "99999999"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PuzzleDialog)  # refused, with the reason, still open
        box.value = "1,600"
        await pilot.press("enter")
        await settle(app, pilot)
        screen = app.screen
        assert screen.puzzle == 1600 and screen.assistant.puzzle == 1600
        assert "Wordle 1,600" in text_of(app, "#assist-mode")
        model = screen.assistant.prior_model()
        assert model.answers_seen == 1600


async def test_a_pasted_share_of_a_known_puzzle_sets_puzzle_hard_mode_and_answer(
    tmp_path, monkeypatch
) -> None:
    import wordle_tui.solver.assistant.advice as advice

    monkeypatch.setattr(advice, "REVIEW_BUDGET", 0.5)  # the paste is the point, not the proof
    words = ["slate", "crone", "goner", "gofer"]
    share = "Wordle 1,497 4/6*\n\n" + "\n".join(
        "".join(SQUARE[c] for c in reply_for(w, "gofer")) for w in words
    )
    app = WordleTuiApp(GameRequest("assistant", day=1700), history=History(tmp_path / "h"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("f5")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PasteGameDialog)
        dialog.query_one(TextArea).text = share
        dialog.query_one(Input).value = "slate crone goner"  # the answer is known
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        screen = app.screen
        assert screen.hard and screen.puzzle == 1497
        assert [w for w, _ in screen.assistant.rows] == words
        assert screen.assistant.solved and "Solved in 4" in text_of(app, "#assist-summary")
        assert "hard-mode star" in screen.query_one(Note).text


async def test_a_pasted_share_that_does_not_fit_its_puzzle_changes_nothing(tmp_path) -> None:
    share = "Wordle 1,497 2/6\n\n" + "\n".join(
        "".join(SQUARE[c] for c in reply_for(w, "gofer")) for w in ("crane", "gofer")
    )
    app = WordleTuiApp(GameRequest("assistant", day=1700), history=History(tmp_path / "h"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("f5")
        await pilot.pause()
        app.screen.query_one(TextArea).text = share
        app.screen.query_one(Input).value = "slate gofer"
        await pilot.press("ctrl+s")
        await pilot.pause()
        dialog = app.screen  # refused: the dialog again, what was pasted kept, to be fixed
        assert isinstance(dialog, PasteGameDialog) and dialog.query_one(TextArea).text == share
        assert dialog.query_one(Input).value == "slate gofer"
        assert "does not fit Wordle 1,497" in str(dialog.query_one("#paste-error").render())
        await pilot.press("escape")
        await settle(app, pilot)
        screen = app.screen
        assert screen.assistant.rows == [] and screen.puzzle == 1700 and not screen.hard
        assert "does not fit Wordle 1,497" in screen.query_one(Note).text


async def test_a_real_nyt_puzzle_is_played_with_its_answer_and_counted_apart(tmp_path) -> None:
    history = History(tmp_path / "h")
    app = WordleTuiApp(GameRequest("nyt", day=1497), history=history)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, WordleScreen)
        game = screen.game
        assert (game.target, game.nyt, game.day, game.lists.name) == ("gofer", True, 1497, "nyt")
        assert "NYT Wordle 1,497" in str(screen.query_one("#title").render())
        await pilot.press(*"adorb", "enter")  # a guess only the NYT of today allows
        await pilot.press(*"gofer", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert str(app.screen.query_one("#share").render()).startswith("Wordle 1,497 2/6")
    finished = History(Path(tmp_path / "h"))
    assert [r["target"] for r in finished.finished("nyt")] == ["gofer"]
    assert finished.finished("wordle") == []  # the ordinary game's statistics are apart
