"""`wordle-tui ghost solve`: Ghost and its variants solved, and what to memorise; and the
options of `wordle-tui play ghost`, checked (`ghost_request`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...cli.boundary import BoundaryGroup
from ...cli.common import JsonOpt, choose, emit_json, fail, out, progress
from ...gameplay.catalog import GHOST_MODES, GHOST_VARIANTS, GameRequest

ghost_app = typer.Typer(
    cls=BoundaryGroup,
    help="Ghost, SuperGhost, SuperDuperGhost, Xghost and Spook.",
    rich_markup_mode=None,
)
VariantOpt = Annotated[str, typer.Option(help="ghost, super, superduper, xghost or spook.")]
MinLengthOpt = Annotated[int, typer.Option(help="Shortest word that ends the game.")]
WordsOpt = Annotated[Path | None, typer.Option(help="Word list file (default: ENABLE).")]
RulesOpt = Annotated[bool, typer.Option("--rules", help="Print every rule to remember.")]
SHOWN_RULES = 12


@ghost_app.command("solve", short_help="Who wins with perfect play, and how to win.")
def ghost_solve(
    variant: VariantOpt = "ghost",
    min_length: MinLengthOpt = 3,
    words: WordsOpt = None,
    rules: RulesOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Who wins with perfect play, the winning first plays, and what to memorise."""
    from .solver.report import solve_report

    variant = choose(variant, GHOST_VARIANTS, "variant")
    if min_length < 1:
        fail("--min-length must be at least 1")
    with progress(f"solving {variant}"):
        data = solve_report(variant, min_length, words)
    if as_json:
        emit_json({k: v for k, v in data.items() if k != "key"})
        return
    print_ghost(data)
    print_rules(data["strategy"], every=rules)


def print_ghost(data: dict) -> None:
    """Who wins, the winning first plays and (for plain Ghost) each player's outcomes."""
    who = "first" if data["first_player_wins"] else "second"
    out.print(
        f"{data['variant']}, words of {data['min_length']}+ letters: {data['fragments']:,} "
        f"fragments; the {who} player wins with perfect play.",
        soft_wrap=True,
    )
    out.print(
        f"Fragments: {data['fragments_before_pruning']:,} before pruning, "
        f"{data['fragments_reachable']:,} reachable in play, {data['fragments']:,} kept.",
        soft_wrap=True,
    )
    first = data["winning_first_plays"]
    out.print("Winning first plays: " + (", ".join(first) if first else "none"))
    for player, found in (data["outcomes"] or {}).items():
        winners, losers = found["winners"], found["losers"]
        lost = f"; losers ({len(losers)}): {' '.join(losers)}" if losers else ""
        out.print(
            f"Outcomes for player {int(player) + 1} ({len(winners) + len(losers)}): "
            f"winners ({len(winners)}): {' '.join(winners)}{lost}",
            soft_wrap=True,
        )


def print_rules(strategy: dict, every: bool) -> None:
    """The winner's strategy to remember: the first few rules, or (`every`) the whole tree."""
    checked = strategy["verified"]
    verdict = (
        f"verified: it wins all {checked['games']:,} games against every defence"
        if checked["won"]
        else f"NOT verified: {checked['failure']}"
    )
    out.print(
        f"Player {strategy['winner'] + 1}'s winning strategy needs {strategy['size']} rules "
        f"({strategy['positions']} positions reachable; {verdict}):",
        soft_wrap=True,
    )
    if every:
        out.print("Play the only letter that keeps a word possible where no rule applies.")
        for line in strategy["tree"]:
            out.print("  " + line, soft_wrap=True, highlight=False)
        return
    shown = strategy["rules"][:SHOWN_RULES]
    more = " … (--rules for the whole tree)" if len(strategy["rules"]) > SHOWN_RULES else ""
    out.print("  " + ", ".join(f"{f or '(start)'} → {p}" for f, p in shown) + more, soft_wrap=True)


def with_computers(mode: str, computer: str | None) -> str:
    """The Ghost mode, checked, with the computer as the hot-seat players `computer` names
    ("2,3"): `hotseat-3-c23`."""
    mode = choose(mode, GHOST_MODES, "Ghost mode")
    if computer is None:
        return mode
    if not mode.startswith("hotseat-"):
        fail("--computer applies to hot-seat (--mode hotseat-2, hotseat-3 or hotseat-4)")
    from .gameplay.referee import hotseat_mode

    seats = [part.strip() for part in computer.split(",")]
    if not all(part.isascii() and part.isdigit() for part in seats):
        fail(f"--computer takes player numbers separated by commas, like 2,3, not {computer!r}")
    return hotseat_mode(int(mode.split("-")[1]), [int(part) for part in seats])


def ghost_request(
    variant: str,
    min_length: int,
    first: str,
    style: str,
    words: Path | None,
    mode: str = "computer",
) -> GameRequest:
    """A Ghost request (`wordle-tui play ghost`), its word list read and checked before the app
    opens."""
    variant = choose(variant, GHOST_VARIANTS, "variant")
    first = choose(first, ("human", "computer"), "first player")
    style = choose(style, ("perfect", "exploit"), "style")
    from .gameplay.referee import MIN_LENGTHS

    if min_length not in MIN_LENGTHS:  # the game would quietly play with 3
        fail(
            f"--min-length must be from {MIN_LENGTHS[0]} to {MIN_LENGTHS[-1]} "
            f"(the shortest words the game offers), not {min_length}"
        )
    if words is not None:
        from .solver.cache import read_words

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
