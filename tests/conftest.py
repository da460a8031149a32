"""Shared fixtures: every test runs with its data and cache in a temporary folder."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from wordle_tui.solver import make_game

if TYPE_CHECKING:
    from textual.app import App

# Tests that compile the Mastermind search's Numba kernel: one worker runs them all, so the
# kernel compiles once per run (about 15 s of CPU), not once per worker, and no two processes
# write its cache at once (Numba's cache written by two at a time can be left torn: a process
# that loads it then crashes, numba/numba#4807). A file missing here compiles it in another
# worker: `NUMBA_CACHE_DIR=$(mktemp -d) pytest FILE` and a look in that folder tell.
NUMBA_KERNEL_FILES = {
    "test_cli_mastermind.py",
    "test_mastermind_reports.py",
    "test_mastermind_solver.py",
    "test_mastermind_state.py",
    "test_mastermind_symmetry.py",
}


class _SharedParseCache:
    """Textual's parse cache of one stylesheet, shared by every app a test process starts:
    each app parses the same CSS again (0.09 s of CPU a start, a sixth of an app's start),
    and a stylesheet already reuses what it parsed; the key adds the CSS variables."""

    parsed: dict[tuple, object] = {}

    def __init__(self, stylesheet: Any) -> None:
        self.stylesheet = stylesheet

    def _key(self, key: tuple) -> tuple:
        return (tuple(sorted(self.stylesheet._variables.items())), key)

    def __getitem__(self, key: tuple) -> object:
        return self.parsed[self._key(key)]

    def __setitem__(self, key: tuple, rules: object) -> None:
        self.parsed[self._key(key)] = rules

    def clear(self) -> None:
        """New variables (a theme): nothing to forget, the key holds them."""


def _share_css_parsing() -> None:
    from textual.css.stylesheet import Stylesheet

    real = Stylesheet.__init__

    def init(self: Stylesheet, *args: Any, **kwargs: Any) -> None:
        real(self, *args, **kwargs)
        self._parse_cache = _SharedParseCache(self)  # type: ignore[assignment]

    Stylesheet.__init__ = init  # type: ignore[method-assign]


_share_css_parsing()


class _Painting:
    """Whether the test running now draws every frame its app shows (see `paint_on_demand`)."""

    every_frame = True


def _paint_on_demand() -> None:
    from textual._compositor import Compositor
    from textual.app import App
    from textual.screen import Screen

    real = Screen._compositor_refresh

    def refresh(self: Screen) -> None:
        app = self.app
        if _Painting.every_frame or not app.is_headless or app.is_inline or self is not app.screen:
            real(self)
            return
        self._dirty_widgets.clear()
        self._compositor._dirty_regions.clear()
        app._update_mouse_over(self)

    Screen._compositor_refresh = refresh  # type: ignore[method-assign]

    real_at = Compositor.get_widget_and_offset_at

    def widget_and_offset_at(self: Compositor, x: int, y: int) -> Any:
        if not _Painting.every_frame:
            self.get_style_at(x, y)  # draw the line clicked, as a frame shown would have
        return real_at(self, x, y)

    Compositor.get_widget_and_offset_at = widget_and_offset_at  # type: ignore[method-assign]
    App.run_test = _painting_the_last_frame(App.run_test)  # type: ignore[method-assign]


def _painting_the_last_frame(run_test: Any) -> Any:
    """`App.run_test` that draws the screen in full when the test's steps are done, so a
    screen that cannot be drawn still fails the test that left it there."""

    @asynccontextmanager
    async def wrapped(app: App, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        async with run_test(app, *args, **kwargs) as pilot:
            yield pilot
            if app._running and not app._closed and app.screen_stack:
                compositor = app.screen._compositor
                compositor.render_update(full=True, screen_stack=app._background_screens)

    return wrapped


_paint_on_demand()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: two workers per core (at most four more than the cores). Screen tests spend
    much of their time waiting for the app to go idle, so a core can serve two of them."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cores = cores or 1
    return min(2 * cores, cores + 4)


@pytest.hookimpl(tryfirst=True)  # before xdist starts its workers
def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the Wordle search's loops once, here, before the workers start: they are used by
    tests on every worker and by the commands those tests run, and Numba's cache written by
    several processes at once can be left torn (numba/numba#4807), crashing a process that
    loads it. After this they only read it. (About 3 s the first time, 0.5 s after.)"""
    if hasattr(session.config, "workerinput"):  # an xdist worker: the controller did it
        return
    from wordle_tui.solver.search.rows import warm

    warm()


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups (it names each item by them)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Keep the tests that compile the Numba kernel on one worker (with `--dist loadgroup`)."""
    for item in items:
        if item.path.name in NUMBA_KERNEL_FILES:
            item.add_marker(pytest.mark.xdist_group("numba"))


@pytest.fixture(autouse=True)
def paint_on_demand(request: pytest.FixtureRequest):
    """A headless app draws its screen when a test reads it (a screenshot, a widget's lines, a
    click's style) and once when the test's steps are done, not after every change: drawing
    frames nobody sees was a sixth of the screen tests' CPU. Tests marked `paints` (the random
    keys, which hunt for a screen that cannot be drawn) draw every frame, as a terminal does."""
    _Painting.every_frame = request.node.get_closest_marker("paints") is not None
    yield
    _Painting.every_frame = True


@pytest.fixture(autouse=True, scope="session")
def temporary_home(tmp_path_factory: pytest.TempPathFactory):
    """Point WORDLE_TUI_HOME at a temporary folder for the whole run."""
    home = tmp_path_factory.mktemp("wordle-tui-home")
    patcher = pytest.MonkeyPatch()
    patcher.setenv("WORDLE_TUI_HOME", str(home))
    yield home
    patcher.undo()


@pytest.fixture(autouse=True)
def no_shipped_results(monkeypatch: pytest.MonkeyPatch) -> None:
    """Strategies are computed in tests, not read from the results shipped for the bundled
    lists (`scripts/shipped_caches.py`): tests watch the computing, and a test that reads
    them would answer the same whatever the solver did. `tests/project/test_shipped_reports.py`
    checks the shipped results, and reads them."""
    from wordle_tui.solver import cache

    real = cache.shipped_cache

    def shipped(name: str) -> bytes | None:
        return None if name.startswith("result-") else real(name)

    monkeypatch.setattr(cache, "shipped_cache", shipped)


@pytest.fixture(autouse=True)
def matrices_kept_in_memory():
    """A test that clears the reply matrices held in memory (to exercise the disk cache) gives
    the ones held before it back to the tests after it, which would otherwise compute them
    again (the NYT lists' matrix: about 9 s of CPU)."""
    from wordle_tui.solver import matrix

    held, columns = dict(matrix._in_memory), dict(matrix._columns)
    yield
    for kept, before in ((matrix._in_memory, held), (matrix._columns, columns)):
        for key, value in before.items():
            kept.setdefault(key, value)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of this test's own (not yet created), for tests that look inside it."""
    folder = tmp_path / "home"
    monkeypatch.setenv("WORDLE_TUI_HOME", str(folder))
    return folder


@pytest.fixture(scope="session")
def wordle():
    """Wordle on the bundled lists (2,309 targets, 12,972 guesses)."""
    return make_game("wordle")


@pytest.fixture(scope="session")
def jotto():
    """Jotto on the 1,391-word list derived from the Wordle answers."""
    return make_game("jotto")
