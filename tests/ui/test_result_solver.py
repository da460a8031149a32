"""The result dialog's solver: `s` shows the solver's play in plain words and `s` again the
distribution; Antiwordle's is the survival search's play (it tries to last, not to find the
word), and Antiwordle offers no Watch (the Wordle solver finding the word)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import apptest
from textual.widgets._footer import FooterKey

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.gameplay.roles import SURVIVAL_TOP
from wordle_tui.gameplay.wordle import WordleRound
from wordle_tui.history import History
from wordle_tui.solver import make_game
from wordle_tui.solver.listsets import load_set
from wordle_tui.solver.search.survival import SurvivalSearch
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.boards.result import ResultScreen, solver_lines
from wordle_tui.ui.boards.wordle import WordleScreen

SIZE = (80, 24)
CLASSIC = load_set("classic")
INTERNAL = ("neg_entropy", "norvig", "max/", "all guesses")


def footer(app: WordleTuiApp) -> list[str]:
    return [key.description for key in app.screen.query(FooterKey)]


settle = partial(apptest.settle, quiet=3)


async def finish(app: WordleTuiApp, pilot, word: str) -> ResultScreen:
    await settle(app, pilot)
    await pilot.press(*word, "enter")
    await settle(app, pilot)
    assert isinstance(app.screen, ResultScreen)
    return app.screen


async def test_s_shows_the_solvers_play_in_words_and_s_again_the_distribution(
    tmp_path: Path,
) -> None:
    request = GameRequest("wordle", target="hello", lists=CLASSIC)
    app = WordleTuiApp(request, history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=SIZE) as pilot:
        dialog = await finish(app, pilot, "hello")
        histogram, solver = dialog.query_one("#result-histogram"), dialog.query_one("#solver")
        assert "Solver's play" in footer(app) and "Distribution" not in footer(app)
        await pilot.press("s")
        await settle(app, pilot)
        lines = str(solver.render()).splitlines()
        assert lines[0] == "The solver (most information, any word) would have played:"
        assert not any(word in line for word in INTERNAL for line in lines)
        assert lines[-1].endswith("HELLO  GGGGG  solved") and "1 left" not in lines[-1]
        assert not histogram.display and solver.display
        assert "Distribution" in footer(app) and "Solver's play" not in footer(app)
        await pilot.press("s")
        await pilot.pause()
        assert histogram.display and not solver.display and app.screen is dialog
        assert "Solver's play" in footer(app) and "Distribution" not in footer(app)
        await pilot.press("s")
        await pilot.pause()
        assert solver.display and str(solver.render()).splitlines() == lines


async def test_antiwordle_shows_the_survival_searchs_play_and_no_watch(tmp_path: Path) -> None:
    request = GameRequest("antiwordle", target="hello", lists=CLASSIC)
    app = WordleTuiApp(request, history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=SIZE) as pilot:
        board = app.screen
        assert isinstance(board, WordleScreen) and board.check_action("watch", ()) is False
        dialog = await finish(app, pilot, "hello")  # hit at once: a loss
        assert "Watch" not in footer(app)
        await pilot.press("w")
        await pilot.pause()
        assert app.screen is dialog
        await pilot.press("s")
        await settle(app, pilot)
        lines = str(dialog.query_one("#solver").render()).splitlines()
    anti = make_game("antiwordle", lists=CLASSIC)
    first = SurvivalSearch(anti, top_k=SURVIVAL_TOP).run().tree.guess
    assert lines[0] == "The survival search (lasting as long as it can) would have played:"
    assert lines[1].startswith(f"1. {first.upper()}  ")
    assert lines[-1].endswith("HELLO  GGGGG  hit it") and len(lines) > 4


def test_evil_wordles_solver_is_named_in_words() -> None:
    lines = solver_lines(WordleRound(mode="evil", lists=CLASSIC))
    intro = "Against the same evil replier, the solver (smallest worst case, answer words first)"
    assert lines[0] == f"{intro} needs:"
    assert not any(word in line for word in INTERNAL for line in lines)
    assert lines[-1].endswith("GGGGG  solved")


async def test_evil_wordles_dialog_shows_a_shortest_win_in_answer_list_words(
    tmp_path: Path,
) -> None:
    game = WordleRound(mode="evil", lists=CLASSIC)
    for word in ("teary", "sling", "crumb", "block"):
        game.guess(word)
    assert game.won
    app = WordleTuiApp(history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ResultScreen(game, app.history))
        await settle(app, pilot)
        best = str(app.screen.query_one("#best-possible").render())
    assert "the shortest forced win takes 4 (TEARY, SLING, CRUMB, BLOCK)" in best
    assert "the best possible!" in best
