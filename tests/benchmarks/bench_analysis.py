"""Benchmark: `game analyse` on a 20-turn game whose every rack is known.

Run as `python -m tests.benchmarks.bench_analysis [--seed S] [--turns N] [--write FILE] [--page]`
(issue 44: `--seed 2 --turns 30`, a 29-turn game with eight two-blank racks).
The game is dealt by seeded simulated players (classroom.make.simulated.simulate: nine-tile
hands from the bag, one of the three best plays found within a budget, blanks saved while other
plays exist) and written as a table record, each turn's rack in brackets; the seed is the first
from --seed (default 0) whose first N turns (default 20) hold at least two racks with exactly one
blank. Each turn is analysed as `game analyse` does it (one Position, its best play), timed on
its own, wall and CPU (user and system: the machine is shared). Peak memory: run it under
`/usr/bin/time -v`. With `--page`, the whole analysis through the page instead: the record in a
fresh library, the page's app (its search processes as `classroom serve` has them), the teacher's
browser asking for `/games/NAME/analysis` every 0.1 s
as it refreshes, until the analysis is done (the time to the first turn shown, and to the end).

Target (issue 26, 2-core machine): median <= 1 s a turn, one-blank racks included.
Not collected by pytest (no test_ prefix).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

from classroom.game.symbols import BLANK
from classroom.game.tilesets import load_level
from classroom.make.simulated import simulate
from classroom.record.analysis import analysed_turn
from classroom.record.grammar import read_record
from classroom.record.replay import replay

PLAYERS = ("Red", "Blue")


def dealt_game(seed: int, turns: int) -> str:
    """Return the record of the first `turns` turns of a seeded simulated game, racks in brackets."""
    tileset = load_level("original")
    game = simulate(tileset, random.Random(f"{seed}:bench-analysis"), plays=turns, players=len(PLAYERS))
    lines = ["#equate game", "#tiles original", "#mode teams", f"#players {', '.join(game.players)}",
             f"#note simulated players, seed {seed}"]
    for turn in game.turns[:turns]:
        rack = " ".join(turn.rack)
        lines.append(f"{turn.player} [{rack}]: {turn.notation if turn.play else 'pass' if turn.kind == 'pass' else f'trade {rack}'}")
    return "\n".join(lines) + "\n"


def one_blank_racks(text: str) -> int:
    """Return how many turns of a record hold exactly one blank."""
    return sum(1 for line in text.splitlines() if "[" in line and line.split("]")[0].count(BLANK) == 1)


def main(seed: int = 0, turns: int = 20, write: Path | None = None) -> None:
    while True:
        text = dealt_game(seed, turns)
        if one_blank_racks(text) >= 2:
            break
        seed += 1
    if write is not None:
        write.write_text(text, encoding="utf-8")
    game = replay(read_record(text))
    times, blank_times, cpus = [], [], []
    for turn in game.turns:
        start, cpu = time.perf_counter(), time.process_time()
        entry = analysed_turn(game, turn, 1)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        times.append(elapsed)
        cpus.append(cpu)
        blanks = turn.rack.count(BLANK)
        if blanks == 1:
            blank_times.append(elapsed)
        print(f"line {turn.line:>2}  {blanks} blank{'s' if blanks != 1 else ' '}  {elapsed:6.2f} s  "
              f"(CPU {cpu:5.2f} s)  scored {turn.score:>3}, best {entry.top:>3}")
    print(f"seed {seed}: {len(times)} turns, median {statistics.median(times):.2f} s a turn, "
          f"max {max(times):.2f} s, total {sum(times):.1f} s (CPU {sum(cpus):.1f} s, "
          f"the slowest turn {max(cpus):.2f} s)")
    if blank_times:
        print(f"one-blank racks: {len(blank_times)}, median {statistics.median(blank_times):.2f} s, "
              f"max {max(blank_times):.2f} s")


def page(seed: int = 0, turns: int = 30) -> None:
    """Time a dealt game's analysis through the page, from the first request to the last line."""
    import tempfile

    from classroom.web import create_app
    from tests.browsers import teacher

    text = dealt_game(seed, turns)
    with tempfile.TemporaryDirectory() as folder:
        library = Path(folder) / "output"
        (library / "games").mkdir(parents=True)
        (library / "games" / "dealt.txt").write_text(text, encoding="utf-8")
        with teacher(create_app(library)) as client:
            client.sign_in()
            time.sleep(1.0)  # the search processes' fork server started, as a server's is
            start, first = time.perf_counter(), None
            while True:
                shown = client.get("/games/dealt/analysis").text
                if first is None and "   1  " in shown:
                    first = time.perf_counter() - start
                if 'id="working"' not in shown:
                    break
                time.sleep(0.1)
            total = time.perf_counter() - start
    assert "accuracy" in shown, shown[-2000:]
    print(f"seed {seed}, {turns} turns through the page: first turn shown after "
          f"{'-' if first is None else f'{first:.2f}'} s, "
          f"the whole analysis after {total:.2f} s")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if "--page" in arguments:
        page(int(arguments[arguments.index("--seed") + 1]) if "--seed" in arguments else 0,
             int(arguments[arguments.index("--turns") + 1]) if "--turns" in arguments else 30)
        sys.exit(0)

    def option(name: str, default):
        return arguments[arguments.index(name) + 1] if name in arguments else default

    main(int(option("--seed", 0)), int(option("--turns", 20)),
         Path(option("--write", "")) if "--write" in arguments else None)
