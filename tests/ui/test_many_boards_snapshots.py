"""How Sedecordle and Duotrigordle look: the tour's scenes at 120x40 (every board on screen,
keys split by board; `test_snapshots.py` has them at 80x24), and a Duotrigordle late in the
game at 80x24 (solved boards one line each, the lines scrolled to the boards still open)."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest import burst, settle

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.tour import MANY_ANSWERS, SCENES, Scene

BIG = (120, 40)
MANY = [scene for scene in SCENES if scene.name in ("sedecordle", "duotrigordle")]


@pytest.fixture(autouse=True)
def own_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A data folder of each picture's own: no settings or results of another test in it."""
    monkeypatch.setenv("WORDLE_TUI_HOME", str(tmp_path_factory.mktemp("snapshot-home")))


@pytest.mark.parametrize("scene", MANY, ids=[scene.name for scene in MANY])
def test_many_boards_at_120x40(snap_compare, tmp_path: Path, scene: Scene) -> None:
    app = WordleTuiApp(scene.request, history=scene.prepare(History(tmp_path / "h.sqlite3")))

    async def settled(pilot) -> None:
        await scene.settle(app, pilot)

    assert snap_compare(app, run_before=settled, terminal_size=BIG)


def test_a_late_duotrigordle_at_80x24(snap_compare, tmp_path: Path) -> None:
    request = GameRequest("duotrigordle", target=",".join(MANY_ANSWERS))
    app = WordleTuiApp(request, history=History(tmp_path / "h.sqlite3"))

    async def late(pilot) -> None:
        await settle(app, pilot)
        burst(app, *(key for word in ("slate", *MANY_ANSWERS[:20]) for key in (word, "enter")))
        burst(app, "bur")
        await settle(app, pilot)
        await Scene("late").settle(app, pilot)

    assert snap_compare(app, run_before=late, terminal_size=(80, 24))
