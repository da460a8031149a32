"""Save an SVG screenshot of every screen to screenshots/ (run from the repository root).

    python scripts/screenshots.py

Each screen is opened at 80x24 with fixed inputs, so the pictures only change when the
screens do. Uses a temporary WORDLE_TUI_HOME, so no real history shows.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "screenshots"


async def home() -> None:
    from wordle_tui.ui.app import WordleTuiApp

    app = WordleTuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.save_screenshot(filename="home.svg", path=str(OUT))


SCREENS = [home]


def main() -> None:
    os.environ["WORDLE_TUI_HOME"] = tempfile.mkdtemp(prefix="wordle-tui-shots-")
    OUT.mkdir(exist_ok=True)
    for screen in SCREENS:
        asyncio.run(screen())
        print(f"saved {screen.__name__}")


if __name__ == "__main__":
    main()
