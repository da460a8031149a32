"""The strategy explorer at 80x24: opened, nodes expanded, an answer and a position found,
bad input said in the message line, and opened from the assistant and the reports."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import apptest
from textual.widgets import Input, Select, Tree

from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.games.explorer.solver.navigate import Branch, path_to
from wordle_tui.games.explorer.ui.screen import ExplorerScreen
from wordle_tui.history import History
from wordle_tui.solver import make_game, tree_scores
from wordle_tui.solver.listsets import load_set
from wordle_tui.solver.trees import save, shipped_for
from wordle_tui.ui.app import WordleTuiApp

SIZE = (80, 24)
CLASSIC = load_set("classic")


def explorer_app(tmp_path: Path, request: GameRequest | None = None) -> WordleTuiApp:
    request = request or GameRequest("explorer", strategy="optimal")
    return WordleTuiApp(request, history=History(tmp_path / "h.sqlite3"), lists=CLASSIC)


settle = partial(apptest.settle, quiet=2)


def note(screen) -> str:
    return str(screen.query_one("#explore-note").text)


def cursor(screen) -> Branch:
    return screen.query_one(Tree).cursor_node.data


async def type_search(pilot, text: str) -> None:
    """F4, then the text in the box (a long one pasted in at once), then Enter."""
    await pilot.press("f4")
    box = pilot.app.focused
    assert isinstance(box, Input)
    if len(text) > 12:
        box.value = text
    else:
        await pilot.press("ctrl+a", "ctrl+k", *text)
    await pilot.press("enter")
    await pilot.pause()


async def test_it_opens_on_the_tree_and_expands_a_node_lazily(tmp_path) -> None:
    tree = shipped_for("optimal", make_game("wordle", lists=CLASSIC))[0]
    app = explorer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, ExplorerScreen)
        widget = screen.query_one(Tree)
        root = widget.root
        assert root.data.guess == tree.guess and root.data.totals.answers == len(tree_scores(tree))
        first = root.children[0]
        assert not first.children  # not grown until opened
        widget.focus()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert first.is_expanded and first.children
        assert (
            sum(c.data.totals.answers for c in first.children)
            + (first.data.guess in tree_scores(first.data.subtree))
            == first.data.totals.answers
        )
        assert first.data.guess.upper() in note(screen)


async def test_searching_an_answer_selects_its_leaf(tmp_path) -> None:
    game = make_game("wordle", lists=CLASSIC)
    tree = shipped_for("optimal", game)[0]
    app = explorer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await type_search(pilot, "vivid")
        await pilot.pause()
        screen = app.screen
        assert cursor(screen).guess == "vivid"
        rows = path_to(tree, game, "vivid")
        assert screen.rows_to(screen.query_one(Tree).cursor_node) == rows[:-1]
        assert "VIVID is the answer" in note(screen)


async def test_a_position_typed_as_rows_is_found_and_bad_input_is_said(tmp_path) -> None:
    app = explorer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        first = screen.query_one(Tree).root.data.guess
        await type_search(pilot, f"{first} .y..g")
        at = cursor(screen)
        assert at.reply == ".Y..G" and at.totals.answers == 20
        await type_search(pilot, "crane .....")  # the player's own opening: grown from it
        await settle(app, pilot)
        head = str(screen.query_one("#explore-head").render())
        assert head.startswith("Your rows, then neg_entropy: ")
        grown = cursor(screen)
        assert screen.rows_to(screen.query_one(Tree).cursor_node) == [("crane", ".....")]
        crane_left = [w for w in CLASSIC.answers if not set(w) & set("crane")]
        assert grown.totals.answers == len(crane_left) and grown.reply == "....."
        await type_search(pilot, "crane ggggy")  # no answer gets that: said, the tree kept
        await settle(app, pilot)
        assert "no answer" in note(screen) and screen.guess_tree is not None
        await type_search(pilot, "zzzzz")
        assert "not an answer" in note(screen)
        await type_search(pilot, f"{first} .y..g crony")
        assert "no colouring" in note(screen)
        await type_search(pilot, "tree:/nonexistent/t.json.gz")
        await settle(app, pilot)
        assert "t.json.gz" in note(screen) and screen.guess_tree is not None


async def test_a_tree_file_is_browsed(tmp_path) -> None:
    # a tree of the classic lists' game, saved as `solve --out` saves one
    game = make_game("wordle", lists=CLASSIC)
    tree, _ = shipped_for("optimal-hard", game)
    save(tree, game, tmp_path / "hard.json.gz", mode="hard")
    app = explorer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await type_search(pilot, f"tree:{tmp_path / 'hard.json.gz'}")
        await settle(app, pilot)
        screen = app.screen
        assert screen.strategy.startswith("tree:")
        assert screen.query_one(Tree).root.data.totals.total == sum(tree_scores(tree).values())


async def test_choosing_a_greedy_strategy_builds_its_tree(tmp_path) -> None:
    app = explorer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        screen.query_one(Select).value = "max/consistent"
        await settle(app, pilot)
        assert screen.strategy == "max/consistent"
        assert screen.query_one(Tree).root.data.totals.answers == len(CLASSIC.answers)


async def test_the_assistant_opens_the_explorer_at_its_rows(tmp_path) -> None:
    app = WordleTuiApp(
        GameRequest("assistant", prior="uniform"),
        history=History(tmp_path / "h.sqlite3"),
        lists=CLASSIC,
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        first = shipped_for("optimal", make_game("wordle", lists=CLASSIC))[0].guess
        await pilot.press(*first, *".y..g", "enter")
        await settle(app, pilot)
        await pilot.press("f8")
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, ExplorerScreen)
        assert screen.strategy == "optimal"
        assert cursor(screen).reply == ".Y..G" and cursor(screen).totals.answers == 20
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "AssistantScreen"


async def test_the_reports_open_the_explorer_on_their_strategy(tmp_path) -> None:
    app = WordleTuiApp(
        GameRequest("reports"), history=History(tmp_path / "h.sqlite3"), lists=CLASSIC
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        left = app.screen.strategy("a")
        await pilot.press("ctrl+t")
        await settle(app, pilot)
        assert isinstance(app.screen, ExplorerScreen)
        assert app.screen.strategy == left


async def test_help_and_the_search_box_at_80x24(tmp_path) -> None:
    app = explorer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("f4")
        assert isinstance(app.focused, Input)
        await pilot.press("f5")
        assert isinstance(app.focused, Tree)
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"


async def test_served_a_tree_file_is_read_in_the_data_folder_and_never_quoted(
    tmp_path, home, monkeypatch
) -> None:
    monkeypatch.setenv("WORDLE_TUI_SERVED", "1")
    home.mkdir(parents=True, exist_ok=True)
    (home / "mine.json").write_text('{"g": "qzxwv", "b": {"GGGGG": "qzxwv"}}')
    app = explorer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        await type_search(pilot, "tree:mine.json")
        await settle(app, pilot)
        assert "not a tree for these word lists" in note(screen)
        assert "qzxwv" not in note(screen).lower()
        await type_search(pilot, "tree:/etc/passwd")
        await settle(app, pilot)
        assert "data folder" in note(screen)
        assert screen.strategy == "optimal"


async def test_a_click_opens_a_node(tmp_path) -> None:
    app = explorer_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        widget = app.screen.query_one(Tree)
        first = widget.root.children[0]
        assert not first.is_expanded
        await pilot.click("#explore-tree", offset=(12, 2))  # the border, the root, then it
        await pilot.pause()
        assert first.is_expanded and first.children
        assert widget.cursor_node is first


def test_the_strategies_offered_and_the_default_follow_the_lists(tmp_path) -> None:
    from wordle_tui.games.explorer.ui.screen import default_strategy, strategy_options

    classic = make_game("wordle", lists=CLASSIC)
    offered = [value for _, value in strategy_options(classic)]
    assert offered[:2] == ["optimal", "optimal-hard"] and "neg_entropy/norvig" in offered
    assert (default_strategy(classic, False), default_strategy(classic, True)) == (
        "optimal",
        "optimal-hard",
    )
    (tmp_path / "a.txt").write_text("\n".join(CLASSIC.answers[:30]))
    small = make_game("wordle", tmp_path / "a.txt", tmp_path / "a.txt")
    assert "optimal" not in [value for _, value in strategy_options(small)]
    assert default_strategy(small, False) == "neg_entropy/norvig"
    assert default_strategy(small, True) == "neg_entropy/hard"


async def test_play_explorer_hard_opens_the_hard_tree(tmp_path) -> None:
    app = explorer_app(tmp_path, GameRequest("explorer", hard=True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.screen.strategy == "optimal-hard"
        hard = shipped_for("optimal-hard", make_game("wordle", lists=CLASSIC))[0]
        assert app.screen.query_one(Tree).root.data.totals.total == sum(tree_scores(hard).values())
