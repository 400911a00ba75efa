"""Counting with one blank, a window that places every tile aims its long side at profiles
(classroom.solve.board.profiles): its count is still the number of pairs of sides of equal value
that use the whole hand, by every side of both stretches walked whole, and the brute-force
reference's on small boards where such long sides are aimed."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings, strategies as st

from classroom.game.symbols import OPERATIONS
from classroom.solve.board import side_tables
from classroom.solve.board.position import Position
from classroom.solve.board.side_tables import SideTables
from classroom.solve.board.sides import count_walk, empty_squares
from tests.reference_board import reference_plays
from tests.test_aimed_wild import hands
from tests.test_count_blank import TILES, small_game
from tests.test_wildcard import CELL, REAL_TILES, holding_a_blank

# mostly empty squares, now and then a tile already there or a cross-check
SQUARE = st.one_of(st.none(), st.none(), st.none(), st.none(), st.none(), st.none(), CELL)
DIGITS = tuple(t for t in REAL_TILES if t.isdigit())


def whole_hand_pairs(short: tuple, long: tuple, tiles: tuple) -> int:
    """Return how many pairs (short side, long side) of equal value use every tile of the hand
    (the tiles and one blank) between them, one side holding the blank: every side of both
    stretches counted whole, the blank tried as each of its symbols."""
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
    for short_wild in (False, True):
        longs = counted(long, not short_wild)
        for (key, used), many in counted(short, short_wild).items():
            found += many * longs.get((key, whole - used), 0)
    return found


@settings(max_examples=60, deadline=None)
@given(short=st.lists(SQUARE, min_size=1, max_size=4).map(tuple),
       long=st.lists(SQUARE, min_size=5, max_size=7).map(tuple),
       operations=st.lists(st.sampled_from(("+", "-", "×", "÷")), min_size=1, max_size=3),
       numbers=st.lists(st.one_of(st.sampled_from(DIGITS), st.sampled_from(REAL_TILES)), min_size=7, max_size=7))
def test_a_window_placing_every_tile_counts_the_pairs_using_the_whole_hand(short, long, operations, numbers):
    """A window that places every tile (spare 0), its long side aimed at the profiles the short
    side's entries leave it, with and without the blank: how many pairs of sides of equal value
    use the whole hand, by both stretches counted whole."""
    placed = empty_squares(short) + empty_squares(long)
    assume(len(operations) < placed <= 9 and empty_squares(short) <= empty_squares(long))
    tiles = tuple(operations) + tuple(numbers[:placed - 1 - len(operations)])
    full, plain, rest = hands(tiles, 1)
    tables = SideTables(full, plain, rest, counting=True)
    counted = sum(a * b for a, b in tables.joined(short, long, 0))
    assert counted == whole_hand_pairs(short, long, tiles)


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
