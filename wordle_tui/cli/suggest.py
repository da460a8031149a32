"""`wordle-tui suggest`: the NYT assistant on the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.table import Table

from .common import (
    AnswersOpt,
    GuessListOpt,
    JsonOpt,
    ListsOpt,
    choose,
    emit_json,
    fail,
    out,
    word_lists,
)

ROWS = 6  # Wordle's board
RowsArg = Annotated[
    list[str] | None,
    typer.Argument(help="Rows played, as word:pattern (raise:..Y.G, raise:00102, ...)."),
]
HardOpt = Annotated[bool, typer.Option("--hard", help="Suggest hard-mode legal words only.")]
PriorOpt = Annotated[
    str, typer.Option(help="uniform (answer list) or frequency (any word, by how common).")
]
TopOpt = Annotated[int, typer.Option(min=1, max=100, help="How many suggestions.")]


def suggest(
    rows: RowsArg = None,
    hard: HardOpt = False,
    prior: PriorOpt = "uniform",
    top: TopOpt = 10,
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    lists: ListsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The answers still possible after your rows, and the best next guesses."""
    from ..solver.assistant import skill_score

    prior = choose(prior, ("uniform", "frequency"), "prior")
    helper = assistant_after(rows or [], hard, prior, answers, guess_list, lists)
    words = helper.candidate_words()
    reviews = helper.analysis() if helper.solved else []
    found = [] if helper.solved else helper.suggest(top)
    if as_json:
        emit_json(suggest_data(helper, hard, prior, words, found, reviews))
    elif reviews:
        print_analysis(reviews, skill_score(reviews))
    else:
        print_suggestions(helper, words, found)


def assistant_after(
    rows: list[str],
    hard: bool,
    prior: str,
    answers: Path | None,
    guess_list: Path | None,
    lists: str | None = None,
):
    """The assistant with the rows played (a bad row raises AssistantError for the boundary)."""
    from ..solver.assistant import Assistant, parse_row

    if len(rows) > ROWS:
        fail(f"Wordle has six rows; {len(rows)} were given")
    helper = Assistant(
        hard=hard,
        prior=prior,
        answers=answers,
        guess_list=guess_list,
        lists=word_lists(lists),
    )
    for text in rows:
        helper.add(*parse_row(text))
    return helper


def suggest_data(helper, hard: bool, prior: str, words: list, found: list, reviews: list) -> dict:
    """The assistant's view as JSON data."""
    from ..solver.assistant import skill_score

    return {
        "rows": [{"word": w, "pattern": p} for w, p in helper.rows],
        "hard": hard,
        "prior": prior,
        "candidates": len(words),
        "candidate_words": [w for w, _ in words],
        "candidate_probabilities": [round(p, 6) for _, p in words],
        "suggestions": [s.as_dict() for s in found],
        "reason": helper.reason(found[0]) if found else None,
        "analysis": [review_dict(r) for r in reviews],
        "skill": skill_score(reviews) if reviews else None,
    }


SUGGESTION_HEADINGS = (
    "#",
    "guess",
    "bits",
    "exp. left",
    "worst",
    "win %",
    "answer?",
    "hard ok",
    "guesses",
)


def print_suggestions(helper, words: list, found: list) -> None:
    """The answers left, then the best next guesses as a table, then why the first."""
    from ..render import suggestion_cells

    shown = ", ".join(w.upper() for w, _ in words[:12]) + (" …" if len(words) > 12 else "")
    noun = "answer" if len(words) == 1 else "answers"
    out.print(f"{len(words):,} {noun} possible: {shown}", soft_wrap=True)
    table = Table(
        box=box.SIMPLE_HEAD,
        caption="bits: information expected; exp. left: answers expected to remain; "
        "guesses: expected guesses to finish, this one included",
    )
    for heading in SUGGESTION_HEADINGS:
        table.add_column(heading, justify="left" if heading == "guess" else "right")
    for rank, s in enumerate(found, start=1):
        table.add_row(str(rank), *suggestion_cells(s), style="bold" if rank == 1 else "")
    out.print(table)
    if found:
        out.print(helper.reason(found[0]), soft_wrap=True)


def review_dict(review) -> dict:
    """A reviewed row as JSON data."""
    return {
        "word": review.word,
        "pattern": review.pattern,
        "before": review.before,
        "after": review.after,
        "bits_gained": round(review.bits_gained, 3),
        "expected_bits": round(review.expected_bits, 3),
        "best_bits": round(review.best_bits, 3),
        "best_word": review.best_word,
        "expected_left": round(review.expected_left, 2),
        "luck": round(review.luck, 3),
        "skill": review.skill,
    }


ANALYSIS_HEADINGS = (
    "guess",
    "colours",
    "answers",
    "bits got",
    "bits expected",
    "best (bits)",
    "exp. left",
    "luck",
    "skill",
)


def print_analysis(reviews, skill: int) -> None:
    """The after-game table: information per row against the best guess available."""
    table = Table(title="Your game, row by row", box=box.SIMPLE_HEAD)
    for heading in ANALYSIS_HEADINGS:
        table.add_column(heading, justify="left" if heading in ("guess", "colours") else "right")
    for r in reviews:
        table.add_row(
            r.word.upper(),
            r.pattern,
            f"{r.before:,} → {r.after:,}",
            f"{r.bits_gained:.2f}",
            f"{r.expected_bits:.2f}",
            f"{r.best_word.upper()} ({r.best_bits:.2f})",
            f"{r.expected_left:.1f}",
            f"{r.luck:+.2f}",
            str(r.skill),
        )
    out.print(table)
    out.print(
        f"Skill {skill}/100: the mean, over your rows, of each guess's expected bits as a "
        "share of the best guess's (100 when one answer was left).",
        soft_wrap=True,
    )
