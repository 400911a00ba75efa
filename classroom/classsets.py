"""Class sets: the Worksheets the `boardless` and `situations` commands print.

Each item draws from its own random.Random, seeded from the run's seed and the item's number,
so items can be made on several CPU cores and still come out the same for the same seed.
"""

from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Callable

from classroom.engine.board import Board
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
    key: str = "full"  # full, summary (one page an item) or none (no key PDF)


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
    """Return work(job) for every job in order, on up to `workers` processes."""
    if workers <= 1 or len(jobs) <= 1:
        results = []
        for job in jobs:
            results.append(work(job))
            progress()
        return results
    with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
        results = []
        for result in pool.map(work, jobs):
            results.append(result)
            progress()
        return results


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
                     layout.title, copies=count if same_hand else 1, same_hand=same_hand, key=layout.key)


def situations_set(tileset: TileSet, level: str, seed: int, count: int, rules: SituationRules,
                   layout: Layout, workers: int = 1, progress: Progress = lambda: None) -> Worksheet:
    """Return a Board Situations class set of `count` simulated contest positions."""
    rules.check()
    jobs = [(tileset, seed, number, rules) for number in range(1, count + 1)]
    items = _run(_situation_item, jobs, workers, progress)
    return Worksheet("situations", seed, level, tuple(items), layout.page_size, layout.large_print,
                     layout.title, key=layout.key)


def own_situation_set(tileset: TileSet, level: str, board: Board, hand: Hand,
                      layout: Layout) -> Worksheet:
    """Return a one-situation worksheet of a teacher's own board and hand."""
    item = situation_item(item_id("situations", None, 1), own_situation(board, hand, tileset), tileset)
    return Worksheet("situations", None, level, (item,), layout.page_size, layout.large_print,
                     layout.title, key=layout.key)
