"""Benchmark the boardless solver (PRODUCT.md quality bars): run `python -m tests.benchmarks.bench_solve`.

A fixed seeded sample from the Original bag: 100 nine-tile hands without blanks (target median
≤ 0.2 s, p95 ≤ 1.5 s) and 20 with exactly one blank (target median ≤ 2 s). With
`--level advanced`, the same from the Advanced bag (negative and exponent tiles, negative
values allowed; target median ≤ 0.5 s without blanks). `--quick`: the hands without blanks only.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from classroom.solve.boardless import solve
from classroom.game.tilesets import load_level


def sample_hands(rng: random.Random, bag: list[str], count: int, blanks: int) -> list[tuple[str, ...]]:
    """Return `count` nine-tile hands with exactly `blanks` blanks, drawn in order from the rng."""
    hands = []
    while len(hands) < count:
        hand = tuple(rng.sample(bag, 9))
        if hand.count("?") == blanks:
            hands.append(hand)
    return hands


def measure(label: str, hands: list[tuple[str, ...]], tileset) -> None:
    """Print median, p95 and max seconds of solving each hand, and the answer counts."""
    times, counts = [], []
    for hand in hands:
        start = time.perf_counter()
        counts.append(solve(hand, tileset).count)
        times.append(time.perf_counter() - start)
    times.sort()
    p95 = times[max(0, round(0.95 * len(times)) - 1)]
    print(f"{label}: {len(hands)} hands  median {statistics.median(times):.3f} s  "
          f"p95 {p95:.3f} s  max {times[-1]:.3f} s  "
          f"(answers: median {statistics.median(counts):.0f}, max {max(counts)})")


def main() -> None:
    level = sys.argv[sys.argv.index("--level") + 1] if "--level" in sys.argv else "original"
    tileset = load_level(level)
    bag = sorted(tileset.bag)
    rng = random.Random(20261122)
    plain = sample_hands(rng, bag, 100, blanks=0)
    one_blank = sample_hands(rng, bag, 20, blanks=1)
    measure(f"{tileset.name}: 9 tiles, no blank", plain, tileset)
    if "--quick" not in sys.argv:
        measure(f"{tileset.name}: 9 tiles, one blank", one_blank, tileset)


if __name__ == "__main__":
    main()
