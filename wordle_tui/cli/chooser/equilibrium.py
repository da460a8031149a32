"""`wordle-tui equilibrium`: the game's value when both sides mix, between certified bounds."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich import box
from rich.table import Table

from ...plural import plural
from ...solver.choices import Mode
from ..common import (
    AnswersOpt,
    GuessListOpt,
    JsonOpt,
    ListsOpt,
    choice_option,
    emit_json,
    fail,
    load_game,
    out,
    progress,
)
from ..interrupts import terminate_as_interrupt

if TYPE_CHECKING:
    from ...solver.chooser.behaviour import Behaviour
    from ...solver.chooser.equilibrium import Equilibrium
    from ...solver.chooser.state import MixState
    from ...solver.chooser.trial import Trial
    from ...solver.games import Game

SHOWN_WORDS = 40  # the chooser's likeliest words in the text output (JSON has them all)
OutDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--out",
        metavar="FOLDER",
        help="Write the guesser's mixture here: each tree as tree-1.json.gz, ...; past 64 "
        "answers its chances at every set, as behaviour.json.gz.",
    ),
]


SecondsOpt = Annotated[
    float,
    typer.Option(
        "--seconds",
        min=1,
        max=1e6,
        help="Lists past 64 answers: how long to work on the bounds this run (a rough budget).",
    ),
]
ResumeOpt = Annotated[
    bool,
    typer.Option("--resume", help="Lists past 64 answers: go on from the trees found before."),
]
EquilibriumModeOpt = Annotated[
    Mode, choice_option(Mode, "mode", help="normal or hard (every guess keeps the hints).")
]
ProofOpt = Annotated[
    bool,
    typer.Option(
        "--no-proof",
        help="Lists past 64 answers: every second to the guesser's trees; the lower bound "
        "stays the trivial one (for lists whose proofs take hours).",
    ),
]

CertifyOpt = Annotated[
    float | None,
    typer.Option(
        "--certify",
        min=1.0,
        max=255.0,
        metavar="GUESSES",
        help="Lists past 64 answers: spend the run proving that no guesser needs fewer "
        "expected guesses than this against the program's chooser blended with the uniform "
        "one (--blend); proven, it is the lower bound; --resume goes on with an unfinished "
        "proof.",
    ),
]
BlendOpt = Annotated[
    float,
    typer.Option(
        "--blend",
        min=0.0,
        max=1.0,
        help="With --certify: the program's chooser's share of the chooser put to the proof "
        "(the rest is the uniform one; a flatter chooser is far quicker to prove).",
    ),
]

ClimbOpt = Annotated[
    bool,
    typer.Option(
        "--climb",
        help="Lists past 64 answers: spend the run on the lower bound: climb to the chooser "
        "whose best response needs most guesses (each step answered by the weighted proof), "
        "then prove a threshold against it (--certify, or 0.03 below the value found); "
        "--resume goes on with the climb or its proof (with --certify: the whole run proves "
        "it against the climb's centre as it stands).",
    ),
]


def equilibrium(
    lists: ListsOpt = None,
    answers: AnswersOpt = None,
    guess_list: GuessListOpt = None,
    out_dir: OutDirOpt = None,
    seconds: SecondsOpt = 600,
    resume: ResumeOpt = False,
    no_proof: ProofOpt = False,
    mode: EquilibriumModeOpt = Mode.NORMAL,
    certify: CertifyOpt = None,
    blend: BlendOpt = 0.1,
    climb: ClimbOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Wordle as a two-player game: the chooser mixes over words, the guesser over trees.
    The value between certified bounds, and both mixtures: exact for at most 64 answers,
    else bounds found within --seconds (and --resume to go on)."""
    from ...solver.chooser.equilibrium import MAX_ANSWERS
    from ...solver.chooser.equilibrium import equilibrium as solve

    the_game = load_game("wordle", answers, guess_list, lists)
    hard = mode == Mode.HARD
    trial = None if certify is None else (certify, blend)
    asked, special = ("--climb" if climb else "--certify"), trial is not None or climb
    if (climb or trial is not None) and no_proof:
        fail(f"{asked} is a proof: it cannot go with --no-proof")
    if (climb or trial is not None) and len(the_game.targets) <= MAX_ANSWERS:
        fail(f"{asked} is for lists past 64 answers (smaller ones are solved exactly)")
    tried = climbed = None
    if len(the_game.targets) > MAX_ANSWERS:
        terminate_as_interrupt()  # `kill` saves the rounds, as Ctrl-C does
        found, state = mixed(the_game, seconds, resume, not no_proof, hard, trial, climb)
        tried = state.trial if special else None
        climbed = climb_data(state) if climb else None
    else:
        with progress("the chooser against the guesser") as bar:
            found = solve(the_game, progress=lambda i, low, up: bar(i, i + 1), hard=hard)
    paths = save_mixture(the_game, found, out_dir, mode) if out_dir is not None else []
    kept = False if hard or special else keep_chooser(the_game, found)
    data = {**equilibrium_data(the_game, found, paths), "mode": mode, "kept": kept}
    if as_json:
        if climbed is not None:
            data["climb"] = climbed
        emit_json(data if tried is None else {**data, "trial": trial_data(tried, the_game)})
    else:
        print_equilibrium(found, paths)
        if climbed is not None:
            out.print(climb_line(climbed), soft_wrap=True)
        if tried is not None:
            out.print(trial_line(tried, the_game), soft_wrap=True)
        out.print(kept_line(kept, hard, special), soft_wrap=True)


def climb_data(state: MixState) -> dict:
    """The climb to the lower bound's chooser as JSON data."""
    climb = state.climb
    assert climb is not None
    return {
        "steps": climb.steps,
        "trees": len(climb.cuts),
        "found": climb.value(climb.centre),
        "seconds": climb.seconds,
    }


def climb_line(climbed: dict) -> str:
    """The climb, in words."""
    return (
        f"climb: {climbed['steps']} steps, {climbed['trees']} trees, {climbed['seconds']:.0f} s; "
        f"the best tree found against its chooser needs {climbed['found']:.4f} guesses"
    )


def trial_data(trial: Trial, game: Game) -> dict:
    """A threshold's proof as JSON data."""
    return {
        "threshold": trial.threshold,
        "blend": None if trial.climbed else trial.blend,
        "climbed": trial.climbed,
        "proven": trial.proven,
        "value": trial.value if trial.proven is not None else None,
        "settled": len(trial.settled),
        "first_guesses": len(game.guesses),
        "seconds": trial.seconds,
    }


def trial_line(trial: Trial, game: Game) -> str:
    """How a threshold's proof ended, in words."""
    against = (
        "the climb's chooser"
        if trial.climbed
        else f"the program's chooser blended {100 * trial.blend:g} % with the uniform one"
    )
    if trial.proven:
        return (
            f"proven: against {against}, no guesser needs fewer than {trial.value:.6f} "
            f"guesses on average (asked: {trial.threshold:g}): a lower bound on the game's value"
        )
    if trial.proven is False:
        return (
            f"{trial.threshold:g} does not hold against {against}: a tree needs "
            f"{trial.value:.6f} on average, and it joined the guesser's graph"
        )
    return (
        f"not finished: {len(trial.settled):,} of {len(game.guesses):,} first guesses proven "
        f"to need {trial.threshold:g} or more against {against} "
        f"({trial.seconds:.0f} s so far); --resume goes on"
    )


def kept_line(kept: bool, hard: bool, trial: bool = False) -> str:
    """What became of the run's chooser, in words."""
    if hard:
        return "hard mode's chooser is not kept: the adversary is normal mode's"
    if trial:
        return (
            "a threshold's chooser is not kept: the adversary stays the rounds' chooser, "
            "which leans on the hard words in full"
        )
    if kept:
        return (
            "this chooser is kept: games against the adversary draw from it, and the reports "
            "score strategies against it"
        )
    return "a chooser of closer bounds is kept already (for the adversary and the reports)"


def keep_chooser(game: Game, found: Equilibrium) -> bool:
    """Keep the run's chooser as the adversary of these lists, unless one of closer bounds
    is kept; whether it was."""
    from ...solver.chooser.adversary import adversary_of, keep_adversary

    return keep_adversary(game.fingerprint, game.targets, adversary_of(found))


def mixed(
    game: Game,
    seconds: float,
    resume: bool,
    prove: bool = True,
    hard: bool = False,
    trial: tuple[float, float] | None = None,
    climb: bool = False,
) -> tuple[Equilibrium, MixState]:
    """Bounds on a large game's value within `seconds`, going on from the saved trees when
    `resume` (progress on stderr, the state saved after each round); `hard`: hard mode;
    `trial`: (threshold, blend) to put to the proof instead of the rounds (and how it
    ended); `climb`: the climb to the lower bound's chooser instead, and its proof. And the
    state the run left."""
    from ...solver.cache import cache_path, read_json, write_json
    from ...solver.chooser.mixing import mix
    from ...solver.chooser.state import MixState
    from ...solver.search.rows import warm
    from ...solver.trees import fits_shipped, has_shipped, shipped_for

    tag = "-hard" if hard else ""
    path = cache_path(f"equilibrium-{game.name}-{game.fingerprint}{tag}.json")
    state = MixState.from_data(read_json(path), game, hard) if resume else None
    start, optimal = None, "optimal-hard" if hard else "optimal"
    if state is None and fits_shipped(game) and has_shipped(optimal, game):
        start = shipped_for(optimal, game)[0]

    def save(kept: MixState) -> None:
        write_json(path, kept.to_data(game))

    warm()  # the searches' compiled loops, loaded (compiled, the first time) before the clock
    began = time.monotonic()
    with progress(f"{game.name}: the chooser against the guesser") as bar:

        def heard(kept: MixState, upper: float) -> None:
            tried, lower = kept.trial, max(kept.lower, kept.certified)
            if kept.climbing and kept.climb is not None:
                found = kept.climb.value(kept.climb.centre)
                bar.describe(
                    f"climb step {kept.climb.steps}: a chooser whose best response is at most "
                    f"{found:.4f}; proven {lower:.4f}"
                )
            elif (trial or climb) and tried is not None and tried.proven is None:
                bar.describe(f"proving {tried.threshold:g}: first guesses proven no better")
                bar(len(tried.settled), len(game.guesses))
                return
            else:
                bar.describe(f"round {kept.rounds}: value {lower:.4f} to {upper:.4f}")
            bar(min(int(time.monotonic() - began), int(seconds)), int(seconds))

        try:
            found, kept = mix(
                game, seconds, state, start, heard, save, prove, hard, trial, ascend=climb
            )
        except ArithmeticError:  # the first tree: none within six rows
            fail("no strategy finds every answer within six guesses on these lists")
    return found, kept


def save_mixture(
    game: Game, found: Equilibrium, folder: Path, mode: Mode = Mode.NORMAL
) -> list[str]:
    """Each tree of the guesser's mixture as a tree file in `folder` (created if need be), or
    its behaviour as one file."""
    from ...solver.trees import save

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(f"{folder}: cannot create the folder ({error.strerror or error})")
    if found.behaviour is not None:
        return [save_behaviour(found.behaviour, folder / "behaviour.json.gz")]
    paths = []
    for number, (tree, weight) in enumerate(found.guesser, start=1):
        path = folder / f"tree-{number}.json.gz"
        save(tree, game, path, mode=mode.value, weight=weight, targets=len(game.targets))
        paths.append(str(path))
    return paths


def save_behaviour(behaviour: Behaviour, path: Path) -> str:
    """The behaviour as a gzipped JSON file; its path."""
    import gzip
    import json

    try:
        with gzip.open(path, "wt", encoding="utf-8") as handle:
            json.dump(behaviour.to_data(), handle)
    except OSError as error:
        fail(f"{path}: cannot write the file ({error.strerror or error})")
    return str(path)


def equilibrium_data(game: Game, found: Equilibrium, paths: list[str]) -> dict:
    """The equilibrium as JSON data: bounds, the chooser's words, the guesser's trees (or,
    past 64 answers, a summary of its behaviour)."""
    from ...solver.trees import to_data

    trees = []
    for number, (tree, weight) in enumerate(found.guesser):
        entry = {"weight": weight, "tree": to_data(tree, game)}
        trees.append({**entry, "file": paths[number]} if paths else entry)
    behaviour = found.behaviour
    guesser = trees if behaviour is None else behaviour_summary(behaviour, paths)
    return {
        "lower": found.lower,
        "upper": found.upper,
        "targets": len(game.targets),
        "chooser": dict(sorted(found.chooser.items(), key=lambda item: -item[1])),
        "guesser": guesser,
        "lower_by": found.lower_by,
        "iterations": found.iterations,
        "seconds": found.seconds,
    }


def behaviour_summary(behaviour: Behaviour, paths: list[str]) -> dict:
    """The behaviour in brief: its first guesses' chances, how many sets and chances it has,
    its longest game, its mean on a word drawn at random, and its file."""
    choices = sum(len(picks) for picks in behaviour.chances.values())
    summary = {
        "first_guesses": dict(behaviour.first_guesses()),
        "sets": len(behaviour.chances),
        "choices": choices,
        "longest": behaviour.longest(),
        "uniform_mean": float(behaviour.expected.mean()),
    }
    return {**summary, "file": paths[0]} if paths else summary


def print_equilibrium(found: Equilibrium, paths: list[str]) -> None:
    """The bounds, then the chooser's words and the guesser's trees with their weights."""
    exact = "exactly" if found.upper - found.lower <= 1e-9 else "at least"
    out.print(
        f"the game's value: {exact} {found.lower:.6f} guesses"
        + ("" if exact == "exactly" else f", at most {found.upper:.6f}")
        + f" ({plural(found.iterations, 'round')}, {found.seconds:.1f} s)"
    )
    if found.lower_by:
        out.print(f"the lower bound: {found.lower_by}", soft_wrap=True)
    title = "the chooser picks" if not found.lower_by else "the chooser against this mixture"
    words = Table(title=title, box=box.SIMPLE_HEAD)
    words.add_column("word")
    words.add_column("chance", justify="right")
    ranked = sorted(found.chooser.items(), key=lambda item: -item[1])
    for word, chance in ranked[:SHOWN_WORDS]:
        words.add_row(word.upper(), f"{100 * chance:.1f}%")
    out.print(words)
    if found.behaviour is not None:
        print_behaviour(found.behaviour, paths)
        return
    trees = Table(title="the guesser plays", box=box.SIMPLE_HEAD)
    trees.add_column("tree", justify="right")
    trees.add_column("first guess")
    trees.add_column("weight", justify="right")
    for number, (tree, weight) in enumerate(found.guesser, start=1):
        first = tree if isinstance(tree, str) else tree.guess
        name = paths[number - 1] if paths else str(number)
        trees.add_row(name, first.upper(), f"{100 * weight:.1f}%")
    out.print(trees)


def print_behaviour(behaviour: Behaviour, paths: list[str]) -> None:
    """The behaviour's first guesses and their chances, and what it mixes below them."""
    first = Table(title="the guesser opens with", box=box.SIMPLE_HEAD)
    first.add_column("first guess")
    first.add_column("chance", justify="right")
    for word, chance in behaviour.first_guesses()[:SHOWN_WORDS]:
        first.add_row(word.upper(), f"{100 * chance:.1f}%")
    out.print(first)
    summary = behaviour_summary(behaviour, paths)
    out.print(
        f"then it mixes at each of {summary['sets']:,} sets of answers it can reach "
        f"({summary['choices']:,} guesses with a chance); no word takes more than "
        f"{plural(summary['longest'], 'guess', 'guesses')}, and a word drawn at random needs "
        f"{summary['uniform_mean']:.4f} on average"
        + (f"; every chance is in {paths[0]}" if paths else ""),
        soft_wrap=True,
    )
