"""Benchmark: the projector page's reveal (the best play for the rack in play).

Run as `python -m tests.benchmarks.bench_reveal [POSITIONS] [--games G] [--turns T]`.
Two parts, in one process (peak memory: run it under `/usr/bin/time -v`):
- POSITIONS (default 20) seeded mid-game boards of tests/benchmarks/bench_best with a nine-tile
  rack holding one blank, each revealed once (what the page computes, without the cache);
- G dealt teams games (default 4, seeds 1..G), the first T turns of each (default 8) played by
  the engine, each turn revealed through the page itself (GET /games/NAME?reveal=1, a fresh
  request, nothing cached): racks as the bag deals them, blanks included, early boards first.

Target (issue 27): median <= 1 s for nine-tile racks, one blank included. Not collected by
pytest (no test_ prefix).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from classroom.game.tilesets import load_level
from classroom.record.deal import best_turn, new_game, play_turn
from classroom.record.replay import replay
from classroom.store.games import load_game, save_game
from classroom.web import create_app
from classroom.web.searches import Reveals, Searches
from tests.benchmarks.bench_best import position, summary
from tests.browsers import teacher


def positions(count: int) -> list[float]:
    tileset = load_level("original")
    times = []
    searches = Searches()
    reveals = Reveals(searches)
    try:
        for seed in range(count):
            board, hand = position(seed, tileset, blanks=1)
            start = time.perf_counter()
            reveals.best(board, hand, tileset)
            times.append(time.perf_counter() - start)
    finally:
        searches.close()
    return times


def games(count: int, turns: int) -> list[float]:
    library = Path(tempfile.mkdtemp())
    times = []
    with teacher(create_app(library)) as client:
        client.sign_in()
        for seed in range(1, count + 1):
            name = f"bench-{seed}"
            save_game(library, name, new_game("teams", ("Red", "Blue"), "original", seed))
            for _ in range(turns):
                record = load_game(library, name)
                game = replay(record)
                if game.ended:
                    break
                start = time.perf_counter()
                answer = client.get(f"/games/{name}?reveal=1")
                times.append(time.perf_counter() - start)
                assert answer.status_code == 200, answer.text[-500:]
                save_game(library, name, play_turn(record, best_turn(game))[0])
    return times


def main(argv: list[str]) -> None:
    count = int(argv[0]) if argv and argv[0].isdigit() else 20
    options = dict(zip(argv[1::2], argv[2::2])) if argv and argv[0].isdigit() else dict(zip(argv[::2], argv[1::2]))
    print(summary("reveal, nine tiles with one blank, mid-game boards", positions(count)), flush=True)
    print(summary("reveal through the page, dealt games' turns (blanks as dealt)",
                  games(int(options.get("--games", 4)), int(options.get("--turns", 8)))), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
