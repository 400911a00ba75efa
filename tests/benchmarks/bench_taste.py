"""Benchmark: what a boardless key shows a class, with the level's taste and without (issue 40).

Run as `python -m tests.benchmarks.bench_taste [--seeds N]`. For seeds 1..N (default 10) of each
level (Original, Junior) and difficulty, the first hand of `classroom boardless --seed S` is drawn
as the command draws it, once with the level's taste (`--taste class`, the default: at most 50
families, few zero tricks) and once with `--taste any` (the hands before issue 40); for each it reports the share of the hand's equations
that are zero tricks (game.taste), the equations (the lines of `--key full`) and the families
(the lines of the default key, game.families), as medians and maxima.

Targets (issue 40): with the taste, the median zero-trick share <= 10 % and no hand above 50 %,
at every level and difficulty; the median key <= 40 family lines.
Not collected by pytest (no test_ prefix).
"""

from __future__ import annotations

import statistics
import sys

from classroom.game.tilesets import load_level
from classroom.make.hands import DIFFICULTIES, find_hand, zero_share
from classroom.make.keys import boardless_item
from classroom.make.sets import item_rng

LEVELS = ("original", "junior")


def measure(level: str, difficulty: str, seeds: int, taste: str) -> list[tuple[float, int, int]]:
    """Return (zero-trick share, equations, families) of the first hand of each seed."""
    tileset = load_level(level)
    rules = DIFFICULTIES[difficulty].rules(9, tileset, taste)
    out = []
    for seed in range(1, seeds + 1):
        hand, solution = find_hand(tileset, item_rng(seed, "boardless", 1), rules)
        item = boardless_item("B", hand, tileset, solution)
        out.append((zero_share(solution), solution.count, len(item.families)))
    return out


def main(argv: list[str]) -> None:
    """Print one line per level, difficulty and taste, then the medians over all hands."""
    seeds = int(argv[argv.index("--seeds") + 1]) if "--seeds" in argv else 10
    print(f"{'level':9}{'difficulty':11}{'taste':6}{'zero share med/max':>20}{'equations med/max':>19}"
          f"{'families med/max':>18}")
    every: dict[str, list[tuple[float, int, int]]] = {"any": [], "class": []}
    for level in LEVELS:
        for difficulty in DIFFICULTIES:
            for taste in ("any", "class"):
                rows = measure(level, difficulty, seeds, taste)
                every[taste] += rows
                shares, counts, families = zip(*rows)
                print(f"{level:9}{difficulty:11}{taste:6}"
                      f"{statistics.median(shares):>13.0%} /{max(shares):>4.0%}"
                      f"{statistics.median(counts):>12.0f} /{max(counts):>5}"
                      f"{statistics.median(families):>11.0f} /{max(families):>5}", flush=True)
    for taste, rows in every.items():
        shares, counts, families = zip(*rows)
        print(f"all hands, taste {taste}: zero share median {statistics.median(shares):.0%} max "
              f"{max(shares):.0%}; equations median {statistics.median(counts):.0f}; "
              f"families median {statistics.median(families):.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
