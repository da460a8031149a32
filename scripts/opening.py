"""Compute the assistant's shipped opening suggestions (`wordle_tui/trees/opening.json`).

Run after changing how suggestions are ranked: `python scripts/opening.py`.
`tests/solver/test_opening.py` fails while the shipped file differs from a fresh computation.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

TOP = 10  # the assistant screen's table


def compute() -> dict:
    """The shipped file's content, computed now on the bundled lists (no cache, no shipped)."""
    from wordle_tui.solver.assistant import opening
    from wordle_tui.solver.assistant.engine import Assistant

    opening.USE_SHIPPED = False
    openings = {}
    for hard in (False, True):
        helper = Assistant(hard=hard)
        key = opening.opening_key(helper.game, "uniform", hard, TOP)
        found = helper.compute_suggestions(TOP)
        openings[key] = opening.shipped_entry(found, helper.suggest(TOP))
    opening.USE_SHIPPED = True
    return {"version": opening.OPENING_VERSION, "openings": openings}


def main() -> None:
    """Write the shipped file (in a temporary data folder, so no cache is read or left)."""
    os.environ["WORDLE_TUI_HOME"] = tempfile.mkdtemp(prefix="wordle-tui-opening-")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from wordle_tui.solver.assistant.opening import SHIPPED_FILE

    path = Path(__file__).resolve().parents[1] / "wordle_tui" / "trees" / SHIPPED_FILE
    path.write_text(json.dumps(compute(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
