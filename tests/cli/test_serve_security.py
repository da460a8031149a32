"""The security of `wordle-tui serve` (issue 24): what a web page can and cannot do to a server.

A served app (WORDLE_TUI_SERVED=1) reads and writes only files of its data folder, whatever
the browser types; the server wants its secret, checks the websocket's Origin, keeps to
`--max-sessions`, ends the app of a browser that has gone, and sends nothing from elsewhere.
"""

from __future__ import annotations

import asyncio
import base64
import http.client
import logging
import os
import re
import socket
import struct
import sys
import threading
import time
from functools import partial
from pathlib import Path

import apptest
import pytest
from aiohttp import web
from textual.widgets import Input

from wordle_tui.cli.serve.command import tab_argv
from wordle_tui.cli.serve.server import WordleServer
from wordle_tui.cli.serve.session import clamp_size
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.paths import SERVED_VARIABLE, named_file
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.reports.screen import ReportsScreen

SIZE = (80, 24)
PASSWD = Path("/etc/passwd")


# A served app: only the data folder


@pytest.fixture
def served_app(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The app as `wordle-tui serve` runs it for a tab; its data folder (created)."""
    monkeypatch.setenv(SERVED_VARIABLE, "1")
    home.mkdir(parents=True, exist_ok=True)
    return home


settle = partial(apptest.settle, rounds=60)


async def type_answers(app, pilot, name: str) -> str:
    """Type `name` into the reports screen's answers box; the status and every notice."""
    screen = app.screen
    assert isinstance(screen, ReportsScreen)
    box = screen.query_one("#report-answers", Input)
    box.value = name
    await box.action_submit()
    await settle(app, pilot)
    notices = " ".join(str(n.message) for n in app._notifications)
    return f"{screen.query_one('#report-status').render()} {notices}"


def first_line(path: Path) -> str:
    return path.read_text(errors="replace").splitlines()[0]


async def test_a_served_app_reads_no_file_outside_its_data_folder(
    served_app: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("hunter2 is my password\n")
    (served_app / "link.txt").symlink_to(outside)
    (served_app / "mine.txt").write_text("crane\nslate\n")
    app = WordleTuiApp(GameRequest("reports"), history=History(served_app / "h.sqlite3"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        placeholder = screen.query_one("#report-answers", Input).placeholder
        assert "in the data folder" in placeholder
        for name in (str(PASSWD), str(outside), "../secret.txt", "link.txt", "/proc/self/environ"):
            shown = await type_answers(app, pilot, name)
            assert "reads only files of its data folder" in shown, name
            assert "hunter2" not in shown and "root:" not in shown
            assert screen.answers is None  # the previous lists are kept
        shown = await type_answers(app, pilot, "mine.txt")  # relative: from the data folder
        assert screen.answers == "mine.txt" and screen.game.targets == ("crane", "slate")


async def test_a_served_apps_errors_quote_no_file(served_app: Path) -> None:
    (served_app / "notes.txt").write_text("my bank pin is 1234\n")
    app = WordleTuiApp(GameRequest("reports"), history=History(served_app / "h.sqlite3"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        shown = await type_answers(app, pilot, "notes.txt")
        assert "notes.txt, line 1: not a word of letters a-z" in shown
        assert "bank" not in shown and "1234" not in shown


async def test_a_served_app_exports_into_its_data_folder(
    served_app: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    app = WordleTuiApp(GameRequest("reports"), history=History(served_app / "h.sqlite3"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+e")
        await pilot.pause()
    exported = served_app / "exports" / "wordle-tui-wordle-comparison.md"
    assert "| strategy | consistent |" in exported.read_text()
    assert list(cwd.iterdir()) == []  # nothing written where the server was started


def test_in_a_terminal_a_name_is_taken_as_typed(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SERVED_VARIABLE, raising=False)
    assert named_file(str(PASSWD)) == PASSWD
    assert named_file("answers.txt") == Path("answers.txt")


# The server: a secret, same-origin websockets, a session limit, no stuck app

IDLE = """
import sys
sys.stdout.write("__GANGLION__\\n"); sys.stdout.flush()
stdin = sys.stdin.buffer
while (kind := stdin.read(1)):
    payload = stdin.read(int.from_bytes(stdin.read(4), "big"))
    if kind == b"M" and b'"quit"' in payload:
        break
"""
# An app stuck writing: it floods its output, never reads its input, and ignores SIGTERM.
FLOOD = """
import signal, sys
signal.signal(signal.SIGTERM, signal.SIG_IGN)
out = sys.stdout.buffer
out.write(b"__GANGLION__\\n")
packet = b"D" + (65536).to_bytes(4, "big") + b"x" * 65536
while True:
    out.write(packet); out.flush()
"""
TOKEN = "the-secret-of-this-run-0123456789"
DEADLINE_S = 60


def fake_app(script: str) -> list[str]:
    return [sys.executable, "-c", script]


class Running:
    """A `WordleServer` on a free port of 127.0.0.1, in a thread with its own event loop."""

    def __init__(self, argv: list[str], **options) -> None:
        self.port = free_port()
        options.setdefault("grace", 1.0)
        self.server = WordleServer(argv, host="127.0.0.1", port=self.port, token=TOKEN, **options)
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.failure: BaseException | None = None

    def run(self) -> None:
        self.loop = loop = asyncio.new_event_loop()
        self.stopping = asyncio.Event()
        try:
            loop.run_until_complete(self.main())
        except BaseException as error:  # reported by __enter__/__exit__
            self.failure = error
        finally:
            self.ready.set()
            loop.close()

    async def main(self) -> None:
        runner = web.AppRunner(await self.server._make_app(), shutdown_timeout=10)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", self.port).start()
        self.ready.set()
        try:
            await self.stopping.wait()
        finally:
            await runner.cleanup()

    def __enter__(self) -> Running:
        self.thread.start()
        assert self.ready.wait(DEADLINE_S) and self.failure is None, self.failure
        return self

    def __exit__(self, *exc: object) -> None:
        assert self.loop is not None
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.stopping.set)
        self.thread.join(DEADLINE_S)
        assert not self.thread.is_alive(), "the server did not stop"

    def call(self, function):
        """`function()` run on the server's loop (its state is the loop's alone)."""

        async def run():
            return function()

        assert self.loop is not None
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(DEADLINE_S)

    def pids(self) -> list[int]:
        """The app processes of the sessions open now."""
        sessions = self.call(lambda: list(self.server.sessions))
        return [s.process.pid for s in sessions if s.process is not None]

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def cookie(self) -> str:
        return f"wordle-tui-{self.port}={TOKEN}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(port: int, path: str, **headers: str) -> tuple[int, dict[str, str], str]:
    """An HTTP GET: the status, the headers and the body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE_S)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        body = response.read().decode(errors="replace")
        return response.status, dict(response.getheaders()), body
    finally:
        connection.close()


def upgrade(port: int, path: str = "/ws", **headers: str) -> tuple[int, str, socket.socket]:
    """A websocket handshake as a browser makes it: the status, any body, the open socket."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=DEADLINE_S)
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: 127.0.0.1:{port}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key}",
        "Sec-WebSocket-Version: 13",
        *(f"{name.replace('_', '-')}: {value}" for name, value in headers.items()),
    ]
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        assert chunk, f"the server closed the connection: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split()[1])
    length = re.search(rb"(?i)content-length: *(\d+)", head)
    while status != 101 and length and len(body) < int(length.group(1)):
        body += sock.recv(4096)
    return status, body.decode(errors="replace"), sock


def gone(sock: socket.socket) -> None:
    """The browser vanishes: the connection is reset, no goodbye."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def eventually(condition, what: str) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while not condition():
        assert time.monotonic() < deadline, f"not in {DEADLINE_S} s: {what}"
        time.sleep(0.05)


def test_every_request_needs_the_secret() -> None:
    with Running(fake_app(IDLE)) as running:
        port, cookie = running.port, running.cookie
        for path in ("/", "/?token=wrong", "/static/js/textual.js", "/download/x", "/nothing"):
            status, _, body = get(port, path)
            assert status == 403 and "?token=" in body, path
        assert get(port, "/static/js/textual.js", Cookie=f"wordle-tui-{port}=wrong")[0] == 403
        assert get(port, "/", Cookie=f"wordle-tui-{port + 1}={TOKEN}")[0] == 403  # another's
        status, _, sock = upgrade(port, Origin=running.origin)  # no secret: no game
        sock.close()
        assert status == 403
        status, headers, body = get(port, f"/?token={TOKEN}")
        assert status == 200 and 'id="terminal"' in body
        assert f"wordle-tui-{port}={TOKEN}" in headers["Set-Cookie"]
        assert "HttpOnly" in headers["Set-Cookie"] and "SameSite=Strict" in headers["Set-Cookie"]
        assert headers["Referrer-Policy"] == "no-referrer"
        assert get(port, "/static/js/textual.js", Cookie=cookie)[0] == 200  # the cookie will do
        assert get(port, "/", Cookie=cookie)[0] == 200
        assert running.server.started == 0


def test_a_websocket_from_another_site_is_refused() -> None:
    with Running(fake_app(IDLE)) as running:
        port, cookie = running.port, running.cookie
        for origin in ("http://evil.example", "null", f"http://127.0.0.1:{port + 1}", None):
            headers = {"Cookie": cookie} if origin is None else {"Cookie": cookie, "Origin": origin}
            status, _, sock = upgrade(port, **headers)
            sock.close()
            assert status == 403, origin
        assert running.server.started == 0
        status, _, sock = upgrade(port, Cookie=cookie, Origin=running.origin)
        assert status == 101
        eventually(lambda: running.server.started == 1, "the app started")
        sock.close()


def test_the_logs_show_no_secret(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="aiohttp.access")
    with Running(fake_app(IDLE)) as running:
        port = running.port
        assert get(port, f"/?token={TOKEN}&x=1")[0] == 200
        assert get(port, "/static/js/textual.js", Cookie=running.cookie)[0] == 200
        assert get(port, "/?token=a-guess")[0] == 403

        def logged() -> list[str]:
            return [r.getMessage() for r in caplog.records if r.name == "aiohttp.access"]

        eventually(lambda: len(logged()) >= 3, "three requests logged")
    lines = logged()
    assert not any(TOKEN in line or "a-guess" in line for line in lines), lines
    assert any("token=…&x=1" in line for line in lines), lines


def raw_request(port: int, data: bytes) -> bytes:
    """Send `data` as it is; the response's status line and headers."""
    with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE_S) as sock:
        sock.sendall(data)
        answer = b""
        while b"\r\n\r\n" not in answer and (chunk := sock.recv(4096)):
            answer += chunk
    return answer


def test_a_cookie_of_non_ascii_bytes_is_refused_without_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, logger="aiohttp")
    with Running(fake_app(IDLE)) as running:
        request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: wordle-tui-%d=\xff\xfe\xe9\r\n\r\n"
        answer = raw_request(running.port, request % running.port)
    assert answer.startswith(b"HTTP/1.1 403 "), answer[:80]
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


def test_a_request_line_over_8_kb_is_logged_in_one_line_without_the_secret(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, logger="aiohttp")
    with Running(fake_app(IDLE)) as running:
        line = f"GET /?token={TOKEN}&x={'a' * 9000} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        assert raw_request(running.port, line.encode()).startswith(b"HTTP/1.0 400 ")
        eventually(lambda: any(r.name == "aiohttp.server" for r in caplog.records), "logged")
    logged = [r for r in caplog.records if r.name.startswith("aiohttp")]
    assert not any(r.exc_info for r in logged)
    text = caplog.text
    assert TOKEN not in text and "Traceback" not in text
    assert "refused a bad request (LineTooLong, 400)" in text


def test_the_page_uses_the_host_the_browser_asked_for() -> None:
    with Running(fake_app(IDLE)) as running:
        port = running.port
        path = f"/?token={TOKEN}"
        for host in (f"192.168.1.20:{port}", f"[fe80::1]:{port}", f"play.example:{port}"):
            status, _, body = get(port, path, Host=host)
            assert status == 200 and f'data-session-websocket-url="ws://{host}/ws"' in body
            assert "0.0.0.0" not in body and "127.0.0.1" not in body
        assert get(port, path, Host='evil"><script>')[0] == 400


def test_the_page_loads_nothing_from_another_host() -> None:
    with Running(fake_app(IDLE)) as running:
        port, cookie = running.port, running.cookie
        status, _, page = get(port, f"/?token={TOKEN}")
        assert status == 200
        hosts = set(re.findall(r"(?i)(?:https?:|wss?:)?//([^/\"'\s)<>]+)", page))
        assert hosts == {f"127.0.0.1:{port}"}, hosts  # only the websocket's, this server
        assert "googleapis" not in page and "@import" not in page
        loaded = re.findall(r'(?:href|src)="([^"]+)"|url\("([^"]+)"\)', page)
        for link in {a or b for a, b in loaded}:
            assert link.startswith("/static/"), link
            assert get(port, link, Cookie=cookie)[0] == 200, link  # the fonts are here
        _, _, css = get(port, "/static/css/xterm.css", Cookie=cookie)
        assert not re.search(r"(?i)(url\(|@import)\s*['\"]?(https?:)?//", css)


def test_one_session_too_many_gets_the_busy_page_and_no_process() -> None:
    with Running(fake_app(IDLE), max_sessions=1) as running:
        port, headers = running.port, {"Cookie": running.cookie, "Origin": running.origin}
        status, _, first = upgrade(port, **headers)
        assert status == 101
        eventually(lambda: len(running.pids()) == 1, "the first app started")
        status, _, page = get(port, f"/?token={TOKEN}")
        assert status == 503 and "busy" in page and "1 game is already being played" in page
        status, page, sock = upgrade(port, **headers)
        sock.close()
        assert status == 503 and "busy" in page
        assert running.server.started == 1  # no second process
        [pid] = running.pids()
        gone(first)
        eventually(lambda: not alive(pid) and not running.pids(), "the first session ended")
        status, _, again = upgrade(port, **headers)  # its place is free again
        assert status == 101
        eventually(lambda: running.server.started == 2, "the next app started")
        again.close()


def test_an_app_stuck_writing_is_killed_when_its_browser_goes() -> None:
    with Running(fake_app(FLOOD)) as running:
        status, _, sock = upgrade(
            running.port,
            "/ws?width=5000&height=5000",
            Cookie=running.cookie,
            Origin=running.origin,
        )
        assert status == 101
        eventually(lambda: len(running.pids()) == 1, "the app started")
        [pid] = running.pids()
        # Popen returns once exec has begun, a moment before the new image's environment is
        # in place (it reads empty then): wait for it.
        eventually(lambda: Path(f"/proc/{pid}/environ").read_bytes(), "its environment")
        environment = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        assert b"COLUMNS=400" in environment and b"ROWS=150" in environment  # clamped
        assert b"WORDLE_TUI_SERVED=1" in environment
        assert sock.recv(65536)  # it is sending; now its reader stops, and the pipes fill
        gone(sock)
        eventually(lambda: not alive(pid), "the stuck app was killed")
        eventually(lambda: not running.pids(), "its session was closed")


def test_the_apps_of_a_gone_browser_and_of_a_stopped_server_end(home: Path) -> None:
    argv = tab_argv(str(home))
    with Running(argv) as running:
        headers = {"Cookie": running.cookie, "Origin": running.origin}
        status, _, sock = upgrade(running.port, "/ws?width=80&height=24", **headers)
        assert status == 101
        received = b""
        while len(received) < 2000:  # the home screen, drawn by the real app
            received += sock.recv(65536)
        [pid] = running.pids()
        gone(sock)
        eventually(lambda: not alive(pid), "the app of the gone browser ended")
        eventually(lambda: not running.pids(), "its session was closed")
        status, _, sock = upgrade(running.port, "/ws?width=80&height=24", **headers)
        assert status == 101
        assert sock.recv(65536)  # the next app is drawing
        [pid] = running.pids()
    eventually(lambda: not alive(pid), "stopping the server ended the app")
    sock.close()


def test_sizes_are_clamped() -> None:
    assert clamp_size("5000", "5000") == (400, 150)
    assert clamp_size("-3", "0") == (20, 8)
    assert clamp_size("wide", None) == (80, 24)
    assert clamp_size(120, 40) == (120, 40)
