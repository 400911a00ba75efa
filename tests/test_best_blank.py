"""The best play with blanks on early boards: the aimed terms holding a blank (blank_terms), the
Numbers written from their value, the sides joined only when gone through, and the long side of
a two-blank window holding one blank, all find exactly what walking every side whole finds.

References: `blank_sides.blank_walk` for the sides and terms holding a blank (itself checked
against trying every symbol for the blank in test_wildcard.py), `sides.cell_numbers` and
`blank_sides.blank_numbers` for the Numbers, and the whole search with nothing aimed
(`side_tables.AIM_FROM` at 100), the path the brute force of test_wildcard.py checks.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import gcd

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.game.bag import draw
from classroom.game.board import Board
from classroom.game.symbols import BLANK, OPERATIONS, PLUS_MINUS, TIMES_DIVIDE
from classroom.make.simulated import simulate
from classroom.solve.board import side_tables
from classroom.solve.board.aim import Aiming
from classroom.solve.board.blank_aim import BlankAiming
from classroom.solve.board.blank_sides import blank_numbers, blank_walk
from classroom.solve.board.blank_terms import BlankTerms, JoinedFills, WrittenNumbers
from classroom.solve.board.meet import key_of
from classroom.solve.board.position import Position, all_plays
from classroom.solve.board.sides import cell_numbers
from tests.test_aimed import of_values, value_keys
from tests.test_aimed_wild import hands, written, written_values
from tests.test_movegen import as_keys
from tests.test_wildcard import CELL, REAL_TILES, TILES

OPEN = st.one_of(st.none(), st.none(), st.none(), CELL)  # mostly open board, as early boards are
HAND_TILES = st.lists(st.sampled_from(REAL_TILES + ("+", "-", "×", "÷", "×", "÷")), min_size=3, max_size=7)


def aiming(full, plain, rest) -> BlankAiming:
    """Return a BlankAiming as SideTables makes it (plain prefixes stop where a blank could be ±;
    with two blanks, the BlankAiming of the hand less one at hand for the terms of that hand)."""
    plain_aiming = Aiming(plain, signs=PLUS_MINUS)
    wild = BlankAiming(full, plain_aiming, plain_aiming if rest is plain else Aiming(rest))
    if full.blanks == 2:
        wild.fewer = BlankAiming(rest, plain_aiming, plain_aiming)
    return wild


@lru_cache(maxsize=1)
def walked_whole(pattern: tuple, tiles: tuple, blanks: int, operations: tuple = OPERATIONS) -> tuple:
    """Return the reference for a long stretch and a hand of `tiles` and `blanks` blanks: the
    wildcard walk's sides (its terms, given × and ÷ alone) and their values. Hypothesis tries a
    stretch and hand again with other values asked (its mutations copy part of one example into
    the next), and a walk of nine tiles takes seconds: they are walked once, not again for
    each example (the last kept). The search under test is given hands of its own every time."""
    full, plain, rest = hands(tiles, blanks)
    walked = blank_walk(pattern, full, plain, rest, operations=operations)
    return walked, written_values(walked)


@pytest.fixture(scope="module", autouse=True)
def walk_let_go():
    """Let the last walk kept go once the module's tests are done (it may hold 100 MB)."""
    yield
    walked_whole.cache_clear()


@settings(max_examples=150, deadline=None)
@given(pattern=st.lists(OPEN, min_size=5, max_size=8).map(tuple), tiles=HAND_TILES,
       blanks=st.integers(1, 2), seed=st.integers(0, 1000))
def test_aimed_terms_holding_a_blank_are_the_blank_walks_terms(pattern, tiles, blanks, seed):
    """For any long stretch and hand with blanks, the aimed terms (× and ÷ only) of some values
    are the wildcard walk's terms of them; asked again for more values, the same ones too."""
    full, plain, rest = hands(tuple(tiles), blanks)
    # the walk's terms are written out below only for the values compared
    walked, values = walked_whole(pattern, tuple(tiles), blanks, TIMES_DIVIDE)
    rng = random.Random(seed)
    walks = aiming(full, plain, rest)
    terms = BlankTerms(full, walks.plain, walks.rest)
    first = value_keys(values, rng, 3)
    more = value_keys(values, rng, 30)
    every = written(walked, first | more)
    assert of_values(terms.aimed(pattern, first, walks), first) == of_values(every, first)
    assert of_values(terms.aimed(pattern, more, walks), more) == of_values(every, more)


@settings(max_examples=150, deadline=None)
@given(pattern=st.lists(OPEN, min_size=5, max_size=8).map(tuple), tiles=HAND_TILES,
       blanks=st.integers(1, 2), seed=st.integers(0, 1000))
def test_aimed_sides_of_long_stretches_are_the_blank_walks_sides(pattern, tiles, blanks, seed):
    """Long stretches, hands with or without a + or − of their own: the aimed sides holding a
    blank of some values are the wildcard walk's sides of them, each once."""
    full, plain, rest = hands(tuple(tiles), blanks)
    walked, every = walked_whole(pattern, tuple(tiles), blanks)
    rng = random.Random(seed)
    aimed = aiming(full, plain, rest)
    values = value_keys(every, rng, rng.choice((1, 5, 40)))
    assert of_values(aimed.aimed(pattern, values), values) == of_values(written(walked, values), values)


@settings(max_examples=200, deadline=None)
@given(pattern=st.lists(OPEN, min_size=1, max_size=7).map(tuple),
       tiles=st.lists(st.sampled_from(REAL_TILES), min_size=1, max_size=7), blanks=st.integers(1, 2))
def test_written_numbers_are_the_numbers_of_that_value(pattern, tiles, blanks):
    """A Number written from its value, holding the wildcard or from the hand less it, is one of
    the Numbers that the walks' tables hold for the whole stretch, and every one of them is."""
    full, plain, rest = hands(tuple(tiles), blanks)
    last = len(pattern) - 1
    holding: dict = {}
    for k, used, fills, at, values in blank_numbers(pattern, full, plain, rest):
        if k == last:
            for x_n, x_d, symbol in values:
                side = fills[:at] + (BLANK + symbol,) + fills[at + 1:]
                holding.setdefault(key_of(x_n, x_d), set()).add((used, side))
    without: dict = {}
    for k, by_used in cell_numbers(pattern, rest):
        if k == last:
            for used, items in by_used:
                for n, d, fills in items:
                    without.setdefault(key_of(n, d), set()).add((used, fills))
    for wild, expected in ((True, holding), (False, without)):
        numbers = WrittenNumbers(pattern, full, plain, rest, wild)
        # and values written in no way: digits no tile shows, fractions no tile leaves
        for key in set(expected) | set(range(130)) | {(k, q) for k in range(1, 60, 2) for q in (2, 3, 4, 6)
                                                       if gcd(k, q) == 1} | {1234, 10 ** 6}:
            by_used = numbers.get(key) or {}
            got = {(used, fills) for used, all_fills in by_used.items() for fills in all_fills}
            assert sum(len(all_fills) for all_fills in by_used.values()) == len(got), "a Number twice"
            assert got == expected.get(key, set()), (wild, key)


@pytest.mark.parametrize("tiles, pattern, key, wild, expected", [
    (("1", "2"), (None, None), 17, True, {("1", "?7")}),  # a digit of none of the hand's tiles: the blank's
    (("1", "2"), (None, None), 77, True, set()),  # two such digits: never
    (("1", "2"), (None, None), 12, True, {("1", "?2"), ("?1", "2")}),
    (("1", "2"), (None, None, None), 17, False, set()),
    (("1", "1/2"), (None, None), (3, 2), False, {("1", "1/2")}),
    (("1", "1/2"), (None, None), (7, 4), True, {("1", "?3/4")}),  # a fraction of none of the hand's tiles
    (("1", "1/2"), (None, None), (7, 4), False, set()),
    (("1", "1/2"), (None, "3/4"), (7, 4), False, {("1",)}),  # the board's fraction tile
])
def test_written_numbers_of_digits_and_fractions_the_hand_lacks(tiles, pattern, key, wild, expected):
    """A Number written from its value shows a digit or fraction no tile of the hand has only on
    the blank (holding the wildcard), and at most one; or on the board."""
    full, plain, rest = hands(tiles, 1)
    by_used = WrittenNumbers(pattern, full, plain, rest, wild).get(key) or {}
    assert {fills for all_fills in by_used.values() for fills in all_fills} == expected


def test_joined_fills_read_like_the_list_they_stand_for():
    """JoinedFills: the fills of its lists and of its joins, in order, with their length, and
    written again after more are added."""
    inner = JoinedFills()
    inner.join([("1",), ("2",)], ("+",), [("3",)])
    fills = JoinedFills()
    fills.add([("9",)])
    fills.join(inner, ("×",), [("4",), ("5",)])
    expected = [("9",), ("1", "+", "3", "×", "4"), ("1", "+", "3", "×", "5"),
                ("2", "+", "3", "×", "4"), ("2", "+", "3", "×", "5")]
    assert len(fills) == 5 and list(fills) == expected and list(fills) == expected
    fills.add([("0",)])
    assert len(fills) == 6 and list(fills) == expected + [("0",)]


def early(seed: int, plays: int, size: int, blanks: int, signs: bool) -> tuple[Board, tuple]:
    """Return a seeded early board and a hand of `size` tiles holding `blanks` blanks, with or
    without a + or − of its own."""
    rng = random.Random(f"early:{seed}")
    board = simulate(TILES, rng, plays=plays, hand_size=5).board if plays else Board()
    bag = tuple(t for t in sorted(TILES.bag) if t != BLANK and (signs or t not in PLUS_MINUS))
    hand, _ = draw(bag, size - blanks, rng)
    return board, tuple(hand) + (BLANK,) * blanks


@pytest.mark.parametrize("seed,plays,size,blanks,signs", [
    (0, 0, 7, 1, False), (1, 0, 7, 1, True), (2, 1, 7, 1, False), (3, 2, 7, 1, True),
    (4, 0, 6, 2, False), (5, 0, 6, 2, True), (6, 1, 6, 2, False), (11, 3, 6, 2, True),
])  # 11 for 7 (3.1 s for 8.5 s of CPU): the search takes every branch 7's took, its hand holds a −
def test_early_board_plays_with_blanks_are_those_of_every_side_walked_whole(seed, plays, size, blanks,
                                                                             signs, monkeypatch):
    """Early boards (empty, one to three plays), long stretches of open board, hands holding
    one or two blanks: every play is the one the search finds with nothing aimed, and the top
    ten and the best are those of sorting them."""
    board, hand = early(seed, plays, size, blanks, signs)
    everything = all_plays(board, hand, TILES)
    assert everything
    analysed = Position(board, hand, TILES)
    assert analysed.top(10) == everything[:10]
    assert analysed.best() == [c for c in everything if c.score == everything[0].score]
    monkeypatch.setattr(side_tables, "AIM_FROM", 100)
    assert as_keys(all_plays(board, hand, TILES)) == as_keys(everything)
