"""Whole games of Ghost against the computer, on small word lists so every line is known."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.ghost_screen import GhostScreen
from wordle_tui.ui.widgets import Note

SIZE = (80, 24)


def app_with(tmp_path: Path, words: str, **options) -> tuple[WordleTuiApp, History]:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(words.split()) + "\n")
    history = History(tmp_path / "history.sqlite3")
    request = GameRequest("ghost", words=str(path), **options)
    return WordleTuiApp(request, history=history), history


async def settle(app, pilot) -> None:
    for _ in range(30):
        await app.workers.wait_for_complete()
        await pilot.pause(0.1)
        screen = app.screen
        if screen.match is not None and not screen.computer_to_move:
            return
        if screen.match is not None and screen.match.over:
            return
    raise AssertionError("the computer never moved")


def message(app) -> str:
    return app.screen.query_one(Note).text


async def test_human_loses_by_completing_a_word(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, "cat camel gecko")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, GhostScreen)
        await pilot.press("c")
        await settle(app, pilot)
        assert app.screen.match.fragment == "ca"  # the only play
        await pilot.press("t")
        await pilot.pause()
        assert app.screen.match.loser == 0
        assert "'cat' is a word of 3 letters: you lose" in message(app)
    assert history.finished("ghost")[0]["result"] == "lost"


async def test_human_loses_by_an_impossible_fragment(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, "cat camel gecko")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("z")
        await pilot.pause()
        assert "no word starts 'z': you lose" in message(app)
        assert "could have won until the end" in message(app) or "no winning play" in message(app)


async def test_computer_loses(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, "cat camel goat gerbil")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("g")  # the winning first play
        await settle(app, pilot)
        if app.screen.match.fragment == "go":
            await pilot.press("a")
        else:
            await pilot.press("r")
            await settle(app, pilot)
            await pilot.press("i")
        await settle(app, pilot)
        match = app.screen.match
        assert match.over and match.loser == 1
        assert "the computer loses" in message(app)
        assert "could have won until the end" not in message(app)
    assert history.finished("ghost")[0]["result"] == "won"
    assert history.stats("ghost").wins == 1


async def test_the_computer_can_start_and_hints_show_winning_letters(tmp_path: Path) -> None:
    app, _ = app_with(tmp_path, "cat camel goat gerbil", first="computer")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.screen.match.fragment == "g"  # the perfect computer opens with the win
        await pilot.press("f6")
        hint = str(app.screen.query_one("#hint").render())
        assert "you cannot force a win" in hint


@pytest.mark.parametrize("variant", ["super", "superduper"])
async def test_super_variants_play_at_the_front(tmp_path: Path, variant: str) -> None:
    app, _ = app_with(tmp_path, "cat camel goat gerbil", ghost_variant=variant)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("m")  # only in camel: the computer answers 'am' or 'me'
        await settle(app, pilot)
        before = app.screen.match.fragment
        assert before in ("am", "me")
        await pilot.press("tab")
        letter = "c" if before == "am" else "a"  # 'cam' or 'ame', both inside camel
        await pilot.press(letter)
        await pilot.pause()
        assert app.screen.match.moves[2].after == letter + before


async def test_the_full_list_solves_in_a_worker(tmp_path: Path) -> None:
    history = History(tmp_path / "history.sqlite3")
    app = WordleTuiApp(GameRequest("ghost", min_length=4), history=history)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.screen.vocab.fragments == 387_844
        await pilot.press("f6")
        assert "you can force a win with h, n" in str(app.screen.query_one("#hint").render())
