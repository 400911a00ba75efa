"""The page's connections on a class network: no client, slow or half-open, can hold the page.

uvicorn reads a request's head (its request line and headers) with no deadline, and its
`limit_concurrency` counts every open connection, so a hundred connections that never finish
their head made every other request answer 503. Here instead (docs/web.md, "Serving a class:
slow clients"):

- a request's head must arrive whole within HEAD_SECONDS of the connection opening or of the
  previous answer on it, else the connection is closed (CLASSROOM_CONNECTION_SECONDS sets another
  deadline, for this and the next: the tests use a short one to see them work);
- a head is at most MAX_HEAD_BYTES;
- an idle kept-alive connection is closed after IDLE_SECONDS;
- at most `connection_limit()` connections are held; one more closes the connection that has
  waited longest for a head (a flood gives way to the teacher), or itself when every one is busy;
- a stop (Ctrl-C, SIGTERM) waits at most STOP_SECONDS for the requests under way, then
  LEAVE_SECONDS for the threads they were running in (`serve_until_stopped`).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import sys
import threading
import time
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from classroom.machine import seconds_set

HEAD_SECONDS = 5  # a browser sends its head in milliseconds, even on a slow school network
IDLE_SECONDS = 5  # a browser that comes back later opens a new connection at no cost
MAX_HEAD_BYTES = 16 * 1024  # a browser's head with the teacher's cookie is well under 2 KB
MAX_CONNECTIONS = 1000  # a class of 30 devices holds a few dozen at once
OPEN_FILES = 4096  # the open files asked of the system, so that MAX_CONNECTIONS fit (macOS gives 256)
STOP_SECONDS = 1  # then the requests still under way are cancelled
LEAVE_SECONDS = 0.25  # then the process ends, whatever threads those requests left running (2 s in all)


class BoundedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline on each request's head and a limit on the
    connections held at once (`limit` and `head_seconds`, set by `protocol_class`)."""

    limit = MAX_CONNECTIONS
    head_seconds = HEAD_SECONDS
    # The connections awaiting a head, the longest-waiting first: whom a new connection past the
    # limit displaces, found at once however large the flood. One per class of protocol_class.
    awaiting: dict[BoundedH11Protocol, None] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.head_timer: asyncio.TimerHandle | None = None  # set while a head is awaited

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._time_the_head()
        if len(self.connections) > self.limit:
            self._make_room()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._time_the_head()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._time_the_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timing()
        super().connection_lost(exc)

    def awaits_head(self) -> bool:
        """Return whether the connection is open and waiting for (the rest of) a request's head."""
        return self.conn.their_state is h11.IDLE and not self.transport.is_closing()

    def _time_the_head(self) -> None:
        """Start the head's deadline when a head becomes due; stop it once the head is whole.
        Bytes of an unfinished head do not restart it: a byte a second does not hold a connection."""
        if not self.awaits_head():
            self._stop_timing()
        elif self.head_timer is None:
            self.head_timer = self.loop.call_later(self.head_seconds, self._head_too_slow)
            self.awaiting[self] = None

    def _stop_timing(self) -> None:
        """Stop the head's deadline, if one runs."""
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None
            del self.awaiting[self]

    def _head_too_slow(self) -> None:
        self._stop_timing()
        if self.awaits_head():
            self.transport.close()

    def _make_room(self) -> None:
        """Close the connection that has waited longest for a head (a half-open or idle one, never
        one whose request is being answered), or this new one when there is none. It leaves the
        server's count at once, so a burst of new connections displaces one each."""
        oldest = next(iter(self.awaiting), self)  # this one is the newest: the oldest only when alone
        oldest._stop_timing()
        self.connections.discard(oldest)
        oldest.transport.close()


def protocol_class(limit: int, head_seconds: float = HEAD_SECONDS) -> type[BoundedH11Protocol]:
    """Return a protocol class for one server: it holds at most `limit` connections and closes one
    whose head is not whole within `head_seconds`."""
    return type("BoundedH11Protocol", (BoundedH11Protocol,),
                {"limit": limit, "head_seconds": head_seconds, "awaiting": {}})


def connection_limit() -> int:
    """Return how many connections the server may hold: MAX_CONNECTIONS, or half the files this
    process may open when that is fewer (the rest are its own files, pipes and searches). The
    process's limit on open files is first raised towards OPEN_FILES where the system allows."""
    try:
        import resource
    except ImportError:  # Windows: sockets are not counted against a per-process file limit
        return MAX_CONNECTIONS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    wanted = OPEN_FILES if hard == resource.RLIM_INFINITY else min(OPEN_FILES, hard)
    if soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):  # a system that refuses keeps its limit: fewer connections
            pass
    return max(1, min(MAX_CONNECTIONS, soft // 2))


def connection_seconds() -> tuple[float, float]:
    """Return the head's deadline and the idle time-out, in seconds: HEAD_SECONDS and IDLE_SECONDS,
    or CLASSROOM_CONNECTION_SECONDS for both when it is set."""
    return seconds_set("CLASSROOM_CONNECTION_SECONDS", HEAD_SECONDS), seconds_set("CLASSROOM_CONNECTION_SECONDS", IDLE_SECONDS)


def server_settings() -> dict[str, Any]:
    """Return uvicorn's settings for the page's connections: the protocol above, the idle and
    stop time-outs, the head's size (no `limit_concurrency`: the protocol holds the limit)."""
    head_seconds, idle_seconds = connection_seconds()
    return {"http": protocol_class(connection_limit(), head_seconds), "timeout_keep_alive": idle_seconds,
            "h11_max_incomplete_event_size": MAX_HEAD_BYTES, "timeout_graceful_shutdown": STOP_SECONDS}


def serve_until_stopped(app: Any, host: str, port: int) -> None:
    """Serve app with uvicorn and the settings above until Ctrl-C or SIGTERM; return (or end
    the process) within about 2 s of the signal, however long the work under way would take."""
    import uvicorn

    logging.getLogger("uvicorn.error").addFilter(not_about_the_stop)
    uvicorn.run(app, host=host, port=port, log_level="warning", **server_settings())
    leave_unfinished_work(LEAVE_SECONDS)


def not_about_the_stop(record: logging.LogRecord) -> bool:
    """Return False for what uvicorn logs about the requests a stop cancelled (a traceback each,
    and a count): the stop was asked for, and the teacher's terminal shows no traceback."""
    cancelled = record.exc_info is not None and isinstance(record.exc_info[1], asyncio.CancelledError)
    return not (cancelled or "graceful shutdown exceeded" in record.getMessage())


def leave_unfinished_work(seconds: float) -> None:
    """Wait up to `seconds` for the threads that requests cancelled at the stop still run (Python
    cannot stop a thread, and would wait for each before ending); if any is left, end the
    process at once, its child processes first."""
    deadline = time.monotonic() + seconds
    for thread in _threads_left():
        thread.join(max(0.0, deadline - time.monotonic()))
    if _threads_left():
        for child in multiprocessing.active_children():
            child.kill()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


def _threads_left() -> list[threading.Thread]:
    """Return the threads, other than this one, that Python would wait for before ending."""
    return [thread for thread in threading.enumerate()
            if thread is not threading.current_thread() and not thread.daemon and thread.is_alive()]
