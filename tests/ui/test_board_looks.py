"""Play polish: the status after a game, plurals, one Antiwordle score, layout, share text by
theme, the tile animations, the result dialog's fit, Jotto's result, and readable grey tiles."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from textual.widgets._footer import FooterKey
from textual.worker import WorkerCancelled

import wordle_tui.ui.widgets as widgets
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.jotto import JottoRound
from wordle_tui.gameplay.wordle import WordleRound
from wordle_tui.history import History
from wordle_tui.plural import plural
from wordle_tui.solver.listsets import load_set
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.result import ResultScreen, shown_share
from wordle_tui.ui.home import HomeScreen
from wordle_tui.ui.widgets import BoardRow, Keyboard, Tile

CLASSIC = load_set("classic")  # the 2022 lists these figures are stated on

SIZE = (80, 24)


@pytest.fixture
def history(tmp_path: Path) -> History:
    return History(tmp_path / "history.sqlite3")


def app_for(history: History, game: str = "wordle", **options) -> WordleTuiApp:
    return WordleTuiApp(GameRequest(game, **options), history=history, lists=CLASSIC)


async def play(pilot, *words: str) -> None:
    for word in words:
        await pilot.press(*word, "enter")
        await pilot.pause()


def footer(app) -> list[str]:
    return [key.description for key in app.screen.query(FooterKey)]


def test_plural_counts_with_separators() -> None:
    assert plural(1, "guess", "guesses") == "1 guess"
    assert plural(3, "guess", "guesses") == "3 guesses"
    assert plural(0, "word") == "0 words"
    assert plural(1234, "word") == "1,234 words"
    assert plural(-1, "day") == "-1 day"


async def test_after_a_win_the_status_says_so_and_guess_leaves_the_footer(history) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        assert "Guess" in footer(app)
        await play(pilot, "hates", "helps", "hilly", "hello")
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("escape")
        await pilot.pause()
        info = str(app.screen.query_one("#info").render())
        assert "You found HELLO in 4/6" in info and "Guess 5 of 6" not in info
        keys = footer(app)
        assert "Guess" not in keys and "Delete" not in keys and "Result" in keys
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)


async def test_help_shows_once_in_every_footer(history) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        assert footer(app).count("Help") == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert footer(app).count("Help") == 1


async def test_antiwordle_has_one_score_everywhere(history) -> None:
    app = app_for(history, "antiwordle", target="hello")
    async with app.run_test(size=SIZE) as pilot:
        await play(pilot, "crane")
        info = str(app.screen.query_one("#info").render())
        assert "1 guess played, none hit the word" in info
        await play(pilot, "hello")
        assert isinstance(app.screen, ResultScreen)
        game = app.screen.game
        headline = str(app.screen.query_one("#headline").render())
        assert game.score == 2 and "You hit HELLO on guess 2" in headline
        assert "Survived" not in headline
        assert str(app.screen.query_one("#share").render()).startswith("wordle-tui antiwordle 2")
        await pilot.press("escape")
        await pilot.pause()
        assert "You hit HELLO on guess 2" in str(app.screen.query_one("#info").render())
    (stored,) = history.finished("antiwordle")
    assert stored["score"] == 2 and history.stats("antiwordle").distribution == {2: 1}


async def test_every_row_is_on_screen_and_centred_over_the_keyboard_80x24_and_200x60(
    history,
) -> None:
    for size in (SIZE, (200, 60)):  # big tiles at 200x60
        app = app_for(history, target="hello")
        async with app.run_test(size=size) as pilot:
            await play(pilot, "hates", "helps")
            board = app.screen.query_one("#board")
            assert board.max_scroll_y == 0, size
            rows = list(app.screen.query(BoardRow))
            assert len(rows) == 6 and all(board.region.contains_region(r.region) for r in rows)
            first = rows[0].tiles
            assert app.screen.has_class("-large") == (first[0].region.height == 5) == (size != SIZE)
            board_mid = (first[0].region.x + first[-1].region.right) / 2
            keyboard = app.screen.query_one(Keyboard).query(".key-row").first()
            keys = list(keyboard.children)
            keys_mid = (keys[0].region.x + keys[-1].region.right) / 2
            assert abs(board_mid - keys_mid) <= 2, size
            assert first[0].region.x > board.region.x + 2


async def test_compact_mode_hides_the_empty_rows(history) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=(80, 16)) as pilot:
        await play(pilot, "hates")
        rows = list(app.screen.query(BoardRow))
        shown = [r for r in rows if r.display]
        assert app.has_class("-compact") and len(rows) == 6
        assert len(shown) == 2  # the row played and the one to type in
        assert all(r.region.height == 0 for r in rows[2:])


@pytest.mark.parametrize("game", ["wordle", "evil", "antiwordle", "jotto"])
async def test_the_result_dialog_fits_80x24_without_scrolling(history, game) -> None:
    words = {
        "wordle": ("hates", "helps", "hilly", "holly", "hello"),
        "antiwordle": ("crane", "hello"),
        "jotto": ("mouth", "thorn", "south"),
        "evil": ("arise", "blond", "chump", "fight", "jewel", "vowed"),
    }[game]
    target = {"jotto": "south", "evil": None}.get(game, "hello")
    app = app_for(history, game, target=target)
    async with app.run_test(size=SIZE) as pilot:
        for word in words:
            if isinstance(app.screen, ResultScreen):
                break
            await play(pilot, word)
        if game == "evil" and not isinstance(app.screen, ResultScreen):
            answer = app.screen.game.candidates[0]
            await play(pilot, answer)
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        result = app.screen.query_one("#result")
        assert result.max_scroll_y == 0
        assert result.region.bottom <= 23  # above the footer


def test_long_shares_are_shown_side_by_side_in_reading_order() -> None:
    text = "\n".join(["wordle-tui evil 8", "", *[f"row{i}" for i in range(8)]])
    lines = shown_share(text).splitlines()
    assert lines[0] == "wordle-tui evil 8" and len(lines) == 2 + 4
    assert lines[2:] == ["row0  row1", "row2  row3", "row4  row5", "row6  row7"]


def test_a_long_jotto_share_reads_in_order_and_lines_up() -> None:
    jotto = JottoRound(target="south")
    for word in ("mouth", "brick", "flame", "dwarf", "glyph", "crane", "vixen", "south"):
        jotto.guess(word)
    rows = jotto.share_text().splitlines()[2:]
    lines = shown_share(jotto.share_text()).splitlines()[2:]
    assert len(lines) <= 6
    assert [r for line in lines for r in line.split("  ")] == rows  # in the order played
    assert len({line.index(" ", 6) for line in lines}) == 1  # the counts line up


def test_the_share_grid_uses_white_misses_on_a_light_theme() -> None:
    game = WordleRound(target="hello")
    game.guess("hates")
    assert "⬛" in game.share_text() and "⬜" not in game.share_text()
    assert "⬜" in game.share_text(light=True) and "⬛" not in game.share_text(light=True)
    jotto = JottoRound(target="south")
    jotto.guess("mouth")
    assert jotto.share_text(light=True).splitlines()[2] == "🟨🟨🟨🟨⬜ 4"


async def test_the_result_dialog_follows_the_theme(history, home) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "textual-light"
        await play(pilot, "hates", "hello")
        assert isinstance(app.screen, ResultScreen)
        share = str(app.screen.query_one("#share").render())
        assert "⬜" in share and "⬛" not in share


async def test_jotto_ends_with_a_result_dialog_and_a_share_text(history) -> None:
    app = app_for(history, "jotto", target="south")
    async with app.run_test(size=SIZE) as pilot:
        await play(pilot, "mouth", "south")
        assert isinstance(app.screen, ResultScreen)
        headline = str(app.screen.query_one("#headline").render())
        assert "You found SOUTH in 2 guesses" in headline
        share = str(app.screen.query_one("#share").render())
        assert share.splitlines()[0] == "wordle-tui jotto 2"
        assert "Solver's play" not in footer(app) and "Copy" in footer(app)
        await pilot.press("n")
        await pilot.pause()
        assert not app.screen.game.over and not app.screen.game.rows
    assert history.finished("jotto")[0]["score"] == 2


async def until(pilot, condition, seconds: float = 30.0) -> None:
    """Wait for `condition` (timers run meanwhile); fail after `seconds`, however loaded."""
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await pilot.pause(0.05)
    assert condition(), f"not within {seconds} s"


@pytest.fixture
def animations(monkeypatch):
    """Play animations in the headless test app, slowly enough for a loaded machine."""
    monkeypatch.setattr(widgets, "ANIMATE_HEADLESS", True)
    monkeypatch.setattr(widgets, "FLIP_STEP", 0.2)
    monkeypatch.setattr(widgets, "SHAKE_STEP", 0.3)


async def test_tiles_flip_on_reveal_and_a_key_finishes_it(history, animations) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "full"
        widgets.FLIP_STEP = 60.0  # (the fixture restores it) no flip ends by itself here
        await pilot.press(*"hates", "enter")
        row = app.screen.query(BoardRow).first()
        assert row.busy and row.states() != ["correct", "absent", "absent", "present", "absent"]
        assert app.screen.game.rows[0].reply == "G..Y."  # the state is there already
        await pilot.press("h")
        assert not row.busy
        assert row.states() == ["correct", "absent", "absent", "present", "absent"]
        widgets.FLIP_STEP = 0.05
        await pilot.press("backspace", *"helps", "enter")
        second = app.screen.query(BoardRow)[1]
        await until(pilot, lambda: not second.busy)  # left alone, the flip ends by itself
        assert second.states()[0] == "correct"


async def test_no_animation_when_the_level_is_none(history, animations) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await pilot.press(*"hates", "enter")
        row = app.screen.query(BoardRow).first()
        assert not row.busy and row.states()[0] == "correct"
        await pilot.press(*"zzzzz", "enter")
        assert not app.screen.query(BoardRow)[1].busy


async def test_a_refused_word_shakes_until_a_key_is_pressed(history, animations) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "full"
        widgets.SHAKE_STEP = 1.0  # (the fixture restores it) seen even on a busy machine
        await pilot.press(*"zzzzz", "enter")
        row = app.screen.query(BoardRow).first()
        assert row.busy
        offsets = set()
        while row.busy and len(offsets) < 2:
            offsets.add(row.styles.offset.x.value)
            await pilot.pause(0.01)
        assert offsets - {0}  # it moved sideways
        widgets.SHAKE_STEP = 60.0  # (the fixture restores it) this shake lasts until a key
        await pilot.press(*"zzzzz", "enter")
        assert row.busy
        await pilot.press("backspace")
        assert not row.busy and row.styles.offset.x.value == 0
        assert row.text() == "ZZZZ"


async def test_fast_typing_wins_with_animations_on(history, animations) -> None:
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "full"
        refused = (*"xqzvj", "enter", *["backspace"] * 5)
        await pilot.press(*"hates", "enter", *refused, *"hello", "enter")
        await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert [r.word for r in app.screen.game.rows] == ["hates", "hello"]


def contrast(one: tuple[int, int, int], other: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours (1 to 21; 4.5 is enough for normal text)."""

    def luminance(rgb: tuple[int, int, int]) -> float:
        linear = [c / 3294.6 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted([luminance(one), luminance(other)], reverse=True)
    return (light + 0.05) / (dark + 0.05)


async def test_grey_tiles_letters_are_readable_in_every_theme(history) -> None:
    # In a browser, the absent tiles' dim, thin lower-case letters were hard to read (issue 24):
    # their letters are bold, in the theme's full text colour, at 4.5:1 or more in every theme.
    app = app_for(history, target="hello")
    async with app.run_test(size=SIZE) as pilot:
        await play(pilot, "crane")
        absent = [tile for tile in app.screen.query(Tile) if tile.state == "absent"]
        assert len(absent) == 4 and str(absent[0].render()) == "c"  # lower case: a shape cue
        themes = [name for name in sorted(app.available_themes) if not name.startswith("ansi")]
        for theme in themes:
            app.theme = theme
            await pilot.pause()
            style = absent[0].rich_style
            assert style.bold, theme
            letter, tile = style.color.get_truecolor(), style.bgcolor.get_truecolor()
            assert contrast(tuple(letter), tuple(tile)) >= 4.5, theme
