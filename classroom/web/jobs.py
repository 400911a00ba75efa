"""Long work off the request: a set is made in one worker thread (its items on worker
processes, as on the command line), while the pages keep answering and a job page shows how
far it has got."""

from __future__ import annotations

import secrets
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable

from classroom.console import one_line
from classroom.errors import ClassroomError

MAX_JOBS = 50  # jobs remembered; the oldest finished ones are forgotten first
MAX_WAITING = 3  # jobs queued behind the one being made


@dataclass
class Job:
    """One piece of long work: how far it has got, and its result (a run's name) or error."""

    id: str
    total: int  # items to make
    done: int = 0
    run: str | None = None  # the run's folder in the library, when finished
    note: str | None = None  # why the run went to another folder than the usual one
    error: str | None = None  # one sentence, when it failed
    finished: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def step(self) -> None:
        """Count one more item made (called from the worker thread; returns nothing)."""
        with self.lock:
            self.done += 1


Work = Callable[[Job], tuple[str, str | None]]  # makes and writes a set; returns (run, note)


class Jobs:
    """The jobs of one server, made one at a time in a worker thread."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="classroom-make")
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()

    def start(self, total: int, work: Work) -> Job:
        """Return a new job after queueing work(job); raise when too many are waiting."""
        with self._lock:
            if sum(1 for j in self._jobs.values() if not j.finished) > MAX_WAITING:
                raise ClassroomError("the page is already making several sets; wait until they "
                                     "are ready and try again")
            job = Job(secrets.token_hex(8), total)
            self._jobs[job.id] = job
            finished = [j for j in self._jobs.values() if j.finished]
            for old in finished[: max(0, len(self._jobs) - MAX_JOBS)]:
                del self._jobs[old.id]
        self._pool.submit(self._run, job, work)
        return job

    def get(self, id: str) -> Job | None:
        """Return the job of that id, or None."""
        with self._lock:
            return self._jobs.get(id)

    @staticmethod
    def _run(job: Job, work: Work) -> None:
        try:
            job.run, job.note = work(job)
        except ClassroomError as error:
            job.error = one_line(error)
        except MemoryError:
            job.error = ("this needs more memory than the computer allows; ask for less "
                         "(fewer items); nothing was written")
        except Exception as error:  # a bug: said in one line on the page, never a traceback
            job.error = one_line(f"the set could not be made ({type(error).__name__}: {error})")
        finally:
            job.finished = True

    def close(self) -> None:
        """Stop taking work; queued jobs are dropped (returns nothing)."""
        self._pool.shutdown(wait=False, cancel_futures=True)
