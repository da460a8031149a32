"""The Typer app: every command group registered, in the order `--help` lists them."""

from __future__ import annotations

import typer

from . import evil, ghost, launch, lists, play, reports, search, stats, suggest
from .boundary import BoundaryGroup

app = typer.Typer(
    cls=BoundaryGroup,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    help="Word games in the terminal, and the strongest offline Wordle assistant.",
)
app.callback(invoke_without_command=True)(launch.main_callback)
app.command()(reports.report)
app.command("first-guesses")(reports.first_guesses)
app.command()(evil.evil)
app.command("play-out")(reports.play_out)
app.command()(suggest.suggest)
app.command()(play.play)
app.command()(stats.stats)
app.command()(search.solve)
app.command()(search.openers)
app.add_typer(ghost.ghost_app, name="ghost")
app.add_typer(lists.lists_app, name="lists")
