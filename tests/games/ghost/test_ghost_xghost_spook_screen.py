"""Xghost and Spook against the computer at 80x24: moves, the caret, a losing move, the end."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from test_ghost_screen import SIZE, app_with, message, settle

from wordle_tui.games.ghost.ui.screen import GhostScreen


def shown(app, name: str) -> str:
    return str(app.screen.query_one(name).render())


async def test_xghost_inserts_at_the_caret_and_the_computer_completes_the_word(
    tmp_path: Path,
) -> None:
    app, history = app_with(tmp_path, "bear", ghost_variant="xghost")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, GhostScreen) and "Xghost" in shown(app, "#ghost-title")
        await pilot.press("r")
        await settle(app, pilot)
        assert app.screen.match.fragment == "ar"  # the computer's only move
        assert "AR‸" in shown(app, "#turn")
        await pilot.press("home")
        assert "‸AR" in shown(app, "#turn")
        await pilot.press("right", "left")  # back to the front
        await pilot.press("e")
        await settle(app, pilot)
        match = app.screen.match
        assert [m.after for m in match.moves] == ["r", "ar", "ear", "bear"]
        assert match.over and match.loser == 1
        assert "'bear' is a word of 4 letters: the computer loses" in message(app)
    assert history.finished("ghost")[0]["result"] == "won"


async def test_xghost_a_letter_in_the_wrong_place_loses(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, "bear", ghost_variant="xghost")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("tab")  # no front/end switch here: the caret does that
        assert app.screen.match.fragment == ""
        await pilot.press("r")
        await settle(app, pilot)
        await pilot.press("left", "e")  # 'aer' is in no word
        await pilot.pause()
        match = app.screen.match
        assert match.fragment == "aer" and match.loser == 0
        assert "no word contains 'aer': you lose" in message(app)
    assert history.finished("ghost")[0]["result"] == "lost"


async def test_spook_holds_a_sorted_bag_and_ends_with_an_anagram(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, "bear", ghost_variant="spook")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert "bag" in shown(app, "#turn")
        await pilot.press("r")
        await settle(app, pilot)
        fragment = app.screen.match.fragment
        assert len(fragment) == 2 and fragment == "".join(sorted(fragment))
        assert shown(app, "#fragment") == " ".join(fragment.upper())
        missing = sorted((Counter("bear") - Counter(fragment)).elements())[0]
        await pilot.press(missing)
        await settle(app, pilot)
        match = app.screen.match
        assert match.fragment == "aber" and match.over and match.loser == 1
        assert "'aber' are the letters of 'bear'" in message(app)
        assert "the computer loses" in message(app)
    assert history.finished("ghost")[0]["result"] == "won"


async def test_spook_a_letter_no_word_has_loses_and_hints_show(tmp_path: Path) -> None:
    app, _ = app_with(tmp_path, "bear", ghost_variant="spook")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("f6")
        assert "A winning letter exists: a, b, e, r" in shown(app, "#hint")
        await pilot.press("r")
        await settle(app, pilot)
        await pilot.press("r")  # bear has one r
        await pilot.pause()
        match = app.screen.match
        assert match.over and match.loser == 0
        assert f"no word has the letters '{match.fragment}': you lose" in message(app)


async def test_f5_reaches_both_new_variants(tmp_path: Path) -> None:
    app, _ = app_with(tmp_path, "bear")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        for _ in range(3):
            await pilot.press("f5")
        assert "Xghost" in message(app)
        await pilot.press("f5")
        assert "Spook" in message(app)
        await pilot.press("ctrl+n")
        await settle(app, pilot)
        assert app.screen.setup.variant == "spook" and app.screen.match is not None
