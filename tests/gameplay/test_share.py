"""Reading NYT share text and pairing its rows with the words played."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordle_tui.errors import WordleTuiError
from wordle_tui.gameplay.wordle import Row, WordleRound
from wordle_tui.solver.assistant.share import ShareError, pair_rows, parse_share, split_words

SHARE = """Wordle 1,234 4/6*

⬛⬛🟨⬛⬛
⬛🟩🟨⬛⬛
🟩🟩⬛🟩⬛
🟩🟩🟩🟩🟩
"""

marks = st.text(alphabet="GY.", min_size=5, max_size=5).filter(lambda p: p != "GGGGG")


def test_a_won_hard_mode_share() -> None:
    game = parse_share(SHARE)
    assert (game.number, game.guesses, game.hard, game.won) == (1234, 4, True, True)
    assert game.patterns == ["..Y..", ".GY..", "GG.G.", "GGGGG"]


def test_a_lost_high_contrast_share_with_a_link_after_it() -> None:
    text = "Wordle 987 X/6\n" + "⬜🟦⬜🟧⬜\n" * 6 + "\nhttps://www.nytimes.com/games/wordle\n"
    game = parse_share(text)
    assert (game.number, game.guesses, game.hard, game.won) == (987, None, False, False)
    assert game.patterns == [".Y.G."] * 6


@pytest.mark.parametrize(
    ("header", "number", "guesses", "hard"),
    [
        ("Wordle 227 3/6 @ScoreMyWordle", 227, 3, False),
        ("Wordle 1,234 3/6* my best yet!", 1234, 3, True),
        ("Wordle 227 3/6\t#wordle", 227, 3, False),
    ],
)
def test_a_header_with_text_after_its_score(header: str, number, guesses, hard) -> None:
    game = parse_share(header + "\n⬛⬛🟨⬛⬛\n⬛🟩🟨⬛⬛\n🟩🟩🟩🟩🟩\n")
    assert (game.number, game.guesses, game.hard, game.won) == (number, guesses, hard, True)


@pytest.mark.parametrize("header", ["Wordle 227 3/60", "Wordle 227 3/6x", "Wordle 227 3/6** a"])
def test_a_header_glued_to_more_text_is_still_refused(header: str) -> None:
    with pytest.raises(ShareError, match="not a Wordle share header"):
        parse_share(header + "\n⬛⬛🟨⬛⬛\n⬛🟩🟨⬛⬛\n🟩🟩🟩🟩🟩\n")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no rows of squares"),
        ("hello there", "not a Wordle share header"),
        ("Wordle 1 3/6\n🟩🟩🟩🟩🟩", "header says 3/6 but the share has 1 row,"),
        ("Wordle 1 X/6\n🟩🟩🟩🟩🟩", "header says X/6"),
        ("Wordle 1 2/6\n🟩🟩🟩🟩\n🟩🟩🟩🟩🟩", "row 1 '🟩🟩🟩🟩' is not five squares"),
        ("Wordle 1 2/6\n🟩🟩🟩🟩🟩\n🟩🟩🟩🟩🟩", "row 1 is all green but more rows follow"),
        ("Wordle 1 2/6\nnice\n🟩🟩🟩🟩🟩", "'nice' is not a row of squares"),
        ("⬛⬛⬛⬛⬛\n" * 7, "six rows; this share has 7"),
    ],
)
def test_bad_share_text_says_why(text: str, message: str) -> None:
    with pytest.raises(ShareError, match=message.replace("*", r"\*")) as raised:
        parse_share(text)
    assert isinstance(raised.value, WordleTuiError)


def test_pairing_rows_with_words() -> None:
    patterns = parse_share(SHARE).patterns
    words = split_words("crane, moist\nbilge  hinge")
    assert pair_rows(patterns, words) == list(zip(words, patterns, strict=True))
    with pytest.raises(ShareError, match="4 rows but 3 words"):
        pair_rows(patterns, words[:3])
    with pytest.raises(ShareError, match="word 2 'mo1st' is not a five-letter word"):
        pair_rows(patterns, ["crane", "mo1st", "bilge", "hinge"])
    with pytest.raises(ShareError, match="row 1 .*grey S cannot come before a yellow"):
        pair_rows(["..Y.."], ["sassy"])


@given(st.lists(marks, min_size=0, max_size=5), st.booleans(), st.booleans(), st.booleans())
def test_parse_share_reads_back_what_the_game_renders(
    rows: list[str], won: bool, hard: bool, contrast: bool
) -> None:
    rows = rows + ["GGGGG"] if won else (rows + ["....."] * 6)[:6]
    game = WordleRound(target="crane", hard=hard)
    game.rows = [Row("crane", p) for p in rows]
    text = game.share_text(high_contrast=contrast)
    shared = parse_share(text)
    assert shared.patterns == rows and shared.hard == hard
    assert shared.guesses == (len(rows) if won else None)


@pytest.mark.parametrize(
    ("day", "nyt", "header", "number"),
    [
        (None, False, "wordle-tui 2/6*", None),
        (412, False, "wordle-tui daily 412 2/6*", None),  # a daily number is no NYT puzzle
        (1497, True, "Wordle 1,497 2/6*", 1497),
    ],
)
def test_one_share_header_form_and_it_reads_back(
    day: int | None, nyt: bool, header: str, number: int | None
) -> None:
    game = WordleRound(target="crane", hard=True, day=day, nyt=nyt)
    game.rows = [Row("slate", "..G.Y"), Row("crane", "GGGGG")]
    text = game.share_text()
    assert text.splitlines()[0] == header
    shared = parse_share(text)
    assert (shared.number, shared.guesses, shared.hard) == (number, 2, True)
