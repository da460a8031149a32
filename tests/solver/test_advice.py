"""The one way to ask the assistant for advice: `Assistant.advice`, its stages and stop rules,
and the command line and the app's worker showing exactly what it yields.

The stages are checked against the engine's own steps (`suggest`, `proven_move`, `prove`,
`value_rows`, `analysis`), never against figures typed in.
"""

from __future__ import annotations

import json
import time

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.solver import reply_for
from wordle_tui.solver.assistant.advice import ESTIMATE, EXACT, PROVEN, REVIEW, SEARCHED
from wordle_tui.solver.assistant.engine import Assistant
from wordle_tui.solver.listsets import load_set
from wordle_tui.solver.matrix import Cancelled, build_block, cancellable, clear_memory
from wordle_tui.solver.search.shared import StopRule
from wordle_tui.ui.assistant import workers

CLASSIC = load_set("classic")  # equally likely answers: the proof applies
ROWS = [("crane", "..G..")]  # off the optimal tree: the proof is a search
SOLVED = [(w, reply_for(w, "hinge")) for w in ("crane", "moist", "hinge")]
WIDE = [("crane", ".....")]  # 1,031 likely by frequency: more than any search takes (`DEEP`)
runner = CliRunner()


def helper(rows=ROWS, **options) -> Assistant:
    """A fresh assistant (its own search memo) on the classic lists."""
    return Assistant(lists=CLASSIC, rows=list(rows), **options)


class Counting:
    """A stop rule that says stop once it has been asked more than `limit` times."""

    def __init__(self, limit: float = float("inf")) -> None:
        self.limit, self.calls = limit, 0

    def __call__(self) -> bool:
        self.calls += 1
        return self.calls > self.limit


def words(found) -> list[str]:
    return [s.word for s in found]


def test_the_stages_come_in_order_each_what_the_steps_give() -> None:
    stages = list(helper().advice(10, "guesses"))
    assert [a.stage for a in stages] == [ESTIMATE, PROVEN, EXACT]
    estimate, proven, exact = stages
    steps = helper()
    found = steps.suggest(10, "guesses")
    move = steps.proven_move()
    assert estimate.suggestions == found and estimate.move is None
    assert (proven.move.word, proven.move.total) == (move.word, move.total)
    assert proven.suggestions == steps.prove(found, move, "guesses", 10)
    assert proven.suggestions[0].word == move.word and proven.suggestions[0].proven
    assert exact.suggestions == steps.value_rows(proven.suggestions, None, "guesses")
    assert exact.move == proven.move and all(s.proven for s in exact.suggestions)
    assert all(a.review is None for a in stages)


def test_a_stop_rule_that_fires_after_the_estimate_yields_only_the_estimate() -> None:
    stop = Counting(limit=0)
    stages = list(helper().advice(10, "guesses", stop))
    assert [a.stage for a in stages] == [ESTIMATE] and stop.calls == 1
    assert stages[0].suggestions == helper().suggest(10)
    rule = StopRule(0)  # no time to search: the clock starts with the search
    assert [a.stage for a in helper().advice(stop=rule)] == [ESTIMATE] and rule.stopped


def test_a_stop_rule_that_fires_after_the_proof_keeps_the_proven_stage() -> None:
    counted = Counting()
    stages = helper().advice(10, "guesses", counted)
    assert [next(stages).stage, next(stages).stage] == [ESTIMATE, PROVEN]
    proof_calls = counted.calls
    assert proof_calls > 0 and next(stages).stage == EXACT and counted.calls > proof_calls
    stop = Counting(limit=proof_calls)
    stages = list(helper().advice(10, "guesses", stop))
    assert [a.stage for a in stages] == [ESTIMATE, PROVEN] and stop.calls == proof_calls + 1


def test_a_weighted_prior_yields_the_estimate_alone_without_searching() -> None:
    stop = Counting()
    weighted = helper(WIDE, prior="frequency")
    stages = list(weighted.advice(5, "guesses", stop))
    assert [a.stage for a in stages] == [ESTIMATE] and stop.calls == 0
    assert stages[0].suggestions == weighted.suggest(5)


ENDGAME_ROWS = [(w, reply_for(w, "stalk")) for w in ("crane", "moist")]  # 34 likely left


def look_ahead(weighted: Assistant, top: int = 10) -> list:
    """The weighted prior's suggestions by the look-ahead alone (no endgame search)."""
    found = weighted.ranker.suggestions(weighted.likely, weighted.legal, top, "guesses")
    return weighted.tidy(found, "guesses")


def test_a_stop_rule_ends_the_endgame_search_and_leaves_the_look_ahead() -> None:
    weighted = helper(ENDGAME_ROWS, prior="frequency")
    assert weighted.searched  # a weighted prior with few answers left: the endgame search
    searched, estimated = weighted.suggest(10), look_ahead(weighted)
    assert words(searched) != words(estimated)  # the search changes the order here
    out_of_time = StopRule(0)
    (only,) = helper(ENDGAME_ROWS, prior="frequency").advice(10, "guesses", out_of_time)
    assert only.stage == ESTIMATE and out_of_time.stopped and only.suggestions == estimated
    roomy = StopRule(600)
    first, full = helper(ENDGAME_ROWS, prior="frequency").advice(10, "guesses", roomy)
    assert (first.stage, first.suggestions) == (ESTIMATE, estimated)  # shown at once
    assert not roomy.stopped and full.stage == SEARCHED and full.suggestions == searched


def test_a_cancel_ends_the_endgame_search_too() -> None:
    """The app's stop is a cancel, not a StopRule: it must end the endgame search as well."""
    (only,) = helper(ENDGAME_ROWS, prior="frequency").advice(10, "guesses", lambda: True)
    assert only.stage == ESTIMATE
    assert only.suggestions == look_ahead(helper(ENDGAME_ROWS, prior="frequency"))


def test_an_endgame_search_stopped_midway_answers_as_a_fresh_one_later() -> None:
    weighted = helper(ENDGAME_ROWS, prior="frequency")
    counted = Counting()
    full = weighted.compute_suggestions(10, "guesses", counted)
    assert counted.calls > 2  # asked at every node
    stop = Counting(limit=counted.calls // 2)
    assert weighted.compute_suggestions(10, "guesses", stop) == look_ahead(weighted)
    assert stop.calls == counted.calls // 2 + 1  # no node searched after it said stop
    assert weighted.compute_suggestions(10, "guesses") == full


def test_the_advice_works_on_a_snapshot_taken_when_it_starts() -> None:
    mine = helper()
    stages = mine.advice(10, "guesses")
    first = next(stages)
    mine.add("moist", reply_for("moist", "stalk"))  # the caller goes on
    rest = list(stages)
    assert [a.stage for a in rest] == [PROVEN, EXACT]
    assert rest[-1].suggestions == list(helper().advice())[-1].suggestions
    assert first.suggestions == helper().suggest(10)


def test_a_solved_game_yields_its_review_and_a_cancel_yields_nothing() -> None:
    solved = helper(SOLVED)
    stages = list(solved.advice(10, "guesses"))
    assert [a.stage for a in stages] == [REVIEW] and stages[0].suggestions == []
    assert stages[0].review == solved.analysis() and stages[0].review.exact
    assert list(helper(SOLVED).advice(stop=lambda: True)) == []
    assert list(helper(SOLVED).advice(stop=StopRule(cancel=lambda: True))) == []


def test_a_review_out_of_time_estimates_the_rows_left() -> None:
    stages = list(helper(SOLVED).review_stages(StopRule(0)))
    assert [a.stage for a in stages] == [REVIEW]
    review = stages[0].review
    assert not review.exact and review == helper(SOLVED).analysis(budget=0)
    unsolved = helper(SOLVED[:2])  # the review of any rows, finished or not
    (stage,) = unsolved.review_stages()
    assert stage.review == unsolved.analysis() and len(stage.review.rows) == 2


def test_a_stop_rule_stops_on_time_or_cancel_and_says_it_did() -> None:
    never = StopRule()
    assert not never() and not never.stopped and not never.cancelled()
    flag = []
    cancel = StopRule(60, cancel=lambda: bool(flag))
    assert not cancel()
    flag.append(True)
    assert cancel() and cancel.cancelled() and cancel.stopped
    late = StopRule(0.01)
    time.sleep(0.02)
    assert late() and late.stopped and not late.cancelled()
    late.start()  # the clock again
    assert not late()


def cli_json(*args: str) -> dict:
    result = runner.invoke(cli, [*args, "--lists", "classic", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def figures(found) -> list[tuple[str, float, bool, int]]:
    """What the command line prints of suggestions, from the engine's or its JSON."""
    rows = [s if isinstance(s, dict) else s.as_dict() for s in found]
    return [(r["word"], r["expected_guesses"], r["proven"], r["rank"]) for r in rows]


def test_the_command_line_shows_the_last_stage_the_engine_yields(home) -> None:
    rows = [f"{w}:{p}" for w, p in ROWS]
    for rank in ("guesses", "worst"):
        data = cli_json("suggest", *rows, "--prior", "uniform", "--rank", rank, "--budget", "20")
        (*_, last) = helper().advice(10, rank)
        assert last.stage == EXACT
        assert figures(data["suggestions"]) == figures(last.suggestions)
    estimate = cli_json("suggest", *rows, "--prior", "uniform", "--budget", "0")
    first = next(helper().advice(10, "guesses"))
    assert figures(estimate["suggestions"]) == figures(first.suggestions)
    assert not estimate["proven"]
    wide = [f"{w}:{p}" for w, p in WIDE]
    weighted = cli_json("suggest", *wide, "--prior", "frequency", "--top", "5")
    (only,) = helper(WIDE, prior="frequency").advice(5, "guesses")
    assert figures(weighted["suggestions"]) == figures(only.suggestions)


def test_the_command_line_budget_bounds_the_endgame_search_and_says_so(home) -> None:
    rows = [f"{w}:{p}" for w, p in ENDGAME_ROWS]
    weighted = helper(ENDGAME_ROWS, prior="frequency")
    args = ["suggest", *rows, "--prior", "frequency", "--lists", "classic", "--json"]
    searched = runner.invoke(cli, [*args, "--budget", "600"])  # time enough on a busy machine
    assert figures(json.loads(searched.stdout)["suggestions"]) == figures(weighted.suggest(10))
    assert "did not finish" not in searched.stderr
    unbounded = runner.invoke(cli, [*args, "--budget", "0"])  # no proof: the search as ever
    assert figures(json.loads(unbounded.stdout)["suggestions"]) == figures(weighted.suggest(10))
    assert "did not finish" not in unbounded.stderr
    late = runner.invoke(cli, [*args, "--budget", "0.000000001"])
    assert figures(json.loads(late.stdout)["suggestions"]) == figures(look_ahead(weighted))
    assert "The endgame search did not finish in 1e-09 s" in late.stderr


def test_the_command_line_reviews_a_solved_game_as_the_engine_does(home) -> None:
    rows = [f"{w}:{p}" for w, p in SOLVED]
    (stage,) = helper(SOLVED).advice()
    for command in ("suggest", "review"):
        data = cli_json(command, *rows, "--budget", "20")  # time enough on a busy machine
        assert (data["skill"], data["luck"], data["exact"]) == (
            stage.review.skill,
            stage.review.luck,
            stage.review.exact,
        )
        assert [(r["word"], r["best_word"]) for r in data["analysis"]] == [
            (r.word, r.best_word) for r in stage.review.rows
        ]


class Running:
    """What the worker asks of the Textual worker it runs in."""

    def __init__(self, cancelled: bool = False) -> None:
        self.is_cancelled = cancelled


def worker_posts(monkeypatch, assistant: Assistant, cancelled: bool = False) -> list:
    """The `Ready` messages the assistant worker posts for the assistant's rows."""
    monkeypatch.setattr(workers, "get_current_worker", lambda: Running(cancelled))
    worker = workers.AssistantWorker()
    posted: list = []
    monkeypatch.setattr(worker, "post_message", posted.append)
    worker.advise(assistant, "guesses")
    return [m for m in posted if isinstance(m, workers.AssistantWorker.Ready)]


def test_the_worker_posts_each_stage_the_engine_yields(monkeypatch) -> None:
    mine = helper()
    ready = worker_posts(monkeypatch, mine)
    engine = list(helper().advice(10, "guesses"))
    assert [m.stage for m in ready] == [a.stage for a in engine] == [ESTIMATE, PROVEN, EXACT]
    assert [words(m.suggestions) for m in ready] == [words(a.suggestions) for a in engine]
    assert [m.suggestions for m in ready] == [a.suggestions for a in engine]
    assert [m.move and m.move.word for m in ready] == [a.move and a.move.word for a in engine]
    assert all(m.assistant is None for m in ready)  # `load` posts a new one, before its advice
    mode = (False, "uniform", "guesses", mine.puzzle)
    assert all(m.rows == tuple(ROWS) and m.mode == mode for m in ready)


def test_a_cancelled_worker_gives_up_replies_still_to_compute_and_keeps_no_half(
    monkeypatch, home
) -> None:
    def weighted() -> Assistant:  # its replies computed as asked (a uniform prior's: at once)
        return helper(WIDE, prior="frequency")

    clear_memory()  # nothing computed yet in this process, nor cached in this data folder
    assert worker_posts(monkeypatch, weighted(), cancelled=True) == []  # none for stale rows
    fresh = next(weighted().advice()).suggestions  # the same replies computed whole, afterwards
    clear_memory()
    assert next(weighted().advice()).suggestions == fresh
    ready = worker_posts(monkeypatch, weighted(), cancelled=True)  # the replies known: no wait
    assert [m.stage for m in ready] == [ESTIMATE] and ready[0].suggestions == fresh


def test_replies_computed_in_a_cancellable_block_stop_once_it_says_so(wordle) -> None:
    guesses, targets = wordle.guesses[:3000], wordle.targets[:2000]  # three blocks of guesses
    calls = Counting(limit=1)
    with pytest.raises(Cancelled), cancellable(calls):
        build_block(wordle, guesses, targets)
    assert calls.calls == 2  # asked before each block: the second said stop
    with cancellable(None):
        whole = build_block(wordle, guesses, targets)
    assert (whole == build_block(wordle, guesses, targets)).all()


def test_the_worker_posts_the_estimate_then_the_endgame_searchs_suggestions(monkeypatch) -> None:
    ready = worker_posts(monkeypatch, helper(ENDGAME_ROWS, prior="frequency"))
    weighted = helper(ENDGAME_ROWS, prior="frequency")
    assert [m.stage for m in ready] == [ESTIMATE, SEARCHED]
    assert [m.suggestions for m in ready] == [look_ahead(weighted), weighted.suggest(10)]
    cancelled = worker_posts(monkeypatch, helper(ENDGAME_ROWS, prior="frequency"), True)
    assert [m.stage for m in cancelled] == [ESTIMATE]  # the search ended by the cancel


def test_the_worker_posts_the_review_of_a_solved_game(monkeypatch) -> None:
    ready = worker_posts(monkeypatch, helper(SOLVED))
    (stage,) = helper(SOLVED).advice()
    assert len(ready) == 1 and ready[0].review == stage.review and ready[0].suggestions == []
    assert worker_posts(monkeypatch, helper(SOLVED), cancelled=True) == []
