"""What the commands share: the consoles, the common options, word lists, JSON and progress.

Data goes to `out` (stdout); progress and errors go to `err` (stderr). Nothing here imports
Textual, so the report commands start fast.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Column

from ..errors import WordleTuiError
from ..solver.choices import (
    Choice,
    GameName,
    Measure,
    Metric,
    Policy,
    Ties,
    UnknownChoice,
    member,
    names,
)
from ..solver.listsets import default_set, load_set
from ..solver.names import GAME_NAMES

if TYPE_CHECKING:  # NumPy is loaded by the commands that need it, not by every command
    from ..solver.games import Game
    from ..solver.listsets import WordListSet

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

STRATEGIES = names(Metric)  # the metrics, and `random`
POLICY_NAMES = names(Policy)


class CliError(WordleTuiError):
    """A command-line value that makes no sense; the error boundary prints the message."""


def fail(message: str) -> NoReturn:
    """Refuse the command: the boundary prints `wordle-tui: error: <message>`, exit code 2."""
    raise CliError(message)


def choice_option(kind: type[Choice], what: str, *flags: str, **option: Any) -> Any:
    """A typer option typed with the enum `kind` (named `flags`, else after its parameter):
    its members listed in the help, any case taken, another name refused as `choose` refuses
    one (one line, exit code 2)."""

    def parse(text: str) -> Choice:
        try:
            return member(kind, text, what)
        except UnknownChoice as error:
            fail(str(error))

    return typer.Option(*flags, parser=parse, metavar=f"[{'|'.join(kind)}]", **option)


def names_option(options: tuple[str, ...], what: str, *flags: str, **option: Any) -> Any:
    """A typer option taking one of `options` (any case; the value in lower case), listed in
    the help, another name refused as `choose` refuses one (one line, exit code 2): for a
    choice of names from more than one enum."""

    def parse(text: str) -> str:
        return choose(text, options, what)

    return typer.Option(*flags, parser=parse, metavar=f"[{'|'.join(options)}]", **option)


def refuse(given: dict[str, bool], why: str) -> None:
    """Refuse the first option `given` (its name: whether it was) with `why` it is no use, in
    one line (exit code 2), rather than ignore it."""
    for option, present in given.items():
        if present:
            fail(f"{option} {why}")


def choose(value: str, options: tuple[str, ...], what: str) -> str:
    """Check a named choice, case-insensitively."""
    value = value.lower()
    if value not in options:
        fail(f"unknown {what} {value!r}; choose one of: {', '.join(options)}")
    return value


def load_game(
    name: str, answers: Path | None, guess_list: Path | None, lists: str | None = None
) -> Game:
    """The game with its word lists (a bad list raises WordListError for the boundary).

    `lists` names a word-list set; `answers` and `guess_list` files replace its lists.
    """
    from ..solver.games import make_game

    return make_game(choose(name, GAME_NAMES, "game"), answers, guess_list, word_lists(lists))


def word_lists(name: str | None) -> WordListSet | None:
    """The set named by --lists, or None when none is (the classic set to `make_game`, the
    settings' to the app); an unknown name is refused."""
    return None if name is None else load_set(name)


def assistant_lists(name: str | None) -> WordListSet:
    """The set named by --lists, or the NYT's of today: the assistant's lists (`suggest`,
    `review`, `solve ROW...`, `report --strategy assistant`)."""
    return default_set() if name is None else load_set(name)


def strategy_of(game: Game, metric: str | None, guesses: str | None) -> tuple[str, str]:
    """The metric and policy asked for, defaulting to the game's own."""
    metric = choose(metric or game.default_metric, STRATEGIES, "metric")
    policy = choose(guesses or game.default_policy, POLICY_NAMES, "guess policy")
    return metric, policy


def emit_json(data: object) -> None:
    """Print one JSON document to stdout."""
    write_stdout(json.dumps(data, indent=2) + "\n")


def write_stdout(text: str) -> None:
    """Write `text` to standard output; a closed or failing stdout is a one-line error."""
    stream = sys.stdout
    if stream is None:  # started with stdout closed (`>&-`)
        fail("standard output is closed: nothing can be written (redirect it to a file)")
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:  # `| head -1`: the boundary drops the rest quietly
        raise
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        fail(f"cannot write to standard output: {reason}")


GameOpt = Annotated[
    GameName,
    choice_option(
        GameName, "game", "--game", "-g", help="wordle, jotto, antiwordle or jotto-positions."
    ),
]
MetricOpt = Annotated[
    Metric | None,
    choice_option(
        Metric, "metric", help="max, expectation, neg_entropy, entropy, partitions or random."
    ),
]
GuessesOpt = Annotated[
    Policy | None,
    choice_option(
        Policy,
        "guess policy",
        "--guesses",
        help="Guess policy: consistent, hard, norvig, inconsistent or all.",
    ),
]
TiesOpt = Annotated[
    Ties,
    choice_option(
        Ties,
        "tie rule",
        help="Ties between guesses: alpha (a possible answer, then more groups, a smaller "
        "expected and largest group, then alphabetical; list order never matters), a-z (the "
        "alphabetically first: the original notebooks' rule on their alphabetical lists) or "
        "list (the first in the lists' order, as their min(guesses, key=metric)).",
    ),
]
# `report --metric`: one board's metrics, and the multi-board solver's measures (entropy is both)
METRICS_AND_MEASURES = tuple(dict.fromkeys((*names(Metric), *names(Measure))))
ReportMetricOpt = Annotated[
    str | None,
    names_option(
        METRICS_AND_MEASURES,
        "metric",
        "--metric",
        help="max, expectation, neg_entropy, entropy, partitions or random; with -g dordle, "
        "quordle, ... duotrigordle: weighted (default), entropy or ambiguous.",
    ),
]
AnswersOpt = Annotated[Path | None, typer.Option(help="Target words file, one a line.")]
GuessListOpt = Annotated[Path | None, typer.Option(help="Allowed guesses file, one a line.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]
ListsOpt = Annotated[
    str | None,
    typer.Option(
        "--lists",
        metavar="NAME",
        help="A word-list set (see `wordle-tui lists`); --answers/--guess-list replace its lists.",
    ),
]
SetOpt = Annotated[  # for the commands without --answers and --guess-list
    str | None,
    typer.Option("--lists", metavar="NAME", help="A word-list set (see `wordle-tui lists`)."),
]
SeedOpt = Annotated[int, typer.Option(min=0, help="Seed for the random guesser.")]

PROGRESS_DELAY = 1.0  # seconds of work before any progress is shown
PROGRESS_EVERY = 5.0  # seconds between plain progress lines when stderr is not a terminal


class LazyProgress:
    """A progress callback that reports on stderr once work has run for `delay` seconds.

    On a terminal it shows a Rich bar; otherwise (a log, a pipe) it prints a plain line such as
    `searching for the shortest forced win: 12 of 300` every `every` seconds.
    """

    def __init__(
        self,
        description: str,
        delay: float = PROGRESS_DELAY,
        every: float = PROGRESS_EVERY,
        console: Console | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.description = description
        self.delay, self.every = delay, every
        self.console = console or err
        self.clock = clock
        self.started = clock()
        self.last_line: float | None = None
        self.bar: Progress | None = None
        self.task: TaskID | None = None  # the bar's task, made with the bar

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        if self.bar is None and now - self.started < self.delay:
            return
        if self.bar is not None or self.console.is_terminal:
            self._show_bar(done, total)
        elif self.last_line is None or now - self.last_line >= self.every:
            self.last_line = now
            line = f"{self.description}: {done:,} of {total:,}"
            self.console.print(line, markup=False, highlight=False, soft_wrap=True)

    def describe(self, description: str) -> None:
        """Say something new beside the count (the bar's text, or the next plain line's)."""
        self.description = description
        if self.bar is not None and self.task is not None:
            self.bar.update(self.task, description=description)

    def _show_bar(self, done: int, total: int) -> None:
        if self.bar is None or self.task is None:
            self.bar = Progress(
                # a long description wraps (at 80 columns it pushed the count off the line)
                TextColumn("{task.description}", table_column=Column(overflow="fold")),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=self.console,
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task(self.description, total=total)
        self.bar.update(self.task, completed=done, total=total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


@contextmanager
def progress(description: str) -> Iterator[LazyProgress]:
    """A LazyProgress that is always closed."""
    bar = LazyProgress(description, PROGRESS_DELAY, PROGRESS_EVERY)
    try:
        yield bar
    finally:
        bar.close()
