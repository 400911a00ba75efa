"""Benchmark: does every binder hold the cross equations it promises (issue 41 item 2)?

Run as `python -m tests.benchmarks.bench_cross [--levels junior,original,advanced] [--seeds 1-10]`.
For each level and seed it makes only the binder's three items that promise a cross equation,
with the binder's own makers and jobs (`make.notebook._make`, the same seeded streams and item
numbers as `classroom notebook`), not the whole binder:
- the cross Board Situation: does every best play of its key form two equations?
- the cross Score this play item (made by the situation's job, `make.notebook.cross_items`): does
  its play form two equations (or did it fall back)?
- the all-at-once Score this play item: does its play cover a premium, form two equations,
  place all nine tiles (the 40 bonus)?
It prints one line a pair with each item's CPU seconds (the machine may be shared: CPU, not
wall), then how many pairs hold each promise. The bar (issue 41): all of them, for seeds 1-10
of the three levels. Not collected by pytest (no test_ prefix): an item costs tens of seconds.
"""

from __future__ import annotations

import argparse
import time

from classroom.game.tilesets import load_tileset
from classroom.make.notebook import BINDER, NOTEBOOK_LEVELS, _make
from tests.test_cross_seeds import holds


def seeds_of(text: str) -> list[int]:
    """Return the seeds of '1-10' or '1,3,7'."""
    if "-" in text:
        first, last = text.split("-")
        return list(range(int(first), int(last) + 1))
    return [int(s) for s in text.split(",")]


def timed(job: tuple) -> tuple[object, float]:
    """Return what one binder job made (an item and its step, or the cross job's two such
    pairs), and the CPU seconds it took."""
    start = time.process_time()
    made = _make(job)
    return made, time.process_time() - start


def main() -> None:
    """Print what each pair's cross items hold, and the totals."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--levels", default=",".join(NOTEBOOK_LEVELS))
    parser.add_argument("--seeds", default="1-10")
    args = parser.parse_args()
    steps = BINDER.steps()
    situation = steps["situations"].index("cross") + 1
    cross, every = (steps["scoreplay"].index(focus) + 1 for focus in ("cross", "all"))
    totals = {"situation": 0, "cross": 0, "all": 0, "all+bonus": 0}
    pairs = 0
    for level in args.levels.split(","):
        tileset = load_tileset(level)
        for seed in seeds_of(args.seeds):
            pairs += 1
            ((found, step), (item, focus)), cpu_cross = timed(("cross", tileset, seed, (situation, cross),
                                                                ("bench", "bench"), "cross"))
            best = found.best
            situation_holds = step == "cross" and bool(best) and all(holds(p)["cross"] for p in best)
            # an item that fell back to 'all' may cross too, but practises no cross equation alone
            cross_holds = focus == "cross" and holds(item.play)["cross"]
            (item, _), cpu_all = timed(("scoreplay", tileset, seed, every, "bench", "all"))
            all_holds = holds(item.play)
            at_once = all_holds["premium"] and all_holds["cross"]
            totals["situation"] += situation_holds
            totals["cross"] += cross_holds
            totals["all"] += at_once
            totals["all+bonus"] += at_once and all_holds["bonus"]
            print(f"{level:9} {seed:3}  situation {'yes' if situation_holds else 'NO '}"
                  f"  cross {'yes' if cross_holds else 'NO '} (both) {cpu_cross:6.1f} s"
                  f"  all {' '.join(k for k, v in all_holds.items() if v) or 'nothing'} {cpu_all:6.1f} s",
                  flush=True)
    print(f"of {pairs} pairs: " + ", ".join(f"{name} {count}" for name, count in totals.items()))


if __name__ == "__main__":
    main()
