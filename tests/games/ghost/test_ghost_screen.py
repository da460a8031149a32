"""Whole games of Ghost against the computer, on small word lists so every line is known."""

from __future__ import annotations

import threading
from functools import partial
from pathlib import Path

import apptest
import pytest
from apptest import burst, ghost_ready
from textual.widgets import Select

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.games.ghost.ui.screen import GhostScreen
from wordle_tui.history import History
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.confirm import ConfirmScreen
from wordle_tui.ui.widgets import Note

SIZE = (80, 24)


def app_with(tmp_path: Path, words: str, **options) -> tuple[WordleTuiApp, History]:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(words.split()) + "\n")
    history = History(tmp_path / "history.sqlite3")
    request = GameRequest("ghost", words=str(path), **options)
    return WordleTuiApp(request, history=history), history


settle = partial(apptest.settle, until=ghost_ready, rounds=30, pause=0.1)


def message(app) -> str:
    return app.screen.query_one(Note).text


async def test_human_loses_by_completing_a_word(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, "cat camel gecko")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, GhostScreen)
        await pilot.press("c")
        await settle(app, pilot)
        assert app.screen.match.fragment == "ca"  # the only play
        await pilot.press("t")
        await pilot.pause()
        assert app.screen.match.loser == 0
        assert "'cat' is a word of 3 letters: you lose" in message(app)
    assert history.finished("ghost")[0]["result"] == "lost"


async def test_human_loses_by_an_impossible_fragment(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, "cat camel gecko")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("z")
        await pilot.pause()
        assert "no word starts 'z': you lose" in message(app)
        assert "could have won until the end" in message(app) or "no winning play" in message(app)


async def test_computer_loses(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, "cat camel goat gerbil")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("g")  # the winning first play
        await settle(app, pilot)
        if app.screen.match.fragment == "go":
            await pilot.press("a")
        else:
            await pilot.press("r")
            await settle(app, pilot)
            await pilot.press("i")
        await settle(app, pilot)
        match = app.screen.match
        assert match.over and match.loser == 1
        assert "the computer loses" in message(app)
        assert "could have won until the end" not in message(app)
    assert history.finished("ghost")[0]["result"] == "won"
    assert history.stats("ghost").wins == 1


async def test_the_computer_can_start_and_hints_show_winning_letters(tmp_path: Path) -> None:
    app, _ = app_with(tmp_path, "cat camel goat gerbil", first="computer")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.screen.match.fragment == "g"  # the perfect computer opens with the win
        await pilot.press("f6")
        hint = str(app.screen.query_one("#hint").render())
        assert "you cannot force a win" in hint


@pytest.mark.parametrize("variant", ["super", "superduper"])
async def test_super_variants_play_at_the_front(tmp_path: Path, variant: str) -> None:
    app, _ = app_with(tmp_path, "cat camel goat gerbil", ghost_variant=variant)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("m")  # only in camel: the computer answers 'am' or 'me'
        await settle(app, pilot)
        before = app.screen.match.fragment
        assert before in ("am", "me")
        await pilot.press("tab")
        letter = "c" if before == "am" else "a"  # 'cam' or 'ame', both inside camel
        await pilot.press(letter)
        await pilot.pause()
        assert app.screen.match.moves[2].after == letter + before


@pytest.mark.parametrize(
    ("variant", "key"), [("super", "tab"), ("superduper", "tab"), ("superduper", "ctrl+r")]
)
async def test_a_letter_typed_right_after_tab_or_ctrl_r_obeys_it(
    tmp_path: Path, variant: str, key: str
) -> None:
    app, _ = app_with(tmp_path, "cat camel goat gerbil", ghost_variant=variant)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("m")  # only in camel: the computer answers 'am' or 'me'
        await settle(app, pilot)
        before = app.screen.match.fragment
        letter = "c" if before == "am" else "a"  # 'cam' or 'ame', both inside camel
        burst(app, key, letter)  # at once, as a fast typist sends them
        for _ in range(30):
            await pilot.pause()
            if len(app.screen.match.moves) > 2:
                break
        played = letter + before  # Tab: in front; ctrl+r: after the reversed fragment
        assert app.screen.match.moves[2].after == (played if key == "tab" else played[::-1])
        assert app.screen.game.at_front == (key == "tab")  # each key acted once, in order


async def test_the_full_list_solves_in_a_worker(tmp_path: Path) -> None:
    history = History(tmp_path / "history.sqlite3")
    app = WordleTuiApp(GameRequest("ghost", min_length=4), history=history)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.screen.vocab.fragments == 133_069  # pruned: none past a word
        await pilot.press("f6")
        assert "A winning letter exists: h, n" in str(app.screen.query_one("#hint").render())


# Never crash, never lose a game


@pytest.fixture
def slow_solving(monkeypatch: pytest.MonkeyPatch):
    """Solving waits until the test sets the returned event."""
    from wordle_tui.games.ghost.ui import computer as ghost_computer

    go = threading.Event()
    real = ghost_computer.solved

    def solved(*args):
        go.wait(timeout=10)
        return real(*args)

    monkeypatch.setattr(ghost_computer, "solved", solved)
    yield go
    go.set()


async def test_keys_while_solving_say_why_and_are_not_kept(tmp_path: Path, slow_solving) -> None:
    app, _ = app_with(tmp_path, "cat camel goat gerbil", ghost_variant="superduper")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", "ctrl+r", "f6", "c")
        assert app.screen.match is None
        assert "Still solving SuperDuperGhost" in message(app)
        assert "once the game starts" in str(app.screen.query_one("#hint").render())
        slow_solving.set()
        await settle(app, pilot)
        assert app.screen.match.moves == [] and not app.screen.game.at_front


async def test_new_game_then_keys_at_once_do_not_crash(tmp_path: Path) -> None:
    app, _ = app_with(tmp_path, "cat camel goat gerbil", ghost_variant="superduper")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        screen.action_cycle("min-length")  # a setup to solve (the same one starts at once)
        screen.action_new_game()  # as when ctrl+n and the next keys arrive together
        screen.action_switch("at_front")
        screen.action_switch("reverse")
        screen.action_toggle_hint()
        screen.show()
        assert "Still solving" in message(app)
        await pilot.press("ctrl+n", "tab", "ctrl+r", "f6", "g")
        await settle(app, pilot)
        assert app.is_running and screen.match is not None


async def test_letters_while_the_computer_thinks_are_refused(tmp_path: Path, monkeypatch) -> None:
    from wordle_tui.games.ghost.ui import screen as ghost_screen

    monkeypatch.setattr(ghost_screen, "COMPUTER_PAUSE", 30)
    app, _ = app_with(tmp_path, "cat camel gecko", ghost_variant="super")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("c", "a")
        assert [m.after for m in app.screen.match.moves] == ["c"]
        assert message(app) == "Wait: the computer is thinking."
        await pilot.press("tab")
        assert not app.screen.game.at_front and message(app) == "Wait: the computer is thinking."


async def mid_game(app, pilot) -> None:
    await settle(app, pilot)
    await pilot.press("g")
    await settle(app, pilot)
    assert len(app.screen.match.moves) == 2


async def test_changing_the_setup_mid_game_asks_and_no_keeps_the_game(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, "cat camel goat gerbil")
    async with app.run_test(size=SIZE) as pilot:
        await mid_game(app, pilot)
        screen, match = app.screen, app.screen.match
        screen.query_one("#variant", Select).value = "super"
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "It will count as a loss" in str(app.screen.query_one("#confirm-question").render())
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.match is match and len(match.moves) == 2
        assert screen.query_one("#variant", Select).value == "ghost"
        assert screen.setup.variant == "ghost"
    assert history.finished("ghost") == []


async def test_changing_the_setup_mid_game_and_yes_records_it_abandoned(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, "cat camel goat gerbil")
    async with app.run_test(size=SIZE) as pilot:
        await mid_game(app, pilot)
        screen = app.screen
        await pilot.click("#min-length")  # as a player does: open the list, go down one
        await pilot.press("down", "enter")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(app, pilot)
        assert app.screen is screen and screen.setup.min_length == 4
        assert screen.match.moves == []
        [game] = history.finished("ghost")
        assert game["result"] == "abandoned" and game["variant"] == "ghost-3"


async def test_new_game_mid_game_asks_by_key_and_by_button(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, "cat camel goat gerbil")
    async with app.run_test(size=SIZE) as pilot:
        await mid_game(app, pilot)
        await pilot.press("ctrl+n")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert len(app.screen.match.moves) == 2 and history.finished("ghost") == []
        await pilot.click("#new-game")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.click("#confirm-yes")
        await settle(app, pilot)
        assert app.screen.match.moves == []
        assert [g["result"] for g in history.finished("ghost")] == ["abandoned"]


async def test_a_letter_typed_right_after_ctrl_n_starts_the_new_game(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, "cat camel goat gerbil")
    async with app.run_test(size=SIZE) as pilot:
        await mid_game(app, pilot)
        burst(app, "ctrl+n", "x", "y", "c")  # x: typed before the question showed, dropped
        for _ in range(30):
            await pilot.pause()
            if app.screen.match is not None and app.screen.match.moves:
                break
        assert isinstance(app.screen, GhostScreen)
        assert [m.after for m in app.screen.match.moves[:1]] == ["c"]  # not 'g'+'y' or 'gc'
        assert [g["result"] for g in history.finished("ghost")] == ["abandoned"]
        await settle(app, pilot)
        await pilot.press("z")  # no word has 'caz': lost, then ctrl+n and a letter at once
        await pilot.pause()
        assert app.screen.match.over
        burst(app, "ctrl+n", "g")
        for _ in range(30):
            await pilot.pause()
            if not app.screen.match.over and app.screen.match.moves:
                break
        assert [m.after for m in app.screen.match.moves[:1]] == ["g"]


async def test_no_question_before_the_first_move_or_after_the_end(tmp_path: Path) -> None:
    app, history = app_with(tmp_path, "cat camel goat gerbil")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        app.screen.query_one("#variant", Select).value = "super"
        await settle(app, pilot)
        assert isinstance(app.screen, GhostScreen) and app.screen.setup.variant == "super"
        await pilot.press("z")  # no word contains z: the game is lost at once
        await pilot.pause()
        assert app.screen.match.over
        await pilot.press("ctrl+n")
        await settle(app, pilot)
        assert isinstance(app.screen, GhostScreen) and app.screen.match.moves == []
    assert [g["result"] for g in history.finished("ghost")] == ["lost"]


def footer_keys(app) -> set[str]:
    return {key for key, active in app.screen.active_bindings.items() if active.binding.show}


@pytest.mark.parametrize(
    ("variant", "offered", "hidden"),
    [
        ("ghost", set(), {"tab", "ctrl+r"}),
        ("super", {"tab"}, {"ctrl+r"}),
        ("superduper", {"tab"}, {"ctrl+r"}),  # ctrl+r: named in the turn line
    ],
)
async def test_the_footer_offers_only_keys_that_act(
    tmp_path: Path, variant: str, offered: set[str], hidden: set[str]
) -> None:
    app, _ = app_with(tmp_path, "cat camel goat gerbil")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        app.screen.query_one("#variant", Select).value = variant
        await settle(app, pilot)
        keys = footer_keys(app)
        assert {"f6", "ctrl+n"} <= keys and offered <= keys and not hidden & keys
        if variant == "superduper":  # not in the footer, but it acts
            await pilot.press("ctrl+r")
            assert app.screen.game.reverse
