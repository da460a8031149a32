"""The NYT assistant keeps your game: Escape, or quitting, and opening it again brings back the
rows, the puzzle, hard mode, the prior and the ranking; a game of an earlier day comes back
with its own puzzle; a solved one does not; a damaged file is ignored with a notice."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from test_assistant_screen import (
    SMALL,
    assistant_app,
    burst_and_settle,
    settle,
    shown_rows,
    type_row,
)
from textual.worker import WorkerCancelled

from wordle_tui.gameplay.assisted import FILE_NAME, KeptGame, keep, read_kept
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.solver import reply_for
from wordle_tui.solver.nyt.history import todays_number
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.assistant.screen import AssistantScreen
from wordle_tui.ui.assistant.widgets import RowsColumn
from wordle_tui.ui.widgets import Note

SIZE = (80, 24)
ANSWER = "hinge"


def mode_line(app) -> str:
    return str(app.screen.query_one(RowsColumn).query_one("#assist-mode").render())


async def play_two_rows_in_hard_mode(app, pilot) -> None:
    await settle(app, pilot)
    await pilot.press("f3")
    await settle(app, pilot)
    await pilot.press("f6")  # by entropy
    await settle(app, pilot)
    for word in ("crane", "unite"):  # hard mode keeps the N and the final E
        await type_row(pilot, word, ANSWER)
        await settle(app, pilot)


async def test_the_game_comes_back_after_escape_and_after_quitting(tmp_path: Path) -> None:
    rows = [(w, reply_for(w, ANSWER)) for w in ("crane", "unite")]
    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=SIZE) as pilot:
        await play_two_rows_in_hard_mode(app, pilot)
        assert app.screen.assistant.rows == rows
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, AssistantScreen)
        app.open_game(GameRequest("assistant"))
        await settle(app, pilot)
        screen = app.screen
        assert screen.assistant.rows == rows and shown_rows(app) == ["crane", "unite"]
        assert (screen.hard, screen.rank, screen.puzzle) == (True, "entropy", todays_number())
        assert "Resumed your game" in screen.query_one(Note).text
    again = assistant_app(tmp_path, SMALL)  # the app started again: the same data folder
    async with again.run_test(size=SIZE) as pilot:
        await settle(again, pilot)
        assert again.screen.assistant.rows == rows and again.screen.assistant.hard
        assert again.screen.rank == "entropy" and "hard mode" in mode_line(again)


async def test_the_prior_and_an_undo_are_kept(tmp_path: Path) -> None:
    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await type_row(pilot, "crane", ANSWER)
        await settle(app, pilot)
        await type_row(pilot, "sling", ANSWER)
        await settle(app, pilot)
        await pilot.press("ctrl+z", "f4")  # one row back; the NYT's picks -> the answer list
        await settle(app, pilot)
        prior = app.screen.prior
    kept, notice = read_kept(tmp_path / FILE_NAME)
    assert notice is None and kept.prior == prior
    assert kept.rows == (("crane", reply_for("crane", ANSWER)),)


async def test_a_solved_game_is_not_resumed(tmp_path: Path) -> None:
    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        for word in ("crane", ANSWER):
            await type_row(pilot, word, ANSWER)
            await settle(app, pilot)
        assert app.screen.assistant.solved
    again = assistant_app(tmp_path, SMALL)
    async with again.run_test(size=SIZE) as pilot:
        await settle(again, pilot)
        assert again.screen.assistant.rows == [] and shown_rows(again) == []
        assert "Resumed" not in again.screen.query_one(Note).text


async def test_a_game_of_an_earlier_day_comes_back_with_its_own_puzzle(tmp_path: Path) -> None:
    today = todays_number()
    game = KeptGame(SMALL.name, today - 3, today - 3, rows=(("crane", "..Y.G"),))
    keep(tmp_path / FILE_NAME, game)
    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert screen.puzzle == today - 3 and screen.assistant.puzzle == today - 3
        assert screen.assistant.rows == [("crane", "..Y.G")]
        note = screen.query_one(Note).text
        assert "earlier day" in note and f"{today - 3:,}" in note and f"{today:,}" in note
        assert f"Wordle {today - 3:,}" in mode_line(app) and "today" not in mode_line(app)


async def test_another_puzzle_asked_for_starts_afresh(tmp_path: Path) -> None:
    today = todays_number()
    keep(tmp_path / FILE_NAME, KeptGame(SMALL.name, today, today, rows=(("crane", "..Y.G"),)))
    app = WordleTuiApp(
        GameRequest("assistant", day=today - 10),
        history=History(tmp_path / "h.sqlite3"),
        lists=SMALL,
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.screen.assistant.rows == [] and app.screen.puzzle == today - 10


async def test_a_damaged_file_is_ignored_with_a_notice(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text("{not json")
    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.screen.assistant.rows == []
        assert "cannot be used" in app.screen.query_one(Note).text
        await type_row(pilot, "crane", ANSWER)
        await settle(app, pilot)
    assert read_kept(tmp_path / FILE_NAME)[0].rows == (("crane", "...YG"),)  # replaced


async def test_rows_the_lists_refuse_start_afresh_with_a_notice(tmp_path: Path) -> None:
    today = todays_number()
    bad = (("zzzzz", "....."),)  # a word not in the lists
    keep(tmp_path / FILE_NAME, KeptGame(SMALL.name, today, today, rows=bad))
    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.screen.assistant.rows == [] and shown_rows(app) == []
        assert "cannot be resumed" in app.screen.query_one(Note).text


def test_read_kept_refuses_every_damaged_value(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    good = KeptGame("nyt", 1500, 1500, True, "nyt", "worst", (("crane", "..Y.G"),))
    assert keep(path, good) is None and read_kept(path) == (good, None)
    for key, value in [
        ("rows", [["crane", "..Y."]]),
        ("rows", [["CRANE", "..Y.G"]]),
        ("rows", [["crane", "..y.g"]]),
        ("prior", "other"),
        ("rank", 3),
        ("hard", "yes"),
        ("puzzle", -1),
        ("today", 1.5),
        ("lists", "../x"),
    ]:
        path.write_text(json.dumps({**good.as_data(), key: value}))
        game, notice = read_kept(path)
        assert game is None and "cannot be used" in notice, key
    path.write_text("[]")
    assert read_kept(path)[0] is None
    assert read_kept(tmp_path / "missing.json") == (None, None)


async def test_ctrl_z_brings_back_what_ctrl_l_cleared(tmp_path: Path) -> None:
    rows = [(w, reply_for(w, ANSWER)) for w in ("crane", "sling")]
    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        for word, _ in rows:
            await type_row(pilot, word, ANSWER)
            await settle(app, pilot)
        await pilot.press("ctrl+l")
        await settle(app, pilot)
        screen = app.screen
        assert screen.assistant.rows == [] and shown_rows(app) == []
        assert screen.query_one(Note).text == "Cleared 2 rows; ctrl+z brings them back."
        await pilot.press("ctrl+z")
        await settle(app, pilot)
        assert screen.assistant.rows == rows and shown_rows(app) == ["crane", "sling"]
        assert screen.query_one(Note).text.startswith("Brought back 2 rows.")
        assert read_kept(tmp_path / FILE_NAME)[0].rows == tuple(rows)  # kept again
        await pilot.press("ctrl+z")  # now an ordinary undo
        await settle(app, pilot)
        assert screen.assistant.rows == rows[:1]


async def test_ctrl_l_then_ctrl_z_typed_at_once_keep_the_rows(tmp_path: Path) -> None:
    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await type_row(pilot, "crane", ANSWER)
        await settle(app, pilot)
        await burst_and_settle(
            app, pilot, "ctrl+l", "ctrl+z", "sling", rows=["crane"], entry="sling"
        )
        assert app.screen.assistant.rows == [("crane", reply_for("crane", ANSWER))]
        assert app.screen.entry.word == "sling"


async def test_the_possible_answers_scroll_from_the_keyboard_at_80x24(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)  # 2,309 possible answers, a few lines shown
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        box = app.screen.query_one("#candidates-box")
        assert box.max_scroll_y > 0 and box.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert box.scroll_y == box.scrollable_content_region.height
        await pilot.press(*"cr", "pagedown", *"ane")  # typing goes on between the pages
        await pilot.pause()
        assert app.screen.entry.word == "crane"
        assert box.scroll_y == 2 * box.scrollable_content_region.height
        await pilot.press("pageup")
        await pilot.pause()
        assert box.scroll_y == box.scrollable_content_region.height
        await pilot.press("enter")  # a new row, new answers: shown from the first
        await settle(app, pilot)
        assert len(app.screen.assistant.rows) == 1 and box.scroll_y == 0


async def test_a_paste_refused_in_its_puzzle_comes_back_to_be_fixed(tmp_path: Path) -> None:
    from textual.widgets import Input, TextArea

    from wordle_tui.ui.assistant.widgets import PasteGameDialog

    rows = [
        ("crane", "...YG"),
        ("bilge", "....."),
        (ANSWER, "GGGGG"),
    ]  # BILGE grey: no E after a green E
    share = "Wordle 9,234 3/6\n\n" + "\n".join(  # another puzzle: the assistant is rebuilt
        p.replace(".", "⬛").replace("Y", "🟨").replace("G", "🟩") for _, p in rows
    )
    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        await pilot.press("f5")
        await pilot.pause()
        app.screen.query_one(TextArea).text = share
        app.screen.query_one(Input).value = "crane bilge hinge"
        await pilot.press("ctrl+s")
        for _ in range(100):  # the assistant is rebuilt for puzzle 9,234, which refuses them
            with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
                await app.workers.wait_for_complete()
            await pilot.pause()
            if isinstance(app.screen, PasteGameDialog):
                break
        dialog = app.screen
        assert isinstance(dialog, PasteGameDialog)
        assert dialog.query_one(TextArea).text == share
        assert dialog.query_one(Input).value == "crane bilge hinge"
        assert "row 2" in str(dialog.query_one("#paste-error").render())
        assert screen.assistant.rows == [] and screen.puzzle == todays_number()  # as it was


async def test_a_mode_key_typed_while_the_kept_rows_load_keeps_them(tmp_path: Path) -> None:
    from apptest import burst

    today = todays_number()
    keep(tmp_path / FILE_NAME, KeptGame("classic", today, today, rows=(("crane", "...YG"),)))
    app = assistant_app(tmp_path)  # the 2022 lists: a small set's could be built before the key
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "f3")  # before the assistant is built
        await settle(app, pilot)
        await settle(app, pilot)
        assert app.screen.hard and app.screen.assistant.rows == [("crane", "...YG")]
    assert read_kept(tmp_path / FILE_NAME)[0].rows == (("crane", "...YG"),)
