"""How each screen looks at 80x24: the scenes of the tour, on an empty temporary history."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.tour import SCENES, Scene

SIZE = (80, 24)


@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
def test_screen(snap_compare, tmp_path: Path, scene: Scene) -> None:
    history = scene.prepare(History(tmp_path / "history.sqlite3"))
    app = WordleTuiApp(scene.request, history=history)

    async def settle(pilot) -> None:
        await scene.settle(app, pilot)

    assert snap_compare(app, run_before=settle, terminal_size=SIZE)
