"""`wordle-tui report --all` (classic Wordle, every strategy), as whole processes, printed as
JSON (medians), and the app's Reports "Run all".

    python benchmarks/bench_reports.py [--runs 3] [--computed] [--no-app] [--out FILE]

`python -m wordle_tui report --all --json` is run `--runs` times `cold` (a new empty data
folder every run) and `warm` (a folder a first, untimed run has filled). Each run's wall time
is taken around the subprocess, its CPU time (user + system) from
`resource.getrusage(RUSAGE_CHILDREN)` deltas. `--computed` adds one cold run with the results
shipped in the package not read (`cache.shipped_cache` off): every strategy computed, as on
word lists of one's own. `app_run_all` (unless `--no-app`): a fresh process opens the app
headless on the Reports screen in a new empty data folder, presses ctrl+r (Run all) once the
game is loaded, and waits until every strategy is shown; wall time from launching the
process, and the child's CPU time.
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

from processes import children_cpu, run_once, summary  # benchmarks/processes.py

ROOT = Path(__file__).resolve().parents[1]
TARGET_CPU_S = 5.0  # report --all from an empty data folder (issue 39)
COMMAND = [sys.executable, "-m", "wordle_tui", "report", "--all", "--json"]
COMPUTED = """
import sys
from wordle_tui.solver import cache
cache.shipped_cache = lambda name: None
from wordle_tui.cli import main
sys.argv = ["wordle-tui", "report", "--all", "--json"]
main()
"""
APP_CHILD = """
import asyncio, json, sys, time
from pathlib import Path
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp

async def main():
    app = WordleTuiApp(GameRequest("reports"), history=History(Path(sys.argv[1], "h.sqlite3")))
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        while screen.game is None or not screen.specs:
            await pilot.pause(0.01)
        await pilot.press("ctrl+r")
        while len(screen.results) < len(screen.specs):
            await pilot.pause(0.01)
        done = {"at": time.time(), "strategies": len(screen.results)}
    print(json.dumps(done))

asyncio.run(main())
"""


def report_runs(runs: int, base: Path, computed: bool) -> dict:
    """Cold and warm medians (and a computed cold run), their outputs checked equal."""
    cold = [run_once(COMMAND, Path(tempfile.mkdtemp(dir=base))) for _ in range(runs)]
    home = Path(tempfile.mkdtemp(dir=base))
    run_once(COMMAND, home)
    warm = [run_once(COMMAND, home) for _ in range(runs)]
    result = {"cold": summary(cold), "warm": summary(warm)}
    everything = cold + warm
    if computed:
        fresh = [run_once([sys.executable, "-c", COMPUTED], Path(tempfile.mkdtemp(dir=base)))]
        result["computed_cold"] = summary(fresh)
        everything += fresh
    assert len({t[2] for t in everything}) == 1, "the tables differ between the runs"
    return result


def app_runs(runs: int, base: Path) -> dict:
    """The app's Run all, from launching the process in a new data folder to every result."""
    walls, cpus = [], []
    for _ in range(runs):
        home = Path(tempfile.mkdtemp(dir=base))
        env = {**os.environ, "WORDLE_TUI_HOME": str(home), "PYTHONPATH": str(ROOT)}
        cpu, start = children_cpu(), time.time()
        done = subprocess.run(
            [sys.executable, "-c", APP_CHILD, str(home)],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        shown = json.loads(done.stdout.strip().splitlines()[-1])
        walls.append(shown["at"] - start)
        cpus.append(children_cpu() - cpu)
    return {
        "wall_s": round(statistics.median(walls), 3),
        "cpu_s": round(statistics.median(cpus), 3),
        "wall_max_s": round(max(walls), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--computed", action="store_true", help="one run computing everything")
    parser.add_argument("--no-app", action="store_true", help="skip the app's Run all")
    parser.add_argument("--out", type=Path, help="also write the JSON to this file")
    options = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="wordle-tui-reports-"))
    result: dict = {"command": "wordle-tui report --all --json", "runs": options.runs}
    result["cpus"] = os.cpu_count()
    result["load_average_before"] = round(os.getloadavg()[0], 2)
    result |= report_runs(options.runs, base, options.computed)
    if not options.no_app:
        result["app_run_all"] = app_runs(options.runs, base)
    result["target_cpu_s"] = TARGET_CPU_S
    result["within_target"] = result["cold"]["cpu_s"] <= TARGET_CPU_S
    result["load_average_after"] = round(os.getloadavg()[0], 2)
    text = json.dumps(result, indent=2) + "\n"
    if options.out:
        options.out.write_text(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
