"""`wordle-tui serve`: the app in a web browser, a process per tab on one shared history.

The end-to-end test drives Debian's Chromium through Playwright (`executable_path`; Playwright's
own browser download is never used). It skips, with the reason, only where Chromium is not
installed and this is not CI; `.ci/run` installs Chromium and sets WORDLE_TUI_CI=1, which turns
a missing browser into a failure. With WORDLE_TUI_SCREENSHOT=PATH it saves its screenshot of the
game there (docs/playing.md's screenshots/browser.png is made this way).
"""

from __future__ import annotations

import base64
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.cli.serve.command import browser_addresses, exposed_warning, is_local, tab_argv
from wordle_tui.history import History, SavedGame

runner = CliRunner()
IN_CI = os.environ.get("WORDLE_TUI_CI") == "1" or os.environ.get("CI") == "true"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# The tile colours of app.tcss: right spot, wrong spot (normal and high-contrast).
TILE_COLOURS = ((0x53, 0x8D, 0x4E), (0xB5, 0x9F, 0x3B), (0xF5, 0x79, 0x3A), (0x85, 0xC0, 0xF9))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


# The command line


def test_only_loopback_addresses_are_local() -> None:
    for host in ("127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]", "127.1", "0x7f.1"):
        assert is_local(host), host
    for host in ("::ffff:127.0.0.1", "[::ffff:127.0.0.1]", "LOCALHOST"):
        assert is_local(host), host
    for host in ("0.0.0.0", "192.168.1.20", "::", "::ffff:192.168.1.20", "example.org", "10.1"):
        assert not is_local(host), host


def test_the_printed_address_holds_the_secret_and_a_usable_host() -> None:
    assert browser_addresses("127.0.0.1", 8000, "s3cret") == ["http://127.0.0.1:8000/?token=s3cret"]
    assert browser_addresses("::1", 8080, "s") == ["http://[::1]:8080/?token=s"]
    local, named = browser_addresses("0.0.0.0", 8000, "s")  # not an address to browse to
    assert local == "http://127.0.0.1:8000/?token=s"
    assert named == f"http://{socket.gethostname()}:8000/?token=s"


def test_each_tab_runs_this_interpreter_on_the_same_data_folder() -> None:
    argv = tab_argv("/tmp/my data", "sgb")  # run without a shell: no quoting to get wrong
    assert argv[0] == sys.executable
    assert argv[1:] == ["-m", "wordle_tui", "--data-dir", "/tmp/my data", "--lists", "sgb"]


class FakeServer:
    """Stands in for the server: records what it was asked to serve."""

    served: list[tuple[str, str, int]] = []
    options: list[dict] = []

    def __init__(self, argv: list[str], *, host: str, port: int, **options) -> None:
        self.args = (shlex.join(argv), host, port)
        self.options = options

    def serve(self) -> None:
        FakeServer.served.append(self.args)
        FakeServer.options.append(self.options)


@pytest.fixture
def fake_server(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, int]]:
    from wordle_tui.cli.serve import server as serve_server

    monkeypatch.setattr(serve_server, "WordleServer", FakeServer)
    FakeServer.served, FakeServer.options = [], []
    return FakeServer.served


def test_serve_passes_the_data_folder_to_every_tab(home: Path, fake_server: list) -> None:
    port = free_port()
    result = runner.invoke(app, ["--data-dir", str(home / "d"), "serve", "--port", str(port)])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    [(command, host, served_port)] = fake_server
    assert (host, served_port) == ("127.0.0.1", port)
    assert f"--data-dir {home / 'd'}" in command and "--lists" not in command
    result = runner.invoke(app, ["--lists", "sgb", "serve", "--port", str(port)])
    assert result.exit_code == 0, result.output
    assert fake_server[-1][0].endswith("--lists sgb")  # the app's word lists, for every tab
    result = runner.invoke(app, ["serve", "--lists", "nope", "--port", str(port)])
    assert result.exit_code == 2 and "no word-list set named 'nope'" in result.output
    assert len(fake_server) == 2
    first, second = FakeServer.options
    assert first["max_sessions"] == 8 and len(first["token"]) >= 32
    assert second["token"] != first["token"]  # a secret per run
    assert first["addresses"] == [f"http://127.0.0.1:{port}/?token={first['token']}"]


def test_max_sessions_is_passed_on_and_checked(home: Path, fake_server: list) -> None:
    port = free_port()
    result = runner.invoke(app, ["serve", "--port", str(port), "--max-sessions", "2"])
    assert result.exit_code == 0, result.output
    assert FakeServer.options[-1]["max_sessions"] == 2
    assert runner.invoke(app, ["serve", "--max-sessions", "0"]).exit_code == 2
    assert len(fake_server) == 1


def test_loopback_in_any_spelling_gets_no_warning(home: Path, fake_server: list) -> None:
    port = free_port()
    for host in ("127.1", "::ffff:127.0.0.1", "localhost"):
        result = runner.invoke(app, ["serve", "--host", host, "--port", str(port)])
        if result.exit_code == 2 and "cannot listen" in result.output:
            continue  # no IPv6 on this machine
        assert result.exit_code == 0, result.output
        assert "warning" not in result.output, host


def test_another_address_needs_host_and_gets_a_warning(home: Path, fake_server: list) -> None:
    port = free_port()
    result = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--port", str(port)])
    assert result.exit_code == 0, result.output
    assert exposed_warning("0.0.0.0", port, str(home)) in result.output
    assert fake_server[0][1] == "0.0.0.0"


def test_a_busy_port_or_unknown_host_is_one_line(home: Path, fake_server: list) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port)])
    assert result.exit_code == 2
    assert f"port {port} is in use" in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["serve", "--host", "no-such-host.invalid"])
    assert result.exit_code == 2 and "not an address of this machine" in result.output
    assert runner.invoke(app, ["serve", "--port", "0"]).exit_code == 2
    assert fake_server == []


# The shared history: every tab is a process of its own, writing to the same file

WRITER = """
import sys
from wordle_tui.history import History, SavedGame
history = History()
for i in range(15):
    saved = SavedGame("wordle", "normal", "hello", [("crane", ".....")], f"{sys.argv[1]}-{i}")
    history.save_progress(saved)
    history.record(saved, "won", 3)
history.close()
print(history.pending_count)
"""


def test_tabs_writing_the_history_at_once_lose_nothing(home: Path) -> None:
    History().close()
    tabs = [
        subprocess.Popen([sys.executable, "-c", WRITER, name], stdout=subprocess.PIPE, text=True)
        for name in ("tab1", "tab2", "tab3")
    ]
    assert [tab.communicate(timeout=120)[0].strip() for tab in tabs] == ["0", "0", "0"]
    history = History()
    stats = history.stats("wordle")
    assert stats.played == 45 and stats.distribution[3] == 45
    assert len({game["started"] for game in history.finished("wordle")}) == 45
    history.close()


# In a real browser


def unavailable(reason: str) -> None:
    """Skip for want of a browser; in CI, where it is installed, fail instead."""
    if IN_CI:
        pytest.fail(reason)
    pytest.skip(reason)


def chromium() -> str:
    """Debian's Chromium, or skip (fail in CI) saying how to get it."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        unavailable("Chromium is not installed (apt-get install chromium); .ci/run installs it")
    return found


def playwright_api():
    """Playwright's sync API (the `test` extra installs it)."""
    try:
        from playwright import sync_api
    except ImportError:
        unavailable("Playwright is not installed: pip install -e '.[test]'")
    return sync_api


@pytest.fixture
def browser_path() -> str:
    """Debian's Chromium (checked before the server is started for it)."""
    return chromium()


@pytest.fixture
def served(browser_path: str, home: Path) -> Iterator[str]:
    """`wordle-tui serve` on a free port, in a process group of its own; its URL."""
    port = free_port()
    script = Path(sys.executable).with_name("wordle-tui")
    start = [str(script)] if script.exists() else [sys.executable, "-m", "wordle_tui"]
    log = (home.parent / "serve.log").open("w")
    server = subprocess.Popen(
        [*start, "--data-dir", str(home), "serve", "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        yield printed_address(server, home.parent / "serve.log", port)
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # the server and every tab's app process
        server.wait(timeout=10)
        log.close()


def printed_address(server: subprocess.Popen, log: Path, port: int) -> str:
    """The address (with its secret) a starting `wordle-tui serve` prints, once it listens."""
    deadline = time.monotonic() + 30
    pattern = rf"serving the app at (http://127\.0\.0\.1:{port}/\?token=[\w-]+)"
    while not (listening(port) and (found := re.search(pattern, log.read_text()))):
        assert server.poll() is None, log.read_text()
        assert time.monotonic() < deadline, "the server did not start in 30 s"
        time.sleep(0.1)
    return found.group(1)


COUNT_TILES = """
async ([png, colours]) => {
  const image = new Image();
  image.src = "data:image/png;base64," + png;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width; canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  let count = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    for (const [r, g, b] of colours) {
      if (Math.abs(pixels[i] - r) < 12 && Math.abs(pixels[i + 1] - g) < 12
          && Math.abs(pixels[i + 2] - b) < 12) { count++; break; }
    }
  }
  return count;
}
"""


def tile_pixels(page) -> int:
    """How many pixels of the page's screenshot have a coloured tile's colour."""
    png = base64.b64encode(page.screenshot()).decode()
    return page.evaluate(COUNT_TILES, [png, [list(c) for c in TILE_COLOURS]])


def wait_for(condition, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the page did not change in time"
        time.sleep(0.25)


def settled(page, unlike: bytes | None = None) -> bytes:
    """A screenshot once the page differs from `unlike` and has stopped changing."""
    shots = [page.screenshot()]

    def still() -> bool:
        time.sleep(0.3)
        shots.append(page.screenshot())
        return shots[-1] == shots[-2] and shots[-1] != unlike

    wait_for(still)
    return shots[-1]


def test_a_wordle_game_in_a_real_browser(browser_path: str, served: str, home: Path) -> None:
    playwright = playwright_api()
    # A round the tabs will resume from the shared history: its answer is HELLO, so the tiles
    # the browser must show are known (LEMON: green E, yellow L and O).
    seeded = History()
    seeded.save_progress(
        SavedGame("wordle", "normal;lists=nyt", "hello", [], "2026-11-01T10:00:00")
    )
    seeded.close()
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=browser_path, args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 1000})
            page.goto(served)
            page.wait_for_selector("body.-first-byte", state="attached", timeout=30_000)
            page.focus(".xterm-helper-textarea")
            home_screen = settled(page)
            page.keyboard.press("Enter")  # the first entry of the home menu: Wordle
            settled(page, unlike=home_screen)
            before = tile_pixels(page)
            for word in ("crane", "lemon"):
                page.keyboard.type(word)
                page.keyboard.press("Enter")
            wait_for(lambda: tile_pixels(page) > before + 5000)
            settled(page)
            if os.environ.get("WORDLE_TUI_SCREENSHOT"):
                page.screenshot(path=os.environ["WORDLE_TUI_SCREENSHOT"])
        finally:
            browser.close()
    history = History()
    played = history.in_progress("wordle")
    history.close()
    assert played is not None and played.target == "hello"
    assert played.moves == [("crane", "....Y"), ("lemon", "YG.Y.")]  # typed in the browser
