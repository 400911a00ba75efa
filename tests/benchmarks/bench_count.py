"""Benchmark: counting every legal play of a nine-tile hand on seeded mid-game boards.

Run as `python -m tests.benchmarks.bench_count [POSITIONS] [--first SEED] [--blanks B]
[--unbounded] [--each] [--runs N] [--save FILE] [--compare FILE]` (default 20 positions from seed 0,
one blank). The positions are
`bench_best`'s (six plays of five-tile hands, then nine tiles from the bag left with exactly B
blanks). Each is timed from a fresh Position (its set-up included) to its count: within
`counting.count_limit`, as `classroom best` counts, printing "more than N" when the limit stops
it (`Position.count_at_least`), or with `--unbounded` counted in full. The CPU time of the
process is printed beside the wall time: on a shared machine it is the steadier figure. `--each` runs every
position in a process of its own and prints that process's peak memory (the largest of them is
the figure; without it, put `/usr/bin/time -v` in front for the whole run's peak). `--runs N`
counts each position N times in turn and keeps its least CPU time (and the largest peak): on a
host whose load moves one run by up to a fifth, the steadiest figure of the code. `--save`
writes the counts to a JSON file and `--compare` checks that a run finds the very same numbers
(an exact count must not change when the code gets faster).

Target (issue 29, 2-core machine): an exact count with one blank, median <= 2 s, max <= 10 s.
Not collected by pytest (no test_ prefix).
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from classroom.game.tilesets import load_level
from classroom.solve.board.counting import count_limit
from classroom.solve.board.position import Position
from tests.benchmarks.bench_best import position, summary


def one(seed: int, blanks: int, unbounded: bool, tileset) -> dict:
    """Return one position's count, whether it is exact, and the time it took (set-up included)."""
    board, hand = position(seed, tileset, blanks)
    start, cpu = time.perf_counter(), time.process_time()
    analysed = Position(board, hand, tileset)
    if unbounded:
        count, exact = analysed.count(), True
    else:
        count, exact = analysed.count_at_least(count_limit(hand))
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"seed": seed, "hand": " ".join(hand), "count": count, "exact": exact, "seconds": elapsed,
            "cpu": cpu}


def timed(seed: int, blanks: int, unbounded: bool, each: bool, tileset) -> dict:
    """Return `one`'s result for the seed: in a process of its own with `each` (and its peak)."""
    if not each:
        return one(seed, blanks, unbounded, tileset)
    command = [sys.executable, "-m", "tests.benchmarks.bench_count", "--one", str(seed),
               "--blanks", str(blanks)] + (["--unbounded"] if unbounded else [])
    return json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)


def peak_mb() -> float:
    """Return this process's peak resident memory in MB (ru_maxrss is in kilobytes on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(positions: int, blanks: int, unbounded: bool, each: bool, save: str | None,
         compare: str | None, first: int = 0, runs: int = 1) -> int:
    tileset = load_level("original")
    results, peaks = [], []
    for seed in range(first, first + positions):
        tries = [timed(seed, blanks, unbounded, each, tileset) for _ in range(runs)]
        result = min(tries, key=lambda r: r["cpu"])
        if each:
            peaks.append(max(r["peak_mb"] for r in tries))
            result["peak_mb"] = peaks[-1]
        results.append(result)
        said = f"{result['count']:,}" if result["exact"] else f"more than {result['count']:,}"
        memory = f"  peak {result['peak_mb']:.0f} MB" if each else ""
        print(f"seed {seed:3d}  {result['seconds']:7.2f} s ({result['cpu']:.2f} s CPU)  count {said}{memory}"
              f"  hand {result['hand']}", flush=True)
        if save:  # as it goes, so that a long run stopped half-way keeps what it counted
            Path(save).write_text(json.dumps({str(r["seed"]): r["count"] for r in results if r["exact"]},
                                             indent=1), encoding="utf-8")
    exact = sum(r["exact"] for r in results)
    label = "counting every play" + (" (unbounded)" if unbounded else "") + (f", least of {runs} runs" if runs > 1 else "")
    print(summary(label, [r["seconds"] for r in results]) + f", {exact} of {len(results)} exact")
    print(summary(label + ", CPU time", [r["cpu"] for r in results]))
    if each:
        print(f"peak memory of one position: median {statistics.median(peaks):.0f} MB, "
              f"max {max(peaks):.0f} MB")
    if compare:
        known = json.loads(Path(compare).read_text(encoding="utf-8"))
        differ = [(r["seed"], known[str(r["seed"])], r["count"]) for r in results
                  if r["exact"] and str(r["seed"]) in known and known[str(r["seed"])] != r["count"]]
        same = sum(1 for r in results if r["exact"] and str(r["seed"]) in known) - len(differ)
        print(f"compared with {compare}: {same} the same, {len(differ)} different {differ}")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Time counting every play on seeded mid-game boards.")
    parser.add_argument("positions", nargs="?", type=int, default=20)
    parser.add_argument("--blanks", type=int, default=1, help="blanks in each nine-tile hand")
    parser.add_argument("--unbounded", action="store_true", help="count in full, without the work limit")
    parser.add_argument("--each", action="store_true", help="each position in a process of its own")
    parser.add_argument("--save", help="write the exact counts to this JSON file")
    parser.add_argument("--compare", help="check the exact counts against this JSON file")
    parser.add_argument("--first", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--runs", type=int, default=1, help="count each position this many times, keep the least CPU")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # --each's child: one seed, JSON out
    args = parser.parse_args()
    if args.one is not None:
        found = one(args.one, args.blanks, args.unbounded, load_level("original"))
        print(json.dumps(found | {"peak_mb": peak_mb()}))
        sys.exit(0)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    sys.exit(main(args.positions, args.blanks, args.unbounded, args.each, args.save, args.compare,
                  args.first, args.runs))
