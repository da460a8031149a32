"""Choices are types: the priors, rankings and modes as enums, each default decided once (the
engine's), `None` meaning one thing, and an option that does not apply refused, not ignored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.cli.common import assistant_lists
from wordle_tui.solver.assistant.engine import Assistant, AssistantError, choose_prior
from wordle_tui.solver.choices import Mode, Prior, Rank, UnknownChoice, member, names
from wordle_tui.solver.games import make_game
from wordle_tui.solver.listsets import default_set, load_set

runner = CliRunner()
WORDS = Path(__file__).parents[2].joinpath("wordlists", "wordle-answers.txt").read_text().split()


# The enums and what they know


def test_each_prior_knows_whether_it_is_exact_weighted_and_its_label() -> None:
    assert names(Prior) == ("nyt", "uniform", "frequency")
    assert [p for p in Prior if p.exact] == [Prior.UNIFORM]
    assert [p for p in Prior if p.weighted] == [Prior.NYT, Prior.FREQUENCY]
    labels = [p.label for p in Prior]
    assert labels == ["the NYT's picks", "the answer list", "by word frequency"]
    assert [p.following() for p in Prior] == [Prior.UNIFORM, Prior.FREQUENCY, Prior.NYT]


def test_rankings_and_modes_are_enums_too() -> None:
    assert names(Rank) == ("guesses", "entropy", "worst")
    assert [r.label for r in Rank] == ["fewest guesses", "most bits", "best worst case"]
    assert Rank.WORST.following() is Rank.GUESSES
    assert names(Mode) == ("normal", "hard")
    assert Mode.of(True) is Mode.HARD and Mode.HARD.hard and not Mode.of(False).hard


def test_a_member_is_its_name_as_a_string_and_in_json() -> None:
    assert Prior.NYT == "nyt" and f"{Rank.ENTROPY}" == "entropy" and str(Mode.HARD) == "hard"
    data = {"prior": Prior.FREQUENCY, "rank": Rank.GUESSES, "mode": Mode.NORMAL}
    assert json.dumps(data) == '{"prior": "frequency", "rank": "guesses", "mode": "normal"}'
    assert {"nyt": 1}[Prior.NYT] == 1


def test_a_name_is_read_in_any_case_and_a_bad_one_names_the_choices() -> None:
    assert member(Prior, "UNIFORM", "prior") is Prior.UNIFORM
    assert member(Rank, Rank.WORST, "rank") is Rank.WORST
    with pytest.raises(UnknownChoice, match="unknown prior 'zipf'; choose one of: nyt, "):
        member(Prior, "Zipf", "prior")
    with pytest.raises(AssistantError, match="unknown ranking 'best'"):
        Assistant(lists=None).suggest(3, rank="best")


# Defaults: the engine's, once


def test_the_engine_decides_the_default_prior() -> None:
    nyt, classic = default_set(), load_set("classic")
    assert choose_prior(None, nyt) is Prior.NYT
    assert choose_prior(None, classic) is Prior.UNIFORM
    assert choose_prior(None, None) is Prior.UNIFORM  # None: the classic set
    assert choose_prior(None, nyt, answers="mine.txt") is Prior.UNIFORM  # an answer list
    assert choose_prior("frequency", classic) is Prior.FREQUENCY
    with pytest.raises(AssistantError, match="unknown prior"):
        choose_prior("zipf", nyt)


def test_none_as_a_word_list_set_means_the_classic_set_everywhere() -> None:
    classic = load_set("classic")
    bare, named = make_game("wordle", lists=None), make_game("wordle", lists=classic)
    assert (bare.targets, bare.guesses) == (named.targets, named.guesses)
    helper = Assistant(lists=None)
    assert helper.base.targets == named.targets and helper.prior is Prior.UNIFORM
    with pytest.raises(TypeError):  # a name is needed: the NYT's set is default_set()
        load_set(None)  # type: ignore[arg-type]
    assert assistant_lists(None) is default_set()  # the assistant's lists on the command line
    assert assistant_lists("classic") is classic


def test_the_screen_takes_the_engines_default_prior() -> None:
    from wordle_tui.ui.assistant.screen import AssistantScreen

    assert AssistantScreen(lists=default_set()).prior is Prior.NYT
    assert AssistantScreen(lists=load_set("classic")).prior is Prior.UNIFORM
    assert AssistantScreen(prior=Prior.FREQUENCY, lists=default_set()).prior is Prior.FREQUENCY


def test_the_screens_mode_is_a_named_value() -> None:
    from wordle_tui.ui.assistant.workers import AssistantMode

    mode = AssistantMode(hard=True, prior=Prior.NYT, rank=Rank.GUESSES, puzzle=1500)
    assert (mode.hard, mode.prior, mode.rank, mode.puzzle) == (True, "nyt", "guesses", 1500)
    assert mode == (True, "nyt", "guesses", 1500)


# The command line: choices typed, bad ones refused in one line


def refused(args: list[str], phrase: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wordle-tui: error: "), result.stderr
    assert phrase in lines[0], lines[0]
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (["suggest", "--prior", "zipf"], "unknown prior 'zipf'; choose one of: nyt, uniform, "),
        (["review", "crane:GGGGG", "--prior", "Magic"], "unknown prior 'magic'"),
        (["play", "assistant", "--prior", "x"], "unknown prior 'x'"),
        (["report", "--strategy", "assistant", "--prior", "x"], "unknown prior 'x'"),
        (["suggest", "--rank", "best"], "unknown rank 'best'; choose one of: guesses, "),
        (["solve", "--mode", "easy"], "unknown mode 'easy'; choose one of: normal, hard"),
        (["openers", "--mode", "easy"], "unknown mode 'easy'"),
        (["evil", "--ties", "first"], "unknown tie rule 'first'; choose one of: alpha, a-z, list"),
        (["play-out", "crane", "--guesses", "any"], "unknown guess policy 'any'"),
        (["first-guesses", "--game", "chess"], "unknown game 'chess'"),
        (["evil", "--metric", "median"], "unknown metric 'median'; choose one of: max, "),
        (["report", "--metric", "median"], "random, weighted, ambiguous"),
        (["report", "-g", "chess"], "mastermind, dordle, quordle, octordle"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else "",
)
def test_a_bad_choice_is_one_line_and_exit_code_2(args: list[str], phrase: str) -> None:
    refused(args, phrase)


def test_help_lists_the_choices() -> None:
    shown = runner.invoke(app, ["suggest", "--help"], env={"COLUMNS": "200"}).stdout
    assert "[nyt|uniform|frequency]" in shown and "[guesses|entropy|worst]" in shown
    shown = runner.invoke(app, ["solve", "--help"], env={"COLUMNS": "200"}).stdout
    assert "[normal|hard]" in shown
    shown = runner.invoke(app, ["play-out", "--help"], env={"COLUMNS": "200"}).stdout
    assert "[max|expectation|neg_entropy|entropy|partitions|learned|random]" in shown
    assert "[consistent|hard|norvig|inconsistent|all]" in shown and "[alpha|a-z|list]" in shown
    assert "[wordle|jotto|antiwordle|jotto-positions]" in shown


def test_the_solvers_names_are_the_enums_names() -> None:
    from wordle_tui.solver.choices import GameName, Measure, Metric, Policy, Ties, WordleGame
    from wordle_tui.solver.multi.strategy import MEASURES
    from wordle_tui.solver.names import GAME_NAMES, METRICS
    from wordle_tui.solver.tree import POLICIES, TIE_RULES

    assert METRICS == ("max", "expectation", "neg_entropy", "entropy", "partitions", "learned")
    assert [m for m in Metric if not m.greedy] == [Metric.RANDOM]
    assert POLICIES == names(Policy) == ("consistent", "hard", "norvig", "inconsistent", "all")
    assert TIE_RULES == names(Ties) == ("alpha", "a-z", "list")
    assert MEASURES == names(Measure) == ("entropy", "weighted", "ambiguous")
    assert names(GameName) == GAME_NAMES
    assert names(WordleGame) == ("wordle", "nyt", "evil", "antiwordle", "adversary")


def test_a_choice_is_taken_in_any_case() -> None:
    result = runner.invoke(app, ["suggest", "--prior", "UNIFORM", "--lists", "classic", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["prior"], data["prior_in_use"], data["lists"]) == ("uniform", "uniform", "classic")


# An option that does not apply is refused, not ignored


@pytest.fixture
def small(tmp_path: Path) -> list[str]:
    (tmp_path / "small.txt").write_text("\n".join(WORDS[:30]) + "\n")
    return ["--answers", str(tmp_path / "small.txt"), "--guess-list", str(tmp_path / "small.txt")]


@pytest.mark.parametrize(
    ("extra", "phrase"),
    [
        (["--prove", "--first", "cigar"], "--first does not apply with --prove"),
        (["--prove", "--top-k", "3"], "--top-k does not apply with --prove"),
        (["--resume", "--out", "tree.json.gz"], "--out does not apply with --prove"),
        (["--prove", "--budget", "3"], "--budget does not apply with --prove"),
        (["crane:..G..", "--first", "cigar"], "--first does not apply with rows"),
        (["crane:..G..", "--workers", "2"], "--workers does not apply with rows"),
        (["--budget", "3"], "--budget goes with rows"),
        (["--workers", "2"], "--workers goes with --prove"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else "",
)
def test_solve_refuses_an_option_its_search_does_not_use(
    small: list[str], extra: list[str], phrase: str
) -> None:
    refused(["solve", *small, *extra], phrase)


def test_report_refuses_a_prior_without_the_assistant() -> None:
    refused(["report", "--prior", "uniform"], "--prior goes with --strategy assistant")
    refused(["report", "-g", "quordle", "--prior", "nyt"], "quordle takes --games")


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (["play", "wordle", "--prior", "nyt"], "--prior applies to assistant, not wordle"),
        (["play", "ghost", "--hard"], "--hard does not apply to ghost"),
        (["play", "ghost", "--prior", "uniform"], "--prior does not apply to ghost"),
        (["play", "ghost", "--nyt", "5"], "--nyt does not apply to ghost"),
        (["play", "wordle", "--variant", "super"], "--variant applies to ghost, not wordle"),
        (["play", "jotto", "--style", "exploit"], "--style applies to ghost, not jotto"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else "",
)
def test_play_refuses_an_option_of_another_game(args: list[str], phrase: str) -> None:
    refused(args, phrase)


def test_evil_shortest_refuses_the_greedy_trees_options() -> None:
    shortest = ["evil", "--shortest"]
    refused([*shortest, "--metric", "entropy"], "--metric does not apply with --shortest")
    refused([*shortest, "--ties", "list"], "--ties does not apply with --shortest")
