"""Benchmark: a single player's game dealt and played to the end by the engine's best plays.

Run as `python -m tests.benchmarks.bench_solo [--level original] [--seeds 1-10] [--write DIR]`.
Each seed deals a solo game (classroom.record.deal.new_game) and plays every turn with
`best_turn` (the engine's best play; a trade of the whole rack when there is none), as
`classroom game play RECORD --best` does, until the game ends. It prints each game's total, turns,
average per turn and time, then the medians, beside the booklet's marks for a very good single
player (1000-1200 points, over 30 a turn). Peak memory: run it under `/usr/bin/time -v`.
Not collected by pytest (no test_ prefix).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from classroom.record.deal import best_turn, new_game, play_turn
from classroom.record.grammar import record_text
from classroom.record.replay import replay


def play_out(level: str, seed: int):
    """Return the record of a solo game played to the end by the engine, and the slowest turn."""
    record = new_game("solo", ("Solo",), level, seed)
    slowest = 0.0
    while True:
        game = replay(record)
        if game.ended:
            return record, game, slowest
        start = time.perf_counter()
        turn = best_turn(game)
        slowest = max(slowest, time.perf_counter() - start)
        record, _ = play_turn(record, turn)


def main(argv: list[str]) -> None:
    level = argv[argv.index("--level") + 1] if "--level" in argv else "original"
    first, last = (argv[argv.index("--seeds") + 1] if "--seeds" in argv else "1-10").split("-")
    out = Path(argv[argv.index("--write") + 1]) if "--write" in argv else None
    totals, averages, turns = [], [], []
    for seed in range(int(first), int(last) + 1):
        start = time.perf_counter()
        record, game, slowest = play_out(level, seed)
        seconds = time.perf_counter() - start
        total = game.totals["Solo"]
        average = game.average("Solo")
        trades = sum(1 for t in game.turns if t.kind == "trade")
        totals.append(total)
        averages.append(average)
        turns.append(len(game.turns))
        print(f"seed {seed:>3}: total {total:>5} in {len(game.turns):>3} turns ({trades} trades), "
              f"{average:5.1f} a turn; {seconds:6.1f} s, slowest turn {slowest:5.1f} s", flush=True)
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"solo-{level}-{seed}.txt").write_text(record_text(record), encoding="utf-8")
    print(f"median total {statistics.median(totals)}, median turns {statistics.median(turns)}, "
          f"median average {statistics.median(averages):.1f} a turn "
          f"(the booklet's very good single player: 1000-1200 points, over 30 a turn)")


if __name__ == "__main__":
    main(sys.argv[1:])
