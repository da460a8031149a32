"""The chooser-guesser game on lists too large for an exact best response: bounds that hold,
found within a time budget and resumable.

- **Upper bound.** The guesser mixes at every set of answers it reaches (a `Behaviour`): the
  best behaviour over the guesses tried so far is one linear program over a graph of sets
  (`SetGraph.solve`), and its expected guesses are summed word by word, so whatever word the
  chooser picks, the behaviour needs at most `upper` guesses on average.
- **Each round** answers the program's chooser, the one who hurts the current behaviour most:
  - by the weighted proof over every guess on the words it weighs (`respond`, `WeightedProof`),
    with the behaviour's upper bound as the threshold, when it finishes within half the run's
    time (two misses in a row and the run stops trying until its last tenth): its best tree
    joins the graph and its value is a certified lower bound (if none beats the upper bound,
    the bounds meet); past half its time a tree found that beats the upper bound will do;
  - by a weighted top-k search of the whole game (`WeightedTreeSearch`) for an even blend of
    the chooser and the uniform one (the chooser alone puts its weight on a few words and gets
    a tree good for them only), and the first guesses that blend favours (`add_openers`);
  - at each set the behaviour reaches where the chooser has weight, largest stake first, by a
    search of that set alone for the chooser's words there (`widen_sets`); a set whose search
    finds nothing better tries more first guesses the next round.
  Every answer of each small set is one of its guesses too (`add_answers`), so the behaviour
  can take the words of a group like -ATCH in any order.
- **Lower bound.** The best of the proven ones: the uniform chooser's, answered by the exact
  search over every guess (`Position.best`, the proof of the optimal tree), the rounds' proven
  responses, and a threshold proven against a blend of the program's chooser and the uniform
  one (`certify`). No guesser does better than `lower` against its chooser, so no mixture does
  better in the game.

`MixState` holds the graph and what was proven, so a later run goes on where this one
stopped (`to_data`, `from_data`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np

from ..games import Game
from ..matrix import reply_matrix
from ..search.position import Position
from ..search.rows import warm
from ..search.shared import SearchInterrupted
from ..tree import Tree, tree_scores
from .behaviour import ROOT, Behaviour, SetGraph
from .climb import Climb
from .equilibrium import SLACK, TOLERANCE, Equilibrium
from .proof import WeightedProof, proven_chooser
from .state import MixState
from .trial import Trial
from .weighted import WeightedTreeSearch, subtree

BLEND = 0.5  # the program's own chooser's share in the chooser the whole game's search answers
LOCAL_BLEND = 0.8  # its share in the chooser a set's own search answers
FLOOR = 1e-6  # every word's least weight in a search, so no word is left to chance
ROUNDS_SHARE = 0.9  # of the time given; the rest goes to proving the last chooser's best
TOP_K, ROOT_K = 3, 6  # guesses tried per node and at the root by each round's search
LOCAL_FROM = 3  # sets this large or larger get searches of their own
OPENERS = 4  # first guesses added each round beside the whole game's search
EXACT_FIRST = 10.0  # seconds an exact response may take beyond the rounds' own time
RESPOND_SHARE = 0.02  # or this share of the rounds' time left, if more
MISSES = 2  # exact responses out of time in a row, after which a run tries no more
LOCAL_SETS = 400  # sets searched on their own each round, largest stake first
WIDER, WIDEST = 3, 162  # a set whose search found nothing better tries 3 times the guesses
ROOT_WIDEST = 18  # the whole game's search at most (each first guess is a whole search)
SAVE_EVERY = 300.0  # seconds between saves of a threshold's proof as first guesses settle
CLIMB_SHARE = 0.5  # of a climbing run's time, to the climb; the rest to its centre's proof
MARGIN = 0.03  # a climb's centre is put to the proof this far below the value found for it


def prove_uniform(
    game: Game, matrix: np.ndarray, cancel: Callable[[], bool], hard: bool = False
) -> float | None:
    """The uniform chooser's least expected guesses, proven by the exact search (None if
    cancelled first); `hard`: every guess keeping the hints."""
    everything = np.arange(len(game.targets), dtype=np.int32)
    legal = np.ones(len(game.guesses), dtype=bool) if hard else None
    try:
        move = Position(game, matrix, everything, legal, 0).best(cancel)
    except SearchInterrupted:
        return None
    return move.total / len(game.targets)


def certify(
    state: MixState,
    chooser: np.ndarray,
    threshold: float,
    blend: float,
    stop: Callable[[], bool],
    save: Callable[[MixState], None] | None = None,
    progress: Callable[[MixState], None] | None = None,
    climbed: bool = False,
) -> Trial:
    """Put `threshold` to the proof against the program's `chooser` blended with the uniform
    one (`blend` of it), or against `chooser` itself if `climbed` (the climb's centre), going
    on with the state's trial of the same threshold and chooser if unfinished: proven, the
    chooser certifies the lower bound; beaten, the tree that beats it joins the graph (and the
    climb's cuts). The trial, kept in the state (saved as first guesses are settled)."""
    graph = state.graph
    trial = state.trial
    if trial is None or not trial.goes_on(threshold, blend, climbed):
        fresh = Trial.of_climb(chooser, threshold) if climbed else None
        trial = state.trial = fresh or Trial.of(chooser, threshold, blend)
    said = time.monotonic()

    def heard() -> None:
        nonlocal said
        if progress is not None:
            progress(state)
        if save is not None and time.monotonic() - said > SAVE_EVERY:
            said = time.monotonic()
            save(state)

    verdict = trial.prove(graph.game, graph.matrix, graph.hard, stop, heard)
    if verdict is not None and verdict.proven and verdict.value > state.certified:
        state.certified, state.certificate = verdict.value, trial.certificate(graph.game)
    elif verdict is not None and verdict.tree is not None:
        graph.add_tree(verdict.tree)
        complete(graph, trial.chooser)
        if state.climb is not None:
            state.climb.add(verdict.tree, graph.game)
    return trial


def climb(
    state: MixState,
    stop: Callable[[], bool],
    save: Callable[[MixState], None] | None = None,
    progress: Callable[[MixState], None] | None = None,
) -> Climb:
    """Climb towards the chooser whose best response needs most guesses (`climb.Climb`) until
    `stop`, going on with the state's climb: each point the proof answers in full certifies
    the lower bound, and each tree it finds joins the graph (a guesser strong against such
    choosers)."""
    graph = state.graph
    climbing = state.climb = state.climb or Climb.start(graph)
    state.climbing = True
    said = time.monotonic()
    while not stop():
        point, verdict = climbing.step(graph, stop)
        if verdict is not None and verdict.tree is not None:
            graph.add_tree(verdict.tree)
        if verdict is not None and verdict.best and verdict.value > state.certified:
            state.certified, state.certificate = verdict.value, proven_chooser(point, graph.game)
        if progress is not None:
            progress(state)
        if save is not None and time.monotonic() - said > SAVE_EVERY:
            said = time.monotonic()
            save(state)
    complete(graph)
    state.climbing = False
    return climbing


def climb_and_certify(
    state: MixState,
    threshold: float | None,
    end: float,
    save: Callable[[MixState], None] | None = None,
    progress: Callable[[MixState], None] | None = None,
) -> None:
    """Until `end`: `climb` for CLIMB_SHARE of the time, then put the centre to the proof at
    `threshold`, unless the state's trial of the centre is unfinished, or a threshold is asked
    of a climb already made: then all the time goes to its proof. Without a threshold, MARGIN
    below the best tree found against the centre (in thousandths), and lower again, below the
    tree that beats it, until one is proven."""
    kept = state.trial
    goes_on = kept is not None and kept.climbed and kept.proven is None
    goes_on = goes_on and (threshold is None or kept is not None and kept.threshold == threshold)
    if state.climb is None or not goes_on and threshold is None:
        now = time.monotonic()
        climb(state, until(now + CLIMB_SHARE * (end - now)), save, progress)
    climbed = state.climb
    assert climbed is not None
    first = kept.threshold if goes_on and kept is not None else threshold
    while time.monotonic() < end:
        below = math.floor((climbed.value(climbed.centre) - MARGIN) * 1000) / 1000
        trying = first if first is not None else below
        if trying <= lower_of(state):  # nothing to gain
            break
        trial = certify(state, climbed.centre, trying, 1.0, until(end), save, progress, True)
        if trial.proven is not False or threshold is not None:
            break  # proven, or out of time, or the threshold asked for is beaten
        first = None


def mix(
    game: Game,
    seconds: float,
    state: MixState | None = None,
    start: Tree | None = None,
    progress: Callable[[MixState, float], None] | None = None,
    save: Callable[[MixState], None] | None = None,
    prove: bool = True,
    hard: bool = False,
    trial: tuple[float, float] | None = None,
    ascend: bool = False,
) -> tuple[Equilibrium, MixState]:
    """Bounds on the game's value after `seconds` more of work (see the module); with a
    `trial` (threshold, blend), every second after the uniform proof goes to `certify`; with
    `ascend`, to `climb` and then to the climb's centre put to the proof (at the trial's
    threshold if one is given).

    `start` is a first tree (the shipped optimal one, say); `progress(state, upper)` hears
    each round, `save(state)` is handed the state after each round to keep. Without `prove`
    every second goes to the rounds, and the lower bound is the trivial one: for lists whose
    proofs take hours, when the guesser's behaviour and the chooser are what is wanted."""
    if prove:
        warm()  # the exact search's compiled loops, loaded before the clock starts
    clock = time.monotonic()
    end = clock + seconds
    deadline = clock + ROUNDS_SHARE * seconds if prove else end  # the rest: proving
    matrix = reply_matrix(game)
    state = state or MixState(SetGraph(game, matrix, hard))
    graph = state.graph

    time_up = until(deadline)
    if not graph.edges:
        uniform = np.ones(len(game.targets))
        graph.add_tree(start if start is not None else _search(game, matrix, uniform, None, hard))
        complete(graph)
    if not state.lower_proven:
        proven = prove_uniform(game, matrix, time_up, hard) if prove else None
        if proven is not None:
            state.lower, state.lower_proven = proven, True
        else:  # each answer takes a guess, and all but one a second
            state.lower = max(state.lower, 2 - 1 / len(game.targets))
        if save:
            save(state)  # the proof is kept even if the rounds are interrupted
    behaviour = graph.solve()
    exact_time = search_time = 0.0  # at most half the time (and EXACT_FIRST) on the former
    misses = 0  # exact responses in a row that ran out of time
    if ascend or trial is not None:
        upper = behaviour.upper
        heard = None if progress is None else (lambda kept: progress(kept, upper))
        if ascend:
            climb_and_certify(state, None if trial is None else trial[0], end, save, heard)
        else:
            assert trial is not None
            certify(state, behaviour.chooser, *trial, until(end), save, heard)
        behaviour = graph.solve()  # with the trees that beat a threshold, or the climb's
        time_up = until(clock)  # no rounds, nor the last proof of them
    while not time_up() and behaviour.upper - lower_of(state) > TOLERANCE:
        began = time.monotonic()
        if prove and misses < MISSES:
            share = RESPOND_SHARE * (deadline - began)  # a large list's proof needs minutes
            cap = min(deadline, began + max(EXACT_FIRST + search_time - exact_time, share))
            hurry = until(began + (cap - began) / 2)  # then a tree that beats it will do
            answered = respond(state, behaviour.chooser, until(cap), behaviour.upper, hurry)
            misses = 0 if answered else misses + 1
            exact_time += time.monotonic() - began
        if behaviour.upper - lower_of(state) > TOLERANCE:
            middle = time.monotonic()
            widen(graph, behaviour, time_up)
            search_time += time.monotonic() - middle
        behaviour = graph.solve()
        state.rounds += 1
        state.seconds += time.monotonic() - clock
        clock = time.monotonic()
        if save:
            save(state)
        if progress:
            progress(state, behaviour.upper)
    if prove and trial is None and behaviour.upper - lower_of(state) > TOLERANCE:
        respond(state, behaviour.chooser, until(end), behaviour.upper)
    state.seconds += time.monotonic() - clock
    if save:
        save(state)
    lower, upper = lower_of(state), behaviour.upper
    if state.certified > state.lower:  # a chooser of the rounds, its exact response proven
        words, lower_by = state.certificate, None
    else:
        chooser = behaviour.chooser
        words = {w: float(p) for w, p in zip(game.targets, chooser, strict=True) if p > SLACK}
        lower_by = (
            "the uniform chooser, whose best response the exact search proves"
            if state.lower_proven
            else "the uniform chooser (not proven"
            + (" within the time" if prove else ", no proof asked")
            + ": each answer takes a guess, all but one a second)"
        )
    found = Equilibrium(
        min(lower, upper), upper, words, [], state.rounds, state.seconds, lower_by, behaviour
    )
    return found, state


def until(moment: float) -> Callable[[], bool]:
    """A stop: whether the monotonic clock is past `moment`."""
    return lambda: time.monotonic() > moment


def lower_of(state: MixState) -> float:
    """The best lower bound proven: the uniform chooser's, or a chooser's of the rounds."""
    return max(state.lower, state.certified)


def respond(
    state: MixState,
    chooser: np.ndarray,
    stop: Callable[[], bool],
    upper: float = math.inf,
    hurry: Callable[[], bool] | None = None,
) -> bool:
    """Answer `chooser` by the weighted proof over every guess, on the words it weighs, with
    the behaviour's `upper` as the threshold, if it finishes before `stop`; whether it did.
    Its best tree joins the graph (completed for the words it was not asked to find), and
    its value, or the proof that no tree beats `upper`, is a lower bound the chooser
    certifies. Once `hurry` says so, the best tree found so far will do (no bound then)."""
    graph = state.graph
    game = graph.game
    support = np.flatnonzero(chooser > SLACK)
    words = tuple(game.targets[i] for i in support)
    sub = Game(game.name, game.rules, words, game.guesses)
    columns = np.ascontiguousarray(graph.matrix[:, support])
    proof = WeightedProof(sub, columns, chooser[support], graph.hard, stop, hurry=hurry)
    try:
        verdict = proof.below(upper)
    except SearchInterrupted:
        return False
    # the least any tree needs, proven (the chooser the proof answered, as whole numbers)
    if verdict.best and verdict.value > state.certified:
        state.certified = verdict.value
        state.certificate = proven_chooser(np.where(chooser > SLACK, chooser, 0.0), game)
    if verdict.tree is not None:
        graph.add_tree(verdict.tree)
        complete(graph, chooser)
    return True


def widen(graph: SetGraph, behaviour: Behaviour, stop: Callable[[], bool]) -> None:
    """One round's new guesses against the program's chooser (see the module): a tree for
    the whole game and new first guesses, then a tree for each set reached where the chooser
    has weight, until `stop`; the graph is left complete either way."""
    chooser = behaviour.chooser
    leaning = BLEND * chooser + (1 - BLEND) / len(chooser)
    width = graph.widths.get(ROOT, ROOT_K)
    try:
        tree = _search(graph.game, graph.matrix, leaning, stop, graph.hard, width)
    except TimeoutError:
        return
    except ArithmeticError:  # no tree of the guesses tried within six rows
        pass
    else:
        if not graph.holds(tree) or width >= ROOT_WIDEST:
            graph.add_tree(tree)
        else:  # a tree it has: look wider next time
            graph.widths[ROOT] = WIDER * width
    add_openers(graph, leaning)
    widen_sets(graph, behaviour, stop)
    complete(graph)


def widen_sets(graph: SetGraph, behaviour: Behaviour, stop: Callable[[], bool]) -> None:
    """A search of each set the behaviour reaches where the chooser has weight (the
    LOCAL_SETS largest stakes first) for the chooser's words there; its tree joins the graph
    if it beats what the set has, else the set tries more first guesses next time."""
    game, chooser = graph.game, behaviour.chooser
    stakes = []
    for s, reach in behaviour.reach.items():
        targets = graph.members[s]
        weight = float(chooser[targets].sum())
        if s != ROOT and len(targets) >= LOCAL_FROM and weight > SLACK:
            stakes.append((-reach * weight, s))
    now = behaviour.values(chooser)
    for _, s in sorted(stakes)[:LOCAL_SETS]:
        if stop():
            break
        targets = graph.members[s]
        width = graph.widths.get(s, ROOT_K)  # first guesses tried (TOP_K below them)
        try:
            tree = subtree(
                game,
                graph.matrix,
                targets,
                leaning_in(chooser, targets),
                graph.allows(s) if graph.hard else None,
                TOP_K,
                width,
            )
        except ArithmeticError:  # no tree of the guesses tried within six rows: keep the rest
            continue
        scores = tree_scores(tree)
        cost = sum(float(chooser[t]) * scores[game.targets[t]] for t in targets.tolist())
        if cost < now[s] - SLACK:
            graph.add_tree(tree, s)
        elif width < WIDEST:  # nothing better among these guesses: try more next time
            graph.widths[s] = WIDER * width


def leaning_in(chooser: np.ndarray | None, targets: np.ndarray) -> np.ndarray:
    """The weights a set's own search answers: the chooser's words there (LOCAL_BLEND of it)
    blended with the set's uniform chooser; the uniform one alone without a chooser or weight."""
    uniform = np.full(len(targets), 1 / len(targets))
    if chooser is None or chooser[targets].sum() <= SLACK:
        return uniform
    here = chooser[targets] / chooser[targets].sum()
    leaning: np.ndarray = LOCAL_BLEND * here + (1 - LOCAL_BLEND) * uniform + FLOOR
    return leaning


def add_openers(graph: SetGraph, weights: np.ndarray, count: int = OPENERS) -> None:
    """The `count` first guesses leaving these weights least mass that the graph lacks, each
    completed by equal-weight searches of its groups (the next rounds tune them)."""
    search = WeightedTreeSearch(graph.game, graph.matrix, weights + FLOOR, hard=graph.hard)
    everything = graph.members[ROOT]
    legal = graph.allows(ROOT) if graph.hard else None
    ranked, _ = search.ranked(everything, weights[everything] + FLOOR, count + ROOT_K, legal)
    tried = {g for s, g in graph.edges if s == ROOT}
    for guess in [g for g in ranked.tolist() if g not in tried][:count]:
        graph.children(ROOT, guess)
    complete(graph, weights)


def complete(graph: SetGraph, chooser: np.ndarray | None = None) -> None:
    """Every small set's answers as its guesses, and a tree for each set with no guess yet
    (a search for the `chooser`'s words there, blended with equal weights as the sets' own
    searches are; equal weights alone if none), so the behaviour has a guess wherever it can
    go."""
    graph.add_answers()
    while bare := graph.bare():
        for s in bare:
            targets = graph.members[s]
            weights = leaning_in(chooser, targets)
            legal = graph.allows(s) if graph.hard else None
            try:
                tree = subtree(graph.game, graph.matrix, targets, weights, legal)
            except ArithmeticError:  # not within six rows (hard mode's traps): in any number
                tree = subtree(graph.game, graph.matrix, targets, weights, legal, rows=255)
            graph.add_tree(tree, s)
        graph.add_answers()


def _search(
    game: Game,
    matrix: np.ndarray,
    weights: np.ndarray,
    stop: Callable[[], bool] | None,
    hard: bool = False,
    root_k: int = ROOT_K,
) -> Tree:
    """A good tree for these weights (every answer kept in play by FLOOR), trying `root_k`
    first guesses."""
    search = WeightedTreeSearch(
        game, matrix, weights + FLOOR, top_k=TOP_K, root_k=root_k, stop=stop, hard=hard
    )
    return search.tree()[1]
