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
    ("12/4 = 3", "equation: 12/4 is not a fraction tile; a mixed number is written with a space, like 1 2/4"),
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
