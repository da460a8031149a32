"""Ghost from the keyboard at 80x24: every setup select has a key (shown beside it, offered in
the palette), the move log has room and keeps the newest move in view, the header follows the
setup chosen, and what the screens say names letters and keys."""

from __future__ import annotations

import contextlib
from functools import partial
from pathlib import Path

import apptest
from apptest import ghost_ready
from test_ghost_screen import app_with
from textual.widgets import Select, Static
from textual.worker import WorkerCancelled

from wordle_tui.games.ghost.gameplay.referee import MODES, GhostMatch, GhostSetup
from wordle_tui.games.ghost.solver.vocabulary import build
from wordle_tui.games.ghost.ui.screen import GhostScreen
from wordle_tui.games.ghost.ui.text import back_from, end_explanation
from wordle_tui.games.ghost.ui.watch import WatchScreen
from wordle_tui.ui.palette import ScreenActionsProvider
from wordle_tui.ui.widgets import Note

SIZE = (80, 24)
WORDS = "cat camel goat gecko gerbil gar gannet"


settle = partial(apptest.settle, until=ghost_ready, rounds=40, pause=0.1)


def lines(app) -> list[str]:
    """The text the screen shows, a line per row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def value(app, name: str):
    return app.screen.query_one(f"#{name}", Select).value


async def test_f7_f8_and_ctrl_t_choose_the_rest_of_the_setup_for_the_next_game(
    tmp_path: Path,
) -> None:
    app, _ = app_with(tmp_path, WORDS)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        shown = "\n".join(lines(app))
        for key in ("f4", "f5", "f7", "f8", "^t"):  # each beside the select it changes
            assert f"{key} " in shown
        await pilot.press("f7")
        assert value(app, "min-length") == 4
        assert "Next game: words of 4+ letters" in screen.query_one(Note).text
        await pilot.press("f8")
        assert value(app, "first") == "computer"
        await pilot.press("ctrl+t")
        assert value(app, "style") == "exploit"
        assert screen.setup == GhostSetup()  # the game on the board is unchanged until ctrl+n
        await pilot.press("ctrl+n")
        await settle(app, pilot)
        assert screen.setup == GhostSetup("ghost", 4, "computer", "exploit", "computer")
        assert len(screen.match.moves) == 1  # the computer started
        await pilot.press("ctrl+t")
        assert value(app, "style") == "perfect"  # round again


async def test_the_palette_offers_every_setup_key(tmp_path: Path) -> None:
    app, _ = app_with(tmp_path, WORDS)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        titles = [str(hit.text) async for hit in ScreenActionsProvider(app.screen).discover()]
        for title in ("Mode (f4)", "Variant (f5)", "Shortest word (f7)", "Who starts (f8)"):
            assert title in titles
        assert "Computer's style (^t)" in titles


async def test_who_starts_and_the_style_are_hidden_where_they_do_not_apply(
    tmp_path: Path,
) -> None:
    app, _ = app_with(tmp_path, WORDS)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert screen.query_one("#first-row").display and screen.query_one("#style-row").display
        await pilot.press("f4")  # computer vs computer
        assert value(app, "mode") == "watch"
        assert not screen.query_one("#first-row").display
        assert not screen.query_one("#style-row").display
        await pilot.press("f8", "ctrl+t")  # no longer offered: nothing changes
        assert (value(app, "first"), value(app, "style")) == ("human", "perfect")
        titles = [str(hit.text) async for hit in ScreenActionsProvider(screen).discover()]
        assert not any(t.startswith(("Who starts", "Computer's style")) for t in titles)
        for _ in range(len(MODES) - 1):
            await pilot.press("f4")  # round to you against the computer
        assert screen.query_one("#style-row").display


async def test_the_move_log_has_room_and_keeps_the_newest_move_in_view(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, "abcdefghijkl")  # one word: every play is forced
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        for letter in "acegik":
            await pilot.press(letter)
            await settle(app, pilot)
        screen = app.screen
        assert screen.match.over and len(screen.match.moves) == 12
        await pilot.pause(0.1)
        box = screen.query_one("#moves-box")
        assert box.scrollable_content_region.height >= 6
        shown = "\n".join(lines(app))
        assert "12. the computer:" in shown and "ABCDEFGHIJKL" in shown  # the newest, in view
        numbered = [n for n in range(1, 13) if f"{n}. " in shown]
        assert len(numbered) >= 6
        if box.max_scroll_y:  # earlier moves scrolled out of sight: PageUp brings them back
            await pilot.press("pageup")
            await pilot.pause(0.1)
            assert box.scroll_y < box.max_scroll_y
            assert "1. you: A" in "\n".join(lines(app))
    assert history.finished("ghost")[0]["result"] == "won"


async def test_the_header_follows_the_setup_chosen(tmp_path: Path) -> None:
    app, _ = app_with(tmp_path, WORDS)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        title = app.screen.query_one("#ghost-title", Static)
        assert "SuperGhost" not in str(title.render())
        await pilot.press("f5", "f4", "f4")
        text = str(title.render())
        assert "SuperGhost" in text and "hot-seat, 2 players" in text and "next game" in text
        await pilot.press("f5", "f5", "f5", "f5")  # on through Xghost and Spook, back to Ghost
        await pilot.press(*["f4"] * (len(MODES) - 2))  # back to you against the computer
        assert "next game" not in str(title.render())


async def test_reopened_ghost_remembers_a_variant_chosen_by_key(tmp_path: Path) -> None:
    app, _ = app_with(tmp_path, WORDS)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("f5", "f7")  # chosen, not started
        await pilot.press("escape")
        await pilot.pause()
        app.action_open("ghost")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GhostScreen)
        assert (screen.setup.variant, screen.setup.min_length) == ("super", 4)
        assert screen.setup.mode == "computer"
        app.workers.cancel_all()  # the bundled list's solve is not needed


async def test_the_watch_log_has_inner_padding(tmp_path: Path) -> None:
    app, _ = app_with(tmp_path, WORDS, ghost_mode="watch")
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):
            with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
                await app.workers.wait_for_complete()
            await pilot.pause(0.05)
            if isinstance(app.screen, WatchScreen):
                break
        await pilot.press("space")
        row = next(line for line in lines(app) if "1. player 1" in line)
        assert row.lstrip().startswith("│ 1. player 1")


def test_the_mode_titles_share_one_punctuation() -> None:
    assert MODES["hotseat-3"] == "hot-seat, 3 players"


def test_back_from_a_mode_names_the_keys_not_the_mouse() -> None:
    text = back_from(GhostSetup(mode="watch"))
    assert "F4" in text and "F5" in text and "F7" in text and "ctrl+n" in text
    assert "mouse" not in text


def test_the_end_names_the_letters_that_would_have_won() -> None:
    vocab = build(WORDS.split(), "ghost", 3)
    match = GhostMatch(vocab)
    for play in ("g", "ge", "gec", "geck", "gecko"):  # from 'ge', 'r' wins; you played 'c'
        match.play(play)
    text = end_explanation(match, GhostSetup())
    assert "Move 3: from 'ge', c was played; r would have won." in text
    assert "Move 1" not in text  # 'g' was a winning play: no mistake to list
    assert "'gec' was played" not in text and "ger would" not in text


def test_a_hint_never_counts_0_more_moves() -> None:
    from wordle_tui.games.ghost.gameplay.watch import then_lasts

    assert then_lasts(0) == "the game ends with this move"
    assert then_lasts(3) == "the game then lasts 3 more moves"
