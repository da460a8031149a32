"""Word-list sets: the shipped ones, a user's own (added, checked, damaged, removed), `--lists`
on every command, caches and shipped trees keyed by the lists' content, and the settings file.

User sets are made from small lists in a temporary data folder, so each test takes well under
a second; only the SGB report builds a big matrix (about two seconds).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.gameplay.session import from_saved, split_variant, to_saved, with_lists
from wordle_tui.gameplay.wordle import WordleRound
from wordle_tui.settings import Settings
from wordle_tui.solver import make_game
from wordle_tui.solver.assistant.engine import Assistant
from wordle_tui.solver.assistant.opening import opening_key
from wordle_tui.solver.listsets import (
    SHIPPED,
    ListSetError,
    add_set,
    default_set,
    fingerprint,
    load_set,
    shipped_set,
)
from wordle_tui.solver.matrix import matrix_key
from wordle_tui.solver.reports.scores import StrategySpec, cached_spec, result_key
from wordle_tui.solver.search.evil import evil_cache_key
from wordle_tui.solver.trees import (
    NYT_LISTS,
    SHIPPED_LISTS,
    TreeError,
    fits_shipped,
    shipped_for,
)

runner = CliRunner()
ANSWERS = shipped_set("classic").answers


def run(*args: str):
    return runner.invoke(app, list(args))


def write(path: Path, words) -> Path:
    path.write_text("\n".join(words) + "\n")
    return path


@pytest.fixture
def small(tmp_path: Path) -> tuple[Path, Path]:
    """40 answers and 80 guesses; three answers are missing from the guesses."""
    words = random.Random(3).sample(list(ANSWERS), 120)
    answers, guesses = words[:40], words[3:83]
    return write(tmp_path / "answers.txt", answers), write(tmp_path / "guesses.txt", guesses)


# The shipped sets


def test_shipped_sets_have_their_counts_and_the_trees_fingerprint() -> None:
    counts = {name: (len(s.answers), len(s.guesses)) for name in SHIPPED if (s := load_set(name))}
    assert counts == {
        "nyt": (3160, 14855),
        "classic": (2309, 12972),
        "original": (2315, 12972),
        "sgb": (5756, 5756),
        "enable": (8636, 8636),
        "len4": (1577, 3903),
        "len6": (2689, 15232),
        "len7": (2829, 23109),
    }
    assert load_set("classic").fingerprint == SHIPPED_LISTS == make_game("wordle").fingerprint
    assert load_set("nyt").fingerprint == NYT_LISTS
    assert len({load_set(name).fingerprint for name in SHIPPED}) == len(SHIPPED)
    assert default_set() is load_set("NYT") is shipped_set("nyt")
    with pytest.raises(TypeError):  # a name is needed: None means no set here
        load_set(None)
    assert load_set("DEFAULT") is load_set("classic")  # the classic set's old name


def test_a_fingerprint_ignores_order_and_repeats_but_not_words() -> None:
    words = list(ANSWERS[:50])
    assert fingerprint(words, words) == fingerprint(words[::-1], [*words, *words])
    assert fingerprint(words, words) != fingerprint(words[:49] + ["zonal"], words)
    assert fingerprint(words[:10], words) != fingerprint(words, words)


def test_lists_shows_the_sets_as_a_table_and_as_json(home: Path) -> None:
    table = run("lists")
    assert table.exit_code == 0, table.output
    for text in ("nyt", "classic", "original", "sgb", "enable", "2,309", "12,972", SHIPPED_LISTS):
        assert text in table.stdout
    data = json.loads(run("lists", "--json").stdout)
    assert data["app"] == "nyt"
    found = {s["name"]: (s["answers"], s["guesses"], s["fingerprint"]) for s in data["sets"]}
    assert found["sgb"] == (5756, 5756, load_set("sgb").fingerprint)
    assert found["classic"] == (2309, 12972, SHIPPED_LISTS)
    assert found["nyt"] == (3160, 14855, NYT_LISTS)


# A user's sets


def test_lists_add_keeps_a_copy_and_adds_answers_missing_from_the_guesses(home, small) -> None:
    answers, guesses = small
    added = run("lists", "add", "Mine", "--answers", str(answers), "--guesses", str(guesses))
    assert added.exit_code == 0, added.output
    assert "Note: 3 answers were not in the guess list and were added" in added.stdout
    stored = home / "lists" / "mine"
    assert sorted(p.name for p in stored.iterdir()) == ["answers.txt", "guesses.txt", "set.json"]
    answers.unlink()  # the set is a copy: the original files may go
    mine = load_set("mine")
    assert (len(mine.answers), len(mine.guesses), len(mine.added)) == (40, 83, 3)
    assert set(mine.answers) <= mine.allowed
    listed = json.loads(run("lists", "--json").stdout)["sets"]
    assert listed[-1]["name"] == "mine" and listed[-1]["fingerprint"] == mine.fingerprint
    assert len(listed[-1]["added_to_guesses"]) == 3


def test_lists_add_refuses_a_bad_line_with_its_number(home, tmp_path: Path) -> None:
    bad = write(tmp_path / "bad.txt", ["crane", "slate", "tra ce", "hello"])
    result = run("lists", "add", "bad", "--answers", str(bad))
    assert result.exit_code == 2
    message = f"{bad}, line 3: not a word of letters a-z (character 4 is a space)"
    assert message in result.stderr and "tra ce" not in result.stderr  # never quoted
    assert not (home / "lists" / "bad").exists()


def test_lists_add_refuses_a_clash_unless_replacing(home, small) -> None:
    answers, _ = small
    for name in ("sgb", "Default", "nyt", "classic"):
        refused = run("lists", "add", name, "--answers", str(answers))
        assert refused.exit_code == 2 and "shipped word-list set" in refused.stderr
    assert run("lists", "add", "mine", "--answers", str(answers)).exit_code == 0
    again = run("lists", "add", "mine", "--answers", str(answers))
    assert again.exit_code == 2 and "add --replace to replace it" in again.stderr
    other = write(answers.parent / "other.txt", ANSWERS[:7])
    assert run("lists", "add", "mine", "--answers", str(other), "--replace").exit_code == 0
    assert load_set("mine").answers == ANSWERS[:7]
    for name in ("a b", "../up", "x!", "_x", "x" * 41, ""):
        bad = run("lists", "add", name, "--answers", str(answers))
        assert bad.exit_code == 2 and "cannot name a word-list set" in bad.stderr


def test_an_unknown_set_is_one_line_listing_the_sets(home) -> None:
    for args in (("report", "--lists", "nope"), ("--lists", "nope"), ("lists", "remove", "nope")):
        result = run(*args)
        assert result.exit_code == 2
        assert result.stderr.count("\n") == 1
        assert (
            "no word-list set named 'nope'; the sets are: nyt, classic, original, sgb, enable"
            in (result.stderr)
        )


def test_a_damaged_set_is_named_and_never_used(home, small) -> None:
    answers, guesses = small
    add_set("mine", answers, guesses)
    stored = home / "lists" / "mine" / "answers.txt"
    stored.write_text(stored.read_text().replace(ANSWERS[0], "zzzzz", 1) + "quack\n")
    result = run("report", "--lists", "mine")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "the word-list set 'mine' is damaged" in result.stderr
    listed = run("lists", "--json")  # the other sets are still listed
    assert listed.exit_code == 0
    assert "damaged" in json.loads(listed.stdout)["sets"][-1]["error"]
    (home / "lists" / "mine" / "set.json").write_text("{not json")
    with pytest.raises(ListSetError, match="damaged"):
        load_set("mine")
    assert run("lists", "remove", "mine").exit_code == 0
    assert not (home / "lists" / "mine").exists()
    assert run("lists", "remove", "sgb").exit_code == 2


# --lists on the commands


def test_report_on_sgb_scores_its_5756_targets() -> None:
    result = run("report", "--lists", "sgb", "--metric", "random", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["targets"] == 5756 and sum(data["histogram"].values()) == 5756


def test_every_command_takes_lists(home, small, monkeypatch) -> None:
    import wordle_tui.ui.app as ui

    answers, guesses = small
    add_set("mine", answers, guesses)
    mine = load_set("mine")
    target = mine.answers[5]
    commands = [
        ("report", "--lists", "mine", "--json"),
        ("--lists", "mine", "report", "--json"),  # the root's --lists is the command's
        ("first-guesses", "--lists", "mine", "--json"),
        ("play-out", target, "--lists", "mine", "--json"),
        ("evil", "--lists", "mine", "--json"),
        ("suggest", "--lists", "mine", "--json"),
        ("solve", "--lists", "mine", "--json"),
        ("openers", "--lists", "mine", "--count", "2", "--tried", "2", "--json"),
    ]
    for args in commands:
        result = run(*args)
        assert result.exit_code == 0, (args, result.output)
        data = json.loads(result.stdout)
        if "targets" in data:
            assert data["targets"] == 40, args
    assert json.loads(run("suggest", "--lists", "mine", "--json").stdout)["candidates"] == 40
    steps = json.loads(run("play-out", target, "--lists", "mine", "--json").stdout)["steps"]
    assert steps[-1]["guess"] == target
    refused = run("play-out", "admin", "--lists", "sgb")  # a default answer, not in SGB
    assert refused.exit_code == 2 and "5,756" in refused.stderr
    # --answers replaces the set's answers, and keeps its guesses
    few = write(answers.parent / "few.txt", mine.answers[:9])
    data = json.loads(run("report", "--lists", "mine", "--answers", str(few), "--json").stdout)
    assert data["targets"] == 9
    opened: list = []
    monkeypatch.setattr(ui, "run_app", lambda request=None, lists=None: opened.append(lists))
    assert run("play", "wordle", "--lists", "mine", "--target", target).exit_code == 0
    assert run("--lists", "sgb").exit_code == 0
    assert [s.name for s in opened] == ["mine", "sgb"]
    off = run("play", "wordle", "--lists", "mine", "--target", ANSWERS[-1])
    assert off.exit_code == 2 and "on the word-list set 'mine'" in off.stderr


# Caches and the shipped trees


def test_a_set_of_the_same_size_never_reads_another_sets_cache(home, tmp_path: Path) -> None:
    words = list(ANSWERS[:60])
    write(tmp_path / "a.txt", words[:30])
    write(tmp_path / "b.txt", words[30:])  # as many answers, as many guesses, other words
    a = add_set("a", tmp_path / "a.txt", tmp_path / "a.txt")
    b = add_set("b", tmp_path / "b.txt", tmp_path / "b.txt")
    game_a, game_b = (make_game("wordle", lists=s) for s in (a, b))
    assert len(game_a.targets) == len(game_b.targets) and a.fingerprint != b.fingerprint
    assert matrix_key(game_a) != matrix_key(game_b)
    spec = StrategySpec("neg_entropy", "all")
    assert result_key(game_a, spec, 0) != result_key(game_b, spec, 0)
    assert opening_key(game_a, "uniform", False, 10) != opening_key(game_b, "uniform", False, 10)
    assert evil_cache_key(game_a, 1) != evil_cache_key(game_b, 1)
    first, second = cached_spec(game_a, spec), cached_spec(game_b, spec)
    again = cached_spec(make_game("wordle", lists=load_set("b")), spec)  # from the disk cache
    assert sorted(first.scores) == sorted(words[:30])
    assert sorted(second.scores) == sorted(again.scores) == sorted(words[30:])
    helper = Assistant(lists=b)
    assert {w for w, _ in helper.candidate_words()} == set(words[30:])
    assert {s.word for s in helper.suggest(3)} <= set(words[30:])


def test_the_optimal_trees_serve_only_the_lists_they_were_searched_for() -> None:
    original = load_set("original")  # 2,315 answers: nearly the default's, but not the same
    game = make_game("wordle", lists=original)
    assert fits_shipped(make_game("wordle", lists=load_set("default")))
    assert fits_shipped(make_game("wordle", lists=load_set("nyt")))
    assert not fits_shipped(game) and not fits_shipped(make_game("antiwordle"))
    with pytest.raises(TreeError, match=r"classic \(80bf65054dd7\), nyt \(55e8b1097912\)"):
        shipped_for("optimal", game)
    refused = run("report", "--lists", "original", "--strategy", "optimal")
    assert refused.exit_code == 2 and "searched for Wordle on the shipped word-list sets" in (
        refused.stderr
    )
    rows = [("salet", ".....")]  # the tree's first guess, and a reply it has a branch for
    assert Assistant(rows=list(rows)).tree_move() is not None
    assert Assistant(lists=original, rows=list(rows)).tree_move() is None


# Rounds remember their set; the settings file


def test_a_saved_round_keeps_its_set() -> None:
    sgb = load_set("sgb")
    round_ = WordleRound(target="words", lists=sgb)
    round_.guess("there")
    saved = to_saved(round_, "2026-01-01T10:00")
    assert saved.variant == "normal;lists=sgb"
    assert split_variant(saved.variant) == ("normal", "sgb")
    assert split_variant("hard") == ("hard", "classic") and with_lists("", None) == ""
    again = from_saved(saved)
    assert again.lists is sgb and again.rows == round_.rows and again.target == "words"
    with pytest.raises(ValueError):
        WordleRound(target="words")  # not an answer of the default set


def test_settings_survive_a_damaged_file_and_keep_unknown_keys(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert Settings.load(path) == Settings(path)
    for text in ("{not json", "[1, 2]", '{"lists": 3}', '{"lists": "../x"}', "\xff"):
        path.write_text(text)
        broken = Settings.load(path)
        assert broken.lists == "nyt" and "cannot be used" in broken.warning
    path.write_text('{"lists": "sgb", "theme": "light"}')
    kept = Settings.load(path)
    assert (kept.lists, kept.warning) == ("sgb", None)
    kept.lists = "enable"
    assert kept.save() is None
    assert json.loads(path.read_text()) == {"theme": "light", "lists": "enable"}
    blocked = Settings(tmp_path / "file" / "settings.json")
    (tmp_path / "file").write_text("")
    assert "cannot be saved" in blocked.save()
