"""The catalog (`gameplay/catalog.py`) declares every game once, and everything reads it.

Every entry has all its parts (a screen, a help topic, a round, statistics, a command-line
name, a menu line, a tour scene, a fuzz scene), but for the few gaps written down here; and an
extra game slipped into the catalog appears in the home menu, the palette, `play`, the help
and the statistics, with no other change.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_fuzz_keys import SCENES as FUZZ_SCENES
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Markdown, OptionList, Static, TabPane
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.gameplay import catalog
from wordle_tui.gameplay.catalog import CATALOG, Entry, GameRequest, MenuLine, Stats
from wordle_tui.history import History
from wordle_tui.ui import screens
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.help import HelpScreen, rules, topic_of
from wordle_tui.ui.palette import GamesProvider, ScreensProvider
from wordle_tui.ui.stats_screen import StatsScreen
from wordle_tui.ui.tour import MANY_ANSWERS
from wordle_tui.ui.tour import SCENES as TOUR_SCENES

# What some entries lack today, on purpose or not yet: nothing else may be missing, and these
# must still be missing (one that is filled in is taken off this list).
GAPS = {
    "nyt": {"menu", "play", "help", "fuzz"},  # opened by `play wordle --nyt N`; F1: every topic
    "adversary": {"menu"},  # Wordle with the setting on, and `play adversary`
    "help": {"menu"},  # F1 or ? on every screen, and the palette
    "settings": {"menu"},  # o on the home screen, and the palette
    "stats": {"menu"},  # s on the home screen, and the palette
    "watch": {"menu"},  # w on the home screen, ctrl+w in a game, and the palette
}

NO_RULES = {"help"}  # the help itself: nothing to explain
ANSWERS = ["hello", "crane", "south", "vocal", "blast", "fjord", "mirth", "pique"]


def missing_parts(entry: Entry) -> set[str]:
    """The parts `entry` lacks, by name."""
    missing = set()
    if entry.opened_by_request:
        if entry.id not in screens.SCREENS:
            missing.add("screen")
        if entry.id not in {s.request.game for s in TOUR_SCENES if s.request is not None}:
            missing.add("tour")
        if entry.id not in {s.request.game for s in FUZZ_SCENES if s.request is not None}:
            missing.add("fuzz")
        if not entry.play:
            missing.add("play")
    elif not callable(getattr(WordleTuiApp, f"action_{entry.id}", None)):
        missing.add("screen")
    if entry.kind == "game":
        if entry.round is None:
            missing.add("round")
        if entry.stats is None:
            missing.add("stats")
    if entry.id not in NO_RULES and entry.topic not in catalog.help_topics():
        missing.add("help")
    if not entry.menu:
        missing.add("menu")
    if not entry.title:
        missing.add("title")
    return missing


def test_the_check_finds_what_an_entry_lacks() -> None:
    bare = Entry("chess", "", "game")
    assert missing_parts(bare) == {
        "screen",
        "tour",
        "fuzz",
        "play",
        "round",
        "stats",
        "help",
        "menu",
        "title",
    }
    assert missing_parts(Entry("bowling", "Bowling", "screen", what="strikes")) == {
        "screen",
        "help",
    }


@pytest.mark.parametrize("entry", CATALOG, ids=[entry.id for entry in CATALOG])
def test_every_entry_has_every_part(entry: Entry) -> None:
    assert missing_parts(entry) == GAPS.get(entry.id, set())


def test_ids_menu_keys_and_names_are_unique_and_every_screen_is_an_entry() -> None:
    ids = [entry.id for entry in CATALOG]
    keys = [line.key for _, line in catalog.menu()]
    names = [name for entry in CATALOG for name in entry.play]
    assert len(set(ids)) == len(ids) and len(set(keys)) == len(keys)
    assert len(set(names)) == len(names)
    requested = {entry.id for entry in CATALOG if entry.opened_by_request}
    assert set(screens.SCREENS) == requested  # no screen for an entry that is not there
    for entry in CATALOG:
        assert entry.help is None or catalog.find(entry.help) is not None, entry.id
        assert not entry.hard_mode or entry.round is not None, entry.id
    assert set(catalog.STATS_ORDER) <= {e.id for e in CATALOG if e.stats is not None}
    assert set(catalog.PLAY_ORDER) <= set(names)


def test_the_views_keep_their_order() -> None:
    """Nothing moved: the menu, the help, `play` and the statistics list as they always did."""
    positions = ("jotto-positions", "jotto-positions-computer")
    assert [line.key for _, line in catalog.menu()] == [
        *("wordle", "wordle-hard", "daily", "jotto", "jotto-computer", *positions, "evil"),
        *("antiwordle", "dordle", "quordle", "octordle", "sedecordle", "duotrigordle"),
        *("ghost", "mastermind", "mastermind-computer", "assistant", "multi-assistant"),
        *("explorer", "reports"),  # statistics, watch, help and settings: s, w, F1 and o
    ]
    assert list(catalog.help_topics()) == [
        *("wordle", "jotto", "jotto-positions", "evil", "adversary", "antiwordle", "dordle"),
        "quordle",
        *("octordle", "sedecordle", "duotrigordle"),
        *("ghost", "mastermind", "assistant", "multi-assistant"),
        *("explorer", "reports", "daily", "watch", "stats", "settings"),
    ]
    assert catalog.play_help() == (
        "wordle, jotto, jotto-computer, jotto-positions, jotto-positions-computer, evil, "
        "adversary, antiwordle, dordle, quordle, octordle, sedecordle, duotrigordle, ghost, "
        "mastermind, mastermind-computer, assistant, multi-assistant, watch, explorer, or reports."
    )
    # after the older ones, as documented
    multi = ("dordle", "quordle", "octordle", "sedecordle", "duotrigordle")
    new_games = (*positions, "adversary", *multi, "mastermind", "mastermind-computer")
    assert catalog.play_names() == (
        *catalog.PLAY_ORDER,
        "jotto-computer",
        *new_games,
        "multi-assistant",
        "watch",
        "explorer",
    )
    assert catalog.stats_names() == (*catalog.STATS_ORDER, *new_games)
    assert [e.id for e in catalog.stats_tabs()] == [
        *("wordle", "evil", "antiwordle", "jotto", "jotto-computer", "ghost", *new_games)
    ]
    assert catalog.hard_mode_names() == "wordle, evil and adversary"


def test_every_game_makes_its_round_from_its_request() -> None:
    from wordle_tui.gameplay.jotto import ComputerJottoRound, JottoRound
    from wordle_tui.gameplay.multi import MultiRound
    from wordle_tui.gameplay.wordle import WordleRound
    from wordle_tui.games.ghost.gameplay.referee import GhostGame
    from wordle_tui.games.mastermind.gameplay.breaking import MastermindRound
    from wordle_tui.games.mastermind.gameplay.computer import ComputerMastermindRound

    made = {
        "wordle": WordleRound,
        "nyt": WordleRound,
        "evil": WordleRound,
        "adversary": WordleRound,
        "antiwordle": WordleRound,
        "jotto": JottoRound,
        "jotto-computer": ComputerJottoRound,
        "ghost": GhostGame,
        "mastermind": MastermindRound,
        "mastermind-computer": ComputerMastermindRound,
        "jotto-positions": JottoRound,
        "jotto-positions-computer": ComputerJottoRound,
        "dordle": MultiRound,
        "quordle": MultiRound,
        "octordle": MultiRound,
        "sedecordle": MultiRound,
        "duotrigordle": MultiRound,
    }
    assert {entry.id for entry in CATALOG if entry.round is not None} == set(made)
    for game, kind in made.items():
        multi = {"dordle": 2, "quordle": 4, "octordle": 8, "sedecordle": 16, "duotrigordle": 32}
        answers = ",".join(MANY_ANSWERS[: multi.get(game)])
        targets = {"jotto": "south", "mastermind": "1234"} | dict.fromkeys(multi, answers)
        target = targets.get(game, targets.get(game.split("-")[0], "hello"))
        request = GameRequest(game, target=target, day=1497 if game == "nyt" else None)
        made_round = catalog.new_round(request)
        assert isinstance(made_round, kind), game
        if isinstance(made_round, MultiRound):
            assert ",".join(made_round.answers) == target
        if game.startswith("jotto"):
            assert made_round.kind == game.removesuffix("-computer")
        if isinstance(made_round, WordleRound):
            assert made_round.mode == ("wordle" if game in ("nyt", "adversary") else game)
    with pytest.raises(ValueError, match="no rounds"):
        catalog.new_round(GameRequest("reports"))


# An extra game, slipped into the catalog: everything must pick it up.

SPELLING = Entry(
    "spelling",
    "Spelling Bee",
    "game",
    what="make words from seven letters",
    more=(MenuLine("spelling-hard", "Spelling Bee, hard mode", "longer words only", hard=True),),
    rules="## Spelling Bee\n\nMake words from the seven letters.\n",
    round=lambda request: f"a round for {request.game} (hard: {request.hard})",
    play=("spelling", "bee"),
    stats=Stats("Words per game"),
)


class SpellingScreen(Screen):
    """The extra game's screen: it shows the round the catalog made."""

    def __init__(self, request: GameRequest) -> None:
        super().__init__()
        self.request = request

    def compose(self) -> ComposeResult:
        yield Static(catalog.new_round(self.request), id="spelling-round")


@pytest.fixture
def spelling(monkeypatch: pytest.MonkeyPatch) -> Entry:
    """The catalog with the extra game before the statistics, and its screen registered."""
    at = [entry.id for entry in CATALOG].index("stats")
    monkeypatch.setattr(catalog, "CATALOG", (*CATALOG[:at], SPELLING, *CATALOG[at:]))
    monkeypatch.setitem(screens.SCREENS, "spelling", lambda request, host: SpellingScreen(request))
    return SPELLING


def test_an_extra_game_is_on_the_menu_and_in_the_help(spelling: Entry) -> None:
    keys = [line.key for _, line in catalog.menu()]
    assert keys[keys.index("reports") + 1 :] == ["spelling", "spelling-hard"]
    assert "## Spelling Bee" in rules(None)
    assert rules("spelling").startswith("## Spelling Bee")
    assert topic_of(SpellingScreen(GameRequest("spelling"))) == "spelling"
    assert missing_parts(spelling) == {"tour", "fuzz"}  # the catalog cannot write its tests


def test_play_opens_an_extra_game_by_its_names(spelling: Entry, monkeypatch) -> None:
    import wordle_tui.ui.app as ui

    opened: list[GameRequest] = []
    monkeypatch.setattr(ui, "run_app", lambda request=None, lists=None: opened.append(request))
    runner = CliRunner()
    assert runner.invoke(cli, ["play", "bee"]).exit_code == 0
    assert runner.invoke(cli, ["play", "SPELLING"]).exit_code == 0
    assert [request.game for request in opened] == ["spelling", "spelling"]
    refused = runner.invoke(cli, ["play", "chess"])
    assert refused.exit_code == 2
    names = "jotto-positions-computer, adversary, dordle, quordle, octordle, sedecordle"
    names += ", duotrigordle, mastermind, mastermind-computer"
    names += ", multi-assistant, watch"
    assert f"{names}, explorer, spelling, bee" in refused.stderr
    hard = runner.invoke(cli, ["play", "bee", "--hard"])  # a round, and no hard mode
    refused_hard = "--hard applies to wordle, evil and adversary, not spelling"
    assert hard.exit_code == 2 and refused_hard in hard.stderr


def test_stats_keeps_an_extra_games_statistics(spelling: Entry, home: Path) -> None:
    History(home / "history.sqlite3").close()
    result = CliRunner().invoke(cli, ["stats", "--json"])
    assert result.exit_code == 0, result.output
    assert [s["game"] for s in json.loads(result.stdout)][-1] == "spelling"
    one = CliRunner().invoke(cli, ["stats", "--game", "spelling", "--json"])
    assert json.loads(one.stdout)["game"] == "spelling"


async def test_the_app_opens_an_extra_game_from_the_menu_and_palette(
    spelling: Entry, tmp_path: Path
) -> None:
    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        assert "spelling" in ids and "spelling-hard" in ids
        games = [str(hit.text) async for hit in GamesProvider(app.screen).discover()]
        others = [str(hit.text) async for hit in ScreensProvider(app.screen).discover()]
        assert "Play Spelling Bee" in games and "Play Spelling Bee, hard mode" in games
        assert not any("Spelling" in title for title in others)
        options.highlighted = ids.index("spelling-hard")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SpellingScreen)
        shown = app.screen.query_one("#spelling-round", Static)
        assert str(shown.render()) == "a round for spelling (hard: True)"
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        first = app.screen.query_one(Markdown).source.strip().splitlines()[0]
        assert first == "## Spelling Bee"


async def test_the_statistics_screen_has_a_tab_for_an_extra_game(
    spelling: Entry, tmp_path: Path
) -> None:
    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.push_screen(StatsScreen(app.history, "spelling"))
        await pilot.pause()
        pane = app.screen.query_one("#tab-spelling", TabPane)
        headings = [str(s.render()) for s in pane.query(".stats-heading").results(Static)]
        assert headings == ["Words per game"]
        assert app.screen.first == "spelling"


def test_every_path_to_a_games_folder_names_a_function() -> None:
    """The shared layers reach a game's folder by path (`catalog.Lazy`): every path is there."""
    from wordle_tui.cli import play, reports
    from wordle_tui.gameplay.catalog import Lazy
    from wordle_tui.ui.reports import screen as reports_screen

    paths = [part for entry in CATALOG for part in (entry.round, entry.screen)]
    paths += [play.WITH_COMPUTERS, play.GHOST_REQUEST, reports.MAKE_MASTERMIND]
    paths += [reports.CHECK_MASTERMIND_SIZE, reports_screen.MAKE_MASTERMIND]
    lazy = [part for part in paths if isinstance(part, Lazy)]
    assert len(lazy) == 12  # 3 rounds, 4 screens, 5 in the command line and the reports
    for part in lazy:
        assert callable(part.load()), part.path
