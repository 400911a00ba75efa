"""Searches that end: the best play of a reveal or of the solo player's comparison, and each turn
of a game's analysis (classroom.web.analysis), each searched in a process of its own so the page keeps answering, out of a bounded
pool, and stopped for real at its limit (docs/architecture.md, "Searches that end").

- At most one search process per CPU core; a search beyond waits its turn, and the time it
  waits counts toward its limit: a reveal answers within its limit, plus a little. A reveal
  goes before the searches waiting (a game's analysis queues one a turn): the projector waits.
- Each process is forked from multiprocessing's fork server (a clean process started once, the
  engine imported), never from the page's server, so it inherits none of the server's threads,
  locks or signal handlers. It takes SIGTERM as a plain end, ignores Ctrl-C (the server stops
  it), and ends itself (SIGALRM) a little after its limit should the server be gone.
- Past its limit a search is ended with SIGTERM, then SIGKILL after GRACE seconds.
- A thread of the server reads each process's messages as they come (its progress, then its
  result), so a big result never blocks the process writing it.
- The same request twice (the same key) waits for the first search; a result found is kept
  (the last KEPT of them), so a page reloaded searches nothing again.
- close() kills every process (SIGKILL) and answers every search at once: the server's stop.
"""

from __future__ import annotations

import collections
import contextlib
import math
import multiprocessing
import multiprocessing.forkserver
import os
import signal
import threading
import time
from typing import Any, Callable, Hashable, Iterator

from classroom.errors import ClassroomError, one_line
from classroom.game.board import Board
from classroom.game.horizontal import CROSSWORD
from classroom.game.tilesets import TileSet
from classroom.machine import cap_memory
from classroom.make.pool import silence_stderr
from classroom.record.analysis import TurnSearch
from classroom.record.analysis import best_plays as best_plays_of_turn
from classroom.solve.board.position import Candidate
from classroom.web.forked import CONTEXT, FORKED

REVEAL_SECONDS = 30  # a reveal that takes longer says so (the projector cannot wait minutes)
GRACE = 0.5  # seconds between a search's SIGTERM and its SIGKILL
CLOSING = 1.0  # seconds close() waits for the searches' readers to see their processes gone
KEPT = 256  # results kept, the oldest forgotten first (a long game's analysis is a result a turn)

STOPPED = "the server is stopping; the search was not finished"
DIED = "the search stopped before it was done (most often for lack of memory)"
MEMORY = "the search needs more memory than this computer allows"


Key = Hashable  # what makes two requests the same, like ('reveal', board cells, sorted rack, tile set)
# work(report, *args) -> result, run in a search's own process; report(value) sends its progress.
Work = Callable[..., Any]


class Stopped(ClassroomError):
    """The server is stopping: a page waiting for a search says so in one sentence, and no more."""


class Search:
    """One search: waiting for a process, running, or finished with its value or one sentence."""

    def __init__(self, key: Key, work: Work, args: tuple, seconds: float, late: str, again: bool = True) -> None:
        self.key, self.work, self.args, self.late, self.again = key, work, args, late, again
        self.deadline = time.monotonic() + seconds
        self.progress: Any = None  # the last value the work reported
        self.value: Any = None
        self.error: str | None = None  # one sentence, when it failed
        self.pid: int | None = None  # its process's, once started
        self.first = False  # it goes before the searches waiting that do not
        self._process: Any = None
        self._finished = threading.Event()

    @property
    def finished(self) -> bool:
        """Return whether the search has its value or its error."""
        return self._finished.is_set()

    def wait(self, seconds: float) -> bool:
        """Return whether the search is finished, waiting up to `seconds` for it."""
        return self._finished.wait(max(0.0, seconds))

    def result(self) -> Any:
        """Return the value found; raise the one sentence of a search that failed."""
        if self.error == STOPPED:
            raise Stopped(STOPPED)
        if self.error is not None:
            raise ClassroomError(self.error)
        return self.value


class Searches:
    """The searches of one server: at most `processes` processes at once (default: one per core)."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = processes or os.cpu_count() or 1
        self.started = 0  # processes started so far
        self._lock = threading.Lock()
        self._known: collections.OrderedDict[Key, Search] = collections.OrderedDict()  # under way, or found
        self._waiting: collections.deque[Search] = collections.deque()
        self._running: dict[Search, threading.Thread] = {}
        self._closed = False
        if FORKED:  # started now, not on the first reveal's time
            threading.Thread(target=multiprocessing.forkserver.ensure_running, name="classroom-forkserver",
                             daemon=True).start()

    def start(self, key: Key, work: Work, args: tuple, seconds: float, late: str, again: bool = True,
              first: bool = False) -> Search:
        """Return the search of `key`: the one found or under way, else a new one queued (`first`:
        before those waiting), which runs work(report, *args) and fails with the sentence `late`
        `seconds` from now. A search that failed is searched again when asked again, unless not
        `again` (then its sentence is kept as a result is: a page that reloads itself until the
        end shows the failure)."""
        with self._lock:
            known = self._known.get(key)
            if known is not None:
                self._known.move_to_end(key)
                return known
            search = Search(key, work, args, seconds, late, again)
            if self._closed:
                self._finish(search, error=STOPPED)
                return search
            self._known[key] = search
            search.first = first
            # after the searches waiting that went first too, so those keep their order
            ahead = sum(1 for s in self._waiting if s.first) if first else len(self._waiting)
            self._waiting.insert(ahead, search)
            self._next()
            return search

    def result(self, search: Search) -> Any:
        """Return what a search found, waiting for it until its limit (and a little); raise its
        one sentence when it failed or its limit passed."""
        if not search.wait(search.deadline - time.monotonic()):
            with self._lock:
                self._next()  # one still waiting for a process is answered now
            search.wait(GRACE + CLOSING)  # one running is answered by its reader at the limit
            if not search.finished:
                raise ClassroomError(search.late)
        return search.result()

    def run(self, key: Key, work: Work, args: tuple, seconds: float, late: str, first: bool = False) -> Any:
        """Return work(report, *args) searched in a process of the pool (or the result of the same
        key found before; `first`: before the searches waiting); raise one sentence, `late` past
        `seconds`."""
        return self.result(self.start(key, work, args, seconds, late, first=first))

    def close(self) -> None:
        """Kill every search's process and answer every search (returns within about CLOSING
        seconds); no search starts after."""
        with self._lock:
            self._closed = True
            running = list(self._running.items())
            for search in [*self._waiting, *(s for s, _ in running)]:
                self._finish(search, error=STOPPED)
            self._waiting.clear()
        for search, _ in running:
            if search._process is not None:
                search._process.kill()
        end = time.monotonic() + CLOSING
        for _, thread in running:
            thread.join(max(0.0, end - time.monotonic()))

    @contextlib.contextmanager
    def closed_on_signals(self) -> Iterator[None]:
        """While the server runs: Ctrl-C or SIGTERM closes the searches at once, then does what it
        did before (the server waits for the requests under way, and a reveal would otherwise
        hold it up until its limit). Nothing outside the main thread, where no signal arrives."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        before = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}

        def stop(number, frame):
            # close() takes a lock the interrupted code may hold: it runs on a thread of its own.
            threading.Thread(target=self.close, name="classroom-searches-close", daemon=True).start()
            handler = before[number]
            if callable(handler):
                handler(number, frame)
            elif handler == signal.SIG_DFL:
                signal.signal(number, signal.SIG_DFL)
                signal.raise_signal(number)

        for number in before:
            signal.signal(number, stop)
        try:
            yield
        finally:
            for number, handler in before.items():
                signal.signal(number, handler)

    def _finish(self, search: Search, value: Any = None, error: str | None = None) -> None:
        """Give a search its value or error, once, and wake whoever waits for it (lock held)."""
        if search.finished:
            return
        search.value, search.error = value, error
        if error is not None and search.again and self._known.get(search.key) is search:
            del self._known[search.key]  # asked again, it is searched again
        search._finished.set()
        found = [k for k, s in self._known.items() if s.finished]
        for key in found[: max(0, len(self._known) - KEPT)]:
            del self._known[key]

    def _next(self) -> None:
        """Answer the searches that waited past their limit, and start the next ones while a
        process is free (lock held)."""
        if self._closed:
            return
        now = time.monotonic()
        for search in [s for s in self._waiting if s.deadline <= now]:
            self._waiting.remove(search)
            self._finish(search, error=search.late)
        while self._waiting and len(self._running) < self.processes:
            search = self._waiting.popleft()
            thread = threading.Thread(target=self._run, args=(search,), name="classroom-search", daemon=True)
            self._running[search] = thread
            thread.start()

    def _run(self, search: Search) -> None:
        """Search in a process of its own, read its messages until its result or its limit, end
        it, then start the next search (a thread's work)."""
        process = None
        receive, send = CONTEXT.Pipe(duplex=False)
        try:
            process = CONTEXT.Process(target=_searched, name="classroom-search", daemon=True,
                                      args=(search.work, search.args, send, search.deadline - time.monotonic()))
            process.start()  # outside the lock: the first one starts the fork server too
            send.close()
            with self._lock:
                self.started += 1
                search.pid, search._process = process.pid, process
                if self._closed:  # close() came while it started, and did not see it
                    process.kill()
            self._read(search, receive)
        except Exception as error:  # no process could start (too many, no memory), or a bug
            with self._lock:
                self._finish(search, error=one_line(f"the search could not be made ({type(error).__name__}: {error})"))
        finally:
            send.close()
            receive.close()
            if process is not None and process.pid is not None:
                _end(process)
            with self._lock:
                self._running.pop(search, None)
                self._next()

    def _read(self, search: Search, receive) -> None:
        """Read a search's progress and result as they come, until its limit (returns nothing)."""
        while True:
            left = search.deadline - time.monotonic()
            if left <= 0 or not receive.poll(left):
                with self._lock:
                    self._finish(search, error=search.late)
                return
            try:
                kind, value = receive.recv()
            except (EOFError, OSError):  # the process ended without a word: killed, or out of memory
                with self._lock:
                    self._finish(search, error=STOPPED if self._closed else DIED)
                return
            if kind == "step":
                search.progress = value
                continue
            with self._lock:
                if kind == "done":
                    self._finish(search, value=value)
                else:
                    self._finish(search, error=value)
            return


def _end(process) -> None:
    """End a search's process and reap it: SIGTERM, then SIGKILL after GRACE seconds."""
    if process.is_alive():
        process.terminate()
        process.join(GRACE)
    if process.is_alive():
        process.kill()
    process.join(CLOSING)


def _searched(work: Work, args: tuple, send, seconds: float) -> None:
    """Send ('step', value) for each report of work(report, *args), then ('done', its result) or
    ('error', one sentence): a search's process, under the memory cap of any command beyond
    what the fork server maps."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # ended at its limit: nothing to tidy
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the server, which ends us
    if hasattr(signal, "alarm"):  # ended by itself, should the server be gone
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        signal.alarm(max(1, math.ceil(seconds + GRACE)) + 1)
    cap_memory(beyond_mapped=True)
    silence_stderr()  # what becomes of a search is said on the page, not in the server's terminal
    try:
        send.send(("done", work(lambda value: send.send(("step", value)), *args)))
    except MemoryError:
        send.send(("error", MEMORY))
    except ClassroomError as error:
        send.send(("error", one_line(error)))
    except Exception as error:  # a bug: one line on the page, never a traceback
        send.send(("error", one_line(f"the search failed ({type(error).__name__}: {error})")))
    finally:
        send.close()


# --- what the page searches ---------------------------------------------------------------------


class Reveals:
    """The best play of a board and rack, searched once: the reveal, the solo player's
    comparison and a page reloaded all ask the same question; each may take `seconds`
    (default REVEAL_SECONDS, as `classroom serve --reveal-seconds` sets it)."""

    def __init__(self, searches: Searches, seconds: float | None = None) -> None:
        self.searches = searches
        self.seconds = seconds

    def best(self, board: Board, rack: tuple[str, ...], tileset: TileSet, play: str = CROSSWORD,
             bonus: int = 1) -> tuple[Candidate, ...]:
        """Return the best play of a board and rack in a game played `play` (game.horizontal.PLAYS),
        scored with the player's fraction `bonus` (the first of those tied, in
        position.candidate_order), alone in a tuple, or none; raise one sentence when the search
        takes longer than its limit or more memory than allowed."""
        if not rack:
            return ()
        seconds = REVEAL_SECONDS if self.seconds is None else self.seconds
        late = (f"the best play is taking more than {seconds:.0f} seconds to find on this board "
                f"(a first move with blanks is the slowest search); play on and ask again later")
        key = ("reveal", board.cells, tuple(sorted(rack)), tileset.name, play, bonus)
        search = (board, rack, tileset, 1, bonus, play)  # the page shows the first best play alone
        return self.searches.run(key, turn_best, (search,), seconds, late, first=True)


def turn_best(report, search: TurnSearch) -> tuple[Candidate, ...]:
    """Return a turn search's best plays (record.analysis.best_plays; a search's work: one turn of
    the analysis page, classroom.web.analysis, or a reveal, Reveals.best)."""
    return best_plays_of_turn(search)
