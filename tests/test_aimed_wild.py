"""Aimed sides holding a blank are exactly the wildcard's sides of the target values.

The reference is `wildcard.blank_walk`, which walks every side holding a blank (itself checked
against trying every symbol for the blank in test_wildcard.py), written out with the blank's
symbol; the aimed search (a wild or plain prefix, the last + or −, a wild or plain term) must
give the same sides of each target value, each once, also when asked again for more values.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.game.symbols import BLANK, PLUS_MINUS
from classroom.solve.board.aim import Aiming
from classroom.solve.board.blank_aim import BlankAiming
from classroom.solve.board.blank_sides import blank_walk, expanded
from classroom.solve.board.sides import PackedHand
from tests.test_aimed import of_values, value_keys
from tests.test_wildcard import CELL, REAL_TILES, TILES


def hands(tiles: tuple, blanks: int) -> tuple:
    """Return the whole hand, the hand without blanks and the hand less one blank, packed."""
    full = PackedHand(tuple(tiles) + (BLANK,) * blanks, TILES)
    plain = PackedHand(tuple(tiles), TILES)
    rest = PackedHand(tuple(tiles) + (BLANK,) * (blanks - 1), TILES) if blanks > 1 else plain
    return full, plain, rest


def written(wild: tuple, values: set | None = None) -> dict:
    """Return one table of the sides a wildcard walk's skeletons and concrete table stand for;
    given `values`, of the sides of those values only (the same entries, the rest not written)."""
    skeletons, concrete = wild
    table = {value: {used: list(fills) for used, fills in by_used.items()}
             for value, by_used in concrete.items() if values is None or value in values}
    if values is not None:
        skeletons = [(tuple(k for k in keys if k[0] in values), members) for keys, members in skeletons]
    for key, used, fills in expanded(skeletons):
        table.setdefault(key, {}).setdefault(used, []).extend(fills)
    return table


def written_values(wild: tuple) -> set:
    """Return the values of the table `written(wild)` would return, writing no side out."""
    skeletons, concrete = wild
    return set(concrete) | {key for keys, members in skeletons if members for key, _ in keys}


def sides_holding_blank(pattern: tuple, full, plain, rest) -> dict:
    """Return the table of every side holding a blank (the wildcard walk, written out)."""
    return written(blank_walk(pattern, full, plain, rest))


def aiming(full, plain, rest) -> BlankAiming:
    """Return a BlankAiming as SideTables makes it (plain prefixes stop where a blank could be ±)."""
    plain_aiming = Aiming(plain, signs=PLUS_MINUS)
    return BlankAiming(full, plain_aiming, plain_aiming if rest is plain else Aiming(rest))


@settings(max_examples=200, deadline=None)
@given(pattern=st.lists(CELL, min_size=1, max_size=6).map(tuple),
       tiles=st.lists(st.sampled_from(REAL_TILES + ("+", "-", "×", "÷")), min_size=1, max_size=5),
       blanks=st.integers(1, 2), seed=st.integers(0, 1000))
def test_aimed_blank_sides_are_the_blank_sides_of_those_values(pattern, tiles, blanks, seed):
    """For any stretch and hand with blanks, the aimed sides of some values are the wildcard's
    sides of them; asked again for every value, the same BlankAiming gives every side."""
    full, plain, rest = hands(tuple(tiles), blanks)
    every = sides_holding_blank(pattern, full, plain, rest)
    rng = random.Random(seed)
    aimed = aiming(full, plain, rest)
    first = value_keys(every, rng, 3)
    assert of_values(aimed.aimed(pattern, first), first) == of_values(every, first)
    everything = set(every) | first
    assert of_values(aimed.aimed(pattern, everything), everything) == of_values(every, everything)


@pytest.mark.parametrize("seed", range(8))
def test_aimed_blank_sides_of_long_stretches(seed):
    """Hands with + and −, × and ÷ and one or two blanks over long stretches, as on a board:
    the first blank in the prefix, as the last + or −, in the last term, or alone in one term."""
    rng = random.Random(seed)
    for _ in range(4):
        tiles = rng.sample(["+", "-", "+", "×", "÷", "-"], 2) + rng.sample(REAL_TILES, 4)
        blanks = 1 + seed % 2
        full, plain, rest = hands(tuple(tiles), blanks)
        pattern = tuple(rng.choice((None, None, None, None, "2", "+", "1/2", "×"))
                        for _ in range(rng.randint(5, 7)))
        walked = blank_walk(pattern, full, plain, rest)
        every = written_values(walked)  # its sides written out below only for the values compared
        values = value_keys(every, rng, 5)
        found = of_values(aiming(full, plain, rest).aimed(pattern, values), values)
        assert found == of_values(written(walked, values), values), (tiles, blanks, pattern)
        assert found or not any(value in every for value in values)


@settings(max_examples=150, deadline=None)
@given(pattern=st.lists(CELL, min_size=1, max_size=6).map(tuple),
       tiles=st.lists(st.sampled_from(REAL_TILES + ("+", "-", "×", "÷")), min_size=1, max_size=5),
       blanks=st.integers(1, 2), seed=st.integers(0, 1000))
def test_blank_walk_for_some_targets_keeps_their_sides_only(pattern, tiles, blanks, seed):
    """A wildcard walk told its targets keeps exactly the sides of those values (what the whole
    walk finds for them), and no other side."""
    full, plain, rest = hands(tuple(tiles), blanks)
    walked = blank_walk(pattern, full, plain, rest)
    targets = value_keys(written_values(walked), random.Random(seed), 3)
    kept = written(blank_walk(pattern, full, plain, rest, targets=targets))
    assert set(kept) <= targets
    assert of_values(kept, targets) == of_values(written(walked, targets), targets)
