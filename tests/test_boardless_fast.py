"""The boardless solver's fast paths (the blank as a wildcard, aimed tables, exact pairs for
fractions) against the brute-force reference, on random small hands and on the tricky cases."""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from classroom.game.symbols import FRACTIONS, parse_hand, parse_written
from classroom.game.tilesets import load_level
from classroom.solve.boardless import check, solve
from tests.reference_boardless import brute_force

ORIGINAL = load_level("original")
ADVANCED = load_level("advanced")
CLASSIC = list("0123456789") + list(FRACTIONS) + ["+", "-", "×", "÷"]
SIGNED = ["-1", "-2", "-5", "2^2", "3^2", "2^3"] + list("01234") + ["1/2", "+", "-", "×", "÷"]


def agrees(hand: tuple[str, ...], tileset) -> None:
    """Assert the solver finds what the brute force finds, scores included, each text once,
    its tiles marked as the checker marks them, and its combinations counted by written tiles."""
    solution = solve(hand, tileset)
    expected = brute_force(hand, tileset)
    texts = [a.text for a in solution.answers]
    assert len(texts) == len(set(texts)), hand
    assert {a.text: a.score for a in solution.answers} == expected, hand
    for answer in solution.answers:
        assert check(parse_written(answer.marked, negatives=tileset.rules.negatives), tileset, hand).tiles == answer.tiles
    assert solution.combinations == len({tuple(sorted(Counter(a.symbols).elements())) for a in solution.answers})


def small_hands(symbols: list[str]):
    """Return a strategy of hands of 3-6 tiles with no blank, one (up to 5 tiles) or two (up to
    4 tiles), so that the brute force stays affordable."""
    return st.integers(0, 2).flatmap(lambda blanks: st.lists(
        st.sampled_from(symbols), min_size=3 - blanks, max_size=(6, 4, 2)[blanks]).map(
        lambda tiles: tuple(tiles) + ("?",) * blanks))


# 60, not 120: test_boardless.py's 300 seeded random hands (up to 6 tiles, blanks among them)
# sweep the same sizes against the same brute force every run; these add the marks and the count.
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_hands(CLASSIC))
def test_original_hands_agree_with_brute_force(hand):
    """Random Original hands with zero, one or two blanks: the same equations and scores."""
    agrees(hand, ORIGINAL)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_hands(SIGNED))
def test_advanced_hands_agree_with_brute_force(hand):
    """Random Advanced hands (negative and exponent tiles, values below zero) with blanks."""
    agrees(hand, ADVANCED)


@pytest.mark.parametrize("hand", [
    "0 × 1 2 0 +",  # an aimed term made × 0: every value of its other factor gives 0
    "0 ÷ 7 + 1 1",  # 0 ÷ a number is 0, whatever the number
    "× 7/6 ? 7 ÷ 1/2",  # 7/6 ÷ 1/2 × ?3 = 7: the factor looked for is 7/3, not 2.333...
    "5 1 0 + ?",  # 5 + ?5 = 10 is one text, made with the blank on either side
    "0 ? 1 + 1",  # a blank beside 0 writes no leading zero
    "1 2 3 4 5 -",  # long Numbers too big for the aimed values are never written
    "3/4 1/4 ? 2 ÷",  # two fraction tiles, and a blank as a third
    "4/4 2/2 ? ? 1",  # two blanks beside tiles of value 1
])
def test_tricky_hands_agree_with_brute_force(hand):
    """Hands that exercise each corner of the fast paths: the same equations and scores."""
    agrees(parse_hand(hand), ORIGINAL)


def test_a_blank_and_a_real_tile_write_one_equation_once():
    """5 + 5 = 10 from 5 1 0 + ?: listed once, the blank marked on the second 5."""
    answers = [a for a in solve(parse_hand("5 1 0 + ?"), ORIGINAL).answers if a.text == "5 + 5 = 10"]
    assert [(a.tiles, a.score) for a in answers] == [(("5", "+", "?5", "=", "1", "0"), 4)]

