"""A negative Number raised to a power is written with its brackets, '(-22)^2' (printed
'(−22)²'), as school reads it: RULES §11 puts the sign inside the power. What is written reads
back to the same tiles, and everything written without such a number is written as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.game.symbols import (
    ALL_SYMBOLS,
    BLANK,
    EQUAL,
    EXPONENTS,
    NEGATIVES,
    display_text,
    parse_written,
    write,
)


@pytest.mark.parametrize("tiles, written, printed", [
    (("-2", "2^2", "=", "4", "8", "4"), "(-22)^2 = 484", "(−22)² = 484"),
    (("5", "-", "-2", "3^3", "=", "1"), "5 - (-23)^3 = 1", "5 − (−23)³ = 1"),
    (("-9", "9", "9", "2^3"), "(-9992)^3", "(−9992)³"),
    (("?-2", "2^2"), "(?-22)^2", "(?−22)²"),
    (("-2", "?2^2"), "(-2?2)^2", "(−2?2)²"),
    (("1", "5^2", "-", "-2", "4"), "15^2 - -24", "15² − −24"),  # no power of a negative: as before
    (("3", "-6", "2^2"), "3 (-6)2^2", "3 (−6)2²"),  # a negative tile after a digit: bracketed alone
])
def test_a_negative_number_s_power_is_written_with_brackets(tiles, written, printed):
    """The brackets stand around the negative number a power applies to, and nowhere else."""
    assert write(tiles) == written
    assert display_text(written) == printed
    assert parse_written(written, negatives=True) == tiles
    assert parse_written(printed, negatives=True) == tiles


def test_the_printed_convention_reads_back():
    """A teacher or a student typing what the key prints gets the same tiles."""
    assert parse_written("(−22)² = 484") == ("-2", "2^2", "=", "4", "8", "4")
    assert parse_written("( -2 2 )^2 = 484") == ("-2", "2^2", "=", "4", "8", "4")


SYMBOLS = [s for s in ALL_SYMBOLS]
TILES = st.one_of(st.sampled_from(SYMBOLS), st.sampled_from([BLANK + s for s in SYMBOLS if s != EQUAL]))


def number_of_power() -> st.SearchStrategy:
    """Return a strategy for a negative number raised to a power: a negative tile, digits, an exponent tile."""
    return st.tuples(st.sampled_from(NEGATIVES), st.lists(st.sampled_from("0123456789"), max_size=3),
                     st.sampled_from(EXPONENTS)).map(lambda t: (t[0], *t[1], t[2]))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(TILES.map(lambda t: (t,)), number_of_power()), min_size=1, max_size=8))
def test_what_is_written_reads_back_to_the_same_tiles(pieces):
    """Any line of Advanced tiles (blanks included), negative powers among them, written and
    printed, reads back to the same tiles."""
    tiles = tuple(t for piece in pieces for t in piece)
    assert parse_written(write(tiles), negatives=True) == tiles
    assert parse_written(display_text(write(tiles)), negatives=True) == tiles


@pytest.mark.parametrize("text, printed", [
    ("-22^2 = 484", "(−22)² = 484"),  # as the boardless solver writes its equations
    ("5 - -2?3^3 = 1", "5 − (−2?3)³ = 1"),
    ("(-22)^2 = 484", "(−22)² = 484"),  # already bracketed: once
    ("15^2 - -24 = 201", "15² − −24 = 201"),
    ("3 (-6)2^2", "3 (−6)2²"),
])
def test_every_printed_negative_power_has_its_brackets(text, printed):
    """display_text, which every key, projector page and text output prints through, brackets a
    negative number's power wherever the text came from, and only there."""
    assert display_text(text) == printed
