"""Benchmark: the best play for a nine-tile hand on seeded mid-game boards.

Run as `python -m tests.benchmarks.bench_best [POSITIONS] [--blanks N] [--count] [--quick]
[--level LEVEL] [--command [--runs R]]`
(default 50 positions, `--quick` 10). Each position is a board after six plays of a simulated
game and a nine-tile hand from the bag left, with exactly N blanks (default 0). With `--count`
it also times counting every legal play of the same Position (within counting.count_limit, as `best`
does). With `--command` it times the whole command instead, `classroom best BOARD HAND` in a
process of its own (start-up, the count and the printing included; `--json`, `--exact` pass
`--json`, `--count`), R runs a position (default 3), and gives the median of each position's runs,
wall time and CPU time (user and system, the steadier figure on a shared machine). Peak memory: run it under
`/usr/bin/time -v`.

Targets (issue 8, 2-core machine): no blank median <= 0.25 s, p95 <= 2 s, the whole command
median <= 0.5 s; one blank median <= 1 s, max <= 10 s, peak <= 500 MB; two blanks each
within 30 s and 1 GB. Not collected by pytest (no test_ prefix).
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from classroom.game.bag import draw
from classroom.game.board import board_text
from classroom.game.symbols import BLANK
from classroom.game.tilesets import load_level
from classroom.make.simulated import simulate
from classroom.solve.board.counting import count_limit
from classroom.solve.board.position import Position


def position(seed: int, tileset, blanks: int = 0):
    """Return a mid-game board (six plays of five-tile hands) and a nine-tile hand from the bag
    left, holding exactly `blanks` blanks."""
    rng = random.Random(seed)
    game = simulate(tileset, rng, plays=6, hand_size=5)
    hand, _ = draw(tuple(t for t in game.pile if t != BLANK), 9 - blanks, rng)
    return game.board, tuple(sorted(hand)) + (BLANK,) * blanks


def summary(label: str, times: list[float]) -> str:
    """Return the median, p95 and max of the timings."""
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(round(0.95 * len(times))) - 1)]
    return (f"{label}: {len(times)} positions: median {statistics.median(times):.2f} s, "
            f"p95 {p95:.2f} s, max {times[-1]:.2f} s")


def main(count: int = 50, blanks: int = 0, counting: bool = False, level: str = "original") -> None:
    tileset = load_level(level)
    times, count_times = [], []
    for seed in range(count):
        board, hand = position(seed, tileset, blanks)
        start = time.perf_counter()
        analysed = Position(board, hand, tileset)
        best = analysed.best()
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        line = f"seed {seed:3d}  {elapsed:7.2f} s  best {best[0].score if best else None}"
        if counting:
            start = time.perf_counter()
            number = analysed.count(count_limit(hand))
            count_times.append(time.perf_counter() - start)
            line += f"  count {number if number is not None else 'over the limit'} in {count_times[-1]:.2f} s"
        print(f"{line}  hand {' '.join(hand)}", flush=True)
    print(summary("best play", times))
    if counting:
        print(summary("counting every play", count_times))


def command(count: int = 50, blanks: int = 0, runs: int = 3, level: str = "original",
            extra: tuple[str, ...] = ()) -> None:
    """Time `classroom best BOARD HAND` as a user runs it (with the `extra` words, like
    `--json`), on each seeded position."""
    tileset = load_level(level)
    medians, cpu_medians = [], []
    # as on a user's machine, the package's compiled bytecode is kept from run to run (a
    # sandbox's PYTHONDONTWRITEBYTECODE would have every run compile it again, some 0.06 s)
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(count):
            board, hand = position(seed, tileset, blanks)
            path = Path(folder) / f"board-{seed}.txt"
            path.write_text(board_text(board), encoding="utf-8")
            times = []
            cpu = []
            for _ in range(runs):
                before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
                subprocess.run([sys.executable, "-m", "classroom", "best", str(path), " ".join(hand),
                                "--level", level, *extra], check=True, stdout=subprocess.DEVNULL, env=env)
                times.append(time.perf_counter() - start)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            medians.append(statistics.median(times))
            cpu_medians.append(statistics.median(cpu))
            print(f"seed {seed:3d}  {medians[-1]:7.2f} s, CPU {cpu_medians[-1]:.2f} s (medians of {runs})  "
                  f"hand {' '.join(hand)}", flush=True)
    print(summary("classroom best, the whole command", medians))
    print(summary("its CPU time (user and system: the steadier figure on a shared machine)", cpu_medians))


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Time the best play on seeded mid-game boards.")
    parser.add_argument("positions", nargs="?", type=int, default=50)
    parser.add_argument("--blanks", type=int, default=0, help="blanks in each nine-tile hand")
    parser.add_argument("--count", action="store_true", help="also count every play")
    parser.add_argument("--quick", action="store_true", help="10 positions")
    parser.add_argument("--level", default="original", help="the tile set (default original)")
    parser.add_argument("--command", action="store_true", help="time the whole `classroom best` command")
    parser.add_argument("--runs", type=int, default=3, help="runs of each position with --command")
    parser.add_argument("--json", action="store_true", help="with --command: `best --json`")
    parser.add_argument("--exact", action="store_true", help="with --command: `best --count`, the count exact")
    args = parser.parse_args()
    positions = 10 if args.quick else args.positions
    if args.command:
        extra = ("--json",) * args.json + ("--count",) * args.exact
        command(positions, args.blanks, args.runs, args.level, extra)
    else:
        main(positions, args.blanks, args.count, args.level)
