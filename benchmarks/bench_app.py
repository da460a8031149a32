"""Time from launching the app to a usable home screen, as a whole process (JSON, medians).

    python benchmarks/bench_app.py [--runs 7]

Each run starts a fresh Python process that opens the app headless and exits as soon as
Textual reports the app ready (the home screen drawn and taking keys).
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

CHILD = """
from wordle_tui.ui.app import WordleTuiApp

class Timed(WordleTuiApp):
    def on_ready(self) -> None:
        self.exit(self.screen.__class__.__name__)

print(Timed().run(headless=True, size=(80, 24)))
"""
TARGET_S = 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    env = {**os.environ, "WORDLE_TUI_HOME": tempfile.mkdtemp(prefix="wordle-tui-bench-")}
    times = []
    for _ in range(options.runs):
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", CHILD], capture_output=True, text=True, env=env, check=True
        )
        times.append(time.perf_counter() - start)
        assert done.stdout.strip().endswith("HomeScreen"), done.stdout
    result = {
        "runs": options.runs,
        "launch_to_home_s": {
            "median": round(statistics.median(times), 3),
            "min": round(min(times), 3),
            "max": round(max(times), 3),
        },
        "target_s": TARGET_S,
    }
    result["within_target"] = result["launch_to_home_s"]["median"] <= TARGET_S
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
