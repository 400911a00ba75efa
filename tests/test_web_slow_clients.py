"""Slow and half-open clients cannot hold the page (classroom/web/connections.py): against a
real `classroom serve`, a hundred connections that never finish their request leave the page
answering, slow heads and idle connections are closed, and Ctrl-C stops the server at once."""

from __future__ import annotations

import asyncio
import http.client
import resource
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from contextlib import ExitStack, contextmanager
from urllib.parse import urlsplit

import pytest
import uvicorn

from classroom.web.connections import MAX_HEAD_BYTES, protocol_class, server_settings
from tests.test_web_serve import START_UP, Browser, free_port, serving

HALF_HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1"  # a request whose head never ends
SLOW_HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: " + b"slow" * 50  # sent a byte a STEP
GET = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"  # a whole request
LONG = 600  # a head deadline that cannot be what closes a connection in a test of the limit
NOTICE = 2  # seconds the test may take to notice a close on a busy machine (a wait, not a measure)
STEP = 0.2  # seconds between two bytes of a slow head: slower than any browser, many within a deadline
QUICK = 1  # seconds: the head's deadline and idle time-out of the server that times them (5 by default)


def port_of(url: str) -> int:
    return urlsplit(url).port


@contextmanager
def connections(port: int, count: int, first: bytes):
    """Yield `count` open connections to the port that have each sent `first`; close them all."""
    with ExitStack() as stack:
        held = []
        for _ in range(count):
            held.append(stack.enter_context(socket.create_connection(("127.0.0.1", port), timeout=START_UP)))
            held[-1].sendall(first)
        yield held


def closed_by_server(connection: socket.socket, wait: float = 0.0) -> bool:
    """Return whether the server has closed the connection (waiting up to `wait` seconds); any
    bytes it sent first (an answer) are read and dropped."""
    deadline = time.monotonic() + wait
    while True:
        readable, _, _ = select.select([connection], [], [], max(0.0, deadline - time.monotonic()))
        if not readable:
            return False
        try:
            if connection.recv(65536) == b"":
                return True
        except ConnectionResetError:
            return True


def trickle(connection: socket.socket, head: bytes, sent: int) -> bool:
    """Send the head's next byte; return False when the server has closed the connection."""
    try:
        connection.sendall(head[sent:sent + 1])
        return True
    except (BrokenPipeError, ConnectionResetError):
        return False


def timed_get(url: str) -> tuple[float, int]:
    """Return the seconds a GET of url took and its status."""
    began = time.perf_counter()
    with urllib.request.urlopen(url, timeout=START_UP) as answer:
        answer.read()
        return time.perf_counter() - began, answer.status


def timed_teacher_page(teacher: Browser) -> tuple[float, str]:
    """Return the seconds the teacher's browser took to get the Make page (`/`), and its text."""
    began = time.perf_counter()
    page = teacher.get("/")
    return time.perf_counter() - began, page


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A `classroom serve` shared by the tests that do not stop it."""
    with serving(tmp_path_factory.mktemp("slow")) as server:
        yield server


@pytest.fixture
def quick_server(tmp_path):
    """A `classroom serve` whose head deadline and idle time-out are QUICK seconds (not the
    default 5, so that a test waits for them a second)."""
    with serving(tmp_path, env={"CLASSROOM_CONNECTION_SECONDS": str(QUICK)}) as server:
        yield server


def test_the_teachers_page_answers_within_a_second_while_a_hundred_half_open_connections_are_held(server):
    """With 100 connections whose head never ends and 3 clients sending theirs a byte a STEP,
    the teacher's page answers the teacher's browser within 1 s (the issue's bound; it takes a few
    milliseconds), and the 100 are still open then: it answered beside them, not after them."""
    teacher = server.signed_in()
    port = port_of(server.url)
    with connections(port, 100, HALF_HEAD) as half_open, connections(port, 3, SLOW_HEAD[:1]) as slow:
        for sent in (1, 2):
            time.sleep(STEP)
            assert all(trickle(connection, SLOW_HEAD, sent) for connection in slow)
        seconds, page = timed_teacher_page(teacher)
        assert "Boardless Activity" in page and seconds < 1.0
        assert not any(closed_by_server(connection) for connection in half_open + slow)


def test_a_slow_head_a_half_open_one_and_an_idle_connection_are_closed_by_the_server(quick_server):
    """A head sent a byte a STEP and one never finished are closed within the head's deadline (and
    the time to notice); a connection idle after its answer within the idle time-out; the page
    answers on. Both are QUICK seconds here (CLASSROOM_CONNECTION_SECONDS), not the default 5."""
    server = quick_server
    port = port_of(server.url)
    idle = http.client.HTTPConnection("127.0.0.1", port, timeout=START_UP)
    idle.request("GET", "/")  # without the teacher's cookie: the sign-in page, a whole answer
    assert idle.getresponse().read() and idle.sock is not None  # kept alive for the next request
    began = time.monotonic()
    with connections(port, 1, HALF_HEAD) as (half_open,), connections(port, 1, SLOW_HEAD[:1]) as (slow,):
        open_for = {}
        for sent in range(1, round((QUICK + NOTICE) / STEP) + 1):  # a byte a STEP, never the whole head
            for name, connection in (("half-open", half_open), ("slow", slow), ("idle", idle.sock)):
                if name not in open_for and closed_by_server(connection):
                    open_for[name] = time.monotonic() - began
            if "slow" not in open_for and not trickle(slow, SLOW_HEAD, sent):
                open_for["slow"] = time.monotonic() - began
            if len(open_for) == 3:
                break
            time.sleep(STEP)
    idle.close()
    assert open_for.keys() == {"half-open", "slow", "idle"}, open_for
    assert open_for["half-open"] < QUICK + NOTICE and open_for["slow"] < QUICK + NOTICE
    assert open_for["idle"] < QUICK + NOTICE
    assert "Boardless Activity" in server.signed_in().get("/")


def test_a_head_larger_than_the_limit_is_refused_and_closed(server):
    """A head that goes on past MAX_HEAD_BYTES is answered 400 and its connection closed."""
    with connections(port_of(server.url), 1, HALF_HEAD + b"\r\nX-Long: " + b"a" * MAX_HEAD_BYTES) as (long,):
        long.settimeout(START_UP)
        answer = long.recv(65536)
        assert answer.startswith(b"HTTP/1.1 400 ")
        assert closed_by_server(long, START_UP)


@pytest.mark.parametrize("signum, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_stop_takes_under_two_seconds_with_slow_and_idle_clients_held(tmp_path, signum, status):
    """Ctrl-C (or SIGTERM) with 100 half-open connections, a slow head and a kept-alive
    connection held stops the server within 2 s (the issue's bound), without a traceback."""
    with serving(tmp_path) as server:
        port = port_of(server.url)
        idle = http.client.HTTPConnection("127.0.0.1", port, timeout=START_UP)
        idle.request("GET", "/")
        idle.getresponse().read()
        with connections(port, 100, HALF_HEAD), connections(port, 1, SLOW_HEAD[:20]):
            began = time.monotonic()
            server.process.send_signal(signum)
            server.process.wait(timeout=START_UP)
            seconds = time.monotonic() - began
        idle.close()
    assert seconds < 2.0, seconds
    assert "Traceback" not in server.err, server.err
    assert server.process.returncode in (0, status), server.err


class Waiting:
    """An ASGI app whose every answer waits until `go` is set: its connections are busy."""

    def __init__(self) -> None:
        self.go = threading.Event()

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return
        while not self.go.is_set():
            await asyncio.sleep(0.01)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})


@contextmanager
def small_server(app, **settings):
    """Run uvicorn with these settings over an app in a thread; yield its port, its Server and
    its thread, and stop it."""
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="critical", lifespan="off", **settings)
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_UP
    while not running.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield port, running, thread
    finally:
        running.should_exit = True
        thread.join(timeout=START_UP)


def test_past_the_limit_the_longest_waiting_connection_gives_way():
    """With the limit held by half-open connections, a new one is served and the oldest
    half-open connection is closed to make room."""
    app = Waiting()
    app.go.set()
    with small_server(app, http=protocol_class(20, LONG)) as (port, _, _), connections(port, 20, HALF_HEAD) as held:
        time.sleep(0.2)  # the 20 are accepted in order before the next one comes
        assert timed_get(f"http://127.0.0.1:{port}/")[1] == 200
        assert closed_by_server(held[0], START_UP)
        assert not any(closed_by_server(connection) for connection in held[1:])


def test_past_the_limit_with_every_connection_busy_the_new_one_is_closed():
    """With the limit held by requests being answered, a new connection is closed at once (the
    busy ones are kept and answered)."""
    app = Waiting()
    with small_server(app, http=protocol_class(3, LONG)) as (port, _, _), connections(port, 3, GET) as busy:
        time.sleep(0.2)  # the 3 requests are under way
        with connections(port, 1, b"") as (extra,):
            assert closed_by_server(extra, START_UP)
        app.go.set()
        for connection in busy:
            connection.settimeout(START_UP)
            assert connection.recv(65536).startswith(b"HTTP/1.1 200 ")


def test_a_stop_cancels_a_request_that_never_ends_after_stop_seconds():
    """A stop asked while a request is still being answered (and never would be) ends the server
    within 2 s (STOP_SECONDS, then the request is cancelled): uvicorn alone would wait for it."""
    with small_server(Waiting(), **server_settings()) as (port, running, thread), connections(port, 1, GET):
        time.sleep(0.2)  # the request is under way
        began = time.monotonic()
        running.should_exit = True
        thread.join(timeout=START_UP)
        seconds = time.monotonic() - began
    assert not thread.is_alive() and seconds < 2.0, seconds


@pytest.mark.parametrize("soft, hard, limit, files", [
    (256, 4096, 1000, 4096),  # macOS's 256: raised, so that the 1000 fit
    (1024, 1024, 512, 1024),  # a hard limit of 1024: half of it
    (200, 200, 100, 200),
    (3000, 3000, 1000, 3000),  # enough: left as it is
])
def test_the_connection_limit_fits_the_files_the_process_may_open(soft, hard, limit, files):
    """connection_limit() raises the open-file limit towards OPEN_FILES as far as the hard limit
    allows and returns at most half of what the process may then open, MAX_CONNECTIONS at most
    (in a process of its own, its limits lowered as a teacher's computer has them)."""
    script = ("import resource; from classroom.web.connections import connection_limit; "
              "print(connection_limit(), resource.getrlimit(resource.RLIMIT_NOFILE)[0])")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=START_UP,
                            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard)))
    assert result.stdout.split() == [str(limit), str(files)], result.stderr


BUSY_SERVER = """
import signal, sys, time
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from classroom.web.connections import serve_until_stopped

def work():
    print("at work", flush=True)  # the test signals the server now
    time.sleep(60)  # work Python cannot stop, in one of the request threads

async def busy(request):
    await run_in_threadpool(work)
    return PlainTextResponse("done")

signal.signal(signal.SIGTERM, signal.default_int_handler)  # as `classroom serve` takes it (console.py)
serve_until_stopped(Starlette(routes=[Route("/", busy)]), "127.0.0.1", int(sys.argv[1]))
"""


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_does_not_wait_for_a_request_thread_that_would_run_on(signum):
    """serve_until_stopped, stopped while a request runs a minute's work in a thread: the process
    ends within 2 s (the issue's bound), without a traceback (the cancelled request is expected)."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", BUSY_SERVER, str(port)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + START_UP
        while True:
            try:
                busy = socket.create_connection(("127.0.0.1", port), timeout=START_UP)
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, process.communicate()
                time.sleep(0.05)
        with busy:
            busy.sendall(GET)
            ready, _, _ = select.select([process.stdout], [], [], START_UP)  # a wait, not a measure
            assert ready and process.stdout.readline() == "at work\n"  # the request's thread is at work
            began = time.monotonic()
            process.send_signal(signum)
            out, err = process.communicate(timeout=START_UP)
            seconds = time.monotonic() - began
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert seconds < 2.0, seconds
    assert err == "" and process.returncode == 0, err
