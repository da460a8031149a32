"""Carry a whole-game proof's saved outcomes from one machine to another (not run in CI).

    python benchmarks/proof_state.py export --lists nyt --mode hard OUT.json
    python benchmarks/proof_state.py import --lists nyt --mode hard IN.json

`solve --prove` keeps each settled first guess in a signed file of its cache folder, which
`--resume` reads; the signature's key is the machine's own, so the file cannot be copied.
`export` writes those outcomes as plain JSON with the lists' fingerprint and the mode;
`import` checks both against the lists named and stores the outcomes, signed, where
`solve --prove --resume` looks for them (it then checks every entry as it does its own).
An imported outcome is trusted as the run that made it was: use files you made.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from wordle_tui.solver.cache import read_json, write_json
from wordle_tui.solver.games import make_game
from wordle_tui.solver.listsets import load_set
from wordle_tui.solver.search.proof import FORMAT, proof_file

ROWS = 6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("export", "import"))
    parser.add_argument("file", type=Path)
    parser.add_argument("--lists", default="classic")
    parser.add_argument("--mode", choices=("normal", "hard"), default="normal")
    args = parser.parse_args()
    game = make_game("wordle", lists=load_set(args.lists))
    hard = args.mode == "hard"
    path = proof_file(game, hard, ROWS)
    if args.action == "export":
        data = read_json(path)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            sys.exit(f"no proof saved for {args.lists} {args.mode} in {path}")
        head = {"lists": args.lists, "fingerprint": game.fingerprint, "mode": args.mode}
        head["format"] = data["format"]
        lines = [f"{json.dumps(w)}: {json.dumps(o)}" for w, o in sorted(data["openers"].items())]
        body = ",\n".join(lines)  # a first guess a line
        args.file.write_text(f'{json.dumps(head)[:-1]}, "openers": {{\n{body}\n}}}}\n')
        print(f"exported {len(data['openers']):,} first guesses to {args.file}", file=sys.stderr)
        return
    data = json.loads(args.file.read_text())
    if (data.get("fingerprint"), data.get("mode")) != (game.fingerprint, args.mode):
        sys.exit(f"{args.file} holds a proof of other lists or another mode")
    write_json(path, {"format": data["format"], "openers": data["openers"]})
    print(f"imported {len(data['openers']):,} first guesses to {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
