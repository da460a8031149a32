"""The Typer app: every command group registered, in the order `--help` lists them."""

from __future__ import annotations

from typing import Annotated

import typer

from ..games.explorer.cli import command as tree
from ..games.ghost import cli as ghost
from ..games.mastermind.cli import command as mastermind
from . import (
    evil,
    launch,
    lists,
    nyt,
    play,
    play_out,
    reports,
    stats,
    suggest,
    version_text,
)
from .boundary import BoundaryGroup
from .chooser import command as chooser
from .chooser import equilibrium
from .history import command as history
from .search import command as search
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
# Each command's line in `--help`, whole: Click would cut the docstring's first sentence at
# about 45 characters ("summary,..."). These fit an 80-column terminal (tests/cli/test_cli_help.py).
app.command(short_help="Score a strategy over every target word.")(reports.report)
app.command("first-guesses", short_help="The best and worst first guesses by each metric.")(
    reports.first_guesses
)
app.command(short_help="The game Evil Wordle forces on a greedy tree.")(evil.evil)
app.command(short_help="The word to choose against a known strategy: its hardest.")(chooser.chooser)
app.command(short_help="The chooser against the guesser: the game's value (small lists).")(
    equilibrium.equilibrium
)
app.command("play-out", short_help="Watch the solver play one target, row by row.")(
    play_out.play_out
)
app.command(short_help="What is still possible after your rows; the best guesses.")(suggest.suggest)
app.command(short_help="A finished game, each row against the best move.")(suggest.review)
app.command(short_help="Open a game, a tool or Watch directly (see play --help).")(play.play)
app.command(short_help="Your statistics: played, won, streaks, guesses.")(stats.stats)
app.command(short_help="Search the tree with the fewest guesses in total.")(search.solve)
app.command(short_help="Rank first guesses by the best tree after each (slow).")(search.openers)
app.command(short_help="Serve the app to web browsers, an app per tab.")(serve.serve)
app.add_typer(ghost.ghost_app, name="ghost")
app.add_typer(
    lists.lists_app, name="lists", short_help="Word-list sets: the answers and guesses used."
)
app.add_typer(nyt.nyt_app, name="nyt")
app.add_typer(
    history.history_app, name="history", short_help="Your games out to CSV or JSON, and back in."
)
app.add_typer(mastermind.mastermind_app, name="mastermind")
app.add_typer(
    tree.tree_app, name="tree", short_help="A strategy's guess tree: browse it, or export it."
)
