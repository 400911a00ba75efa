"""Benchmark: the best play under horizontal play (solve/horizontal.py), the turns of dealt games.

Run as `python -m tests.benchmarks.bench_horizontal [GAMES] [--level L]`. GAMES (default 3, seeds
1..GAMES) teams games of the level (default add-subtract) are played horizontally to their end
by the engine; each turn's best play is timed alone (what `game play --best`, the reveal and a
turn of the analysis compute). Prints the median and the slowest, early boards and late ones
apart. Not collected by pytest (no test_ prefix).
"""

from __future__ import annotations

import statistics
import sys
import time

from classroom.game.horizontal import HORIZONTAL
from classroom.record.deal import best_turn, new_game, play_turn
from classroom.record.replay import replay
from classroom.solve.horizontal import Horizontal


def timed_game(seed: int, level: str) -> list[float]:
    """Return the seconds each turn's best play took in a game played to its end."""
    record = new_game("teams", ("Red", "Blue"), level, seed).with_header(play=HORIZONTAL)
    game = replay(record)
    times = []
    while not game.ended and len(times) < 200:
        rack = game.rack(game.next_player)
        start = time.perf_counter()
        Horizontal(game.board, rack, game.tileset).best()
        times.append(time.perf_counter() - start)
        record, game = play_turn(record, best_turn(game), game=game)
    return times


def main(words: list[str]) -> None:
    level = words[words.index("--level") + 1] if "--level" in words else "add-subtract"
    games = int(next((w for w in words if w.isdigit()), "3"))
    times = [timed_game(seed, level) for seed in range(1, games + 1)]
    early = [t for game in times for t in game[:6]]
    late = [t for game in times for t in game[6:]]
    for name, part in (("first 6 turns", early), ("later turns", late), ("all", early + late)):
        if part:
            print(f"{level}, {name}: {len(part)} turns, median {statistics.median(part):.3f} s, "
                  f"slowest {max(part):.3f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
