"""The strategy explorer: a guess tree browsed node by node, from any position.

The strategy (a shipped optimal tree, a greedy tree by metric and policy, a tree file typed
as `tree:FILE`) is resolved in a worker (`ExplorerWorker`), which posts the tree back with the
number it was asked as; the handler drops any but the latest. The Textual `Tree` shows the
root and adds a node's branches when it is first expanded. The search box jumps to an answer
(the path expanded, the leaf selected) or to a position typed as rows; what it cannot find is
said in the message line.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Select, Static, Tree
from textual.widgets.tree import TreeNode

from ....errors import WordleTuiError
from ....gameplay.request import GameRequest
from ....paths import named_file
from ....plural import plural
from ....render import branch_label
from ....solver.games import Game, make_game
from ....solver.listsets import WordListSet
from ....solver.reports.model import REPORT_METRICS, REPORT_POLICIES, TREE_STRATEGIES
from ....solver.tree import Node
from ....solver.trees import has_shipped
from ....ui.screens import Host, on_lists
from ....ui.widgets import Footer, Note
from ....ui.worker_errors import WorkFailed
from ..solver.navigate import (
    Branch,
    Row,
    branch,
    children,
    descend,
    parse_search,
    path_to,
)
from ..solver.strategy import POSITION_METRIC
from .workers import ExplorerWorker

GREEDY_DEFAULT = "neg_entropy/norvig"
SEARCH_HINT = "an answer, rows (salet .y..g) or tree:FILE"


def strategy_options(game: Game | None) -> list[tuple[str, str]]:
    """The strategies offered: the shipped trees that fit the lists, then every greedy one."""
    shipped = [n for n in TREE_STRATEGIES if game is not None and has_shipped(n, game)]
    greedy = [f"{m}/{p}" for m in REPORT_METRICS for p in REPORT_POLICIES]
    return [(name, name) for name in (*shipped, *greedy)]


def default_strategy(game: Game | None, hard: bool) -> str:
    """The optimal tree (hard mode's when asked) if shipped for these lists, else a greedy one."""
    name = "optimal-hard" if hard else "optimal"
    if game is not None and has_shipped(name, game):
        return name
    return "neg_entropy/hard" if hard else GREEDY_DEFAULT


class ExplorerScreen(Screen):
    """Browse a strategy's guess tree: expand nodes, jump to an answer or a position."""

    HELP_TOPIC = "explorer"
    AUTO_FOCUS = "#explore-tree"  # the arrows move in the tree at once
    BINDINGS = [
        Binding("f3", "choose_strategy", "Strategy"),
        Binding("f4", "search", "Search"),
        Binding("f5", "focus_tree", "Tree"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(
        self,
        lists: WordListSet | None = None,
        strategy: str | None = None,
        rows: tuple[Row, ...] = (),
        hard: bool = False,
    ) -> None:
        super().__init__()
        self.lists = lists
        self.rows = tuple(rows)  # the position to open at, then the last one jumped to
        self.hard = hard
        self.game: Game | None = self.lists_game()
        self.strategy = strategy or default_strategy(self.game, hard)
        self.guess_tree: Node | str | None = None  # the resolved solver tree
        self.asked = 0  # the number of the latest build asked for
        self.building = False

    def built(self) -> tuple[Node | str, Game] | None:
        """The tree shown and its game, once a tree is built."""
        if self.guess_tree is None or self.game is None:
            return None
        return self.guess_tree, self.game

    def lists_game(self) -> Game | None:
        """The game on the lists, for the strategies offered (None: the worker will say why)."""
        try:
            return make_game("wordle", lists=self.lists)
        except (WordleTuiError, OSError, ValueError):
            return None

    def compose(self) -> ComposeResult:
        options = strategy_options(self.game)
        if self.strategy not in [value for _, value in options]:
            options.append((self.strategy, self.strategy))
        with Horizontal(id="explore-bar"):
            yield Select(options, value=self.strategy, allow_blank=False, id="explore-strategy")
            yield Input(placeholder=SEARCH_HINT, id="explore-search")
        yield Static("", id="explore-head", markup=False)
        yield Tree("…", id="explore-tree")
        yield Note("", id="explore-note")
        yield Footer()
        yield ExplorerWorker()

    def on_mount(self) -> None:
        self.build(self.strategy)

    # Building: the worker resolves, the handler owns the tree

    def build(self, spec: str) -> None:
        """Ask the worker for the tree of `spec`."""
        self.asked += 1
        self.building = True
        self.say(f"Building the {spec} tree…")
        self.query_one(ExplorerWorker).build(self.asked, self.lists, spec, self.rows)

    def on_explorer_worker_built(self, message: ExplorerWorker.Built) -> None:
        if message.asked != self.asked:
            return  # another strategy was asked for since
        self.building = False
        self.game, self.guess_tree = message.game, message.strategy.tree
        self.strategy = message.strategy.name
        top = branch(self.guess_tree)
        figures = top.totals
        shown = f"Your rows, then {POSITION_METRIC}" if message.strategy.note else self.strategy
        self.query_one("#explore-head", Static).update(
            f"{shown}: {plural(figures.answers, 'answer')}, "
            f"{plural(figures.total, 'guess', 'guesses')}, "
            f"{figures.mean:.3f} expected, worst {figures.worst}"
        )
        tree = self.query_one(Tree)
        tree.reset(branch_label(top.guess, None, None, figures), top)
        self.add_branches(tree.root)
        tree.root.expand()
        self.say("Enter or a click opens a node; F4: jump to an answer or to rows.")
        if self.rows:
            self.jump(list(self.rows))
        else:
            tree.move_cursor(tree.root)
        if message.strategy.note:
            self.say(f"{message.strategy.note}: grown from your rows by {POSITION_METRIC}.")

    def on_work_failed(self, message: WorkFailed) -> None:
        """The tree could not be made (a bad file, lists too big): say why, keep the last."""
        message.stop()
        if message.args and message.args[0] != self.asked:
            return
        self.building = False
        self.say(message.text)

    # The tree, grown as it is opened

    def add_branches(self, node: TreeNode) -> None:
        """Give a node its branches, once (a leaf has none)."""
        item = node.data
        if not isinstance(item, Branch) or item.leaf or node.children or self.game is None:
            return
        for child in children(item.subtree, self.game):
            contrast = bool(getattr(self.app, "high_contrast", False))
            label = branch_label(child.guess, child.reply, item.guess, child.totals, contrast)
            node.add(label, child, allow_expand=not child.leaf)

    def on_tree_node_expanded(self, event: Tree.NodeExpanded) -> None:
        self.add_branches(event.node)

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted) -> None:
        """Say the position of the node under the cursor."""
        rows = self.rows_to(event.node)
        item = event.node.data
        if not isinstance(item, Branch):
            return
        where = " ".join(f"{w.upper()} {p}" for w, p in rows) or "the start"
        figures = item.totals
        if item.leaf:
            self.say(f"After {where}: {item.guess.upper()} is the answer.")
        else:
            self.say(
                f"After {where}: {item.guess.upper()}, {plural(figures.answers, 'answer')} left, "
                f"{figures.mean:.2f} guesses expected, worst {figures.worst}."
            )

    def rows_to(self, node: TreeNode) -> list[Row]:
        """The rows that lead to a node: each ancestor's guess with the reply below it."""
        rows: list[Row] = []
        while node.parent is not None:
            parent = node.parent
            if isinstance(node.data, Branch) and isinstance(parent.data, Branch):
                rows.append((parent.data.guess, node.data.reply or ""))
            node = parent
        return rows[::-1]

    # Jumping

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            return
        if text.startswith("tree:"):
            self.open_file(text[5:].strip())
            return
        built = self.built()
        if built is None or self.building:
            self.say("The tree is still being built; try again in a moment.")
            return
        guess_tree, game = built
        try:
            wanted = parse_search(text, game.rules.length)
            rows = wanted if isinstance(wanted, list) else path_to(guess_tree, game, wanted)
        except WordleTuiError as error:
            self.say(str(error))
            return
        if isinstance(wanted, list) and not self.plays(rows):
            self.rows = tuple(rows)  # rows of the player's own: grown from them
            self.build(self.strategy)
            return
        self.jump(rows)

    def plays(self, rows: list[Row]) -> bool:
        """Whether the tree shown plays `rows`."""
        built = self.built()
        if built is None:
            return False
        try:
            descend(*built, rows)
        except WordleTuiError:
            return False
        return True

    def open_file(self, name: str) -> None:
        """Browse a tree file (`solve --out`), checked against the lists; served, only one
        inside the data folder."""
        if not name:
            self.say("Name the tree file after tree:, e.g. tree:normal.json.gz")
            return
        try:
            path = named_file(name, "tree file")
        except WordleTuiError as error:
            self.say(str(error))
            return
        self.rows = ()
        self.build(f"tree:{path}")

    def jump(self, rows: list[Row]) -> None:
        """Expand the path of `rows` and put the cursor on where it leads."""
        built = self.built()
        if built is None:
            self.say("The tree is still being built; try again in a moment.")
            return
        try:
            descend(*built, rows)
        except WordleTuiError as error:
            self.say(str(error))
            return
        self.rows = tuple(rows)
        tree = self.query_one(Tree)
        node = tree.root
        for _, pattern in rows:
            if set(pattern) == {"G"}:  # the answer found
                break
            self.add_branches(node)
            node.expand()
            node = next(c for c in node.children if c.data is not None and c.data.reply == pattern)
        if not rows or set(rows[-1][1]) != {"G"}:  # a position: its branches shown under it
            self.add_branches(node)
            node.expand()
        tree.focus()
        self.call_after_refresh(self.select, node)

    def select(self, node: TreeNode) -> None:
        """Put the cursor on a node, scrolled to the top of the view."""
        tree = self.query_one(Tree)
        tree.get_node_at_line(0)  # lays out the lines the expansions added: `node.line` is set
        tree.move_cursor(node)
        tree.scroll_to(y=max(node.line, 0), animate=False)

    # Keys and choices

    def on_select_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.strategy:
            self.rows = ()
            self.build(event.value)

    def action_search(self) -> None:
        self.query_one("#explore-search", Input).focus()

    def action_focus_tree(self) -> None:
        self.query_one(Tree).focus()

    def action_choose_strategy(self) -> None:
        self.query_one(Select).focus()

    def say(self, text: str) -> None:
        """The message line (plain text: it quotes what was typed)."""
        self.query_one("#explore-note", Note).text = text


def explorer_screen(request: GameRequest, host: Host) -> ExplorerScreen:
    """The strategy explorer, at the request's strategy and position (its catalog entry's
    screen)."""
    lists = on_lists(request, host).lists
    return ExplorerScreen(lists, request.strategy, request.rows, request.hard)
