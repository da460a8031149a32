"""`wordle-tui chooser`: the words a strategy needs most guesses for, checked by playing them."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np
from reference_solver import colours, sampled_lists
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.solver import make_game
from wordle_tui.solver.chooser.equilibrium import WeightedSearch
from wordle_tui.solver.play import HonestReplier, TreeGuesser, play
from wordle_tui.solver.tree import Solver, tree_scores
from wordle_tui.solver.trees import shipped_for

runner = CliRunner()
WORDS = [
    "crane",
    "slate",
    "trace",
    "crate",
    "react",
    "cater",
    "caret",
    "brine",
    "shine",
    "whine",
    "spine",
    "swine",
]


def chooser(*args: str):
    return runner.invoke(app, ["chooser", *args])


def small_lists(tmp_path: Path) -> list[str]:
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(WORDS) + "\n")
    return ["--answers", str(answers), "--guess-list", str(answers)]


def test_the_best_choices_are_the_words_the_greedy_tree_plays_longest(tmp_path: Path) -> None:
    result = chooser("-s", "max/consistent", *small_lists(tmp_path), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    game = make_game("wordle", tmp_path / "answers.txt", tmp_path / "answers.txt")
    tree = Solver(game, "max", "consistent").tree()
    played = {w: len(play(game, TreeGuesser(tree, game), HonestReplier(game, w))) for w in WORDS}
    worst = max(played.values())
    assert data["worst"] == worst and data["strategy"] == "max/consistent"
    assert data["best_choices"] == sorted(w for w, n in played.items() if n == worst)
    assert data["best_choice"] == data["best_choices"][0]
    assert abs(data["uniform_mean"] - sum(played.values()) / len(WORDS)) < 1e-12
    assert [h["guesses"] for h in data["hardest"]] == sorted(played.values(), reverse=True)


def test_the_optimal_tree_forces_five_on_its_deepest_words() -> None:
    result = chooser("--strategy", "optimal", "--hardest", "5", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    scores = tree_scores(shipped_for("optimal", make_game("wordle"))[0])
    assert data["worst"] == max(scores.values()) == 5
    assert data["best_choices"] == sorted(w for w, n in scores.items() if n == 5)
    assert len(data["hardest"]) == 5 and data["first_guess"] == "salet"
    text = chooser("--strategy", "optimal").stdout
    assert f"by choosing {data['best_choice'].upper()}" in text
    assert f"{len(data['best_choices'])} words force that many" in text


def test_a_tree_file_is_scored_as_the_tree_it_holds(tmp_path: Path) -> None:
    saved = tmp_path / "tree.json"
    exported = runner.invoke(
        app, ["tree", "export", "-s", "optimal", "-f", "json", "-o", str(saved)]
    )
    assert exported.exit_code == 0, exported.output
    from_file = json.loads(chooser("-s", f"tree:{saved}", "--json").stdout)
    shipped = json.loads(chooser("-s", "optimal", "--json").stdout)
    assert from_file["best_choices"] == shipped["best_choices"]
    assert from_file["strategy"] == f"tree:{saved}"


def test_what_is_not_a_strategy_is_one_line_and_exit_2(tmp_path: Path) -> None:
    for strategy, said in [
        ("random/consistent", "the random guesser has no word"),
        ("bogus", "unknown strategy 'bogus'"),
        ("max/sideways", "unknown guess policy"),
        (f"tree:{tmp_path / 'missing.json'}", "missing.json"),
    ]:
        result = chooser("--strategy", strategy)
        assert result.exit_code == 2, (strategy, result.output)
        assert said in result.stderr and "Traceback" not in result.output


def test_the_equilibrium_command_gives_bounds_mixtures_and_tree_files(tmp_path: Path) -> None:
    lists = small_lists(tmp_path)
    result = runner.invoke(app, ["equilibrium", *lists, "--out", str(tmp_path / "mix"), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert abs(data["upper"] - data["lower"]) <= 1e-9 and data["targets"] == len(WORDS)
    assert abs(sum(data["chooser"].values()) - 1) <= 1e-9
    assert abs(sum(tree["weight"] for tree in data["guesser"]) - 1) <= 1e-9
    mixed = dict.fromkeys(WORDS, 0.0)
    for tree in data["guesser"]:  # each file read back as a strategy, scored word by word
        scored = chooser("-s", f"tree:{tree['file']}", *lists, "--hardest", "99", "--json")
        assert scored.exit_code == 0, scored.output
        for row in json.loads(scored.stdout)["hardest"]:
            mixed[row["target"]] += tree["weight"] * row["guesses"]
    assert max(mixed.values()) <= data["upper"] + 1e-9
    chooser_mean = sum(p * mixed[w] for w, p in data["chooser"].items())
    assert abs(chooser_mean - data["upper"]) <= 1e-9  # the chooser's words all cost the most
    text = runner.invoke(app, ["equilibrium", *lists]).stdout
    assert f"the game's value: exactly {data['lower']:.6f} guesses" in text


def walk_behaviour(path: Path) -> dict[str, float]:
    """Each answer's expected guesses under a behaviour file, walked from the whole game with
    the reference's colours (each group a guess leaves must be a set the file lists)."""
    data = json.loads(gzip.decompress(path.read_bytes()))
    sets = {frozenset(entry["answers"]): entry["guesses"] for entry in data["sets"]}
    expected: dict[str, float] = {}

    def walk(words: frozenset[str], reach: float) -> None:
        for word in words:
            expected[word] = expected.get(word, 0.0) + reach
        for guess, chance in sets[words].items():
            groups: dict[str, set[str]] = {}
            for word in words - {guess}:
                groups.setdefault(colours(guess, word), set()).add(word)
            for group in groups.values():
                walk(frozenset(group), reach * chance)

    walk(frozenset(data["sets"][0]["answers"]), 1.0)
    return expected


def test_past_64_answers_the_equilibrium_gives_bounds_a_behaviour_and_resumes(
    tmp_path: Path,
) -> None:
    answers, extra = sampled_lists(7, 70, 20)
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(answers + extra) + "\n")
    lists = ["--answers", str(tmp_path / "a.txt"), "--guess-list", str(tmp_path / "g.txt")]
    out = tmp_path / "mix"
    first = runner.invoke(
        app, ["equilibrium", *lists, "--seconds", "4", "--out", str(out), "--json"]
    )
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert data["targets"] == 70 and data["lower"] <= data["upper"]
    game = make_game("wordle", tmp_path / "a.txt", tmp_path / "g.txt")
    uniform = sum(tree_scores(shipped_tree_free_optimal(game)).values()) / 70
    if data["lower_by"] is None:  # a chooser of the rounds: no tree does better against it
        weights = np.array([data["chooser"].get(t, 0.0) for t in game.targets])
        assert abs(WeightedSearch(game, weights).tree()[0] - data["lower"]) <= 1e-9
    elif "not proven within the time" in data["lower_by"]:  # a loaded machine ran out of time
        assert abs(data["lower"] - (2 * 70 - 1) / 70) <= 1e-9  # and says so: the trivial bound
    else:  # the uniform chooser's proven best
        assert "uniform chooser" in data["lower_by"] and abs(data["lower"] - uniform) <= 1e-9
    # the guesser: its first guesses, and its file, walked word by word, gives the bound
    guesser = data["guesser"]
    assert abs(sum(guesser["first_guesses"].values()) - 1) <= 1e-9
    assert guesser["file"] == str(out / "behaviour.json.gz") and guesser["longest"] >= 2
    expected = walk_behaviour(out / "behaviour.json.gz")
    assert set(expected) == set(answers)
    assert abs(max(expected.values()) - data["upper"]) <= 1e-9
    assert abs(sum(expected.values()) / 70 - guesser["uniform_mean"]) <= 1e-9
    more = runner.invoke(app, ["equilibrium", *lists, "--seconds", "2", "--resume", "--json"])
    assert more.exit_code == 0, more.output
    later = json.loads(more.stdout)
    assert later["iterations"] >= data["iterations"] and later["upper"] <= data["upper"] + 1e-9
    assert later["lower"] >= data["lower"] - 1e-9  # the certificate is kept
    text = runner.invoke(app, ["equilibrium", *lists, "--seconds", "1", "--resume"]).stdout
    assert text.startswith("the game's value:") and "the guesser opens with" in text
    assert "sets of answers it can reach" in text
    # the chooser behind the lower bound: named when it is the uniform one, else the table's
    said = "the lower bound: the uniform chooser" in text
    assert said != ("the chooser picks" in text)


def shipped_tree_free_optimal(game):
    """The optimal tree of a small game, by the exact search (no shipped tree fits it)."""
    from wordle_tui.solver.search.best_tree import TreeSearch

    every = len(game.guesses)
    return TreeSearch(game, top_k=every, every_up_to=10_000).run().tree


def test_a_report_names_the_words_a_committed_chooser_picks(tmp_path: Path) -> None:
    lists = small_lists(tmp_path)
    report = runner.invoke(
        app, ["report", "--metric", "max", "--guesses", "consistent", *lists, "--json"]
    )
    assert report.exit_code == 0, report.output
    data = json.loads(report.stdout)
    picked = json.loads(chooser("-s", "max/consistent", *lists, "--json").stdout)
    assert data["worst_words"] == picked["best_choices"] and data["worst"] == picked["worst"]
    text = runner.invoke(
        app, ["report", "--metric", "max", "--guesses", "consistent", *lists]
    ).stdout
    assert f"a chooser who knows it picks {picked['best_choice'].upper()}" in text


def test_the_kept_chooser_scores_every_strategy_in_the_reports(tmp_path: Path, home) -> None:
    lists = small_lists(tmp_path)
    greedy = ["report", "--metric", "max", "--guesses", "consistent", *lists]
    before = json.loads(runner.invoke(app, [*greedy, "--json"]).stdout)
    assert before["adversary"] is None  # no run has kept an adversary for these lists yet
    run = json.loads(runner.invoke(app, ["equilibrium", *lists, "--json"]).stdout)
    assert run["kept"] is True
    after = json.loads(runner.invoke(app, [*greedy, "--json"]).stdout)
    rows = json.loads(chooser("-s", "max/consistent", *lists, "--hardest", "99", "--json").stdout)
    guesses = {row["target"]: row["guesses"] for row in rows["hardest"]}
    expected = sum(p * guesses[word] for word, p in run["chooser"].items())
    assert abs(after["adversary"] - expected) <= 1e-9
    assert after["adversary"] >= run["lower"] - 1e-9  # no strategy beats the value against it
    text = runner.invoke(app, greedy).stdout
    assert f"against the adversary: {expected:.4f} guesses on average" in text
    table = runner.invoke(app, ["report", "--all", *lists, "--format", "csv"]).stdout
    grid, against = table.split("against the adversary (expected guesses)\n")
    assert grid.startswith("strategy,consistent") and against.startswith("strategy,consistent")
    assert against.splitlines()[1].startswith(f"max,{expected:.2f},")
    every = json.loads(runner.invoke(app, ["report", "--all", *lists, "--json"]).stdout)
    assert abs(every["strategies"]["max/consistent"]["adversary"] - expected) <= 1e-9
    again = runner.invoke(app, ["equilibrium", *lists]).stdout
    assert "this chooser is kept" in again  # bounds as close as the kept one's replace it


def test_hard_mode_has_an_equilibrium_of_its_own_and_keeps_no_adversary(
    tmp_path: Path, home
) -> None:
    from wordle_tui.solver.chooser.equilibrium import equilibrium

    lists = small_lists(tmp_path)
    run = runner.invoke(app, ["equilibrium", *lists, "--mode", "hard", "--json"])
    hard = json.loads(run.stdout)
    game = make_game("wordle", tmp_path / "answers.txt", tmp_path / "answers.txt")
    assert hard["mode"] == "hard" and hard["kept"] is False
    assert abs(hard["lower"] - equilibrium(game, hard=True).value) <= 1e-9
    text = runner.invoke(app, ["equilibrium", *lists, "--mode", "HARD"]).stdout
    assert "hard mode's chooser is not kept" in text
    refused = runner.invoke(app, ["equilibrium", *lists, "--mode", "easy"])
    assert refused.exit_code == 2 and "unknown mode 'easy'" in refused.stderr
    answers, extra = sampled_lists(8, 66, 10)
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(answers + extra) + "\n")
    large = ["--answers", str(tmp_path / "a.txt"), "--guess-list", str(tmp_path / "g.txt")]
    run = runner.invoke(app, ["equilibrium", *large, "--mode", "hard", "--seconds", "2", "--json"])
    data = json.loads(run.stdout)
    assert data["mode"] == "hard" and data["lower"] <= data["upper"]
    from wordle_tui.solver.chooser.mixing import prove_uniform
    from wordle_tui.solver.matrix import reply_matrix

    big = make_game("wordle", tmp_path / "a.txt", tmp_path / "g.txt")
    uniform = prove_uniform(big, reply_matrix(big), lambda: False, hard=True)
    assert uniform is not None and data["lower"] >= uniform - 1e-9  # at least its proven best
    assert data["lower_by"] is None or "uniform" in data["lower_by"]
    normal = runner.invoke(app, ["equilibrium", *large, "--seconds", "1", "--resume", "--json"])
    assert json.loads(normal.stdout)["mode"] == "normal"
    kept = {p.name: json.loads(p.read_text()) for p in (home / "cache").glob("equilibrium-*.json")}
    assert sorted(state["hard"] for state in kept.values()) == [False, True]  # a state each


def test_a_threshold_put_to_the_proof_certifies_the_lower_bound_or_is_beaten(
    tmp_path: Path,
) -> None:
    answers, _ = sampled_lists(9, 70, 0)
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n")
    lists = ["--answers", str(tmp_path / "a.txt"), "--guess-list", str(tmp_path / "a.txt")]
    first = runner.invoke(app, ["equilibrium", *lists, "--seconds", "3", "--json"])
    assert first.exit_code == 0, first.output
    game = make_game("wordle", tmp_path / "a.txt", tmp_path / "a.txt")
    uniform = sum(tree_scores(shipped_tree_free_optimal(game)).values()) / 70
    # half uniform: every guesser needs at least half the uniform chooser's best and half of 1
    holds = (uniform + 1) / 2 - 0.01
    asked = ["equilibrium", *lists, "--seconds", "60", "--resume", "--blend", "0.5"]
    low = runner.invoke(app, [*asked, "--certify", f"{holds:.4f}", "--json"])
    assert low.exit_code == 0, low.output
    data = json.loads(low.stdout)
    trial = data["trial"]
    assert trial["proven"] is True and trial["blend"] == 0.5
    assert trial["value"] >= round(holds, 4) and trial["settled"] <= trial["first_guesses"]
    assert data["lower"] >= trial["value"] - 1e-12  # the better of it and the uniform one's
    assert data["kept"] is False  # the adversary stays the rounds' chooser
    if data["lower_by"] is None:  # a certificate: no tree does better against it
        weights = np.array([data["chooser"].get(t, 0.0) for t in game.targets])
        assert abs(weights.sum() - 1) <= 1e-9
        assert WeightedSearch(game, weights).tree()[0] >= data["lower"] - 1e-9
        if data["lower"] == trial["value"]:  # the blend's: every word has weight
            assert np.all(weights > 0)
    high = runner.invoke(app, [*asked, "--certify", "4"])  # above the guesser's upper bound
    assert high.exit_code == 0, high.output
    assert "4 does not hold against the program's chooser blended 50 %" in high.stdout
    assert "a tree needs" in high.stdout and "not kept" in high.stdout


def test_a_climbing_run_certifies_its_chooser_and_says_how_far_it_climbed(tmp_path: Path) -> None:
    answers, _ = sampled_lists(9, 70, 0)
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n")
    lists = ["--answers", str(tmp_path / "a.txt"), "--guess-list", str(tmp_path / "a.txt")]
    game = make_game("wordle", tmp_path / "a.txt", tmp_path / "a.txt")
    uniform = WeightedSearch(game, np.full(70, 1 / 70)).tree()[0]
    result = runner.invoke(app, ["equilibrium", *lists, "--climb", "--seconds", "8", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    climbed = data["climb"]
    assert climbed["steps"] > 0 and climbed["trees"] >= climbed["steps"]
    assert climbed["found"] > 1  # the best of the trees found against its centre
    assert data["lower"] >= uniform - 1e-9 and data["kept"] is False
    if data["lower_by"] is None:  # a chooser of the climb, certified
        weights = np.array([data["chooser"].get(t, 0.0) for t in game.targets])
        assert WeightedSearch(game, weights).tree()[0] >= data["lower"] - 1e-9
    if "trial" in data:  # the centre put to the proof
        assert data["trial"]["climbed"] is True and data["trial"]["blend"] is None
    again = runner.invoke(app, ["equilibrium", *lists, "--climb", "--resume", "--seconds", "3"])
    assert again.exit_code == 0, again.output
    assert "climb:" in again.stdout and "steps" in again.stdout
    assert json.loads(result.stdout)["lower"] <= data["upper"] + 1e-9


def test_a_threshold_asked_where_it_cannot_be_is_one_line_and_exit_2(tmp_path: Path) -> None:
    answers, _ = sampled_lists(9, 70, 0)
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n")
    lists = ["--answers", str(tmp_path / "a.txt"), "--guess-list", str(tmp_path / "a.txt")]
    for args, said in (
        ([*small_lists(tmp_path), "--certify", "2"], "past 64 answers"),
        ([*lists, "--certify", "2", "--no-proof"], "cannot go with --no-proof"),
        ([*lists, "--climb", "--no-proof"], "--climb is a proof"),
        ([*small_lists(tmp_path), "--climb"], "past 64 answers"),
        ([*lists, "--certify", "0.5"], "--certify"),
        ([*lists, "--certify", "2", "--blend", "1.5"], "--blend"),
    ):
        result = runner.invoke(app, ["equilibrium", *args])
        assert result.exit_code == 2 and said in result.output, (args, result.output)
        assert "Traceback" not in result.output
