"""Aimed sides are exactly the sides of the target values that listing every side finds.

The reference is `sides.walk`, which lists every side of a stretch; the aimed search (prefix,
last + or −, last term, joined by value) must give the same sides for each target value, each
once, also when one Aiming is asked again with more targets (its cache grows).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.game.symbols import BLANK
from classroom.game.tilesets import load_level
from classroom.solve.board import aim, meet
from classroom.solve.board.aim import Aiming
from classroom.solve.board.sides import PackedHand, count_walk, walk
from tests.test_wildcard import CELL, REAL_TILES, TILES, listed


def every_side(pattern: tuple, hand: PackedHand) -> dict:
    """Return the table of every side filling the whole pattern (the slow, plain way)."""
    stops = (False,) * (len(pattern) - 1) + (True,)
    return walk(pattern, stops, hand).get(len(pattern) - 1, {})


def of_values(table: dict, values) -> list:
    """Return the table's sides whose value is one of the values, sorted."""
    return listed({value: by for value, by in table.items() if value in values})


def value_keys(table: dict, rng: random.Random, many: int) -> set:
    """Return up to `many` of the table's values, plus a few values no side may have."""
    keys = sorted(table, key=repr)
    return set(rng.sample(keys, min(many, len(keys)))) | {0, 1, 12, (1, 2), (7, 3), 1000}


@settings(max_examples=200, deadline=None)
@given(pattern=st.lists(CELL, min_size=1, max_size=7).map(tuple),
       tiles=st.lists(st.sampled_from(REAL_TILES), min_size=1, max_size=7),
       seed=st.integers(0, 1000))
def test_aimed_sides_are_the_sides_of_those_values(pattern, tiles, seed):
    """For any stretch and hand, the aimed sides of some values are the listed sides of them;
    asked again for every value, the same Aiming gives every side."""
    hand = PackedHand(tuple(tiles), TILES)
    every = every_side(pattern, hand)
    rng = random.Random(seed)
    aiming = Aiming(hand)
    first = value_keys(every, rng, 3)
    assert of_values(aiming.aimed(pattern, first), first) == of_values(every, first)
    everything = set(every) | first
    assert of_values(aiming.aimed(pattern, everything), everything) == listed(every)


@pytest.mark.parametrize("seed", range(6))
def test_aimed_sides_of_long_operation_rich_stretches(seed):
    """Nine-tile hands with several + and − over long open stretches, as on a real board."""
    rng = random.Random(seed)
    for _ in range(6):
        tiles = rng.sample(["+", "-", "+", "×", "÷", "-"], 3) + rng.sample(REAL_TILES, 6)
        hand = PackedHand(tuple(tiles), TILES)
        pattern = tuple(rng.choice((None, None, None, None, "2", "+", "1/2")) for _ in range(rng.randint(5, 8)))
        every = every_side(pattern, hand)
        values = value_keys(every, rng, 5)
        found = of_values(Aiming(hand).aimed(pattern, values), values)
        assert found == of_values(every, values), (tiles, pattern)
        assert found or not any(value in every for value in values)


ADVANCED = load_level("advanced")
ADVANCED_TILES = tuple(sorted(t for t in set(ADVANCED.bag) if t != BLANK))


@pytest.mark.parametrize("seed", range(8))
def test_aimed_sides_with_negative_and_exponent_tiles(seed):
    """With the Advanced set, prefixes and terms may be below zero and Numbers hold negative
    and exponent tiles (and a blank is tried as each symbol): the same sides as listing them."""
    rng = random.Random(seed)
    for _ in range(4):
        tiles = rng.sample(["+", "-", "-", "×", "÷"], 2) + rng.sample(ADVANCED_TILES, 4)
        tiles += [BLANK] if seed % 4 == 0 else rng.sample(ADVANCED_TILES, 1)
        hand = PackedHand(tuple(tiles), ADVANCED)
        pattern = tuple(rng.choice((None, None, None, None, "2", "-")) for _ in range(rng.randint(5, 7)))
        every = every_side(pattern, hand)
        values = value_keys(every, rng, 6) | {-1, -12, (-5, 2)}
        found = of_values(Aiming(hand).aimed(pattern, values), values)
        assert found == of_values(every, values), (tiles, pattern)


@pytest.mark.parametrize("seed", range(8))
def test_aimed_terms_split_at_their_last_times_or_divide(seed, monkeypatch):
    """Whole terms split at their last × or ÷ (from a few empty squares on, to reach short
    stretches too): hands rich in × and ÷, with 0 and fractions, give the listed sides."""
    monkeypatch.setattr(aim, "TERM_AIM_FROM", 1 + seed % 3)
    rng = random.Random(seed)
    for _ in range(8):
        if seed % 2:
            tiles = rng.sample(["×", "÷", "×", "÷", "+", "-"], 3) + rng.sample(REAL_TILES, 5)
        else:  # one × or ÷: a term is two Numbers, either written from its value when long
            tiles = [rng.choice("×÷"), rng.choice("+-")] + rng.sample(REAL_TILES + ("0", "1", "1"), 6)
        hand = PackedHand(tuple(tiles), TILES)
        pattern = tuple(rng.choice((None, None, None, None, "0", "×", "3/4", "2")) for _ in range(rng.randint(3, 8)))
        every = every_side(pattern, hand)
        values = value_keys(every, rng, 6) | {0}
        for counting in (False, True):
            found = Aiming(hand, counting).aimed(pattern, values)
            if counting:
                reference = count_walk(pattern, (False,) * (len(pattern) - 1) + (True,), hand).get(len(pattern) - 1, {})
                assert {v: by for v, by in found.items() if v in values} == \
                    {v: by for v, by in reference.items() if v in values}, (tiles, pattern)
            else:
                assert of_values(found, values) == of_values(every, values), (tiles, pattern)


@pytest.mark.parametrize("tiles, pattern", [
    (("÷", "0", "+"), ("0", None, None)),  # 0 ÷ 0 is no side
    (("×", "1", "2", "3", "4", "5", "-"), (None,) * 6 + ("0",)),  # every a × 0 (a long)
    (("×", "0", "1", "2", "3", "4", "5"), (None,) * 7),  # 0 × b, a × 0, a × b
    (("÷", "0", "1", "2", "3", "4", "5"), (None,) * 7),  # 0 ÷ b, a ÷ b
])
def test_aimed_terms_with_a_zero(tiles, pattern, monkeypatch):
    """A Number 0 on either side of the one × or ÷: the aimed terms of value 0 (and others)
    are the listed ones."""
    monkeypatch.setattr(aim, "TERM_AIM_FROM", 1)
    hand = PackedHand(tiles, TILES)
    every = every_side(pattern, hand)
    values = set(every) | {0, 1, 6}
    assert of_values(Aiming(hand).aimed(pattern, values), values) == of_values(every, values)


@pytest.mark.parametrize("aim_from, most", [(1, 10 ** 6), (2, 40), (3, 400)])
@pytest.mark.parametrize("seed", range(10))
def test_prefixes_aimed_in_turn(aim_from, most, seed, monkeypatch):
    """Prefixes and term prefixes aimed in turn at the values they need (always, or while few),
    a × 0 meeting every term prefix, and the cache grown by more targets: listing and counting
    give the sides of walking every side whole."""
    monkeypatch.setattr(aim, "PREFIX_AIM_FROM", aim_from)
    monkeypatch.setattr(aim, "PREFIX_TARGETS", most)
    monkeypatch.setattr(aim, "TERM_AIM_FROM", 1 + seed % 2)
    rng = random.Random(seed)
    for _ in range(6):
        tiles = rng.sample(["+", "-", "+", "×", "÷", "×", "÷"], 3 + seed % 2) + rng.sample(
            REAL_TILES + ("0", "0", "1"), 5)
        hand = PackedHand(tuple(tiles), TILES)
        pattern = tuple(rng.choice((None, None, None, None, None, "0", "+", "×", "2", "1/2"))
                        for _ in range(rng.randint(4, 8)))
        every = every_side(pattern, hand)
        counted = count_walk(pattern, (False,) * (len(pattern) - 1) + (True,), hand).get(len(pattern) - 1, {})
        first = value_keys(every, rng, 2) | {0}
        more = value_keys(every, rng, 8) | first
        for counting in (False, True):
            aiming = Aiming(hand, counting)
            for values in (first, more):
                found = aiming.aimed(pattern, values)
                if counting:
                    assert {v: by for v, by in found.items() if v in values} == \
                        {v: by for v, by in counted.items() if v in values}, (tiles, pattern)
                else:
                    assert of_values(found, values) == of_values(every, values), (tiles, pattern)


def signs_held(table: dict, signs: int) -> dict:
    """Return the listed table's sides that hold at least `signs` of the hand's + and −."""
    return {v: {u: [f for f in fills if sum(t in ("+", "-") for t in f) >= signs] for u, fills in by.items()}
            for v, by in table.items()}


@settings(max_examples=200, deadline=None)
@given(pattern=st.lists(st.sampled_from((None, None, None, None, "+", "2", "×")), min_size=3, max_size=8).map(tuple),
       tiles=st.lists(st.sampled_from(REAL_TILES + ("+", "+", "-", "-")), min_size=3, max_size=8),
       signs=st.integers(0, 3), seed=st.integers(0, 1000))
def test_aimed_sides_holding_some_signs(pattern, tiles, signs, seed):
    """Asked for the sides holding at least some of the hand's + and − (the other side of a
    window leaves them), aimed sides are listed sides, and hold every such side of the target
    values; a table asked for with fewer serves too, and counting agrees."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(aim, "PREFIX_AIM_FROM", 1 + seed % 3)
        check_signs_held(pattern, tiles, signs, seed)


def check_signs_held(pattern: tuple, tiles: list, signs: int, seed: int) -> None:
    """The checks of test_aimed_sides_holding_some_signs for one stretch, hand and number."""
    hand = PackedHand(tuple(tiles), TILES)
    every = every_side(pattern, hand)
    rng = random.Random(seed)
    values = value_keys(every, rng, 4)
    aiming = Aiming(hand)
    if seed % 2:
        aiming.aimed(pattern, value_keys(every, rng, 2), max(0, signs - 1))  # fewer signs, maybe too few values
    found = of_values(aiming.aimed(pattern, values, signs), values)
    assert set(found) <= set(of_values(every, values))
    assert set(of_values(signs_held(every, signs), values)) <= set(found), (tiles, pattern, signs)
    counted = Aiming(hand, True).aimed(pattern, values, signs)
    held = {}
    for value, by in every.items():
        for used, fills in by.items():
            if value in values and fills and all(sum(t in ("+", "-") for t in f) >= signs for f in fills):
                held.setdefault(value, {})[used] = len(fills)
    for value, by in held.items():  # every count of sides all holding them is whole
        for used, many in by.items():
            assert counted[value][used] == many, (tiles, pattern, signs)


@pytest.mark.parametrize("tiles, pattern", [
    (("÷", "×", "0", "0", "5", "3"), (None,) * 5),  # 5 ÷ 0 × 0 is no side; 0 ÷ 5 × 0 is
    (("÷", "×", "×", "0", "0", "1", "2", "3"), (None,) * 7),
    (("×", "0", "4", "2", "1/2", "+"), (None, "÷", None, None, None)),  # 4 ÷ 2 × 0, 4 ÷ 1/2 × 0
])
def test_term_prefixes_times_zero_counted_by_tiles(tiles, pattern, monkeypatch):
    """Counting, a × 0 of target 0 meets every term prefix whatever its value (counted by tiles
    used alone), but never one dividing by 0: the counts of walking every side."""
    monkeypatch.setattr(aim, "TERM_AIM_FROM", 1)
    monkeypatch.setattr(aim, "PREFIX_AIM_FROM", 1)
    hand = PackedHand(tiles, TILES)
    counted = count_walk(pattern, (False,) * (len(pattern) - 1) + (True,), hand).get(len(pattern) - 1, {})
    assert counted.get(0)
    values = {0, 1, 2, 6}
    found = Aiming(hand, True).aimed(pattern, values)
    assert {v: by for v, by in found.items() if v in values} == {v: by for v, by in counted.items() if v in values}


VALUE = st.sampled_from([0, 1, 2, 3, 4, 6, 12, 36, (1, 2), (3, 4), (3, 2), (9, 4)])


@settings(max_examples=300, deadline=None)
@given(prefixes=st.sets(VALUE, max_size=8), numbers=st.sets(VALUE, max_size=8),
       targets=st.sets(VALUE, min_size=1, max_size=8), times=st.booleans())
def test_products_meet_every_product(prefixes, numbers, targets, times):
    """Term prefixes p and last Numbers N meet a target v when p × N = v (or p ÷ N, never by
    0), whichever two of the three `products` loops over: each pair once, as trying every one."""
    from fractions import Fraction

    def value(key):
        n, d = meet.pair(key)
        return Fraction(n, d)

    expected = sorted(((v, p, n) for p in prefixes for n in numbers for v in targets
                      if (value(p) * value(n) if times else value(n) and value(p) / value(n)) == value(v)
                      and (times or value(n))), key=repr)
    prefix_table = {p: {p: 1} for p in prefixes}  # by "tiles used": the value itself, to tell them apart
    number_table = {n: {n: 1} for n in numbers}
    found = sorted(((v, next(iter(p_by)), next(iter(n_by))) for v, p_by, n_by in meet.products(
        prefix_table, number_table, targets, [meet.pair(v) for v in targets], times)), key=repr)
    assert found == expected


WHOLE = st.sampled_from([0, 1, 2, 3, 4, 5, 6, 7, 12, 36])
MIXED = st.one_of(VALUE, st.sampled_from([5, 7, 10, 21, (1, 3), (2, 3), (5, 6), (7, 2), (10, 3), (21, 4)]))
TABLE = st.one_of(st.sets(WHOLE, max_size=8), st.sets(MIXED, max_size=10))


@settings(max_examples=300, deadline=None)
@given(prefixes=TABLE, numbers=TABLE, targets=st.one_of(st.sets(WHOLE, min_size=1, max_size=8),
                                                        st.sets(MIXED, min_size=1, max_size=10)),
       times=st.booleans())
def test_whole_shortcuts_meet_as_the_slow_path(prefixes, numbers, targets, times):
    """The joins by product and quotient that filter whole values at C speed (meet.WHOLE_SHORTCUTS)
    yield what the step-by-step loops yield, in the same order: `products` (whichever two of
    the three it loops over), `first_looked_up` and `last_looked_up`."""
    prefix_table = {p: {p: 1} for p in prefixes}
    number_table = {n: {n: 1} for n in numbers}
    goals = [meet.pair(v) for v in targets]

    def met():
        return [[(v, next(iter(a_by)), next(iter(b_by))) for v, a_by, b_by in joins] for joins in (
            meet.products(prefix_table, number_table, targets, goals, times),
            meet.first_looked_up(prefix_table, lambda: prefix_table, number_table, goals, times),
            meet.last_looked_up(prefix_table, number_table, lambda: number_table, goals, times))]

    fast = met()
    meet.WHOLE_SHORTCUTS = False
    try:
        assert fast == met()
    finally:
        meet.WHOLE_SHORTCUTS = True


WIDE = st.one_of(MIXED, st.sampled_from([50, 99, 100, 144, 250, 999, 1000, 4321, (101, 2), (1000, 3), (7, 12)]))


@settings(max_examples=300, deadline=None)
@given(prefixes=st.sets(WIDE, max_size=12), numbers=st.sets(WIDE, max_size=12),
       targets=st.sets(WIDE, min_size=1, max_size=12), more=st.sets(WIDE, max_size=4), times=st.booleans(),
       pattern=st.lists(st.sampled_from((None, None, None, "1", "2")), min_size=2, max_size=4).map(tuple),
       tiles=st.lists(st.sampled_from(("1", "2", "3", "5", "9", "0", "1/2", "3/4", "2/3")), min_size=2, max_size=7))
def test_value_ranges_meet_as_the_full_loops(prefixes, numbers, targets, more, times, pattern, tiles):
    """The joins by product and quotient that loop over the values within reach of a target alone
    (meet.ValueOrders) yield what the full loops yield, in the same order: `products` (whichever
    two of the three it loops over), `last_looked_up` (of a table, and of Numbers written from
    their value) and `first_looked_up` (of Numbers written from their value), also when a table
    kept in order has grown since (new values, as tables grow)."""
    prefix_table = tagged(prefixes)
    number_table = tagged(numbers)
    written = aim.OneNumber(pattern, PackedHand(tuple(tiles), TILES), True)
    goals = [meet.pair(v) for v in targets]

    def met(orders):
        return [[(v, next(iter(a_by)), sorted(b_by.items())) for v, a_by, b_by in joins] for joins in (
            meet.products(prefix_table, number_table, targets, goals, times, orders),
            meet.products(number_table, prefix_table, targets, goals, times, orders),
            meet.last_looked_up(prefix_table, number_table, lambda: number_table, goals, times, orders),
            meet.last_looked_up(prefix_table, written, lambda: {}, goals, times, orders),
            meet.first_looked_up(written, lambda: {}, number_table, goals, times, orders))]

    orders = meet.ValueOrders()
    range_from, meet.RANGE_FROM = meet.RANGE_FROM, 1
    try:
        assert met(orders) == met(None)
        prefix_table.update(tagged(set(more) - prefixes))
        number_table.update(tagged(set(more) - numbers))
        assert met(orders) == met(None)
    finally:
        meet.RANGE_FROM = range_from


@pytest.mark.parametrize("times", [True, False])
def test_value_ranges_keep_the_table_order(times):
    """A target meeting several values of a table within its reach meets them in the table's
    order, as the full loops do (the slice of values in order of their floors is put back)."""
    written = aim.OneNumber((None,), PackedHand(("1", "2", "3", "4", "6", "8"), TILES), True)
    table = tagged([12, 6, 4, 3, 2, 1, 24, (1, 2), 8, 16, 48])
    goals = [(12, 1), (24, 1), (2, 1), (1, 2)]

    def met(orders):
        return [[(v, next(iter(a_by)), sorted(b_by.items())) for v, a_by, b_by in joins] for joins in (
            meet.first_looked_up(written, lambda: {}, table, goals, times, orders),
            meet.last_looked_up(table, written, lambda: {}, goals, times, orders))]

    range_from, meet.RANGE_FROM = meet.RANGE_FROM, 1
    try:
        ordered = met(meet.ValueOrders())
    finally:
        meet.RANGE_FROM = range_from
    assert ordered == met(None) and all(len(joins) > 4 for joins in ordered)


SUM_VALUE = st.sampled_from([0, 1, 2, 3, 5, 7, 12, 36, 99, 100, 250, 999, (1, 2), (3, 2), (5, 2), (7, 2),
                             (3, 4), (7, 3), (201, 2), (999, 4)])
SIGNED_VALUE = st.one_of(SUM_VALUE, st.sampled_from([-1, -12, (-1, 2), (-7, 3)]))


def fraction(key):
    """Return a value key as a Fraction."""
    from fractions import Fraction

    n, d = meet.pair(key)
    return Fraction(n, d)


def tagged(values) -> dict:
    """Return a table of the values whose entries tell them apart (by "tiles used": the value)."""
    return {key: {key: 1} for key in values}


@settings(max_examples=400, deadline=None)
@given(prefixes=st.sets(SIGNED_VALUE, max_size=9), terms=st.sets(SIGNED_VALUE, max_size=9),
       targets=st.sets(SIGNED_VALUE, min_size=1, max_size=9), plus=st.booleans(), negatives=st.booleans())
def test_meetings_meet_every_sum(prefixes, terms, targets, plus, negatives):
    """Prefixes p and terms t meet a target v when p + t = v (or p − t), none below zero unless
    `negatives`, whichever two of the three `meetings` loops over (whole values and fractions,
    each on its own path): each pair once, as trying every one."""
    of = {key: fraction(key) for key in prefixes | terms | targets}  # each key read once
    expected = sorted(((v, p, t) for p in prefixes for t in terms for v in targets
                       if (of[p] + of[t] if plus else of[p] - of[t]) == of[v]
                       and (negatives or of[p] >= 0 and of[t] >= 0)), key=repr)
    if not negatives:  # the tables of a set without negatives hold none
        prefixes, terms = [p for p in prefixes if fraction(p) >= 0], [t for t in terms if fraction(t) >= 0]
    found = sorted(((v, next(iter(p_by)), next(iter(t_by))) for v, p_by, t_by in meet.meetings(
        tagged(prefixes), tagged(terms), targets, [meet.pair(v) for v in targets], plus, negatives)), key=repr)
    assert found == expected


NEAR_VALUE = st.one_of(st.integers(0, 12), st.sampled_from([(1, 2), (5, 2), (7, 3), (25, 2), (1, 3)]))


@settings(max_examples=400, deadline=None)
@given(prefixes=st.sets(NEAR_VALUE, max_size=12), terms=st.sets(NEAR_VALUE, max_size=12),
       targets=st.sets(NEAR_VALUE, min_size=1, max_size=4), padded=st.sampled_from(("prefixes", "terms", None)),
       plus=st.booleans())
def test_meetings_skip_only_parts_that_meet_no_target(prefixes, terms, targets, padded, plus):
    """Without negatives, a part past every target across a + (p + t = v: p, t <= v), or a prefix
    below every target across a − (p − t = v: p >= v), meets none, and `meetings` does not loop
    over it: a table padded with values past every target makes it loop over the other two (the
    padded one looked up), and it still meets every sum that trying every pair meets."""
    padding = {100 + k for k in range(40)} | {(201 + 2 * k, 2) for k in range(10)}
    if padded == "prefixes":
        prefixes = prefixes | padding
    elif padded == "terms":
        terms = terms | padding
    of = {key: fraction(key) for key in prefixes | terms | targets}  # each key read once
    expected = sorted(((v, p, t) for p in prefixes for t in terms for v in targets
                       if (of[p] + of[t] if plus else of[p] - of[t]) == of[v]), key=repr)
    found = sorted(((v, next(iter(p_by)), next(iter(t_by))) for v, p_by, t_by in meet.meetings(
        tagged(prefixes), tagged(terms), targets, [meet.pair(v) for v in targets], plus, False)), key=repr)
    assert found == expected


NUMBER_TILES = ("1", "2", "3", "5", "9", "0", "1/2", "3/4", "2/3")


@settings(max_examples=200, deadline=None)
@given(pattern=st.lists(st.sampled_from((None, None, None, "1", "2")), min_size=2, max_size=4).map(tuple),
       tiles=st.lists(st.sampled_from(NUMBER_TILES), min_size=2, max_size=7),
       others=st.sets(SUM_VALUE, min_size=1, max_size=9), targets=st.sets(SUM_VALUE, min_size=1, max_size=9),
       operation=st.booleans(), counting=st.booleans())
def test_numbers_written_from_their_value_meet_as_listed(pattern, tiles, others, targets, operation, counting):
    """A OneNumber (Numbers written from the value asked for, looked up only within the values of
    their length) meets in `meetings`, `last_looked_up` and `first_looked_up` what the table of
    every Number filling the pattern meets."""
    hand = PackedHand(tuple(tiles), TILES)
    listed_numbers = Aiming(hand, counting).last_numbers(pattern)
    goals = [meet.pair(v) for v in targets]
    table = tagged(others)

    def met(joins):
        return sorted(((v, next(iter(a_by)), sorted(b_by.items())) for v, a_by, b_by in joins), key=repr)

    def every(numbers):
        return lambda: numbers

    numbers = aim.OneNumber(pattern, hand, counting)
    for _ in range(2):  # the second time, its cache answers
        assert met(meet.meetings(table, numbers, targets, goals, operation, False)) == met(
            meet.meetings(table, listed_numbers, targets, goals, operation, False))
        assert met(meet.last_looked_up(table, numbers, every(listed_numbers), goals, operation)) == met(
            meet.last_looked_up(table, listed_numbers, every(listed_numbers), goals, operation))
        swapped = [(v, b_by, a_by) for v, a_by, b_by in meet.first_looked_up(
            numbers, every(listed_numbers), table, goals, operation)]
        assert met(swapped) == met((v, b_by, a_by) for v, a_by, b_by in meet.first_looked_up(
            listed_numbers, every(listed_numbers), table, goals, operation))
