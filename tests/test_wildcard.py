"""The blank as a wildcard finds exactly the sides that trying every symbol for the blank finds.

The reference here is `sides.walk` on the whole hand, which tries the blank's 31 symbols one by
one (the slow, plain way); the wildcard search must give the same sides, each exactly once,
split into those without a blank (walked with the blanks set aside) and those with one.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.game.board import Board
from classroom.game.symbols import ALL_SYMBOLS, BLANK, EQUAL, OPERATIONS, TIMES_DIVIDE
from classroom.game.tilesets import load_level
from classroom.solve.board.blank_count import blank_count_walk
from classroom.solve.board.blank_sides import OverBudget, Skeleton, blank_walk, expanded
from classroom.solve.board.position import Position
from classroom.solve.board.sides import PackedHand, count_walk, cross_allowed, walk
from tests.positions import position
from tests.reference_board import reference_plays

TILES = load_level("original")
REAL_TILES = tuple(sorted(t for t in set(TILES.bag) if t != BLANK))
CELL = st.one_of(
    st.none(),
    st.sampled_from([s for s in ALL_SYMBOLS if s != EQUAL]),
    st.sampled_from("123456789").map(lambda digit: cross_allowed((digit,), ())),
    st.sampled_from("+×").map(lambda op: cross_allowed((), (op, "2"))),
)


def fractions_between(low: int, high: int, most: int) -> tuple[tuple[int, int], ...]:
    """Return every fraction from low to high with a denominator up to `most`, as (numerator,
    denominator) in lowest terms: whole numbers first, then by denominator and size (hypothesis
    shrinks towards the front)."""
    found = {Fraction(n, d) for d in range(1, most + 1) for n in range(low * d, high * d + 1)}
    return tuple((f.numerator, f.denominator) for f in sorted(found, key=lambda f: (f.denominator, abs(f), f < 0)))


# The values st.fractions(low, high, max_denominator) gives, drawn from a table made once (the
# fractions strategy builds a strategy for every draw: five sixths of the test's time), the ends
# and 0 drawn now and then on their own as fractions() draws them.
PAIR = st.one_of(st.sampled_from(((0, 1), (40, 1), (-40, 1))), st.sampled_from(fractions_between(-40, 40, 12)))
X = st.one_of(st.sampled_from(((0, 1), (99, 1))), st.sampled_from(fractions_between(0, 99, 6)))


@settings(max_examples=300, deadline=None)
@given(sigma=PAIR, sign=st.sampled_from((1, -1)), kappa=PAIR, divides=st.booleans(), floor=PAIR,
       xs=st.lists(X, max_size=8))
def test_skeleton_keys_are_its_values_of_x(sigma, sign, kappa, divides, floor, xs):
    """A skeleton's keys are σ + s·κ·X (or σ + s·κ/X) for every choice of X, in X's order,
    but X = 0 dividing and an X that takes floor + s·T(X) below zero (worked in Fractions)."""
    values = tuple((n, d, f"s{i}") for i, (n, d) in enumerate(xs))
    expected = []
    for n, d, symbol in values:
        x = Fraction(n, d)
        if divides and x == 0:
            continue
        t = sign * Fraction(*kappa) * (1 / x if divides else x)
        if Fraction(*floor) + t < 0:
            continue
        v = Fraction(*sigma) + t
        expected.append((v.numerator if v.denominator == 1 else (v.numerator, v.denominator), symbol))
    assert Skeleton(sigma, sign, kappa, divides, floor, values).keys() == tuple(expected)


def listed(table: dict) -> list:
    """Return a side table as a sorted list of (value, used, tiles)."""
    return sorted(((repr(v), u, f) for v, by in table.items() for u, fills in by.items() for f in fills))


def split_sides(pattern: tuple, hand: tuple) -> tuple[list, list]:
    """Return the sides filling the pattern found by the plain walk (every blank tried) and by
    the wildcard search (sides without a blank plus every side its skeletons stand for)."""
    full = PackedHand(hand, TILES)
    plain = PackedHand(tuple(t for t in hand if t != BLANK), TILES)
    less = list(hand)
    less.remove(BLANK)
    rest = PackedHand(tuple(less), TILES)
    stops = (False,) * (len(pattern) - 1) + (True,)
    every = listed(walk(pattern, stops, full).get(len(pattern) - 1, {}))
    without = listed(walk(pattern, stops, plain).get(len(pattern) - 1, {}))
    skeletons, concrete = blank_walk(pattern, full, plain, rest)
    wild = [(repr(key), used, fills[0]) for key, used, fills in expanded(skeletons)]
    wild += [(repr(v), u, f) for v, by in concrete.items() for u, fills in by.items() for f in fills]
    return every, sorted(without + wild)


@settings(max_examples=150, deadline=None)
@given(pattern=st.lists(CELL, min_size=1, max_size=5).map(tuple),
       tiles=st.lists(st.sampled_from(REAL_TILES), min_size=1, max_size=4),
       blanks=st.integers(1, 2))
def test_wildcard_sides_are_the_sides_of_every_blank_symbol(pattern, tiles, blanks):
    """Sides without a blank plus the wildcard's sides are exactly the sides of the whole hand."""
    hand = tuple(tiles) + (BLANK,) * blanks
    every, found = split_sides(pattern, hand)
    assert found == every


@pytest.mark.parametrize("seed", range(8))
def test_wildcard_sides_with_many_operations(seed):
    """Hands rich in operations (a blank operation first, then a division): the same sides."""
    rng = random.Random(seed)
    for _ in range(40):
        tiles = rng.sample(["÷", "-", "+", "×", "÷", "-"], 2) + rng.sample(REAL_TILES, 2)
        hand = tuple(tiles) + (BLANK,) * rng.choice((1, 1, 2))
        pattern = tuple(rng.choice((None, None, None, "5/2", "3/3", "÷", "4")) for _ in range(rng.randint(3, 5)))
        every, found = split_sides(pattern, hand)
        assert found == every, (hand, pattern)


@pytest.mark.parametrize("seed", range(6))
def test_wildcard_counts_agree_with_listing(seed):
    """Counting the sides holding a blank gives as many as the wildcard lists, on longer stretches."""
    rng = random.Random(seed)
    hand = tuple(rng.sample(REAL_TILES, 5)) + (BLANK,)
    pattern = (None, None, "3", None, None, None)
    full = PackedHand(hand, TILES)
    plain = PackedHand(hand[:-1], TILES)
    listed_sides = blank_walk(pattern, full, plain, plain)
    counts = blank_count_walk(pattern, full, plain, plain)
    assert counts[0] == []  # counted, every side holding a blank is concrete
    assert sum(c for by in counts[1].values() for c in by.values()) == \
        sum(1 for _ in expanded(listed_sides[0])) + \
        sum(len(f) for by in listed_sides[1].values() for f in by.values())
    stops = (False,) * (len(pattern) - 1) + (True,)
    everything = count_walk(pattern, stops, full).get(len(pattern) - 1, {})
    assert sum(sum(by.values()) for by in everything.values()) == len(split_sides(pattern, hand)[0])
    assert len(walk(pattern, stops, full).get(len(pattern) - 1, {})) == len(everything)


BOARD = position("H10", """
    4 = 4
""")


@pytest.mark.parametrize("hand", [
    ("?", "?"),
    ("2", "?", "×"),
])
def test_two_blanks_agree_with_brute_force(hand):
    """Hands with two blanks: every play and score as the brute-force reference finds them."""
    plays = Position(BOARD, hand, TILES).all()
    found = {frozenset((p.square, p.tile) for p in c.play.placements): c.score for c in plays}
    assert len(found) == len(plays)
    assert found == reference_plays(BOARD, hand, TILES)
    assert Position(BOARD, hand, TILES).count() == len(plays)


BLANK_ON_BOARD = position("H10", """
    ?4 = 4
    .  .  +
    .  .  3
""")


@pytest.mark.parametrize("hand", [("1", "?"), ("7", "?"), ("?", "5", "-")])
def test_blank_in_hand_and_on_board_agree_with_brute_force(hand):
    """A blank already on the board and one in the hand: the reference's plays and scores."""
    plays = Position(BLANK_ON_BOARD, hand, TILES).all()
    found = {frozenset((p.square, p.tile) for p in c.play.placements): c.score for c in plays}
    assert found == reference_plays(BLANK_ON_BOARD, hand, TILES)
    assert Position(BLANK_ON_BOARD, hand, TILES).count() == len(plays)
    assert Position(Board(), hand, TILES).count() == len(Position(Board(), hand, TILES).all())


def holding_a_blank(pattern: tuple, hand: tuple, stops: tuple, operations: tuple) -> dict:
    """Return end -> (value, packed tiles used) -> how many sides hold a blank, the slow, plain
    way: the sides of the whole hand (every blank tried as each of its symbols) less the sides
    of the hand with its blanks set aside."""
    full = PackedHand(hand, TILES)
    plain = PackedHand(tuple(t for t in hand if t != BLANK), TILES)
    every = count_walk(pattern, stops, full, operations)
    without = count_walk(pattern, stops, plain, operations)
    found = {}
    for j, table in every.items():
        counts = {(key, used): many for key, by_used in table.items() for used, many in by_used.items()}
        for key, by_used in without.get(j, {}).items():
            for used, many in by_used.items():
                counts[key, used] -= many
        found[j] = {k: many for k, many in counts.items() if many}
    return {j: counts for j, counts in found.items() if counts}


def counted(wild: tuple) -> dict:
    """Return (value, packed tiles used) -> how many, from a counting wild walk's pair (whose
    sides holding a blank are all concrete)."""
    assert wild[0] == []
    counts: dict = {}
    for key, by_used in wild[1].items():
        for used, many in by_used.items():
            counts[key, used] = counts.get((key, used), 0) + many
    return {k: many for k, many in counts.items() if many}


@settings(max_examples=250, deadline=None)
@given(pattern=st.lists(CELL, min_size=1, max_size=6).map(tuple),
       tiles=st.lists(st.sampled_from(REAL_TILES + ("+", "-", "×", "÷")), min_size=1, max_size=5),
       blanks=st.integers(1, 2), data=st.data())
def test_counted_sides_holding_a_blank_are_the_sides_of_every_blank_symbol(pattern, tiles, blanks, data):
    """The dynamic programme that counts the sides holding a blank (blank_count_walk) finds, at every
    end, as many sides of each value and tiles used as trying every symbol for the blanks does;
    with targets, those values only; and past its budget it says so."""
    hand = tuple(tiles) + (BLANK,) * blanks
    stops = tuple(data.draw(st.lists(st.booleans(), min_size=len(pattern), max_size=len(pattern))))
    operations = data.draw(st.sampled_from((OPERATIONS, TIMES_DIVIDE)))
    full = PackedHand(hand, TILES)
    plain = PackedHand(tuple(t for t in hand if t != BLANK), TILES)
    less = list(hand)
    less.remove(BLANK)
    rest = PackedHand(tuple(less), TILES)
    expected = holding_a_blank(pattern, hand, stops, operations)
    found = blank_count_walk(pattern, full, plain, rest, stops=stops, operations=operations)
    assert {j: counts for j, wild in found.items() if (counts := counted(wild))} == expected
    whole = (False,) * (len(pattern) - 1) + (True,)
    targets = set(data.draw(st.lists(st.integers(0, 40), max_size=6))) | {(1, 2)}
    aimed = counted(blank_count_walk(pattern, full, plain, rest, operations=operations, targets=targets))
    every = holding_a_blank(pattern, hand, whole, operations).get(len(pattern) - 1, {})
    assert aimed == {(key, used): many for (key, used), many in every.items() if key in targets}
    if expected:
        with pytest.raises(OverBudget):
            blank_count_walk(pattern, full, plain, rest, stops=stops, operations=operations, budget=0)


@pytest.mark.parametrize("seed", range(6))
def test_counted_sides_holding_a_blank_on_longer_stretches(seed):
    """Longer stretches and hands rich in − and ÷ (where running sums go below zero and
    Numbers divide): the dynamic programme's counts are the slow way's, end by end."""
    rng = random.Random(seed)
    cells = [None] * 6 + ["3", "5/2", "÷", "-", "×", "0", cross_allowed(("4",), ()),
                          cross_allowed((), ("+", "2"))]
    for _ in range(40):
        tiles = rng.sample(REAL_TILES, rng.randint(2, 6)) + rng.sample(["-", "-", "+", "×", "÷"], rng.randint(1, 3))
        hand = tuple(tiles) + (BLANK,) * rng.choice((1, 1, 2))
        pattern = tuple(rng.choice(cells) for _ in range(rng.randint(3, 7)))
        stops = tuple(rng.random() < 0.5 for _ in pattern)
        full = PackedHand(hand, TILES)
        plain = PackedHand(tuple(t for t in hand if t != BLANK), TILES)
        less = list(hand)
        less.remove(BLANK)
        found = blank_count_walk(pattern, full, plain, PackedHand(tuple(less), TILES), stops=stops)
        assert {j: counts for j, wild in found.items() if (counts := counted(wild))} == \
            holding_a_blank(pattern, hand, stops, OPERATIONS), (hand, pattern, stops)
