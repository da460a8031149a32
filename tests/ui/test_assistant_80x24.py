"""The assistant screen at 80x24, as the usability walk found it: every text fits its place,
the help explains what the screen leaves out, the status follows each change, and nothing
stale shows while the advice is computed."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

import apptest
from apptest import assistant_ready
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import DataTable, Input, Static

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.solver.listsets import load_set
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.assistant.screen import AssistantScreen
from wordle_tui.ui.assistant.widgets import PuzzleDialog, RowsColumn, SuggestionPanel
from wordle_tui.ui.help import HelpScreen, rules
from wordle_tui.ui.widgets import Note

SIZE = (80, 24)


def assistant_app(tmp_path: Path, lists: str = "classic", day: int | None = None) -> WordleTuiApp:
    return WordleTuiApp(
        GameRequest("assistant", day=day),
        history=History(tmp_path / "h.sqlite3"),
        lists=load_set(lists),
    )


settle = partial(apptest.settle, until=assistant_ready)


def lines_of(widget: Widget) -> list[str]:
    """The text a widget renders, line by line, at its width (all of it, shown or not)."""
    width, height = widget.size.width, widget.virtual_size.height
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, width, height))]


def assert_fits(widget: Widget, within: Widget) -> None:
    """The widget's whole region lies inside the other's: no line of it is clipped."""
    assert within.content_region.contains_region(widget.region), (widget, widget.region)


async def test_the_left_column_fits_at_80x24_and_f1_tells_the_rest(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        column = app.screen.query_one(RowsColumn)
        for child in column.children:
            assert_fits(child, column)
        shown = " ".join(lines_of(app.screen.query_one(Note)))
        assert "F1" in shown and "ctrl+l" in shown
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.topic == "assistant"
    text = rules("assistant").split("# The other games")[0]
    for told in ("★", "◆", "F5", "F6", "ctrl+l", "*left*", "*guesses*"):
        assert told in text, told


async def test_f1_opens_the_assistants_help_from_its_dialogs_too(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        for key in ("f5", "f7"):
            await pilot.press(key)
            await pilot.pause()
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and app.screen.topic == "assistant", key
            await pilot.press("escape", "escape")
            await pilot.pause()
            assert isinstance(app.screen, AssistantScreen)


async def test_the_assistant_pushed_by_itself_names_its_help(tmp_path: Path) -> None:
    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"), lists=load_set("classic"))
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(AssistantScreen(lists=load_set("classic")))
        await settle(app, pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.topic == "assistant"


async def test_f7_wraps_its_prompt_and_takes_only_puzzles_that_are_out(tmp_path: Path) -> None:
    from wordle_tui.solver.nyt.history import todays_number

    today = todays_number()
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("f7")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PuzzleDialog)
        prompt = dialog.query_one("#puzzle-prompt", Static)
        assert_fits(prompt, dialog.query_one("#puzzle-box"))
        assert " ".join(lines_of(prompt)).endswith("the answers before it.")
        field = dialog.query_one(Input)
        for typed, said in (
            ("99999", f"today's is {today:,}"),
            (f"{today + 2}", f"today's is {today:,}"),
            ("²", "not a puzzle number"),
            ("-5", "not a puzzle number"),
            ("12x", "not a puzzle number"),
        ):
            field.value = ""
            await pilot.press(*typed, "enter")
            await pilot.pause()
            assert app.screen is dialog, typed
            error = dialog.query_one("#puzzle-error", Note)
            assert said in str(error.text), (typed, error.text)
            assert_fits(error, dialog.query_one("#puzzle-box"))
        field.value = ""
        await pilot.press(*f"{today + 1}", "enter")  # tomorrow's is out somewhere already
        await settle(app, pilot)
        assert isinstance(app.screen, AssistantScreen) and app.screen.puzzle == today + 1


async def test_the_review_table_fits_at_80x24(tmp_path: Path, monkeypatch) -> None:
    import wordle_tui.solver.assistant.advice as advice

    monkeypatch.setattr(advice, "REVIEW_BUDGET", 1.0)  # estimates do: the width is the point
    app = assistant_app(tmp_path, "nyt", day=1984)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        for typed in ("raisexxyxg", "gimmeggggg"):  # 14,855 answers, then solved
            await pilot.press(*typed, "enter")
            await settle(app, pilot)
        assert app.screen.assistant.solved
        table = app.screen.query_one("#suggestions", DataTable)
        labels = [str(c.label) for c in table.ordered_columns]
        assert labels[0] == "guess" and labels[-1] == "luck" and "best move" in labels
        assert table.virtual_size.width <= table.size.width, (labels, table.virtual_size)
        assert str(table.get_row_at(0)[labels.index("answers")]).startswith("14,855")


def note_text(app) -> str:
    return str(app.screen.query_one(Note).text)


async def test_the_status_follows_each_change(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        await pilot.press(*"raisexxyxg", "enter")
        await settle(app, pilot)
        assert note_text(app) == f"{len(screen.assistant.candidates):,} left."
        await pilot.press("f4")  # the answer list -> any word by its frequency
        await settle(app, pilot)
        helper = screen.assistant
        likely, possible = len(helper.likely), len(helper.candidates)
        assert possible > 25  # more than the list's: the header and the status say so
        if likely == possible:
            said, headline = f"{possible:,} left.", f"{possible:,} answers left"
        else:
            said = f"{likely:,} likely, {possible:,} possible."
            headline = f"{likely:,} likely answers ({possible:,} possible) left"
        assert note_text(app) == said
        assert headline in str(screen.query_one("#assist-summary").render())
        await pilot.press("ctrl+z")
        await settle(app, pilot)
        assert note_text(app) == "Took back the last row."
        await pilot.press(*"crane", *"xxgxx", "enter")
        await settle(app, pilot)
        await pilot.press("ctrl+z")
        await settle(app, pilot)
        await pilot.press(*"crane", *"xxgxx", "enter")
        await settle(app, pilot)
        await pilot.press("ctrl+l")
        await settle(app, pilot)
        assert (
            screen.assistant.rows == []
            and note_text(app) == "Cleared 1 row; ctrl+z brings it back."
        )


async def test_a_refused_row_says_how_to_fix_it_not_to_clear_every_row(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press(*"raisexxyxg", "enter")
        await settle(app, pilot)
        await pilot.press(*"bingo", "enter")  # all grey: fits none
        await pilot.pause()
        said = note_text(app)
        assert "Fix the row (Backspace, colours)" in said and "ctrl+l" not in said
        column = app.screen.query_one(RowsColumn)
        assert_fits(app.screen.query_one(Note), column)


class Gate:
    """Holds back the assistant's advice until opened: what shows while it is computed."""

    def __init__(self, monkeypatch) -> None:
        import threading

        from wordle_tui.solver.assistant.engine import Assistant

        self.event = threading.Event()
        self.event.set()
        advise = Assistant.advice

        def held(helper, *args, **kwargs):
            self.event.wait(30)
            return advise(helper, *args, **kwargs)

        monkeypatch.setattr(Assistant, "advice", held)

    def close(self) -> None:
        self.event.clear()

    def open(self) -> None:
        self.event.set()


def summary_text(app) -> str:
    return str(app.screen.query_one("#assist-summary").render())


def candidates_text(app) -> str:
    panel = app.screen.query_one(SuggestionPanel)
    title = str(panel.query_one("#candidates-title").render())
    return title + "\n" + str(panel.query_one("#candidates").render())


async def test_while_the_review_is_computed_the_answers_left_are_current(
    tmp_path: Path, monkeypatch
) -> None:
    gate = Gate(monkeypatch)
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press(*"crane", *"xxxxx", "enter")
        await settle(app, pilot)
        assert "BUILT" in candidates_text(app)  # among the answers left
        gate.close()
        try:
            await pilot.press(*"hoist", *"ggggg", "enter")
            await pilot.pause()
            assert "HOIST" in candidates_text(app) and "BUILT" not in candidates_text(app)
            await pilot.pause(1.3)
            assert re.fullmatch(r"Reviewing… [1-9]\d* s", summary_text(app)), summary_text(app)
        finally:
            gate.open()
        await settle(app, pilot)
        assert "Skill" in summary_text(app)


async def test_a_pasted_game_shows_its_rows_at_once_and_no_stale_answers(
    tmp_path: Path, monkeypatch
) -> None:
    from wordle_tui.solver import reply_for
    from wordle_tui.ui.assistant.widgets import PasteGameDialog
    from wordle_tui.ui.widgets import BoardRow

    gate = Gate(monkeypatch)
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press(*"raisexxyxg", "enter")
        await settle(app, pilot)
        words = ("crane", "moist", "bilge", "hinge")
        squares = "\n".join(
            reply_for(w, "hinge").replace(".", "⬛").replace("Y", "🟨").replace("G", "🟩")
            for w in words
        )
        gate.close()
        try:
            await pilot.press("f5")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, PasteGameDialog)
            dialog.query_one("#paste-squares").text = f"Wordle 9,234 4/6\n\n{squares}"
            dialog.query_one(Input).value = " ".join(words)
            await pilot.press("ctrl+s")  # another puzzle: the assistant is built again
            await pilot.pause()
            await pilot.pause()
            column = app.screen.query_one(RowsColumn)
            played = [r for r in column.query(BoardRow) if r.has_class("played")]
            assert len(played) == 4
            shown = candidates_text(app)  # while built "updating", once built the new answers
            assert "updating" in shown or shown.startswith("Possible answers (1,"), shown
            assert "25 left" not in note_text(app)
            for _ in range(40):  # the seconds waited show once a second has passed
                await pilot.pause(0.1)
                if re.fullmatch(r"Thinking… [1-9]\d* s", summary_text(app)):
                    break
            assert re.fullmatch(r"Thinking… [1-9]\d* s", summary_text(app)), summary_text(app)
        finally:
            gate.open()
        await settle(app, pilot)
        assert app.screen.assistant.solved and "Skill" in summary_text(app)
        assert "updating" not in candidates_text(app) and "HINGE" in candidates_text(app)


ENTRY = re.compile(
    r"[A-Z]{5}( [<>]?[\d.]+%)?( ↺#[\d,]+ \d{4}-\d\d-\d\d(,#[\d,]+ \d{4}-\d\d-\d\d)*)?"
)


async def test_each_possible_answer_is_whole_on_one_line_and_the_title_adds_up(
    tmp_path: Path,
) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        panel = app.screen.query_one(SuggestionPanel)
        for step in ("uniform", "f4"):
            if step == "f4":
                await pilot.press("f4")  # any word by its frequency: each with its chance
                await settle(app, pilot)
            title = str(panel.query_one("#candidates-title").render())
            assert "the first 300 shown" in title and "more" not in title, title
            lines = lines_of(panel.query_one("#candidates"))
            entries = [e for line in lines for e in line.split("  ") if e]
            assert len(entries) == 300
            for entry in entries:
                assert ENTRY.fullmatch(entry.strip()), (step, entry)
            if step == "f4":
                assert all("%" in e for e in entries)
