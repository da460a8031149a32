"""`wordle-tui serve`: the app in a web browser, one app process per browser tab (textual-serve).

Each tab runs `python -m wordle_tui --data-dir DIR` (the same interpreter, the same data
folder and word lists as this command), so every tab plays on the one shared history, which
is safe with several writers at once. Localhost only, unless `--host` names another address.
"""

from __future__ import annotations

import errno
import ipaddress
import shlex
import socket
import sys
from typing import Annotated

import typer

from ..paths import data_dir
from .common import err, fail, word_lists

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
LOCAL_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")


def serve(host: HostOpt = "127.0.0.1", port: PortOpt = 8000, lists: ServeListsOpt = None) -> None:
    """Serve the app to web browsers: each tab plays its own app on the shared history."""
    chosen = word_lists(lists)  # an unknown or damaged set is refused before serving
    folder = data_dir()
    check_port_free(host, port)
    if not is_local(host):
        err.print(exposed_warning(host, port, str(folder)), markup=False, soft_wrap=True)
    try:
        from textual_serve.server import Server
    except ImportError:
        fail("serving needs the textual-serve package: pip install textual-serve")
    command = tab_command(str(folder), None if lists is None else chosen.name)
    Server(command, host=host, port=port, title="wordle-tui").serve()


def tab_command(folder: str, lists: str | None = None) -> str:
    """The shell command each browser tab runs: this interpreter, this data folder."""
    words = [sys.executable, "-m", "wordle_tui", "--data-dir", folder]
    if lists is not None:
        words += ["--lists", lists]
    return shlex.join(words)


def is_local(host: str) -> bool:
    """Whether `host` is a loopback address, reachable from this machine only."""
    if host.lower() in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def exposed_warning(host: str, port: int, folder: str) -> str:
    """The warning printed when the server listens on more than this machine."""
    return (
        f"wordle-tui: warning: serving on {host}:{port}, not localhost: anyone who can reach "
        f"this port can play, and read the game history kept in {folder}."
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
