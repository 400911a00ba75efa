"""Benchmark the boardless solver (PRODUCT.md quality bars): run `python -m tests.benchmarks.bench_solve`.

Seeded nine-tile hands from the Original bag (`--level advanced`: the Advanced bag):
- 100 hands without a blank (target median ≤ 20 ms in-process), and on the first few of them
  (`--reference N`, default 3; the brute force takes minutes on a nine-tile hand) the
  brute-force reference of tests/reference_boardless.py in the same run: the ratio of their
  times (target ≥ 100×);
- 30 hands with exactly one blank (target median ≤ 1 s, max ≤ 3 s);
- `--blanks 2`: 30 hands with exactly two blanks instead (target median ≤ 10 s).
`--quick`: the hands without a blank only. `--only-blanks`: the hands with blanks only, so that
`/usr/bin/time -v python -m tests.benchmarks.bench_solve --only-blanks [--blanks 2]` gives their
peak memory (targets ≤ 300 MB with one blank, ≤ 1 GB with two).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from classroom.game.tilesets import load_level
from classroom.solve.boardless import solve
from tests.reference_boardless import brute_force


def sample_hands(rng: random.Random, bag: list[str], count: int, blanks: int) -> list[tuple[str, ...]]:
    """Return `count` nine-tile hands with exactly `blanks` blanks, drawn in order from the rng."""
    hands = []
    while len(hands) < count:
        hand = tuple(rng.sample(bag, 9))
        if hand.count("?") == blanks:
            hands.append(hand)
    return hands


def timed(hands: list[tuple[str, ...]], tileset) -> tuple[list[float], list[int]]:
    """Return the seconds each hand takes to solve, and its number of answers."""
    times, counts = [], []
    for hand in hands:
        start = time.perf_counter()
        counts.append(solve(hand, tileset).count)
        times.append(time.perf_counter() - start)
    return times, counts


def report(label: str, times: list[float], counts: list[int]) -> None:
    """Print median, p95 and max seconds, and the answer counts."""
    ordered = sorted(times)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    print(f"{label}: {len(times)} hands  median {statistics.median(times) * 1000:.1f} ms  "
          f"p95 {p95 * 1000:.1f} ms  max {ordered[-1] * 1000:.1f} ms  "
          f"(answers: median {statistics.median(counts):.0f}, max {max(counts)})", flush=True)


def against_reference(hands: list[tuple[str, ...]], tileset) -> None:
    """Print, hand by hand, the solver's time, the brute force's and their ratio, then the
    median ratio; the two must agree on every hand."""
    ratios = []
    for hand in hands:
        start = time.perf_counter()
        solution = solve(hand, tileset)
        fast = time.perf_counter() - start
        start = time.perf_counter()
        slow = brute_force(hand, tileset)
        slow_time = time.perf_counter() - start
        assert {a.text: a.score for a in solution.answers} == slow, hand
        ratios.append(slow_time / fast)
        print(f"  {' '.join(hand)}: solver {fast * 1000:.1f} ms, brute force {slow_time:.1f} s, "
              f"{ratios[-1]:.0f}×", flush=True)
    print(f"brute force / solver: median {statistics.median(ratios):.0f}× over {len(hands)} hands")


def main() -> None:
    level = sys.argv[sys.argv.index("--level") + 1] if "--level" in sys.argv else "original"
    references = int(sys.argv[sys.argv.index("--reference") + 1]) if "--reference" in sys.argv else 3
    blanks = int(sys.argv[sys.argv.index("--blanks") + 1]) if "--blanks" in sys.argv else 1
    tileset = load_level(level)
    bag = sorted(tileset.bag)
    rng = random.Random(20261122)
    plain = sample_hands(rng, bag, 100, blanks=0)
    with_blanks = sample_hands(random.Random(f"20261122:{blanks}"), bag, 30, blanks=blanks)
    if "--only-blanks" not in sys.argv:
        report(f"{tileset.name}: 9 tiles, no blank", *timed(plain, tileset))
        if references:
            against_reference(plain[:references], tileset)
    if "--quick" not in sys.argv:
        report(f"{tileset.name}: 9 tiles, {blanks} blank(s)", *timed(with_blanks, tileset))


if __name__ == "__main__":
    main()
