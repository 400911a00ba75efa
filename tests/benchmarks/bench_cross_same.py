"""Benchmark: are the binder's three cross items the same items after a change to their search,
and what does each cost?

Run as `python -m tests.benchmarks.bench_cross_same [--levels junior,original,advanced]
[--seeds 1-3]`, once on the commit before the change and once after (PYTHONPATH naming the
checkout), and compare the two outputs' digests. For each level and seed it makes, with the
binder's own makers and jobs (`make.notebook.binder_jobs` and `_make`, the same streams and item
numbers as `classroom notebook`), the cross Board Situation and the 'cross' Score this play item
(one job, `cross_items`) and the 'all' item, and prints one line an item: its digest (sha256 of the item's repr and the step it
practises, so any change to a hand, a board, a play or a key changes it) and its CPU seconds
(the machine may be shared: CPU, not wall). Not collected by pytest (no test_ prefix): an item
costs tens of seconds.
"""

from __future__ import annotations

import argparse
import hashlib
import time

from classroom.game.tilesets import load_tileset
from classroom.make.notebook import BINDER, NOTEBOOK_LEVELS, SHARED, _make, binder_jobs
from tests.benchmarks.bench_cross import seeds_of

CROSS_STEPS = ("cross", "all")  # the steps of the items whose search goes through make.crossplay


def cross_jobs(level: str, seed: int) -> list[tuple]:
    """Return the binder's jobs (as make.notebook builds them) of the level's cross items."""
    jobs = binder_jobs(BINDER, load_tileset(level), seed, dict.fromkeys(BINDER.steps(), "bench"))
    return [job for job in jobs if job[0] == "cross" or (job[0] in SHARED and job[-1] in CROSS_STEPS)]


def digest(item: object, step: str) -> str:
    """Return a short digest of the item and the step it practises."""
    return hashlib.sha256(f"{step}\n{item!r}".encode()).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default=",".join(NOTEBOOK_LEVELS))
    parser.add_argument("--seeds", default="1-3")
    args = parser.parse_args()
    for level in args.levels.split(","):
        for seed in seeds_of(args.seeds):
            for job in cross_jobs(level, seed):
                start = time.process_time()
                made = _make(job)
                spent = time.process_time() - start
                # the cross job makes two items (the situation, the play to score): its time on the first
                for what, (item, step) in zip(SHARED, made) if job[0] == "cross" else [(job[0], made)]:
                    print(f"{level:9} {seed:3} {what:10} {job[5]:6} {digest(item, step)} {step:6} {spent:6.1f} s",
                          flush=True)
                    spent = 0.0


if __name__ == "__main__":
    main()
