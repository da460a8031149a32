"""`wordle-tui serve`: the app in a web browser, one app process per browser tab (textual-serve).

Each tab runs `python -m wordle_tui --data-dir DIR` (the same interpreter, the same data
folder and word lists as this command), so every tab plays on the one shared history, which
is safe with several writers at once. Localhost only, unless `--host` names another address.
The server (`server`) opens only to the address it prints, which holds a secret made
for this run, and runs at most `--max-sessions` apps at once.
"""

from __future__ import annotations

import errno
import ipaddress
import secrets
import socket
import sys
from typing import Annotated

import typer

from ...paths import data_dir
from ..common import err, fail, word_lists

HostOpt = Annotated[
    str,
    typer.Option(
        metavar="ADDRESS",
        help="The address to listen on; anything but localhost lets others on the network play.",
    ),
]
PortOpt = Annotated[int, typer.Option(min=1, max=65535, help="The port to listen on.")]
ServeListsOpt = Annotated[
    str | None,
    typer.Option("--lists", metavar="NAME", help="The word-list set every tab plays with."),
]
MaxSessionsOpt = Annotated[
    int,
    typer.Option(
        "--max-sessions",
        min=1,
        max=1000,
        metavar="N",
        help="At most N games at once (a process each); one more tab is told the server is busy.",
    ),
]
LOCAL_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback")
WILDCARDS = ("0.0.0.0", "::", "")


def serve(
    host: HostOpt = "127.0.0.1",
    port: PortOpt = 8000,
    lists: ServeListsOpt = None,
    max_sessions: MaxSessionsOpt = 8,
) -> None:
    """Serve the app to web browsers: each tab plays its own app on the shared history."""
    chosen = word_lists(lists)  # an unknown or damaged set is refused before serving
    folder = data_dir()
    check_port_free(host, port)
    if not is_local(host):
        err.print(exposed_warning(host, port, str(folder)), markup=False, soft_wrap=True)
    try:
        from .server import WordleServer
    except ImportError:
        fail("serving needs the textual-serve package: pip install textual-serve")
    argv = tab_argv(str(folder), None if chosen is None else chosen.name)
    token = secrets.token_urlsafe(24)
    addresses = browser_addresses(host, port, token)
    server = WordleServer(
        argv, host=host, port=port, token=token, addresses=addresses, max_sessions=max_sessions
    )
    server.serve()


def tab_argv(folder: str, lists: str | None = None) -> list[str]:
    """What each browser tab runs (no shell between): this interpreter, this data folder."""
    words = [sys.executable, "-m", "wordle_tui", "--data-dir", folder]
    if lists is not None:
        words += ["--lists", lists]
    return words


def literal_address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address `host` spells, in any form the system accepts (127.1 too), or None."""
    name = host.strip().strip("[]")
    try:
        return ipaddress.ip_address(name.partition("%")[0])
    except ValueError:
        pass
    try:  # the forms inet_aton also takes: 127.1, 0x7f.1, 2130706433
        return ipaddress.IPv4Address(socket.inet_aton(name))
    except (OSError, ValueError):
        return None


def loopback(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether an address is this machine's own (::ffff:127.0.0.1 is 127.0.0.1)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback


def is_local(host: str) -> bool:
    """Whether `host` is a loopback address, reachable from this machine only.

    A name counts as local when every address it resolves to is a loopback one (the server
    listens on all of them).
    """
    if host.strip().lower() in LOCAL_NAMES:
        return True
    address = literal_address(host)
    if address is not None:
        return loopback(address)
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return False
    found = [literal_address(str(info[4][0])) for info in infos]
    return bool(found) and all(a is not None and loopback(a) for a in found)


def browser_addresses(host: str, port: int, token: str) -> list[str]:
    """The addresses to open, each with this run's secret: a wildcard host (0.0.0.0, ::) is
    this machine's loopback, and for other machines its name."""
    names = [host]
    if host.strip().strip("[]") in WILDCARDS:
        names = ["127.0.0.1", socket.gethostname()]
    shown = [f"[{name.strip('[]')}]" if ":" in name else name for name in names]
    return [f"http://{name}:{port}/?token={token}" for name in shown]


def exposed_warning(host: str, port: int, folder: str) -> str:
    """The warning printed when the server listens on more than this machine."""
    return (
        f"wordle-tui: warning: serving on {host}:{port}, not localhost: anyone who has the "
        "address printed below (it holds this run's secret) can play, and see the game "
        f"history kept in {folder}; the connection is not encrypted."
    )


def check_port_free(host: str, port: int) -> None:
    """Refuse, with one line, an address that cannot be listened on before starting."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        fail(f"--host {host!r} is not an address of this machine")
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                fail(f"port {port} is in use on {host}; choose another with --port")
            fail(f"cannot listen on {host}:{port}: {error.strerror or error}")
