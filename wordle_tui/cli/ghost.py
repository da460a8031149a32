"""`wordle-tui ghost solve`: Ghost and its variants solved, and what to memorize."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..gameplay.catalog import GHOST_VARIANTS
from .boundary import BoundaryGroup
from .common import JsonOpt, choose, emit_json, fail, out, progress

ghost_app = typer.Typer(
    cls=BoundaryGroup, help="Ghost, SuperGhost and SuperDuperGhost.", rich_markup_mode=None
)
VariantOpt = Annotated[str, typer.Option(help="ghost, super or superduper.")]
MinLengthOpt = Annotated[int, typer.Option(help="Shortest word that ends the game.")]
WordsOpt = Annotated[Path | None, typer.Option(help="Word list file (default: ENABLE).")]
RulesOpt = Annotated[bool, typer.Option("--rules", help="Print every rule to remember.")]
SHOWN_RULES = 12


@ghost_app.command("solve")
def ghost_solve(
    variant: VariantOpt = "ghost",
    min_length: MinLengthOpt = 3,
    words: WordsOpt = None,
    rules: RulesOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Who wins with perfect play, the winning first plays, and what to memorize."""
    from ..solver.ghost_cache import solved
    from ..solver.ghost_summary import memorizable, outcomes

    variant = choose(variant, GHOST_VARIANTS, "variant")
    if min_length < 1:
        fail("--min-length must be at least 1")
    with progress(f"solving {variant}"):
        vocab = solved(variant, min_length, words)
    sets = {p: outcomes(vocab, p) for p in (0, 1)} if variant == "ghost" else None
    memo = memorizable(vocab)
    if as_json:
        emit_json(ghost_data(vocab, variant, min_length, sets, memo))
        return
    print_ghost(vocab, variant, min_length, sets)
    print_rules(memo, every=rules)


def ghost_data(vocab, variant: str, min_length: int, sets: dict | None, memo) -> dict:
    """A solved Ghost variant as JSON data."""
    return {
        "variant": variant,
        "min_length": min_length,
        "fragments": vocab.fragments,
        "words": len(vocab.words),
        "first_player_wins": bool(vocab.win[0]),
        "winning_first_plays": vocab.winning_plays(""),
        "outcomes": None
        if sets is None
        else {
            str(p): {"winners": list(o.winners), "losers": list(o.losers)} for p, o in sets.items()
        },
        "strategy": {
            "winner": memo.winner,
            "size": memo.size,
            "positions": memo.positions,
            "rules": [list(r) for r in memo.rules],
        },
    }


def print_ghost(vocab, variant: str, min_length: int, sets: dict | None) -> None:
    """Who wins, the winning first plays and (for plain Ghost) each player's outcomes."""
    who = "first" if vocab.win[0] else "second"
    out.print(
        f"{variant}, words of {min_length}+ letters: {vocab.fragments:,} fragments; "
        f"the {who} player wins with perfect play.",
        soft_wrap=True,
    )
    first = vocab.winning_plays("")
    out.print("Winning first plays: " + (", ".join(first) if first else "none"))
    for player, found in (sets or {}).items():
        losers = f"; losers ({len(found.losers)}): {' '.join(found.losers)}" if found.losers else ""
        total = len(found.winners) + len(found.losers)
        out.print(
            f"Outcomes for player {player} ({total}): winners ({len(found.winners)}): "
            f"{' '.join(found.winners)}{losers}",
            soft_wrap=True,
        )


def print_rules(memo, every: bool) -> None:
    """The winner's strategy as rules to remember (the first few, or `every` one)."""
    out.print(
        f"Player {memo.winner}'s winning strategy needs {memo.size} rules "
        f"({memo.positions} positions reachable):",
        soft_wrap=True,
    )
    shown = memo.rules if every else memo.rules[:SHOWN_RULES]
    more = "" if every or len(memo.rules) <= SHOWN_RULES else " … (--rules for all)"
    out.print("  " + ", ".join(f"{f or '(start)'} → {p}" for f, p in shown) + more, soft_wrap=True)
