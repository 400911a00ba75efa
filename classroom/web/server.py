"""Running the web app: uvicorn on one address, and the browser opened on request."""

from __future__ import annotations

import socket
import threading
import webbrowser
from pathlib import Path

from classroom.errors import ClassroomError
from classroom.store.runs import prepare_folder


def serve(host: str, port: int, open_page: bool, library: Path, workers: int,
          allowed_hosts: tuple[str, ...] = (), reveal_seconds: float | None = None) -> None:
    """Serve the page until Ctrl-C (returns then); raise one sentence when the address is taken.
    Prints the teacher's link (a secret new each start) and, served on the network, the
    students' address; `allowed_hosts` are names besides addresses the page answers to; a
    reveal searches for up to `reveal_seconds` (default searches.REVEAL_SECONDS)."""
    from classroom.web.app import create_app
    from classroom.web.connections import serve_until_stopped
    from classroom.web.roles import Access, Hosts

    prepare_folder(library)
    try:
        with socket.create_server((host, port)):  # a taken port is one sentence, not a traceback
            pass
    except OSError as error:
        raise ClassroomError(f"cannot listen on {host}:{port} ({error.strerror or error}); "
                             f"choose another --port") from None
    access = Access()
    shown = network_addresses() if host in ("0.0.0.0", "::", "") else [host]
    base = f"http://{bracketed(shown[0] if shown else '127.0.0.1')}:{port}"
    print(f"Equate Classroom is at {base}/ (library: {library}/). Ctrl-C stops it.", flush=True)
    print(f"Teacher's link: {access.link(base)}", flush=True)
    print("  (keep it to yourself: it opens the keys and the games' controls; it changes each start)", flush=True)
    if not is_loopback(host):
        print(f"Students join at {base}/join (the code is on the projector) and check a sheet at "
              f"the address printed on it.", flush=True)
    if open_page:
        threading.Timer(0.5, webbrowser.open, (access.link(base),)).start()
    hosts = Hosts(frozenset(name.lower() for name in allowed_hosts))
    # slow and half-open clients cannot hold the page, and a stop takes a second (connections.py)
    serve_until_stopped(create_app(library, workers, hosts, access, reveal_seconds), host, port)


def is_loopback(host: str) -> bool:
    """Return whether an address to listen on is this computer's alone."""
    return host == "localhost" or host.startswith("127.") or host == "::1"


def bracketed(address: str) -> str:
    """Return an address as a URL writes it (an IPv6 address in brackets)."""
    return f"[{address}]" if ":" in address else address


def network_addresses() -> list[str]:
    """Return this computer's own IPv4 addresses that other devices may reach (none found: an
    empty list), read from its network interfaces; no packet is sent."""
    found = set()
    try:
        import fcntl
        import struct

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            for _, name in socket.if_nameindex():
                try:  # SIOCGIFADDR: the interface's address (Linux)
                    answer = fcntl.ioctl(probe.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))
                except OSError:
                    continue  # an interface with no IPv4 address
                found.add(socket.inet_ntoa(answer[20:24]))
    except (ImportError, OSError, AttributeError):
        pass  # not Linux: the computer's name, as its resolver knows it, below
    try:
        found.update(info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    except OSError:
        pass
    return sorted(address for address in found if not address.startswith("127."))
