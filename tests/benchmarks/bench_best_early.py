"""Benchmark: the best play for a nine-tile hand holding blanks, on early boards (issue 29 item 6).

Run as `python -m tests.benchmarks.bench_best_early [--blanks B ...] [--groups G ...] [--seeds N]
[--timeout S] [--first] [--save DIR | --compare DIR]`.

Groups of positions, each with nine-tile hands holding exactly B blanks (default: 1 and 2):
- `empty`: the empty board (a first move), N seeded hands from the whole bag;
- `after1` .. `after5`: a simulated game's board after 1..5 plays (five-tile hands, as
  tests/benchmarks/bench_best deals its mid-game boards of six), a hand from the bag left;
- `booklet`: the board of the booklet's five sample plays (docs/rules.md §8), N seeded hands from
  the bag left, plus issue 29's hand `6 × 9 - ? ? 1 2 3` (with one blank: `6 × 9 - ? 1 2 3 4`);
- `mid`: the 20 mid-game boards of bench_best (seeds 0..19), not early, for the same table.

Each position runs in a process of its own under `/usr/bin/time -v`, so its peak memory
("Maximum resident set size") is its own; the time is the Position's set-up and `best()`,
in-process, wall and CPU (user and system: the machine is shared). With `--first`, the question
the page's reveal asks (`top(1)`: the first best play only, issue 44 item 3) instead of every play
tied best. A position past `--timeout` seconds (default 600) is reported as such. Per group:
median and max time (wall; CPU beside it), max peak. `--save DIR` writes each position's best
plays (all tied at the best score; the first only, with `--first`) as JSON; `--compare DIR`
checks them against a saved run and fails on a difference.

Targets (issue 29): one blank, early boards max <= 3 s (mid: median <= 0.5 s, max <= 3 s,
<= 300 MB); two blanks max <= 15 s and <= 1 GB on every board. Issue 44: the two-blank reveal
(`--blanks 2 --first`) <= 2 s on every early board. Not collected by pytest (no test_
prefix).
"""

from __future__ import annotations

import json
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from classroom.game.bag import draw
from classroom.game.board import Board
from classroom.game.symbols import BLANK
from classroom.game.tilesets import load_level
from classroom.make.simulated import simulate
from classroom.solve.board.position import Position
from tests.benchmarks.bench_best import position as mid_position

GROUPS = ("empty", "after1", "after2", "after3", "after4", "after5", "booklet", "mid")

# the booklet's five sample plays (docs/rules.md §8), as tests/test_plays.py plays them
BOOKLET_PLAYS = (
    (("J10", "2"), ("K10", "4"), ("L10", "÷"), ("M10", "3"), ("N10", "="), ("O10", "8")),
    (("O9", "2"), ("O11", "="), ("O12", "4"), ("O13", "×"), ("O14", "7")),
    (("M12", "4"), ("N12", "=")),
    (("I12", "7"), ("J12", "+"), ("K12", "9"), ("L12", "×"), ("P12", "3")),
    (("F9", "7/4"), ("G9", "="), ("H9", "3/4"), ("I9", "+"), ("J9", "1")),
)
ISSUE_HANDS = {1: "6 × 9 - ? 1 2 3 4", 2: "6 × 9 - ? ? 1 2 3"}


def booklet_board() -> Board:
    """Return the board after the booklet's five sample plays."""
    from classroom.game.board import Placement, parse_square
    board = Board()
    for play in BOOKLET_PLAYS:
        board = board.place([Placement(parse_square(square), tile) for square, tile in play])
    return board


def hand_from(bag, blanks: int, rng: random.Random) -> tuple:
    """Return a nine-tile hand from the bag with exactly `blanks` blanks."""
    hand, _ = draw(tuple(t for t in bag if t != BLANK), 9 - blanks, rng)
    return tuple(sorted(hand)) + (BLANK,) * blanks


def positions(group: str, seeds: int, blanks: int, tileset) -> list[tuple[str, Board, tuple]]:
    """Return the group's positions as (name, board, hand)."""
    found = []
    if group == "mid":
        for seed in range(20):
            board, hand = mid_position(seed, tileset, blanks)
            found.append((f"mid-{seed}", board, hand))
    elif group == "empty":
        for seed in range(seeds):
            rng = random.Random(f"empty:{seed}")
            found.append((f"empty-{seed}", Board(), hand_from(tuple(sorted(tileset.bag)), blanks, rng)))
    elif group.startswith("after"):
        plays = int(group[len("after"):])
        for seed in range(seeds):
            rng = random.Random(seed)
            game = simulate(tileset, rng, plays=plays, hand_size=5)
            found.append((f"{group}-{seed}", game.board, hand_from(game.pile, blanks, rng)))
    elif group == "booklet":
        board = booklet_board()
        bag = list(sorted(tileset.bag))
        for play in BOOKLET_PLAYS:
            for _, tile in play:
                if tile in bag:  # the `=` squares are not tiles of the bag
                    bag.remove(tile)
        for seed in range(seeds):
            rng = random.Random(f"booklet:{seed}")
            found.append((f"booklet-{seed}", board, hand_from(tuple(bag), blanks, rng)))
        found.append(("booklet-issue", board, tuple(ISSUE_HANDS[blanks].split())))
    return found


def run_one(group: str, seeds: int, blanks: int, name: str, save: str | None, first: bool = False) -> None:
    """Time one position in this process (its first best play only, with `first`); print its
    time and best score; save its best plays."""
    tileset = load_level("original")
    for title, board, hand in positions(group, seeds, blanks, tileset):
        if title != name:
            continue
        start, cpu = time.perf_counter(), time.process_time()
        found = Position(board, hand, tileset)
        best = found.top(1) if first else found.best()
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(json.dumps({"time": elapsed, "cpu": cpu, "best": best[0].score if best else None,
                          "ties": len(best), "hand": " ".join(hand)}))
        if save:
            plays = [[c.score, c.play.direction.value,
                      [[p.square[0], p.square[1], p.tile] for p in c.play.placements]] for c in best]
            Path(save, f"{name}-b{blanks}.json").write_text(json.dumps(plays), encoding="utf-8")
        return
    raise SystemExit(f"no position {name}")


def measure(group: str, seeds: int, blanks: int, name: str, save: str | None,
            timeout: float, first: bool = False) -> dict:
    """Run one position under /usr/bin/time -v; return its time, CPU, peak (MB) and best score."""
    command = ["/usr/bin/time", "-v", sys.executable, "-m", "tests.benchmarks.bench_best_early",
               "--one", name, "--groups", group, "--seeds", str(seeds), "--blanks", str(blanks)]
    if first:
        command += ["--first"]
    if save:
        command += ["--save", save]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"name": name, "time": None, "cpu": None, "peak": None, "best": None, "hand": ""}
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    if done.returncode != 0 or not peak:
        raise SystemExit(f"{name}: failed\n{done.stderr[-2000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return {"name": name, "time": result["time"], "cpu": result["cpu"], "peak": int(peak.group(1)) / 1024,
            "best": result["best"], "ties": result["ties"], "hand": result["hand"]}


def compare(save: str, other: str) -> list[str]:
    """Return the positions whose saved best plays differ between two runs' folders."""
    differ = []
    for path in sorted(Path(save).glob("*.json")):
        twin = Path(other, path.name)
        if twin.exists() and json.loads(path.read_text()) != json.loads(twin.read_text()):
            differ.append(path.stem)
    return differ


def main() -> None:
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(description="Time the best play with blanks on early boards.")
    parser.add_argument("--blanks", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--groups", nargs="+", default=list(GROUPS[:-1]), choices=GROUPS)
    parser.add_argument("--seeds", type=int, default=5, help="seeded hands (boards) a group")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds a position may take")
    parser.add_argument("--save", help="folder for each position's best plays")
    parser.add_argument("--compare", help="a saved run's folder: fail when a best play differs")
    parser.add_argument("--first", action="store_true", help="the first best play only, as the reveal asks")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        run_one(args.groups[0], args.seeds, args.blanks[0], args.one, args.save, args.first)
        return
    save = args.save or (tempfile.mkdtemp() if args.compare else None)
    if save:
        Path(save).mkdir(parents=True, exist_ok=True)
    tileset = load_level("original")
    for blanks in args.blanks:
        for group in args.groups:
            results = []
            for name, _, _ in positions(group, args.seeds, blanks, tileset):
                result = measure(group, args.seeds, blanks, name, save, args.timeout, args.first)
                results.append(result)
                shown = (f"{result['time']:7.2f} s (CPU {result['cpu']:5.2f} s) {result['peak']:7.0f} MB  "
                         f"best {result['best']}"
                         f" ({result['ties']} tied)" if result["time"] is not None
                         else f"over {args.timeout:.0f} s")
                print(f"  {blanks} blank{'s' if blanks > 1 else ''}  {name:14s} {shown}  "
                      f"hand {result['hand']}", flush=True)
            times = [r["time"] for r in results if r["time"] is not None]
            cpus = [r["cpu"] for r in results if r["cpu"] is not None]
            over = len(results) - len(times)
            peaks = [r["peak"] for r in results if r["peak"] is not None]
            if times:
                print(f"{blanks} blank{'s' if blanks > 1 else ''}, {group}: {len(results)} positions: "
                      f"median {statistics.median(times):.2f} s, max {max(times):.2f} s "
                      f"(CPU median {statistics.median(cpus):.2f} s, max {max(cpus):.2f} s), "
                      f"peak {max(peaks):.0f} MB" + (f"; {over} over {args.timeout:.0f} s" if over else ""),
                      flush=True)
            else:
                print(f"{blanks} blanks, {group}: all {over} over {args.timeout:.0f} s", flush=True)
    if args.compare:
        differ = compare(save, args.compare)
        print("best plays: " + ("identical to " + args.compare if not differ
                                else "DIFFER on " + ", ".join(differ)))
        if differ:
            raise SystemExit(1)


if __name__ == "__main__":
    main()
