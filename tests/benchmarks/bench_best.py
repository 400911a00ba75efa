"""Benchmark: the best play for a nine-tile hand (no blank) on seeded mid-game boards.

Run as `python -m tests.benchmarks.bench_best [COUNT] [--count]` (default 50 positions; `--quick`
is 10). Target (PRODUCT.md): median <= 1 s, p95 <= 5 s on a 2-core machine. With `--count` it
also times `count_plays` (every legal play counted) on the same positions. Not collected by
pytest (no test_ prefix).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from classroom.games import draw, simulate
from classroom.engine.movegen import best_plays, count_plays
from classroom.tilesets import load_level


def position(seed: int, tileset):
    """Return a mid-game board (six plays of five-tile hands) and a nine-tile hand without blank."""
    rng = random.Random(seed)
    game = simulate(tileset, rng, plays=6, hand_size=5)
    hand, _ = draw(tuple(t for t in game.bag if t != "?"), 9, rng)
    return game.board, hand


def summary(label: str, times: list[float]) -> str:
    """Return the median, p95 and max of the timings."""
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(round(0.95 * len(times))) - 1)]
    return (f"{label}: {len(times)} positions: median {statistics.median(times):.2f} s, "
            f"p95 {p95:.2f} s, max {times[-1]:.2f} s")


def main(count: int = 50, counting: bool = False) -> None:
    tileset = load_level("original")
    times, count_times = [], []
    for seed in range(count):
        board, hand = position(seed, tileset)
        start = time.perf_counter()
        best = best_plays(board, hand, tileset)
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        line = f"seed {seed:3d}  {elapsed:7.2f} s  best {best[0].score if best else None}"
        if counting:
            start = time.perf_counter()
            number = count_plays(board, hand, tileset)
            count_times.append(time.perf_counter() - start)
            line += f"  count {number} in {count_times[-1]:.2f} s"
        print(f"{line}  hand {' '.join(hand)}", flush=True)
    print(summary("best_plays", times))
    if counting:
        print(summary("count_plays", count_times))


if __name__ == "__main__":
    args = sys.argv[1:]
    quick = "--quick" in args
    numbers = [int(a) for a in args if a.isdigit()]
    main(numbers[0] if numbers else (10 if quick else 50), "--count" in args)
