"""In-app help: F1 shows the rules of the game on screen first, the assistant has its own help
(entering colours, the columns), and a screen names its topic with HELP_TOPIC."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widgets import Markdown
from textual.worker import WorkerCancelled

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.assistant.widgets import SUGGESTION_COLUMNS
from wordle_tui.ui.help import ADDED, HelpScreen, add_topic, rules, topic_of, topics

SIZE = (100, 32)


def first_heading(app: WordleTuiApp) -> str:
    markdown = app.screen.query_one(Markdown)
    return markdown.source.strip().splitlines()[0]


@pytest.mark.parametrize(
    ("request_", "heading"),
    [
        (GameRequest("wordle", target="hello"), "## Wordle"),
        (GameRequest("evil"), "## Evil Wordle"),
        (GameRequest("antiwordle", target="hello"), "## Antiwordle"),
        (GameRequest("jotto", target="south"), "## Jotto"),
        (GameRequest("assistant"), "## NYT assistant"),
        (GameRequest("reports"), "## Strategy reports"),
        (None, "# How to play"),
    ],
)
async def test_f1_shows_the_current_screens_rules_first(
    tmp_path: Path, request_: GameRequest | None, heading: str
) -> None:
    app = WordleTuiApp(request_, history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert first_heading(app) == heading
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


def test_the_assistant_help_explains_entering_colours_and_every_column() -> None:
    text = topics()["assistant"]
    assert "`g`" in text and "`y`" in text and "grey" in text and "Enter" in text
    for column in SUGGESTION_COLUMNS:
        assert f"*{column}*" in text, column


def test_a_screen_names_its_topic_and_may_bring_its_rules() -> None:
    class Ghostly(Screen):
        HELP_TOPIC = "spelling"

    class Spelling(Ghostly):
        HELP_TEXT = "## Spelling\n\nSpell, but do not finish a word.\n"

    assert topic_of(Ghostly()) is None  # no such topic yet: the whole help, as it was
    try:
        assert topic_of(Spelling()) == "spelling" == topic_of(Ghostly())
        assert rules("spelling").startswith("## Spelling") and "## Wordle" in rules("spelling")
        add_topic("spelling", "## Spelling\n\nOther words.\n")
        assert "Other words" in rules("spelling")
    finally:
        ADDED.pop("spelling")
    assert rules(None).startswith("# How to play")


@pytest.mark.parametrize("game", ["wordle", "jotto-computer", "assistant", "reports", "ghost"])
async def test_f1_and_question_mark_both_open_help_everywhere(tmp_path, game: str) -> None:
    from wordle_tui.solver.listsets import load_set

    words = tmp_path / "words.txt"
    words.write_text("cat\ncamel\ngoat\n")
    request = GameRequest(game, words=str(words) if game == "ghost" else None)
    app = WordleTuiApp(request, history=History(tmp_path / "h"), lists=load_set("classic"))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
                await app.workers.wait_for_complete()
            await pilot.pause()
        screen = app.screen
        for key in ("f1", "question_mark"):  # one app for both keys
            app.set_focus(None)  # the reports' answers box takes a typed ? as text
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen), (key, type(screen).__name__)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen, key


async def test_the_keys_scroll_the_help_and_nothing_in_it_takes_the_focus(tmp_path: Path) -> None:
    from textual.containers import VerticalScroll

    app = WordleTuiApp(GameRequest("wordle", target="hello"), history=History(tmp_path / "h"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        rules_box = app.screen.query_one("#help", VerticalScroll)
        assert app.focused is None  # focusing the box would restyle its hundreds of widgets
        await pilot.press("down", "pagedown", "space")
        await pilot.pause()
        assert rules_box.scroll_target_y > rules_box.size.height  # a line and two pages
        await pilot.press("end")
        await pilot.pause()
        assert rules_box.scroll_target_y == rules_box.max_scroll_y > 0
        await pilot.press("up", "home")
        await pilot.pause()
        assert rules_box.scroll_target_y == 0
        await pilot.press("pageup", "escape")
        assert not isinstance(app.screen, HelpScreen)
