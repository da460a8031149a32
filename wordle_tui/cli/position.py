"""`wordle-tui solve ROW...`: the proven-best guess tree from a position of a real game."""

from __future__ import annotations

import time

from .common import emit_json, err, fail, out


def solve_position(
    rows: list[str], hard: bool, budget: float | None, lists, answers, guess_list, as_json: bool
) -> None:
    """Search the optimal tree after the rows; print its total, mean and first guess."""
    from ..solver.search.shared import SearchInterrupted
    from .suggest import assistant_after

    helper = assistant_after(rows, hard, "uniform", answers, guess_list, lists)
    if helper.widened:
        fail("no listed answer fits these rows; the exact search needs the answer list")
    if helper.solved:
        fail("the game is solved: the last row is all green")
    deadline = None if budget is None else time.monotonic() + budget
    start = time.monotonic()
    try:
        move = helper.proven_move(None if deadline is None else lambda: time.monotonic() > deadline)
        data = position_data(helper, move, hard, time.monotonic() - start)
    except SearchInterrupted:
        err.print(f"The search did not finish in {budget:g} s; showing the best estimate.")
        best = helper.suggest(1)[0]
        data = estimate_data(helper, best, hard, time.monotonic() - start)
    if as_json:
        emit_json(data)
        return
    print_position(data)


def position_data(helper, move, hard: bool, seconds: float) -> dict:
    """A proven move as JSON data."""
    return {
        "rows": [{"word": w, "pattern": p} for w, p in helper.rows],
        "mode": "hard" if hard else "normal",
        "answers": move.answers,
        "guess": move.word,
        "total": move.total,
        "mean": round(move.mean, 6),
        "proven": move.proven,
        "within_six": move.within_six,
        "seconds": round(seconds, 3),
    }


def estimate_data(helper, best, hard: bool, seconds: float) -> dict:
    """The look-ahead's best guess as JSON data, when the search ran out of time."""
    n = len(helper.candidates)
    return {
        "rows": [{"word": w, "pattern": p} for w, p in helper.rows],
        "mode": "hard" if hard else "normal",
        "answers": n,
        "guess": best.word,
        "total": None,
        "mean": round(best.expected_guesses, 6),
        "proven": False,
        "within_six": None,
        "seconds": round(seconds, 3),
    }


def print_position(data: dict) -> None:
    """The position's best guess in two sentences."""
    from ..plural import plural

    answers = plural(data["answers"], "answer")
    if data["proven"]:
        out.print(
            f"{data['guess'].upper()} is the proven best next guess ({data['mode']} mode): "
            f"{data['total']:,} guesses in total over the {answers} left, "
            f"{data['mean']:.4f} on average, this one included.",
            soft_wrap=True,
        )
        if not data["within_six"]:
            out.print("No tree finds every answer within six rows from here.")
        return
    out.print(
        f"{data['guess'].upper()} is the best estimate ({data['mode']} mode): about "
        f"{data['mean']:.2f} guesses on average over the {answers} left (not proven).",
        soft_wrap=True,
    )
