"""`wordle-tui` with no command opens the app; `--data-dir` picks where files are kept.

This is the only module that imports the Textual app, and only inside `launch`, so the report
commands never load Textual.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from ..gameplay.catalog import GameRequest
from ..paths import HOME_VARIABLE, data_home, expand
from ..paths import data_dir as make_data_dir
from ..solver.listsets import WordListSet
from .common import fail, word_lists

DataDirOpt = Annotated[
    str | None,
    typer.Option(metavar="<path>", help=f"Keep history and caches here (or set {HOME_VARIABLE})."),
]
AppListsOpt = Annotated[
    str | None,
    typer.Option(
        "--lists",
        metavar="NAME",
        help="The word-list set for this run of the app (and for the command after it).",
    ),
]


def launch(request: GameRequest | None = None, lists: WordListSet | None = None) -> None:
    """Open the app and run it until it quits; exit with its code (1 after a crash).

    `lists` is the word-list set for this run (None: the one chosen in the app's settings).
    """
    from ..ui.app import run_app

    code = run_app(request, lists)
    if code:
        raise typer.Exit(code)


def use_data_dir(value: str) -> Path:
    """Point WORDLE_TUI_HOME at the folder named by --data-dir, after checking it is usable."""
    if not value.strip():
        fail("--data-dir is empty; name a folder (or leave the option out)")
    folder = expand(value, "--data-dir").resolve()
    if folder.exists() and not folder.is_dir():
        fail(f"--data-dir {folder} is a file, not a folder")
    os.environ[HOME_VARIABLE] = str(folder)
    make_data_dir()  # create it now: a folder that cannot be made is refused before any work
    return folder


def main_callback(
    ctx: typer.Context, data_dir: DataDirOpt = None, lists: AppListsOpt = None
) -> None:
    """With no command, open the game app."""
    if data_dir is not None:
        use_data_dir(data_dir)
    data_home()  # a WORDLE_TUI_HOME naming no usable folder (~nosuchuser) is refused here
    chosen = word_lists(lists)  # after --data-dir: a user's set lives there
    if ctx.invoked_subcommand is None:
        launch(lists=chosen)
    elif lists is not None:  # `wordle-tui --lists NAME report`: the command's default
        ctx.default_map = {**(ctx.default_map or {}), ctx.invoked_subcommand: {"lists": lists}}
