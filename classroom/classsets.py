"""Class sets: the Worksheets the `boardless` and `situations` commands print.

Each item draws from its own random.Random, seeded from the run's seed and the item's number,
so items can be made on several CPU cores and still come out the same for the same seed.
"""

from __future__ import annotations

import os
import random
import signal
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Callable

from classroom.engine.board import Board
from classroom.errors import ClassroomError
from classroom.hands import HandRules, find_hand
from classroom.situations import SituationRules, find_situation, own_situation, situation_item
from classroom.symbols import Hand
from classroom.tilesets import TileSet
from classroom.worksheet import Worksheet, boardless_item, item_id

Progress = Callable[[], None]  # called once for every item made


@dataclass(frozen=True)
class Layout:
    """How the sheets are printed."""

    page_size: str = "letter"
    large_print: bool = False
    title: str | None = None


def item_rng(seed: int, kind: str, number: int) -> random.Random:
    """Return the random source of one item: the same for the same seed, kind and number."""
    return random.Random(f"{seed}:{kind}:{number}")


def _boardless_item(job: tuple) -> object:
    tileset, seed, number, rules = job
    hand, solution = find_hand(tileset, item_rng(seed, "boardless", number), rules)
    return boardless_item(item_id("boardless", seed, number), hand, tileset, solution)


def _situation_item(job: tuple) -> object:
    tileset, seed, number, rules = job
    situation = find_situation(tileset, item_rng(seed, "situations", number), rules)
    return situation_item(item_id("situations", seed, number), situation, tileset)


def _run(work: Callable, jobs: list[tuple], workers: int, progress: Progress) -> list:
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
        futures = [pool.submit(work, job) for job in jobs]
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


def _worker_start() -> None:
    # Ctrl-C reaches every process of the terminal's group; the parent alone decides, and
    # stops the workers itself, so they print no traceback of their own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


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


def boardless_set(tileset: TileSet, level: str, seed: int, count: int, rules: HandRules,
                  layout: Layout, same_hand: bool = False, workers: int = 1,
                  progress: Progress = lambda: None) -> Worksheet:
    """Return a Boardless Activity class set: `count` hands (or one hand on `count` sheets)."""
    jobs = [(tileset, seed, number, rules) for number in range(1, (1 if same_hand else count) + 1)]
    items = _run(_boardless_item, jobs, workers, progress)
    return Worksheet("boardless", seed, level, tuple(items), layout.page_size, layout.large_print,
                     layout.title, copies=count if same_hand else 1)


def situations_set(tileset: TileSet, level: str, seed: int, count: int, rules: SituationRules,
                   layout: Layout, workers: int = 1, progress: Progress = lambda: None) -> Worksheet:
    """Return a Board Situations class set of `count` simulated contest positions."""
    rules.check()
    jobs = [(tileset, seed, number, rules) for number in range(1, count + 1)]
    items = _run(_situation_item, jobs, workers, progress)
    return Worksheet("situations", seed, level, tuple(items), layout.page_size, layout.large_print,
                     layout.title)


def own_situation_set(tileset: TileSet, level: str, board: Board, hand: Hand,
                      layout: Layout) -> Worksheet:
    """Return a one-situation worksheet of a teacher's own board and hand."""
    item = situation_item(item_id("situations", None, 1), own_situation(board, hand, tileset), tileset)
    return Worksheet("situations", None, level, (item,), layout.page_size, layout.large_print,
                     layout.title)
