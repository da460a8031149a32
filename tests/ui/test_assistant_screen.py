"""The assistant screen driven by keyboard and mouse, and the suggest command."""

from __future__ import annotations

import json
import time
from functools import partial
from pathlib import Path

import apptest
import pytest
from apptest import assistant_ready, burst
from textual.widgets import DataTable
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.solver import reply_for
from wordle_tui.solver.listsets import load_set, make_set
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.assistant.screen import AssistantScreen
from wordle_tui.ui.widgets import BoardRow, Key, Note

SIZE = (80, 24)
CLASSIC = load_set("classic")  # equally likely answers: the proof and the optimal tree apply
# the words played on it (here and in test_assistant_kept.py)
PLAYED = ("crane", "moist", "bilge", "hinge", "raise", "saint", "salty", "sling", "unite")
# A twentieth of the 2022 answers (and a little of the guesses) for the tests of the screen's
# keys, mouse and dialogs, not of its figures: its advice takes milliseconds, not seconds.
SMALL_ANSWERS = sorted({*CLASSIC.answers[::20], *PLAYED})
SMALL = make_set(
    "small", SMALL_ANSWERS, [*SMALL_ANSWERS, *CLASSIC.guesses[::200]], "test", "2022, thinned"
)


def assistant_app(tmp_path: Path, lists=CLASSIC) -> WordleTuiApp:
    """The assistant on the 2022 lists or `lists` (the NYT of today: test_nyt_screen.py)."""
    return WordleTuiApp(
        GameRequest("assistant"), history=History(tmp_path / "h.sqlite3"), lists=lists
    )


settle = partial(apptest.settle, until=assistant_ready, rounds=50)


def table_words(app) -> list[str]:
    table = app.screen.query_one("#suggestions", DataTable)
    words = [str(table.get_row_at(i)[1]) for i in range(table.row_count)]
    return [w.replace("★ ", "").replace("◆ ", "") for w in words]


def marks(word: str, answer: str) -> str:
    """The colours the game gives `word` for `answer`, as typed (- y g)."""
    return reply_for(word, answer).replace(".", "-").lower()


async def type_row(pilot, word: str, answer: str) -> None:
    await pilot.press(*word, *marks(word, answer), "enter")


async def test_three_rows_by_keyboard_and_one_by_mouse(tmp_path: Path) -> None:
    answer = "hinge"
    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, AssistantScreen)
        await settle(app, pilot)
        assert len(table_words(app)) == 10
        for word in ("crane", "moist", "bilge"):
            await type_row(pilot, word, answer)
            await settle(app, pilot)
        screen = app.screen
        assert [w for w, _ in screen.assistant.rows] == ["crane", "moist", "bilge"]
        left = {w for w, _ in screen.assistant.candidate_words()}
        assert answer in left
        assert table_words(app)[0] == screen.suggestions[0].word.upper()
        # the fourth row by mouse: letters on the on-screen keyboard, tiles clicked for colours
        keys = {k.key: k for k in screen.query(Key)}
        for letter in answer:
            await pilot.click(keys[letter])
        entry = screen.query_one("#entry-row", BoardRow)
        for tile in entry.tiles:
            for _ in range(2):  # miss -> wrong spot -> right spot
                await pilot.click(tile)
        assert screen.entry.pattern == "GGGGG"
        await pilot.click(keys["enter"])
        await settle(app, pilot)
        assert screen.assistant.solved
        assert "Skill" in str(screen.query_one("#assist-summary").render())
        assert len(table_words(app)) == 4  # the review: one line per row


async def test_a_colouring_no_answer_fits_keeps_the_state(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press(*"raise", *"--y-g", "enter")
        await settle(app, pilot)
        before = table_words(app)
        await pilot.press(*"bingo", "enter")  # all grey: fits none of the 25
        await pilot.pause()
        message = app.screen.query_one(Note).text
        assert "no allowed word fits row 2" in message and "check the colours" in message
        assert len(app.screen.assistant.rows) == 1 and table_words(app) == before
        await pilot.press("ctrl+z")
        await settle(app, pilot)
        assert app.screen.assistant.rows == []


async def test_hard_mode_switch_keeps_rows(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)  # the 2022 lists: suggestions that hard mode would refuse
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press(*"crane", *"--y--", "enter")
        await settle(app, pilot)
        await pilot.press("f3")
        await settle(app, pilot)
        assert app.screen.hard and app.screen.assistant.rows == [("crane", "..Y..")]
        assert all(s.hard_ok for s in app.screen.suggestions)


async def test_a_failed_prior_switch_goes_back(tmp_path: Path, monkeypatch) -> None:
    import wordle_tui.ui.assistant.screen as screen_module
    from wordle_tui.solver.assistant.engine import AssistantError

    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press(*"crane", "enter")
        await settle(app, pilot)
        real = screen_module.Assistant

        def failing(**options):
            if options.get("prior") == "frequency":
                raise AssistantError("no answer fits row 1 (test)")
            return real(**options)

        monkeypatch.setattr(screen_module, "Assistant", failing)
        await pilot.press("f4")
        await settle(app, pilot)
        assert app.screen.prior == "uniform"
        assert app.screen.assistant.rows == [("crane", ".....")]
        assert "no answer fits" in app.screen.query_one(Note).text


async def test_physical_backspace_and_ctrl_h_edit_the_entry(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press(*"cranx", "backspace", "e")
        assert app.screen.entry.word == "crane"
        await pilot.press("ctrl+h", "ctrl+h", "backspace")
        assert app.screen.entry.word == "cr"


async def test_a_refused_row_stays_to_be_fixed(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        await pilot.press(*"sassy", *"..y..", "enter")  # a grey S before a yellow S: impossible
        assert "grey S cannot come before a yellow" in screen.query_one(Note).text
        assert (screen.entry.word, screen.entry.pattern) == ("sassy", "..Y..")
        await pilot.press(*["left"] * 4, *"ggg-y")  # fix the colours: now GGG.Y
        assert screen.entry.pattern == "GGG.Y"
        await pilot.press("enter")  # SASSY GGG.Y: no answer fits
        assert "no allowed word fits row 1" in screen.query_one(Note).text
        await pilot.press("backspace", "backspace")  # letters go, colours stay
        assert (screen.entry.word, screen.entry.pattern) == ("sas", "GGG.Y")
        await pilot.press(*"sy", *["left"] * 4, *"yy---")
        assert (screen.entry.word, screen.entry.pattern) == ("sassy", "YY...")
        await pilot.press("enter")
        await settle(app, pilot)
        assert screen.assistant.rows == [("sassy", "YY...")]
        assert screen.entry.word == "" and not screen.entry.fixing


async def test_a_pasted_game_is_loaded_and_reviewed(tmp_path: Path) -> None:
    from textual import events
    from textual.widgets import Input

    from wordle_tui.ui.assistant.widgets import PasteGameDialog

    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        rows = [(w, reply_for(w, "hinge")) for w in ("crane", "moist", "bilge", "hinge")]
        share = "Wordle 9,234 4/6\n\n" + "\n".join(  # a puzzle not in the record
            p.replace(".", "⬛").replace("Y", "🟨").replace("G", "🟩") for _, p in rows
        )
        screen.post_message(events.Paste(share))
        for _ in range(200):  # the dialog opens, then focuses its box (later when loaded)
            await pilot.pause(0.05)
            if isinstance(app.screen, PasteGameDialog) and isinstance(app.focused, Input):
                break
        assert isinstance(app.screen, PasteGameDialog)
        assert app.focused is app.screen.query_one(Input)  # the squares are in: the words next
        await pilot.pause(0.2)  # anything still queued for the dialog arrives first
        app.screen.query_one(Input).value = "crane moist bilge"  # one word short
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert screen.assistant.rows == [] and "4 rows but 3 words" in screen.query_one(Note).text
        dialog = app.screen  # refused: the dialog again, with what was pasted, to be fixed
        assert isinstance(dialog, PasteGameDialog)
        assert dialog.query_one("#paste-squares").text == share
        assert dialog.query_one(Input).value == "crane moist bilge"
        assert "4 rows but 3 words" in str(dialog.query_one("#paste-error").render())
        dialog.query_one(Input).value = "crane, moist, bilge, hinge"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert screen.assistant.rows == rows and screen.assistant.solved
        assert "Skill" in str(screen.query_one("#assist-summary").render())
        assert len(table_words(app)) == 4


async def test_the_first_table_shows_before_the_assistant_loads(
    tmp_path: Path, monkeypatch
) -> None:
    import threading

    import wordle_tui.ui.assistant.screen as screen_module

    gate = threading.Event()
    real = screen_module.Assistant

    def slow(**options):
        gate.wait(10)
        return real(**options)

    monkeypatch.setattr(screen_module, "Assistant", slow)
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.assistant is None and table_words(app)[0] == "SALET"
        first = table_words(app)
        gate.set()
        await settle(app, pilot)
        assert table_words(app) == first  # the shipped table is what the assistant shows
        await pilot.press(*"crane", "enter")
        # from the moment the row is added, the opening's table is gone (never stale)
        assert "SALET" not in table_words(app)
        await settle(app, pilot)
        assert "SALET" not in " ".join(table_words(app))


runner = CliRunner()


def test_suggest_json_matches_the_documented_shape() -> None:
    result = runner.invoke(
        cli, ["suggest", "raise:..Y.G", "--top", "5", "--json", "--lists", "classic"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["candidates"] == 25 == len(data["candidate_words"])
    found = data["suggestions"]
    assert len(found) == 5 or (len(found) == 6 and found[5]["entropy_best"])  # ◆ is always in
    for s in data["suggestions"]:
        assert set(s) >= {
            "word",
            "entropy",
            "expected_remaining",
            "worst",
            "is_candidate",
            "hard_ok",
        }
    assert data["reason"].startswith(data["suggestions"][0]["word"].upper())


def test_suggest_accepts_every_form_and_prints_a_table() -> None:
    forms = ["raise:..Y.G", "raise:00102", "raise:--y-g", "raise:⬛⬛🟨⬛🟩", "RAISE:xxyxg"]
    counts = {
        json.loads(runner.invoke(cli, ["suggest", f, "--json", "--lists", "classic"]).stdout)[
            "candidates"
        ]
        for f in forms
    }
    assert counts == {25}
    # ranked by entropy: the position alone is compared, not the endgame search's values
    on_today = ["--json", "--budget", "0", "--rank", "entropy"]
    likely = {
        json.loads(runner.invoke(cli, ["suggest", f, *on_today]).stdout)["likely_candidates"]
        for f in forms
    }
    assert len(likely) == 1  # the NYT of today: the same position, whatever the form
    text = runner.invoke(cli, ["suggest", "crane:..y..", "--hard", "--top", "3"]).stdout
    assert "answers possible" in text and "splits the" in text


def test_suggest_analysis_after_the_winning_row() -> None:
    rows = [f"{w}:{reply_for(w, 'hinge')}" for w in ("raise", "bingo", "hinge")]
    data = json.loads(runner.invoke(cli, ["suggest", *rows, "--json"]).stdout)
    assert "suggestions" not in data and len(data["analysis"]) == 3
    assert 0 <= data["skill"] <= 99 and 0 <= data["luck"] <= 99


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["qqqqq:....."], "QQQQQ is not in the guess list"),
        (["raise:GGGGY"], "cannot happen"),
        (["raise:GGG"], "a colouring has 5 marks"),
        (["raise:..Y.G", "bingo:....."], "no allowed word fits row 2"),
        (["raise"], "word:pattern"),
        (["--prior", "magic"], "unknown prior"),
    ],
)
def test_suggest_bad_input(args: list[str], message: str) -> None:
    result = runner.invoke(cli, ["suggest", *args])
    assert result.exit_code == 2 and message in result.stderr
    assert "Traceback" not in result.output


async def test_rows_no_listed_answer_fits_widen_to_every_word(tmp_path: Path) -> None:
    """An answer outside the list (the NYT has used some): the assistant widens, says so,
    shows meaningful chances, and narrows again on undo."""
    answer = "cards"  # an allowed guess that is not on the answer list
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert answer not in app.screen.assistant.game.targets
        for word in ("crane", "plush"):
            await type_row(pilot, word, answer)
            await settle(app, pilot)
        screen = app.screen
        assert screen.assistant.widened and "every allowed word" in screen.query_one(Note).text
        left = dict(screen.assistant.candidate_words())
        assert answer in left
        title = str(screen.query_one("#candidates-title").render())
        assert "most likely first" in title
        shown = str(screen.query_one("#candidates").render())
        assert "CARKS 0.02%" in shown and " 0.0%" not in shown  # rare, but not shown as 0
        await pilot.press("ctrl+z")
        await settle(app, pilot)
        assert not screen.assistant.widened
        assert "all equally likely" in str(screen.query_one("#candidates-title").render())


async def test_f6_switches_the_ranking_and_its_column_comes_first(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await type_row(pilot, "crane", "blast")
        await settle(app, pilot)
        table = app.screen.query_one("#suggestions", DataTable)
        labels = [str(c.label) for c in table.ordered_columns]
        assert labels[:3] == ["#", "guess", "guesses"]
        assert app.screen.suggestions[0].proven  # the proof finished and is shown
        await pilot.press("f6")
        await settle(app, pilot)
        labels = [str(c.label) for c in table.ordered_columns]
        assert labels[:3] == ["#", "guess", "bits"] and app.screen.rank == "entropy"
        bits = [s.entropy for s in app.screen.suggestions]
        assert bits == sorted(bits, reverse=True)
        assert app.screen.suggestions[0].entropy_best
        await pilot.press("f6")
        await settle(app, pilot)
        worst = [s.worst for s in app.screen.suggestions if not s.entropy_best]
        assert worst == sorted(worst) and app.screen.rank == "worst"
        top = app.screen.suggestions[:10]  # an 11th row is the entropy-best, added
        assert all(
            (x.rank == y.rank) == (x.worst == y.worst) for x, y in zip(top, top[1:], strict=False)
        )
        await pilot.press("f6")
        assert app.screen.rank == "guesses"


async def test_a_key_press_stops_the_proof_and_the_estimates_stay(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await long_proof(app, pilot)
        assert screen.searching and screen.suggestions and not screen.suggestions[0].proven
        await pilot.press("s")
        await settle(app, pilot)
        assert not screen.searching and not screen.suggestions[0].proven
        assert "stopped" in str(screen.query_one("#assist-summary").render())
        assert screen.entry.word == "s"


async def test_a_finished_game_is_reviewed_with_skill_and_luck(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        for word in ("salet", "crony", "blast"):
            await type_row(pilot, word, "blast")
            await settle(app, pilot)
        summary = str(app.screen.query_one("#assist-summary").render())
        assert "Skill 0/99" in summary  # CRONY wasted a guess with one answer left
        table = app.screen.query_one("#suggestions", DataTable)
        crony = [str(c) for c in table.get_row_at(1)]
        assert crony[0] == "CRONY" and crony[5] == "BLAST 1.00" and crony[6] == "1.00"


async def test_the_summary_never_claims_exact_figures_it_does_not_have(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        summary = str(screen.query_one("#assist-summary").render())
        assert not all(s.proven for s in screen.suggestions)  # the opening: estimates below
        assert "the other rows are estimates" in summary and "every row" not in summary
        await type_row(pilot, "crane", "blast")
        await settle(app, pilot)
        assert all(s.proven for s in screen.suggestions)
        assert "every row's figure is exact" in str(screen.query_one("#assist-summary").render())


async def test_the_loading_note_goes_once_the_lists_are_loaded(tmp_path: Path, monkeypatch) -> None:
    import threading

    import wordle_tui.ui.assistant.screen as screen_module

    gate = threading.Event()
    real = screen_module.Assistant

    def slow(**options):
        gate.wait(10)
        return real(**options)

    monkeypatch.setattr(screen_module, "Assistant", slow)
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        assert app.screen.query_one(Note).text == screen_module.LOADING
        gate.set()
        await settle(app, pilot)
        assert app.screen.query_one(Note).text == ""


async def long_proof(app, pilot) -> None:
    """Add a row after which the proof searches for long (hundreds of answers left). Its keys
    are sent at once: `pilot.press` waits after each key for the app to go idle, and the
    search kept the process busy for a second or two more before the test could stop it."""
    await settle(app, pilot)
    burst(app, "audio", "y----", "enter")
    for _ in range(400):
        await pilot.pause(0.05)
        if app.screen.searching:
            return
    raise AssertionError("the proof never started")


async def test_a_long_proof_shows_its_progress(tmp_path: Path, monkeypatch) -> None:
    import wordle_tui.ui.assistant.workers as workers

    monkeypatch.setattr(workers, "PROGRESS_EVERY", 0.0)  # a message at every node
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await long_proof(app, pilot)
        summary = ""
        for _ in range(200):
            await pilot.pause(0.05)
            summary = str(app.screen.query_one("#assist-summary").render())
            if "positions" in summary:
                break
        assert "searching every guess for the proven best… " in summary
        assert " positions, " in summary and " s)" in summary
        await pilot.press("s")
        await settle(app, pilot)
        assert "positions" not in str(app.screen.query_one("#assist-summary").render())


async def test_the_arrow_keys_stop_the_proof_too(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for key in ("left", "right", "up", "down"):
            await long_proof(app, pilot)
            await pilot.press(key)
            await settle(app, pilot)
            assert not app.screen.searching, key
            assert "stopped" in str(app.screen.query_one("#assist-summary").render()), key
            await pilot.press("ctrl+z")  # the row goes: the next key stops a proof of its own


ENDGAME_WORDS = ("crane", "moist")  # then 34 likely answers left if the answer is STALK


async def endgame_position(app, pilot) -> None:
    """Switch to the frequency prior and add rows after which the endgame search runs. The
    rows are typed once the assistant is rebuilt for the prior, not after its advice on the
    empty board (seconds over every allowed word, given up when the first row comes)."""
    await settle(app, pilot)
    burst(app, "f4")  # sent as `long_proof` sends its row (`pilot.press` would wait)
    for _ in range(400):
        await pilot.pause(0.05)
        if app.screen.prior == "frequency" and assistant_ready(app.screen):
            break
    assert app.screen.assistant.prior == "frequency"
    # each row's advice is given up when the next row comes
    burst(app, *[key for w in ENDGAME_WORDS for key in (w, marks(w, "stalk"), "enter")])
    for _ in range(400):
        await pilot.pause(0.05)
        if [w for w, _ in app.screen.assistant.rows] == list(ENDGAME_WORDS):
            return
    raise AssertionError("the rows were not added")


async def test_the_endgame_search_follows_the_estimate(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await endgame_position(app, pilot)
        await settle(app, pilot)
        helper = app.screen.assistant
        assert helper.searched and not app.screen.searching
        assert app.screen.suggestions == helper.suggest(10)  # the search's, not the estimate's
        summary = str(app.screen.query_one("#assist-summary").render())
        assert f"searched to the end over the {len(helper.likely)} likely answers" in summary


async def test_a_key_stops_the_endgame_search_and_keeps_the_estimate(
    tmp_path: Path, monkeypatch
) -> None:
    import wordle_tui.solver.assistant.ranking as ranking
    from wordle_tui.solver.search.shared import SearchInterrupted

    class Endless(ranking.Endgame):
        """An endgame search that runs until it is told to stop."""

        def value(self, targets):
            while not self.stop():
                time.sleep(0.01)
            raise SearchInterrupted("stopped")

    monkeypatch.setattr(ranking, "Endgame", Endless)
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await endgame_position(app, pilot)
        for _ in range(200):
            await pilot.pause(0.05)
            if app.screen.searching:
                break
        summary = str(app.screen.query_one("#assist-summary").render())
        assert app.screen.searching and "searching to the end of the game…" in summary
        helper = app.screen.assistant
        assert app.screen.suggestions == helper.suggest(10, search=False)  # the estimate
        await pilot.press("right")
        await settle(app, pilot)
        assert not app.screen.searching
        summary = str(app.screen.query_one("#assist-summary").render())
        assert "Search to the end of the game stopped" in summary
        assert app.screen.suggestions == helper.suggest(10, search=False)


async def test_the_header_and_the_rows_column_count_the_same_answers(tmp_path: Path) -> None:
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await type_row(pilot, "crane", "blast")
        await settle(app, pilot)
        left = len(app.screen.assistant.candidates)
        assert app.screen.query_one(Note).text == f"{left:,} left."
        summary = str(app.screen.query_one("#assist-summary").render())
        title = str(app.screen.query_one("#candidates-title").render())
        assert summary.startswith(f"{left:,} answers left.") and f"({left:,}," in title


async def test_the_paste_dialog_works_from_the_keyboard(tmp_path: Path) -> None:
    from textual import events
    from textual.widgets import Input, TextArea

    from wordle_tui.ui.assistant.widgets import PasteGameDialog

    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        await pilot.press("f5")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PasteGameDialog)
        squares = dialog.query_one(TextArea)
        assert app.focused is squares
        rows = [(w, reply_for(w, "hinge")) for w in ("crane", "moist", "bilge", "hinge")]
        share = "Wordle 9,234 4/6\n\n" + "\n".join(
            p.replace(".", "⬛").replace("Y", "🟨").replace("G", "🟩") for _, p in rows
        )
        squares.insert(share)
        words = dialog.query_one(Input)
        for key, character in (("tab", "\t"), ("c", "c")):  # sent at once, as a typist's
            event = events.Key(key, character)
            event.set_sender(app)
            app._driver.send_message(event)
        await pilot.pause()
        assert app.focused is words and squares.text == share and words.value == "c"
        await pilot.press("backspace")
        await pilot.press("ctrl+s")  # no words yet: the dialog stays, the squares kept
        await pilot.pause()
        assert app.screen is dialog and squares.text == share
        assert "Type the words you played" in str(dialog.query_one("#paste-error").render())
        await pilot.press(*"crane moist bilge hinge", "ctrl+s")
        await settle(app, pilot)
        assert app.screen is screen and screen.assistant.rows == rows


def shown_rows(app) -> list[str]:
    """The rows on the left, as their letters (the entry row left out; grey ones are lower)."""
    return [row.text().lower() for row in app.screen.query(BoardRow) if row.id != "entry-row"]


async def burst_and_settle(app, pilot, *keys: str, rows: list[str], entry: str = "") -> None:
    """Send keys at once, as a fast typist does; wait until the rows shown and the entry are
    what the keys say (or give up), then settle: no late key may change them after."""
    burst(app, *keys)
    for _ in range(20):
        await settle(app, pilot)
        if shown_rows(app) == rows and app.screen.entry.word == entry:
            break
    await settle(app, pilot)


async def test_keys_typed_right_after_ctrl_l_land_after_the_clear(tmp_path: Path) -> None:
    answer = "salty"
    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await type_row(pilot, "crane", answer)
        await settle(app, pilot)
        keys = ("ctrl+l", "raise", reply_for("raise", answer).lower(), "enter", "saint")
        await burst_and_settle(app, pilot, *keys, rows=["raise"], entry="saint")
        screen = app.screen
        assert screen.assistant.rows == [("raise", reply_for("raise", answer))]
        assert shown_rows(app) == ["raise"] and screen.entry.word == "saint"
        assert "Cleared" not in screen.query_one(Note).text


async def test_a_row_typed_right_after_ctrl_z_replaces_the_undone_one(tmp_path: Path) -> None:
    answer = "salty"
    app = assistant_app(tmp_path, SMALL)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await type_row(pilot, "crane", answer)
        await settle(app, pilot)
        keys = ("ctrl+z", "moist", reply_for("moist", answer).lower(), "enter")
        await burst_and_settle(app, pilot, *keys, rows=["moist"])
        screen = app.screen
        assert screen.assistant.rows == [("moist", reply_for("moist", answer))]
        assert shown_rows(app) == ["moist"] and screen.entry.word == ""


@pytest.mark.parametrize("key", ["f3", "f4", "f6"])
async def test_a_row_typed_right_after_a_mode_key_is_taken_in_the_new_mode(
    tmp_path: Path, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordle_tui.solver.assistant.engine import Assistant
    from wordle_tui.ui.assistant.workers import AssistantWorker

    checked, thought = [], []  # the mode each check of the new row, each advice, was made in
    real_check, real_think = Assistant.check_row, AssistantWorker.think

    def check_row(helper, word, pattern):
        checked.append((word, helper.hard, helper.prior))
        return real_check(helper, word, pattern)

    def think(worker, snapshot, rank="guesses"):
        thought.append((len(snapshot.rows), rank))
        return real_think(worker, snapshot, rank)

    monkeypatch.setattr(Assistant, "check_row", check_row)
    monkeypatch.setattr(AssistantWorker, "think", think)
    answer = "salty"
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await type_row(pilot, "crane", answer)
        await settle(app, pilot)
        keys = (key, "plait", reply_for("plait", answer).lower(), "enter")
        await burst_and_settle(app, pilot, *keys, rows=["crane", "plait"])
        hard, prior, rank, _ = app.screen.mode
        assert {(h, p) for word, h, p in checked if word == "plait"} == {(hard, prior)}
        assert {r for rows, r in thought if rows == 2} <= {rank}


@pytest.mark.parametrize("key", ["f3", "f4", "f6"])
async def test_keys_typed_while_the_mode_changes_wait_for_it(tmp_path: Path, key: str) -> None:
    answer = "salty"
    app = assistant_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await type_row(pilot, "crane", answer)
        await settle(app, pilot)
        before = app.screen.mode
        keys = (key, "plait", reply_for("plait", answer).lower(), "enter", "sa")
        await burst_and_settle(app, pilot, *keys, rows=["crane", "plait"], entry="sa")
        screen = app.screen
        assert [w for w, _ in screen.assistant.rows] == ["crane", "plait"]
        assert shown_rows(app) == ["crane", "plait"] and screen.entry.word == "sa"
        changed = [old != new for old, new in zip(before, screen.mode, strict=True)]
        assert changed == [key == "f3", key == "f4", key == "f6", False]  # once, not twice
        assert (screen.assistant.hard, screen.assistant.prior) == screen.mode[:2]


async def test_a_move_risking_a_seventh_guess_is_marked_and_ranked_after(tmp_path: Path) -> None:
    # the lists of tests/solver/test_seventh_row.py: three rows left in hard mode, CLAMP needs
    # 17 guesses in all but not within the rows, BLOWY 18 within them
    answers = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]
    lists = make_set("atch", answers, [*answers, "clamp", "linch", "blowy", "fuzzy"], "test", "")
    app = assistant_app(tmp_path, lists)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app, pilot)
        await pilot.press("f3")
        await settle(app, pilot)
        for _ in range(3):
            await pilot.press(*"fuzzy", *"-----", "enter")
            await settle(app, pilot)
        screen = app.screen
        assert screen.hard and len(screen.assistant.rows) == 3
        words = table_words(app)
        table = screen.query_one("#suggestions", DataTable)
        guesses = {w: str(table.get_row_at(i)[2]) for i, w in enumerate(words)}  # ranked by
        assert words[0] == "BLOWY" and guesses["BLOWY"] == "=2.57"
        assert guesses["CLAMP"] == "=2.43†" and words.index("CLAMP") > 0
        summary = str(screen.query_one("#assist-summary").render())
        assert "Best: BLOWY" in summary and "seventh guess" in summary
