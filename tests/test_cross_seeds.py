"""Every binder holds the cross equations it promises (issue 41), for seeds 1-10 of every
notebook level, made by the binder's own jobs (`make.notebook._make`: the same seeded streams and
item numbers as `classroom notebook`):
- the cross Board Situation: every play tied at the best forms two equations;
- the cross Score this play item (made by the cross situation's search, `make.notebook.cross_items`):
  its play forms two equations, on a board other than the situation's;
- the all-at-once item: its play covers a premium square and forms two equations.

Dear (some ten minutes of CPU in all): marked `slow`, so the README's `python -m pytest` leaves
it out; `python -m pytest -m slow` runs it. Not in .ci/run (its cost). A pair put in MISSES is
expected to fail, strictly, so that a search that starts holding it says so; none is there since
the hands built from the targets (make.crossbuild) hold the six that missed.
`python -m tests.benchmarks.bench_cross` prints the same with each item's time."""

import functools

import pytest

from classroom.game.tilesets import load_tileset
from classroom.make.notebook import BINDER, NOTEBOOK_LEVELS, _make
from classroom.make.worksheet import KeyPlay

pytestmark = pytest.mark.slow
SEEDS = range(1, 11)
STEPS = BINDER.steps()
# (item, level, seed) that do not hold: none at 2026-11-28 (the six that missed before, situation
# Junior 8, Advanced 4 and 10, cross Advanced 9, 'all' Junior 10 and Advanced 9, hold with hands
# built from the targets)
MISSES: set[tuple[str, str, int]] = set()


def pairs(item: str) -> list:
    """Return the (level, seed) pairs of an item, those of MISSES expected to fail."""
    return [pytest.param(level, seed, marks=pytest.mark.xfail(reason="no cross play built within the bound yet", strict=True))
            if (item, level, seed) in MISSES else (level, seed) for level in NOTEBOOK_LEVELS for seed in SEEDS]


def holds(play: KeyPlay) -> dict[str, bool]:
    """Return what a key's play holds: a premium covered, a cross equation, the 40 bonus."""
    equations = play.breakdown.equations
    # a premium that counts, as scoreplay.features says: an = or a blank on 2S multiplies nothing
    return {"premium": any(e.multipliers or any(t.new and t.factor > 1 and t.symbol_score > 0 for t in e.tiles)
                           for e in equations),
            "cross": len(equations) >= 2,
            "bonus": play.breakdown.bonus > 0}


def made(what: str, level: str, seed: int, step: str):
    """Return the binder's item of the step (and the step it practises) for the level and seed."""
    number = STEPS[what].index(step) + 1
    return _make((what, load_tileset(level), seed, number, "test", step))


@functools.cache
def crossed(level: str, seed: int):
    """Return the binder's two cross items, each with what it practises, made by its one job
    (the situation's, then the play to score's) for the level and seed."""
    numbers = (STEPS["situations"].index("cross") + 1, STEPS["scoreplay"].index("cross") + 1)
    return _make(("cross", load_tileset(level), seed, numbers, ("test", "test"), "cross"))


@pytest.mark.parametrize("level, seed", pairs("situation"))
def test_the_cross_situation_crosses_in_every_best_play(level, seed):
    (item, step), _ = crossed(level, seed)
    assert step == "cross", f"the cross situation fell back to {step!r}"
    assert item.best and all(holds(play)["cross"] for play in item.best)


@pytest.mark.parametrize("level, seed", pairs("cross"))
def test_the_cross_play_to_score_forms_two_equations(level, seed):
    (situation, _), (item, focus) = crossed(level, seed)
    assert focus == "cross", f"the cross item fell back to {focus!r}"
    assert holds(item.play)["cross"]
    assert item.board != situation.board


@pytest.mark.parametrize("level, seed", pairs("all"))
def test_the_all_at_once_play_covers_a_premium_and_crosses(level, seed):
    item, focus = made("scoreplay", level, seed, "all")
    assert focus == "all"
    found = holds(item.play)
    assert found["premium"] and found["cross"], f"the play holds only {found}"
