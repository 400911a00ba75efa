"""Equation families (game.families) and the boardless key by families: one idea one line, the
families a partition of the brute-force reference's full list, each family one score."""

from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from classroom.game.families import family, zero_pattern
from classroom.game.symbols import parse_hand, parse_written, write
from classroom.game.tilesets import load_level
from classroom.make.keys import boardless_item
from classroom.solve.boardless import solve, symbols_of
from tests.reference_boardless import brute_force

ORIGINAL = load_level("original")
BAG = sorted(ORIGINAL.bag)


def key(text: str):
    """Return the family key of a written equation."""
    return family(parse_written(text, negatives=False))


@pytest.mark.parametrize("one, other", [
    ("24 ÷ 3 = 8", "8 = 24 ÷ 3"),  # sides swapped
    ("4 + 7 - 6 = 5", "7 + 4 - 6 = 5"),  # the booklet's a + b - c and b + a - c
    ("4 + 7 - 6 = 5", "5 = 4 - 6 + 7"),  # a term keeps its sign wherever it goes
    ("2 × 3 ÷ 6 = 1", "3 × 2 ÷ 6 = 1"),
    ("2 × 3 ÷ 6 = 1", "2 ÷ 6 × 3 = 1"),  # a divisor keeps its ÷
    ("0 = 0 × 2349", "9432 × 0 = 0"),  # a Number swallowed by 0, any arrangement
    ("0 ÷ 24 = 0", "0 = 0 ÷ 42"),
    ("5 + 0 × 17 = 5", "5 = 71 × 0 + 5"),
])
def test_one_idea_is_one_family(one, other):
    """Rewrites that hold whatever the Numbers are keep an equation in its family."""
    assert key(one) == key(other)


@pytest.mark.parametrize("one, other", [
    ("7 - 4 = 3", "3 = 7 - 4 + 0"),  # another equation
    ("8 - 2 = 6", "8 - 6 = 2"),  # a term moved behind the -
    ("8 ÷ 2 = 4", "8 ÷ 4 = 2"),  # a Number moved behind the ÷
    ("2 + 3 = 9 - 4", "2 + 4 = 9 - 3"),  # a term moved across =
    ("24 ÷ 3 = 8", "42 ÷ 3 = 14"),  # digits rearranged outside a zero trick
    ("0 = 0 × 23", "0 = 0 × 2 × 3"),  # one Number is not two
])
def test_other_ideas_are_other_families(one, other):
    """Moving a Number behind a - or ÷, across =, or rearranging digits a 0 does not swallow
    makes another family."""
    assert key(one) != key(other)


def test_the_booklet_hand_folds_into_its_families():
    """0 0 2 3 4 9 + − ×: 269 equations in 19 families, the best one `0 = 0 × N` of 96."""
    hand = parse_hand("0 0 2 3 4 9 + - ×")
    item = boardless_item("B-1-01", hand, ORIGINAL, solve(hand, ORIGINAL))
    assert item.count == 269
    assert sum(f.count for f in item.families) == 269
    lines = [(f.score, f.pattern or f.answer.text, f.letters, f.count) for f in item.families]
    assert len(lines) == 19
    assert lines[0] == (10, "0 = 0 × N", (("N", ("2", "3", "4", "9")),), 96)
    assert (8, "2 + 3 = 9 - 4", (), 4) in lines
    assert lines[-1] == (2, "0 = 0", (), 1)


def small_hands():
    """Return a strategy of hands of 2-6 Original tiles, a blank only in hands of at most 4 (the
    brute force stays within seconds), zeros and operations often."""
    tiles = st.sampled_from(BAG + ["0", "0", "+", "-", "×", "÷"])
    return st.lists(tiles, min_size=2, max_size=6).filter(
        lambda hand: hand.count("?") <= (1 if len(hand) <= 4 else 0))


@settings(max_examples=40)
@given(small_hands())
@example(["0", "0", "2", "3", "×", "+"])
@example(["0", "1", "2", "÷", "×", "="])
def test_families_partition_the_reference_list(hand):
    """The key's families hold every equation of the brute-force reference once, and every
    member of a family earns the family's score."""
    hand = tuple(hand)
    expected = brute_force(hand, ORIGINAL)
    item = boardless_item("B-1-01", hand, ORIGINAL, solve(hand, ORIGINAL))
    members = Counter(family(symbols_of(text)) for text in expected)
    printed = Counter()
    for shown in item.families:
        printed[family(symbols_of(shown.answer.text))] += shown.count
    assert printed == members
    assert len(item.families) == len(members)  # each family printed once
    scores = {f: {expected[t] for t in expected if family(symbols_of(t)) == f} for f in members}
    for shown in item.families:
        assert scores[family(symbols_of(shown.answer.text))] == {shown.score}


def test_a_zero_pattern_names_only_what_the_zero_swallows():
    """Numbers of two or more symbols in a product with a 0 become letters; others stay."""
    tiles = parse_written("12 + 0 × 34 = 12", negatives=False)
    shown, letters = zero_pattern(tiles)
    assert write(shown) == "12 + 0 × N = 12"
    assert letters == (("N", ("3", "4")),)
    assert zero_pattern(parse_written("12 ÷ 3 = 4", negatives=False))[1] == ()
