"""Sedecordle (16 boards in 21 guesses) and Duotrigordle (32 in 37) as plain rounds, on a small
list: won and lost at the limit, boards that stop at their solving row, the share text (the
guesses used, then four boards a line), and the history (saved, resumed, recorded, tallied)."""

from __future__ import annotations

import pytest

from wordle_tui.gameplay.catalog import GameRequest, new_round
from wordle_tui.gameplay.multi import MultiRound, Refused
from wordle_tui.gameplay.session import Keeper, resume
from wordle_tui.gameplay.statistics import board_tally
from wordle_tui.gameplay.wordle import Status
from wordle_tui.history import History
from wordle_tui.solver.listsets import make_set
from wordle_tui.solver.replies import reply_for

MANY_ANSWERS = (
    *("clasp", "scarf", "wring", "bendy", "fluid", "cedar", "poled", "worse"),
    *("oaken", "patsy", "strep", "letup", "eaten", "brier", "place", "anger"),
    *("loner", "muggy", "sloop", "wowed", "yeast", "abled", "towed", "noise"),
    *("fritz", "unsee", "extol", "shore", "burnt", "heath", "annoy", "aloof"),
)
FILLERS = ("slate", "crony", "build", "fight", "pumps", "wacky", "dough")  # no answer among them
LISTS = make_set("many", MANY_ANSWERS, [*MANY_ANSWERS, *FILLERS], "test", "test")
SIXTEEN = MANY_ANSWERS[:16]
KEY = {n: f"{n}\ufe0f\u20e3" for n in range(10)}  # a digit key, as the share text writes it


def two(n: int) -> str:
    """A board's guess count as the share text writes it past eight boards: two keys."""
    return KEY[n // 10] + KEY[n % 10]


def test_a_sedecordle_won_board_by_board() -> None:
    game = MultiRound("sedecordle", SIXTEEN, lists=LISTS)
    assert (game.variant.boards, game.limit) == (16, 21)
    game.guess("slate")
    for answer in SIXTEEN:
        assert game.status is Status.PLAYING
        game.guess(answer)
    assert game.won and game.score == 17
    assert game.results() == list(range(2, 18))
    assert game.outcome() == "All 16 boards solved in 17/21."
    first, last = game.boards()[0], game.boards()[-1]
    assert [r.word for r in first.rows] == ["slate", "clasp"]  # no rows after the solving one
    assert len(last.rows) == 17 and last.rows[-1].reply == "GGGGG"
    assert last.rows[0].reply == reply_for("slate", SIXTEEN[-1])
    with pytest.raises(Refused, match="over"):
        game.guess("slate")


def test_a_sedecordle_lost_names_the_boards_missed() -> None:
    game = MultiRound("sedecordle", SIXTEEN, lists=LISTS)
    for word in (*FILLERS, *SIXTEEN[:14]):  # 7 + 14 = 21 guesses: two boards left
        game.guess(word)
    assert game.status is Status.LOST and len(game.words) == 21
    assert game.results()[14:] == [None, None]
    assert game.outcome() == "Out of guesses: 14 of 16 solved; missed PLACE, ANGER."
    assert game.outcome(missed=False) == "Out of guesses: 14 of 16 solved."  # the title's
    assert game.boards()[15].answer == "anger"  # shown once the game is over


@pytest.mark.parametrize(("fillers", "won"), [(5, True), (6, False)])
def test_a_duotrigordle_is_won_on_its_37th_guess_and_lost_one_past_it(fillers, won) -> None:
    game = MultiRound("duotrigordle", MANY_ANSWERS, lists=LISTS)
    assert (game.variant.boards, game.limit) == (32, 37)
    words = [*FILLERS[:fillers], *MANY_ANSWERS][:37]
    for word in words:
        game.guess(word)
    assert len(game.words) == 37 and game.won is won
    solved = [r for r in game.results() if r is not None]
    assert len(solved) == (32 if won else 31)
    assert game.results()[0] == fillers + 1
    if not won:
        assert game.results()[-1] is None and game.outcome().endswith("missed ALOOF.")


def test_the_sedecordle_share_text_is_four_boards_a_line() -> None:
    game = MultiRound("sedecordle", SIXTEEN, lists=LISTS, day=12)
    for word in ("slate", *SIXTEEN):
        game.guess(word)
    assert game.share_text().splitlines() == [
        "Daily Sedecordle 12",
        "17/21",
        " ".join(two(n) for n in (2, 3, 4, 5)),
        " ".join(two(n) for n in (6, 7, 8, 9)),
        " ".join(two(n) for n in (10, 11, 12, 13)),
        " ".join(two(n) for n in (14, 15, 16, 17)),
    ]


def test_the_duotrigordle_share_text_marks_a_lost_board() -> None:
    game = MultiRound("duotrigordle", MANY_ANSWERS, lists=LISTS)
    for word in (*FILLERS[:6], *MANY_ANSWERS[:31]):
        game.guess(word)
    lines = game.share_text().splitlines()
    assert lines[:2] == ["Practice Duotrigordle", "X/37"]
    grid = [line.split(" ") for line in lines[2:]]
    assert len(grid) == 8 and all(len(marks) == 4 for marks in grid)
    assert grid[0] == [two(7), two(8), two(9), two(10)]
    assert grid[-1] == [two(35), two(36), two(37), "🟥🟥"]
    with_rows = game.share_text(squares=True)
    assert with_rows.count("Board ") == 32 and "🟩🟩🟩🟩🟩" in with_rows


def test_the_catalog_makes_either_round_and_the_history_keeps_it(tmp_path) -> None:
    history = History(tmp_path / "h.sqlite3")
    request = GameRequest("duotrigordle", target=",".join(MANY_ANSWERS), lists=LISTS)
    game = new_round(request)
    assert isinstance(game, MultiRound) and game.answers == MANY_ANSWERS
    keeper = Keeper(history, game)
    game.guess("slate")
    keeper.moved()
    again, _ = resume(history, "duotrigordle", LISTS)
    assert again.words == ["slate"] and again.answers == MANY_ANSWERS
    for answer in MANY_ANSWERS:
        again.guess(answer)
    Keeper(history, again).moved()
    [row] = history.finished("duotrigordle")
    assert (row["result"], row["score"]) == ("won", 33)
    tally = board_tally(history.finished("duotrigordle"))
    assert (tally.games, tally.boards, tally.solved, tally.every_board) == (1, 32, 32, 1)
    sixteen = new_round(GameRequest("sedecordle", seed=4, lists=LISTS))
    assert len(sixteen.answers) == len(set(sixteen.answers)) == 16
    assert set(sixteen.answers) <= set(MANY_ANSWERS)
