"""Random keys and clicks at any speed, on every screen: no exception, and the app still answers.

Each scene opens one screen and sends seeded random key sequences: some one key at a time,
letting the screen settle, and some in bursts sent straight to the driver, so they arrive
before the screen has caught up (as a fast typist's do). Random mouse clicks land in between.
Whenever a key takes the player back to the home screen, the scene's screen is opened again
(and a dialog or mode left for the screen below it, from there).
At the end, Escape must lead back to the home screen, which must still answer a key.
CI sends 24 keys a scene; `pytest -m slow tests/ui/test_fuzz_keys.py` sends 160, on two more seeds.
"""

from __future__ import annotations

import contextlib
import random
import string
from dataclasses import dataclass
from pathlib import Path

import pytest
from textual import events
from textual.widgets import OptionList
from textual.worker import WorkerCancelled

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.wordle import MAX_GUESSES
from wordle_tui.history import History
from wordle_tui.settings import Settings
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.wordle import WordleScreen
from wordle_tui.ui.confirm import ConfirmScreen
from wordle_tui.ui.home import HomeScreen
from wordle_tui.ui.multi.screen import MultiScreen

# Every frame is drawn, as a terminal would: these keys hunt for a screen that cannot be drawn.
pytestmark = pytest.mark.paints

SIZE = (80, 24)
KEYS_PER_SCENE = 24  # in CI; the benchmark's run (`-m slow`) sends LONG_KEYS_PER_SCENE
LONG_KEYS_PER_SCENE = 160
SPECIAL = (
    "enter",
    "enter",
    "backspace",
    "backspace",
    "tab",
    "shift+tab",
    "left",
    "right",
    "up",
    "down",
    "space",
    "escape",
    "ctrl+n",
    "ctrl+z",
    "ctrl+l",
    "ctrl+r",
    "ctrl+x",
    "ctrl+w",
    "f1",
    "f2",
    "f3",
    "f4",
    "f5",
    "f6",
    "f7",
    "question_mark",
    "exclamation_mark",
    "pageup",
    "pagedown",
    "home",
    "end",
    "delete",
    "full_stop",
    "minus",
)
DIGITS = tuple("012345")
# Never sent: ctrl+q and ctrl+c quit, ctrl+p opens the palette (whose "Quit" a random query
# can reach), and "q" quits from the home and statistics screens (see `allowed`).


@dataclass(frozen=True)
class FuzzScene:
    """A screen to fuzz: how to open it, and words to type first (to reach an end state)."""

    name: str
    request: GameRequest | None
    opening: tuple[str, ...] = ()
    screen_key: str = ""  # for screens opened from home by a key (stats, help)
    reopen: tuple[str, str] = ("", "")  # (a screen, the key that opens the scene's from it)


SCENES = (
    FuzzScene("home", None),
    FuzzScene("wordle", GameRequest("wordle", target="hello")),
    FuzzScene("wordle-hard", GameRequest("wordle", target="crane", hard=True)),
    FuzzScene("wordle-result", GameRequest("wordle", target="hello"), (*"hello", "enter")),
    FuzzScene("evil", GameRequest("evil")),
    FuzzScene("adversary", GameRequest("adversary", seed=7)),
    FuzzScene("antiwordle", GameRequest("antiwordle", target="hello")),
    FuzzScene("jotto", GameRequest("jotto", target="south")),
    FuzzScene("jotto-computer", GameRequest("jotto-computer")),
    FuzzScene("jotto-positions", GameRequest("jotto-positions", target="south")),
    FuzzScene("jotto-positions-computer", GameRequest("jotto-positions-computer")),
    FuzzScene("mastermind", GameRequest("mastermind", target="1234")),
    FuzzScene("mastermind-computer", GameRequest("mastermind-computer")),
    FuzzScene("assistant", GameRequest("assistant"), (*"raise", *"..y.g", "enter")),
    FuzzScene(
        "paste-dialog",
        GameRequest("assistant"),
        ("f5", *"wordle 1,234 2/6", "tab", *"crane slate"),
        reopen=("AssistantScreen", "f5"),
    ),
    FuzzScene("dordle", GameRequest("dordle", target="hello,crane")),
    FuzzScene(
        "quordle-result",
        GameRequest("quordle", target="hello,crane,south,vocal"),
        (*"hello", "enter", *"crane", "enter", *"south", "enter", *"vocal", "enter"),
    ),
    FuzzScene("octordle", GameRequest("octordle", seed=3)),
    FuzzScene("sedecordle", GameRequest("sedecordle", seed=3)),
    FuzzScene("duotrigordle", GameRequest("duotrigordle", seed=3)),
    FuzzScene("quordle-daily", GameRequest("quordle")),
    FuzzScene("multi-assistant", GameRequest("multi-assistant")),
    FuzzScene("ghost", GameRequest("ghost", min_length=4)),
    FuzzScene("superduperghost", GameRequest("ghost", ghost_variant="superduper")),
    FuzzScene(
        "ghost-watch",
        GameRequest("ghost", min_length=4, ghost_mode="watch"),
        reopen=("GhostScreen", "ctrl+n"),
    ),
    FuzzScene(
        "ghost-hotseat",
        GameRequest("ghost", ghost_variant="super", ghost_mode="hotseat-3"),
        reopen=("GhostScreen", "ctrl+n"),
    ),
    FuzzScene("daily", None, screen_key="daily"),
    FuzzScene("reports", GameRequest("reports")),
    FuzzScene("explorer", GameRequest("explorer", strategy="optimal")),
    FuzzScene("stats", None, screen_key="s"),
    FuzzScene("help", None, screen_key="question_mark"),
    FuzzScene("watch", None, screen_key="watch"),
    FuzzScene("word-lists", None, screen_key="l"),
)


def random_key(rng: random.Random) -> str:
    """A key as a player might press it: mostly letters, some specials and digits."""
    roll = rng.random()
    if roll < 0.55:
        return rng.choice(string.ascii_lowercase)
    if roll < 0.65:
        return rng.choice(DIGITS)
    return rng.choice(SPECIAL)


def allowed(app: WordleTuiApp, key: str) -> bool:
    """Whether to send `key` now: never a key that quits the app."""
    if key != "q":
        return True
    return type(app.screen).__name__ not in ("HomeScreen", "StatsScreen")


def send_now(app: WordleTuiApp, key: str) -> None:
    """Hand a key to the driver without waiting for the app to handle it."""
    character = {"space": " ", "full_stop": ".", "minus": "-", "question_mark": "?"}.get(key)
    if character is None and len(key) == 1:
        character = key
    event = events.Key(key, character)
    event.set_sender(app)
    app._driver.send_message(event)


async def open_scene(app: WordleTuiApp, pilot, scene: FuzzScene) -> None:
    """Put the scene's screen on top of the home screen (again)."""
    if scene.request is not None:
        app.open_game(scene.request)
    elif scene.screen_key == "watch":
        app.action_watch()
    elif scene.screen_key == "daily":
        app.action_daily()
    elif scene.screen_key:
        await pilot.press(scene.screen_key)
    await pilot.pause()


async def fuzz(app: WordleTuiApp, pilot, scene: FuzzScene, rng: random.Random, keys: int) -> None:
    await pilot.pause()
    if scene.opening:
        await pilot.press(*scene.opening)
    sent = 0
    while sent < keys:
        if scene.name != "home" and isinstance(app.screen, HomeScreen):
            await open_scene(app, pilot, scene)
        under, key = scene.reopen
        if under and type(app.screen).__name__ == under:  # back from it: open it again
            await pilot.press(key)
        if rng.random() < 0.06:
            await pilot.click(offset=(rng.randrange(SIZE[0]), rng.randrange(SIZE[1])))
            continue
        burst = [random_key(rng) for _ in range(rng.choice((1, 3, 6, 12)))]
        for key in burst:
            if allowed(app, key):
                if len(burst) == 1:
                    await pilot.press(key)
                else:
                    send_now(app, key)
            if key == "escape":
                break  # the screen may change: look again before sending more
        sent += len(burst)
        await pilot.pause()
        check_invariants(app)


def check_invariants(app: WordleTuiApp) -> None:
    """What no key sequence may break."""
    assert app.is_running
    screen = app.screen
    if isinstance(screen, WordleScreen) and screen.game.mode == "wordle":
        assert len(screen.game.rows) <= MAX_GUESSES
        assert len(screen.typed) <= 5
    if isinstance(screen, MultiScreen) and hasattr(screen, "game"):
        assert len(screen.game.words) <= screen.game.limit
        assert len(screen.typed) <= 5


async def back_home_and_answer(app: WordleTuiApp, pilot) -> None:
    """Escape (and yes to leaving a game with scores) leads back to the home screen, which
    still moves its cursor on a key."""
    for _ in range(12):
        if isinstance(app.screen, HomeScreen):
            break
        await pilot.press("y" if isinstance(app.screen, ConfirmScreen) else "escape")
        await pilot.pause()
    assert isinstance(app.screen, HomeScreen), f"stuck on {type(app.screen).__name__}"
    menu = app.screen.query_one(OptionList)
    for _ in range(20):  # the home screen given its focus back once the last screen is gone
        if app.focused is menu:
            break
        await pilot.pause()
    before = menu.highlighted
    await pilot.press("down")
    await pilot.pause()
    assert menu.highlighted != before


@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
async def test_random_keys_never_break_a_screen(
    scene: FuzzScene, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await fuzz_scene(scene, tmp_path, monkeypatch, f"fuzz-{scene.name}", KEYS_PER_SCENE)


@pytest.mark.slow
@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
@pytest.mark.parametrize("seed", ["long-1", "long-2"])
async def test_long_random_key_runs_never_break_a_screen(
    scene: FuzzScene, seed: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await fuzz_scene(scene, tmp_path, monkeypatch, f"{seed}-{scene.name}", LONG_KEYS_PER_SCENE)


async def fuzz_scene(
    scene: FuzzScene, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: str, keys: int
) -> None:
    """Open the scene, send `keys` seeded random keys and clicks, then walk back home."""
    monkeypatch.chdir(tmp_path)  # exports from the reports screen land here
    history = History(tmp_path / "history.sqlite3")
    settings = Settings(tmp_path / "settings.json")  # a set chosen by chance stays here
    app = WordleTuiApp(scene.request, history=history, settings=settings)
    rng = random.Random(seed)
    async with app.run_test(size=SIZE) as pilot:
        if scene.request is None and scene.name != "home":
            await open_scene(app, pilot, scene)
        await fuzz(app, pilot, scene, rng, keys)
        if type(app.screen).__name__ == "ReportsScreen":
            await pilot.press("ctrl+x")  # a run the keys started stops within a few targets
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await back_home_and_answer(app, pilot)
