"""Save an SVG screenshot of every screen to screenshots/ (run from the repository root).

    python scripts/screenshots.py

The screens are the scenes of `wordle_tui.ui.tour` (the same ones the snapshot tests check),
each at 80x24 in an empty temporary data folder of its own, so the pictures change only when
screens do.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

from wordle_tui.history import History
from wordle_tui.settings import Settings
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.tour import SCENES, Scene

OUT = Path(__file__).resolve().parents[1] / "screenshots"


async def shoot(scene: Scene, folder: Path) -> None:
    """One scene in a data folder of its own (no settings or caches left by another)."""
    os.environ["WORDLE_TUI_HOME"] = str(folder)
    history = scene.prepare(History(folder / f"{scene.name}.sqlite3"))
    settings = Settings(folder / "settings.json")  # the defaults, whatever the user chose
    app = WordleTuiApp(scene.request, history=history, settings=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await scene.settle(app, pilot)
        app.save_screenshot(filename=f"{scene.name}.svg", path=str(OUT))


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("*.svg"):
        old.unlink()
    with tempfile.TemporaryDirectory(prefix="wordle-tui-shots-") as folder:
        for scene in SCENES:
            home = Path(folder, scene.name)
            home.mkdir()
            asyncio.run(shoot(scene, home))
            print(f"saved screenshots/{scene.name}.svg")


if __name__ == "__main__":
    main()
