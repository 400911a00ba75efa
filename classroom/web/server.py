"""Running the web app: uvicorn on one address, and the browser opened on request."""

from __future__ import annotations

import socket
import threading
import webbrowser
from pathlib import Path

from classroom.errors import ClassroomError
from classroom.store.runs import prepare_folder

MAX_CONNECTIONS = 100


def serve(host: str, port: int, open_page: bool, library: Path, workers: int,
          reveal_seconds: float | None = None) -> None:
    """Serve the page until Ctrl-C (returns then), a reveal searching for up to `reveal_seconds`
    (default searches.REVEAL_SECONDS); raise one sentence when the address is taken."""
    import uvicorn

    from classroom.web.app import create_app

    prepare_folder(library)
    try:
        with socket.create_server((host, port)):  # a taken port is one sentence, not a traceback
            pass
    except OSError as error:
        raise ClassroomError(f"cannot listen on {host}:{port} ({error.strerror or error}); "
                             f"choose another --port") from None
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '') else host}:{port}/"
    print(f"Equate Classroom is at {url} (library: {library}/). Ctrl-C stops it.", flush=True)
    if open_page:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    # limit_concurrency bounds the connections served at once; more get "503 Service Unavailable".
    loopback = host in ("127.0.0.1", "localhost", "::1")
    hosts = ["127.0.0.1", "localhost", "[::1]"] if loopback else None  # another host: any name
    uvicorn.run(create_app(library, workers, hosts, reveal_seconds), host=host, port=port, log_level="warning",
                limit_concurrency=MAX_CONNECTIONS)
