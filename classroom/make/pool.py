"""A process pool for class sets: every item of a set made on its own, on up to one process per
CPU core, and stopped at once, workers and all, however the run ends (an error, Ctrl-C,
SIGTERM, a worker killed for lack of memory). Items come back in order, so a seed makes the
same set on one core or many.
"""

from __future__ import annotations

import ctypes
import gc
import os
import resource
import signal
import sys
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Callable

from classroom.errors import ClassroomError

Progress = Callable[[], None]  # called once for every item made

# The address space one process may take, in MB: no command needs more than 1 GB of a school
# laptop's 8 GB (PRODUCT.md), and none may take more. Past it an allocation fails with
# MemoryError: a count stops there as at its limit of work (solve.board.counting), anything else
# is one sentence and nothing written. Worker processes inherit the cap, each its own.
# CLASSROOM_MEMORY_MB sets another (the tests use a small one to see the guard work).
MEMORY_MB = 1024


def cap_memory(megabytes: int | None = None, beyond_mapped: bool = False) -> None:
    """Cap this process's address space at `megabytes` (default CLASSROOM_MEMORY_MB, else
    MEMORY_MB); with `beyond_mapped`, at that much more than it maps now (a process forked from
    the page's server, which holds its threads' address space); never raised past a cap already
    set."""
    try:
        wanted = int(os.environ.get("CLASSROOM_MEMORY_MB", MEMORY_MB) if megabytes is None else megabytes)
        limit = wanted * 1024 ** 2 + (_mapped() if beyond_mapped else 0)
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        if soft == resource.RLIM_INFINITY or soft > limit:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError):  # no such limit here (not Linux): the cap is not set
        pass


def _mapped() -> int:
    """Return the address space this process maps now, in bytes (0 where it cannot be read)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[0]) * resource.getpagesize()
    except (OSError, ValueError, IndexError):
        return 0


def run_all(work: Callable, jobs: list[tuple], workers: int, progress: Progress) -> list:
    """Return work(job) for every job in order, on up to `workers` processes.

    However the run ends early (an error in one item, Ctrl-C, SIGTERM, a worker killed for lack
    of memory), the worker processes are stopped before this returns or raises.
    """
    if workers <= 1 or len(jobs) <= 1:
        results = []
        for job in jobs:
            results.append(work(job))
            progress()
        return results
    pool = ProcessPoolExecutor(max_workers=min(workers, len(jobs)), initializer=_worker_start)
    try:
        futures = [pool.submit(_worked, work, job) for job in jobs]
        results = []
        for future in futures:
            results.append(future.result())
            progress()
    except BrokenProcessPool:
        _stop(pool)
        raise ClassroomError("a worker process stopped before its item was made (most often for "
                             "lack of memory); nothing was written") from None
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return results


def _worked(work: Callable, job: tuple) -> object:
    """Return work(job), run in a worker, then give the memory the item freed back to the
    system: one item's side tables can take a few hundred MB, and without this each worker
    would keep its largest item's worth for the rest of the run."""
    try:
        return work(job)
    finally:
        gc.collect()
        _trim_memory()


def _trim_memory() -> None:
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: the memory is returned when the worker ends
        pass


def _worker_start() -> None:
    # Ctrl-C reaches every process of the terminal's group; the parent alone decides, and
    # stops the workers itself, so they print no traceback of their own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    # A worker that runs out of memory outside its item (receiving the next one) dies inside
    # multiprocessing, which writes "Process ForkProcess-2:" and what it can of a traceback to
    # stderr; the parent says what happened in one sentence, so a worker writes nothing there.
    sys.stderr = open(os.devnull, "w")


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop every worker process of the pool now, unfinished items and all, and reap them."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(1)
        if process.is_alive():
            process.kill()
            process.join(1)
    # The pool's own thread now finds its workers gone and fails the items left; nothing is
    # cancelled here, which would race with it.
    pool.shutdown(wait=True)


def default_workers() -> int:
    """Return how many processes to use: one per CPU core."""
    return os.cpu_count() or 1
