"""The joins of a long side aimed at profiles (windows placing every tile, counting with one
blank: classroom.solve.board.profiles): a table split by profile as it grows is the table split
whole; a join looks up only the goal values that the two parts met can make (the range of each
part's values, across the operation, bounds what they make: profiles.met_range); and the counts
are those of the joins made without either."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.solve.board import aim, blank_aim, blank_terms, profiles
from classroom.solve.board.meet import key_of, meeting_look_ups, meetings, pair, products, value_range
from classroom.solve.board.profiles import ExactTables, Profiles, met_range, split
from tests.test_aimed_wild import hands, sides_holding_blank
from tests.test_count_blank import as_counts_of, counted, counted_aiming, value_keys
from tests.test_count_exact import window_counts
from tests.test_wildcard import CELL, REAL_TILES

# value keys: whole values, and reduced fractions (numerator, denominator > 1)
KEY = st.one_of(st.integers(0, 400),
                st.tuples(st.integers(0, 400), st.integers(2, 12)).map(lambda nd: key_of(*nd)))
VALUES = st.sets(KEY, min_size=1, max_size=12)


def value(key) -> Fraction:
    """Return a value key as a Fraction."""
    return Fraction(key) if type(key) is int else Fraction(*key)


@settings(max_examples=300, deadline=None)
@given(first=VALUES, last=VALUES, symbol=st.sampled_from(("+", "-", "×", "÷")))
def test_what_two_parts_make_lies_in_their_met_range(first, last, symbol):
    """Every a op b, a a value of one table and b of the other (never ÷ 0), lies within the
    range met_range gives for the two tables' value_range (whole numbers, hi None unbounded)."""
    met = met_range(symbol, value_range(dict.fromkeys(first)), value_range(dict.fromkeys(last)))
    if met is None:
        return
    lo, hi = met
    for a in map(value, first):
        for b in map(value, last):
            if symbol == "÷" and not b:
                continue
            made = {"+": a + b, "-": a - b, "×": a * b, "÷": a / (b or 1)}[symbol]
            assert lo <= made and (hi is None or made <= hi), (a, symbol, b, met)


@settings(max_examples=200, deadline=None)
@given(entries=st.lists(st.tuples(KEY, st.integers(0, 3 ** 6 - 1), st.integers(1, 5)), min_size=1, max_size=30),
       cut=st.integers(0, 30))
def test_a_table_split_as_it_grows_is_the_table_split_whole(entries, cut):
    """A counted table split, then grown by new values and split again from where it was, gives
    the parts of the whole table split at once (profiles.split with `parts` and `after`)."""
    mask = 0b11111 << 5  # a profile: the second field of the packed tiles used
    table: dict = {}
    for key, used, many in entries:
        packed = (used % 3) + ((used // 3 % 3) << 5) + ((used // 9 % 3) << 10)
        table.setdefault(key, {})[packed] = many
    first = dict(list(table.items())[:cut])
    parts = split(first, mask, 1 << 15)
    assert split(table, mask, 1 << 15, parts, len(first)) == split(table, mask, 1 << 15)


@settings(max_examples=40, deadline=None)
@given(width=st.integers(1, 4), long=st.lists(st.one_of(st.none(), st.none(), st.none(), st.none(),
                                                       st.sampled_from(("3", "+", "×", "5"))),
                                             min_size=5, max_size=7).map(tuple),
       operations=st.lists(st.sampled_from(("+", "-", "×", "÷")), min_size=1, max_size=3),
       numbers=st.lists(st.sampled_from(("1", "2", "3", "4", "5", "7", "9", "1/2", "3/4", "0")),
                        min_size=7, max_size=7),
       low=st.booleans(), grown=st.booleans(), data=st.data())
def test_windows_placing_every_tile_count_the_same_split_again_and_cut_to_ranges(width, long, operations, numbers,
                                                                                     low, grown, data):
    """Windows that place every tile, one long side and one to four short sides asked in turn
    of the same tables, a table grown split again from where it was or whole
    (profiles.GROWN_SPLITS), the joins' goal values cut to their parts' ranges or not
    (profiles.RANGES): how many pairs of sides of equal value use the whole hand, by both
    stretches counted whole (tests/test_count_exact.py). With `low`, prefixes and terms of three
    empty squares or more are aimed too, so that more joins are split by profile."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(profiles, "GROWN_SPLITS", grown)
        patch.setattr(profiles, "RANGES", grown)
        if low:
            for module in (aim, blank_aim, blank_terms):
                patch.setattr(module, "PREFIX_AIM_FROM", 3)
                patch.setattr(module, "TERM_AIM_FROM", 3)
        window_counts(width, long, operations, numbers, data)


def shifted(key, by: int):
    """Return the value key of a key's value plus a whole number."""
    if type(key) is int:
        return key + by
    return key_of(key[0] + by * key[1], key[1])


# a part's entries: a value, and which of four uses of the hand it takes (each of its own
# profile, and of its own band of values, so that the parts of a table meet different goals)
ENTRIES = st.lists(st.tuples(KEY.map(lambda key: key if type(key) is int else key_of(key[0] % 40, key[1])),
                             st.integers(0, 3)), min_size=1, max_size=20)
HAND = ("1", "2", "3", "5", "+", "-", "×", "÷")
USES = (("1",), ("+", "2"), ("×", "3"), ("?",))


@settings(max_examples=150, deadline=None)
@given(first=ENTRIES, last=ENTRIES, symbols=st.lists(st.sampled_from(("+", "-", "×", "÷")), min_size=1, max_size=2,
                                                     unique=True),
       bands=st.tuples(st.integers(0, 200), st.integers(0, 200)), extra=st.sets(KEY, max_size=10), data=st.data())
def test_joins_split_by_profile_meet_the_same_with_or_without_ranges(first, last, symbols, bands, extra, data):
    """A join of two counted tables split by profile (a prefix and a last term, or a term
    prefix and a last Number: profiles.Profiles.split_joins), its parts of different profiles
    of different values, and goals of several profiles made of what the parts make and of
    other values: the table of what meets is the same with the goal values cut to each pair of
    parts' ranges (profiles.RANGES) and without."""
    full, _, _ = hands(HAND, 1)

    def unit(symbol: str) -> int:
        return full.unit[full.kinds.index(symbol)] if symbol != "?" else full.unit[-1]

    def table(entries, band: int) -> dict:
        found: dict = {}
        for key, use in entries:
            found.setdefault(shifted(key, band * use), {})[sum(map(unit, USES[use]))] = use + 1
        return found

    firsts, lasts = table(first, bands[0]), table(last, bands[1])
    mask = ExactTables(full).mask
    ops = tuple((symbol, unit(symbol), (symbol,)) for symbol in symbols)
    made: dict = {}
    for a, a_by_used in firsts.items():
        for b, b_by_used in lasts.items():
            for symbol, op_unit, _ in ops:
                if symbol == "÷" and not value(b):
                    continue  # never ÷ 0
                result = {"+": value(a) + value(b), "-": value(a) - value(b), "×": value(a) * value(b),
                          "÷": value(a) / (value(b) or 1)}[symbol]
                if result >= 0:
                    for a_used in a_by_used:
                        for b_used in b_by_used:
                            profile = (a_used + op_unit + b_used) & mask
                            made.setdefault(profile, set()).add(key_of(result.numerator, result.denominator))
    goals = {}
    for profile in data.draw(st.lists(st.sampled_from(sorted(made)), max_size=4, unique=True)) if made else ():
        values = set(data.draw(st.lists(st.sampled_from(sorted(made[profile], key=value)), max_size=8))) | extra
        if values:
            goals[profile] = (values, [pair(key) for key in values])
    if not goals:
        return

    def meet(f_part, l_part, values, pairs, symbol):
        if symbol in "+-":
            return meetings(f_part, l_part, values, pairs, symbol == "+", False)
        return products(f_part, l_part, values, pairs, symbol == "×")

    outs = []
    for ranges in (False, True):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(profiles, "RANGES", ranges)
            out: dict = {}
            Profiles(goals, ExactTables(full)).split_joins(out, full, firsts, lasts, ops, meet, meeting_look_ups)
            outs.append(out)
    assert outs[0] == outs[1]


@settings(max_examples=120, deadline=None)
@given(pattern=st.lists(CELL, min_size=3, max_size=7).map(tuple),
       tiles=st.lists(st.sampled_from(REAL_TILES + ("+", "-", "+", "-", "×", "÷")), min_size=2, max_size=6),
       seed=st.integers(0, 1000))
def test_counted_aimed_sides_cut_to_ranges_are_the_blank_walks_sides(pattern, tiles, seed):
    """Counting with one blank, every value-keyed join of a long side's sides holding it
    (prefix, + or −, last term) cut to the targets its tables can make (blank_aim.CUT_FROM at
    0, profiles.Ranges): how many of each target value and tiles used the wildcard walk lists,
    asked once and asked again for every value."""
    full, plain, rest = hands(tuple(tiles), 1)
    every = sides_holding_blank(pattern, full, plain, rest)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(blank_aim, "CUT_FROM", 0)
        aimed = counted_aiming(full, plain, rest)
        first = value_keys(every, random.Random(seed), 3)
        assert as_counts_of(aimed.aimed(pattern, first), first) == counted(every, first)
        everything = set(every) | first
        assert as_counts_of(aimed.aimed(pattern, everything), everything) == counted(every, everything)


@settings(max_examples=200, deadline=None)
@given(keys=st.lists(KEY, min_size=1, max_size=30, unique=True), cut=st.integers(1, 30))
def test_the_range_of_a_table_grown_is_the_range_of_the_whole(keys, cut):
    """A table's range kept (profiles.Ranges.of), then the table grown by new values: its range
    is then that of the whole table, as value_range gives it."""
    table = dict.fromkeys(keys[:cut], {0: 1})
    ranges = profiles.Ranges()
    assert ranges.of(table) == value_range(table)
    table.update(dict.fromkeys(keys[cut:], {0: 1}))
    assert ranges.of(table) == value_range(table)
