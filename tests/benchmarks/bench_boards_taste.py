"""Boards a class would make: the largest Numbers on Board Situations boards and in their winning
plays, and the zero tricks among the winning plays, per level (issue 40).

Run as `python -m tests.benchmarks.bench_boards_taste [--seeds 10] [--count 5] [--levels junior,original]`.
For each seed 1..N it makes the situations `classroom situations --seed S --count C --level L`
makes (the same item streams, in this process) and reports, per level: the most digits of a
Number on any board and in any winning play (every play tied at the best), how many boards and
winning plays hold a Number longer than the level's taste allows, how many winning plays hold a
zero trick, and the seconds taken. It reads only what every version of the tool has
(`find_situation`, `item_rng`, `game.taste`) but `board_strings` (new with the class player:
copy it in to measure an older version).
"""

from __future__ import annotations

import sys
import time

from classroom.game.plays import main_run
from classroom.game.taste import digits, is_zero_trick, numbers_in
from classroom.game.tilesets import load_level
from classroom.make.sets import item_rng
from classroom.make.simulated import board_strings
from classroom.make.situation_rules import SituationRules
from classroom.make.situations import find_situation


def longest(lines: list[list[str]]) -> int:
    """Return the most digits of a Number in any of the lines of tiles."""
    return max((digits(n) for line in lines for n in numbers_in(line)), default=0)


def main(seeds: int = 10, count: int = 5, levels: tuple[str, ...] = ("junior", "original")) -> None:
    """Print one line a level."""
    for level in levels:
        tileset = load_level(level)
        allowed = tileset.taste.largest_digits or 99
        boards = winners = long_boards = long_winners = tricks = 0
        board_max = winner_max = 0
        start = time.perf_counter()
        for seed in range(1, seeds + 1):
            for number in range(1, count + 1):
                situation = find_situation(tileset, item_rng(seed, "situations", number), SituationRules())
                on_board = longest(board_strings(situation.board))
                boards += 1
                board_max = max(board_max, on_board)
                long_boards += on_board > allowed
                best = [c for c in situation.plays if c.score == situation.plays[0].score]
                for candidate in best:
                    after = situation.board.place(candidate.play.placements)
                    line = [after.tile(s) for s in main_run(situation.board, candidate.play)]
                    in_play = longest([line])
                    winners += 1
                    winner_max = max(winner_max, in_play)
                    long_winners += in_play > allowed
                    tricks += is_zero_trick(line)
        seconds = time.perf_counter() - start
        print(f"{level:<10} {seeds} seeds x {count}: largest Number on a board {board_max} digits "
              f"({long_boards} of {boards} boards over {allowed}); in a winning play {winner_max} digits "
              f"({long_winners} of {winners} over {allowed}); zero tricks in winning plays {tricks}; "
              f"{seconds:.0f} s", flush=True)


if __name__ == "__main__":
    args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
    main(int(args.get("--seeds", 10)), int(args.get("--count", 5)),
         tuple(args.get("--levels", "junior,original").split(",")))
