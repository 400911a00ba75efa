"""Benchmark: the best play for a nine-tile hand (no blank) on seeded mid-game boards.

Run as `python -m tests.benchmarks.bench_best [COUNT]` (default 50 positions). Target (PRODUCT.md):
median <= 1 s, p95 <= 5 s on a 2-core machine. Not collected by pytest (no test_ prefix).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from classroom.games import draw, simulate
from classroom.movegen import best_plays
from classroom.tilesets import load_level


def position(seed: int, tileset):
    """Return a mid-game board (six plays of five-tile hands) and a nine-tile hand without blank."""
    rng = random.Random(seed)
    game = simulate(tileset, rng, plays=6, hand_size=5)
    hand, _ = draw(tuple(t for t in game.bag if t != "?"), 9, rng)
    return game.board, hand


def main(count: int = 50) -> None:
    tileset = load_level("original")
    times = []
    for seed in range(count):
        board, hand = position(seed, tileset)
        start = time.perf_counter()
        best = best_plays(board, hand, tileset)
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        print(f"seed {seed:3d}  {elapsed:7.2f} s  best {best[0].score if best else None}  "
              f"hand {' '.join(hand)}", flush=True)
    times.sort()
    p95 = times[min(len(times) - 1, int(round(0.95 * len(times))) - 1)]
    print(f"{count} positions: median {statistics.median(times):.2f} s, p95 {p95:.2f} s, "
          f"max {times[-1]:.2f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
