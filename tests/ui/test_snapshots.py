"""How each screen looks at 80x24: the scenes of the tour, on an empty temporary history."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.solver.listsets import load_set
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.tour import SCENES, Scene

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def own_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A data folder of each scene's own: no settings (F2's contrast, say) or cached results
    left by another test or scene change a picture, whatever order the scenes run in."""
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path_factory.mktemp("snapshot-home")))


@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
def test_screen(snap_compare, tmp_path: Path, scene: Scene) -> None:
    history = scene.prepare(History(tmp_path / "history.sqlite3"))
    app = WordleTuiApp(scene.request, history=history)

    async def settle(pilot) -> None:
        await scene.settle(app, pilot)

    assert snap_compare(app, run_before=settle, terminal_size=SIZE)


BIG = (200, 60)
BIG_SCENES = [s for s in SCENES if s.name in ("reports", "watch", "settings", "help")]


@pytest.mark.parametrize("scene", BIG_SCENES, ids=[s.name for s in BIG_SCENES])
def test_big_screen(snap_compare, tmp_path: Path, scene: Scene) -> None:
    """The reports, watch, settings and help screens on a large terminal."""
    history = scene.prepare(History(tmp_path / "history.sqlite3"))
    app = WordleTuiApp(scene.request, history=history)

    async def settle(pilot) -> None:
        await scene.settle(app, pilot)

    assert snap_compare(app, run_before=settle, terminal_size=BIG)


BOARDS = (
    *("wordle", "wordle-result", "evil-wordle", "antiwordle", "jotto", "jotto-result", "daily"),
    *("jotto-positions", "jotto-positions-result"),
)
BOARD_SCENES = [s for s in SCENES if s.name in BOARDS]


@pytest.mark.parametrize("scene", BOARD_SCENES, ids=[s.name for s in BOARD_SCENES])
def test_board_at_200x60(snap_compare, tmp_path: Path, scene: Scene) -> None:
    """The board screens and result dialogs use a big terminal: big tiles, centred."""
    history = scene.prepare(History(tmp_path / "history.sqlite3"))
    app = WordleTuiApp(scene.request, history=history)

    async def settle(pilot) -> None:
        await scene.settle(app, pilot)

    assert snap_compare(app, run_before=settle, terminal_size=BIG)


async def type_seven_letter_rows(pilot) -> None:
    """Two rows played against EXAMPLE and three letters of the next: every tile state."""
    await pilot.press(*"realist", "enter", *"teacher", "enter", *"exa")
    await pilot.pause()


@pytest.mark.parametrize("size", [SIZE, BIG], ids=["80x24", "200x60"])
def test_seven_letter_board(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    """Wordle with seven letters (the `len7` set): seven tiles a row, small and big."""
    app = WordleTuiApp(
        GameRequest("wordle", target="example"),
        history=History(tmp_path / "history.sqlite3"),
        lists=load_set("len7"),
    )
    assert snap_compare(app, run_before=type_seven_letter_rows, terminal_size=size)
