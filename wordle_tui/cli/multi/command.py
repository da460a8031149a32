"""`report -g dordle|quordle|octordle|sedecordle|duotrigordle` (seeded games) and
`suggest -g ...` (the next guess)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.table import Table

from ...plural import plural
from ..common import emit_json, fail, out, progress

if TYPE_CHECKING:
    from ...solver.games import Game

DEFAULT_GAMES = 1000
MAX_GAMES = 1_000_000


def games_checked(games: int | None) -> int:
    """The number of games asked for (default 1,000), refused outside 1 to 1,000,000."""
    games = DEFAULT_GAMES if games is None else games
    if not 1 <= games <= MAX_GAMES:
        fail(f"--games must be between 1 and {MAX_GAMES:,}; got {games:,}")
    return games


def multi_report(
    name: str, game: Game, games: int | None, seed: int, measure: str | None, as_json: bool
) -> None:
    """Play seeded games of a multi-board variant and print the result."""
    from ...solver.multi.simulate import simulate
    from ...solver.multi.strategy import DEFAULT_MEASURE, MEASURES, MultiSolver
    from ...solver.multi.variants import variant
    from ..common import choose

    count = games_checked(games)
    measure = choose(measure or DEFAULT_MEASURE, MEASURES, "measure")
    rules = variant(name)
    if len(game.targets) < rules.boards:
        fail(f"{rules.title} needs at least {rules.boards} answers")
    solver = MultiSolver(game, measure=measure)
    with progress(f"{rules.name}: {plural(count, 'game')}") as bar:
        result = simulate(solver, rules, count, seed, bar)
    if as_json:
        emit_json(result.as_dict())
        return
    print_result(result)


def print_result(result) -> None:
    """A simulation as text: the games, the wins, the mean, the distribution."""
    rules = result.variant
    won = 100 * result.wins / result.games
    mean = "-" if result.mean is None else f"{result.mean:.3f}"
    out.print(
        f"{rules.name}: {rules.boards} boards in {rules.limit} guesses, measure {result.measure}, "
        f"{plural(result.games, 'seeded game')} (seed {result.seed})",
        soft_wrap=True,
    )
    out.print(f"won {result.wins:,} of {result.games:,} ({won:.2f}%); mean {mean} guesses")
    view = Table(title="guesses used", box=box.SIMPLE_HEAD)
    view.add_column("guesses", justify="right")
    view.add_column("games", justify="right")
    for used, count in result.distribution.items():
        view.add_row(used, f"{count:,}")
    out.print(view)


def parse_multi_row(text: str, boards: int) -> tuple[str, list[str | None]]:
    """A row `word:colours,colours,...`, a colouring per board in order (empty for a board
    solved before), as (word, patterns)."""
    from ...solver.assistant.patterns import parse_pattern
    from ...solver.words import ascii_lower

    word, colon, rest = text.strip().partition(":")
    shown = text if len(text) <= 60 else text[:60] + "…"
    if not colon:
        fail(f"{shown!r}: write a row as word:colours,colours,… (a colouring per board)")
    fields = rest.split(",")
    if len(fields) != boards:
        fail(f"{shown!r}: {plural(len(fields), 'colouring')} for {boards} boards")
    return ascii_lower(word.strip()), [parse_pattern(f) if f.strip() else None for f in fields]


def multi_suggest(name: str, rows: list[str], top: int, game: Game, as_json: bool) -> None:
    """Each board's answers left after the rows, and the best next guesses."""
    from ...solver.multi.state import from_rows
    from ...solver.multi.strategy import MultiSolver
    from ...solver.multi.variants import variant
    from ...solver.replies import reply_code

    rules = variant(name)
    parsed = [parse_multi_row(row, rules.boards) for row in rows]
    coded = [(w, [None if p is None else reply_code(p) for p in ps]) for w, ps in parsed]
    solver = MultiSolver(game)
    try:
        state = from_rows(
            game.index, solver.matrix, len(game.targets), rules.boards, rules.limit, coded
        )
    except ValueError as error:
        fail(str(error))
    ranked = [] if state.over else solver.rank(state, top)
    data = suggest_data(game, rules, parsed, state, ranked)
    if as_json:
        emit_json(data)
    else:
        print_suggestions(data)


SHOWN_WORDS = 12  # answers listed per board


def suggest_data(game: Game, rules, parsed: list, state, ranked: list) -> dict:
    """The position and the suggestions as JSON data."""
    boards = []
    for b in range(rules.boards):
        words = [game.targets[t] for t in state.candidates[b]]
        boards.append(
            {"board": b + 1, "solved_at": state.solved_at[b], "left": len(words), "words": words}
        )
    return {
        "game": rules.name,
        "rows": [{"word": w, "colours": ps} for w, ps in parsed],
        "guesses_left": state.left,
        "won": state.won,
        "boards": boards,
        "suggestions": [
            {
                "word": game.guesses[r.guess],
                "chance": None if r.exact is None else round(r.exact.chance, 6),
                "expected": None if r.exact is None else round(r.exact.expected, 4),
                "score": round(r.score, 4),
                "forced": r.forced,
            }
            for r in ranked
        ],
    }


def print_suggestions(data: dict) -> None:
    """The boards and the ranked guesses as text."""
    out.print(
        f"{data['game']}: {plural(data['guesses_left'], 'guess', 'guesses')} left", soft_wrap=True
    )
    for board in data["boards"]:
        if board["solved_at"] is not None:
            out.print(f"board {board['board']}: solved on guess {board['solved_at']}")
            continue
        words = " ".join(w.upper() for w in board["words"][:SHOWN_WORDS])
        more = "" if board["left"] <= SHOWN_WORDS else " …"
        left = plural(board["left"], "answer")
        out.print(f"board {board['board']}: {left} left: {words}{more}", soft_wrap=True)
    if data["won"] or not data["suggestions"]:
        out.print("every board is solved" if data["won"] else "no guesses left")
        return
    exact = data["suggestions"][0]["chance"] is not None
    if exact:
        how = "searched to the end: the chance to finish within the limit, then expected guesses"
    elif data["suggestions"][0]["forced"]:
        how = "forced: a board with one answer left (too many answers left to search to the end)"
    else:
        how = "by the summed measure over the boards (too many answers left to search to the end)"
    out.print(f"best next guesses, {how}", soft_wrap=True)
    view = Table(box=box.SIMPLE_HEAD)
    view.add_column("#", justify="right")
    view.add_column("guess")
    if exact:
        view.add_column("finish", justify="right")
        view.add_column("expected", justify="right")
    view.add_column("score", justify="right")
    for rank, s in enumerate(data["suggestions"], start=1):
        cells = [str(rank), s["word"].upper()]
        if exact:
            cells += [f"{100 * s['chance']:.1f}%", f"{s['expected']:.3f}"]
        view.add_row(*cells, f"{s['score']:.3f}")
    out.print(view)
