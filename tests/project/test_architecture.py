"""The layering in ARCHITECTURE.md, enforced: arrows point down, no circles, no huge files.

The import graph is read from the source (every `import`, function-level ones included), so a
cycle cannot hide inside a function. The import-linter contracts in pyproject.toml say the
same for whole packages and run here too (and in CI).
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "wordle_tui"
MAX_LINES = 500
MAX_MODULES = 16  # modules of its own (its __init__ included) a folder may hold
LAUNCHERS = {"wordle_tui.cli.launch"}  # the only modules that may import the app


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """Every module (of this package or outside it) that `name` imports, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[: len(parent) - (node.level - 1)]
                base = ".".join([*parent, base] if base else parent)
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known)
    return found


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def internal(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    return {m: {i for i in targets if i in graph and i != m} for m, targets in graph.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(edges[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_anywhere(graph) -> None:
    edges = internal(graph)
    # A package's __init__ re-exporting its modules is not a cycle of behaviour: drop the
    # arrows from a package to its own submodules.
    for name, targets in edges.items():
        edges[name] = {t for t in targets if not t.startswith(name + ".")}
    assert cycles(edges) == []


def imported_by(graph: dict[str, set[str]], prefix: str, target: str) -> list[str]:
    return sorted(
        m
        for m, targets in graph.items()
        if m.startswith(prefix) and any(t == target or t.startswith(target + ".") for t in targets)
    )


@pytest.mark.parametrize(
    ("layer", "forbidden"),
    [
        ("wordle_tui.solver", "wordle_tui.gameplay"),
        ("wordle_tui.solver", "wordle_tui.ui"),
        ("wordle_tui.solver", "wordle_tui.cli"),
        ("wordle_tui.solver", "wordle_tui.history"),
        ("wordle_tui.solver", "textual"),
        ("wordle_tui.gameplay", "textual"),
        ("wordle_tui.gameplay", "wordle_tui.ui"),
        ("wordle_tui.gameplay", "wordle_tui.cli"),
        ("wordle_tui.history", "textual"),
        ("wordle_tui.ui", "wordle_tui.cli"),
        ("wordle_tui.ui", "typer"),
        ("wordle_tui.solver", "wordle_tui.games"),
        ("wordle_tui.gameplay", "wordle_tui.games"),
        ("wordle_tui.history", "wordle_tui.games"),
    ],
)
def test_arrows_point_down(graph, layer: str, forbidden: str) -> None:
    assert imported_by(graph, layer, forbidden) == []


GAMES = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file())


@pytest.mark.parametrize("game", GAMES)
def test_a_games_floors_point_down(graph, game: str) -> None:
    """Inside a game's folder, as in the package: the engine imports no rules, screen or
    command; the rules no screen or command; the screens no command; no game another."""
    floors = {
        "solver": ("gameplay", "ui", "cli", "history", "textual", "typer"),
        "gameplay": ("ui", "cli", "textual", "typer"),
        "ui": ("cli", "typer"),
    }
    home = f"wordle_tui.games.{game}"
    for floor, above in floors.items():
        for name in above:
            shared = name if name in ("textual", "typer") else f"wordle_tui.{name}"
            assert imported_by(graph, f"{home}.{floor}", shared) == [], (floor, name)
            assert imported_by(graph, f"{home}.{floor}", f"{home}.{name}") == [], (floor, name)
    for other in GAMES:
        if other != game:
            assert imported_by(graph, home, f"wordle_tui.games.{other}") == [], other


def test_the_shared_layers_reach_a_game_only_through_its_registration(graph) -> None:
    """The catalog names a game's round and screen by path (`catalog.Lazy`); only the command
    line's registry imports a game's folder, for its commands."""
    importers = set(imported_by(graph, "wordle_tui", "wordle_tui.games"))
    assert {m for m in importers if not m.startswith("wordle_tui.games")} == {
        "wordle_tui.cli.commands"
    }


def test_only_the_launcher_imports_the_app(graph) -> None:
    importers = set(imported_by(graph, "wordle_tui", "wordle_tui.ui.app")) - {"wordle_tui.ui.app"}
    assert importers <= LAUNCHERS, importers


def test_no_module_is_too_long() -> None:
    long = {
        name: n
        for name, path in modules().items()
        if (n := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert long == {}


def test_import_linter_contracts_hold() -> None:
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint, "import-linter is a test dependency: pip install '.[test]'"
    done = subprocess.run(
        [lint, "--no-cache"],
        cwd=PACKAGE.parent,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def folders() -> dict[Path, list[Path]]:
    """Every package folder, with its own modules (not those of its sub-packages)."""
    return {init.parent: sorted(init.parent.glob("*.py")) for init in PACKAGE.rglob("__init__.py")}


def test_no_folder_holds_too_many_modules() -> None:
    crowded = {
        str(folder.relative_to(PACKAGE.parent)): len(files)
        for folder, files in folders().items()
        if len(files) > MAX_MODULES
    }
    assert crowded == {}


def test_no_three_sibling_modules_share_a_prefix() -> None:
    """A family of `ghost_*` files is a folder waiting to be made."""
    shared = {}
    for folder, files in folders().items():
        stems = [f.stem for f in files if "_" in f.stem and f.stem != "__init__"]
        for prefix in {stem.split("_")[0] for stem in stems}:
            family = [stem for stem in stems if stem.split("_")[0] == prefix]
            if len(family) >= 3:
                shared[str(folder.relative_to(PACKAGE.parent)) + "/" + prefix] = family
    assert shared == {}


def test_every_folder_says_what_it_owns() -> None:
    """Each package's `__init__` opens with a docstring: the map of its folder."""
    silent = [
        str(folder.relative_to(PACKAGE.parent))
        for folder in folders()
        if not ast.get_docstring(ast.parse((folder / "__init__.py").read_text()))
    ]
    assert silent == []
