"""The Textual app as it stands: the home screen lists what exists, and quits."""

from __future__ import annotations

from wordle_tui.ui.app import WordleTuiApp


async def test_home_lists_the_commands_and_quits() -> None:
    app = WordleTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        text = str(app.query_one("#home-text").render())
        for command in ("report", "first-guesses", "evil", "play-out"):
            assert f"wordle-tui {command}" in text
        await pilot.press("q")
    assert app.return_code == 0


def test_home_snapshot(snap_compare) -> None:
    assert snap_compare(WordleTuiApp(), terminal_size=(80, 24))
