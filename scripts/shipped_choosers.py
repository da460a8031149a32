"""Ship the adversary of a set of word lists: the chooser an equilibrium run found.

`wordle-tui equilibrium --lists NAME --json` prints the run's bounds and its chooser; this
writes them as the package's `wordle_tui/trees/chooser-wordle-FINGERPRINT.json.gz`, the file
`solver/chooser/adversary.py` reads when the user's cache has none of its own:

    wordle-tui equilibrium --lists classic --seconds 3600 --json > run.json
    python scripts/shipped_choosers.py --lists classic run.json

The lists' fingerprint comes from the lists themselves, and the file is read back through
the package's own checks (only these lists' answers, chances summing to 1) before it is
written.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    """Convert one run's JSON into the shipped chooser file of its lists."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", type=Path, help="the JSON `wordle-tui equilibrium` printed")
    parser.add_argument("--lists", required=True, help="the word-list set it was run on")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from wordle_tui.solver.chooser.adversary import Adversary, file_name
    from wordle_tui.solver.listsets import load_set

    lists = load_set(args.lists)
    run = json.loads(args.run.read_text())
    total = sum(run["chooser"].values())
    chances = {word: p / total for word, p in run["chooser"].items()}
    found = Adversary(chances, run["lower"], run["upper"], run["iterations"])
    data = found.to_data(lists.fingerprint)
    if Adversary.from_data(data, lists.fingerprint, set(lists.answers)) is None:
        sys.exit(f"{args.run}: not a chooser over the {args.lists} lists' answers")
    path = ROOT / "wordle_tui" / "trees" / f"{file_name(lists.fingerprint)}.gz"
    path.write_bytes(gzip.compress(json.dumps(data, indent=1).encode(), mtime=0))
    print(f"wrote {path.name}: {len(chances)} words, value {found.lower:.4f} to {found.upper:.4f}")


if __name__ == "__main__":
    main()
