"""Notation: hands and equations as people type them (PRODUCT.md, Notation)."""

import pytest

from classroom.errors import ClassroomError
from classroom.game.symbols import display, face, parse_hand, parse_written, write


@pytest.mark.parametrize("text, hand", [
    ("2 4 ÷ 3 8 + 7/4 ? 5", ("2", "4", "÷", "3", "8", "+", "7/4", "?", "5")),
    ("2,4,x,*,:,-", ("2", "4", "×", "×", "÷", "-")),
    ("1 − 2 – 3", ("1", "-", "2", "-", "3")),
])
def test_hands(text, hand):
    """Spaces or commas; x and * for ×, : for ÷, typographic minus accepted."""
    assert parse_hand(text) == hand


@pytest.mark.parametrize("text, message", [
    ("2 4 ÷ 3 8 + 7/4 ? 5 6", "hand: 10 tiles is too many; a hand holds at most 9"),
    ("3/8", "hand: 3/8 is not a fraction tile"),
    ("2 4 =", "hand: = is not part of a hand"),
    ("24", "hand: 24 is not one tile; write each digit tile separately (2 4)"),
    ("2 a", "hand: 'a' is not an Equate tile"),
    ("?5", "hand: write a blank in a hand as ? (not ?5)"),
    ("", "hand: no tiles; a hand holds 1 to 9 tiles"),
    (" , ", "hand: no tiles; a hand holds 1 to 9 tiles"),
])
def test_bad_hands(text, message):
    """Bad hands are refused with one sentence naming the tile."""
    with pytest.raises(ClassroomError) as caught:
        parse_hand(text)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("text, tiles", [
    ("7 + 9 × 4 = 43", ("7", "+", "9", "×", "4", "=", "4", "3")),
    ("2 2/4 = 5 ÷ 2", ("2", "2/4", "=", "5", "÷", "2")),
    ("?5 + 2 = 7", ("?5", "+", "2", "=", "7")),
    ("7+9x4=43", ("7", "+", "9", "×", "4", "=", "4", "3")),
])
def test_written_equations(text, tiles):
    """Equations as a person writes them; a blank standing for 5 is ?5."""
    assert parse_written(text) == tiles


@pytest.mark.parametrize("text, message", [
    ("12/4 = 3", "equation: 12/4 is not a fraction tile: write 1 2/4 for a mixed number, or 12 ÷ 4 "
                 "(or 12 : 4) for division"),
    ("? + 2 = 7", "equation: say what a blank stands for, like ?5"),
    ("?= + 2", "equation: a blank cannot stand for ="),
])
def test_bad_written_equations(text, message):
    """Unreadable equations are refused, naming the problem."""
    with pytest.raises(ClassroomError) as caught:
        parse_written(text)
    assert str(caught.value) == message


def test_writing_and_faces():
    """Digits run together, a fraction after a whole number gets a space; faces and print form."""
    assert write(("1", "2", "1/2", "=", "2", "5", "÷", "2")) == "12 1/2 = 25 ÷ 2"
    assert face("?5") == "5" and face("5") == "5" and face("?") == "?"
    assert display("-") == "−"


@pytest.mark.parametrize("text, tiles", [
    ("6 - 3 = 9 / 3", ("6", "-", "3", "=", "9", "÷", "3")),
    ("24 / 6 = 4", ("2", "4", "÷", "6", "=", "4")),
    ("9 /3 = 3", ("9", "÷", "3", "=", "3")),
    ("9/ 3 = 3", ("9", "÷", "3", "=", "3")),
    ("1/2 / 2 = 1/4", ("1/2", "÷", "2", "=", "1/4")),
    ("2 2/4 = 10 / 4", ("2", "2/4", "=", "1", "0", "÷", "4")),
    ("9 - 6 = 3.", ("9", "-", "6", "=", "3")),
    ("½ + ½ = 1", ("1/2", "+", "1/2", "=", "1")),
    ("⅓ + ⅔ = ¼ + ¾", ("1/3", "+", "2/3", "=", "1/4", "+", "3/4")),
    ("⅙ + ⅚ = 1", ("1/6", "+", "5/6", "=", "1")),
    ("2½ = 5 ÷ 2", ("2", "1/2", "=", "5", "÷", "2")),
    ("2 ½ = 5 ÷ 2", ("2", "1/2", "=", "5", "÷", "2")),
    ("7\u20444 = 3\u20444 + 1", ("7/4", "=", "3/4", "+", "1")),
    ("2 2\u20444 = 5 ÷ 2", ("2", "2/4", "=", "5", "÷", "2")),
])
def test_students_notation(text, tiles):
    """A / standing alone between numbers is ÷, a closing full stop is dropped, fraction
    characters are their tiles (after a whole number, a mixed number); a fraction tile or a
    mixed number written with no space inside keeps reading as before."""
    assert parse_written(text) == tiles


@pytest.mark.parametrize("text, message", [
    ("9/3 = 3", "equation: 9/3 is not a fraction tile: for division write 9 ÷ 3 (or 9 : 3); the "
                "tiles are 1/2, 2/2, 3/2, 5/2, 1/3, 2/3, 3/3, 4/3, 1/4, 2/4, 3/4, 4/4, 7/4, 1/6, 5/6, 6/6, 7/6"),
    ("1 / 2 = 1/2", "equation: 1 / 2 could be the fraction tile 1/2 or 1 ÷ 2: write 1/2 without spaces "
                    "for the tile, or 1 ÷ 2 (or 1 : 2) for division"),
    ("2 2 / 4 = 5 ÷ 2", "equation: 2 / 4 could be the fraction tile 2/4 or 2 ÷ 4: write 2/4 without "
                        "spaces for the tile, or 2 ÷ 4 (or 2 : 4) for division"),
    ("9 + / 3 = 12", "equation: '/' alone is not a tile: write ÷ (or :) for division, or a fraction "
                     "tile without spaces, like 1/2"),
    ("3.5 = 7 ÷ 2", "equation: 3.5 is a decimal number; Equate has no decimals (use a fraction tile, or ÷)"),
    ("9 - 6 = 3.0.", "equation: 3.0 is a decimal number; Equate has no decimals (use a fraction tile, or ÷)"),
    ("(2 + 3) × 2 = 10", "equation: Equate has no brackets: × and ÷ are done before + and −, so write "
                         "the equation without them"),
    ("2 × [4 - 1] = 6", "equation: Equate has no brackets: × and ÷ are done before + and −, so write "
                        "the equation without them"),
])
def test_students_notation_refused_with_the_fix(text, message):
    """Division typed as a glued fraction, a fraction tile typed with spaces, decimals and
    brackets are refused with a sentence saying what to write instead."""
    with pytest.raises(ClassroomError) as caught:
        parse_written(text)
    assert str(caught.value) == message


@pytest.mark.parametrize("text, hand", [
    ("2 ½ 4 ¾", ("2", "1/2", "4", "3/4")),
    ("1 2 3.", ("1", "2", "3")),
])
def test_hands_in_students_notation(text, hand):
    """A hand reads fraction characters as their tiles and drops a closing full stop."""
    assert parse_hand(text) == hand


@pytest.mark.parametrize("text, message", [
    ("1 / 2", "hand: '/' alone is not a tile: write ÷ (or :) for division, or a fraction tile "
              "without spaces, like 1/2"),
    ("[1 2 +]", "hand: Equate has no brackets: write the tiles without them, like 2 4 ÷ 3"),
])
def test_hands_refused_with_the_fix(text, message):
    """A lone / or brackets in a hand get a sentence saying what to write."""
    with pytest.raises(ClassroomError) as caught:
        parse_hand(text)
    assert str(caught.value) == message
