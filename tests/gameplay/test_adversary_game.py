"""Wordle against the adversary: the word drawn from the equilibrium's chooser, kept apart in
the history, resumed as itself; `play adversary` refuses what does not apply."""

from __future__ import annotations

from collections import Counter

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.gameplay.catalog import GameRequest, new_round
from wordle_tui.gameplay.roles import NoAdversary, adversary_for
from wordle_tui.gameplay.session import from_saved, kind_of, to_saved
from wordle_tui.gameplay.wordle import WordleRound
from wordle_tui.solver.listsets import load_set

CLASSIC = load_set("classic")


def test_the_word_is_drawn_with_the_adversarys_chances() -> None:
    adversary = adversary_for(CLASSIC)
    drawn = Counter(
        new_round(GameRequest("adversary", seed=seed, lists=CLASSIC)).target for seed in range(400)
    )
    assert set(drawn) <= set(adversary.chances)
    likeliest, chance = adversary.likeliest(1)[0]
    assert drawn[likeliest] / 400 == pytest.approx(chance, abs=0.03)
    again = new_round(GameRequest("adversary", seed=11, lists=CLASSIC))
    assert again.target == new_round(GameRequest("adversary", seed=11, lists=CLASSIC)).target


def test_an_adversary_round_is_wordle_kept_apart_and_resumed_as_itself() -> None:
    game = new_round(GameRequest("adversary", seed=3, lists=CLASSIC, hard=True))
    assert isinstance(game, WordleRound) and game.adversary and game.hard
    assert game.mode == "wordle" and game.max_guesses == 6 and kind_of(game) == "adversary"
    game.guess("salet")
    saved = to_saved(game, "2026-11-29T10:00:00")
    assert saved.game == "adversary"
    back = from_saved(saved)
    assert isinstance(back, WordleRound) and back.adversary and back.hard
    assert back.target == game.target and back.rows == game.rows
    back.guess(back.target)
    assert back.won and back.share_title() == "wordle-tui adversary 2/6*"


def test_lists_without_an_adversary_say_how_to_get_one() -> None:
    with pytest.raises(NoAdversary, match="wordle-tui equilibrium --lists len7"):
        adversary_for(load_set("len7"))


runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--target", "poppy"], "the adversary picks the word; --target and --daily do not apply"),
        (["--daily"], "the adversary picks the word"),
        (["--day", "3"], "--day applies to wordle, not adversary"),
        (["--lists", "len7"], "no adversary for the word lists 'len7'"),
        (["--perfect"], "--perfect applies to evil, not adversary"),
    ],
)
def test_play_adversary_refuses_what_does_not_apply(args, said) -> None:
    done = runner.invoke(app, ["play", "adversary", *args])
    assert done.exit_code == 2 and said in " ".join(done.stderr.split())
    assert len(done.stderr.strip().splitlines()) == 1


def test_play_adversary_opens_the_game_on_lists_with_an_adversary(monkeypatch) -> None:
    import wordle_tui.ui.app as ui

    opened = []
    monkeypatch.setattr(ui, "run_app", lambda request=None, lists=None: opened.append(request))
    done = runner.invoke(app, ["play", "adversary", "--lists", "classic", "--seed", "4", "--hard"])
    assert done.exit_code == 0, done.output
    assert [(r.game, r.seed, r.hard) for r in opened] == [("adversary", 4, True)]
