"""`wordle-tui play GAME`: check the request, then open the app on that game."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from ..gameplay.catalog import GHOST_MODES, GHOST_VARIANTS, GameRequest
from ..solver.listsets import WordListSet
from .common import ListsOpt, choose, fail, word_lists
from .launch import launch

PLAYABLE = ("wordle", "jotto", "evil", "antiwordle", "assistant", "ghost", "reports")

GameArg = Annotated[
    str, typer.Argument(help="wordle, jotto, evil, antiwordle, ghost, assistant, or reports.")
]
HardOpt = Annotated[bool, typer.Option("--hard", help="NYT hard mode (Wordle, Evil).")]
TargetOpt = Annotated[str | None, typer.Option(help="The answer (for practice and tests).")]
SeedOpt = Annotated[
    int | None, typer.Option(min=0, help="Seed for the random answer (Ghost: the watched games).")
]
DailyOpt = Annotated[bool, typer.Option("--daily", help="Today's daily puzzle, the same for all.")]
DayOpt = Annotated[int | None, typer.Option("--day", help="A past daily puzzle, by its number.")]
PriorOpt = Annotated[str, typer.Option(help="Assistant prior: uniform or frequency.")]
VariantOpt = Annotated[str, typer.Option(help="Ghost: ghost, super or superduper.")]
MinLengthOpt = Annotated[int, typer.Option(help="Ghost: shortest word that counts.")]
FirstOpt = Annotated[str, typer.Option(help="Ghost: who starts, human or computer.")]
StyleOpt = Annotated[str, typer.Option(help="Ghost: the computer plays perfect or exploit.")]
WordsOpt = Annotated[Path | None, typer.Option(help="Ghost: a word list file.")]
ModeOpt = Annotated[
    str | None,
    typer.Option(help="Ghost: computer, watch, or hotseat-2, hotseat-3, hotseat-4 (people)."),
]


def play(
    game: GameArg = "wordle",
    hard: HardOpt = False,
    target: TargetOpt = None,
    seed: SeedOpt = None,
    daily: DailyOpt = False,
    day: DayOpt = None,
    prior: PriorOpt = "uniform",
    variant: VariantOpt = "ghost",
    min_length: MinLengthOpt = 3,
    first: FirstOpt = "human",
    style: StyleOpt = "perfect",
    words: WordsOpt = None,
    mode: ModeOpt = None,
    lists: ListsOpt = None,
) -> None:
    """Open a game (or the NYT assistant) directly; --lists sets the app's word lists."""
    game = choose(game, PLAYABLE, "game")
    prior = choose(prior, ("uniform", "frequency"), "prior")
    chosen = word_lists(lists)  # an unknown or damaged set is refused before the app opens
    if game == "ghost":
        request = ghost_request(variant, min_length, first, style, words, mode or "computer")
        launch(replace(request, seed=seed), chosen)
        return
    if words is not None:
        fail(f"--words applies to ghost, not {game}")
    if mode is not None:
        fail(f"--mode applies to ghost, not {game}")
    request = game_request(game, hard, target, seed, daily, prior, chosen)
    launch(with_day(request, day) if day is not None else request, chosen)


def ghost_request(
    variant: str,
    min_length: int,
    first: str,
    style: str,
    words: Path | None,
    mode: str = "computer",
) -> GameRequest:
    """A Ghost request, its word list read and checked before the app opens."""
    variant = choose(variant, GHOST_VARIANTS, "variant")
    mode = choose(mode, GHOST_MODES, "Ghost mode")
    first = choose(first, ("human", "computer"), "first player")
    style = choose(style, ("perfect", "exploit"), "style")
    if min_length < 1:
        fail("--min-length must be at least 1")
    if words is not None:
        from ..solver.ghost_cache import read_words

        read_words(words)  # a missing, empty or bad file is refused here, in one line
    return GameRequest(
        "ghost",
        ghost_variant=variant,
        min_length=min_length,
        first=first,
        style=style,
        words=None if words is None else str(words),
        ghost_mode=mode,
    )


def game_request(
    game: str,
    hard: bool,
    target: str | None,
    seed: int | None,
    daily: bool,
    prior: str,
    lists: WordListSet | None = None,
) -> GameRequest:
    """A request for any other game, its options checked against the game and lists."""
    if game == "assistant" and (target or daily or seed is not None):
        fail("the assistant helps with the real game; --target, --seed and --daily do not apply")
    if target is not None:
        target = checked_target(game, target, lists)
    if daily and game == "evil":
        fail("Evil Wordle has no fixed answer; --daily does not apply")
    if daily and (target is not None or seed is not None):
        fail("the daily puzzle's answer is the same for everyone; --target and --seed do not apply")
    if hard and game in ("jotto", "antiwordle"):
        fail(f"--hard applies to wordle and evil, not {game}")
    return GameRequest(game, hard=hard, target=target, seed=seed, daily=daily, prior=prior)


def with_day(request: GameRequest, day: int) -> GameRequest:
    """The request for daily puzzle `day`, if it is Wordle and that day has come."""
    from ..gameplay.daily import NoSuchDay, check_day

    if request.game != "wordle":
        fail(f"--day applies to wordle, not {request.game}")
    if request.daily or request.target is not None or request.seed is not None:
        fail("--day names the answer; --daily, --target and --seed do not apply with it")
    try:
        return replace(request, day=check_day(day))
    except NoSuchDay as problem:
        fail(str(problem))


def checked_target(game: str, target: str, lists: WordListSet | None = None) -> str:
    """The --target word, lower-cased, if it is a possible answer of `game` on `lists`."""
    from ..gameplay.jotto import jotto_game
    from ..gameplay.wordle import word_lists as answers_and_guesses
    from ..solver.words import ascii_lower

    target = ascii_lower(target.strip())
    if game == "evil":
        fail("Evil Wordle has no fixed answer; --target does not apply")
    allowed = jotto_game(lists).targets if game == "jotto" else answers_and_guesses(lists)[0]
    if target not in allowed:
        where = f" on the word-list set {lists.name!r}" if lists else ""
        fail(f"{target!r} is not a possible {game} answer{where}")
    return target
