"""`wordle-tui play GAME`: check the request, then open the app on that game.

The games it knows, and their names, are the catalog's (`gameplay/catalog.py`).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from ..gameplay.catalog import (
    GameRequest,
    Lazy,
    find,
    hard_mode_names,
    play_help,
    play_names,
    played_as,
)
from ..solver.choices import GameName, Prior, WordleGame
from ..solver.listsets import WordListSet
from ..solver.multi.variants import MULTI_NAMES as MULTI_GAMES
from .common import SetOpt, choice_option, choose, fail, refuse, word_lists
from .launch import launch

# Ghost's options are read by Ghost's own command-line module (its folder, `wordle_tui.games`)
WITH_COMPUTERS = Lazy("wordle_tui.games.ghost.cli:with_computers")
GHOST_REQUEST = Lazy("wordle_tui.games.ghost.cli:ghost_request")

GameArg = Annotated[str, typer.Argument(help=play_help())]  # the catalog's names
HardOpt = Annotated[bool, typer.Option("--hard", help="NYT hard mode (Wordle, Evil).")]
PerfectOpt = Annotated[
    bool, typer.Option("--perfect", help="Evil: the perfect replier, who looks ahead fully.")
]
TargetOpt = Annotated[str | None, typer.Option(help="The answer (for practice and tests).")]
SeedOpt = Annotated[
    int | None, typer.Option(min=0, help="Seed for the random answer (Ghost: the watched games).")
]
DailyOpt = Annotated[bool, typer.Option("--daily", help="Today's daily puzzle, the same for all.")]
DayOpt = Annotated[int | None, typer.Option("--day", help="A past daily puzzle, by its number.")]
PriorOpt = Annotated[
    Prior | None,
    choice_option(
        Prior,
        "prior",
        help="Assistant prior: nyt (what the NYT picks; the default on the nyt lists), "
        "uniform (the default on others) or frequency.",
        show_default=False,
    ),
]
NytOpt = Annotated[
    str | None,
    typer.Option(
        "--nyt",
        metavar="N",
        help="Play NYT puzzle N with its real answer (wordle); with assistant, help with N.",
    ),
]
VariantOpt = Annotated[str, typer.Option(help="Ghost: ghost, super, superduper, xghost or spook.")]
MinLengthOpt = Annotated[int, typer.Option(help="Ghost: shortest word that counts.")]
FirstOpt = Annotated[str, typer.Option(help="Ghost: who starts, human or computer.")]
StyleOpt = Annotated[str, typer.Option(help="Ghost: the computer plays perfect or exploit.")]
WordsOpt = Annotated[Path | None, typer.Option(help="Ghost: a word list file.")]
ModeOpt = Annotated[
    str | None,
    typer.Option(help="Ghost: computer, watch, or hotseat-2, hotseat-3, hotseat-4 (people)."),
]
ComputerOpt = Annotated[
    str | None,
    typer.Option(
        "--computer",
        metavar="SEATS",
        help="Ghost hot-seat: the players the computer plays, e.g. 2,3 (with --mode hotseat-3).",
    ),
]


def play(
    game: GameArg = "wordle",
    hard: HardOpt = False,
    perfect: PerfectOpt = False,
    target: TargetOpt = None,
    seed: SeedOpt = None,
    daily: DailyOpt = False,
    day: DayOpt = None,
    prior: PriorOpt = None,
    nyt: NytOpt = None,
    variant: VariantOpt = "ghost",
    min_length: MinLengthOpt = 3,
    first: FirstOpt = "human",
    style: StyleOpt = "perfect",
    words: WordsOpt = None,
    mode: ModeOpt = None,
    computer: ComputerOpt = None,
    lists: SetOpt = None,
) -> None:
    """Open a game (or the NYT assistant) directly; --lists sets the app's word lists."""
    game = played_as(choose(game, play_names(), "game")).id
    chosen = word_lists(lists)  # an unknown or damaged set is refused before the app opens
    if game == "ghost":
        wordle_only = {"--hard": hard, "--perfect": perfect, "--target": target is not None}
        wordle_only |= {"--daily": daily}
        wordle_only |= {"--day": day is not None, "--nyt": nyt is not None}
        refuse(wordle_only | {"--prior": prior is not None}, "does not apply to ghost")
        mode = WITH_COMPUTERS(mode or "computer", computer)
        request = GHOST_REQUEST(variant, min_length, first, style, words, mode)
        launch(replace(request, seed=seed), chosen)
        return
    if words is not None:
        fail(f"--words applies to ghost, not {game}")
    if mode is not None:
        fail(f"--mode applies to ghost, not {game}")
    if computer is not None:
        fail(f"--computer applies to ghost, not {game}")
    ghost_only = {"--variant": variant.lower() != "ghost", "--min-length": min_length != 3}
    ghost_only |= {"--first": first.lower() != "human", "--style": style.lower() != "perfect"}
    refuse(ghost_only, f"applies to ghost, not {game}")
    if prior is not None and game != "assistant":
        fail(f"--prior applies to assistant, not {game}")
    if perfect and game != WordleGame.EVIL:
        fail(f"--perfect applies to evil, not {game}")
    request = replace(game_request(game, hard, target, seed, daily, prior, chosen), perfect=perfect)
    if nyt is not None:
        launch(with_nyt(request, nyt, day), chosen)
        return
    launch(with_day(request, day) if day is not None else request, chosen)


def with_nyt(request: GameRequest, text: str, day: int | None) -> GameRequest:
    """The request for NYT puzzle N: Wordle with its real answer, or the assistant on it."""
    from ..solver.nyt.history import load_history, parse_number

    number = parse_number(text)
    if request.game == "assistant":
        return replace(request, day=number)
    if request.game != WordleGame.WORDLE:
        fail(f"--nyt applies to wordle and assistant, not {request.game}")
    if day is not None or request.daily or request.target is not None or request.seed is not None:
        fail("--nyt names the puzzle; --day, --daily, --target and --seed do not apply with it")
    history = load_history()
    if history.word_of(number) is None:
        fail(
            f"NYT puzzle #{number:,} is not in the record, which ends at #{history.last:,} "
            "(add later ones with `wordle-tui nyt history add FILE`)"
        )
    return replace(request, game="nyt", day=number)


def game_request(
    game: str,
    hard: bool,
    target: str | None,
    seed: int | None,
    daily: bool,
    prior: Prior | None,
    lists: WordListSet | None = None,
) -> GameRequest:
    """A request for any other game, its options checked against the game and lists."""
    from ..gameplay.statistics import COMPUTER_GUESSES

    if game == "assistant" and (target or daily or seed is not None):
        fail("the assistant helps with the real game; --target, --seed and --daily do not apply")
    jotto_computer = game in COMPUTER_GUESSES
    if jotto_computer and (target or daily or seed is not None):
        fail(f"in {game} you think of the word; --target, --seed and --daily do not apply")
    if game == "watch" and (daily or seed is not None):
        fail("watch plays the --target you name (or a random one); --seed and --daily do not apply")
    if game == WordleGame.ADVERSARY:
        checked_adversary(target, daily, lists)
    if target is not None:
        target = checked_target(game, target, lists)
    if daily and game == WordleGame.EVIL:
        fail("Evil Wordle has no fixed answer; --daily does not apply")
    if daily and (target is not None or seed is not None):
        fail("the daily puzzle's answer is the same for everyone; --target and --seed do not apply")
    if hard and has_no_hard_mode(game):
        fail(f"--hard applies to {hard_mode_names()}, not {game}")
    return GameRequest(game, hard=hard, target=target, seed=seed, daily=daily, prior=prior)


def checked_adversary(target: str | None, daily: bool, lists: WordListSet | None) -> None:
    """The adversary picks the word itself, from the chooser kept for the word lists."""
    from ..gameplay.roles import NoAdversary, adversary_for

    if target is not None or daily:
        fail("the adversary picks the word; --target and --daily do not apply")
    if lists is not None:
        try:
            adversary_for(lists)
        except NoAdversary as problem:
            fail(str(problem))


def has_no_hard_mode(game: str) -> bool:
    """Whether `game` is played in rounds that have no hard mode, or is a screen such as
    Watch (the assistant and the reports take --hard as they are opened)."""
    entry = find(game)
    if entry is None:
        return False
    return (entry.round is not None or entry.kind == "screen") and not entry.hard_mode


def with_day(request: GameRequest, day: int) -> GameRequest:
    """The request for daily puzzle `day`, if it is Wordle's (or a multi-board game's) and that
    day has come."""
    from ..gameplay.daily import NoSuchDay, check_day

    if request.game != WordleGame.WORDLE and request.game not in MULTI_GAMES:
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
    if game in MULTI_GAMES:
        return checked_answers(game, target, lists)
    if game == WordleGame.EVIL:
        fail("Evil Wordle has no fixed answer; --target does not apply")
    jotto = game in (GameName.JOTTO, GameName.JOTTO_POSITIONS)  # both on the same words
    allowed = jotto_game(lists).targets if jotto else answers_and_guesses(lists)[0]
    if target not in allowed:
        where = f" on the word-list set {lists.name!r}" if lists else ""
        fail(f"{target!r} is not a possible {game} answer{where}")
    return target


def checked_answers(game: str, target: str, lists: WordListSet | None = None) -> str:
    """A multi-board game's --target: its answers, comma separated, one per board, distinct
    and possible answers on `lists`."""
    from ..gameplay.multi import MultiRound

    answers = tuple(a.strip() for a in target.split(","))
    try:
        MultiRound(game, answers, lists=lists) if lists else MultiRound(game, answers)
    except ValueError as problem:
        fail(f"--target for {game}: {problem} (give its answers, comma separated)")
    return ",".join(answers)
