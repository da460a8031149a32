"""The Typer app: every command group registered, in the order `--help` lists them."""

from __future__ import annotations

from typing import Annotated

import typer

from . import (
    evil,
    ghost,
    launch,
    lists,
    nyt,
    play,
    reports,
    search,
    stats,
    suggest,
    version_text,
)
from .boundary import BoundaryGroup
from .mastermind import command as mastermind
from .serve import command as serve


def print_version(value: bool) -> None:
    """The eager `--version` option: print `wordle-tui X.Y.Z` and stop."""
    if value:
        typer.echo(version_text())
        raise typer.Exit()


VersionOpt = Annotated[
    bool,
    typer.Option(
        "--version", "-V", is_eager=True, callback=print_version, help="Print the version."
    ),
]


def main_callback(
    ctx: typer.Context,
    data_dir: launch.DataDirOpt = None,
    lists: launch.AppListsOpt = None,
    version: VersionOpt = False,
) -> None:
    """With no command, open the game app."""
    launch.main_callback(ctx, data_dir, lists)


app = typer.Typer(
    cls=BoundaryGroup,
    add_completion=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    help="Word games in the terminal, and the strongest offline Wordle assistant. With no "
    "command, wordle-tui opens the app (its home screen); a command below runs on its own.",
)
app.callback(invoke_without_command=True)(main_callback)
app.command()(reports.report)
app.command("first-guesses")(reports.first_guesses)
app.command()(evil.evil)
app.command("play-out")(reports.play_out)
app.command()(suggest.suggest)
app.command()(suggest.review)
app.command()(play.play)
app.command()(stats.stats)
app.command()(search.solve)
app.command()(search.openers)
app.command()(serve.serve)
app.add_typer(ghost.ghost_app, name="ghost")
app.add_typer(lists.lists_app, name="lists")
app.add_typer(nyt.nyt_app, name="nyt")
app.add_typer(mastermind.mastermind_app, name="mastermind")
