"""The first suggestion on a fresh install, as whole processes, printed as JSON (medians).

    python benchmarks/bench_coldstart.py [--runs 5] [--rows crane:.....] [--no-app]

`python -m wordle_tui suggest ROW --json` (the NYT lists and prior, the defaults) is run
`--runs` times in each of three data folders: `fresh` (a new empty one for every run: nothing
cached), `warm` (one that a first, untimed run of the same command has used) and
`matrix_cached` (one where the whole reply matrix was built and cached first, as a report or a
proof leaves it). Each run's wall time is taken around the subprocess and its CPU time (user +
system) from `resource.getrusage(RUSAGE_CHILDREN)` deltas; `cache_bytes` is what the fresh
runs left in their cache folder. `app_first_suggestion_s` (unless `--no-app`): a fresh process
opens the app headless on the assistant in a new empty data folder, the row is typed at once
(the keys sent as a terminal sends them, not through Pilot, which waits for the process to
idle after each key) and entered as soon as the assistant is loaded (Enter is refused
before), and the time from
launching the process to the first suggestions for that row being shown is taken; medians of
`--runs` again.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from processes import run_once, summary  # benchmarks/processes.py

ROOT = Path(__file__).resolve().parents[1]
TARGET_S = 3.0  # the first suggestion on a fresh install, as a whole process (issue 38)
APP_CHILD = """
import asyncio, json, sys, time
from pathlib import Path
from textual import events
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.assistant.screen import AssistantScreen

shown = []
original = AssistantScreen.show_advice

def show_advice(self, message):
    original(self, message)
    if message.rows and not shown:
        shown.append({"at": time.time(), "words": [s.word for s in message.suggestions]})

AssistantScreen.show_advice = show_advice

def typed(app, keys):
    # as a terminal sends them: Pilot.press would wait for the process to idle after each key
    for key in keys:
        event = events.Key(key, chr(13) if key == "enter" else key)
        event.set_sender(app)
        app._driver.send_message(event)

async def main():
    app = WordleTuiApp(GameRequest("assistant"), history=History(Path(sys.argv[1], "h.sqlite3")))
    async with app.run_test(size=(80, 24)) as pilot:
        typed(app, [*sys.argv[2], *sys.argv[3]])
        while app.screen.assistant is None:  # Enter before it is loaded is refused
            await asyncio.sleep(0.01)
        typed(app, ["enter"])
        while not shown:
            await asyncio.sleep(0.01)
    print(json.dumps(shown[0]))

asyncio.run(main())
"""


def folder_bytes(home: Path) -> int:
    """The bytes of every file under `home`'s cache folder."""
    folder = home / "cache"
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) if folder.exists() else 0


def suggest_runs(command: list[str], runs: int, base: Path) -> tuple[dict, str]:
    """The three data folders' medians, and the fresh runs' first suggestions (checked equal)."""
    homes = [Path(tempfile.mkdtemp(dir=base)) for _ in range(runs)]
    fresh = [run_once(command, home) for home in homes]
    left = max(folder_bytes(home) for home in homes)
    home = Path(tempfile.mkdtemp(dir=base))
    run_once(command, home)
    warm = [run_once(command, home) for _ in range(runs)]
    cached = Path(tempfile.mkdtemp(dir=base))
    build = [sys.executable, "-c", BUILD_MATRIX]
    run_once(build, cached)
    matrix = [run_once(command, cached) for _ in range(runs)]
    outputs = {t[2] for t in fresh + warm + matrix}
    assert len(outputs) == 1, "the suggestions differ between the data folders"
    result = {
        "fresh": summary(fresh),
        "warm": summary(warm),
        "matrix_cached": summary(matrix),
        "cache_bytes_after_fresh_run": left,
    }
    return result, json.loads(outputs.pop())["suggestions"][0]["word"]


BUILD_MATRIX = """
from wordle_tui.solver.assistant.engine import Assistant
from wordle_tui.solver.listsets import load_set
from wordle_tui.solver.matrix import whole
whole(Assistant(prior="nyt", lists=load_set("nyt")).matrix)
"""


def app_runs(word: str, marks: str, runs: int, base: Path) -> dict:
    """The app's first suggestions after the row, from launching the process, in fresh folders."""
    times = []
    for _ in range(runs):
        home = Path(tempfile.mkdtemp(dir=base))
        env = {**os.environ, "WORDLE_TUI_HOME": str(home), "PYTHONPATH": str(ROOT)}
        start = time.time()
        done = subprocess.run(
            [sys.executable, "-c", APP_CHILD, str(home), word, marks],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        shown = json.loads(done.stdout.strip().splitlines()[-1])
        times.append(shown["at"] - start)
    return {"wall_s": round(statistics.median(times), 3), "wall_max_s": round(max(times), 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rows", default="crane:.....", help="one row, word:pattern")
    parser.add_argument("--no-app", action="store_true", help="skip the app's timing")
    options = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="wordle-tui-coldstart-"))
    command = [sys.executable, "-m", "wordle_tui", "suggest", options.rows, "--json"]
    result: dict = {"command": " ".join(["wordle-tui", *command[3:]]), "runs": options.runs}
    result["cpus"] = os.cpu_count()
    result["load_average_before"] = round(os.getloadavg()[0], 2)
    timings, first = suggest_runs(command, options.runs, base)
    result |= timings
    result["first_suggestion"] = first
    if not options.no_app:
        word, pattern = options.rows.split(":")
        marks = pattern.replace(".", "-")
        result["app_first_suggestion_s"] = app_runs(word, marks, options.runs, base)
    result["target_s"] = TARGET_S
    result["within_target"] = result["fresh"]["wall_s"] <= TARGET_S
    result["load_average_after"] = round(os.getloadavg()[0], 2)
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
