"""A process pool for class sets: every item of a set made on its own, on up to one process per
CPU core, and stopped at once, workers and all, however the run ends (an error, Ctrl-C,
SIGTERM, a worker killed for lack of memory). Items come back in order, so a seed makes the
same set on one core or many. The memory cap the workers inherit and how many there are come
from classroom.machine, which the command line and the page call.
"""

from __future__ import annotations

import ctypes
import gc
import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Callable

from classroom.errors import ClassroomError

Progress = Callable[[], None]  # called once for every item made


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
    # What the worker inherited from the parent (the modules, the caller's own objects: a test
    # process's are many) goes to the permanent generation, so the collection after each item
    # walks only what the items made, not the parent's objects again and again.
    gc.freeze()
    # Ctrl-C reaches every process of the terminal's group; the parent alone decides, and
    # stops the workers itself, so they print no traceback of their own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    # A worker that runs out of memory outside its item (receiving the next one) dies inside
    # multiprocessing, which writes "Process ForkProcess-2:" and what it can of a traceback to
    # stderr, or in the interpreter itself (silence_stderr); the parent says what happened in
    # one sentence, so a worker writes nothing there.
    silence_stderr()


def silence_stderr() -> None:
    """Send whatever this process writes to stderr nowhere: from Python (sys.stderr), and from
    the interpreter itself, which writes straight to file descriptor 2. For a worker or search
    process whose parent says in one sentence what became of it: one that cannot even make its
    MemoryError ends with "Fatal Python error: _PyErr_NormalizeException" and a dump of its
    stack (Debian's Python 3.11.2, two runs in three of tests/test_hostile_signals.py's 100 MB
    cap), which would land above that sentence on the user's terminal."""
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 2)
    os.close(quiet)
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

