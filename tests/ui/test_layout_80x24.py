"""What a new user meets at 80x24 (and on a big terminal): every footer shows its important keys
whole, tables and answers fit, placeholders are not cut, an export names its whole path,
Ghost's rules get room, and the board sits on its keyboard. Checked on the text the screen
shows, line by line."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import apptest
import pytest
from apptest import make_app
from rich.cells import cell_len
from textual.widgets import Input
from textual.widgets._footer import FooterKey

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.solver import reply_for
from wordle_tui.solver.listsets import load_set
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.widgets import BoardRow, Keyboard

SIZE = (80, 24)
CLASSIC = load_set("classic")
WORDS = "cat camel goat gecko gerbil gar gannet"


def screen_lines(app: WordleTuiApp) -> list[str]:
    """The text the screen shows, a line per row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def footer_shown(app: WordleTuiApp) -> tuple[list[str], list[str]]:
    """The footer's keys shown whole, and those cut (or hidden) by the palette key."""
    keys = list(app.screen.query(FooterKey))
    palette = [k for k in keys if k.has_class("-command-palette")]
    limit = palette[0].region.x if palette else SIZE[0]
    whole, cut = [], []
    for key in keys:
        if key.has_class("-command-palette"):
            continue
        fits = key.region.width > 0 and key.region.right <= limit
        (whole if fits else cut).append(f"{key.key_display} {key.description}")
    return whole, cut


settle = partial(apptest.settle, rounds=40)


def ghost(tmp_path: Path, **options) -> GameRequest:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS.split()) + "\n")
    return GameRequest("ghost", words=str(words), **options)


SCENES = {
    "wordle": (lambda _: GameRequest("wordle"), ["Guess", "Back", "New game", "Help"]),
    "jotto": (lambda _: GameRequest("jotto"), ["Notepad", "Back", "New game", "Help"]),
    "jotto-computer": (lambda _: GameRequest("jotto-computer"), ["Back", "New game", "Help"]),
    "mastermind": (lambda _: GameRequest("mastermind"), ["Back", "New game", "Help"]),
    "mastermind-computer": (
        lambda _: GameRequest("mastermind-computer"),
        ["Undo answer", "Back", "New game", "Help"],
    ),
    "assistant": (
        lambda _: GameRequest("assistant"),
        ["Add row", "Undo", "Paste", "Rank", "Back", "Help"],
    ),
    "reports": (lambda _: GameRequest("reports"), ["Export", "Back", "Help"]),
    "explorer": (
        lambda _: GameRequest("explorer", strategy="optimal"),
        ["Strategy", "Search", "Tree", "Back", "Help"],
    ),
    "quordle": (
        lambda _: GameRequest("quordle", target="hello,crane,south,vocal"),
        ["Guess", "Delete", "Back", "New game", "Help"],
    ),
    "octordle": (lambda _: GameRequest("octordle", seed=1), ["Guess", "Back", "New game", "Help"]),
    "sedecordle": (
        lambda _: GameRequest("sedecordle", seed=1),
        ["Guess", "Delete", "Back", "New game", "Help"],
    ),
    "duotrigordle": (
        lambda _: GameRequest("duotrigordle", seed=1),
        ["Guess", "Delete", "Back", "New game", "Help"],
    ),
    "ghost": (lambda t: ghost(t), ["Hint", "Rules", "New game", "Back", "Help"]),
    "superduperghost": (
        lambda t: ghost(t, ghost_variant="superduper"),
        ["Front/end", "Hint", "Rules", "New game", "Back", "Help"],
    ),
    "ghost-watch": (lambda t: ghost(t, ghost_mode="watch"), ["Next move", "Back", "Help"]),
    "ghost-hotseat": (  # ! Challenge once the round has a letter
        lambda t: ghost(t, ghost_variant="superduper", ghost_mode="hotseat-2"),
        ["Front/end", "New game", "Back", "Help"],
    ),
}


@pytest.mark.parametrize("name", list(SCENES))
async def test_every_footer_shows_its_important_keys_whole(tmp_path: Path, name: str) -> None:
    request, wanted = SCENES[name]
    app = make_app(tmp_path, request(tmp_path), lists=CLASSIC)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.pause(0.2)
        whole, cut = footer_shown(app)
        assert not cut, f"{type(app.screen).__name__}: {cut} cut, {whole} shown"
        descriptions = {shown.split(" ", 1)[1] for shown in whole}
        assert set(wanted) <= descriptions, whole
        app.workers.cancel_all()


async def test_the_assistant_table_and_its_answers_fit(tmp_path: Path) -> None:
    app = make_app(tmp_path, GameRequest("assistant"), lists=CLASSIC)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        for _ in range(2):  # the opening, then a position with a full table of proven rows
            lines = screen_lines(app)
            header = next(line for line in lines if " guess " in line)
            assert header.rstrip().endswith("ans? hard"), header
            title = next(i for i, line in enumerate(lines) if "Possible answers" in line)
            shown = " ".join(lines[title : SIZE[1] - 4])
            words = [w for w, _ in app.screen.assistant.candidate_words()][:3]
            assert all(w.upper() in shown for w in words), shown
            await pilot.press(*"crane", *reply_for("crane", "blast").replace(".", "-"), "enter")
            await settle(app, pilot)


async def test_the_review_table_fits(tmp_path: Path) -> None:
    app = make_app(tmp_path, GameRequest("assistant"), lists=CLASSIC)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        for word in ("salet", "crony", "blast"):
            await pilot.press(*word, *reply_for(word, "blast").replace(".", "-"), "enter")
            await settle(app, pilot)
        assert app.screen.assistant.solved
        lines = screen_lines(app)
        header = next(line for line in lines if " best move " in line)
        assert header.rstrip().endswith("lost luck"), header
        crony = next(line for line in lines if " CRONY " in line)
        assert "BLAST 1.00 1.00" in crony


async def test_an_export_names_its_whole_path(tmp_path: Path, monkeypatch) -> None:
    folder = tmp_path / "a-folder-with-a-rather-long-name" / "and-another-one-below-it"
    started = tmp_path / "started-here"
    started.mkdir()
    monkeypatch.chdir(started)
    monkeypatch.setenv("WORDLE_TUI_HOME", str(folder))
    app = make_app(tmp_path, GameRequest("reports"), lists=CLASSIC)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+e")
        await pilot.pause()
        path = folder / "exports" / "wordle-tui-wordle-comparison.md"
        assert path.exists() and list(started.iterdir()) == []  # the data folder, never the cwd
        shown = "".join(line[31:].strip() for line in screen_lines(app)[3:9])
        assert f"Exported {path.name} to{path.parent}/" in shown  # wrapped after "to"


@pytest.mark.parametrize("where", ["reports", "watch", "daily", "paste", "explorer"])
async def test_placeholders_are_not_cut(tmp_path: Path, where: str) -> None:
    request = GameRequest(where if where in ("reports", "explorer") else "assistant")
    opened = where in ("reports", "paste", "explorer")
    app = make_app(tmp_path, request if opened else None, lists=CLASSIC)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        if where == "watch":
            app.action_watch()
        elif where == "daily":
            app.action_daily()
        elif where == "paste":
            await pilot.press("f5")
        await pilot.pause()
        inputs = [i for i in app.screen.query(Input) if i.placeholder and i.region.width]
        assert inputs
        for box in inputs:
            assert cell_len(box.placeholder) <= box.content_region.width - 1, box.placeholder
        app.workers.cancel_all()


async def test_ghosts_rules_get_room_and_scroll(tmp_path: Path) -> None:
    app = make_app(tmp_path, ghost(tmp_path, ghost_variant="super"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("f3")
        await settle(app, pilot)
        await pilot.pause(0.2)
        box = app.screen.query_one("#ghost-rules-box")
        assert box.region.height >= 12
        assert box.max_scroll_y > 0  # the strategy does not fit: PageDown shows the rest
        await pilot.press("pagedown")
        await pilot.pause()
        assert box.scroll_y > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert box.scroll_y == 0


@pytest.mark.parametrize("size", [(120, 36), (80, 24), (100, 30)])
async def test_the_board_sits_on_its_keyboard(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, GameRequest("wordle", target="hello"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        rows = list(app.screen.query(BoardRow))
        keyboard = app.screen.query_one(Keyboard)
        assert len(rows) == 6 and keyboard.region.y - rows[-1].region.bottom <= 1
        top = rows[0].region.y
        bottom = size[1] - 1 - keyboard.region.bottom  # above the footer
        assert abs(top - bottom) <= 1  # centred together


@pytest.mark.parametrize("opened", ["request", "menu"])
async def test_a_long_jotto_game_scrolls_its_board_only(tmp_path: Path, opened: str) -> None:
    """Jotto has no guess limit: past the sixth guess the board scrolls to its newest row, and
    the title, the side panel and the keyboard stay where they are."""
    request = GameRequest("jotto", target="vocal")
    app = make_app(tmp_path, request if opened == "request" else None)
    async with app.run_test(size=SIZE) as pilot:
        if opened == "menu":
            app.open_game(request)
        await pilot.pause()
        screen = app.screen
        words = ["crane", "dumpy", "light", "stoic", "blimp", "frock", "waltz", "gutsy", "chump"]
        for word in words:
            await pilot.press(*word, "enter")
            await pilot.pause()
        await pilot.pause()
        assert [row.word for row in screen.game.rows] == words
        title, keyboard = screen.query_one("#title"), screen.query_one(Keyboard)
        assert screen.scroll_y == 0 and title.region.y == 0 and title.region.height > 0
        assert "Jotto" in screen_lines(app)[0]
        assert keyboard.region.bottom == SIZE[1] - 1  # right above the footer
        board = screen.query_one("#board")
        assert board.scroll_y > 0  # the board alone scrolled
        newest, typing = screen.rows[len(words) - 1], screen.rows[len(words)]
        assert board.region.contains_region(newest.region)
        assert board.region.contains_region(typing.region)
        assert "CHUMP" in "".join(screen_lines(app)).replace(" ", "").replace("│", "")


async def test_a_row_of_grey_tiles_is_framed_like_a_played_row(tmp_path: Path) -> None:
    """Evil Wordle's all-grey rows were bare lower-case letters, with no tile frame."""
    app = make_app(tmp_path, GameRequest("evil"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"raise", "enter")
        await pilot.pause()
        row = app.screen.query(BoardRow).first()
        assert row.states() == ["absent"] * 5
        for tile in row.tiles:
            assert tile.styles.border_top[0] not in ("", "none", "hidden", "blank")
        lines = screen_lines(app)
        at = next(i for i, line in enumerate(lines) if "r" in line and "240 left" in line)
        assert lines[at - 1].count("┌") == 5 and lines[at + 1].count("┘") == 5
        assert lines[at].split("240 left")[0].split() == [
            "│",
            "r",
            "││",
            "a",
            "││",
            "i",
            "││",
            "s",
            "││",
            "e",
            "│",
        ]
