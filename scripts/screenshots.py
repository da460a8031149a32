"""Save an SVG screenshot of every screen to screenshots/ (run from the repository root).

    python scripts/screenshots.py

The screens are the scenes of `wordle_tui.ui.tour` (the same ones the snapshot tests check),
each at 80x24 on an empty temporary history, so the pictures change only when screens do.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from wordle_tui.history import History
from wordle_tui.settings import Settings
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.tour import SCENES, Scene

OUT = Path(__file__).resolve().parents[1] / "screenshots"


async def shoot(scene: Scene, folder: Path) -> None:
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
            asyncio.run(shoot(scene, Path(folder)))
            print(f"saved screenshots/{scene.name}.svg")


if __name__ == "__main__":
    main()
