"""`wordle-tui suggest` and `review`: the NYT assistant on the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.table import Table

from ..solver.choices import GameName, Prior, Rank
from ..solver.multi.variants import MULTI_NAMES
from .common import (
    AnswersOpt,
    GuessListOpt,
    JsonOpt,
    ListsOpt,
    assistant_lists,
    choice_option,
    emit_json,
    err,
    fail,
    out,
)
from .multi.command import multi_suggest

ROWS = 6  # Wordle's board
MAX_SHARE_BYTES = 2**20  # share text is a few hundred bytes; a bigger file is surely not one
BUDGET = 0.6  # seconds of search by default: the whole command within 1.5 s (bench_suggest.py)
RowsArg = Annotated[
    list[str] | None,
    typer.Argument(help="Rows played, as word:pattern (raise:..Y.G, raise:00102, ...)."),
]
SuggestGameOpt = Annotated[
    str,
    typer.Option("--game", "-g", help="wordle, or dordle ... duotrigordle (rows per board)."),
]
HardOpt = Annotated[bool, typer.Option("--hard", help="Suggest hard-mode legal words only.")]
JudgeHardOpt = Annotated[bool, typer.Option("--hard", help="Judge against hard-mode legal moves.")]
PriorOpt = Annotated[
    Prior | None,
    choice_option(
        Prior,
        "prior",
        help="nyt (what the NYT picks, learnt from its past answers; the default on the nyt "
        "lists), uniform (the answer list; the default on others) or frequency (any word, by "
        "how common).",
        show_default=False,
    ),
]
PuzzleOpt = Annotated[
    str | None,
    typer.Option(
        metavar="N",
        help="The NYT puzzle the rows belong to (default: today's, from the date).",
    ),
]
TopOpt = Annotated[int, typer.Option(min=1, max=100, help="How many suggestions.")]
RankOpt = Annotated[
    Rank,
    choice_option(
        Rank, "rank", help="Rank by guesses (fewest expected), entropy (most bits) or worst case."
    ),
]
BudgetOpt = Annotated[
    float,
    typer.Option(
        min=0, help="Seconds for the exhaustive search that proves the best guess (0: skip)."
    ),
]
SuggestBudgetOpt = Annotated[
    float,
    typer.Option(
        "--budget",
        min=0,
        help="Seconds for the exhaustive search that proves the best guess, or with the nyt or "
        "frequency prior for the search that plays the last few answers out (0: no proof, "
        "and that search unbounded, as the assistant's report plays).",
    ),
]


def suggest(
    rows: RowsArg = None,
    game: SuggestGameOpt = "wordle",
    hard: HardOpt = False,
    prior: PriorOpt = None,
    top: TopOpt = 10,
    rank: RankOpt = Rank.GUESSES,
    budget: SuggestBudgetOpt = BUDGET,
    puzzle: PuzzleOpt = None,
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    lists: ListsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The answers still possible after your rows, and the best next guesses.

    With -g dordle ... duotrigordle, a row is the word and a colouring per board, in order,
    comma separated (empty for a board solved before): salet:..y.g,g....,.....,..yy.
    """
    if game.lower() in MULTI_NAMES:
        if hard or prior is not None or puzzle is not None:
            fail(f"{game.lower()} takes rows, --top, --lists, --answers, --guess-list and --json")
        from ..solver.games import make_game

        the_game = make_game("wordle", answers, guess_list, assistant_lists(lists))
        multi_suggest(game.lower(), rows or [], top, the_game, as_json)
        return
    if game.lower() != GameName.WORDLE:
        fail(f"suggest plays wordle, {', '.join(MULTI_NAMES)}, not {game!r}")
    number = puzzle_number(puzzle)
    helper = assistant_after(rows or [], hard, prior, answers, guess_list, lists, number)
    if helper.notice:
        err.print(helper.notice, soft_wrap=True)
    if number is not None and helper.solved:
        record_win(number, helper.rows[-1][0])
    if number is not None or helper.weighting is Prior.NYT:
        say_staleness(helper.puzzle)
    advice = advised(helper, top, rank, budget)
    if advice.review is not None:  # the game is solved
        show_review(helper, advice.review, as_json)
        return
    found = advice.suggestions
    words = helper.candidate_words()
    if as_json:
        emit_json(suggest_data(helper, hard, helper.prior, rank, words, found))
    else:
        print_suggestions(helper, words, found)


def advised(helper, top: int, rank: str, budget: float):
    """The last stage of the advice reached within `budget` seconds of search (the estimate
    alone for 0; the review of a solved game), saying so when the search ran out of time."""
    from ..solver.assistant.advice import runs_endgame_search
    from ..solver.search.shared import StopRule

    exact = helper.weighting.exact and not helper.solved  # the exhaustive search will run
    if budget > 0 and exact and helper.rows and len(helper.candidates) > 2:
        from ..solver.search.rows import warm

        warm()  # the exhaustive search's compiled loops, loaded before its budget starts
    # 0: no proof, the endgame search unbounded (as the report plays), a review all estimated
    stop = StopRule(None if budget == 0 and not helper.solved else budget)
    stages = helper.advice(top, rank, stop)
    last = next(stages, None)
    if last is None:  # pragma: no cover - only a caller's cancel ends a review unfinished
        fail("the review was cancelled")
    if budget > 0 or runs_endgame_search(helper, rank):  # 0: no proof, endgame as ever
        for stage in stages:
            last = stage
    if stop.stopped and last.review is None:
        what = "endgame search" if helper.searched else "exhaustive search"
        err.print(
            f"The {what} did not finish in {budget:g} s: the expected guesses not marked "
            "proven are estimates (--budget gives it longer).",
            soft_wrap=True,
        )
    return last


def record_win(number: int, word: str) -> None:
    """Keep the answer of a game won on NYT puzzle `number` in the record: a contradiction is
    refused (the boundary prints the reason), an answer that cannot be kept is said."""
    from ..solver.nyt.history import NytHistoryError, RecordConflict, record_answer

    try:
        new = record_answer(number, word)
    except RecordConflict:
        raise
    except NytHistoryError as error:  # not out yet, not an NYT word, a record not saved
        err.print(f"Not kept in your record: {error}.", markup=False, soft_wrap=True)
        return
    if new:
        err.print(f"Puzzle #{number:,} is {word.upper()}: kept in your record.", soft_wrap=True)


def say_staleness(number: int) -> None:
    """One line on stderr when the record of answers ends before puzzle `number`."""
    from ..solver.nyt.history import staleness

    line = staleness(number).line
    if line:
        err.print(line, markup=False, soft_wrap=True)


def puzzle_number(text: str | None) -> int | None:
    """The --puzzle option as a number (None: today's); a bad one is refused in one line."""
    if text is None:
        return None
    from ..solver.nyt.history import parse_number

    return parse_number(text)


def assistant_after(
    rows: list[str],
    hard: bool,
    prior: Prior | None,
    answers: Path | None,
    guess_list: Path | None,
    lists: str | None = None,
    puzzle: int | None = None,
):
    """The assistant with the rows played (a bad row raises AssistantError for the boundary).

    Its word lists are the NYT's of today unless --lists names others; its prior, when none
    is named, the engine's choice (`engine.choose_prior`)."""
    from ..solver.assistant.engine import Assistant, parse_row

    if len(rows) > ROWS:
        fail(f"Wordle has six rows; {len(rows)} were given")
    chosen = assistant_lists(lists)
    if answers is not None and prior is not None and prior.weighted:
        fail(
            f"--prior {prior} weighs every allowed guess, so it would ignore --answers: "
            "drop --prior (with --answers the default is uniform) or give --prior uniform"
        )
    helper = Assistant(
        hard=hard,
        prior=prior,
        answers=answers,
        guess_list=guess_list,
        lists=chosen,
        puzzle=puzzle,
    )
    for text in rows:
        helper.add(*parse_row(text, helper.length))
    return helper


def suggest_data(helper, hard: bool, prior: str, rank: str, words: list, found: list) -> dict:
    """The assistant's view as JSON data."""
    from ..solver.nyt.history import staleness

    model = helper.prior_model()
    informative = next((s for s in found if s.entropy_best), None)
    return {
        "rows": [{"word": w, "pattern": p} for w, p in helper.rows],
        "hard": hard,
        "prior": prior,
        "prior_in_use": helper.weighting,
        "puzzle": helper.puzzle,
        **staleness(helper.puzzle).as_dict(),
        "lists": helper.lists.name if helper.lists else None,
        "prior_model": model.as_dict() if model else None,
        "likely_candidates": len(helper.likely),
        "answered_before": answered_before(helper, [w for w, _ in words]),
        "notice": helper.notice or None,
        "rank": rank,
        "candidates": len(words),
        "candidate_words": [w for w, _ in words],
        "candidate_probabilities": [round(p, 8) for _, p in words],
        "suggestions": [s.as_dict() for s in found],
        "proven": bool(found and found[0].proven),
        "entropy_best": (
            {"word": informative.word, "entropy": round(informative.entropy, 4)}
            if informative
            else None
        ),
        "reason": helper.reason(found[0]) if found else None,
    }


def answered_before(helper, words: list[str]) -> dict[str, list[dict]]:
    """The candidates that were NYT answers before this puzzle: when, by number and date."""
    found = {}
    for word in words:
        earlier = helper.answered_before(word)
        if earlier:
            found[word] = [{"number": p.number, "date": p.date.isoformat()} for p in earlier]
    return found


SUGGESTION_HEADINGS = (
    "#",
    "guess",
    "bits",
    "left",
    "worst",
    "win %",
    "answer?",
    "hard ok",
    "guesses",
)


LEGEND = (  # under the suggestions, a phrase a line
    "bits: information expected; left: answers expected to remain;",
    "guesses: expected guesses to finish, this one included (= proven exact);",
    "★ optimal tree, ◆ most bits",
)


def print_suggestions(helper, words: list, found: list) -> None:
    """The answers left, then the best next guesses as a table, then why the first: each
    wrapped to the terminal's width, the legend under the table left-justified."""
    from ..render import SEVENTH_LEGEND, likelihoods, suggestion_cells

    out.print(likelihoods(words, helper.weighting, likely=len(helper.likely)))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for heading in SUGGESTION_HEADINGS:
        table.add_column(heading, justify="left" if heading == "guess" else "right")
    for s in found:
        table.add_row(str(s.rank), *suggestion_cells(s), style="bold" if s is found[0] else "")
    out.print(table)
    seventh = [SEVENTH_LEGEND] if any(not s.within_six for s in found) else []
    out.print("\n".join([*LEGEND, *seventh]), style="dim")
    if found:
        out.print(helper.reason(found[0]))


def review(
    rows: RowsArg = None,
    share: Annotated[
        Path | None,
        typer.Option(
            help="A file with the NYT share text ('-': read it from stdin); the arguments "
            "are then the words played, in order."
        ),
    ] = None,
    hard: JudgeHardOpt = False,
    prior: PriorOpt = None,
    puzzle: PuzzleOpt = None,
    budget: BudgetOpt = 20.0,
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    lists: ListsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Review a finished game: each row against the best move then, skill and luck.

    Each row is judged under the prior the assistant shows for the puzzle (--puzzle, or the
    share's number), as the app's review is. With --share, a star in the header switches hard
    mode on, and a puzzle in the NYT record needs no answer typed: the rows are checked
    against it."""
    number = puzzle_number(puzzle)
    if share is not None:
        texts, shared = rows_from_share(share, rows or [], number)
        number = shared.number
        if shared.hard and not hard:
            hard = True
            err.print("Hard mode: the share's header has the hard-mode star.", soft_wrap=True)
    else:
        texts = rows or []
    if not texts:
        fail("give the rows played (word:pattern ...), or --share FILE and the words")
    helper = assistant_after(texts, hard, prior, answers, guess_list, lists, number)
    if helper.notice:
        err.print(helper.notice, soft_wrap=True)
    if number is not None or helper.weighting is Prior.NYT:  # the chances came from the record
        say_staleness(helper.puzzle)
    if number is not None and helper.solved:  # a won NYT share: its answer is known now
        record_win(number, helper.rows[-1][0])
    report_review(helper, budget, as_json)


def rows_from_share(share: Path, words: list[str], puzzle: int | None = None):
    """The rows (word:pattern) of a pasted share text and the words played, and the game
    (its number the header's, else `puzzle`; refused if the two differ)."""
    from dataclasses import replace

    from ..solver.assistant.puzzles import read_known
    from ..solver.assistant.share import parse_share
    from ..solver.nyt.history import load_history
    from ..solver.words import ascii_lower

    shared = parse_share(read_share(share))
    if puzzle is not None and shared.number not in (None, puzzle):
        fail(f"--puzzle {puzzle:,} but the share is of Wordle {shared.number:,}")
    if shared.number is None:
        shared = replace(shared, number=puzzle)
    known = read_known(shared, [ascii_lower(w) for w in words], load_history())
    if known.note:
        err.print(known.note, soft_wrap=True)
    return [f"{w}:{p}" for w, p in known.rows], shared


def read_share(share: Path) -> str:
    """The text of --share FILE ('-': stdin), read as every file option is: a regular file
    only (a FIFO or device is refused, never waited on), at most MAX_SHARE_BYTES, UTF-8 with
    or without a byte-order mark."""
    import sys

    from ..files import FileProblem, decode_text, read_text_file

    stdin = getattr(sys.stdin, "buffer", None)
    try:
        if str(share) != "-":
            return read_text_file(share, "share text", max_bytes=MAX_SHARE_BYTES)
        if stdin is None:
            fail("--share -: there is no standard input to read")
        data = stdin.read(MAX_SHARE_BYTES + 1)
        if len(data) > MAX_SHARE_BYTES:
            fail("--share -: more than 1 MiB on standard input is not share text")
        return decode_text(data, "standard input")
    except FileProblem as problem:
        fail(f"--share {problem}")
    except OSError as error:
        fail(f"--share -: cannot read standard input ({error.strerror or error})")


def report_review(helper, budget: float, as_json: bool) -> None:
    """The review of the rows (exact within `budget` seconds of search), as JSON or a table."""
    from ..solver.search.shared import StopRule

    stage = next(helper.review_stages(StopRule(budget)), None)
    if stage is None:  # pragma: no cover - only a caller's cancel ends a review unfinished
        fail("the review was cancelled")
    show_review(helper, stage.review, as_json)


def show_review(helper, game, as_json: bool) -> None:
    """A reviewed game, as JSON or a table."""
    if as_json:
        emit_json(review_data(helper, game))
    else:
        print_review(game)


def review_data(helper, game) -> dict:
    """A reviewed game as JSON data."""
    from ..solver.nyt.history import staleness

    return {
        "rows": [{"word": w, "pattern": p} for w, p in helper.rows],
        "hard": helper.hard,
        "prior": helper.prior,
        "prior_in_use": helper.weighting,
        "puzzle": helper.puzzle,
        **staleness(helper.puzzle).as_dict(),
        "lists": helper.lists.name if helper.lists else None,
        "analysis": [review_dict(r) for r in game.rows],
        "skill": game.skill,
        "luck": game.luck,
        "exact": game.exact,
    }


def review_dict(r) -> dict:
    """A reviewed row as JSON data."""
    return {
        "word": r.word,
        "pattern": r.pattern,
        "before": r.before,
        "after": r.after,
        "expected_left": round(r.expected_left, 2),
        "your_expected_guesses": round(r.your_value, 4),
        "best_word": r.best_word,
        "best_expected_guesses": round(r.best_value, 4),
        "loss": round(r.loss, 4),
        "skill": r.skill,
        "luck": round(r.luck, 4),
        "bits_gained": round(r.bits_gained, 3),
        "expected_bits": round(r.expected_bits, 3),
        "exact": r.exact,
        "scored": r.scored,
    }


ANALYSIS_HEADINGS = (
    "guess",
    "colours",
    "answers",
    "exp. left",
    "yours",
    "best move",
    "lost",
    "luck",
)


def print_review(game) -> None:
    """The after-game table: each row's value against the best move then."""
    from ..render import review_cells

    table = Table(
        title="Your game, row by row",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        caption="yours / best move: expected guesses to finish from that row (~ estimated); "
        "lost: the difference; luck: the chance of a worse outcome",
        caption_justify="left",
    )
    for heading in ANALYSIS_HEADINGS:
        table.add_column(heading, justify="left" if heading in ("guess", "colours") else "right")
    for r in game.rows:
        table.add_row(*review_cells(r))
    out.print(table)
    from ..solver.assistant.review import SKILL_DEFINITION

    out.print(f"Skill {game.skill}/99, luck {game.luck}/99. {SKILL_DEFINITION}")
