"""A tour of every screen with fixed inputs: used by the snapshot tests and the screenshots.

Each scene opens the app on a fresh history, optionally records some finished games, and
presses keys. Answers are fixed, so the screens come out the same every time.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import App
from textual.widgets import Input

from ..gameplay.catalog import GameRequest
from ..history import History, SavedGame


@dataclass(frozen=True)
class Scene:
    """One screen to show: how to open it and what to press."""

    name: str
    request: GameRequest | None = None
    keys: tuple[str, ...] = ()
    past_scores: tuple[int, ...] = ()  # Wordle games won with these scores beforehand
    action: str | None = None  # an app action run first (for screens no request opens)

    def prepare(self, history: History) -> History:
        """Record the scene's past games in `history`; return it for the app."""
        for score in self.past_scores:
            history.record(
                SavedGame("wordle", "normal", "hello", [("hello", "GGGGG")], "2026-11-22T10:00"),
                "won",
                score,
            )
        return history

    async def settle(self, app: App, pilot) -> None:
        """Press the scene's keys (WAIT: let the workers finish) and wait until it is still."""
        if self.action is not None:
            await app.run_action(self.action)
        for key in (WAIT, *self.keys, WAIT):
            if key == WAIT:
                for _ in range(3):
                    await app.workers.wait_for_complete()
                    await pilot.pause()
            elif key == SLEEP:  # let timers fire (the computer's pause in Ghost)
                await pilot.pause(1.0)
            elif key == SHOWN:  # the watch screen: until its game is fully revealed
                await until_shown(app, pilot)
            else:
                await pilot.press(key)
        for field in app.screen.query(Input):  # a blinking cursor would make pictures differ
            field.cursor_blink = False
        await until_still(app, pilot)


async def until_still(app: App, pilot, tries: int = 40) -> None:
    """Wait until two screenshots a moment apart agree (slow machines lag behind)."""
    before = app.export_screenshot()
    for _ in range(tries):
        await pilot.pause(0.05)
        await app.workers.wait_for_complete()
        now = app.export_screenshot()
        if now == before:
            return
        before = now


WAIT = "<wait>"
SLEEP = "<sleep>"
SHOWN = "<shown>"


async def until_shown(app: App, pilot, tries: int = 300) -> None:
    """Wait until the screen has played and revealed every row (at most `tries` tenths)."""
    for _ in range(tries):
        screen = app.screen
        if getattr(screen, "played", None) and not getattr(screen, "pending", None):
            return
        await pilot.pause(0.1)


def word(text: str) -> tuple[str, ...]:
    return (*text, "enter")


# Sedecordle's answers (the first 16) and Duotrigordle's: distinct words of the `nyt` answers.
MANY_ANSWERS = (
    *("clasp", "scarf", "wring", "bendy", "fluid", "cedar", "poled", "worse"),
    *("oaken", "patsy", "strep", "letup", "eaten", "brier", "place", "anger"),
    *("loner", "muggy", "sloop", "wowed", "yeast", "abled", "towed", "noise"),
    *("fritz", "unsee", "extol", "shore", "burnt", "heath", "annoy", "aloof"),
)


SCENES = (
    Scene("home"),
    Scene("wordle", GameRequest("wordle", target="hello"), (*word("hates"), *"helo")),
    Scene(
        "wordle-result",
        GameRequest("wordle", target="hello", hard=True),
        (*word("hates"), *word("hello")),
        past_scores=(3, 4, 4, 5),
    ),
    Scene("evil-wordle", GameRequest("evil"), (*word("arise"), *word("blond"))),
    Scene("adversary", GameRequest("adversary", seed=7), (*word("salet"), *word("briny"))),
    Scene(
        "antiwordle", GameRequest("antiwordle", target="hello"), (*word("hates"), *word("crane"))
    ),
    Scene(
        "jotto",
        GameRequest("jotto", target="south"),
        (*word("mouth"), "tab", "m", "m", "o", "tab", *word("thorn")),
    ),
    Scene(
        "jotto-result",
        GameRequest("jotto", target="south"),
        (*word("mouth"), *word("thorn"), *word("south")),
    ),
    Scene("daily", GameRequest("wordle", day=100), (*word("crane"), *word("doubt"), *"spi")),
    Scene("jotto-computer", GameRequest("jotto-computer"), ("2", WAIT, "2")),
    Scene(
        "jotto-positions",
        GameRequest("jotto-positions", target="south"),
        (*word("mouth"), "tab", "m", "m", "o", "tab", *word("thorn")),
    ),
    Scene(
        "jotto-positions-result",
        GameRequest("jotto-positions", target="south"),
        (*word("mouth"), *word("thorn"), *word("south")),
    ),
    Scene(  # an answer of two numbers, then the first number of the next
        "jotto-positions-computer",
        GameRequest("jotto-positions-computer"),
        ("2", "1", WAIT, "2"),
    ),
    Scene(
        "mastermind",
        GameRequest("mastermind", target="1234"),
        (*"1122", "enter", *"1344", "enter", *"56"),
    ),
    Scene(
        "mastermind-computer",
        GameRequest("mastermind-computer"),
        (WAIT, "b", "w", "enter", WAIT, "b"),
    ),
    Scene(  # a fixed puzzle: today's would change with the date
        "assistant",
        GameRequest("assistant", day=1700),
        (*"raise", *"--y-g", "enter", WAIT, *"bingo"),
    ),
    Scene(  # mid-game: one board solved, the other under way, a word being typed
        "dordle",
        GameRequest("dordle", target="hello,crane"),
        (*word("hates"), *word("hello"), *"cra"),
    ),
    Scene(
        "quordle",
        GameRequest("quordle", target="hello,crane,south,vocal"),
        (*word("slate"), *word("crane"), *"mou"),
    ),
    Scene(
        "octordle",
        GameRequest("octordle", target="hello,crane,south,vocal,blast,fjord,mirth,pique"),
        (*word("slate"), *word("crony"), *word("blast"), *"hel"),
    ),
    Scene(  # a board solved (CLASP), its line one row; the rest a line of rows each
        "sedecordle",
        GameRequest("sedecordle", target=",".join(MANY_ANSWERS[:16])),
        (*word("slate"), *word("clasp"), *word("crony"), *"bui"),
    ),
    Scene(  # at 80x24 the lines scroll under the word typed and one-letter keys
        "duotrigordle",
        GameRequest("duotrigordle", target=",".join(MANY_ANSWERS)),
        (*word("slate"), *word("clasp"), *word("scarf"), *word("crony"), *"bui"),
    ),
    Scene(  # two rows of a Quordle (FJORD, CLOTH, ...), then the next being typed
        "multi-assistant",
        GameRequest("multi-assistant"),
        (WAIT, *"salet:.....,..y.y,g..gg,.y...", "enter", WAIT, *"crony"),
    ),
    Scene("nyt-wordle", GameRequest("nyt", day=1497), (*word("slate"), *word("crone"))),
    Scene("ghost", GameRequest("ghost", min_length=4), (WAIT, "n", SLEEP, WAIT, "f6")),
    Scene(  # four moves of a watched game, stepped by hand: no animation runs
        "ghost-watch",
        GameRequest("ghost", ghost_variant="super", min_length=4, ghost_mode="watch", seed=1),
        (SLEEP, WAIT, *["space"] * 4),
    ),
    Scene(  # a challenge lost by the challenger, then a new round under way
        "ghost-hotseat",
        GameRequest("ghost", min_length=4, ghost_mode="hotseat-3"),
        (SLEEP, WAIT, "c", "r", "exclamation_mark", *word("crane"), "b", "l"),
    ),
    Scene(
        "high-contrast",
        GameRequest("wordle", target="hello"),
        (*word("hates"), *word("lolly"), "f2"),
    ),
    Scene("statistics", None, ("s",), past_scores=(3, 4, 4, 5, 2, 4)),
    Scene("reports", GameRequest("reports"), (WAIT, WAIT)),
    Scene("explorer", GameRequest("explorer", strategy="optimal"), (WAIT, "down", "enter")),
    Scene(
        "explorer-position",
        GameRequest("explorer", strategy="optimal", rows=(("tarse", ".Y..G"),)),
        (WAIT, WAIT),
    ),
    Scene("help", None, ("question_mark",)),
    Scene("help-assistant", GameRequest("assistant", day=1700), (WAIT, "f1")),
    Scene("watch", None, (*word("hello"), WAIT, SHOWN), action="watch"),
    Scene("settings", None, (), action="settings"),
    Scene("word-lists", None, ("l", WAIT)),
)
