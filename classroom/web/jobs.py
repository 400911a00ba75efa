"""Long work off the request: a set is made in a process of its own (its items on worker
processes, as on the command line), so the pages keep answering, a job page shows how far it
has got, and stopping the server stops the work at once with nothing written."""

from __future__ import annotations

import queue
import secrets
import signal
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from classroom.errors import ClassroomError, Interrupted, one_line
from classroom.machine import cap_memory
from classroom.make.pool import silence_stderr
from classroom.web.forked import CONTEXT

MAX_JOBS = 50  # jobs remembered; the oldest finished ones are forgotten first
MAX_WAITING = 3  # jobs queued behind the one being made
STOPPED = "the server stopped before the set was made; nothing was written"
CANCELLED = "the set was cancelled before it was made; nothing was written"
DIED = ("the process making the set stopped before it was done (most often for lack of "
        "memory); nothing was written")

# The stages a job goes through, as the Working page names them (its words are in working.j2):
# waiting behind another job, starting its process, making the items (each counted), searching
# positions for Board Situations (each found counted), solving a teacher's own position (one
# search, not counted), drawing and writing the pages.
STAGES = ("waiting", "starting", "making", "searching", "solving", "drawing")

# work(step, *args) makes and writes a set, calling step() once per item and step.stage(name)
# when it moves to another of STAGES, and returns (the run's folder in the library, a note or
# None); it is pickled into the job's process.
Work = Callable[..., tuple[str, str | None]]


class Step:
    """What a job's work calls as it goes: once per item made (`step()`), and `step.stage(name)`
    when it starts one of STAGES; both are read by the server through shared values."""

    def __init__(self, made: Any, stage: Any) -> None:
        self._made, self._stage = made, stage

    def __call__(self) -> None:
        with self._made.get_lock():
            self._made.value += 1

    def stage(self, name: str) -> None:
        """Say the work has moved to stage `name` (one of STAGES); returns nothing."""
        self._stage.value = STAGES.index(name)


@dataclass
class Job:
    """One piece of long work: how far it has got, and its result (a run's name) or error."""

    id: str
    total: int  # items to make
    progress: Any = field(default_factory=lambda: CONTEXT.Value("i", 0), repr=False)
    stage_number: Any = field(default_factory=lambda: CONTEXT.Value("i", 0), repr=False)  # in STAGES
    started: float | None = None  # time.monotonic() when its process started
    run: str | None = None  # the run's folder in the library, when finished
    note: str | None = None  # why the run went to another folder than the usual one
    error: str | None = None  # one sentence, when it failed
    finished: bool = False
    cancelled: bool = False

    @property
    def done(self) -> int:
        """Return how many items are made so far."""
        return self.progress.value

    @property
    def stage(self) -> str:
        """Return the stage the job is in (one of STAGES)."""
        return STAGES[self.stage_number.value]

    @property
    def seconds(self) -> int:
        """Return the whole seconds since the job's process started (0 while it waits)."""
        return 0 if self.started is None else int(time.monotonic() - self.started)


class Jobs:
    """The jobs of one server, made one at a time, each in a process of its own."""

    def __init__(self) -> None:
        self._jobs: dict[str, Job] = {}
        self._waiting: queue.Queue = queue.Queue()
        self._lock = threading.Lock()
        self._current: Any = None  # the process making a set now
        self._closing = False
        threading.Thread(target=self._serve, name="classroom-jobs", daemon=True).start()

    def start(self, total: int, work: Work, args: tuple) -> Job:
        """Return a new job after queueing work(step, *args); raise when too many are waiting."""
        with self._lock:
            if sum(1 for j in self._jobs.values() if not j.finished) > MAX_WAITING:
                raise ClassroomError("the page is already making several sets; wait until they "
                                     "are ready and try again")
            job = Job(secrets.token_hex(8), total)
            self._jobs[job.id] = job
            finished = [j for j in self._jobs.values() if j.finished]
            for old in finished[: max(0, len(self._jobs) - MAX_JOBS)]:
                del self._jobs[old.id]
        self._waiting.put((job, work, args))
        return job

    def get(self, id: str) -> Job | None:
        """Return the job of that id, or None."""
        with self._lock:
            return self._jobs.get(id)

    def cancel(self, id: str) -> None:
        """Stop a job (returns nothing): a waiting one never starts, the one being made is
        stopped as a server's stop stops it, writing nothing."""
        with self._lock:
            job = self._jobs.get(id)
            if job is None or job.finished:
                return
            job.cancelled = True
            current = self._current
            process = current if current is not None and current.name == f"classroom-job-{id}" else None
        if process is not None and process.is_alive():
            process.terminate()

    def _serve(self) -> None:
        while True:
            job, work, args = self._waiting.get()
            try:
                self._make_one(job, work, args)
            except Exception as error:  # the process could not even start: said, and the next job runs
                job.error = failed(error)
            job.finished = True

    def _make_one(self, job: Job, work: Work, args: tuple) -> None:
        """Make one job in a process of its own and record its result or error (returns nothing)."""
        receive, send = CONTEXT.Pipe(duplex=False)
        with self._lock:
            if self._closing or job.cancelled:
                job.error = CANCELLED if job.cancelled else STOPPED
                return
            job.stage_number.value = STAGES.index("starting")
            self._current = CONTEXT.Process(target=_make, args=(work, args, job.progress, job.stage_number, send),
                                            name=f"classroom-job-{job.id}")
            job.started = time.monotonic()
            self._current.start()
        send.close()
        try:
            outcome, value = receive.recv()
        except EOFError:  # the process ended without a word: killed, or out of memory
            outcome, value = "error", STOPPED if self._closing else DIED
        finally:
            receive.close()
        self._current.join()
        if job.cancelled and outcome != "done":
            job.error = CANCELLED
        elif outcome == "done":
            job.run, job.note = value
        else:
            job.error = value

    def close(self) -> None:
        """Stop the set being made (nothing of it is written) and every job waiting (returns nothing)."""
        with self._lock:
            self._closing = True
            process = self._current
        if process is not None and process.is_alive():
            process.terminate()  # SIGTERM: the job stops its worker processes and writes nothing
            process.join(10)
            if process.is_alive():
                process.kill()
                process.join()


def failed(error: Exception) -> str:
    """Return one line saying a set could not be made because of an unexpected error (a bug)."""
    return one_line(f"the set could not be made ({type(error).__name__}: {error})")


def _make(work: Work, args: tuple, progress: Any, stage: Any, send: Any) -> None:
    """Run one job in its own process, under the memory cap of any command, and send back
    ('done', result) or ('error', sentence)."""
    cap_memory()
    silence_stderr()  # what becomes of a set is said on the page, not in the server's terminal

    def interrupt(signum, frame):
        raise Interrupted(signum)

    signal.signal(signal.SIGTERM, interrupt)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the server, which stops us

    try:
        send.send(("done", work(Step(progress, stage), *args)))
    except ClassroomError as error:
        send.send(("error", one_line(error)))
    except MemoryError:
        send.send(("error", "this needs more memory than the computer allows; ask for less "
                            "(fewer items); nothing was written"))
    except KeyboardInterrupt:
        send.send(("error", STOPPED))
    except Exception as error:  # a bug: said in one line on the page, never a traceback
        send.send(("error", failed(error)))
