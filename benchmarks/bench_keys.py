"""Cost of a typed key on the game boards: letters and Backspace, as a fast typist sends them.

    python benchmarks/bench_keys.py [wordle evil jotto]

Prints JSON: for each board, the median over 3 runs of 100 keys of milliseconds per key,
including Textual's full settle after each key (so it is an upper bound on the real cost).
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp


async def per_key_ms(game: str, folder: Path) -> float:
    target = "south" if game == "jotto" else None if game == "evil" else "hello"
    history = History(folder / f"{game}.sqlite3")
    app = WordleTuiApp(GameRequest(game, target=target), history=history)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"hates", "enter")
        await pilot.pause()
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            await pilot.press(*("a", "backspace") * 50)
            runs.append((time.perf_counter() - start) / 100 * 1000)
    return round(statistics.median(runs), 2)


def main() -> None:
    games = sys.argv[1:] or ["wordle", "evil", "jotto"]
    with tempfile.TemporaryDirectory(prefix="wordle-tui-bench-") as folder:
        os.environ["WORDLE_TUI_HOME"] = folder
        found = {g: asyncio.run(per_key_ms(g, Path(folder))) for g in games}
    print(json.dumps({"ms_per_key": found}, indent=2))


if __name__ == "__main__":
    main()
