"""Text from users and files: digits are ASCII digits, and case changes never change a length."""

from __future__ import annotations

import contextlib

import pytest
from textual.worker import WorkerCancelled


def test_a_jotto_tree_reply_is_ascii_digits_only(jotto) -> None:
    from wordle_tui.solver.trees import reply_parser

    count = reply_parser(jotto)
    assert count("3") == 3
    for text in ("٣", "³", "9" * 5000):  # int() reads the first as 3, fails on the others
        with pytest.raises(ValueError):
            count(text)


# Case: only A-Z is lower-cased, so no pasted or typed text changes length on the way in.

DOTTED = "İSTAN"  # 'İ'.lower() is two characters: 'i' and a combining dot
KELVIN = "\u212aITES"  # the Kelvin sign, which str.lower() turns into an ASCII 'k'


def test_ascii_lower_lowers_a_to_z_only() -> None:
    from wordle_tui.solver.words import ascii_lower

    assert ascii_lower("CRANE:..Y.G") == "crane:..y.g"
    assert ascii_lower(DOTTED) == "İstan" and len(ascii_lower(DOTTED)) == 5
    assert ascii_lower(KELVIN) == "\u212aites"


@pytest.mark.parametrize("pasted", [DOTTED, f"{DOTTED}:..Y.G", f"{DOTTED} ⬛⬛🟨⬛🟩"])
def test_a_pasted_word_with_a_dotted_capital_i_is_refused_not_six_letters(pasted: str) -> None:
    from wordle_tui.gameplay.entry import RowEntry
    from wordle_tui.solver.assistant.patterns import AssistantError

    entry = RowEntry()
    with pytest.raises(AssistantError):
        entry.paste(pasted)
    assert entry.word == "" and not entry.colouring
    for key in "crane":  # the entry still takes a word, then its colours
        entry.key(key)
    assert entry.colouring


async def test_the_assistant_screen_refuses_a_pasted_dotted_capital_i(tmp_path) -> None:
    from textual import events

    from wordle_tui.history import History
    from wordle_tui.ui.app import WordleTuiApp
    from wordle_tui.ui.assistant.screen import AssistantScreen
    from wordle_tui.ui.widgets import Note

    app = WordleTuiApp(history=History(tmp_path / "history.sqlite3"))
    async with app.run_test(size=(100, 40)) as pilot:
        app.action_open("assistant")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AssistantScreen)
        screen.post_message(events.Paste(DOTTED))
        await pilot.pause()
        assert screen.entry.word == ""
        assert "cannot read" in screen.query_one(Note).text


def test_word_lists_and_set_names_refuse_what_lower_would_make_ascii(tmp_path) -> None:
    from wordle_tui.games.ghost.solver.cache import read_words as ghost_words
    from wordle_tui.solver.listsets import ListSetError, check_name
    from wordle_tui.solver.words import WordListError, parse_words

    with pytest.raises(WordListError, match="line 2.*not a word of letters a-z"):
        parse_words(f"crane\n{KELVIN}\n", "list.txt")
    with pytest.raises(ListSetError, match="cannot name a word-list set"):
        check_name("\u212ax")
    assert check_name("MyList") == "mylist"
    path = tmp_path / "words.txt"
    path.write_text(f"cat\n{KELVIN}\n", encoding="utf-8")
    with pytest.raises(WordListError, match="line 2.*not a word of letters a-z"):
        ghost_words(path)


# Brackets: typed or pasted text quoted in a message is text, never Rich markup.

CLOSING = "[/x]"  # as markup, a closing tag with no opening one: MarkupError


async def test_brackets_pasted_into_the_assistant_are_quoted_not_a_crash(tmp_path) -> None:
    from textual import events

    from wordle_tui.gameplay.catalog import GameRequest
    from wordle_tui.history import History
    from wordle_tui.ui.app import WordleTuiApp
    from wordle_tui.ui.widgets import Note

    app = WordleTuiApp(GameRequest("assistant"), history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(100, 40)) as pilot:
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await pilot.pause()
        app.screen.post_message(events.Paste(CLOSING))
        await pilot.pause()
        assert f"cannot read '{CLOSING}'" in str(app.screen.query_one(Note).render())
    assert not app.crashed


async def test_brackets_typed_as_a_day_number_are_quoted_not_a_crash(tmp_path) -> None:
    from wordle_tui.history import History
    from wordle_tui.ui.app import WordleTuiApp
    from wordle_tui.ui.widgets import Note

    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_daily()
        await pilot.pause()
        app.screen.query_one("#daily-day").value = CLOSING
        await pilot.press("enter")
        await pilot.pause()
        assert f"'{CLOSING}' is not a puzzle number" in str(app.screen.query_one(Note).render())
    assert not app.crashed


async def test_a_notice_quoting_a_path_with_brackets_is_plain_text(tmp_path) -> None:
    from textual.widgets._toast import Toast

    from wordle_tui.history import History
    from wordle_tui.ui.app import WordleTuiApp

    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.notify(f"{tmp_path}/{CLOSING}/history.sqlite3 cannot be written")
        app.screen.notify(f"{CLOSING} again, from a screen")
        for _ in range(50):  # until both are shown (they are mounted a refresh later)
            await pilot.pause()
            toasts = list(app.screen.query(Toast))
            if len(toasts) == 2:
                break
        assert len(toasts) == 2
        assert all(CLOSING in str(toast.render()) for toast in toasts)
    assert not app.crashed
