"""The joins of a long side aimed at profiles (windows placing every tile, counting with one
blank: classroom.solve.board.profiles): a table split by profile as it grows is the table split
whole, and the counts are those of the joins made without it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from classroom.solve.board import aim, blank_aim, blank_terms, profiles
from classroom.solve.board.aim import key_of
from classroom.solve.board.profiles import split
from tests.test_count_exact import window_counts

# value keys: whole values, and reduced fractions (numerator, denominator > 1)
KEY = st.one_of(st.integers(0, 400),
                st.tuples(st.integers(0, 400), st.integers(2, 12)).map(lambda nd: key_of(*nd)))


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
def test_windows_placing_every_tile_count_the_same_with_grown_tables_split_again(width, long, operations, numbers,
                                                                                   low, grown, data):
    """Windows that place every tile, one long side and one to four short sides asked in turn
    of the same tables, a table grown split again from where it was or whole
    (profiles.GROWN_SPLITS): how many pairs of sides of equal value use the whole hand, by both
    stretches counted whole (tests/test_count_exact.py). With `low`, prefixes and terms of three
    empty squares or more are aimed too, so that more joins are split by profile."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(profiles, "GROWN_SPLITS", grown)
        if low:
            for module in (aim, blank_aim, blank_terms):
                patch.setattr(module, "PREFIX_AIM_FROM", 3)
                patch.setattr(module, "TERM_AIM_FROM", 3)
        window_counts(width, long, operations, numbers, data)
