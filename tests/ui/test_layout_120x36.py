"""What a new user met on a big terminal (120x36): the home menu and Octordle sit in the middle
and Octordle's tiles grow, Ghost's F4 choice shows whole, and a Jotto row's two numbers stay
apart from the side panel (at 80x24 too). Checked on the text the screen shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_layout_80x24 import make_app, screen_lines, settle
from textual.widgets import Select

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.ui.multi.widgets import MiniBoard

BIG = (120, 36)


def margins(lines: list[str], marker: str) -> tuple[int, int]:
    """The first line showing `marker`, and the column it starts at."""
    row = next(i for i, line in enumerate(lines) if marker in line)
    return row, lines[row].index(marker)


async def test_the_home_menu_sits_in_the_middle(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=BIG) as pilot:
        await settle(app, pilot)
        lines = screen_lines(app)
        row, column = margins(lines, "╭─ wordle-tui")
        bottom, _ = margins(lines, "╰─ ↑↓")
        right = len(lines[row].rstrip())
        assert abs(column - (BIG[0] - right)) <= 2  # as much room left as right
        assert abs(row - (BIG[1] - 1 - bottom - 1)) <= 1  # and above as below (the footer)


@pytest.mark.parametrize(("size", "tile"), [(BIG, 2), ((80, 24), 1), ((200, 60), 3)])
async def test_octordle_grows_and_sits_in_the_middle(tmp_path: Path, size, tile: int) -> None:
    app = make_app(tmp_path, GameRequest("octordle", seed=1))
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        assert {board.tile for board in app.screen.query(MiniBoard)} == {tile}
        await pilot.press(*"crane", "enter")
        await settle(app, pilot)
        lines = screen_lines(app)
        assert any(re.search(r"c\s*r\s*a\s*n\s*e", line, re.IGNORECASE) for line in lines)
        if size != (80, 24):  # the small terminal is full
            top, _ = margins(lines, "Octordle")
            assert top > 2 and lines[-2].strip() == ""  # room above and below


async def test_ghosts_f4_choice_shows_whole(tmp_path: Path) -> None:
    app = make_app(tmp_path, GameRequest("ghost"))
    async with app.run_test(size=BIG) as pilot:
        await settle(app, pilot)
        while app.screen.query_one("#mode", Select).value != "hotseat-3-c3":
            await pilot.press("f4")
        await settle(app, pilot)
        assert any("f4 hot-seat 3, player 3 computer" in line for line in screen_lines(app))


@pytest.mark.parametrize("size", [BIG, (80, 24)])
async def test_a_jotto_rows_numbers_stay_apart_from_the_side(tmp_path: Path, size) -> None:
    app = make_app(tmp_path, GameRequest("jotto-positions", target="south"))
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        for word in ("mouth", "thorn", "south"):
            await pilot.press(*word, "enter")
            await settle(app, pilot)
        await pilot.press("escape")  # back from the result to the board
        await settle(app, pilot)
        noted = [line for line in screen_lines(app) if "in place" in line]
        assert len(noted) == 3
        for line in noted:
            after = line.split("in place", 1)[1]
            assert after.strip() == "" or after.startswith("   "), line
