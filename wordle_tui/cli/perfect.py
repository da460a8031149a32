"""`wordle-tui evil --perfect [--play W1,W2,...]`: the game's minimax value and the replies of
the perfect evil replier, who keeps the words needing the most guesses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..plural import plural
from .common import emit_json, fail, out, progress

if TYPE_CHECKING:
    from ..solver.games import Game
    from ..solver.search.minimax import Value


def perfect_evil(
    game: Game, play: str | None, as_json: bool, hard: bool = False, witness: bool = False
) -> None:
    """The value of the whole game, then, for each guess of `play`, the perfect reply and
    what the words it keeps still need (in hard mode each guess must keep the hints); with
    `witness`, the shipped witness for these lists is checked first and bounds the value."""
    import numpy as np

    from ..solver.play import wordle_hard_mode_problem
    from ..solver.search.minimax import Minimax, tree_upper_bound

    words = [w.strip().lower() for w in play.split(",")] if play else []
    for word in words:
        if word not in game.index:
            fail(f"{word.upper() or '(empty)'} is not in the guess list")
    search = Minimax(game, hard=hard)
    targets = np.arange(len(game.targets), dtype=np.int32)
    legal = search.start()
    proven = 0
    if witness:
        from ..solver.search.witness import witness_lower_bound

        with progress("checking the witness (on the classic lists about 17 minutes of CPU)"):
            proven = witness_lower_bound(game, hard)
    with progress("the game's minimax value"):
        value = search.value(targets, tree_upper_bound(game, hard), legal, proven)
    steps: list[tuple[str, int, int, Value, int]] = []
    history: list[tuple[str, str]] = []
    for turn, word in enumerate(words, start=1):
        problem = wordle_hard_mode_problem(history, word) if hard else None
        if problem is not None:
            fail(f"hard mode refuses {word.upper()}: {problem}")
        guess = game.index[word]
        with progress(f"the perfect reply to {word.upper()}"):
            reply, kept = search.perfect_reply(targets, guess, legal)
        targets = targets[search.matrix[guess, targets] == reply]
        legal = search.after(legal, guess, reply)
        history.append((word, game.show(reply)))
        steps.append((word, reply, len(targets), kept, turn))
        if reply == game.rules.win:
            break
    if as_json:
        emit_json(
            {
                "value": value.lower if value.proved else None,
                "lower": value.lower,
                "upper": value.upper,
                "proved": value.proved,
                "witness": proven if witness else None,
                "replies": [
                    {
                        "guess": word,
                        "reply": game.show(reply),
                        "left": left,
                        "needs": bounds(kept),
                        "proved": kept.proved,
                    }
                    for word, reply, left, kept, _ in steps
                ],
            }
        )
        return
    out.print(value_line(value), soft_wrap=True)
    for word, reply, left, kept, turn in steps:
        if reply == game.rules.win:
            out.print(f"{turn}. {word.upper()}  {game.show(reply)}  solved in {turn}")
            continue
        out.print(
            f"{turn}. {word.upper()}  {game.show(reply)}  {plural(left, 'word')} left, "
            f"{needs_text(kept)}; no one can win this in fewer than {turn + kept.lower}",
            soft_wrap=True,
        )


def bounds(value: Value) -> int | list[int | None]:
    """A value as JSON: the number when proved, else [lower, upper]."""
    return value.lower if value.proved else [value.lower, value.upper]


def needs_text(value: Value) -> str:
    """What the words kept still need, in words."""
    if value.proved:
        return f"they need {plural(value.lower, 'more guess', 'more guesses')}"
    most = "" if value.upper is None else f" and at most {value.upper}"
    return f"they need at least {value.lower}{most} more (not proved within the budget)"


def value_line(value: Value) -> str:
    """The game's minimax value, or its bounds."""
    if value.proved:
        return (
            f"The perfect evil replier: no one can win in fewer than "
            f"{plural(value.lower, 'guess', 'guesses')}, and some strategy always wins in "
            f"{value.lower} (proved)."
        )
    most = "" if value.upper is None else f", and some strategy always wins in {value.upper}"
    return (
        f"The perfect evil replier: no one can win in fewer than {value.lower} guesses{most}; "
        f"{value.lower} was not ruled out within the search's budget."
    )
