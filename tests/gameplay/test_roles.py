"""The Wordle family as three roles: every game is a chooser, a guesser and a replier put
together; any three play by their rules (hypothesis), and the history's names, the saved games
and the solver's replay all come from the roles."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordle_tui.gameplay.catalog import GameRequest, new_round
from wordle_tui.gameplay.roles import (
    AdversaryWord,
    DailyWord,
    GivenWord,
    NoWord,
    NytWord,
    Person,
    RandomWord,
    Replier,
    Roles,
    Rule,
    answer_for,
    assistant_roles,
    rival,
    roles_of,
)
from wordle_tui.gameplay.session import from_saved, kind_of, to_saved
from wordle_tui.gameplay.wordle import Refused, WordleRound, narrowed, rule_problem
from wordle_tui.solver import reply_for
from wordle_tui.solver.choices import WordleGame
from wordle_tui.solver.listsets import load_set
from wordle_tui.solver.play import EvilReplier, HonestReplier, play
from wordle_tui.solver.play import wordle_hard_mode_problem as hard_problem

CLASSIC = load_set("classic")
ANSWERS = sorted(CLASSIC.answers)
GUESSES = sorted(CLASSIC.allowed)

# each game of the family: its request, and the roles it must be made of
FAMILY = {
    "wordle": (GameRequest("wordle", seed=1), RandomWord, Rule.ANY, Replier.HONEST),
    "wordle-hard": (
        GameRequest("wordle", hard=True, seed=1),
        RandomWord,
        Rule.HARD,
        Replier.HONEST,
    ),
    "daily": (GameRequest("wordle", day=40), DailyWord, Rule.ANY, Replier.HONEST),
    "target": (GameRequest("wordle", target="crane"), GivenWord, Rule.ANY, Replier.HONEST),
    "nyt": (GameRequest("nyt", day=1000), NytWord, Rule.ANY, Replier.HONEST),
    "adversary": (GameRequest("adversary", seed=2), AdversaryWord, Rule.ANY, Replier.HONEST),
    "evil": (GameRequest("evil"), NoWord, Rule.ANY, Replier.GREEDY),
    "evil-perfect": (
        GameRequest("evil", perfect=True, hard=True),
        NoWord,
        Rule.HARD,
        Replier.PERFECT,
    ),
    "antiwordle": (GameRequest("antiwordle", seed=3), RandomWord, Rule.POSSIBLE, Replier.HONEST),
    "antiwordle-hard": (
        GameRequest("antiwordle", hard=True),
        RandomWord,
        Rule.POSSIBLE,
        Replier.HONEST,
    ),
}


@pytest.mark.parametrize(("request_", "chooser", "rule", "replier"), FAMILY.values(), ids=FAMILY)
def test_every_game_of_the_family_is_made_of_its_three_roles(
    request_, chooser, rule, replier
) -> None:
    game = new_round(request_)
    assert isinstance(game, WordleRound)
    roles = game.the_roles
    assert (type(roles.chooser), roles.rule, roles.replier) == (chooser, rule, replier)
    assert roles.hard == request_.hard == game.hard
    assert kind_of(game) == roles.game  # the history's name comes from the roles
    assert (game.target is None) == (chooser is NoWord)
    if chooser is DailyWord:
        assert game.target == answer_for(40, game.lists) and game.day == 40
    if chooser is GivenWord:
        assert game.target == "crane"


@pytest.mark.parametrize("request_", [f[0] for f in FAMILY.values()], ids=FAMILY)
def test_a_saved_game_comes_back_with_the_same_roles(request_) -> None:
    game = new_round(request_)
    saved = to_saved(game, "2026-11-29T10:00:00")
    back = from_saved(saved)
    assert isinstance(back, WordleRound)
    roles, again = game.the_roles, back.the_roles
    assert (roles.game, roles.rule, roles.replier, roles.hard) == (
        again.game,
        again.rule,
        again.replier,
        again.hard,
    )
    assert back.target == game.target and back.day == game.day


def test_the_described_fields_and_the_roles_make_the_same_round() -> None:
    for fields, game in [
        ({"mode": "wordle", "day": 12}, WordleGame.WORDLE),
        ({"mode": "wordle", "nyt": True, "day": 900}, WordleGame.NYT),
        ({"mode": "wordle", "adversary": True}, WordleGame.ADVERSARY),
        ({"mode": "evil", "perfect": True}, WordleGame.EVIL),
        ({"mode": "antiwordle", "hard": True}, WordleGame.ANTIWORDLE),
    ]:
        described = WordleRound(target=None if game == "evil" else "crane", **fields, lists=CLASSIC)
        assert described.the_roles.game == game
        made = WordleRound(roles=described.the_roles, target=described.target, lists=CLASSIC)
        assert (made.mode, made.hard, made.day, made.nyt, made.adversary, made.perfect) == (
            described.mode,
            described.hard,
            described.day,
            described.nyt,
            described.adversary,
            described.perfect,
        )


def test_an_evil_replier_goes_with_no_chooser_and_only_it() -> None:
    with pytest.raises(ValueError, match="evil replier"):
        Roles(RandomWord(), Person(), Replier.GREEDY)
    with pytest.raises(ValueError, match="evil replier"):
        Roles(NoWord(), Person(), Replier.HONEST)


choosers = st.one_of(
    st.builds(RandomWord, st.integers(0, 10**6)),
    st.builds(GivenWord, st.sampled_from(ANSWERS)),
    st.builds(DailyWord, st.integers(0, 5000)),
)


@st.composite
def any_roles(draw) -> Roles:
    """Any three roles a person can play: an honest replier with some chooser, or an evil one
    (greedy: the perfect one's search is too slow for a property test) with none."""
    rule = draw(st.sampled_from(list(Rule)))
    if draw(st.booleans()):
        return Roles(NoWord(), Person(rule), Replier.GREEDY, rule is Rule.HARD)
    return Roles(draw(choosers), Person(rule), Replier.HONEST, rule is Rule.HARD)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(roles=any_roles(), picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=8))
def test_any_three_roles_play_by_their_rules(roles: Roles, picks: list[int]) -> None:
    game = WordleRound(roles=roles, lists=CLASSIC)
    for pick in picks:
        if game.over:
            break
        word = GUESSES[pick % len(GUESSES)]
        before, history = list(game.candidates), [(r.word, r.reply) for r in game.rows]
        why = game.problem(word)
        # the guesser's rule, and only it, refuses an allowed word
        if roles.rule is Rule.POSSIBLE:  # a word that would have got every reply so far
            assert (why is None) == all(reply_for(w, word) == r for w, r in history)
        elif roles.rule is Rule.HARD:
            assert why == hard_problem(history, word)
        else:
            assert why is None
        if why is not None:
            with pytest.raises(Refused):
                game.guess(word)
            assert game.candidates == before  # nothing changes
            continue
        row = game.guess(word)
        kept = narrowed(before, word, row.reply)
        assert game.candidates == kept or row.reply == game.win
        if roles.replier is Replier.HONEST:  # the truth about the chooser's word
            assert row.reply == reply_for(word, game.target) and game.target in game.candidates
        else:  # greedy evil: no reply keeps more words than the one given
            sizes = {}
            for answer in before:
                sizes[reply_for(word, answer)] = sizes.get(reply_for(word, answer), 0) + 1
            others = [n for reply, n in sizes.items() if reply != game.win]
            assert row.reply == game.win or len(kept) == max(others)


def test_the_assistants_replier_is_the_person_typing_the_newspapers_colours() -> None:
    game = WordleRound(roles=assistant_roles(hard=True), lists=CLASSIC)
    assert game.target is None and game.the_roles.game == WordleGame.NYT
    with pytest.raises(Refused, match="Colours are 5"):
        game.guess("crane", "GGX..")
    with pytest.raises(Refused, match="No answer on these lists fits"):
        game.guess("crane", "GGGGY")  # four greens and a yellow: no word
    assert game.rows == []  # a refused row changes nothing
    with pytest.raises(ValueError, match="typed replier"):
        game.guess("crane")  # colours are needed
    game.guess("crane", reply_for("crane", "caulk"))
    assert "caulk" in game.candidates and all(
        reply_for("crane", w) == game.rows[0].reply for w in game.candidates
    )
    assert game.problem("fuzzy") is not None  # hard mode: the C found must be kept
    game.guess("caulk", "GGGGG")
    assert game.won and game.answer == "caulk"
    honest = WordleRound(target="crane", lists=CLASSIC)
    with pytest.raises(ValueError, match="typed replier"):
        honest.guess("crane", "GGGGG")  # an honest replier's colours are not typed


def test_a_combination_no_menu_offers_plays_too() -> None:
    # Antiwordle on the daily puzzle's word: the daily chooser, the Antiwordle rule
    roles = Roles(DailyWord(7), Person(Rule.POSSIBLE), Replier.HONEST)
    game = WordleRound(roles=roles, lists=CLASSIC)
    assert game.target == answer_for(7, CLASSIC) and game.mode == "antiwordle"
    assert game.problem("fuzzy") is None  # before any reply, every word fits
    game.guess(next(w for w in ANSWERS if w != game.target))
    assert rule_problem(Rule.POSSIBLE, game.rows, game.target) is None


def test_the_solver_plays_in_the_persons_place_with_the_same_chooser_and_replier() -> None:
    honest = rival(roles_of(WordleGame.WORDLE, hard=True), CLASSIC, "crane")
    assert honest is not None and isinstance(honest.replier, HonestReplier)
    steps = play(honest.game, honest.guesser, honest.replier)
    assert steps[-1].guess == "crane" and "hard mode's words" in honest.intro
    for i in range(1, len(steps)):  # the strategy keeps to the hints, as the person had to
        history = [(s.guess, honest.game.show(s.reply)) for s in steps[:i]]
        assert hard_problem(history, steps[i].guess) is None
    evil = rival(roles_of(WordleGame.EVIL), CLASSIC, None)
    assert evil is not None and isinstance(evil.replier, EvilReplier)
    assert rival(assistant_roles(), CLASSIC, None) is None  # the newspaper's word is unseen


def test_an_imported_record_names_the_perfect_replier_for_evil_wordle_only() -> None:
    from wordle_tui.gameplay.records import BadRecord, new_round, read_variant

    variant = read_variant("evil", "hard;perfect")
    assert variant.perfect and variant.hard
    game = new_round("evil", "", variant, CLASSIC)
    assert isinstance(game, WordleRound) and game.the_roles.replier is Replier.PERFECT
    with pytest.raises(BadRecord, match="variant's parts"):
        read_variant("wordle", "normal;perfect")
