"""The exact searches of `solve`: `solve ROW...` (the proven-best guess tree from a position
of a real game) and `solve --prove` (the proof of a whole game's optimum)."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from ...solver.choices import GameName, Mode, Prior
from ..common import LazyProgress, emit_json, err, fail, out
from ..interrupts import terminate_as_interrupt

if TYPE_CHECKING:
    from ...solver.games import Game
    from ...solver.search.proof import ProofReport, ProofState


def solve_position(
    rows: list[str], hard: bool, budget: float | None, lists, answers, guess_list, as_json: bool
) -> None:
    """Search the optimal tree after the rows; print its total, mean and first guess."""
    from ...solver.search.shared import SearchInterrupted
    from ..suggest import assistant_after

    helper = assistant_after(rows, hard, Prior.UNIFORM, answers, guess_list, lists)
    if helper.widened:
        fail("no listed answer fits these rows; the exact search needs the answer list")
    if helper.solved:
        fail("the game is solved: the last row is all green")
    if budget is not None and len(helper.candidates) > 2:
        from ...solver.search.rows import warm

        warm()  # the search's compiled loops, loaded before its budget starts
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
        "mode": Mode.of(hard),
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
        "mode": Mode.of(hard),
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
    from ...plural import plural

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


def solve_proof(
    game: Game, mode: Mode, workers: int, resume: bool, as_json: bool, scheduler: str | None = None
) -> None:
    """Prove the game's optimum (here, or on a Dask cluster); Ctrl-C keeps what is proven."""
    from ...solver.search.proof import proof_file

    if game.name == GameName.ANTIWORDLE:
        fail("--prove is for wordle and jotto")
    if mode.hard and game.name != GameName.WORDLE:
        fail("hard mode applies to wordle")
    rows = 6 if game.name == GameName.WORDLE else 255
    bar = ProofProgress(f"proving {game.name} ({mode})")
    terminate_as_interrupt()  # `kill` keeps what is proven, as Ctrl-C does
    try:
        report = prove_here_or_there(game, mode.hard, rows, workers, resume, bar, scheduler)
    except KeyboardInterrupt:
        bar.close()
        path = proof_file(game, mode.hard, rows)
        if path is not None:
            err.print(
                f"What is proven is kept in {path}; go on with --resume.",
                markup=False,
                soft_wrap=True,
            )
        raise
    finally:
        bar.close()
    if report.note:
        err.print(report.note, markup=False, soft_wrap=True)
    data = proof_data(game, mode, report, workers) | {"scheduler": scheduler}
    if as_json:
        emit_json(data)
        return
    print_proof(data)


def prove_here_or_there(game, hard, rows, workers, resume, bar, scheduler) -> ProofReport:
    """The proof on this machine, or on the Dask cluster at `scheduler`, reached before any
    search so that a bad address fails at once."""
    from ...solver.search.proof import prove

    if scheduler is None:
        return prove(game, hard, rows, workers, resume, bar)
    from ...solver.search.cluster import Cluster

    with Cluster.connect(scheduler) as cluster:
        return prove(game, hard, rows, workers, resume, bar, cluster=cluster)


class ProofProgress(LazyProgress):
    """The proof's progress on stderr: openers settled of all, the best, the rest's bound."""

    def __call__(self, state: ProofState) -> None:  # type: ignore[override]
        """Show how far the proof has come."""
        left = state.openers - state.settled
        self.description = (
            f"proving: best {shown(state.best)}; {left:,} openers left, "
            f"none below {shown(state.rest)}"
        )
        if self.bar is not None and self.task is not None:
            self.bar.update(self.task, description=self.description)
        super().__call__(state.settled, state.openers)


def shown(value: float) -> str:
    """A total for a progress line (infinite: none yet)."""
    return "none" if math.isinf(value) else f"{value:,.0f}"


def proof_data(game: Game, mode: str, report: ProofReport, workers: int) -> dict:
    """A proof's outcome as JSON data."""
    finite = not math.isinf(report.total)
    return {
        "game": game.name,
        "mode": mode,
        "answers": report.answers,
        "guesses": len(game.guesses),
        "total": int(report.total) if finite else None,
        "mean": round(report.total / report.answers, 6) if finite else None,
        "first_guess": report.first_guess,
        "proven": report.proven,
        "upper_bound": None if math.isinf(report.upper) else int(report.upper),
        "upper_bound_from": report.upper_from,
        "openers": report.openers,
        "settled": report.how,
        "nodes": report.nodes,
        "seconds": round(report.seconds, 2),
        "workers": workers,
        "file": report.file,
    }


def print_proof(data: dict) -> None:
    """A proof's outcome in two sentences."""
    word = "proven optimal" if data["proven"] else "the best found (not proven)"
    out.print(
        f"{data['game']}, {data['mode']} mode: {data['first_guess'].upper()} first; "
        f"{data['total']:,} guesses over {data['answers']:,} answers "
        f"(mean {data['mean']:.4f}): {word}.",
        soft_wrap=True,
    )
    how = ", ".join(f"{count:,} {what}" for what, count in data["settled"].items())
    out.print(
        f"Every one of {data['openers']:,} first guesses settled: {how}; upper bound "
        f"{data['upper_bound']} from {data['upper_bound_from']}; {data['seconds']:.1f} s, "
        f"{data['nodes']:,} nodes.",
        soft_wrap=True,
        markup=False,
    )
