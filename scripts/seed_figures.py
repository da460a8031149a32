"""Every figure of the seeds' summary tables, each reproduced by one `wordle-tui` command.

    python scripts/seed_figures.py [--runs N]  # prints the table (readme_tables.py writes docs/)

Each command runs as a whole process N times (default 3), each time with a new empty data
folder, so no cache helps (the reply matrix is built every time); the time shown is the median.
The random guesser cannot give the seeds' numbers exactly (their notebooks did not seed Python's
generator), so its rows give our figure for `--seed 0` and the spread over seeds 0-19.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

RANDOM_SEEDS = range(20)


@dataclass(frozen=True)
class SeedRow:
    """One published figure and the command that reproduces it."""

    notebook: str  # which seed: "000" (Jotto and Wordle on SGB) or "001" (Wordle notebook)
    what: str  # the table's column and row, in words
    figure: str  # the seeds' mean (worst)
    seconds: float | None  # the seeds' own time for it (wall clock), if they printed one
    args: tuple[str, ...]  # the wordle-tui arguments (without --json)

    @property
    def command(self) -> str:
        return "wordle-tui " + " ".join(self.args)

    @property
    def random(self) -> bool:
        return "random" in self.args


def _row(notebook, what, figure, seconds, *args) -> SeedRow:
    return SeedRow(notebook, what, figure, seconds, args)


SGB_JOTTO = ("report", "--lists", "sgb", "--game", "jotto")
SGB_WORDLE = ("report", "--lists", "sgb")
LIST_TIES = ("--ties", "list")
AZ_TIES = ("--ties", "a-z")  # the notebooks' rule on the alphabetical Wordle and Jotto lists
ROWS = [
    # Seed 000: Jotto on the 2,845 SGB words, Wordle on all 5,756 SGB words and the official list.
    _row("000", "Jotto (SGB), random guesser", "7.34 (18)", 6.95, *SGB_JOTTO, "--metric", "random"),
    *(
        _row(
            "000",
            f"Jotto (SGB), minimise {m}, consistent only",
            fig,
            sec,
            *SGB_JOTTO,
            "--metric",
            m,
            "--guesses",
            "consistent",
            *LIST_TIES,
        )
        for m, fig, sec in (
            ("max", "7.15 (18)", 6.76),
            ("expectation", "7.14 (17)", 6.89),
            ("neg_entropy", "7.09 (19)", 6.73),
        )
    ),
    *(
        _row(
            "000",
            f"Jotto (SGB), minimise {m}, inconsistent allowed",
            fig,
            sec,
            *SGB_JOTTO,
            "--metric",
            m,
            "--guesses",
            "inconsistent",
            *LIST_TIES,
        )
        for m, fig, sec in (
            ("max", "7.05 (10)", 30.8),
            ("expectation", "6.84 (10)", 29.7),
            ("neg_entropy", "6.82 (10)", 30.0),
        )
    ),
    _row(
        "000", "Wordle (SGB), random guesser", "4.63 (12)", 187.0, *SGB_WORDLE, "--metric", "random"
    ),
    _row(
        "000",
        "Wordle (SGB), minimise neg_entropy, consistent only",
        "4.09 (12)",
        186.0,
        *SGB_WORDLE,
        "--metric",
        "neg_entropy",
        "--guesses",
        "consistent",
        *LIST_TIES,
    ),
    _row(
        "000",
        "Wordle (SGB), minimise neg_entropy, inconsistent allowed",
        "3.82 (7)",
        501.0,
        *SGB_WORDLE,
        "--metric",
        "neg_entropy",
        "--guesses",
        "inconsistent",
        *LIST_TIES,
    ),
    _row(
        "000",
        "Wordle (official 2,315), random guesser",
        "4.08 (8)",
        None,
        "report",
        "--lists",
        "original",
        "--metric",
        "random",
    ),
    _row(
        "000",
        "Wordle (official 2,315), minimise neg_entropy, inconsistent allowed",
        "3.49 (6)",
        None,
        "report",
        "--lists",
        "original",
        "--metric",
        "neg_entropy",
        "--guesses",
        "inconsistent",
        *LIST_TIES,
    ),
    # Seed 001: Jotto on the 1,391 words from the Wordle answers, Wordle on the 2,309 answers.
    *(
        _row(
            "001",
            f"Jotto, minimise {m}, {p}",
            fig,
            sec,
            "report",
            "--game",
            "jotto",
            "--metric",
            m,
            "--guesses",
            p,
            *AZ_TIES,
        )
        for m, p, fig, sec in (
            ("max", "consistent", "6.31 (16)", 1.54),
            ("expectation", "consistent", "6.11 (14)", 1.48),
            ("neg_entropy", "consistent", "6.31 (15)", 1.62),
            ("max", "norvig", "6.38 (9)", 4.83),
            ("expectation", "norvig", "6.13 (9)", 4.66),
            ("neg_entropy", "norvig", "6.18 (9)", 4.87),
        )
    ),
    _row(
        "001",
        "Jotto, random guesser",
        "6.59 (13)",
        1.61,
        "report",
        "--game",
        "jotto",
        "--metric",
        "random",
    ),
    *(
        _row(
            "001",
            f"Wordle, minimise {m}, {p}",
            fig,
            sec,
            "report",
            "--metric",
            m,
            "--guesses",
            p,
            *AZ_TIES,
        )
        for m, p, fig, sec in (
            ("max", "consistent", "3.68 (8)", 1.66),
            ("expectation", "consistent", "3.62 (8)", 1.68),
            ("neg_entropy", "consistent", "3.60 (8)", 1.88),
            ("max", "norvig", "3.64 (6)", 5.25),
            ("expectation", "norvig", "3.55 (6)", 5.51),
            ("neg_entropy", "norvig", "3.52 (6)", 5.72),
        )
    ),
    _row("001", "Wordle, random guesser", "4.09 (9)", 1.60, "report", "--metric", "random"),
    _row(
        "001",
        "Antiwordle, maximise entropy, consistent only (survival)",
        "5.75 (11)",
        None,
        "report",
        "--game",
        "antiwordle",
    ),
]


def run(args: tuple[str, ...], home: str) -> tuple[dict, float]:
    """Run `wordle-tui ARGS --json` as a whole process; its JSON and wall-clock seconds."""
    env = {**os.environ, "WORDLE_TUI_HOME": home}
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "wordle_tui", *args, "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return json.loads(done.stdout), time.perf_counter() - started


def cold_run(args: tuple[str, ...], runs: int) -> tuple[dict, float]:
    """The command's JSON and its median whole-process time over `runs` cold runs."""
    times, data = [], {}
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            data, seconds = run(args, home)
        times.append(seconds)
    return data, statistics.median(times)


def figure(data: dict) -> str:
    """Mean (worst), as the seeds print them."""
    return f"{data['mean']:.2f} ({data['worst']})"


def random_spread(args: tuple[str, ...]) -> str:
    """The random guesser's mean and worst over seeds 0-19, in one warm process each."""
    with tempfile.TemporaryDirectory() as home:
        found = [run((*args, "--seed", str(seed)), home)[0] for seed in RANDOM_SEEDS]
    means = [d["mean"] for d in found]
    worsts = [d["worst"] for d in found]
    return (
        f"seeds 0-19: mean {statistics.fmean(means):.2f}, {min(means):.2f} to {max(means):.2f}; "
        f"worst {min(worsts)} to {max(worsts)}"
    )


def seeds_table(runs: int = 3) -> str:
    """The seeds' figures beside ours, with the command and both times."""
    lines = [
        "| notebook | figure | published | ours | command | our time | their time |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in ROWS:
        data, seconds = cold_run(row.args, runs)
        ours = figure(data)
        if row.random:
            ours += f" (`--seed 0`; {random_spread(row.args)})"
        theirs = f"{row.seconds:.1f} s" if row.seconds is not None else "not printed"
        lines.append(
            f"| {row.notebook} | {row.what} | {row.figure} | {ours} | `{row.command}` "
            f"| {seconds:.1f} s | {theirs} |"
        )
        print(f"{row.what}: {ours} in {seconds:.1f} s", file=sys.stderr)
    return "\n".join(lines)


if __name__ == "__main__":
    count = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    print(seeds_table(count))
