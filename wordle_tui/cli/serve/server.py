"""The web server of `wordle-tui serve`: textual-serve's, opened only to whoever has its address.

Any page a browser visits could reach a server on localhost; textual-serve's accepts anyone.
This one (issue 24):

- wants the secret of this run (`secrets.token_urlsafe`), given in the address it prints
  (`/?token=...`, as Jupyter does); the page sets a cookie holding it (HttpOnly, SameSite
  Strict, named after the port), which carries it to the static files, the websocket and the
  downloads. Any request with neither is refused (403), as is a wrong one;
- takes a websocket only from a page of its own: the `Origin` must name the host the browser
  asked for (403 otherwise);
- points the page's websocket at that host (the Host header), so `--host 0.0.0.0` works from
  other machines, and sends nothing from another host (the font is textual-serve's own file);
- runs at most `max_sessions` apps: one more tab gets the busy page (503), and no process;
- ends the app of a tab whose browser has gone, however stuck (`session.TabSession`);
- logs no secret: aiohttp's access log shows `token=…`, and tracebacks show no local values;
  a request the parser refuses (a line over 8 kB) is logged in one line, without its text.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import re
import shlex
import sys
import traceback
from html import escape
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError
from textual_serve.app_service import AppService
from textual_serve.server import Server

from .session import TabSession, clamp, clamp_size

PAGES = Path(__file__).parent
PAGE = "page.html"
TITLE = "wordle-tui"
NAME = r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}[A-Za-z0-9])?"  # a host name or IPv4 address
HOST = re.compile(rf"(?:{NAME}|\[[0-9A-Fa-f:.]+\])(?::\d{{1,5}})?")  # with [IPv6], and :port
HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "Cache-Control": "no-store",
}
FORBIDDEN = (
    "This wordle-tui server opens only to the address it printed when it started "
    "(the one ending in ?token=…). Copy that whole address into the address bar."
)
WRONG_ORIGIN = "Only a page of this server may start a game on it."
SECRET = re.compile(r"(token=|wordle-tui-\d+=)[^&;\s\"']+")
LOGGERS = ("aiohttp.access", "aiohttp.server", "aiohttp.web", "aiohttp.websocket")


class HideSecrets(logging.Filter):
    """Blank every secret (`token=...`, the cookie's value) out of a log record.

    A request the parser refuses (a request line over 8 kB, a bad header) is one line naming
    the refusal, no traceback: its error quotes the request line, the secret in it. Any other
    traceback is logged as text with every secret blanked.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            message = f"{message}: refused a bad request ({type(error).__name__}, {error.code})"
        elif error is not None:
            message = f"{message}\n{''.join(traceback.format_exception(error)).rstrip()}"
        hidden = SECRET.sub(r"\1…", message)
        if hidden != record.msg or record.args or error is not None:
            record.msg, record.args = hidden, ()
            record.exc_info, record.exc_text = None, None
        return True


def hide_secrets() -> None:
    """Put `HideSecrets` on every aiohttp logger that can print a request (once)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, HideSecrets) for f in logger.filters):
            logger.addFilter(HideSecrets())


def page(title: str, text: str, status: int) -> web.Response:
    """A small HTML page saying one thing (a refusal, or that the server is busy)."""
    body = (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f'<meta name="referrer" content="no-referrer"><title>{escape(title)}</title></head>'
        '<body style="background:#121213;color:#f8f8f8;font-family:monospace;padding:2em">'
        f"<h1>{escape(title)}</h1><p>{escape(text)}</p></body></html>"
    )
    return web.Response(text=body, status=status, content_type="text/html", headers=HEADERS)


def busy_page(limit: int) -> web.Response:
    """The page a tab gets when `limit` games are already being played (503)."""
    games = "1 game is" if limit == 1 else f"{limit} games are"
    text = (
        f"{games} already being played on this server, as many as it runs at once "
        "(wordle-tui serve --max-sessions). Try again when one ends."
    )
    return page("wordle-tui is busy", text, 503)


class WordleServer(Server):
    """textual-serve's server, guarded: a secret, same-origin websockets, a session limit."""

    def __init__(
        self,
        argv: list[str],
        *,
        host: str,
        port: int,
        token: str,
        addresses: list[str] | None = None,
        max_sessions: int = 8,
        grace: float = 3.0,
    ) -> None:
        super().__init__(shlex.join(argv), host=host, port=port, title=TITLE)
        self.argv = argv
        self.token = token
        self.addresses = addresses or []
        self.max_sessions = max_sessions
        self.grace = grace
        self.cookie = f"wordle-tui-{port}"  # cookies ignore ports: one per server
        self.sessions: dict[TabSession, web.WebSocketResponse] = {}
        self.started = 0  # app processes started, ever

    def initialize_logging(self) -> None:
        """textual-serve's logging, with no local values (a secret among them) in tracebacks."""
        super().initialize_logging()
        for handler in logging.getLogger().handlers:
            if hasattr(handler, "tracebacks_show_locals"):
                handler.tracebacks_show_locals = False

    async def _make_app(self) -> web.Application:
        """The aiohttp application: the page, the websocket, downloads and static files."""
        hide_secrets()
        app = web.Application(middlewares=[self.guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(PAGES), autoescape=True)
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
            ]
        )
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    # Who may come in

    def has_secret(self, request: web.Request) -> bool:
        """Whether the request carries this run's secret (in its address or its cookie)."""
        expected = self.token.encode()
        given = [request.query.get("token"), request.cookies.get(self.cookie)]
        return any(  # a cookie of non-ASCII bytes arrives as surrogates: compared, not refused
            value is not None
            and hmac.compare_digest(value.encode("utf-8", "surrogatepass"), expected)
            for value in given
        )

    @web.middleware
    async def guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Refuse (403) every request without the secret, before anything else is done."""
        if not self.has_secret(request):
            return page("wordle-tui: forbidden", FORBIDDEN, 403)
        return await handler(request)

    def asked_host(self, request: web.Request) -> str:
        """The host (and port) the browser asked for, checked: it goes into the page."""
        host = request.host
        if not HOST.fullmatch(host):
            raise web.HTTPBadRequest(text="wordle-tui: the Host header is not a host name")
        return host

    def same_origin(self, request: web.Request) -> bool:
        """Whether a websocket comes from a page of this server: its Origin names our host."""
        scheme, _, rest = request.headers.get("Origin", "").partition("://")
        return scheme.lower() in ("http", "https") and rest.lower() == request.host.lower()

    def busy(self) -> bool:
        return len(self.sessions) >= self.max_sessions

    # The page and the websocket

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page (its websocket at the host asked for); it leaves the secret in a cookie."""
        host = self.asked_host(request)
        if self.busy():
            return busy_page(self.max_sessions)
        font_size = clamp(request.query.get("fontsize"), (8, 40), 16)
        scheme = "wss" if request.secure else "ws"
        context = {
            "title": self.title,
            "static_url": "/static/",
            "websocket_url": f"{scheme}://{host}/ws",
            "font_size": font_size,
        }
        response = aiohttp_jinja2.render_template(PAGE, request, context)
        response.headers.update(HEADERS)
        response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict", path="/")
        return response

    # textual-serve's signature names a websocket only; aiohttp takes any response (a refusal)
    async def handle_websocket(  # type: ignore[override]
        self, request: web.Request
    ) -> web.StreamResponse:
        """A tab's game: refused from another site (403) or beyond the limit (503)."""
        if not self.same_origin(request):
            return page("wordle-tui: forbidden", WRONG_ORIGIN, 403)
        if self.busy():
            return busy_page(self.max_sessions)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=2**20)
        if not websocket.can_prepare(request).ok:
            return page("wordle-tui", "This address is for the game's own page.", 400)
        session = TabSession(
            self.argv,
            grace=self.grace,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
        )
        self.sessions[session] = websocket  # counted before any await: no race past the limit
        try:
            await websocket.prepare(request)
            size = clamp_size(request.query.get("width"), request.query.get("height"))
            await session.start(*size)
            self.started += 1
            await self._process_messages(websocket, session)
        except Exception as error:  # a fault in one tab must not stop the server
            print(f"wordle-tui: a tab's session failed: {error!r}", file=sys.stderr)
        finally:
            await asyncio.shield(self.end(session))
        return websocket

    async def end(self, session: TabSession) -> None:
        """End a tab's session: its app (killed if it will not quit), then its websocket."""
        try:
            await session.stop()
        finally:
            websocket = self.sessions.pop(session, None)
            if websocket is not None:
                with contextlib.suppress(Exception):
                    await websocket.close()

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """Pass the browser's keys, sizes (clamped) and pings on; ignore anything malformed."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                size = clamp_size(data.get("width"), data.get("height"))
                await app_service.set_terminal_size(*size)
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    # Starting and stopping

    async def on_startup(self, app: web.Application) -> None:
        """Say where to play (the address with the secret) and how to stop."""
        lines = [f"wordle-tui: serving the app at {address}" for address in self.addresses]
        lines.append("Open that address in a browser (it holds this run's secret); Ctrl+C stops.")
        print("\n".join(lines), flush=True)

    async def on_shutdown(self, app: web.Application) -> None:
        """Stopping: kill every tab's app and close its websocket."""
        for session, websocket in list(self.sessions.items()):
            session.kill()
            with contextlib.suppress(Exception):
                await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"server stopped")
