"""Counting with one blank, a window that places every tile aims its long side at profiles
(classroom.solve.board.profiles): its count is still the number of pairs of sides of equal value
that use the whole hand, by every side of both stretches walked whole, and the brute-force
reference's on small boards where such long sides are aimed."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from classroom.game.symbols import OPERATIONS
from classroom.solve.board import aim, blank_aim, blank_terms, side_tables
from classroom.solve.board.position import Position
from classroom.solve.board.side_tables import SideTables
from classroom.solve.board.sides import count_walk, cross_allowed, empty_squares
from tests.reference_board import reference_plays
from tests.test_aimed_wild import hands, sides_holding_blank
from tests.test_count_blank import TILES, as_counts_of, counted, counted_aiming, small_game
from tests.test_wildcard import CELL, REAL_TILES, holding_a_blank

# mostly empty squares, now and then a tile already there or a cross-check
SQUARE = st.one_of(st.none(), st.none(), st.none(), st.none(), st.none(), st.none(), CELL)
DIGITS = tuple(t for t in REAL_TILES if t.isdigit())
# open board now and then a tile already there, as a long stretch on a board
OPEN_SQUARE = st.one_of(st.none(), st.none(), st.none(), st.sampled_from(("3", "×", "+")))
# an empty square, its cross-check any symbol or a few
EMPTY = st.one_of(st.none(), st.none(), st.sampled_from("123456789").map(lambda digit: cross_allowed((digit,), ())),
                  st.sampled_from("+×").map(lambda op: cross_allowed((), (op, "2"))))


def whole_hand_pairs(short: tuple, long: tuple, tiles: tuple, longs: dict) -> int:
    """Return how many pairs (short side, long side) of equal value use every tile of the hand
    (the tiles and one blank) between them, one side holding the blank: every side of both
    stretches counted whole, the blank tried as each of its symbols. `longs` keeps the long
    side's counts (with the blank, without) for the next short side of the same long side and
    tiles: the dearest part, the same for every short side."""
    full, plain, _ = hands(tiles, 1)
    whole = sum(count * unit for count, unit in zip(full.counts + [full.blanks], full.unit))

    def counted(pattern: tuple, wild: bool) -> dict:
        end = len(pattern) - 1
        stops = (False,) * end + (True,)
        if wild:
            return holding_a_blank(pattern, tiles + ("?",), stops, OPERATIONS).get(end, {})
        table = count_walk(pattern, stops, plain, OPERATIONS).get(end, {})
        return {(key, used): many for key, by_used in table.items() for used, many in by_used.items()}

    found = 0
    for short_blank in (False, True):
        long_blank = not short_blank
        if long_blank not in longs:
            longs[long_blank] = counted(long, long_blank)
        for (key, used), many in counted(short, short_blank).items():
            found += many * longs[long_blank].get((key, whole - used), 0)
    return found


@settings(max_examples=60, deadline=None)
@given(width=st.integers(1, 4), long=st.lists(SQUARE, min_size=5, max_size=7).map(tuple),
       operations=st.lists(st.sampled_from(("+", "-", "×", "÷")), min_size=1, max_size=3),
       numbers=st.lists(st.one_of(st.sampled_from(DIGITS), st.sampled_from(REAL_TILES)), min_size=7, max_size=7),
       low=st.booleans(), data=st.data())
def test_windows_placing_every_tile_count_the_pairs_using_the_whole_hand(width, long, operations, numbers, low,
                                                                         data):
    """Windows that place every tile (spare 0), one long side and one to four short sides
    asked in turn of the same tables (the long side aimed at the profiles each short side's
    entries leave it, with and without the blank, its tables kept and grown): how many pairs of
    sides of equal value use the whole hand, by both stretches counted whole. With `low`, the
    prefixes and terms of three empty squares or more are aimed too (at the values and profiles
    the goals need of them), as those of five are on a board."""
    with pytest.MonkeyPatch.context() as patch:
        if low:
            for module in (aim, blank_aim, blank_terms):
                patch.setattr(module, "PREFIX_AIM_FROM", 3)
                patch.setattr(module, "TERM_AIM_FROM", 3)
        window_counts(width, long, operations, numbers, data)


def window_counts(width: int, long: tuple, operations: list, numbers: list, data) -> None:
    """Check the counts of the windows of `test_windows_placing_every_tile_count_the_pairs_using_the_whole_hand`."""
    placed = width + empty_squares(long)
    assume(len(operations) < placed <= 9 and width <= empty_squares(long))
    tiles = tuple(operations) + tuple(numbers[:placed - 1 - len(operations)])
    full, plain, rest = hands(tiles, 1)
    tables = SideTables(full, plain, rest, counting=True)
    longs: dict = {}  # the long side's counts, the same for every short side
    for short in data.draw(st.lists(st.lists(EMPTY, min_size=width, max_size=width).map(tuple),
                                    min_size=1, max_size=4)):
        counted = sum(a * b for a, b in tables.joined(short, long, 0))
        assert counted == whole_hand_pairs(short, long, tiles, longs), short


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10 ** 6), plays=st.integers(0, 3))
def test_count_with_long_sides_aimed_at_profiles_is_the_brute_force_count(seed, plays):
    """A hand of two tiles and a blank on a small random board, every side of two empty squares
    or more aimed (side_tables.AIM_FROM at 2), so that windows placing every tile aim their long
    sides at profiles: the count is the brute-force reference's."""
    board, bag, rng = small_game(seed, plays)
    hand = tuple(rng.sample(bag, 2)) + ("?",)
    expected = len(reference_plays(board, hand, TILES))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(side_tables, "AIM_FROM", 2)
        assert Position(board, hand, TILES).count() == expected


@settings(max_examples=40, deadline=None)
@given(pattern=st.lists(OPEN_SQUARE, min_size=7, max_size=8).map(tuple),
       tiles=st.lists(st.sampled_from(tuple(t for t in REAL_TILES if t != "0")), min_size=4, max_size=5),
       operations=st.lists(st.sampled_from(("×", "÷")), min_size=1, max_size=2))
def test_counted_terms_aimed_at_zero_alone_without_a_zero_tile(pattern, tiles, operations):
    """A hand with no 0, a × or ÷ and a blank, its long side asked for the value 0 alone (as a
    prefix before a last term of its value is): the terms T × 0 of the blank as 0 are counted,
    though no term prefix is 0 (found by the prefixes aimed at profiles, bench seed 1)."""
    full, plain, rest = hands(tuple(operations) + tuple(tiles), 1)
    every = sides_holding_blank(pattern, full, plain, rest)
    assert as_counts_of(counted_aiming(full, plain, rest).aimed(pattern, {0}), {0}) == counted(every, {0})
