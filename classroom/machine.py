"""What this computer allows a command: the memory cap every command, worker and search runs
under (read from the environment and /proc, set as a resource limit), and how many processes a
set is made on (one per CPU core). The command line and the page call it; the pure core below
never does (tests/test_architecture.py)."""

from __future__ import annotations

import os
import resource

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


def seconds_set(name: str, default: float) -> float:
    """Return the seconds the environment variable `name` sets, else `default`; a value that is
    not a positive number is ignored, as CLASSROOM_MEMORY_MB's is. The tests set short ones to see
    a deadline or a poll work without waiting for it."""
    try:
        given = float(os.environ.get(name, default))
    except ValueError:
        return default
    return given if given > 0 else default


def default_workers() -> int:
    """Return how many processes to use: one per CPU core."""
    return os.cpu_count() or 1
